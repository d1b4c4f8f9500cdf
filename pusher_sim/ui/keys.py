"""The keyboard: N new game, U undo, S/L save/load, R replay, Space pass, H help, Esc quit.

Each key is a function of the :class:`~pusher_sim.ui.app.App`; :data:`KEYS` maps pygame key codes
to them and :data:`HELP_LINES` is what H shows, so a new key is one function and two lines here.
Commands that replay a log (undo, load, skipping a replay) hand the replay to a job and swap the
match in when it is done.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from pusher_sim.errors import UserError
from pusher_sim.pusher.actions import Pass
from pusher_sim.turnloop.log import GameLog
from pusher_sim.turnloop.match import Match
from pusher_sim.ui.matches import copy_of_log, forked, started_over

if TYPE_CHECKING:
    from pusher_sim.ui.app import App

HELP_LINES = (
    "Place: click a highlighted cup (a cup of another colour).",
    "Push: press inside a highlighted triangle, drag back to aim,",
    "   release to flick; the band shows direction and strength.",
    "Balls that come to rest in their own colour go back to the tray.",
    "Empty your tray to win.",
    "",
    "N\tnew game",
    "U\tundo your last turn",
    "S / L\tsave / load the game",
    "R\treplay the game (R again: skip to the end)",
    "Space\tpass when the rules say skip",
    "Right button\tcancel a push while aiming",
    "H / Esc\tthis help / quit",
)


def press_key(app: App, key: int) -> None:
    command = KEYS.get(key)
    if command is not None:
        command(app)


def quit_window(app: App) -> None:
    app.running = False


def toggle_help(app: App) -> None:
    app.show_help = not app.show_help


def pass_turn(app: App) -> None:
    if not app.awaiting_person:
        return
    if app.scene.can_pass:
        app.perform(Pass())
    else:
        app.say("you may not pass now: " + app.scene.demand.value, warning=True)


def new_game(app: App) -> None:
    app.forget_play()
    app.match = started_over(app.match, (app.match.seed + 1) % 2**31)
    app.refresh()
    app.say(f"new game (seed {app.match.seed})")


def undo(app: App) -> None:
    if app.animation is not None:
        app.say("wait: the push is still rolling", warning=True)
        return
    match = app.match
    if not any(m >= 0 and match.agents[m] is None for m in match.log.movers):
        app.say("nothing to undo: no person has moved yet", warning=True)
        return
    if app.must_wait():
        return
    app.forget_play()
    fork = forked(match)

    def undone() -> Match:
        fork.undo_turn()
        return fork

    app.replace_match("undoing", undone, "took back the last turn")


def save(app: App) -> None:
    if app.must_wait():
        return
    path = app.config.save_path
    try:
        app.match.log.save(path)
    except UserError as exc:  # the write is atomic: any earlier save is intact
        app.say(str(exc), warning=True)
        return
    app.say(f"saved {app.match.moves} moves to {path}")


def load(app: App, path: str | Path | None = None) -> None:
    where = Path(path) if path is not None else app.config.save_path
    try:
        log = GameLog.load(where)
        if log.game != app.config.game:
            raise UserError(f"{where} is a {log.game} log, not a {app.config.game} one")
    except UserError as exc:
        app.say(f"cannot load: {exc}", warning=True)
        return
    app.forget_play()
    app.replace_from_log(
        f"loading {where.name}", log, f"loaded {len(log.actions)} moves from {where}"
    )


def replay(app: App) -> None:
    """Play the logged game again from the start, every push animated; R again skips."""
    if app.replay_queue or (app.full_log is not None and app.busy):
        _skip_replay(app)
        return
    if app.must_wait():
        return
    old = app.match
    if not old.log.actions:
        app.say("nothing to replay yet", warning=True)
        return
    actions = [old.game.action_codec.decode(a) for a in old.log.actions]
    app.forget_play()
    app.match = started_over(old, old.log.seed)
    app.replay_queue.extend(actions)
    app.full_log = old.log
    app.refresh()
    app.say(f"replaying {len(actions)} moves (R again skips to the end)")


def _skip_replay(app: App) -> None:
    full = app.full_log
    assert full is not None
    app.forget_play()
    app.replace_from_log("skipping to the end", copy_of_log(full), "replay skipped to the end")


KEYS: dict[int, Callable[[App], None]] = {
    pygame.K_ESCAPE: quit_window,
    pygame.K_h: toggle_help,
    pygame.K_n: new_game,
    pygame.K_u: undo,
    pygame.K_s: save,
    pygame.K_l: load,
    pygame.K_r: replay,
    pygame.K_SPACE: pass_turn,
}
