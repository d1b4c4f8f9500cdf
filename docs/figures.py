"""The figures of docs/physics.md, one per idea, drawn from the model itself.

Run: ``.venv/bin/python docs/figures.py`` (about half a minute); writes ``docs/bowl.png``,
``docs/follow-through.png`` and ``docs/energy.png``. The press-strength curve has its own
script, ``benchmarks/press_strength.py``.
"""

from __future__ import annotations

import math
import random
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np

from pusher_sim.atomic import atomic_file
from pusher_sim.benchmarking import random_push
from pusher_sim.board import Board, Colour
from pusher_sim.physics import BoardSpace, PhysicsConfig, PushSimulation
from pusher_sim.physics.cups import board_bowl_energy
from pusher_sim.push_resolution import PushSpec

HERE = Path(__file__).resolve().parent
BOARD = Board()
CFG = PhysicsConfig()


def _save(fig: plt.Figure, name: str) -> None:
    fig.tight_layout()
    with atomic_file(HERE / name) as fh:
        fig.savefig(fh, format="png")
    plt.close(fig)
    print(f"wrote docs/{name}")


def _leaves(speed: float, heading: float) -> bool:
    model = BoardSpace(BOARD, CFG, sleeping=False)
    i = model.add_ball(
        Colour.RED, (0.0, 0.0), (speed * math.cos(heading), speed * math.sin(heading))
    )
    for _ in range(400):
        model.step(CFG.settle_check_interval)
        model.rehome()
        if model.state.cup[i] != BOARD.index((0, 0)):
            return True
        if model.velocity(i) == (0.0, 0.0):
            return False
    return False


def bowl() -> None:
    """The cup: bowl height about the nearest centre, and the speed to leave it by heading."""
    fig, (ax, bx) = plt.subplots(1, 2, figsize=(10, 4.2), dpi=100)
    k = CFG.bowl_stiffness(BOARD.pitch)
    rim = 0.125 * k * BOARD.pitch**2
    span = 1.6 * BOARD.pitch
    xs = np.linspace(-span, span, 241)
    grid = np.array([[board_bowl_energy(BOARD, k, x, y) / rim for x in xs] for y in xs])
    im = ax.imshow(grid, origin="lower", extent=[-span * 1e3, span * 1e3] * 2, cmap="viridis")
    fig.colorbar(im, ax=ax, label="height / cup depth")
    ax.set_title("Bowl about the nearest cup centre")
    ax.set_xlabel("x, mm")
    ax.set_ylabel("y, mm")
    degrees = list(range(0, 61, 5))
    measured = []
    for d in degrees:
        lo, hi = 0.1, 0.3
        for _ in range(10):
            mid = 0.5 * (lo + hi)
            lo, hi = (lo, mid) if _leaves(mid, math.radians(d)) else (mid, hi)
        measured.append(hi)
    fine = np.linspace(0, 60, 121)
    bx.plot(
        fine,
        [CFG.escape_speed_at(BOARD.pitch, math.radians(d)) for d in fine],
        label="rim point crossed (formula)",
    )
    bx.plot(degrees, measured, "o", label="model (bisection)")
    bx.set_xlabel("heading from the edge's normal, degrees (30 = a corner)")
    bx.set_ylabel("speed to leave the cup, m/s")
    bx.set_title("Escape speed by heading")
    bx.legend()
    bx.grid(alpha=0.3)
    _save(fig, "bowl.png")


def follow_through() -> None:
    """A rolling ball strikes a resting one head-on: speeds of the balls and their spins."""
    cfg = CFG.with_(cup_depth=0.0)
    model = BoardSpace(Board(radius=14), cfg, sleeping=False)
    v = 0.8
    a = model.add_ball(Colour.RED, (-0.03, 0.0), (v, 0.0))
    b = model.add_ball(Colour.BLUE, (0.0, 0.0))
    t, rows = [], []
    for step in range(90):
        model.step()
        t.append((step + 1) * cfg.time_step * 1e3)
        rows.append(
            (
                model.velocity(a)[0],
                model.spin_velocity(a)[0],
                model.velocity(b)[0],
                model.spin_velocity(b)[0],
            )
        )
    rows_a = np.array(rows) / v
    fig, ax = plt.subplots(figsize=(6.5, 3.8), dpi=100)
    for col, label, style in zip(
        range(4),
        ("striker", "striker's spin", "struck", "struck's spin"),
        ("-", ":", "-", ":"),
        strict=True,
    ):
        ax.plot(t, rows_a[:, col], style, label=label)
    e = cfg.restitution_ball
    for level in (5 / 7 * (1 - e) / 2 + 2 / 7, 5 / 7 * (1 + e) / 2):
        ax.axhline(level, color="grey", lw=0.6)
    ax.set_xlabel("time, ms")
    ax.set_ylabel("speed / incoming speed")
    ax.set_title(f"Head-on, rolling, e = {e}: both end rolling (grey: the formula)")
    ax.legend(loc="right")
    ax.grid(alpha=0.3)
    _save(fig, "follow-through.png")


def energy() -> None:
    """Energy over one push: the plain sum ripples, the integrator's own never rises."""
    balls, spec = random_push(BOARD, random.Random(3))
    spec = PushSpec(spec.triangle, spec.colour, spec.offset, 1.0, 1.2, 1.0)
    sim = PushSimulation(BOARD, balls, spec, CFG)
    t, plain, shadow, press_end = [], [], [], None
    while not sim.done:
        sim.step(1)
        if press_end is None and not sim.press.ledger.on_top:
            press_end = sim.sim_time
        t.append(sim.sim_time)
        plain.append(sim.energy() * 1e3)
        shadow.append(
            (sim.model.energy(shadow=True) if not sim.press.ledger.on_top else sim.energy()) * 1e3
        )
    fig, ax = plt.subplots(figsize=(6.5, 3.8), dpi=100)
    ax.plot(t, plain, lw=0.8, label="kinetic + spin + bowl")
    ax.plot(t, shadow, lw=0.8, label="the same as the integrator keeps it")
    if press_end is not None:
        ax.axvline(press_end, color="grey", lw=0.6, label="the pressed ball drops in")
    ax.set_xlabel("time, s")
    ax.set_ylabel("energy, mJ")
    ax.set_yscale("log")
    ax.set_title("One push on a 30-ball board, hardest press and flick")
    ax.legend()
    ax.grid(alpha=0.3)
    _save(fig, "energy.png")


if __name__ == "__main__":
    bowl()
    follow_through()
    energy()
