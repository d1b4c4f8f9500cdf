"""Experiments: parameters and their bounds, lazy plans, spec files, the same table from any
executor, chunked output with resume and provenance, sensitivity, positions from game logs,
plots, and one-line errors for every bad argument."""

from __future__ import annotations

import json
import math
import re
import signal
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from hypothesis import given
from hypothesis import strategies as st

from pusher_sim.board import Board
from pusher_sim.cli import main
from pusher_sim.errors import UserError
from pusher_sim.experiment import cli as experiment_cli
from pusher_sim.experiment.params import parse_grid, parse_sample
from pusher_sim.experiment.plan import Plan
from pusher_sim.experiment.plot import outcome_map
from pusher_sim.experiment.prepare import build_job
from pusher_sim.experiment.run import Job, run_point
from pusher_sim.experiment.spec import Spec, load_spec
from pusher_sim.physics import PhysicsConfig, PhysicsResolver
from pusher_sim.pusher.actions import Push
from pusher_sim.pusher.log_scenarios import positions_from_log
from pusher_sim.running.dataset import META_KEY, Output, provenance_of, read_table, sidecar
from pusher_sim.running.runner import Pool, executor_for, run_chunks
from pusher_sim.turnloop import GameLog, get_spec
from tests.cli_runner import one_line_error
from tests.processes import gone_within

HANG_GUARD = 120.0
"""Seconds a wait may take before it counts as a hang: never reached on a slow machine."""

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = sorted((ROOT / "assets" / "experiments").glob("*.toml"))
GAME_LOG = ROOT / "assets" / "screenshot-game.json"

finite = st.floats(min_value=-1e6, max_value=1e6, allow_nan=False)
names = st.sampled_from(["speed", "tilt", "cup_depth", "gravity"])


