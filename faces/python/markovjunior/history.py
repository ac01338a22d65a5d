"""A debugger's view of a run: its record (time travel) and breakpoints."""

from __future__ import annotations

from typing import Iterable, List, NamedTuple, Optional, Tuple, Union

import numpy as np

from . import _core
from ._arguments import checked_int
from .slider import Slider

#: The record's default bound on memory, the library's (the oldest steps are dropped past it).
DEFAULT_MAX_BYTES = _core.DEFAULTS["history_bytes"]
#: The grids of a History's filmstrip (its picture in notebooks).
FILMSTRIP = 6
#: The steps a History's slider shows at most, by default.
SLIDER_FRAMES = 60


class Breakpoint(NamedTuple):
    """Where a run pauses: the node written on ``line`` of the model file, after the step in which it
    begins to work (its first step after another node's); or, with ``rule`` (its index among the
    node's rules as written, from 0), after every step in which that rule of that rule node fired."""

    line: int
    rule: Optional[int] = None


BreakpointLike = Union[int, Tuple[int, int], Breakpoint]


def core_breakpoints(breakpoints: Optional[Iterable[BreakpointLike]]) -> List[Tuple[int, int]]:
    """Breakpoints given as lines, (line, rule) pairs or Breakpoints, as the extension takes them."""
    pairs = []
    for b in breakpoints or ():
        b = Breakpoint(b) if isinstance(b, int) else Breakpoint(*b)
        pairs.append((int(b.line), -1 if b.rule is None else int(b.rule)))
    return pairs


def breakpoint_of(hit: Optional[Tuple[int, int]]) -> Optional[Breakpoint]:
    if hit is None:
        return None
    line, rule = hit
    return Breakpoint(line, None if rule < 0 else rule)


class History:
    """The record of a Model's run (``model.history`` once ``model.record()``): the grid after any
    recorded step, rebuilt exactly. ``history[k]`` is the grid after ``k`` steps, a read-only ``uint8``
    array shaped as ``model.grid``; steps go from ``first_step`` (0 unless a long run outgrew
    ``max_bytes``) to ``last_step``, the run's current step. ``node_line(k)``: the line of the node
    that worked in step ``k``. ``bytes``: the memory the record holds (about 5 bytes per cell written
    and 8 per step, twice over with its keyframes)."""

    def __init__(self, core, settings: "_core.Settings", source=None, max_bytes: int = DEFAULT_MAX_BYTES) -> None:
        self._core = core
        self._settings = settings  # the library's settings of the model: its colours and pixel size
        self._source, self._max_bytes = source, max_bytes  # what pickling makes it again from

    def __reduce__(self):
        """Pickled as its run (the model's source, the seed, the step it stands at): unpickled, that run is
        made again, recorded from its start, to the same step; the grids are the same, cell for cell."""
        if self._source is None:
            raise TypeError("this History does not know its model's source: pickle model.history")
        status = self._core.status()
        return (_replayed, (self._source, status["seed"], status["step_limit"], self.last_step, self._max_bytes))

    def _range(self) -> Tuple[int, int, int]:
        facts = self._core.history_range()
        if facts is None:
            raise RuntimeError("this Model is no longer recording")
        return facts

    @property
    def first_step(self) -> int:
        """The earliest step whose grid the record holds."""
        return self._range()[0]

    @property
    def last_step(self) -> int:
        """The latest step recorded: where the run stands."""
        return self._range()[1]

    @property
    def bytes(self) -> int:
        """The memory the record holds."""
        return self._range()[2]

    def __len__(self) -> int:
        first, last, _ = self._range()
        return last - first + 1

    def __getitem__(self, step: int) -> np.ndarray:
        if step < 0:
            step += self.last_step + 1
        try:
            return self._core.grid_at(step)
        except ValueError as outside:  # the library's words; IndexError also ends iteration over the record
            raise IndexError(str(outside)) from None

    def node_line(self, step: int) -> int:
        """The line of the node that worked in step ``step`` (the step from ``step - 1`` to ``step``);
        0 when no node did (the step ended a branch) or the step is not in the record."""
        return self._core.node_line(step)

    def image(self, step: int, pixelsize: Optional[int] = None) -> np.ndarray:
        """The grid after ``step`` steps as an ``(H, W, 3)`` RGB array in the model's colours, drawn as
        ``Result.image`` draws it (3D: isometric); ``pixelsize`` by default the model's."""
        if step < 0:
            step += self.last_step + 1
        self[step]  # IndexError for a step outside the record, as history[step]
        return self._core.image_at(step, None if pixelsize is None else checked_int("pixelsize", pixelsize))

    def filmstrip(self, frames: int = FILMSTRIP) -> np.ndarray:
        """Up to ``frames`` recorded grids, evenly spaced from the first step to the last, side by side with
        a cell of value 0 between them: one 2D grid (3D grids are not laid side by side)."""
        first, last, _ = self._range()
        steps = sorted({round(first + (last - first) * k / max(1, frames - 1)) for k in range(frames)})
        grids = [self[s] for s in steps]
        if grids[0].ndim != 2:
            raise ValueError("a 3D record has no filmstrip: look at its grids one by one (history[k])")
        gap = np.zeros((grids[0].shape[0], 1), dtype=np.uint8)
        return np.concatenate([part for g in grids for part in (g, gap)][:-1], axis=1)

    def slider(self, frames: int = SLIDER_FRAMES, pixelsize: Optional[int] = None) -> Slider:
        """Up to ``frames`` recorded steps, evenly spaced from the first to the last, under a slider: a
        notebook shows it (plain HTML, no widget library), each picture in the model's colours with its
        step and the line of the node that worked in it."""
        first, last, _ = self._range()
        count = min(checked_int("frames", frames), last - first + 1)
        if count < 1:
            raise ValueError(f"frames must be at least 1, got {frames}")
        size = None if pixelsize is None else checked_int("pixelsize", pixelsize)
        steps = sorted({round(first + (last - first) * k / max(1, count - 1)) for k in range(count)})
        legend = self._core.legend()
        return Slider(
            [(s, self.node_line(s), _core.Snapshot(self._settings, self[s], legend).png(size)) for s in steps]
        )

    def _repr_png_(self) -> Optional[bytes]:
        """A filmstrip of the run in its model's colours, for notebooks (None in 3D: the text shows)."""
        if self._core.grid().ndim != 2:
            return None
        return _core.Snapshot(self._settings, self.filmstrip(), self._core.legend()).png()

    def __repr__(self) -> str:
        first, last, size = self._range()
        return f"<markovjunior.History steps {first}..{last}, {size} bytes>"


def _replayed(source, seed: int, step_limit: int, step: int, max_bytes: int) -> History:
    """The History of a run made again (History.__reduce__): the library's model of ``source`` recording
    ``seed`` from its start to ``step``."""
    core = source.model()
    core.set_recording(True, max_bytes)
    core.start(seed, step_limit)
    core.step(step)
    return History(core, source.settings, source, max_bytes)
