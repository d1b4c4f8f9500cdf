"""The strict reader of saved games (issue 14): every damaged or hostile log is one line naming
what is wrong, fast and in bounded memory; nothing is coerced."""

from __future__ import annotations

import copy
import json
import os
import resource
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from pusher_sim import strict_json
from pusher_sim.cli import main
from pusher_sim.errors import CorruptFile
from pusher_sim.turnloop import GameLog, get_spec, replay
from pusher_sim.turnloop.log import MAX_LOG_BYTES
from tests import saved_logs

LOGS: dict[str, Callable[[], Any]] = {
    "pushover": saved_logs.pushover_log,
    "rummy": saved_logs.rummy_log,
    "pusher": saved_logs.pusher_scripted_log,
    "pusher-physics": saved_logs.pusher_physics_log,
}


def first(data: Any, kind: str) -> Any:
    return next(a for a in data["actions"] if a["type"] == kind)


def replay_error(capsys: pytest.CaptureFixture[str], path: Path) -> str:
    """``pusher replay path`` must fail with exit 2 and one line naming the problem."""
    code = main(["replay", str(path)])
    err = capsys.readouterr().err
    assert code == 2, err
    assert err.count("\n") == 1 and err.startswith("pusher: "), err
    return err


def damaged(tmp_path: Path, base: str, change: Callable[[Any], None]) -> Path:
    data = copy.deepcopy(LOGS[base]())
    change(data)
    return saved_logs.write(tmp_path / "log.json", data)


@pytest.mark.parametrize("game", list(LOGS))
def test_every_game_saves_and_loads_back(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], game: str
) -> None:
    path = tmp_path / "log.json"
    log = GameLog.from_json(LOGS[game]())
    log.save(path)
    assert GameLog.load(path) == log
    assert main(["replay", str(path)]) == 0
    assert "actions replayed" in capsys.readouterr().out


# -- issue 14, item 3: a log cannot hang the program or eat memory ---------------------------


def test_a_huge_board_is_refused_at_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = damaged(tmp_path, "pusher", lambda d: d["config"].update(board_radius=2000))
    assert "board_radius" in replay_error(capsys, path)


def test_a_tiny_time_step_with_an_hour_of_simulated_time_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    def change(data: Any) -> None:
        data["config"]["physics"].update(time_step=1e-5, max_sim_time=3600)

    assert "steps per push" in replay_error(capsys, damaged(tmp_path, "pusher-physics", change))


@pytest.mark.parametrize("value", ["/dev/zero", "assets/physics.toml", 3, [1.0]])
def test_config_physics_is_values_never_a_path(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], value: Any
) -> None:
    path = damaged(tmp_path, "pusher-physics", lambda d: d["config"].update(physics=value))
    assert "config.physics must be an object of physics values" in replay_error(capsys, path)