@pytest.fixture(autouse=True)
def _data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("PUSHER_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.chdir(tmp_path)
    yield


# -- parameters ------------------------------------------------------------------------------


@given(names, st.lists(finite, min_size=1, max_size=6))
def test_grid_list_round_trips(name: str, values: list[float]) -> None:
    grid = parse_grid(f"{name}=" + ",".join(repr(v) for v in values))
    assert grid.name == name
    assert grid.values == tuple(values)


@given(names, finite, finite, st.integers(1, 50))
def test_grid_range_has_count_values_and_both_ends(
    name: str, start: float, stop: float, count: int
) -> None:
    grid = parse_grid(f"{name}={start!r}:{stop!r}:{count}")
    assert len(grid.values) == count
    assert grid.values[0] == start
    if count > 1:
        assert grid.values[-1] == pytest.approx(stop, abs=1e-6)


@given(names, finite, finite)
def test_sample_range_parses_or_refuses(name: str, a: float, b: float) -> None:
    if b < a:
        with pytest.raises(UserError, match="above"):
            parse_sample(f"{name}={a!r}:{b!r}")
    else:
        assert parse_sample(f"{name}={a!r}:{b!r}").low == a


@given(st.text(max_size=20))
def test_any_text_parses_or_gives_a_user_error(text: str) -> None:
    for parse in (parse_grid, parse_sample):
        try:
            parse(text)
        except UserError as exc:
            assert str(exc)


@pytest.mark.parametrize(
    "spec",
    [
        "angle",
        "=1,2",
        "angle=",
        "angle=1:2",
        "angle=1:2:0",
        "angle=1:2:2.5",
        "angle=x",
        "angle=nan",
        "layout=-1",
        "balls=3.5",
        "angle=0:400:3",
        "strength=0,1.5",
        "angle=0:1:1e15",
        "speed=-1e308:1e308:3",
    ],
)
def test_bad_grids_are_refused(spec: str) -> None:
    with pytest.raises(UserError):
        parse_grid(spec)


@pytest.mark.parametrize("spec", ["angle=-1e308:1e308", "layout=0:5", "strength=-1:1"])
def test_bad_samples_are_refused(spec: str) -> None:
    with pytest.raises(UserError):
        parse_sample(spec)


# -- plans -----------------------------------------------------------------------------------


def test_plan_refuses_unknown_and_repeated_parameters() -> None:
    with pytest.raises(UserError, match="unknown parameter 'spin'"):
        Plan(grids=(parse_grid("spin=1,2"),))
    with pytest.raises(UserError, match="twice"):
        Plan(grids=(parse_grid("speed=1,2"),), samples=(parse_sample("speed=0:1"),))


def test_plan_points_are_the_product_and_reproducible() -> None:
    plan = Plan(
        grids=(parse_grid("angle=0,90,180"), parse_grid("speed=0.2,0.4")),
        samples=(parse_sample("tilt=0:0.01"),),
        n_samples=4,
        repeats=2,
        seed=5,
    )
    points = plan.points()
    assert len(points) == plan.size == 3 * 2 * 4 * 2
    assert points == Plan(**{**plan.__dict__}).points()
    assert points != Plan(**{**plan.__dict__, "seed": 6}).points()
    assert {(p["angle"], p["speed"]) for p in points[:8]} == {(0.0, 0.2)}
    assert {p["angle"] for p in points} == {0.0, 90.0, 180.0}
    assert all(0.0 <= p["tilt"] <= 0.01 for p in points)
    # the repeats of one draw share the draw but not the layout
    assert points[0]["tilt"] == points[1]["tilt"] and points[0]["layout"] != points[1]["layout"]


def test_a_huge_plan_is_lazy() -> None:
    started = time.process_time()  # work done, which a loaded machine does not inflate
    grids = ("angle=0:359:1000", "speed=0:1.5:1000", "strength=0:1:1000")
    plan = Plan(grids=tuple(parse_grid(g) for g in grids))
    assert plan.size == 10**9
    last = plan.point(10**9 - 1)
    assert (last["angle"], last["speed"], last["strength"]) == (359.0, 1.5, 1.0)
    assert plan.point(1_001_000)["angle"] == plan.point(1_000_000)["angle"] == 1 * 359 / 999
    assert time.process_time() - started < 20.0  # a listed plan would take hours of CPU
    with pytest.raises(UserError, match="at most"):
        Plan(grids=(parse_grid("angle=0:1:1000000"), parse_grid("speed=0:1:1000000")))


# -- pushes and tables -----------------------------------------------------------------------

SMALL = Job(
    Plan(grids=(parse_grid("angle=0,120,240"), parse_grid("speed=0.3,0.9")), seed=3),
    PhysicsConfig(),
    chunk=2,
)


def serial(job: Job) -> list[dict[str, object]]:
    return [row for k in range(job.n_chunks) for row in job.run_chunk(k)]


def test_parallel_table_equals_serial_table() -> None:
    rows = serial(SMALL)
    with executor_for(2, None) as pool:
        done = dict(run_chunks(SMALL, range(SMALL.n_chunks), pool))
    assert [row for k in sorted(done) for row in done[k]] == rows
    assert all(type(row["settled"]) is bool for row in rows)
    assert any(row["moved"] > 0 for row in rows)


def test_strength_reaches_the_push(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[float] = []
    real = PhysicsResolver.resolve

    def spy(self: PhysicsResolver, board, balls, push):  # type: ignore[no-untyped-def]
        seen.append(push.strength)
        return real(self, board, balls, push)

    monkeypatch.setattr(PhysicsResolver, "resolve", spy)
    job = Job(Plan(grids=(parse_grid("strength=0,0.25,1"),)), PhysicsConfig())
    rows = serial(job)
    assert seen == [0.0, 0.25, 1.0]
    assert [r["strength"] for r in rows] == [0.0, 0.25, 1.0]


def test_sensitivity_counts_the_cups_that_differ_from_the_perturbed_twin(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    pushes: list[object] = []
    outcomes: list[dict[object, object]] = []
    real = PhysicsResolver.resolve

    def spy(self: PhysicsResolver, board, balls, push):  # type: ignore[no-untyped-def]
        outcome = real(self, board, balls, push)
        pushes.append(push)
        outcomes.append(outcome.as_dict())
        return outcome

    monkeypatch.setattr(PhysicsResolver, "resolve", spy)
    job = Job(
        Plan(grids=(parse_grid("speed=1.2"), parse_grid("angle=30")), seed=4),
        PhysicsConfig(),
        perturb_press=0.001,
        perturb_angle=2.0,
    )
    (row,) = serial(job)
    first, twin = pushes
    assert math.hypot(
        twin.offset[0] - first.offset[0],
        twin.offset[1] - first.offset[1],  # type: ignore[attr-defined]
    ) == pytest.approx(0.001)
    assert abs(twin.angle - first.angle) == pytest.approx(math.radians(2.0))  # type: ignore[attr-defined]
    a, b = outcomes
    assert row["sensitivity"] == sum(1 for c in set(a) | set(b) if a.get(c) != b.get(c))


def test_positions_are_the_states_before_each_push_of_the_log() -> None:
    board = Board()
    positions = positions_from_log(GAME_LOG, board)
    log = GameLog.load(GAME_LOG)
    game = get_spec("pusher").make_game(log.config)
    state = game.new_initial_state()
    expected = []
    for entry in log.actions:
        action = game.action_codec.decode(entry)
        if isinstance(action, Push):
            expected.append((dict(state.balls), action.triangle, state.colour))  # type: ignore[attr-defined]
        state.apply(action)
    assert [(p.balls, p.triangle, p.pusher) for p in positions] == expected
    job = build_job(Spec(positions=str(GAME_LOG), grids=(parse_grid("position=3"),)))
    (row,) = serial(job)
    assert row["pusher"] == positions[3].pusher.label


def test_position_needs_positions_and_a_log_of_pusher(tmp_path: Path) -> None:
    with pytest.raises(UserError, match="needs --positions"):
        build_job(Spec(grids=(parse_grid("position=0"),)))
    other = tmp_path / "rummy.json"
    other.write_text(json.dumps({**json.loads(GAME_LOG.read_text()), "game": "rummy"}))
    with pytest.raises(UserError):
        positions_from_log(other, Board())


# -- spec files ------------------------------------------------------------------------------


def test_spec_round_trips_through_toml(tmp_path: Path) -> None:
    spec = Spec(
        grids=(parse_grid("angle=0:330:12"), parse_grid("speed=0.2,0.5")),
        samples=(parse_sample("tilt=0:0.25"),),
        n_samples=7,
        repeats=3,
        seed=11,
        chunk=5,
        physics=(("cup_depth", 0.003),),
        perturb_press=0.001,
        out="o/x.csv",
        plot="o/x.png",
        x="tilt",
        y="speed",
        measure="sensitivity",
        best=True,
    )
    path = tmp_path / "s.toml"
    path.write_text(spec.to_toml())
    assert load_spec(path) == spec


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("sede = 1", "unknown key 'sede'"),
        ("seed = -1", "seed"),
        ('seed = "1"', "seed must be a whole number"),
        ("[grid]\nangle = true", "grid.angle"),
        ("[sample]\ntilt = [0, 0.5, 1]", "sample.tilt"),
        ("[output]\nplt = 'x.png'", "unknown key 'plt' in [output]"),
        ("[physics]\ncup_depth = 'deep'", "physics.cup_depth"),
        ("grid = 3", "[grid] must be a table"),
        ("seed = ", "not valid TOML"),
    ],
)
def test_bad_spec_files_are_one_line(tmp_path: Path, text: str, says: str) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(text + "\n")
    with pytest.raises(UserError) as caught:
        build_job(load_spec(path))
    assert says in str(caught.value) and "\n" not in str(caught.value)


def test_spec_paths_are_relative_to_the_spec_file(tmp_path: Path) -> None:
    folder = tmp_path / "specs"
    folder.mkdir()
    (folder / "game.json").write_text(GAME_LOG.read_text())
    (folder / "s.toml").write_text('positions = "game.json"\n[grid]\nposition = "2"\n')
    spec = load_spec(folder / "s.toml")
    assert spec.positions == str(folder / "game.json")
    assert build_job(spec).plan.size == 1


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.name)
def test_example_specs_are_valid_and_run_in_minutes(example: Path) -> None:
    job = build_job(load_spec(example))
    pushes = job.plan.size * (2 if job.perturbed else 1)
    assert 50 <= pushes <= 3000  # minutes on one core at ~20 pushes/s


