"""docs/spec.md, the reference of the TOML experiment spec, cannot go stale: it names every key
the parser accepts, every parameter, physics field and measure, gives the parser's defaults, and
its example is a spec the parser reads."""

from __future__ import annotations

import re
from dataclasses import fields
from pathlib import Path

import pytest

from pusher_sim.experiment import spec as spec_module
from pusher_sim.experiment.params import BOUNDS, PUSH_PARAMS, SCENARIO_PARAMS
from pusher_sim.experiment.run import MEASURES
from pusher_sim.experiment.spec import Spec, load_spec
from pusher_sim.physics import PhysicsConfig

PAGE = Path(__file__).resolve().parents[1] / "docs" / "spec.md"
TEXT = PAGE.read_text(encoding="utf-8")
NAMED = set(re.findall(r"`\[?([a-z_]+)\]?`", TEXT))


def rows(section: str) -> dict[str, list[str]]:
    """The table rows under a heading: the first cell's key and the other cells."""
    part = TEXT.split(f"## {section}", 1)[1].split("\n## ", 1)[0]
    out: dict[str, list[str]] = {}
    for line in part.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("| `") and cells:
            out[cells[0].strip("`")] = cells[1:]
    return out


def test_the_page_names_every_key_the_parser_accepts() -> None:
    keys = spec_module.TOP | spec_module.TABLES | spec_module.OUTPUT | spec_module.MEASURE
    assert not keys - NAMED
    for table in spec_module.TABLES:
        assert f"[{table}]" in TEXT
    params = set(PUSH_PARAMS) | set(SCENARIO_PARAMS)
    assert params <= set(rows("`[grid]`"))
    physics = {f.name for f in fields(PhysicsConfig)}
    assert not physics - NAMED
    assert not set(MEASURES) - NAMED


def test_the_page_gives_the_parsers_defaults(tmp_path: Path) -> None:
    empty = tmp_path / "empty.toml"
    empty.write_text("")
    parsed = load_spec(empty)
    assert parsed == Spec(n_samples=100)
    defaults = {
        "seed": parsed.seed,
        "samples": parsed.n_samples,
        "repeats": parsed.repeats,
        "out": parsed.out,
        "x": parsed.x,
        "y": parsed.y,
        "measure": parsed.measure,
        "best": parsed.best,
        "perturb_press": parsed.perturb_press,
        "perturb_angle": parsed.perturb_angle,
    }
    table = {**rows("Top-level keys"), **rows("`[measure]`"), **rows("`[output]`")}
    for key, value in defaults.items():
        shown = re.match(r"`([^`]*)`", table[key][1])
        assert shown is not None, key
        text = shown.group(1).strip('"')
        if isinstance(value, bool):
            assert text == str(value).lower(), key
        elif isinstance(value, str):
            assert text == value, key
        else:
            assert float(text) == value, key


def test_the_page_gives_the_parsers_bounds() -> None:
    assert f"0 to {spec_module.MAX_PERTURB_PRESS} m" in rows("`[measure]`")["perturb_press"][2]
    assert (
        f"0 to {spec_module.MAX_PERTURB_ANGLE:g} degrees" in rows("`[measure]`")["perturb_angle"][2]
    )
    assert f"1 to {spec_module.MAX_CHUNK:,}" in rows("Top-level keys")["chunk"][2]
    grid = rows("`[grid]`")
    for name, (low, _high) in BOUNDS.items():
        assert f"{low:g} to" in grid[name][1], name


def test_the_pages_example_is_a_spec_the_parser_reads(tmp_path: Path) -> None:
    example = TEXT.split("```toml\n", 1)[1].split("```", 1)[0]
    path = tmp_path / "example.toml"
    path.write_text(example)
    parsed = load_spec(path)
    assert parsed.seed == 1 and parsed.n_samples == 6 and parsed.measure == "share_pusher"
    assert {g.name for g in parsed.grids} == {"tilt", "cup_depth", "strength"}
    assert parsed.physics == (("restitution_rim", 0.4),)
    assert parsed.perturb_press == pytest.approx(0.0005)
