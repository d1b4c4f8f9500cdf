"""Outcome maps: the mean of one measure over two parameters, as a heat map.

The same picture serves three questions: how a measure depends on two parameters, which aim is
best from a position (``best`` rings the cell with the highest mean), and where the game is
chaotic (the measure ``sensitivity``).
"""

from __future__ import annotations

from pathlib import Path

import pyarrow as pa

from pusher_sim.atomic import atomic_file
from pusher_sim.errors import UserError
from pusher_sim.running.plot_path import check_plot_path

AXIS_LABELS = {
    "angle": "flick direction (degrees)",
    "speed": "flick speed (m/s)",
    "press": "press offset (fraction of the inradius)",
    "press_angle": "press direction (degrees)",
    "strength": "press strength (0 to 1)",
    "balls": "balls on the board",
    "tilt": "tilt (rad)",
    "cup_depth": "cup depth (m)",
}
"""Axis labels with units for the parameters most often plotted; others show their name."""


def outcome_map(
    table: pa.Table, x: str, y: str, measure: str, path: str | Path, best: bool = False
) -> Path:
    """Save a heat map of mean ``measure`` over the (x, y) grid to ``path`` (PNG, SVG, PDF)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import numpy as np

    out = check_plot_path(path)
    for name in (x, y, measure):
        if name not in table.column_names:
            raise UserError(f"cannot plot {name!r}: not a column of the table")
    if table.num_rows == 0:
        raise UserError("cannot plot an empty table")
    columns = table.select([x, y, measure])
    if pa.types.is_boolean(columns.schema.field(measure).type):
        columns = columns.set_column(2, measure, columns[measure].cast(pa.int8()))
    if not (
        pa.types.is_integer(columns.schema.field(measure).type)
        or pa.types.is_floating(columns.schema.field(measure).type)
    ):
        raise UserError(f"cannot plot {measure!r}: it is not a number")
    means = columns.group_by([x, y]).aggregate([(measure, "mean")])
    xs = sorted(set(means[x].to_pylist()))
    ys = sorted(set(means[y].to_pylist()))
    grid = np.full((len(ys), len(xs)), np.nan)
    for vx, vy, m in zip(
        means[x].to_pylist(),
        means[y].to_pylist(),
        means[f"{measure}_mean"].to_pylist(),
        strict=True,
    ):
        grid[ys.index(vy), xs.index(vx)] = m
    fig, ax = plt.subplots(figsize=(7, 5), dpi=110)
    image = ax.imshow(grid, origin="lower", aspect="auto", cmap="viridis")
    step_x = max(1, len(xs) // 16)
    step_y = max(1, len(ys) // 16)
    ax.set_xticks(range(0, len(xs), step_x), [f"{v:.3g}" for v in xs[::step_x]], rotation=45)
    ax.set_yticks(range(0, len(ys), step_y), [f"{v:.3g}" for v in ys[::step_y]])
    ax.set_xlabel(AXIS_LABELS.get(x, x))
    ax.set_ylabel(AXIS_LABELS.get(y, y))
    title = f"mean {measure} per push ({table.num_rows} pushes)"
    if best:
        row, col = np.unravel_index(int(np.nanargmax(grid)), grid.shape)
        ax.scatter([col], [row], s=220, facecolors="none", edgecolors="red", linewidths=2)
        title += f"\nbest: {x} {xs[col]:.3g}, {y} {ys[row]:.3g} ({grid[row, col]:.3g})"
    ax.set_title(title)
    fig.colorbar(image, ax=ax, label=measure)
    fig.tight_layout()
    fmt = out.suffix.lower().lstrip(".")
    with atomic_file(out) as handle:
        fig.savefig(handle, format=fmt)
    plt.close(fig)
    return out