def test_there_is_an_example_per_question() -> None:
    specs = [load_spec(p) for p in EXAMPLES]
    varied = [{g.name for g in s.grids} | {x.name for x in s.samples} for s in specs]
    assert any({"tilt", "cup_depth", "strength"} <= v for v in varied)
    assert any(
        s.positions and s.best and {"angle", "speed"} <= v
        for s, v in zip(specs, varied, strict=True)
    )
    assert any(s.measure == "sensitivity" for s in specs)


def test_help_examples_are_accepted() -> None:
    from pusher_sim.cli import build_parser

    parser = build_parser()
    lines = experiment_cli.EXAMPLE.replace("\\\n", "").splitlines()
    checked = 0
    for line in lines:
        words = line.split("(")[0].split()
        if words[:2] != ["pusher", "experiment"] or "..." in words:
            continue
        args = parser.parse_args(words[1:])
        if args.verb == "info":
            continue
        if args.verb == "run":
            args.file = str(ROOT / args.file)
        build_job(experiment_cli.spec_of(args))
        checked += 1
    assert checked >= 3


# -- the command: output, resume, provenance -------------------------------------------------

ARGV = ["experiment", "--grid", "angle=0,180", "--grid", "speed=0.5", "--workers", "1", "--quiet"]


def test_experiment_command_writes_table_plot_and_provenance(tmp_path: Path) -> None:
    out, png = tmp_path / "e.parquet", tmp_path / "e.png"
    assert main([*ARGV, "--out", str(out), "--plot", str(png), "--seed", "2"]) == 0
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert not Output(out).parts.exists()
    meta = pq.read_schema(out).metadata
    prov = json.loads(meta[META_KEY])
    assert prov["seed"] == 2 and prov["workers"] == 1 and prov["model_version"]
    assert prov["physics_config"]["cup_depth"] == PhysicsConfig().cup_depth
    assert prov["project_version"] and prov["started"] <= prov["finished"]
    assert "git_commit" in prov
    assert 'angle = "0,180"' in prov["spec"]
    csv = tmp_path / "e.csv"
    assert main([*ARGV, "--out", str(csv), "--seed", "2"]) == 0
    assert json.loads(sidecar(csv).read_text())["seed"] == 2
    assert (
        read_table(csv).column("returned_pusher").to_pylist()
        == read_table(out).column("returned_pusher").to_pylist()
    )


