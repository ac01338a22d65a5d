"""Checks of the numbers passed to the C++ core, whose ints are 32-bit: a value that does not fit is
refused with a message that says what fits, never passed on to fail in pybind11 or wrap."""

from __future__ import annotations

from typing import Sequence, Union

import numpy as np

#: A colour as Python gives it (rgb_of): 0xRRGGBB, "#rrggbb", a name, or (r, g, b).
Colour = Union[int, str, Sequence[float]]

INT_MIN, INT_MAX = -(2**31), 2**31 - 1  # the C++ side's int


def is_int(value: object) -> bool:
    return isinstance(value, (int, np.integer)) and not isinstance(value, bool)


def checked_int(name: str, value: object) -> int:
    if not is_int(value):
        raise TypeError(f"{name} must be an int, got {type(value).__name__}")
    if not INT_MIN <= value <= INT_MAX:
        raise ValueError(f"{name} must be a whole number from {INT_MIN} to {INT_MAX}, got {value}")
    return int(value)


def checked_bool(name: str, value: object) -> bool:
    """A switch: True or False only. A string ("False", "no") or a number is refused, as ``steps="3"`` is: its
    truth would turn the switch on."""
    if not isinstance(value, (bool, np.bool_)):
        raise TypeError(f"{name} must be True or False, got {value!r}")
    return bool(value)


def positive_int(name: str, value: int) -> int:
    """A count such as a pixel size: a Python int from 1 to INT_MAX."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"{name} must be an int, got {type(value).__name__}")
    if value < 1:
        raise ValueError(f"{name} must be at least 1, got {value}")
    if value > INT_MAX:
        raise ValueError(f"{name} must be at most {INT_MAX}, got {value}")
    return value


def rgb_of(symbol: str, colour: object) -> int:
    """A colour given for ``symbol`` as the library takes it, 0xRRGGBB: an int 0xRRGGBB, "#rrggbb" (or
    "#rgb"), an (r, g, b) tuple of 0..255 ints or of 0..1 floats, or a colour's name ("red", "teal": the
    CSS names matplotlib knows). Anything else is a ValueError that repeats it."""
    if is_int(colour) and 0 <= colour <= 0xFFFFFFFF:
        return int(colour)  # the library says when it is past 0xFFFFFF
    rgb = _tuple_rgb(colour) if isinstance(colour, (tuple, list, np.ndarray)) else None
    if isinstance(colour, str):
        rgb = _text_rgb(colour)
    if rgb is None:
        raise ValueError(
            f"the colour of {symbol!r} must be 0xRRGGBB, '#rrggbb', a colour's name or an (r, g, b) tuple,"
            f" got {colour!r}"
        )
    return rgb


def _tuple_rgb(colour) -> "int | None":
    parts = list(colour)
    if len(parts) != 3:
        return None
    if all(is_int(p) and 0 <= p <= 255 for p in parts):
        return (int(parts[0]) << 16) | (int(parts[1]) << 8) | int(parts[2])
    if all(isinstance(p, (float, np.floating)) and 0 <= p <= 1 for p in parts):
        r, g, b = (round(float(p) * 255) for p in parts)
        return (r << 16) | (g << 8) | b
    return None


def _text_rgb(colour: str) -> "int | None":
    text = colour.strip()
    digits = text[1:] if text.startswith("#") else None
    if digits is not None and len(digits) == 3:
        digits = "".join(d * 2 for d in digits)
    if digits is not None:
        try:
            return int(digits, 16) if len(digits) == 6 else None
        except ValueError:
            return None
    try:  # a name: matplotlib's table of them (CSS's), when it is installed
        from matplotlib.colors import to_hex
    except ImportError:
        return None
    try:
        return int(to_hex(text)[1:], 16)
    except ValueError:
        return None
