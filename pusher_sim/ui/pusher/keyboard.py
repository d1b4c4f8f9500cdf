"""The keyboard of a Pusher table: N new game, U undo, S/L save/load, R replay, Space pass, H help,
M mute, Esc leave; the arrows and Space steer a replay, Up/Down set a push's strength.

Each key is a function of the :class:`~pusher_sim.ui.pusher.table_state.Table`; :data:`KEYS` maps
pygame key codes to them and :data:`HELP_LINES` is what H shows, so a new key is one function and
two lines here. Whatever would throw away a game in progress (Esc, N, L) asks first.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame

from pusher_sim.errors import UserError
from pusher_sim.pusher.actions import Pass
from pusher_sim.saves import new_save_path, saves_dir
from pusher_sim.turnloop.log import GameLog
from pusher_sim.ui.common.match_maker import Rebuilt, copy_of_log, forked, started_over
from pusher_sim.ui.common.replay import REPLAY_HELP, Replay
from pusher_sim.ui.pusher import moves
from pusher_sim.ui.pusher.table_state import Table
from pusher_sim.ui.shell.dialogs import Choice, Choose, Confirm, TextPrompt

STRENGTH_STEP = 0.1
"""How much one press of Up/Down (or one wheel notch) changes a push's strength."""

HELP_LINES = (
    "Place: click a highlighted cup (a cup of another colour).",
    "Push: press inside a highlighted triangle, drag back to aim,",
    "   release to flick; the band shows direction and flick speed.",
    "   While aiming, the mouse wheel or Up/Down sets how hard the",
    "   ball is pressed in (the gauge beside the band): 0% just",
    "   loosens the triangle, 100% is the hardest press.",
    "Balls that come to rest in their own colour go back to the tray.",
    "Empty your tray to win. Cups are named like C4: row C, 4th cup.",
    "",
    "N\tnew game",
    "U\tundo your last turn",
    "S / L\tsave under a name / load a saved game",
    REPLAY_HELP,
    "Space\tpass when the rules say skip",
    "Wheel\tscroll the move list (over it)",
    "M\tsound on / off",
    "Right button\tcancel a push while aiming",
    "H\tthis help (H or Esc closes it)",
    "I\tthe rule in force, in full (I or Esc closes it)",
    "Esc\tleave the game (it is kept: continue it later)",
)


def press_key(table: Table, key: int) -> None:
    if table.show_help and key in (pygame.K_ESCAPE, pygame.K_h):
        table.show_help = False
        return
    if table.show_rule and key in (pygame.K_ESCAPE, pygame.K_i):
        table.show_rule = False
        return
    command = KEYS.get(key)
    if command is not None:
        command(table)


def _ask(table: Table, title: str, lines: tuple[str, ...], choices: list[Choice]) -> None:
    back = table.screen
    assert back is not None, "a table asks questions only while a mode shows it"
    table.host.show(Confirm(table.host, back, title, lines, choices))


def leave(table: Table) -> None:
    """Esc: cancel an aim, end a replay, else leave the table (asking if a game is on)."""
    if table.aim is not None:
        table.aim = None
        table.say("push cancelled")
        return
    if table.replay is not None:
        _skip_replay(table)
        return
    if not table.in_progress:
        table.host.home()
        return
    _ask(
        table,
        "Leave this game?",
        ("It is saved: the start screen can continue it.",),
        [
            Choice(pygame.K_y, "Y leave", table.host.home),
            Choice(pygame.K_q, "Q quit", table.host.quit),
            Choice(pygame.K_n, "N stay", lambda: None),
        ],
    )


def toggle_help(table: Table) -> None:
    table.show_help = not table.show_help
    table.show_rule = False


def toggle_rule(table: Table) -> None:
    table.show_rule = not table.show_rule
    table.show_help = False


def toggle_sound(table: Table) -> None:
    muted = table.sounds.toggle_mute()
    table.say("sound off (M turns it on)" if muted else "sound on")


def pass_turn(table: Table) -> None:
    if table.replay is not None:
        table.say(table.replay.toggle_pause())
        return
    if not table.awaiting_person:
        return
    if table.scene.can_pass:
        moves.perform(table, Pass(), by_person=True)
    else:
        table.say("you may not pass now: " + table.scene.demand.value, warning=True)


def new_game(table: Table) -> None:
    if table.in_progress:
        _ask(
            table,
            "Start a new game?",
            ("This one stays in the autosave until the new game's first move.",),
            [
                Choice(pygame.K_y, "Y new game", lambda: _new_game(table)),
                Choice(pygame.K_n, "N stay", lambda: None),
            ],
        )
    else:
        _new_game(table)


def _new_game(table: Table) -> None:
    table.forget_play()
    table.match = started_over(table.match, (table.match.seed + 1) % 2**31)
    table.moves.reset()
    table.refresh()
    table.say(f"new game (seed {table.match.seed})")


def undo(table: Table) -> None:
    if table.animation is not None or table.push_in_flight is not None:
        table.say("wait: the push is still rolling", warning=True)
        return
    if table.replay is not None:
        table.say("undo is for play: R or Esc ends the replay first", warning=True)
        return
    match = table.match
    if not any(m >= 0 and match.agents[m] is None for m in match.log.movers):
        table.say("nothing to undo: no person has moved yet", warning=True)
        return
    if table.must_wait():
        return
    table.forget_play()
    fork = forked(match)
    entries = tuple(table.moves.entries)

    def undone() -> Rebuilt:
        fork.undo_turn()
        return Rebuilt(fork, entries[: fork.moves])

    table.replace_match("undoing", undone, "took back the last turn")


