"""P8's hand: the table's hand makes every push aimed, drawn from the match's seeded generator;
the log records the push aimed and the push made; saved games from before the hand load as
``exact`` and replay unchanged."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pusher_sim.errors import ConfigError, CorruptFile, UserError
from pusher_sim.pusher import Push, PusherConfig
from pusher_sim.pusher.hand import DEFAULT_HAND, HANDS, Hand, hand_draws
from pusher_sim.pusher.state import PusherGame, PusherState
from pusher_sim.turnloop import Match, get_spec
from pusher_sim.turnloop.log import GameLog, replay
from pusher_sim.turnloop.simulate import simulate
from tests.pusher_positions import P4_TRIANGLE, DrawnOutcome, make
from tests.saved_logs import PUSHER_SCRIPTED
from tests.test_pusher_rules import AFTER_NO_RETURNS

TRI = ((-2, 0), (-2, 1), (-1, 0))
FIXTURES = Path(__file__).resolve().parent / "fixtures"
AFTER = AFTER_NO_RETURNS
"""Where the drawn resolver leaves the balls of :data:`P4_TRIANGLE` and the pushed one."""


def test_p8_the_tables_hand_makes_the_push_aimed_and_the_physics_resolves_the_push_made() -> None:
    drawn = DrawnOutcome(AFTER)
    state = make(P4_TRIANGLE, resolver=drawn)
    assert state.game.config.hand == HANDS[DEFAULT_HAND]
    aimed = Push(TRI, (0.001, -0.0005), 1.0, 0.5, 0.6)
    made = state.made_push(aimed)
    colour = state.colour
    state.apply(aimed)
    assert drawn.pushes == [made.spec(colour)] and made != aimed
    assert made.triangle == aimed.triangle and state.last_hand == (aimed, made)
    assert state.logged_outcome()["made"]["strength"] == made.strength  # type: ignore[index]


def test_p8_a_made_push_records_both_pushes_and_replays_with_them() -> None:
    spec = get_spec("pusher")
    game = spec.make_game({**PUSHER_SCRIPTED, "players": 2})
    match = Match(game, spec.make_agents(game, ["greedy", "random"]), seed=5)
    match.run(max_steps=60)
    pushes = [n for n, a in enumerate(match.log.actions) if a["type"] == "Push"]
    assert pushes and all("made" in (match.log.outcome(n) or {}) for n in pushes)
    data = json.loads(json.dumps(match.log.to_json()))
    assert data["config"]["hand"]["name"] == DEFAULT_HAND
    log = GameLog.from_json(data)
    made_seen: list[Any] = []
    aimed_seen: list[Push] = []

    def each(step: Any) -> None:
        if isinstance(step.action, Push):
            aimed_seen.append(step.action)
            made_seen.append(step.state.last_hand)

    again = replay(spec.make_game(log.config), log, each=each)
    assert again == match.state
    assert all(
        m is not None and m[0] == a for m, a in zip(made_seen, aimed_seen, strict=True)
    ) and len(made_seen) == len(pushes)


@pytest.mark.parametrize("name", ["steady", "ordinary", "shaky"])
def test_p8_made_pushes_differ_from_the_aimed_one_by_the_hands_spread(name: str) -> None:
    """Over 4,000 seeded draws each part of the push made is off the aim by the hand's spread
    (within 5% of it) and unbiased; nothing is clipped at a centred, moderate aim."""
    hand = HANDS[name]
    board = make(P4_TRIANGLE).game.board
    aimed = Push(TRI, (0.0, 0.0), 1.0, 0.5, 0.5)
    draws = 4000
    made = [hand.make(aimed, board, 1.0, 1.5, hand_draws(7, n)) for n in range(draws)]
    dx = np.array([m.offset[0] for m in made]) * 1000
    dy = np.array([m.offset[1] for m in made]) * 1000
    strength = np.array([m.strength / aimed.strength - 1 for m in made]) * 100
    angle = np.degrees(np.array([m.angle - aimed.angle for m in made]))
    speed = np.array([m.speed / aimed.speed - 1 for m in made]) * 100
    for got, spread in (
        (dx, hand.press_point_mm),
        (dy, hand.press_point_mm),
        (strength, hand.strength_pct),
        (angle, hand.direction_deg),
        (speed, hand.speed_pct),
    ):
        assert abs(got.std() / spread - 1) < 0.05
        assert abs(got.mean()) < 4 * spread / math.sqrt(draws)


def test_p8_the_exact_hand_makes_every_push_as_aimed() -> None:
    drawn = DrawnOutcome(AFTER)
    state = make(P4_TRIANGLE, resolver=drawn, hand="exact")
    aimed = Push(TRI, (0.001, -0.0005), 1.0, 0.5, 0.6)
    assert state.made_push(aimed) == aimed
    colour = state.colour
    state.apply(aimed)
    assert drawn.pushes == [aimed.spec(colour)] and state.last_hand is None
    assert "made" not in (state.logged_outcome() or {})


@settings(max_examples=60, deadline=None)
@given(
    u=st.floats(0.0, 1.0),
    v=st.floats(0.0, 1.0),
    strength=st.floats(0.0, 1.0),
    speed=st.floats(0.0, 1.0),
    seed=st.integers(0, 2**32),
    name=st.sampled_from(sorted(HANDS)),
    region=st.sampled_from([0.0, 0.3, 1.0]),
)
def test_p8_a_made_push_is_always_legal(
    u: float, v: float, strength: float, speed: float, seed: int, name: str, region: float
) -> None:
    """Whatever the aim (a press point on the region's edge, the hardest flick) and the draw,
    the push made passes P8's checks: the hand never makes an illegal push."""
    state = make(P4_TRIANGLE, hand=name, press_region=region)
    board = state.game.board
    a, b = sorted((u, v))
    offset = board.press_offset(TRI, (a, b - a, 1.0 - b), region)
    top = state.game.resolver.max_flick_speed
    aimed = Push(TRI, offset, 0.3, speed * top, strength)
    assert state.is_legal(aimed)
    state.seed_draws(seed)
    assert state.is_legal(state.made_push(aimed))


def test_p8_the_push_made_is_a_function_of_the_seed_and_the_move() -> None:
    aimed = Push(TRI, (0.0, 0.0), 1.0, 0.5)
    first, second = make(P4_TRIANGLE), make(P4_TRIANGLE)
    first.seed_draws(11)
    second.seed_draws(11)
    assert first.made_push(aimed) == second.made_push(aimed)
    second.seed_draws(12)
    assert first.made_push(aimed) != second.made_push(aimed)
    assert first.clone().made_push(aimed) == first.made_push(aimed)


def test_p8_one_and_two_workers_agree_under_a_hand() -> None:
    config = {**PUSHER_SCRIPTED, "hand": "shaky"}
    spec = get_spec("pusher")
    one = simulate(spec, ["greedy", "random"], 4, 3, config, workers=1)
    two = simulate(spec, ["greedy", "random"], 4, 3, config, workers=2)
    for timed in ("seconds", "games_per_second"):
        del one[timed], two[timed]
    assert one == two


def test_p8_a_new_game_gets_the_default_hand_and_a_named_one_on_request() -> None:
    assert PusherConfig().hand.name == DEFAULT_HAND
    assert PusherConfig.from_mapping({}).hand.name == DEFAULT_HAND
    assert PusherConfig.from_mapping({"hand": "shaky"}).hand == HANDS["shaky"]
    assert HANDS["exact"].exact and not HANDS[DEFAULT_HAND].exact


@pytest.mark.parametrize(
    ("hand", "says"),
    [
        ("firm", "unknown hand 'firm'"),
        (
            {
                "name": "x",
                "press_point_mm": -1,
                "strength_pct": 1,
                "direction_deg": 1,
                "speed_pct": 1,
            },
            "out of range",
        ),
        ({"name": "x", "press_point_mm": 1}, "lacks"),
        (3, "must be an object"),
    ],
)
def test_a_bad_hand_is_one_line(hand: Any, says: str) -> None:
    with pytest.raises(ConfigError) as err:
        PusherConfig.from_mapping({"hand": hand})
    assert says in str(err.value) and "\n" not in str(err.value)


def test_a_hand_refuses_a_negative_or_huge_spread() -> None:
    with pytest.raises(ConfigError):
        Hand("x", 0.5, -1.0, 3.0, 5.0)
    with pytest.raises(ConfigError):
        Hand("x", 50.0, 1.0, 3.0, 5.0)


# -- saved games from before the hand -----------------------------------------------------------


def _fixture(name: str) -> tuple[GameLog, list[Any]]:
    log = GameLog.load(FIXTURES / f"{name}.json")
    states = json.loads((FIXTURES / f"{name}.states.json").read_text())["states"]
    return log, states


@pytest.mark.parametrize("name", ["model7-saved-game", "model6-saved-game"])
def test_a_save_from_before_the_hand_loads_as_exact_and_replays_unchanged(name: str) -> None:
    log, states = _fixture(name)
    assert "hand" not in log.config
    game = get_spec("pusher").make_game(log.config)
    assert isinstance(game, PusherGame) and game.config.hand == HANDS["exact"]
    seen: list[Any] = []
    replay(game, log, each=lambda s: seen.append(s.state.to_json()))
    if name.startswith("model7"):  # model 6's pushes are worked out again by model 6
        assert seen == states[1:]
    else:
        assert seen[-1]["balls"] == states[-1]["balls"]
    assert game.config_json()["hand"]["name"] == "exact"


def test_a_save_from_before_the_hand_continues_with_exact_pushes() -> None:
    log, _ = _fixture("model7-saved-game")
    log.truncate(12)
    spec = get_spec("pusher")
    game = spec.make_game(log.config)
    match = Match(game, spec.make_agents(game, ["greedy", "greedy"]), log=log)
    while not any(a["type"] == "Push" for a in match.log.actions[12:]):
        match.step()
    assert isinstance(match.state, PusherState) and match.state.last_hand is None
    assert all("made" not in (o or {}) for o in match.log.outcomes)


def _made_log() -> Any:
    spec = get_spec("pusher")
    game = spec.make_game({**PUSHER_SCRIPTED, "players": 2})
    match = Match(game, spec.make_agents(game, ["greedy", "random"]), seed=5)
    match.run(max_steps=60)
    return json.loads(json.dumps(match.log.to_json()))


@pytest.mark.parametrize(
    ("edit", "says"),
    [
        (lambda made: made.update(offset=[0.5, 0.0]), "the recorded push made is impossible"),
        (lambda made: made.update(strength=2.0), "out of range"),
        (lambda made: made.pop("speed"), "lacks 'speed'"),
    ],
)
def test_a_damaged_push_made_is_one_line(edit: Any, says: str) -> None:
    data = _made_log()
    n = next(n for n, a in enumerate(data["actions"]) if a["type"] == "Push")
    edit(data["outcomes"][n]["made"])
    log = GameLog.from_json(data)
    with pytest.raises(CorruptFile) as err:
        replay(get_spec("pusher").make_game(log.config), log)
    assert says in str(err.value) and "\n" not in str(err.value)


def test_the_terminal_and_pusher_replay_tell_what_the_hand_made_of_a_push(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from pusher_sim.cli import main
    from pusher_sim.pusher.text import PusherTextUI

    data = _made_log()
    log = GameLog.from_json(data)
    game = get_spec("pusher").make_game(log.config)
    assert isinstance(game, PusherGame)
    n = next(n for n, a in enumerate(data["actions"]) if a["type"] == "Push")
    state = replay(
        game,
        GameLog.from_json(
            {
                **data,
                "actions": data["actions"][: n + 1],
                "movers": data["movers"][: n + 1],
                "outcomes": data["outcomes"][: n + 1],
            }
        ),
    )
    assert "the hand made the last push: " in PusherTextUI(game).render(state, 0)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data))
    assert main(["replay", str(path), "--verbose"]) == 0
    listed = capsys.readouterr().out.splitlines()[n]
    assert ": pressed " in listed and "; the hand: " in listed


