"""``MarkovJunior(width, height, energy)``: a grid sampled by Markov chain Monte Carlo under an energy.

This is not mj's MarkovJunior (a language of rewrite rules: ``markovjunior.load``, ``generate``); it is
the sampler that a write-up of the project imagines under that name, made real: Metropolis moves on the
cells of a grid at a temperature, so that low-energy grids are likely (probability ~ exp(-energy / T)).
"""

from __future__ import annotations

import math
import warnings
from typing import Callable, Optional, Sequence, Tuple

import numpy as np

Energy = Callable[[np.ndarray], float]

#: Window radii tried when checking that the energy is a sum of local terms (``MarkovJunior.reach``).
REACHES = (1, 2, 3, 4)
#: Cells probed for that check: the corners, the middles of the sides, and this many at random.
RANDOM_PROBES = 20
#: Random windows on which the cells that a move's change reads are found (``_dependencies``).
DEPENDENCY_PROBES = 6


class MarkovJunior:
    """A ``height`` x ``width`` grid of ``values`` (0 and 1 by default) sampled under ``energy``, a function
    from a grid (a numpy array) to a number: the lower, the likelier.

    ``generate()`` starts from a random grid and makes ``sweeps`` Metropolis sweeps at ``temperature``: a
    sweep proposes, ``width * height`` times, to give a random cell another of the values, and takes the
    move when it lowers the energy, else with probability ``exp(-increase / temperature)`` (temperature 0:
    only moves that do not raise it). Runs are ``seed``-ed: the same seed gives the same grid.

    Speed: a move needs the energy's change, not the energy. When the energy is a sum of local terms (as
    ``-x.sum()`` and the squared ``np.gradient`` are), the change made by one cell is the change of the energy
    of a small window around it, so each move costs the same on a 128 x 128 grid as on an 8 x 8 one. The
    sampler finds that out itself: on a random grid it compares, at the corners, the sides and random cells,
    each change computed on the whole grid with the change computed on windows of growing radius
    (``reach``: the first radius that agrees everywhere). An energy that is not local (``x.mean()``, or one
    coupling far cells) is evaluated on the whole grid at every move: exact, but slower.
    """

    def __init__(
        self,
        width: int,
        height: int,
        energy: Energy,
        *,
        values: Sequence[float] = (0, 1),
        temperature: float = 1.0,
        sweeps: int = 2,
        seed: int = 0,
    ) -> None:
        if not callable(energy):
            raise TypeError(f"energy must be a function of a grid, got {type(energy).__name__}")
        self.width = _count("width", width)
        self.height = _count("height", height)
        self.energy = energy
        self.values = np.asarray(values)
        if self.values.ndim != 1 or len(self.values) < 2:
            raise ValueError(f"values must list at least 2 values, got {values!r}")
        if not temperature >= 0:
            raise ValueError(f"temperature must be 0 or more, got {temperature}")
        self.temperature = float(temperature)
        self.sweeps = _count("sweeps", sweeps, least=0)
        self.seed = int(seed)
        self.energies: list = []  # the energy of the start, then after each sweep, of the latest generate()
        self._reach: Optional[int] = None
        self._reach_known = False
        self._dependencies: Optional[list] = None  # the cells a move's change reads, around it (_dependencies)

    @property
    def reach(self) -> Optional[int]:
        """The radius of the windows on which a move's energy change is computed, or None: the whole grid
        (said once, by a SlowEnergyWarning)."""
        if not self._reach_known:
            self._reach, why = self._find_reach(np.random.default_rng(self.seed))
            self._reach_known = True
            if self._reach is None:
                warnings.warn(_slow_path(self.width, self.height, why), SlowEnergyWarning, stacklevel=3)
        return self._reach

    def random_grid(self, seed: Optional[int] = None) -> np.ndarray:
        """A grid of values drawn uniformly: where ``generate`` starts, and what its result is compared with."""
        rng = np.random.default_rng(self.seed if seed is None else seed)
        return self.values[rng.integers(0, len(self.values), (self.height, self.width))]

    def generate(self, seed: Optional[int] = None, sweeps: Optional[int] = None) -> np.ndarray:
        """A sampled grid, an ``(height, width)`` array of the values (``plt.imshow(image, cmap='gray')``)."""
        seed = self.seed if seed is None else int(seed)
        sweeps = self.sweeps if sweeps is None else _count("sweeps", sweeps, least=0)
        rng = np.random.default_rng(seed)
        grid = self.random_grid(seed)
        start = _number(self.energy, grid)  # before the reach's probes: an energy of another kind says so first
        reach = self.reach
        self.energies = [start]
        for _ in range(sweeps):
            self._sweep(grid, rng, reach)
            self.energies.append(float(self.energy(grid)))
        return grid

    def _sweep(self, grid: np.ndarray, rng: np.random.Generator, reach: Optional[int]) -> None:
        """One sweep: every random number drawn at once, then one move a cell, as Metropolis makes them."""
        moves = self.width * self.height
        ys = rng.integers(0, self.height, moves).tolist()
        xs = rng.integers(0, self.width, moves).tolist()
        shifts = rng.integers(1, len(self.values), moves).tolist()  # another value: the proposal is symmetric
        limits = rng.random(moves).tolist()
        values = self.values.tolist()
        index = {v: i for i, v in enumerate(values)}
        change = _WholeChange(self.energy) if reach is None else self._local_change(reach)
        for y, x, shift, limit in zip(ys, xs, shifts, limits):
            new = values[(index[grid.item(y, x)] + shift) % len(values)]
            increase = change(grid, y, x, new)
            if increase <= 0 or (self.temperature > 0 and limit < math.exp(-increase / self.temperature)):
                grid[y, x] = new

    def _local_change(self, reach: int) -> "_LocalChange":
        if self._dependencies is None:
            self._dependencies = _dependencies(self.energy, 2 * reach, self.values, np.random.default_rng(self.seed))
        return _LocalChange(self.energy, 2 * reach, self._dependencies)

    def _find_reach(self, rng: np.random.Generator) -> Tuple[Optional[int], str]:
        """The first radius on which every probed change agrees with the whole grid's, or None and why
        not: the energy fails on a window (it takes only grids of its own shape) or gives other changes
        there (it is not a sum of local terms, or its terms wrap round the sides)."""
        grid = self.random_grid()
        _number(self.energy, grid)
        h, w = self.height - 1, self.width - 1
        probes = [(0, 0), (0, w), (h, 0), (h, w), (0, w // 2), (h // 2, 0), (h, w // 2), (h // 2, w)]
        probes += list(zip(rng.integers(0, h + 1, RANDOM_PROBES).tolist(), rng.integers(0, w + 1, RANDOM_PROBES)))
        whole = _WholeChange(self.energy)
        changes = [whole(grid, y, x, self._other(grid.item(y, x))) for y, x in probes]  # the user's errors raise
        tolerance = 1e-9 * max(1.0, abs(float(self.energy(grid))))
        for reach in REACHES:
            try:
                if all(
                    abs(_window_change(self.energy, grid, y, x, 2 * reach, self._other(grid.item(y, x))) - change)
                    <= tolerance
                    for (y, x), change in zip(probes, changes)
                ):
                    return reach, ""
            except Exception as failure:  # an energy of the whole grid only: that is its right
                return None, f"it fails on a window of the grid ({type(failure).__name__}: {failure})"
        return None, "its changes on windows of the grid differ from those on the whole grid"

    def _other(self, value):
        return self.values[1] if value == self.values[0] else self.values[0]

    def __repr__(self) -> str:
        name = getattr(self.energy, "__name__", type(self.energy).__name__)
        return (
            f"<markovjunior.MarkovJunior {self.width}x{self.height} energy={name} values={self.values.tolist()!r}"
            f" temperature={self.temperature} sweeps={self.sweeps} seed={self.seed}>"
        )


class SlowEnergyWarning(UserWarning):
    """An energy the sampler evaluates on the whole grid at every move: exact, but each sweep costs as many
    evaluations as the grid has cells. The message says why, and how to write an energy that is fast."""


def _slow_path(width: int, height: int, why: str) -> str:
    return (
        f"the energy is evaluated on the whole {width}x{height} grid at every move (slow): {why}. A fast energy"
        " is a sum of terms that each read a few neighbouring cells, written for a grid of any shape, so that a"
        " move's change is found on a small window around it: np.diff rather than np.roll (no wrapping round"
        " the sides), no array of the whole grid's shape (a target picture); for instance"
        " lambda x: -x.sum() + np.square(np.diff(x, axis=0)).sum() + np.square(np.diff(x, axis=1)).sum()"
    )


class _WholeChange:
    """A move's energy change from the energy of the whole grid, before and after."""

    def __init__(self, energy: Energy) -> None:
        self.energy = energy

    def __call__(self, grid: np.ndarray, y: int, x: int, new) -> float:
        old = grid[y, x]
        before = float(self.energy(grid))
        grid[y, x] = new
        after = float(self.energy(grid))
        grid[y, x] = old
        return after - before


class _LocalChange:
    """A move's energy change from the window of ``radius`` around it. Away from the sides, the change reads
    only the cells of ``dependencies`` (offsets from the moving cell), so changes already computed for the
    same old value, new value and those cells are taken again: once a grid settles, most moves look alike."""

    def __init__(self, energy: Energy, radius: int, dependencies: list) -> None:
        self.energy = energy
        self.radius = radius
        self.dependencies = dependencies
        self.known: dict = {}

    def __call__(self, grid: np.ndarray, y: int, x: int, new) -> float:
        r = self.radius
        if not (r <= y < grid.shape[0] - r and r <= x < grid.shape[1] - r):
            return _window_change(self.energy, grid, y, x, r, new)
        key = (grid.item(y, x), new, *[grid.item(y + dy, x + dx) for dy, dx in self.dependencies])
        found = self.known.get(key)
        if found is None:
            found = self.known[key] = _window_change(self.energy, grid, y, x, r, new)
        return found


def _dependencies(energy: Energy, radius: int, values: np.ndarray, rng: np.random.Generator) -> list:
    """The cells of a window (offsets from its middle) whose values change the energy change of a move of its
    middle: found on random windows, by changing each cell to each other value."""
    side = 2 * radius + 1
    found = []
    windows = [values[rng.integers(0, len(values), (side, side))] for _ in range(DEPENDENCY_PROBES)]
    for dy in range(-radius, radius + 1):
        for dx in range(-radius, radius + 1):
            if (dy, dx) != (0, 0) and any(_reads(energy, w, radius, dy, dx, values, rng) for w in windows):
                found.append((dy, dx))
    return found


def _reads(energy: Energy, window: np.ndarray, r: int, dy: int, dx: int, values: np.ndarray, rng) -> bool:
    new = values[(np.flatnonzero(values == window[r, r])[0] + rng.integers(1, len(values))) % len(values)]
    base = _window_change(energy, window, r, r, r, new)
    tolerance = 1e-9 * max(1.0, abs(float(energy(window))))
    for value in values:
        other = window.copy()
        other[r + dy, r + dx] = value
        if abs(_window_change(energy, other, r, r, r, new) - base) > tolerance:
            return True
    return False


def _window(grid: np.ndarray, y: int, x: int, radius: int) -> np.ndarray:
    """The cells within ``radius`` of (y, x), cut at the grid's sides: a view, so moves write through it."""
    return grid[max(0, y - radius) : y + radius + 1, max(0, x - radius) : x + radius + 1]


def _window_change(energy: Energy, grid: np.ndarray, y: int, x: int, radius: int, new) -> float:
    """The change of the energy of the window around (y, x) when that cell becomes ``new``."""
    window = _window(grid, y, x, radius).copy()
    before = float(energy(window))
    window[min(y, radius), min(x, radius)] = new
    return float(energy(window)) - before


def _number(energy: Energy, grid: np.ndarray) -> float:
    """The energy of ``grid``, which must be one number: an array (``-x`` rather than ``-x.sum()``) is refused with a
    message saying so, not numpy's "only size-1 arrays can be converted"."""
    value = energy(grid)
    if np.ndim(value) != 0:
        raise TypeError(
            f"the energy must return a number, got an array of shape {np.shape(value)}: sum its terms"
            " (return -x.sum(), not -x)"
        )
    try:
        return float(value)
    except (TypeError, ValueError):
        raise TypeError(f"the energy must return a number, got {type(value).__name__}: {value!r}") from None


def _count(name: str, value: object, least: int = 1) -> int:
    if not isinstance(value, (int, np.integer)) or isinstance(value, bool):
        raise TypeError(f"{name} must be an int, got {type(value).__name__}")
    if value < least:
        raise ValueError(f"{name} must be at least {least}, got {value}")
    return int(value)
