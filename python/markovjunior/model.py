"""Loading a model and running it: whole runs, step by step, or as frames."""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Dict, Iterator, NamedTuple, Optional, Tuple, Union

import numpy as np

from . import _core
from ._arguments import INT_MAX, checked_int, is_int
from .result import Result

Size = Union[int, Tuple[int, int], Tuple[int, int, int]]
PathOrXml = Union[str, "os.PathLike[str]"]


class ActiveNode(NamedTuple):
    """The node that the next step runs: its element name, its line in the model file, and the
    depth of its branch below the root."""

    kind: str
    line: int
    depth: int


@dataclass(frozen=True)
class Source:
    """All it takes to load a model again: in another thread, process or machine."""

    text: Optional[str]  # the XML, when the model was given as text
    path: str  # the model file, or a name for the text in messages
    size: Tuple[int, int, int]
    resources: str
    max_cells: int = 0
    colors: Tuple[Tuple[str, int], ...] = ()  # the entry's colours over the palette, (symbol, 0xRRGGBB)

    def load(self) -> "Model":
        """A fresh Model of this source."""
        return Model(self)


def load(
    path_or_xml: PathOrXml, *, size: Size, resources: Optional[PathOrXml] = None, max_cells: Optional[int] = None
) -> "Model":
    """Loads and checks a model: a file, or XML text (a string starting with ``<``).

    ``size``: ``n`` (an n x n 2D grid), ``(mx, my)`` or ``(mx, my, mz)``. ``resources``: the folder
    with rules/, samples/, tilesets/ and palette.xml; by default ``../resources`` from the model file
    (the reference's layout), or ``resources`` for XML text. ``max_cells`` bounds every grid the model
    makes (default 2^28). Raises ModelError with the file and line of any problem in the model.
    """
    return Model(source_of(path_or_xml, size=size, resources=resources, max_cells=max_cells))


def source_of(
    path_or_xml: PathOrXml,
    *,
    size: Size,
    resources: Optional[PathOrXml] = None,
    max_cells: Optional[int] = None,
    colors: Optional[Dict[str, int]] = None,
) -> Source:
    """The Source of a model file or XML text, with the arguments checked."""
    if not isinstance(path_or_xml, (str, os.PathLike)):
        raise TypeError(f"a model is a path or XML text, got {type(path_or_xml).__name__}")
    text = path_or_xml if is_xml_text(path_or_xml) else None
    path = "<string>" if text is not None else os.fspath(path_or_xml)
    if resources is None:
        resources = (
            "resources"
            if text is not None
            else os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(path))), "resources")
        )
    if max_cells is not None and (not isinstance(max_cells, int) or isinstance(max_cells, bool)):
        raise TypeError(f"max_cells must be an int, got {type(max_cells).__name__}")
    return Source(
        text, path, grid_size(size), os.fspath(resources), max_cells or 0, tuple(sorted((colors or {}).items()))
    )


def is_xml_text(model: object) -> bool:
    """True for a string that is XML rather than a path."""
    return isinstance(model, str) and model.lstrip().startswith("<")


def grid_size(size: Size) -> Tuple[int, int, int]:
    """``size`` as ``(mx, my, mz)``; TypeError or ValueError when it is not 1 to 3 positive ints."""
    sides = (size, size) if is_int(size) else size
    if not isinstance(sides, (tuple, list)) or not all(is_int(s) for s in sides) or not 2 <= len(sides) <= 3:
        raise TypeError(f"size is an int, (mx, my) or (mx, my, mz), got {size!r}")
    sides = tuple(sides) + (1,) * (3 - len(sides))
    if min(sides) < 1:
        raise ValueError(f"size: every side must be a positive number of cells, got {size!r}")
    if max(sides) > INT_MAX:
        raise ValueError(f"size: every side must be at most {INT_MAX}, got {size!r}")
    return sides


class Model:
    """A loaded model. ``run`` makes a Result; ``start`` and ``step`` walk a run one step at a time.

    A Model is for one thread at a time (another thread using it meanwhile gets RuntimeError); give
    each thread its own with ``copy()``. Runs release the GIL, so Models in threads run in parallel.
    """

    def __init__(self, source: Source) -> None:
        if not isinstance(source, Source):
            raise TypeError(f"Model takes a Source, got {type(source).__name__}: load a model with markovjunior.load()")
        self.source = source
        self._core = _core.Interpreter.load(
            source.text if source.text is not None else source.path,
            source.text is not None,
            source.path,
            source.size,
            source.resources,
            source.max_cells,
        )
        self._seed = 0

    def copy(self) -> "Model":
        """Another Model of the same source, for another thread."""
        return Model(self.source)

    def __reduce__(self):  # pickled as its source: loaded again on the other side
        return (Model, (self.source,))

    def run(self, seed: int, steps: int = 0) -> Result:
        """Runs with ``seed`` until the program ends or ``steps`` steps (``steps <= 0``: no limit).
        The same seed always gives the same result, the reference's, cell for cell."""
        taken = self._core.run(checked_int("seed", seed), checked_int("steps", steps))
        self._seed = seed
        return self._result(taken)

    def _stop(self) -> None:
        """Stops this Model's run in progress in another thread, or its next run: that run raises
        KeyboardInterrupt (a thread other than the main one sees no Ctrl-C of its own)."""
        self._core.stop()

    def start(self, seed: int) -> None:
        """Begins a run with ``seed``; then ``step()`` advances it."""
        self._core.start(checked_int("seed", seed))
        self._seed = seed

    def step(self) -> bool:
        """One step of the run; False (and nothing done) once the program has finished."""
        return self._core.step()

    @property
    def grid(self) -> np.ndarray:
        """The current grid: a read-only ``uint8`` view, no copy, of shape ``(my, mx)`` for a 2D grid (as
        ``plt.imshow`` takes it) and ``(mz, my, mx)`` in 3D. It follows
        the run as it steps; ``np.array(model.grid)`` keeps a copy."""
        return self._core.grid()

    @property
    def legend(self) -> str:
        """The current grid's symbols, ``legend[v]`` for value ``v``."""
        return self._core.legend()

    @property
    def steps(self) -> int:
        """Steps taken since start."""
        return self._core.steps()

    @property
    def finished(self) -> bool:
        """True before the first start and once the program has ended."""
        return self._core.finished()

    @property
    def active_node(self) -> Optional[ActiveNode]:
        """The node that the next step runs, or None before start and after the end."""
        node = self._core.active_node()
        return None if node is None else ActiveNode(*node)

    def result(self) -> Result:
        """Where the current run stands, as a Result (the grid copied)."""
        return self._result(self.steps)

    def frames(self, seed: int, every: int = 1) -> Iterator[np.ndarray]:
        """Starts a run with ``seed`` and yields copies of its grid: the start, then every ``every``
        steps, and the end. For animations in notebooks."""
        if checked_int("every", every) < 1:
            raise ValueError(f"every must be at least 1, got {every}")
        self.start(seed)
        yield np.array(self.grid)
        while self.step():
            if self.steps % every == 0:
                yield np.array(self.grid)
        if self.steps % every != 0:
            yield np.array(self.grid)

    def _result(self, steps: int) -> Result:
        palette = os.path.join(self.source.resources, "palette.xml")
        return Result(
            np.array(self._core.grid()), self._core.legend(), steps, self._seed, palette, dict(self.source.colors)
        )

    def __repr__(self) -> str:
        mx, my, mz = self.source.size
        return f"<markovjunior.Model {self.source.path!r} {mx}x{my}x{mz}>"
