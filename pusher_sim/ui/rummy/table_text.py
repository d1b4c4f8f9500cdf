"""The Push table's words: its status line, and the card over the table when a deal or the
match ends (how it ended, each team's points and the cards behind them, the totals), from the
position as the viewer sees it (the hands left are shown to everybody once a deal ends).
"""

from __future__ import annotations

from pusher_sim.ui.shell.words import GAME_OVER_KEYS
from rummy.cards import card_str, sort_key
from rummy.game import SEAT_NAMES
from rummy.scoring import TEAMS, hand_points
from rummy.state import DRAW, OVER, SHUFFLE, RummyState


def panel_over(
    state: RummyState, pass_to: int, deal_pause: int, keys: str = GAME_OVER_KEYS
) -> tuple[str, tuple[str, ...]] | None:
    """The card over the table, if any: the screen to pass to ``pass_to`` (hot-seat play, or
    -1), the scores of deal ``deal_pause`` waiting for a person (or -1), or the match's end
    (ending with ``keys``: what the window offers then)."""
    if pass_to >= 0:
        who = SEAT_NAMES[pass_to]
        return (
            f"Pass the screen to {who}",
            (
                f"{who}: click or press Space when you have the screen.",
                "Nobody else should look now.",
            ),
        )
    if deal_pause >= 0:
        return (f"Deal {deal_pause + 1} is over", deal_lines(state))
    if state.phase == OVER:
        return ("The match is over", deal_lines(state, True, keys))
    return None


def deal_lines(
    state: RummyState, final: bool = False, keys: str = GAME_OVER_KEYS
) -> tuple[str, ...]:
    """The lines of the card a deal's end (or, ``final``, the match's, ending with ``keys``:
    what the window offers then) shows."""
    lines = []
    if state.results:
        r = state.results[-1]
        how = {
            "out": f"{SEAT_NAMES[r.went_out]} went out" if r.went_out >= 0 else "",
            "stock": "the stock ran out",
            "turns": "the turn limit was reached",
        }
        lines.append(("the last deal: " if final else "") + how[r.ended_by])
        lines += cards_counted(state)
    for n, r in enumerate(state.results):
        lines.append(f"deal {n + 1}:  team A {r.scores[0]:>4}   team B {r.scores[1]:>4}")
    a, b = state.totals()
    lines.append(f"match:   team A {a:>4}   team B {b:>4}   (fewer points is better)")
    if final:
        winner = "team A (North, South)" if a < b else "team B (East, West)"
        lines.append("a draw" if a == b else f"{winner} wins")
        lines.append(keys)
    else:
        lines.append("click or press Space for the next deal")
    return tuple(lines)


def cards_counted(state: RummyState) -> list[str]:
    """Each team's points and the cards behind them: the hands shown when the deal ended
    (they stay in the position until the next shuffle)."""
    if state.phase not in (SHUFFLE, OVER) or not state.results:
        return []
    result, values = state.results[-1], state.cfg.card_values
    lines = []
    for team, seats in enumerate(TEAMS):
        names = ", ".join(SEAT_NAMES[s] for s in seats)
        lines.append(f"team {'AB'[team]} ({names}): {result.scores[team]} points")
        for seat in seats:
            hand = sorted(state.hands[seat], key=sort_key)
            if not hand:
                lines.append(f"    {SEAT_NAMES[seat]}: no cards left")
                continue
            cards = " ".join(card_str(c) for c in hand)
            total = hand_points(hand, values)
            went = result.went_out >= 0 and result.went_out % 2 == team
            note = "  (not counted: the team went out)" if went else ""
            lines.append(f"    {SEAT_NAMES[seat]} {total}: {cards}{note}")
    return lines


def status_line(
    state: RummyState, awaiting: bool, hot_seat: bool, bot_to_move: bool, deal_pause: int
) -> str:
    """Whose turn it is and what they may do, as the header says it (``awaiting``: the viewer
    is to act; ``deal_pause``: a finished deal waiting for a person to go on, or -1)."""
    if state.phase == OVER:
        return "the match is over"
    if deal_pause >= 0:
        return "the deal is over: Space for the next"
    seat = state.current_player()
    if seat < 0:
        return "dealing..."
    if awaiting:
        who = "You" if not hot_seat else SEAT_NAMES[seat]
        if state.phase == DRAW:
            return f"{who}: take the discard or push (click a pile)"
        if state.pending_wild >= 0:
            return f"{who}: use the freed {card_str(state.pending_wild)} in a meld"
        return f"{who}: select cards to meld, lay off or discard"
    if bot_to_move:
        return f"{SEAT_NAMES[seat]} is playing..."
    return f"{SEAT_NAMES[seat]} to play"
