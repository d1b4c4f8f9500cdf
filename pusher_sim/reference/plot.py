"""The validation figure: per strength bin, balls moved and returned in both models, and how
many cups agree."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pusher_sim.atomic import atomic_write_with


def figure(s: dict[str, Any], path: str | Path) -> None:
    """Draw the run's summary ``s`` (validate.summary) into ``path`` (png, svg or pdf)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    bins = [b for b in s["bins"] if b["pushes"]]
    x = [0.5 * sum(b["strength"]) for b in bins]
    fig, axes = plt.subplots(1, 3, figsize=(12, 3.6))
    for ax, what, title in (
        (axes[0], "moved", "balls moved out of their cups"),
        (axes[1], "returned", "balls returned to the trays"),
    ):
        ax.plot(x, [b[what]["2d"] for b in bins], "o-", label="2-D model")
        ax.plot(x, [b[what]["3d"] for b in bins], "s-", label="3-D reference")
        ax.set_xlabel("press strength")
        ax.set_title(title)
        ax.set_ylim(bottom=0)
        ax.legend()
    axes[2].plot(x, [b["agree"] for b in bins], "o-", color="k")
    axes[2].set_xlabel("press strength")
    axes[2].set_title(f"cups agreeing (of 91), {s['pushes']} pushes")
    fig.tight_layout()
    fmt = Path(path).suffix.lstrip(".").lower()
    atomic_write_with(path, lambda handle: fig.savefig(handle, format=fmt, dpi=100))
    plt.close(fig)
