"""The validation figure: per strength band, the share of triangle balls leaving their cups and
the balls moved by role in the reference and the 2-D model, and how many cups agree with the
reference for the 2-D model, "nothing moves" and the reference's own noise."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pusher_sim.atomic import atomic_write_with

LABELS = {"2d": "2-D model", "still": "nothing moves", "shift": "reference, press moved 1 µm"}


def figure(s: dict[str, Any], path: str | Path) -> None:
    """Draw the run's summary ``s`` (validate.summary) into ``path`` (png, svg or pdf)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    bins = [b for b in s["bins"] if b["pushes"]]
    x = [0.5 * sum(b["strength"]) for b in bins]
    fig, axes = plt.subplots(1, 3, figsize=(13, 3.8))
    ax = axes[0]
    for model, style, label in (("3d", "s-", "3-D reference"), ("2d", "o-", "2-D model")):
        ax.plot(x, [b["models"]["left_triangle"][model]["mean"] for b in bins], style, label=label)
    ax.set_title("share of triangle balls leaving their cups")
    ax.set_ylim(0, 1.05)
    ax = axes[1]
    for role, colour in (("triangle", "C0"), ("ring", "C1"), ("rest", "C2")):
        q = f"moved_{role}"
        ax.plot(
            x,
            [b["models"][q]["3d"]["mean"] for b in bins],
            "s-",
            color=colour,
            label=f"{role}, 3-D",
        )
        ax.plot(
            x,
            [b["models"][q]["2d"]["mean"] for b in bins],
            "o--",
            color=colour,
            label=f"{role}, 2-D",
        )
    ax.set_title("balls moved, by role")
    ax.set_ylim(bottom=0)
    ax = axes[2]
    for model, label in LABELS.items():
        if model in s["models"]["agree"]:
            runs = s["models"]["pushes"][model]
            y = [b["models"]["agree"].get(model, float("nan")) for b in bins]
            ax.plot(x, y, "o-", label=f"{label} ({runs} pushes)")
    ax.set_title("cups agreeing with the reference (of 91)")
    for ax in axes:
        ax.set_xlabel("press strength")
        ax.legend(fontsize=8)
    fig.tight_layout()
    fmt = Path(path).suffix.lstrip(".").lower()
    atomic_write_with(path, lambda handle: fig.savefig(handle, format=fmt, dpi=100))
    plt.close(fig)
