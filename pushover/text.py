"""Push Over at the terminal: the track drawn in one row of stops, what happened since your last
turn, and a roll/stop prompt that explains what stopping now would do."""

from __future__ import annotations

from pusher_sim.errors import UserError
from pusher_sim.turnloop.actions import Action
from pusher_sim.turnloop.state import State
from pushover.actions import Roll, Stop
from pushover.dice import move_length
from pushover.game import COLOURS, PushOverGame
from pushover.state import (
    BARE,
    DECIDE,
    EMPTY,
    OUT,
    OVER,
    START,
    WAITING,
    Event,
    PushOverState,
)

ROLL_WORDS = frozenset({"roll", "r", "again", "yes", "y"})
STOP_WORDS = frozenset({"stop", "s", "move", "no", "n"})

HELP = """Push Over commands:
  roll (r)   roll one more die (up to {dice}; a total over {limit} rolls you out)
  stop (s)   stop and move: {moves}
  undo       take back your last turn;  quit  leave the game
On the track, a capital letter is a player's piece (R red, B blue, G green, Y yellow),
o is a bare bottom character, ! marks a push-off stop and $ the pot stop.
The rules, O1-O10: 'pusher rules pushover' prints them, 'pusher rules O3' one of them."""


def _letter(seat: int) -> str:
    return COLOURS[seat][0].upper()


class PushOverText:
    """The :class:`pusher_sim.turnloop.registry.TextUI` for Push Over."""

    def __init__(self, game: PushOverGame) -> None:
        self.game = game

    def render(self, state: State, seat: int) -> str:
        s = _state(state)
        cfg = s.cfg
        heads, cells = [], []
        for stop in range(1, cfg.track_length + 1):
            mark = "!" if stop in cfg.push_off_stops else "$" if stop == cfg.pot_stop else " "
            heads.append(f"{stop:>2}{mark}")
            piece = s.track[stop]
            cells.append(
                " o " if piece == BARE else " . " if piece == EMPTY else f" {_letter(piece)} "
            )
        at_start = [_letter(p) for p, w in enumerate(s.where) if w == START]
        lines = [
            f"Push Over: {cfg.target} chips win; pot {s.pot} chip{'s' * (s.pot != 1)}"
            f" at stop {cfg.pot_stop}; free bottoms {s.free_bottoms}",
            "  stop  " + "".join(heads),
            "START " + (at_start[0] if at_start else " ") + " " + "".join(cells),
        ]
        for p in range(cfg.players):
            lines.append(
                f"  {_letter(p)} {COLOURS[p]:<7}{s.columns[p]:>3} chips  {_where(s.where[p])}"
                + ("   <- you" if p == seat else "")
            )
        news = _news_since_last_turn(s, seat)
        if news:
            lines.append("since your last turn:")
            lines.extend(f"  {self.describe(e)}" for e in news)
        if s.phase != OVER:
            lines.append(f"{COLOURS[s.to_move]} to play. {self._dice_line(s)}")
        elif s.winner >= 0:
            lines.append(f"{COLOURS[s.winner]} wins with {s.columns[s.winner]} chips.")
        else:
            lines.append("The game ends in a draw (turn limit).")
        return "\n".join(lines)

    def _dice_line(self, s: PushOverState) -> str:
        if not s.dice:
            return "No dice rolled yet."
        total = sum(s.dice)
        shown = " + ".join(map(str, s.dice))
        steps = move_length(s.cfg, len(s.dice), total)
        room = s.cfg.roll_limit - total
        risk = "any die now rolls you out" if room <= 0 else f"a die over {room} rolls you out"
        return f"Dice {shown} = {total}: stopping moves {steps}; {risk}."

    def prompt(self, state: State, seat: int) -> str:
        s = _state(state)
        if not s.dice:
            return f"{COLOURS[seat]}: roll"
        total = sum(s.dice)
        steps = move_length(s.cfg, len(s.dice), total)
        return f"{COLOURS[seat]}: roll or stop (stop moves {steps})"

    def parse(self, text: str, state: State, seat: int) -> Action:
        word = text.strip().lower()
        if word in ROLL_WORDS:
            return Roll(seat)
        if word in STOP_WORDS:
            return Stop(seat)
        if not word:
            raise UserError("type 'roll' or 'stop' (or 'help')")
        raise UserError(f"{text.strip()[:30]!r} is not a move: type 'roll' or 'stop' (or 'help')")

    def help(self) -> str:
        cfg = self.game.config
        moves = ", ".join(
            f"{n} {'die' if n == 1 else 'dice'} = {m} x the total"
            for n, m in enumerate(cfg.move_multipliers, start=1)
        )
        return HELP.format(dice=cfg.max_dice, limit=cfg.roll_limit, moves=moves)

    def describe(self, event: Event) -> str:
        """One news event in words."""
        kind, seat, a, b, c = event
        who = COLOURS[seat] if 0 <= seat < len(COLOURS) else ""
        if kind == "turn":
            return f"-- {who}'s turn {a}"
        if kind == "enter":
            return f"{who} enters at START" + (" on a free bottom" if a else "")
        if kind == "missed":
            return f"{who} misses the turn: no free bottom to mount (O6)"
        if kind == "move":
            return f"{who} rolled {_dice(a)} totalling {b} and moves {c}"
        if kind == "rollout":
            return f"{who} rolled out with {b} on {_dice(a)}; the bottom stands on stop {c}"
        if kind == "pushoff":
            piece = "a bare bottom" if seat < 0 else f"{who}'s piece"
            return f"{piece} is pushed off at stop {a}"
        if kind == "pot":
            return f"{who} takes {a} chip{'s' * (a != 1)} from the pot"
        if kind == "restart":
            return "everyone is out: all begin again at START (O9)"
        if kind == "win":
            return f"{who} wins with {a} chips"
        return f"turn limit of {a} turns reached: a draw"


def _news_since_last_turn(s: PushOverState, seat: int) -> list[Event]:
    """Events after the start of ``seat``'s previous turn (all kept news if there was none)."""
    starts = [i for i, e in enumerate(s.news) if e[0] == "turn" and e[1] == seat]
    if s.phase == DECIDE and s.to_move == seat and starts:
        starts = starts[:-1]  # the turn now under way is not "last"
    begin = starts[-1] + 1 if starts else 0
    return [e for e in s.news[begin:] if e[0] != "turn" or e[1] != seat]


def _dice(count: int) -> str:
    return "1 die" if count == 1 else f"{count} dice"


def _where(where: int) -> str:
    if where == START:
        return "at START"
    if where == OUT:
        return "rolled out, waiting for a free bottom"
    if where == WAITING:
        return "off the board, enters at START next turn"
    return f"on stop {where}"


def _state(state: State) -> PushOverState:
    if not isinstance(state, PushOverState):
        raise TypeError(f"the Push Over view cannot draw {type(state).__name__}")
    return state
