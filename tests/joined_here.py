"""A window joined in this process to a hosted match, with no socket: the host's own
:class:`~pusher_sim.net.table.HostedMatch` seats it and writes its welcome, and the table runs on
a link never started (it only reads its empty inbox). For tests of what a joined window shows;
tests/hosted.py plays with real hosts on 127.0.0.1."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pusher_sim.net.client import Link
from pusher_sim.net.host_messages import Welcome, read_host
from pusher_sim.net.protocol import Hello
from pusher_sim.net.table import HostedMatch
from pusher_sim.turnloop import Match
from pusher_sim.turnloop.registry import get_spec
from pusher_sim.ui.common.game_table import GameTable
from pusher_sim.ui.common.remote_flow import RemoteFlow
from pusher_sim.ui.shell.app import App
from pusher_sim.ui.shell.config import AppConfig
from pusher_sim.ui.shell.table_registry import table_maker


def joined_here(
    match: Match, tmp_path: Path, size: tuple[int, int], taken: int = 2
) -> GameTable[Any]:
    """The window of the first of ``taken`` seats claimed at a hosted ``match`` (every open
    seat taken: the game has started), shown by a fresh app at ``size``."""
    name = match.game.name
    spec = get_spec(name)
    hosted = HostedMatch.new(spec, match, ["open"] * len(match.agents), tmp_path / "hosted.json")
    seat, token = hosted.claim(Hello("play"), object(), 0.0)
    for _ in range(taken - 1):
        hosted.claim(Hello("play"), object(), 0.0)
    welcome = read_host(hosted.welcome(seat, token))
    assert isinstance(welcome, Welcome)
    link = Link("127.0.0.1:9")
    config = AppConfig(game=name, size=size, speed=1e3, pace=0.0, sound=False)
    app = App()
    table = table_maker(name).on_flow(RemoteFlow(link, welcome), app, config)
    assert isinstance(table, GameTable)
    app.show(table)
    return table
