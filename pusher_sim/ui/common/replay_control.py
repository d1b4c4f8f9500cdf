"""R at a table: the game so far played again on a second table of the same kind, shown
instead of the live one, which it hands the screen back to when it ends (the game in progress
is left exactly as it was).

:class:`ReplayControl` lives on the replaying table and runs it through :class:`ReplayedTable`,
the little it needs of a table.
"""

from __future__ import annotations

from typing import Protocol

import pygame

from pusher_sim.ui.common.match_maker import started_over
from pusher_sim.ui.common.replay import Replay
from pusher_sim.ui.common.table_protocol import ServedTable
from pusher_sim.ui.common.turn_flow import Played, TurnFlow, WatchFlow

REPLAY_KEYS_ONLY = "this is a replay: R or Esc ends it first"
INSTANT = 1e9
"""An animation speed at which the tables skip their animations."""


class ReplayedTable(ServedTable, Protocol):
    """What a replay needs of a table."""

    speed: float
    replaying: ReplayControl | None

    @property
    def replay_recall(self) -> int: ...

    def twin(self, flow: TurnFlow) -> ReplayedTable: ...

    def handle_table(self, event: pygame.event.Event) -> None: ...

    def toggle_help(self) -> None: ...

    def toggle_sound(self) -> None: ...

    def holding(self) -> bool: ...

    def restarted(self) -> None: ...

    def follow(self) -> None: ...

    def played(self, played: Played) -> None: ...


def start_replay(live: ReplayedTable) -> None:
    """The game so far played again from the start on a table of this kind, for the eyes
    ``live`` draws for; R or Esc comes back to it with nothing changed."""
    match = live.match
    if live.loading:
        live.say("wait: a game is being loaded", warning=True)
        return
    if live.flow.pass_to >= 0:
        live.say("take the screen first: a replay shows the hand of whoever has it", True)
        return
    if not match.log.actions:
        live.say("nothing to replay yet", warning=True)
        return
    actions = [match.game.action_codec.decode(a) for a in match.log.actions]
    watch = WatchFlow(live.flow, started_over(match, match.log.seed), match.log)
    twin = live.twin(watch)
    twin.replaying = ReplayControl(twin, Replay(match.log, actions), live)
    twin.sounds = live.sounds
    twin.speed = live.speed
    live.host.show(twin)


class ReplayControl:
    """The replay shown on ``table``, handing the screen back to ``live`` at its end."""

    def __init__(self, table: ReplayedTable, replay: Replay, live: ReplayedTable) -> None:
        self.table, self.replay, self.live = table, replay, live
        self.wait = 0.0
        """Seconds before the next move is shown (the bots' pace)."""
        flow = table.flow
        assert isinstance(flow, WatchFlow), "a replay runs on a WatchFlow"
        self.flow = flow

    def end(self, words: str = "replay over: back to the game") -> None:
        """R or Esc during a replay (or its end): the live table again, as it was left."""
        self.live.say(words)
        self.table.host.show(self.live)

    def handle(self, event: pygame.event.Event) -> None:
        """A replay's keys; nothing else acts on a replay (clicks only say so)."""
        table, rep = self.table, self.replay
        if event.type == pygame.MOUSEBUTTONDOWN:
            table.say("this is a replay: R or Esc ends it", warning=True)
        elif event.type == pygame.VIDEORESIZE:
            table.handle_table(event)
        elif event.type != pygame.KEYDOWN:
            return
        elif event.key in (pygame.K_r, pygame.K_ESCAPE):
            self.end()
        elif event.key == pygame.K_SPACE:
            rep.toggle_pause()
        elif event.key == pygame.K_RIGHT:
            rep.step()
        elif event.key == pygame.K_LEFT:
            self.back()
        elif event.key == pygame.K_h:
            table.toggle_help()
        elif event.key == pygame.K_m:
            table.toggle_sound()
        elif event.key in (pygame.K_n, pygame.K_s, pygame.K_l, pygame.K_u):
            table.say(REPLAY_KEYS_ONLY, warning=True)

    def back(self) -> None:
        """Left: the position a move earlier, with what the table listed there (the last few
        moves are shown again at once, without animation or sound, as they were on the way)."""
        table, rep, flow = self.table, self.replay, self.flow
        if flow.applying or rep.back() < 0:
            return
        flow.back()
        again = min(table.replay_recall, len(flow.befores))
        for _ in range(again):
            flow.back()
        table.follow()
        table.restarted()
        speed, muted = table.speed, table.sounds.muted
        table.speed, table.sounds.muted = INSTANT, True
        try:
            for action in rep.actions[rep.position - again : rep.position]:
                played = flow.show(action)
                assert played is not None, "a table applying moves off the loop recalls none"
                table.played(played)
        finally:
            table.speed, table.sounds.muted = speed, muted

    def run(self, dt: float) -> None:
        """Show the replay's next move once the last one's animation and the pace are over."""
        table, rep, flow = self.table, self.replay, self.flow
        shown = flow.update(dt)
        if shown is not None:
            table.played(shown)
        if table.holding() or flow.applying:
            return
        if rep.finished:
            self.end("end of the replay: back to the game")
            return
        if not rep.paused and self.wait > 0:
            self.wait -= dt
            return
        action = rep.take_next()
        if action is not None:
            played = flow.show(action)
            if played is not None:
                table.played(played)
            self.wait = flow.pace
