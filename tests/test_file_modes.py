"""Files are written with the permissions ``open`` gives (0666 less the user's umask), so a
colleague can read a result; the files holding secrets (a hosted match's save and journal, the
held seats' tokens) are the user's alone, 0600, whatever the umask (issue 36, item 5)."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from pusher_sim.atomic import atomic_file, atomic_write
from pusher_sim.cli import main
from pusher_sim.net.held_seats import held_path, keep_token
from pusher_sim.net.hostfile import journal_path
from pusher_sim.net.table import HostedMatch
from pusher_sim.turnloop.match import Match
from pusher_sim.turnloop.registry import get_spec


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.fixture(params=[0o022, 0o002, 0o077])
def umask(request: pytest.FixtureRequest) -> Iterator[int]:
    chosen: int = request.param
    before = os.umask(chosen)
    yield chosen
    os.umask(before)


def test_a_written_file_follows_the_umask(tmp_path: Path, umask: int) -> None:
    assert mode(atomic_write(tmp_path / "a.txt", "text")) == 0o666 & ~umask
    with atomic_file(tmp_path / "b.bin") as handle:
        handle.write(b"bytes")
    assert mode(tmp_path / "b.bin") == 0o666 & ~umask


def test_a_private_file_is_the_users_alone_whatever_the_umask(tmp_path: Path) -> None:
    before = os.umask(0)
    try:
        assert mode(atomic_write(tmp_path / "secret.json", "{}", private=True)) == 0o600
    finally:
        os.umask(before)


def test_a_tournaments_table_follows_the_umask(tmp_path: Path, umask: int) -> None:
    out = tmp_path / "t.parquet"
    argv = ["tournament", "pushover", "--bots", "random,strong", "--games", "2", "--out", str(out)]
    assert main(argv) == 0
    assert mode(out) == 0o666 & ~umask


def test_a_hosted_matchs_save_journal_and_held_seats_stay_private(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PUSHER_DATA_DIR", str(tmp_path))
    before = os.umask(0o022)
    try:
        spec = get_spec("pushover")
        game = spec.make_game({"players": 2})
        agents = [spec.bots["strong"](game), spec.bots["expected"](game)]
        match = Match(game, agents, seed=5, seat_names=["strong", "expected"])
        save = tmp_path / "hosted.json"
        table = HostedMatch.new(spec, match, ["strong", "expected"], save)
        table.save()
        table.play(table.next_action())
        keep_token("ws://127.0.0.1:4747 seat any", "a" * 20)
    finally:
        os.umask(before)
    assert mode(save) == 0o600
    assert mode(journal_path(save)) == 0o600
    assert mode(held_path()) == 0o600
