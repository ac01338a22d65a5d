"""Checks of the numbers passed to the C++ core, whose ints are 32-bit: a value that does not fit is
refused with a message that says what fits, never passed on to fail in pybind11 or wrap."""

from __future__ import annotations

import numpy as np

INT_MIN, INT_MAX = -(2**31), 2**31 - 1  # the C++ side's int


def is_int(value: object) -> bool:
    return isinstance(value, (int, np.integer)) and not isinstance(value, bool)


def checked_int(name: str, value: object) -> int:
    if not is_int(value):
        raise TypeError(f"{name} must be an int, got {type(value).__name__}")
    if not INT_MIN <= value <= INT_MAX:
        raise ValueError(f"{name} must be a whole number from {INT_MIN} to {INT_MAX}, got {value}")
    return int(value)


def positive_int(name: str, value: int) -> int:
    """A count such as a pixel size: a Python int from 1 to INT_MAX."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"{name} must be an int, got {type(value).__name__}")
    if value < 1:
        raise ValueError(f"{name} must be at least 1, got {value}")
    if value > INT_MAX:
        raise ValueError(f"{name} must be at most {INT_MAX}, got {value}")
    return value