def test_physics_values_are_checked_against_the_physics_bounds(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = damaged(tmp_path, "pusher-physics", lambda d: d["config"]["physics"].update(tilt=7.0))
    assert "tilt" in replay_error(capsys, path)
    path = damaged(
        tmp_path, "pusher-physics", lambda d: d["config"]["physics"].update(solver_iterations=2.5)
    )
    assert "solver_iterations" in replay_error(capsys, path)


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
def test_replaying_a_device_is_refused_without_reading_it(
    capsys: pytest.CaptureFixture[str], device: str
) -> None:
    assert "not a regular file" in replay_error(capsys, Path(device))


def test_a_fifo_is_refused_without_blocking(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    assert "not a regular file" in replay_error(capsys, fifo)


def test_a_huge_log_is_refused_before_it_is_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "huge.json"
    with path.open("wb") as fh:  # sparse: 335 MB on paper, nothing on disk
        fh.truncate(335_000_000)
    read = os.read
    bytes_read: list[int] = []

    def counted(fd: int, n: int) -> bytes:
        got = read(fd, n)
        bytes_read.append(len(got))
        return got

    monkeypatch.setattr(os, "read", counted)
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    assert "335.0 MB" in replay_error(capsys, path)
    assert sum(bytes_read) == 0  # refused before reading: not read, then refused
    assert resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before < 50_000  # kB


def test_a_log_just_under_the_cap_is_read(tmp_path: Path) -> None:
    data = saved_logs.pushover_log()
    text = json.dumps(data)
    path = tmp_path / "padded.json"
    path.write_text(text + " " * (MAX_LOG_BYTES - len(text)))
    assert GameLog.load(path).actions == data["actions"]
    path.write_text(text + " " * (MAX_LOG_BYTES - len(text) + 1))
    with pytest.raises(CorruptFile, match="at most"):
        GameLog.load(path)


# -- issue 14, item 4: no traceback on load ---------------------------------------------------


def test_a_file_that_is_not_utf8_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "latin1.json"
    path.write_bytes(
        json.dumps(saved_logs.pushover_log()).encode("utf-8").replace(b"human", b"h\xe9")
    )
    assert "not UTF-8" in replay_error(capsys, path)


def test_deep_nesting_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000)
    assert "nests" in replay_error(capsys, path)
    path.write_text('{"format": "pusher-log/1", "config": ' + "[" * 100_000)
    assert "nests" in replay_error(capsys, path)


def test_brackets_inside_strings_do_not_count_as_nesting() -> None:
    assert strict_json.nesting_depth('["[[[[", {"a": "}}]]\\"[["}]') == 2


@pytest.mark.parametrize(
    ("literal", "shown"),
    [("Infinity", "Infinity"), ("-Infinity", "-Infinity"), ("NaN", "NaN"), ("1e400", "1e400")],
)
def test_a_seed_that_is_not_a_finite_number_is_one_line_naming_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], literal: str, shown: str
) -> None:
    text = json.dumps(saved_logs.pushover_log()).replace('"seed": 1', f'"seed": {literal}')
    path = tmp_path / "log.json"
    path.write_text(text)
    err = replay_error(capsys, path)
    assert f"seed = {shown}" in err


def test_a_100000_digit_integer_is_one_line_naming_its_field(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = json.dumps(saved_logs.pushover_log()).replace('"seed": 1', '"seed": ' + "9" * 100_000)
    path = tmp_path / "log.json"
    path.write_text(text)
    err = replay_error(capsys, path)
    assert "seed = 999999999999..." in err and len(err) < 200


def test_a_push_over_track_of_ten_to_the_hundred_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = json.dumps(saved_logs.pushover_log())
    text = text.replace('"config": {', '"config": {"track_length": 1' + "0" * 100 + ", ", 1)
    path = tmp_path / "log.json"
    path.write_text(text)
    assert "track_length" in replay_error(capsys, path)
    path = damaged(tmp_path, "pushover", lambda d: d["config"].update(track_length=10**15))
    assert "track_length = 1000000000000000 is out of range" in replay_error(capsys, path)


# -- issue 14, item 5: nothing coerced ---------------------------------------------------------


@pytest.mark.parametrize(
    ("base", "change", "says"),
    [
        ("pushover", lambda d: d.update(config=[]), "config must be an object"),
        ("pushover", lambda d: d.update(seats="bot"), "seats must be a list"),
        ("pushover", lambda d: d.update(seed="1"), "seed must be a whole number"),
        ("pushover", lambda d: d.update(seed=True), "seed must be a whole number"),
        ("pushover", lambda d: d.update(seed=1.0), "seed must be a whole number"),
        ("pushover", lambda d: d.update(seed=-1), "seed = -1 is out of range"),
        ("pushover", lambda d: d.update(movers=d["movers"][:-1]), "actions and movers"),
        ("pushover", lambda d: d.update(extra=1), "unknown key 'extra'"),
        ("pushover", lambda d: d["config"].update(players="3"), "players must be a whole number"),
        ("pushover", lambda d: d["config"].update(die_faces=[1, 2.5]), "die_faces[1]"),
        ("pushover", lambda d: d["config"].update(spare_bottoms_free=1), "true or false"),
        ("pushover", lambda d: first(d, "Die").update(value="3"), "value must be int"),
        ("pushover", lambda d: first(d, "Die").update(value=2**64), "value must be int"),
        ("pusher", lambda d: first(d, "Push").update(speed="fast"), "speed must be float"),
        ("pusher", lambda d: first(d, "Push").update(triangle=[[0, 0]]), "triangle must be"),
        ("pusher", lambda d: first(d, "Place").update(cell=[0, 0, 0]), "cell must be"),
        ("pushover", lambda d: d["actions"].__setitem__(0, [1]), "'type'"),
        ("pushover", lambda d: d["actions"][0].update(type=[1]), "'type'"),
        ("pushover", lambda d: d["movers"].__setitem__(0, 9), "movers[0] = 9"),
        ("pushover", lambda d: d.update(seats=["human", "bot"]), "2 seats"),
        ("pusher", lambda d: d["config"].update(black_is_foreign="x"), "black_is_foreign"),
        ("pusher", lambda d: d["config"].update(colours="red"), "colours must be a list"),
        ("pusher", lambda d: d["config"].update(scripted=[]), "scripted must be an object"),
        ("pusher", lambda d: d["config"].update(move_cap=10**9), "move_cap"),
        ("pusher", lambda d: d["config"].update(press_region=True), "press_region"),
        ("rummy", lambda d: d["config"].update(deals="5"), "deals"),
        ("rummy", lambda d: d["config"].update(contracts=[[["set", "3"]]]), "contracts[0][0][1]"),
        ("rummy", lambda d: d["config"].update(hand_sizes=[6.0]), "hand_sizes[0]"),
        ("rummy", lambda d: d["config"].update(bury_wild_upcard="yes"), "bury_wild_upcard"),
    ],
)
def test_a_field_of_the_wrong_type_is_refused_not_coerced(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], base: str, change: Any, says: str
) -> None:
    assert says in replay_error(capsys, damaged(tmp_path, base, change))


