"""Experiments: parameter parsing, plans, the same table from any executor, files and plots."""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pusher_sim.board import Board
from pusher_sim.cli import main
from pusher_sim.errors import UserError
from pusher_sim.experiment.params import parse_grid, parse_sample
from pusher_sim.experiment.plan import Plan
from pusher_sim.experiment.plot import outcome_map
from pusher_sim.experiment.run import run_chunk
from pusher_sim.experiment.runner import executor_for, run_points
from pusher_sim.experiment.table import read_table, write_table
from pusher_sim.physics import PhysicsConfig

finite = st.floats(min_value=-1e6, max_value=1e6, allow_nan=False)
names = st.sampled_from(["angle", "speed", "tilt", "cup_depth", "balls"])


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
    ],
)
def test_bad_grids_are_refused(spec: str) -> None:
    with pytest.raises(UserError):
        parse_grid(spec)


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
    assert len(points) == 3 * 2 * 4 * 2
    assert points == Plan(**{**plan.__dict__}).points()
    assert points != Plan(**{**plan.__dict__, "seed": 6}).points()
    assert {p["angle"] for p in points} == {0.0, 90.0, 180.0}
    assert all(0.0 <= p["tilt"] <= 0.01 for p in points)


SMALL = Plan(grids=(parse_grid("angle=0,120,240"), parse_grid("speed=0.3,0.9")), seed=3)


def test_parallel_table_equals_serial_table() -> None:
    points = SMALL.points()
    base, board = PhysicsConfig(), Board()
    serial = run_chunk(points, base, board)
    with ProcessPoolExecutor(max_workers=2) as pool:
        parallel = run_points(points, base, board, pool, chunk=2, progress=False)
    assert parallel == serial
    assert all(type(row["settled"]) is bool for row in serial)
    assert any(row["moved"] > 0 for row in serial)


def test_dask_cluster_gives_the_same_table() -> None:
    from distributed import LocalCluster

    points = SMALL.points()[:3]
    base, board = PhysicsConfig(), Board()
    cluster = LocalCluster(n_workers=1, processes=False, dashboard_address=None)
    with cluster, executor_for(None, cluster.scheduler_address) as executor:
        rows = run_points(points, base, board, executor, chunk=2, progress=False)
    assert rows == run_chunk(points, base, board)


def test_unreachable_scheduler_is_a_user_error() -> None:
    with pytest.raises(UserError, match="Dask scheduler"), executor_for(None, "tcp://127.0.0.1:9"):
        pass


@pytest.mark.parametrize("suffix", [".parquet", ".csv"])
def test_tables_round_trip(tmp_path: Path, suffix: str) -> None:
    rows = run_chunk(SMALL.points()[:2], PhysicsConfig(), Board())
    back = read_table(write_table(rows, tmp_path / f"t{suffix}"))
    assert [r["returned_pusher"] for r in back] == [r["returned_pusher"] for r in rows]
    assert [r["angle"] for r in back] == [r["angle"] for r in rows]


def test_outcome_map_is_a_png(tmp_path: Path) -> None:
    rows = run_chunk(SMALL.points(), PhysicsConfig(), Board())
    out = outcome_map(rows, "angle", "speed", "moved", tmp_path / "map.png")
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    with pytest.raises(UserError, match="not a column"):
        outcome_map(rows, "angle", "colour", "moved", tmp_path / "x.png")


def test_experiment_command_writes_table_and_plot(tmp_path: Path) -> None:
    out, png = tmp_path / "e.csv", tmp_path / "e.png"
    argv = ["experiment", "--grid", "angle=0,180", "--grid", "speed=0.5", "--workers", "1"]
    assert main([*argv, "--out", str(out), "--plot", str(png), "--quiet", "--seed", "2"]) == 0
    first = out.read_text()
    assert main([*argv, "--out", str(out), "--quiet", "--seed", "2"]) == 0
    assert out.read_text() == first
    assert png.exists()


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["--grid", "spin=1"], "unknown parameter"),
        (["--out", "t.xlsx"], ".parquet or .csv"),
        (["--grid", "speed=99"], "maximum flick"),
        (["--grid", "cup_depth=-1"], "cup_depth"),
        (["--config", "/nonexistent.toml"], "cannot read"),
    ],
)
def test_bad_experiments_are_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], says: str
) -> None:
    assert main(["experiment", "--workers", "1", "--quiet", *argv]) == 2
    err = capsys.readouterr().err
    assert says in err and err.count("\n") == 1