def save(table: Table) -> None:
    """S: ask for a name (empty: a timestamped one); an existing save is never overwritten."""
    if table.must_wait():
        return
    back = table.screen
    assert back is not None
    lines = (f"Saves go to {saves_dir()}", "Type a name, or just Enter for a dated one.")
    table.host.show(
        TextPrompt(table.host, back, "Save this game", lines, lambda name: _save_as(table, name))
    )


def _save_as(table: Table, name: str) -> None:
    try:
        path = new_save_path(table.config.game, name or None)
        table.write_log(path)
    except UserError as exc:
        table.say(f"cannot save: {exc}", warning=True)
        return
    except OSError as exc:
        table.say(f"cannot save: {exc.strerror}", warning=True)
        return
    table.say(f"saved {table.match.moves} moves to {path}")


def saved_games(table: Table) -> list[Path]:
    """Saves of this game, newest first (``--save``'s file first when it exists)."""
    found = sorted(saves_dir().glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True)
    given = table.config.save_path
    if given is not None and given.exists():
        found = [given, *[p for p in found if p.resolve() != given.resolve()]]
    return found


def load(table: Table) -> None:
    """L: pick a saved game (asking first when a game is in progress)."""
    if table.in_progress:
        _ask(
            table,
            "Load another game?",
            ("This one is kept in the autosave until the loaded game moves on.",),
            [
                Choice(pygame.K_y, "Y choose a game", lambda: _choose(table)),
                Choice(pygame.K_n, "N stay", lambda: None),
            ],
        )
    else:
        _choose(table)


def _choose(table: Table) -> None:
    try:
        games = saved_games(table)
    except OSError as exc:
        table.say(f"cannot list the saves: {exc}", warning=True)
        return
    if not games:
        table.say(f"no saved games in {saves_dir()}", warning=True)
        return
    back = table.screen
    assert back is not None
    names = [p.name for p in games]
    table.host.show(
        Choose(table.host, back, "Load a game", names, lambda n: load_from(table, games[n]))
    )


def load_from(table: Table, where: Path) -> None:
    try:
        log = GameLog.load(where)
        if log.game != table.config.game:
            raise UserError(f"{where} is a {log.game} log, not a {table.config.game} one")
    except UserError as exc:
        table.say(f"cannot load: {exc}", warning=True)
        return
    table.forget_play()
    table.replace_from_log(
        f"loading {where.name}", log, f"loaded {len(log.actions)} moves from {where}"
    )


def replay(table: Table) -> None:
    """Play the logged game again from the start, every push animated; R again ends it."""
    if table.replay is not None:
        _skip_replay(table)
        return
    if table.must_wait():
        return
    old = table.match
    if not old.log.actions:
        table.say("nothing to replay yet", warning=True)
        return
    if table.busy:
        table.say("wait: a move is under way", warning=True)
        return
    actions = [old.game.action_codec.decode(a) for a in old.log.actions]
    table.forget_play()
    table.match = started_over(old, old.log.seed)
    table.replay = Replay(old.log, actions)
    table.moves.reset()
    table.refresh()
    table.say(f"replaying {len(actions)} moves (Space pause, Left back, Right step, R end)")


def _skip_replay(table: Table) -> None:
    rep = table.replay
    assert rep is not None
    table.forget_play()
    table.replace_from_log(
        "skipping to the end", copy_of_log(rep.log), "replay over: back at the end"
    )


def step_forward(table: Table) -> None:
    if table.replay is not None:
        table.replay.step()


def step_back(table: Table) -> None:
    """Left during a replay: the position one move earlier (replayed off the frame loop)."""
    rep = table.replay
    if rep is None or table.must_wait():
        return
    target = rep.back()
    if target < 0:
        return
    head = copy_of_log(rep.log)
    del head.actions[target:]
    del head.movers[target:]
    current = table.match
    table.push_in_flight = None
    table.drop = None
    table.wait_left = 0.0

    def back() -> Rebuilt:
        return table.matches.rebuild(head, None, current)

    def done(result: object) -> None:
        assert isinstance(result, Rebuilt)
        table.match = result.match
        table.moves.reset(result.entries)
        table.refresh()
        table.say(f"replay: back to move {target}")

    table.start_job("going back a move", back, done, mutates=False)


def stronger(table: Table) -> None:
    change_strength(table, STRENGTH_STEP)


def weaker(table: Table) -> None:
    change_strength(table, -STRENGTH_STEP)


def change_strength(table: Table, by: float) -> None:
    """Set how hard the next push presses its ball in, 0..1."""
    table.strength = round(min(1.0, max(0.0, table.strength + by)), 2)
    table.say(f"press strength {table.strength:.0%} (wheel or Up/Down while aiming)")


def scroll_up(table: Table) -> None:
    table.moves.scroll_by(5, table.painter.move_rows())


def scroll_down(table: Table) -> None:
    table.moves.scroll_by(-5, table.painter.move_rows())


KEYS: dict[int, Callable[[Table], None]] = {
    pygame.K_ESCAPE: leave,
    pygame.K_h: toggle_help,
    pygame.K_i: toggle_rule,
    pygame.K_n: new_game,
    pygame.K_u: undo,
    pygame.K_s: save,
    pygame.K_l: load,
    pygame.K_r: replay,
    pygame.K_m: toggle_sound,
    pygame.K_SPACE: pass_turn,
    pygame.K_RIGHT: step_forward,
    pygame.K_LEFT: step_back,
    pygame.K_UP: stronger,
    pygame.K_DOWN: weaker,
    pygame.K_PAGEUP: scroll_up,
    pygame.K_PAGEDOWN: scroll_down,
}
