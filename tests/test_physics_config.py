"""The physics config: defaults equal the shipped TOML; every bad file is one clear error."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from pusher_sim.errors import ConfigError
from pusher_sim.physics import DEFAULT_CONFIG_PATH, PhysicsConfig, load_config


def test_defaults_equal_shipped_toml() -> None:
    assert load_config(DEFAULT_CONFIG_PATH) == PhysicsConfig()
    assert load_config() == PhysicsConfig()


def test_shipped_toml_sets_every_field() -> None:
    text = DEFAULT_CONFIG_PATH.read_text()
    for name in PhysicsConfig.__dataclass_fields__:
        assert f"\n{name} = " in text, name


def test_partial_file_keeps_defaults(tmp_path: Path) -> None:
    path = tmp_path / "p.toml"
    path.write_text("cup_depth = 0.003\ntilt = 0.01\n")
    cfg = load_config(path)
    assert cfg.cup_depth == 0.003 and cfg.tilt == 0.01
    assert cfg.ball_radius == PhysicsConfig().ball_radius


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("[physics]\nbal_radius = 0.008\n", "unknown key 'bal_radius'"),
        ("[physics]\ncup_depth = 'deep'\n", "cup_depth must be a number"),
        ("[physics]\nsolver_iterations = 2.5\n", "solver_iterations must be an integer"),
        ("[physics]\nrestitution_ball = 1.5\n", "restitution_ball = 1.5 is out of range"),
        ("[physics]\nrolling_resistance = -0.1\n", "rolling_resistance = -0.1 is out of range"),
        ("[physics]\ncup_depth = nan\n", "cup_depth must be finite"),
        ("[physics\ncup_depth = 0.002\n", "is not valid TOML"),
        ("[physics]\ntime_step = 0.02\n", "too long"),
        ("[physics]\nmax_flick_speed = true\n", "max_flick_speed must be a number"),
        ("[physics]\nwake_off_cup = 1\n", "wake_off_cup must be true or false"),
        ("[physics]\nfirst_touch_contacts = 'yes'\n", "first_touch_contacts must be true or"),
        ("[physics]\npress_drop_time = -1.0\n", "press_drop_time = -1.0 is out of range"),
    ],
)
def test_bad_file_is_one_line_config_error(tmp_path: Path, text: str, fragment: str) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(text)
    with pytest.raises(ConfigError) as info:
        load_config(path)
    message = str(info.value)
    assert fragment in message
    assert "\n" not in message


def test_unreadable_file_is_config_error(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="cannot read physics config"):
        load_config(tmp_path / "missing.toml")


def test_config_is_frozen() -> None:
    cfg = PhysicsConfig()
    with pytest.raises(AttributeError):
        cfg.cup_depth = 1.0  # type: ignore[misc]


def test_derived_quantities_follow_from_depth() -> None:
    cfg = PhysicsConfig()
    pitch = 0.0165
    k = cfg.bowl_stiffness(pitch)
    # The bowl's energy at an edge midpoint is m g h (it acts on the ball, not its spin).
    assert 0.5 * k * (pitch / 2) ** 2 == pytest.approx(cfg.ball_mass * cfg.gravity * cfg.cup_depth)
    # A corner (r = pitch / sqrt 3) is 4/3 as high: the escape there costs that much more.
    corner = cfg.escape_speed_at(pitch, math.pi / 6) ** 2 - 2 * cfg.resistance_deceleration * (
        pitch / math.sqrt(3)
    )
    edge = cfg.escape_speed_at(pitch, 0.0) ** 2 - cfg.resistance_deceleration * pitch
    assert corner / edge == pytest.approx(4 / 3)
    assert cfg.escape_speed_at(pitch, 0.0) == pytest.approx(cfg.escape_speed(pitch))
    assert cfg.escape_speed_at(pitch, math.pi / 3) == pytest.approx(cfg.escape_speed(pitch))
    # Strength 0..1: the press's work (speed squared) grows linearly from gentle_press of the
    # hardest press's to all of it.
    assert cfg.press_speed_at(0.0) ** 2 == pytest.approx(cfg.gentle_press * cfg.press_speed**2)
    assert cfg.press_speed_at(1.0) == cfg.press_speed
    half = (cfg.press_speed_at(0.0) ** 2 + cfg.press_speed**2) / 2
    assert cfg.press_speed_at(0.5) ** 2 == pytest.approx(half)
    deeper = cfg.with_(cup_depth=2 * cfg.cup_depth)
    assert deeper.escape_speed(pitch) > cfg.escape_speed(pitch)
    assert cfg.stop_distance(0.2) == pytest.approx(0.04 / (2 * 0.02 * 9.81))
    assert math.isinf(cfg.with_(cup_depth=0.0).rest_offset(pitch))


def test_config_for_model_runs_the_current_model_and_refuses_an_unknown_one() -> None:
    from pusher_sim.physics import MODEL_VERSION
    from pusher_sim.physics.config import config_for_model

    assert config_for_model(MODEL_VERSION) == PhysicsConfig()
    assert config_for_model(MODEL_VERSION, {"tilt": 0.01}).tilt == 0.01
    with pytest.raises(ConfigError, match="not one this build can run"):
        config_for_model("0")
    with pytest.raises(ConfigError, match="unknown value"):
        config_for_model(MODEL_VERSION, {"warp": 1})


def test_model_6_runs_with_a_saved_games_values_and_its_own_switches() -> None:
    from pusher_sim.physics.config import config_for_model

    # A model-6 game's physics has no model-7 keys; any it has are overruled by model 6's.
    six = config_for_model("6", {"tilt": 0.01, "wake_off_cup": True})
    assert six.tilt == 0.01
    assert (six.first_touch_contacts, six.press_drop_time, six.wake_off_cup) == (
        False,
        3600.0,
        False,
    )
    assert six.time_step == 1 / 480