# -- the environments ---------------------------------------------------------------------------


def test_the_gymnasium_env_takes_the_hand_as_a_setting_and_draws_it_from_its_seed() -> None:
    from pusher_sim.envs.pusher_push import PusherPushEnv

    def made_after_reset(hand: str, seed: int) -> tuple[Push, Push]:
        env = PusherPushEnv(
            game={**PUSHER_SCRIPTED, "hand": hand}, opponent="random", placer="random"
        )
        env.reset(seed=seed)
        aimed = env.state.legal_actions()[0]
        assert isinstance(aimed, Push)
        return aimed, env.state.made_push(aimed)

    aimed, made = made_after_reset("exact", 4)
    assert made == aimed
    aimed, made = made_after_reset("shaky", 4)
    assert made != aimed and made_after_reset("shaky", 4) == (aimed, made)
    assert made_after_reset("shaky", 5)[1] != made


def test_the_pettingzoo_and_openspiel_games_take_the_hand_as_a_setting() -> None:
    import pyspiel

    from pusher_sim.envs import pusher_v0
    from pusher_sim.envs.openspiel import register

    env = pusher_v0.raw_env(**{**PUSHER_SCRIPTED, "hand": "steady"})
    assert env.game.config.hand == HANDS["steady"]  # type: ignore[attr-defined]
    register()
    game = pyspiel.load_game("python_pusher", {"resolver": "scripted", "hand": "exact"})
    assert game.get_parameters()["hand"] == "exact"
    assert pyspiel.load_game("python_pusher").get_parameters()["hand"] == DEFAULT_HAND


