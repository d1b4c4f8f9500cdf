"""``pusher tournament``: Wilson intervals and Bradley-Terry ratings against hand-computed cases,
seat rotation, the same table for any number of workers, Parquet output and one-line errors."""

from __future__ import annotations

import json
import math
import sys
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np
import pyarrow.parquet as pq
import pytest
from hypothesis import given
from hypothesis import strategies as st

from pusher_sim.cli import main
from pusher_sim.errors import UserError
from pusher_sim.running.dataset import provenance_of
from pusher_sim.running.provenance import git_commit, project_version
from pusher_sim.tournament import play_tournament
from pusher_sim.tournament.play import (
    GAUNTLET,
    SERIES_GAMES,
    TABLE_COLUMNS,
    Tournament,
    run,
    table,
)
from pusher_sim.tournament.ratings import bradley_terry, elo, paired_interval, wilson
from tests.cli_runner import one_line_error
from tests.tournament_bots import Learner

# -- statistics -------------------------------------------------------------------------------


def test_wilson_interval_matches_hand_computed_values() -> None:
    # 5 of 10: centre 1/2, half-width 1.96 * sqrt(1/40 + 1.96^2/400) / (1 + 1.96^2/10).
    assert wilson(5, 10) == pytest.approx((0.2366, 0.7634), abs=1e-4)
    # 0 of 10: the interval is [0, 2 c] with c = (1.96^2/20) / (1 + 1.96^2/10).
    z2 = 1.959963984540054**2
    assert wilson(0, 10) == pytest.approx((0.0, 2 * (z2 / 20) / (1 + z2 / 10)))
    assert wilson(10, 10)[1] == pytest.approx(1.0)


@given(st.integers(1, 10**7), st.data())
def test_wilson_interval_holds_the_rate_and_its_ends_are_exact(trials: int, data: Any) -> None:
    """Never above 1 or below 0, the rate inside; all or no successes give an end of exactly
    1 or 0 (rounding once printed 10 of 10 as 0.9999999999999999)."""
    wins = data.draw(st.integers(0, trials))
    low, high = wilson(wins, trials)
    assert 0.0 <= low <= wins / trials <= high <= 1.0
    assert wilson(trials, trials)[1] == 1.0 and wilson(0, trials)[0] == 0.0
    assert wilson(10, 10)[1] == 1.0 and wilson(0, 3)[0] == 0.0
    assert wilson(180, 200) == pytest.approx((0.8506, 0.9343), abs=1e-4)


def test_paired_interval_matches_a_hand_computed_case() -> None:
    """Five pairs winning 2, 1, 1, 2, 0 of 2: rate 6/10. Squares about the rate:
    0.8^2 + 0.2^2 + 0.2^2 + 0.8^2 + 1.2^2 = 2.8, variance 5/4 * 2.8 / 10^2 = 0.035 against
    the independent 0.6 * 0.4 / 10 = 0.024, so the ten games are worth 0.24 / 0.035 = 6.857;
    Wilson at 4.114 of 6.857: centre (0.6 + z^2/13.714) / (1 + z^2/6.857) = 0.56409, half
    z sqrt(0.035 + z^2/188.08) / 1.56022 = 0.29574."""
    assert paired_interval([2, 1, 1, 2, 0], [2] * 5) == pytest.approx((0.26835, 0.85984), abs=1e-5)
    # independent-looking pairs (half split, a quarter each way) match Wilson on the games
    wins = [2] * 25 + [0] * 25 + [1] * 50
    assert paired_interval(wins, [2] * 100) == pytest.approx(wilson(100, 200), abs=1e-3)
    # every pair split: no noise at all; all won: each pair one game (the cautious end)
    assert paired_interval([1] * 200, [2] * 200) == (0.5, 0.5)
    assert paired_interval([2] * 5, [2] * 5) == wilson(5, 5)
    # an odd game out is a pair of one
    low, high = paired_interval([2, 1, 0], [2, 2, 1])
    assert 0.0 < low < 3 / 5 < high < 1.0