def test_info_prints_the_provenance(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "e.parquet"
    assert main([*ARGV, "--out", str(out), "--seed", "9"]) == 0
    capsys.readouterr()
    assert main(["experiment", "info", str(out)]) == 0
    text = capsys.readouterr().out
    for needle in ("model_version: ", "seed: 9", "workers: 1", "[grid]", "cup_depth=0.002"):
        assert needle in text
    assert provenance_of(out)["seed"] == 9


def test_existing_result_is_never_overwritten_without_force(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "e.parquet"
    out.write_bytes(b"precious")
    assert main([*ARGV, "--out", str(out)]) == 2
    assert "--force" in capsys.readouterr().err
    assert out.read_bytes() == b"precious"
    assert main([*ARGV, "--out", str(out), "--force"]) == 0
    assert read_table(out).num_rows == 2


def test_output_is_checked_before_any_push(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def boom(*args: object) -> None:
        raise AssertionError("a push ran before the output was checked")

    monkeypatch.setattr(experiment_cli, "run_point", boom)
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    for out in (blocker / "e.parquet", tmp_path / "e.xlsx", tmp_path / ".parquet", tmp_path):
        assert main([*ARGV, "--out", str(out)]) == 2
        assert capsys.readouterr().err.count("\n") == 1
    assert main([*ARGV, "--plot", str(blocker / "m.png")]) == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_resume_skips_done_chunks_and_gives_the_same_table(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = [*ARGV, "--grid", "strength=0.2,0.8", "--chunk", "1"]
    whole = tmp_path / "whole.parquet"
    assert main([*argv, "--out", str(whole)]) == 0
    out = tmp_path / "part.parquet"
    output = Output(out)
    # an interrupted run: two of four chunks on disk, and a stray temporary file
    job = build_job(experiment_cli.spec_of(_parse(argv)))
    record = output.prepare(_identity(argv, job), resume=False, force=False)
    record["sessions"].append({"started": "2026-01-01T00:00:00+00:00", "workers": 3})
    output.write_record(record)
    for k in (0, 2):
        output.write_chunk(k, job.run_chunk(k), _identity(argv, job))
    (output.parts / ".chunk-000000001.parquet.x.tmp").write_bytes(b"half")
    assert main([*argv, "--out", str(out)]) == 2
    assert "--resume" in capsys.readouterr().err
    assert main(["experiment", "info", str(output.parts)]) == 0
    assert "unfinished run: 2 of 4 chunks" in capsys.readouterr().out
    loud = [a for a in argv if a != "--quiet"]
    assert main([*loud, "--out", str(out), "--resume", "--workers", "1"]) == 0
    assert "2 pushes in 2 chunks" in capsys.readouterr().err  # chunks 0 and 2 were skipped
    assert read_table(out).equals(read_table(whole))
    prov = provenance_of(out)
    assert prov["started"] == "2026-01-01T00:00:00+00:00" and len(prov["sessions"]) == 2
    assert main([*argv, "--out", str(tmp_path / "other.parquet")]) == 0


def _parse(argv: list[str]):  # type: ignore[no-untyped-def]
    from pusher_sim.cli import build_parser

    return build_parser().parse_args(argv)


def _identity(argv: list[str], job: Job) -> dict[str, object]:
    from pusher_sim.experiment.prepare import identity

    return identity(job, experiment_cli.spec_of(_parse(argv)))


def test_resume_refuses_the_chunks_of_another_experiment(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "e.parquet"
    job = build_job(experiment_cli.spec_of(_parse(ARGV)))
    Output(out).prepare(_identity(ARGV, job), resume=False, force=False)
    assert main([*ARGV, "--out", str(out), "--resume", "--seed", "5"]) == 2
    assert "different experiment" in capsys.readouterr().err


def test_a_long_run_asks_first_and_yes_skips_the_question(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(experiment_cli, "LONG_RUN", 0.0)
    monkeypatch.setattr("sys.stdin.isatty", lambda: False, raising=False)
    out = tmp_path / "e.parquet"
    argv = [a for a in ARGV if a != "--quiet"]
    assert main([*argv, "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert "pushes in" in err and "about" in err and "--yes" in err
    assert main([*argv, "--out", str(out), "--yes", "--force"]) == 0
    assert "experiment:" in capsys.readouterr().err  # the progress bar


def test_a_million_push_grid_is_estimated_and_refused_at_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin.isatty", lambda: False, raising=False)
    out = tmp_path / "big.parquet"
    grid = ["--grid", "angle=0:359:1000", "--grid", "speed=0:1.5:1000", "--workers", "1"]
    pushes: list[int] = []
    runs: list[str] = []

    def counted(job: Job, point: dict[str, float]) -> object:
        pushes.append(1)
        return run_point(job, point)

    def never(*args: object, **kwargs: object) -> object:
        runs.append("run_chunks")
        raise AssertionError("the run was started")

    monkeypatch.setattr(experiment_cli, "run_point", counted)
    monkeypatch.setattr(experiment_cli, "run_chunks", never)
    assert main(["experiment", *grid, "--out", str(out)]) == 2
    assert len(pushes) == 2 and runs == []  # the estimate's two pushes, then refused
    err = capsys.readouterr().err
    assert "1,000,000 pushes in 15,625 chunks" in err and "add --yes" in err
    assert not out.exists() and not Output(out).parts.exists()


def test_save_spec_writes_a_spec_that_runs_the_same(tmp_path: Path) -> None:
    spec = tmp_path / "new-folder" / "s.toml"
    argv = [*ARGV, "--seed", "4", "--out", str(tmp_path / "a.parquet")]
    assert main([*argv, "--save-spec", str(spec)]) == 0
    assert not (tmp_path / "a.parquet").exists()
    assert main([*argv]) == 0
    run = ["experiment", "run", str(spec), "--out", str(tmp_path / "b.parquet"), "--quiet"]
    assert main([*run, "--workers", "1"]) == 0
    assert read_table(tmp_path / "a.parquet").equals(read_table(tmp_path / "b.parquet"))
    assert main([*run, "--seed", "3"]) == 2


def test_saved_spec_finds_its_inputs_from_its_own_folder(tmp_path: Path) -> None:
    (tmp_path / "game.json").write_text(GAME_LOG.read_text())
    (tmp_path / "specs").mkdir()
    spec = tmp_path / "specs" / "s.toml"
    argv = ["experiment", "--positions", "game.json", "--grid", "position=1", "--quiet"]
    assert main([*argv, "--save-spec", str(spec)]) == 0
    assert 'positions = "../game.json"' in spec.read_text()
    assert build_job(load_spec(spec)).positions == positions_from_log(GAME_LOG, Board())


def test_outcome_map_is_a_png_written_atomically(tmp_path: Path) -> None:
    out = tmp_path / "t.parquet"
    assert main([*ARGV, "--grid", "strength=0,1", "--out", str(out)]) == 0
    table = read_table(out)
    png = outcome_map(table, "angle", "strength", "moved", tmp_path / "map.png", best=True)
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []
    with pytest.raises(UserError, match="not a column"):
        outcome_map(table, "angle", "colour", "moved", tmp_path / "x.png")
    with pytest.raises(UserError, match="not a number"):
        outcome_map(table, "angle", "speed", "pusher", tmp_path / "x.png")


# -- one line for every bad argument (issue 14) ----------------------------------------------


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["--grid", "spin=1"], "unknown parameter"),
        (["--out", "t.xlsx"], ".parquet or .csv"),
        (["--grid", "speed=99"], "maximum flick"),
        (["--grid", "cup_depth=-1"], "cup_depth"),
        (["--config", "/nonexistent.toml"], "/nonexistent.toml"),
        (["--config", "/bin/ls"], "not a UTF-8 text file"),
        (["--grid", "layout=-1"], "layout"),
        (["--sample", "angle=-1e308:1e308"], "too wide"),
        (["--sample", "tilt=0:1"], "tilt"),
        (["--scheduler", "notaurl"], "not an address"),
        (["--scheduler", "tcp://127.0.0.1:9", "--workers", "2"], "brings its own"),
        (["--plot", "m.png", "--measure", "pusher"], "measure 'pusher'"),
        (["--plot", "m.txt"], "must end in .png"),
        (["--measure", "sensitivity"], "needs --perturb"),
        (["--perturb-press", "1"], "perturb_press"),
        (["--grid", "position=1"], "needs --positions"),
        (["run"], "needs a spec file"),
        (["info"], "needs the table"),
        (["info", "/nonexistent.parquet"], "cannot read"),
    ],
)
def test_bad_experiments_are_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], says: str
) -> None:
    assert main(["experiment", "--workers", "1", "--quiet", *argv]) == 2
    err = capsys.readouterr().err
    assert says in err and err.count("\n") == 1


@pytest.mark.parametrize(
    "argv", [["--seed", "-1"], ["--workers", "-1"], ["--workers", "10**30"], ["--repeats", "0"]]
)
def test_bad_numbers_are_one_line(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        main(["experiment", *argv])
    assert caught.value.code == 2
    err = capsys.readouterr().err
    assert argv[0] in err and err.count("\n") == 1


def test_a_port_that_is_not_dask_fails_within_the_timeout() -> None:
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen()
        port = server.getsockname()[1]
        failed: list[BaseException] = []

        def connect() -> None:
            try:
                with executor_for(None, f"tcp://127.0.0.1:{port}", timeout=2.0):
                    pass
            except BaseException as exc:
                failed.append(exc)

        attempt = threading.Thread(target=connect, daemon=True)
        attempt.start()
        attempt.join(HANG_GUARD)  # only a hang reaches it: the clock is not what is checked
        assert not attempt.is_alive(), "connecting to a port that is not Dask hung"
    assert len(failed) == 1 and isinstance(failed[0], UserError), failed
    # The 2 s given, not the default, is the wait it gave up after (said either by our wait
    # or by Dask's own).
    assert re.search(r"Dask scheduler.* 2 s", str(failed[0])), failed[0]


def test_unreachable_scheduler_is_a_user_error() -> None:
    with (
        pytest.raises(UserError, match="Dask scheduler"),
        executor_for(None, "tcp://127.0.0.1:9", timeout=1.0),
    ):
        pass


def test_pool_kill_stops_local_workers() -> None:
    with executor_for(2, None) as pool:
        assert isinstance(pool, Pool)
        list(run_chunks(SMALL, [0, 1], pool))
        pids = list(pool.executor._processes)  # type: ignore[attr-defined]
        assert len(pids) == 2
        pool.stop([])
        # By pid: Process.is_alive() can report a worker the executor's own thread reaped as alive.
        assert gone_within(pids, HANG_GUARD) is not None


def _raise_interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def test_local_workers_die_on_sigterm_whatever_their_parent_does_with_it() -> None:
    # The experiment's parent turns SIGTERM into a KeyboardInterrupt while it runs; a worker
    # forked then inherited that, so a SIGTERM to it became one task's error, not its end.
    previous = signal.signal(signal.SIGTERM, _raise_interrupt)
    try:
        with executor_for(1, None) as pool:
            handler = pool.executor.submit(signal.getsignal, signal.SIGTERM).result()
    finally:
        signal.signal(signal.SIGTERM, previous)
    assert handler == signal.SIG_DFL


def test_a_scheduler_without_workers_is_one_line() -> None:
    from distributed import LocalCluster

    with (
        LocalCluster(
            n_workers=0, processes=False, protocol="tcp", host="127.0.0.1", dashboard_address=None
        ) as cluster,
        pytest.raises(UserError, match="has no workers"),
        executor_for(None, cluster.scheduler_address),
    ):
        pass


def test_a_spec_may_set_the_physics_switches_and_refuses_a_switch_for_a_number(
    tmp_path: Path,
) -> None:
    from pusher_sim.experiment.prepare import base_config
    from pusher_sim.experiment.spec import load_spec

    def parse_spec(text: str, folder: Path) -> Spec:
        (folder / "s.toml").write_text(text)
        return load_spec(folder / "s.toml")

    model6 = (
        "[physics]\npress_makes_room = false\nfirst_touch_contacts = false\n"
        "press_drop_time = 3600.0\n"
    )
    config = base_config(parse_spec(model6, tmp_path))
    assert config.first_touch_contacts is False and config.press_drop_time == 3600.0
    for bad, words in (
        ("time_step = true", "time_step must be a number"),
        ("wake_off_cup = 1", "wake_off_cup must be true or false"),
    ):
        with pytest.raises(UserError, match=words):
            base_config(parse_spec(f"[physics]\n{bad}\n", tmp_path))


def _beyond_bounds() -> list[tuple[str, float]]:
    from pusher_sim.physics.config import _RANGES

    cases = [("time_step", 0.0), ("max_sim_time", 0.0)]  # the two the push-step check divides
    for name, low, high in _RANGES:
        cases += [(name, low - 1.0), (name, high + 1.0)]
    return cases


@pytest.mark.parametrize(("name", "bad"), _beyond_bounds())
def test_every_physics_value_a_spec_sets_is_checked_before_any_arithmetic_on_it(
    name: str, bad: float
) -> None:
    """A grid or sample reaching time_step = 0 was a ZeroDivisionError in the push-step check,
    which ran before the values were checked against their bounds: now every end of every
    grid and sample is one line naming the value."""
    default = getattr(PhysicsConfig(), name)
    grid = parse_grid(f"{name}={bad!r},{default!r}")
    sample = parse_sample(f"{name}={min(bad, default)!r}:{max(bad, default)!r}")
    for spec in (Spec(grids=(grid,)), Spec(samples=(sample,))):
        with pytest.raises(UserError, match=name):
            build_job(spec)


def test_a_grid_reaching_a_zero_time_step_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = str(tmp_path / "t.parquet")
    err = one_line_error(
        capsys, ["experiment", "--grid", "time_step=0:0.002:3", "--out", out, "--yes", "--quiet"]
    )
    assert "time_step = 0.0 is out of range" in err


def test_resume_of_a_complete_result_has_nothing_to_do_and_succeeds(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 36, item 10: a resume that finds nothing left to do has succeeded."""
    out = tmp_path / "e.parquet"
    assert main([*ARGV, "--out", str(out)]) == 0
    whole = out.read_bytes()
    capsys.readouterr()

    def boom(*args: object) -> None:
        raise AssertionError("a push ran again")

    monkeypatch.setattr(experiment_cli, "run_point", boom)
    assert main([*ARGV, "--out", str(out), "--resume"]) == 0
    assert "already complete: nothing left to do" in capsys.readouterr().out
    assert out.read_bytes() == whole
    assert main([*ARGV, "--out", str(out), "--resume", "--seed", "5"]) == 2
    err = capsys.readouterr().err
    assert "different experiment" in err and "add --force" in err
