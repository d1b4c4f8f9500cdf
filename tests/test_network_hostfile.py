"""The host's save after every move: the save written whole, then one journal line per move."""

from __future__ import annotations

from pathlib import Path

import pytest

from pusher_sim.errors import CorruptFile
from pusher_sim.net.hostfile import journal_path, load_hosted
from pusher_sim.net.table import HostedMatch
from pusher_sim.turnloop.match import Match
from pusher_sim.turnloop.registry import get_spec


def bots_table(tmp_path: Path) -> HostedMatch:
    spec = get_spec("pushover")
    game = spec.make_game({"players": 2})
    agents = [spec.bots["strong"](game), spec.bots["expected"](game)]
    match = Match(game, agents, seed=5, seat_names=["strong", "expected"])
    table = HostedMatch.new(spec, match, ["strong", "expected"], tmp_path / "hosted.json")
    table.save()
    return table


def test_every_move_is_in_the_save_before_anyone_hears_of_it(tmp_path: Path) -> None:
    table = bots_table(tmp_path)
    while not table.over():
        table.play(table.next_action())
        assert load_hosted(table.save_to).log.to_json() == table.match.log.to_json()  # type: ignore[arg-type]
    assert not journal_path(tmp_path / "hosted.json").exists()  # the end is saved whole
    assert table.problem == ""


def test_a_move_half_written_when_the_host_died_is_no_move(tmp_path: Path) -> None:
    table = bots_table(tmp_path)
    for _ in range(6):
        table.play(table.next_action())
    journal = journal_path(tmp_path / "hosted.json")
    whole = journal.read_bytes()
    journal.write_bytes(whole[:-5])
    assert load_hosted(tmp_path / "hosted.json").log.actions == table.match.log.actions[:5]


def test_journal_lines_the_save_already_holds_are_skipped(tmp_path: Path) -> None:
    table = bots_table(tmp_path)
    for _ in range(4):
        table.play(table.next_action())
    journal = journal_path(tmp_path / "hosted.json")
    stale = journal.read_bytes()
    table.save()  # written whole; a crash before the journal is emptied leaves it stale
    journal.write_bytes(stale)
    assert load_hosted(tmp_path / "hosted.json").log.actions == table.match.log.actions


@pytest.mark.parametrize(
    ("line", "problem"),
    [
        (b'{"n": 9, "action": {"type": "Roll"}, "mover": -1, "outcome": null}\n', "gap"),
        (b'{"n": 0, "action": {"type": "Roll"}\n', "not valid JSON"),
        (b'{"n": 0, "action": {"type": "Roll"}, "mover": 1e999, "outcome": null}\n', "1e999"),
        (b'{"n": 0, "action": [], "mover": 0, "outcome": null}\n', "action"),
        (b'{"n": 0, "n": 0, "action": {"type": "Roll"}, "mover": 0, "outcome": null}\n', "twice"),
    ],
)
def test_a_bad_journal_is_one_line_naming_it(tmp_path: Path, line: bytes, problem: str) -> None:
    bots_table(tmp_path)
    journal_path(tmp_path / "hosted.json").write_bytes(line)
    with pytest.raises(CorruptFile, match=problem) as bad:
        load_hosted(tmp_path / "hosted.json")
    assert "hosted.json.moves" in str(bad.value) and "\n" not in str(bad.value)


def test_the_journal_is_private_like_the_save(tmp_path: Path) -> None:
    """Issue 34: the save was 0600 but its journal 0644, and the journal holds Push's
    shuffles; both are the user's alone, whatever the umask and whatever was there before."""
    journal = journal_path(tmp_path / "hosted.json")
    journal.write_text("")
    journal.chmod(0o644)  # a journal an older build left
    table = bots_table(tmp_path)
    table.play(table.next_action())
    table.play(table.next_action())
    assert journal.stat().st_mode & 0o777 == 0o600
    assert (tmp_path / "hosted.json").stat().st_mode & 0o777 == 0o600


def test_the_save_keeps_where_the_match_was_served(tmp_path: Path) -> None:
    table = bots_table(tmp_path)
    table.bind, table.port = "0.0.0.0", 4750
    table.save()
    saved = load_hosted(tmp_path / "hosted.json")
    assert (saved.bind, saved.port) == ("0.0.0.0", 4750)
