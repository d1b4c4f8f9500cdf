"""Reading a typed number that must be finite.

``float`` accepts "nan" and "inf", which mean nothing as a speed, an angle or a swept
parameter, and would only fail later, far from what the user typed.
"""

from __future__ import annotations

import math

from pusher_sim.errors import UserError


def parse_finite(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise UserError(f"{text!r} is not a number") from None
    if not math.isfinite(value):
        raise UserError(f"{text!r} is not a finite number")
    return value