def test_duplicate_keys_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = json.dumps(saved_logs.pushover_log()).replace('"seed": 1', '"seed": 1, "seed": 2')
    path = tmp_path / "log.json"
    path.write_text(text)
    assert "'seed' appears twice" in replay_error(capsys, path)


def test_a_log_longer_than_its_game_can_be_is_refused_before_replaying(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    def change(data: Any) -> None:
        data["config"]["max_turns"] = 1

    assert "ends within" in replay_error(capsys, damaged(tmp_path, "pushover", change))


def test_the_config_shapes_cover_exactly_the_config_fields() -> None:
    from dataclasses import fields

    from pusher_sim.pusher.config import SHAPE as PUSHER
    from pusher_sim.pusher.config import PusherConfig
    from pushover.config import SHAPE as PUSHOVER
    from pushover.config import PushOverConfig
    from rummy.config import SHAPE as RUMMY
    from rummy.config import RummyConfig

    for shape, cls in ((PUSHER, PusherConfig), (PUSHOVER, PushOverConfig), (RUMMY, RummyConfig)):
        assert set(shape.fields) == {f.name for f in fields(cls)}
        defaults = cls().to_json()  # type: ignore[attr-defined]
        shape.check(json.loads(json.dumps(defaults)), "config")


def test_replay_checks_seats_against_the_config() -> None:
    data = saved_logs.pushover_log()
    data["seats"] = ["human", "bot"]
    log = GameLog.from_json(data)
    with pytest.raises(CorruptFile, match="2 seats"):
        replay(get_spec("pushover").make_game(log.config), log)


def test_a_verbose_replay_of_a_log_naming_a_seat_the_game_lacks_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = damaged(tmp_path, "rummy", lambda d: d["movers"].__setitem__(0, 5))
    code = main(["replay", str(path), "--verbose"])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and "mover 5" in err, err


def test_the_window_saves_a_game_as_the_command_line_does(tmp_path: Path) -> None:
    from pusher_sim.ui.common.autosave import GameSaver

    log = GameLog.from_json(saved_logs.pushover_log())
    log.save(tmp_path / "cli.json")
    GameSaver(autosave=False).write(tmp_path / "window.json", log)
    assert (tmp_path / "window.json").read_bytes() == (tmp_path / "cli.json").read_bytes()
