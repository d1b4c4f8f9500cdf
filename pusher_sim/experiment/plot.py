"""Outcome maps: the mean of one measure over two varied parameters, as a heat map."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

from pusher_sim.errors import UserError
from pusher_sim.experiment.run import Row

AXIS_LABELS = {
    "angle": "flick direction (degrees)",
    "speed": "flick speed (m/s)",
    "press": "press offset (fraction of the inradius)",
    "press_angle": "press direction (degrees)",
    "balls": "balls on the board",
    "tilt": "tilt (rad)",
    "cup_depth": "cup depth (m)",
}
"""Axis labels with units for the parameters most often plotted; others show their name."""


def outcome_map(rows: list[Row], x: str, y: str, measure: str, path: str | Path) -> Path:
    """Save a heat map of mean ``measure`` over the (x, y) grid to ``path`` (PNG, SVG, PDF)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import numpy as np

    for name in (x, y, measure):
        if not rows or name not in rows[0]:
            raise UserError(f"cannot plot {name!r}: not a column of the table")
    cells: dict[tuple[float, float], list[float]] = defaultdict(list)
    for row in rows:
        cells[(float(row[x]), float(row[y]))].append(float(row[measure]))
    xs = sorted({k[0] for k in cells})
    ys = sorted({k[1] for k in cells})
    grid = np.full((len(ys), len(xs)), np.nan)
    for (vx, vy), values in cells.items():
        grid[ys.index(vy), xs.index(vx)] = float(np.mean(values))
    fig, ax = plt.subplots(figsize=(7, 5), dpi=110)
    image = ax.imshow(grid, origin="lower", aspect="auto", cmap="viridis")
    ax.set_xticks(range(len(xs)), [f"{v:.3g}" for v in xs], rotation=45)
    ax.set_yticks(range(len(ys)), [f"{v:.3g}" for v in ys])
    ax.set_xlabel(AXIS_LABELS.get(x, x))
    ax.set_ylabel(AXIS_LABELS.get(y, y))
    ax.set_title(f"mean {measure} per push ({len(rows)} pushes)")
    fig.colorbar(image, ax=ax, label=measure)
    fig.tight_layout()
    out = Path(path)
    out.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(out)
    plt.close(fig)
    return out