def test_two_identical_bots_mirror_each_other_to_a_zero_width_interval(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Two copies of one deterministic bot split every pair (the same dice, the sides swapped):
    exactly half, which the Wilson interval over games printed as [45.1, 54.9] at 400 games."""
    bots = "tests.tournament_bots:FirstLegal,tests.tournament_bots:Mirror"
    assert main(["tournament", "pushover", "--bots", bots, "--games", "400"]) == 0
    row = capsys.readouterr().out.splitlines()[2]
    assert row.split()[2:6] == ["400", "200", "200", "0"]
    assert row.endswith("50.0%  [ 50.0%,  50.0%]")


EXACT_BEST_V_EXPECTED = 0.810997
"""``best`` against ``expected`` at Push Over, sides alternated: the exact mean of the two
seats' winning chances (docs/agents.md)."""


def coverage(tournaments: int, games: int) -> float:
    covered = 0
    for seed in range(tournaments):
        t = Tournament("pushover", ("best", "expected"), games, seed, {"players": 2})
        row = table(t, run(t))[0]
        covered += row["win_rate_low"] <= EXACT_BEST_V_EXPECTED <= row["win_rate_high"]
    return covered / tournaments


def test_paired_intervals_cover_the_exact_push_over_value() -> None:
    """100 tournaments of 20 games (3,000 games in all, 4 CPU-s): the interval holds the
    exact value about 95% of the time (a 100-tournament estimate: 95 +- 4)."""
    assert 0.90 <= coverage(100, 20) <= 0.99


@pytest.mark.slow
def test_paired_intervals_cover_the_exact_push_over_value_over_1000_tournaments() -> None:
    """1,000 tournaments of 100 games (100,000 games, about 4 CPU-minutes): 95 +- 1.4%."""
    assert 0.940 <= coverage(1000, 100) <= 0.965


def test_bradley_terry_recovers_hand_solved_strengths() -> None:
    """A beats B 3-1, B beats C 3-1, A beats C 9-1: p = (9, 3, 1) satisfies every likelihood
    equation W_i = sum_j n_ij p_i / (p_i + p_j) (A: 4*9/12 + 10*9/10 = 12 = 3 + 9, ...)."""
    scores = np.array([[0, 3, 9], [1, 0, 3], [1, 1, 0]], dtype=float)
    p = bradley_terry(scores, prior_draws=0.0)
    assert p / p[2] == pytest.approx([9.0, 3.0, 1.0], rel=1e-9)
    ratings = elo(p)
    assert ratings[0] - ratings[1] == pytest.approx(400 * math.log10(3.0))
    assert ratings.mean() == pytest.approx(1500.0)


def test_bradley_terry_draws_count_half_and_the_prior_keeps_a_sweep_finite() -> None:
    # 10-0 plus one virtual draw: 10.5 to 0.5, odds 21.
    p = bradley_terry(np.array([[0.0, 10.0], [0.0, 0.0]]))
    assert p[0] / p[1] == pytest.approx(21.0)
    # One win each and two draws (a draw is half a point to each): even.
    even = bradley_terry(np.array([[0.0, 1.0 + 2 * 0.5], [1.0 + 2 * 0.5, 0.0]]), prior_draws=0)
    assert even[0] == pytest.approx(even[1])
    # A win and a draw against a loss and a draw: 1.5 to 0.5, odds 3.
    odds = bradley_terry(np.array([[0.0, 1.5], [0.5, 0.0]]), prior_draws=0)
    assert odds[0] / odds[1] == pytest.approx(3.0)


# -- playing ----------------------------------------------------------------------------------


def small(**kwargs: object) -> Tournament:
    base: dict[str, object] = {
        "game": "pushover",
        "bots": ("random", "expected", "strong"),
        "games": 12,
        "seed": 3,
        "config": {"players": 2},
    }
    return Tournament(**{**base, **kwargs})  # type: ignore[arg-type]


def test_sides_alternate_and_each_pair_of_games_shares_a_seed() -> None:
    t = small(game="rummy", bots=("strong", "random"), games=4, config={"players": 4})
    jobs = t.jobs([[0, 2], [1, 3]])
    assert [j[3] for j in jobs] == [
        ("strong", "random", "strong", "random"),
        ("random", "strong", "random", "strong"),
    ] * 2
    assert jobs[0][2] == jobs[1][2] != jobs[2][2] == jobs[3][2]
    gauntlet = small(format=GAUNTLET, champion="strong")
    assert gauntlet.pairings() == [("strong", "random"), ("strong", "expected")]
    everyone = [("random", "expected"), ("random", "strong"), ("expected", "strong")]
    assert small().pairings() == everyone


def test_points_follow_the_first_bot_whichever_side_it_plays() -> None:
    """strong beats random at Push Over on both sides; crediting the wrong side would put the
    odd-numbered games at the opposite result."""
    t = small(bots=("strong", "random"), games=30)
    results = run(t)
    for side in (0, 1):
        wins = [r[2] for r in results if r[1] % 2 == side]
        assert sum(wins) >= 13, side
    flipped = run(small(bots=("random", "strong"), games=30))
    assert [r[2] for r in flipped] == [1.0 - r[2] for r in results]


def test_same_seed_same_table_for_any_number_of_workers() -> None:
    t = small()
    alone = table(t, run(t))
    with ProcessPoolExecutor(max_workers=2) as pool:
        shared = table(t, run(t, pool))
    assert alone == shared
    assert table(t, run(small(seed=4))) != alone


def test_cli_prints_intervals_and_ratings_and_saves_parquet(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "table.parquet"
    code = main(
        ["tournament", "pushover", "--bots", "random,strong", "--games", "10", "--out", str(out)]
    )
    assert code == 0
    text = capsys.readouterr().out
    assert "95% interval" in text and "ratings (Bradley-Terry" in text
    saved = pq.read_table(out).to_pylist()
    assert list(saved[0]) == list(TABLE_COLUMNS)
    assert saved[0]["bot"] == "random" and saved[0]["games"] == 10
    low, high = saved[0]["win_rate_low"], saved[0]["win_rate_high"]
    assert low <= saved[0]["win_rate"] <= high
    facts = provenance_of(out)
    assert facts["kind"] == "tournament" and facts["game"] == "pushover"
    assert facts["bots"] == ["random", "strong"] and facts["games_per_pairing"] == 10
    assert facts["seed"] == 1 and facts["config"] == {"players": 2}
    assert facts["format"] == "round-robin" and facts["workers"] == 1
    assert facts["project_version"] == project_version()
    assert facts["git_commit"] == git_commit()
    assert facts["command"].startswith("pusher") and facts["started"] <= facts["finished"]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--bots", "random,nobody"], "unknown pushover bot 'nobody'"),
        (["--bots", "random"], "at least two bots"),
        (["--bots", "random,random"], "listed twice"),
        (["--bots", "random,strong", "--games", "0"], "--games must be 1..1,000,000"),
        (["--bots", "random,strong", "--games", "10**9"], "invalid int value"),
        (["--bots", "random,strong", "--games", "1000000000"], "--games must be 1..1,000,000"),
        (["--bots", "random,strong", "--workers", "0"], "--workers must be 1..256"),
        (["--bots", "random,strong", "--players", "3"], "head-to-head"),
        (["--bots", "random,strong", "--players", "7"], "takes 2 or 3 or 4 players"),
        (["--bots", "random,strong", "--format", "swiss"], "--format must be"),
        (["--bots", "random,strong", "--champion", "expected"], "not one of the bots"),
        (["--bots", "random,strong", "--out", "t.csv"], ".parquet"),
        (["--bots", "random,strong", "--out", "/no/such/dir/t.parquet"], "does not exist"),
        (["--bots", "random,strong", "--config", "nonsense"], "KEY=VALUE"),
        (["--bots", "random,strong", "--config", "colour=3"], "colour"),
        (["--bots", "random,strong", "--scheduler", "localhost"], "tcp://HOST:8786"),
    ],
)
def test_cli_refuses_bad_arguments_in_one_line(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    try:
        code = main(["tournament", "pushover", *argv])
    except SystemExit as exit:  # argparse's own checks exit rather than return
        code = exit.code  # type: ignore[assignment]
    assert code == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1 and err.startswith("pusher")


def test_dask_cluster_gives_the_same_table(capsys: pytest.CaptureFixture[str]) -> None:
    from distributed import LocalCluster

    argv = ["tournament", "pushover", "--bots", "random,expected", "--games", "8", "--json"]
    assert main(argv) == 0
    local = capsys.readouterr().out
    cluster = LocalCluster(
        n_workers=1, processes=False, protocol="tcp", host="127.0.0.1", dashboard_address=":0"
    )
    with cluster:
        assert main([*argv, "--scheduler", cluster.scheduler_address]) == 0
    assert capsys.readouterr().out == local


def test_a_researchers_own_bots_play_by_module_and_attribute(
    capsys: pytest.CaptureFixture[str],
) -> None:
    mine = "tests.tournament_bots:FirstLegal"
    factory = "tests.tournament_bots:last_legal"
    argv = ["tournament", "pushover", "--bots", f"{mine},{factory},expected", "--games", "6"]
    assert main([*argv, "--json"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [(r["bot"], r["opponent"]) for r in rows] == [
        (mine, factory),
        (mine, "expected"),
        (factory, "expected"),
    ]
    assert all(r["games"] == 6 for r in rows)
    # the Python function gives the same table, in this process and on two worker processes
    bots = [mine, factory, "expected"]
    assert play_tournament("pushover", bots, games=6) == rows
    assert play_tournament("pushover", bots, games=6, workers=2) == rows


@pytest.mark.parametrize(
    ("bot", "message"),
    [
        ("no_such_module:Bot", "cannot import 'no_such_module' (ModuleNotFoundError"),
        ("tests.tournament_bots:Missing", "has no attribute 'Missing'"),
        ("tests.tournament_bots:NUMBER", "is an int, not a class or factory"),
        ("tests.tournament_bots:NoAct", "made a NoAct, not an agent"),
        ("tests.tournament_bots:broken", "failed to start (RuntimeError: this bot is broken)"),
        (":Bot", "give an importable module:attribute"),
        ("tests.tournament_bots:", "give an importable module:attribute"),
    ],
)
def test_a_bad_bot_spec_is_one_line(
    bot: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["tournament", "pushover", "--bots", f"random,{bot}", "--games", "2"])
    assert code == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1 and err.startswith("pusher")
    with pytest.raises(UserError, match="bot"):
        play_tournament("pushover", ["random", bot], games=2)


# -- outside bots that fail -----------------------------------------------------------------

UNLUCKY = "tests.tournament_bots:Unlucky"


@pytest.mark.parametrize("workers", [1, 2])
def test_a_bot_that_raises_is_one_line_and_the_games_before_it_are_kept(
    workers: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Unlucky's code raises at move 6 of game 18 (the chance comes from the move's generator,
    so whoever plays it): one line naming the bot, the game, its seed and the move; the games
    finished before it are in --out, whose provenance says the run stopped and why."""
    out = tmp_path / "t.parquet"
    argv = ["tournament", "pushover", "--bots", f"{UNLUCKY},expected", "--games", "20"]
    err = one_line_error(capsys, [*argv, "--workers", str(workers), "--out", str(out)])
    assert f"bot {UNLUCKY!r} raised RuntimeError: the bot's own bug" in err
    assert "in game 18 of" in err and "seed 204486561" in err and "move 6" in err
    facts = provenance_of(out)
    assert facts["complete"] is False and "game 18" in facts["stopped"]
    saved = pq.read_table(out).to_pylist()
    assert saved[0]["games"] == facts["games_played"] and f"{saved[0]['games']} finished" in err
    if workers == 1:  # one process plays the games in order: exactly those before game 18
        assert saved[0]["games"] == 17


QUITTER = "tests.tournament_bots:Quitter"


@pytest.mark.parametrize("workers", [1, 2])
def test_a_bot_that_quits_is_named_and_the_games_before_it_are_kept(
    workers: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 36, item 7: ``sys.exit`` in a bot's code is the bot's failure like any other."""
    out = tmp_path / "t.parquet"
    argv = ["tournament", "pushover", "--bots", f"{QUITTER},expected", "--games", "20"]
    err = one_line_error(capsys, [*argv, "--workers", str(workers), "--out", str(out)])
    assert f"bot {QUITTER!r} raised SystemExit: the bot quit" in err
    assert "in game 18 of" in err and "move 6" in err
    facts = provenance_of(out)
    assert facts["complete"] is False and "game 18" in facts["stopped"]
    assert pq.read_table(out).to_pylist()[0]["games"] == facts["games_played"] > 0


LEARNER = "tests.tournament_bots:Learner"


def learners(games: int) -> Tournament:
    return Tournament("pushover", (LEARNER, "expected", "random"), games, 3, {"players": 2})


def test_a_bot_that_keeps_state_plays_the_same_for_any_number_of_workers() -> None:
    """Issue 36, item 8: each bot is built once per series of a pairing's games, in whichever
    process plays the series, so a bot that learns plays the same with 1 or 2 workers."""
    t = learners(2 * SERIES_GAMES + 10)
    alone = run(t)
    with ProcessPoolExecutor(max_workers=2) as pool:
        assert run(t, pool) == alone


@pytest.mark.parametrize("workers", [1, 2])
def test_each_bot_is_built_once_per_series_for_any_number_of_workers(workers: int) -> None:
    t = learners(2 * SERIES_GAMES + 10)  # three series in each of the Learner's two pairings
    Learner.BUILT.clear()
    if workers == 1:
        run(t)
    else:
        with ThreadPoolExecutor(max_workers=workers) as pool:
            run(t, pool)
    assert len(Learner.BUILT) == 1 + 2 * 3  # once by the check before any game, then per series


@pytest.mark.parametrize("workers", [1, 2])
def test_a_bots_illegal_move_names_the_bot_for_any_number_of_workers(
    workers: int, capsys: pytest.CaptureFixture[str]
) -> None:
    """Once a TypeError from unpickling IllegalMove and a BrokenProcessPool with two workers,
    and with one a line naming neither the bot nor the game."""
    argv = ["tournament", "pushover", "--bots", "expected,tests.tournament_bots:NoMove"]
    err = one_line_error(capsys, [*argv, "--games", "4", "--workers", str(workers)])
    assert "bot 'tests.tournament_bots:NoMove' chose None, which the rules refuse (O2:" in err
    # NoMove fails in every game; with two workers whichever game's failure arrives first
    game = 1 if workers == 1 else int(err.split("in game ")[1].split()[0])
    assert f"in game {game} of expected v tests.tournament_bots:NoMove (seed " in err
    assert 1 <= game <= 4
    with pytest.raises(UserError, match="NoMove"):
        play_tournament("pushover", ["random", "tests.tournament_bots:NoMove"], workers=workers)


def test_a_bot_beside_the_command_is_found_as_python_m_finds_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--bots mybot:MyBot`` run in the folder holding mybot.py, with no PYTHONPATH."""
    (tmp_path / "mybot_beside.py").write_text(
        "class MyBot:\n"
        "    def __init__(self, game):\n"
        "        pass\n"
        "    def act(self, state, seat, legal, rng):\n"
        "        return legal[-1]\n"
    )
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", [p for p in sys.path if p not in ("", str(tmp_path))])
    rows = play_tournament("pushover", ["mybot_beside:MyBot", "expected"], games=2)
    assert rows[0]["bot"] == "mybot_beside:MyBot" and rows[0]["games"] == 2


def test_the_table_stays_aligned_with_long_bot_names(capsys: pytest.CaptureFixture[str]) -> None:
    long = "tests.tournament_bots:FirstLegal"
    argv = ["tournament", "pushover", "--bots", f"{long},expected,random", "--games", "4"]
    assert main(argv) == 0
    lines = capsys.readouterr().out.splitlines()
    header, rows = lines[1], lines[2:5]
    start = header.index("opponent")
    assert all(row[start - 1] == " " != row[start] for row in rows)
    for column in ("games", "wins", "win rate"):  # numbers end under their heading's end
        end = header.index(column) + len(column)
        assert all(row[end - 1] != " " == row[end] for row in rows), column
    # the interval's ends line up too: each bracket and comma in the same column
    assert len({row.index(",", header.index("95%")) for row in rows}) == 1
    assert len({row.rindex("]") for row in rows}) == 1


def test_an_interrupted_tournament_keeps_its_finished_games(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Ctrl-C (here at move 6 of game 18) once lost every game played: now the 17 finished
    are in --out, marked unfinished, and the exit status is the interrupt's."""
    out = tmp_path / "t.parquet"
    argv = ["tournament", "pushover", "--bots", "tests.tournament_bots:CtrlC,expected"]
    code = main([*argv, "--games", "20", "--out", str(out)])
    err = capsys.readouterr().err
    assert code == 130 and err == f"pusher: interrupted; 17 finished games kept in {out}\n"
    assert pq.read_table(out).to_pylist()[0]["games"] == 17
    facts = provenance_of(out)
    assert facts["complete"] is False and facts["stopped"] == "interrupted"
