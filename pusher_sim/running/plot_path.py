"""A plot's path, refused before any work if no image could be written there: a run that ends
in a plot should not compute for an hour and then fail on its last write."""

from __future__ import annotations

from pathlib import Path

from pusher_sim.atomic import check_writable
from pusher_sim.errors import UserError

FORMATS = (".png", ".svg", ".pdf")


def check_plot_path(path: str | Path) -> Path:
    """Refuse, before any work, a plot path that could not be written or has no image type."""
    out = Path(path)
    if out.suffix.lower() not in FORMATS:
        raise UserError(f"plot {out} must end in {', '.join(FORMATS)}")
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UserError(f"cannot create folder {out.parent}: {exc.strerror}") from None
    check_writable(out)
    return out