def test_a_save_older_than_pinned_physics_loads_as_exact_too() -> None:
    """The shipped screenshot game (pusher-log/1, no physics model named): a saved game's config
    has always had every rule field, so it reads as a log's, from before the hand."""
    log = GameLog.load(Path(__file__).resolve().parent.parent / "assets" / "screenshot-game.json")
    assert "physics_model" not in log.config and "hand" not in log.config
    game = get_spec("pusher").make_game(log.config)
    assert isinstance(game, PusherGame) and game.config.hand == HANDS["exact"]


# -- pusher experiment --------------------------------------------------------------------------


def test_an_experiment_is_exact_by_default_and_takes_a_hand(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A grid push is made by the spec's hand (default ``exact``: the push of the grid point
    itself), drawn from the point's seed; the hand round-trips through a spec file."""
    from pusher_sim.experiment.params import parse_grid
    from pusher_sim.experiment.plan import Plan
    from pusher_sim.experiment.run import Job
    from pusher_sim.experiment.spec import Spec, load_spec
    from pusher_sim.physics import PhysicsConfig, PhysicsResolver

    pushes: list[Any] = []
    real = PhysicsResolver.resolve

    def spy(self: PhysicsResolver, board: Any, balls: Any, push: Any) -> Any:
        pushes.append(push)
        return real(self, board, balls, push)

    monkeypatch.setattr(PhysicsResolver, "resolve", spy)
    plan = Plan(grids=(parse_grid("speed=1.2"), parse_grid("angle=30")), seed=4)
    for hand in ("exact", "shaky", "shaky"):
        job = Job(plan, PhysicsConfig(), hand=hand)
        for k in range(job.n_chunks):
            job.run_chunk(k)
    exact, shaky, again = pushes
    assert exact.speed == 1.2 and math.degrees(exact.angle) == pytest.approx(30.0)
    assert shaky != exact and shaky == again
    assert Spec().hand == "exact"
    path = tmp_path / "spec.toml"
    path.write_text(Spec(hand="steady").to_toml())
    assert load_spec(path).hand == "steady"
    with pytest.raises(UserError):
        Spec(hand="firm")
