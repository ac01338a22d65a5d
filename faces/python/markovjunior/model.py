"""Loading a model and running it: whole runs, step by step, or as frames."""

from __future__ import annotations

import dataclasses
import os
import warnings
from typing import Dict, Iterable, Iterator, List, NamedTuple, Optional, Tuple, Union

import numpy as np

from ._arguments import Colour, checked_int
from .errors import ModelWarning
from .history import DEFAULT_MAX_BYTES, Breakpoint, BreakpointLike, History, breakpoint_of, core_breakpoints
from .progress import ProgressBar
from .result import Result
from .source import PathOrXml, Request, Size, Source, resolve_source
from .views import Views


class ActiveNode(NamedTuple):
    """The node that the next step runs: its element name, its line in the model file, and the
    depth of its branch below the root."""

    kind: str
    line: int
    depth: int


def load(
    model: PathOrXml,
    *,
    size: Optional[Size] = None,
    steps: Optional[int] = None,
    pixelsize: Optional[int] = None,
    resources: Optional[PathOrXml] = None,
    max_cells: Optional[int] = None,
    colors: Optional[Dict[str, Colour]] = None,
    backtrack: bool = False,
    pins: Optional[Union[PathOrXml, np.ndarray]] = None,
    goal: Optional[Union[PathOrXml, np.ndarray]] = None,
) -> "Model":
    """Loads and checks a model: a file, XML text (a string starting with ``<``) or a name
    (``models/NAME.xml`` of the current folder, else one of mj's own models, ``MODELS``).

    What is not given is decided by the library as ``mj run`` decides it: a model listed in a models.xml
    beside it (or mj's demo.xml) takes its entry's size, step limit, pixel size and colours; a model alone
    the library's default size (a cube when its rules are 3D) and step limit. ``size``: ``n``
    (every side: n x n, or n x n x n for a 3D model), ``(mx, my)`` or ``(mx, my, mz)``. ``steps``:
    the step limit of ``run`` (``0``: none). ``pixelsize``: of ``image``, ``save`` and notebooks.
    ``resources``: the folder with rules/, samples/, tilesets/ and palette.xml; by default
    ``../resources`` from the model file (the reference's layout), or ``resources`` for XML text.
    ``max_cells`` bounds every grid the model makes (default 2^28). ``colors``:
    ``{symbol: colour}`` over the palette, a colour 0xRRGGBB, ``"#rrggbb"``, a name (``"teal"``, with
    matplotlib) or ``(r, g, b)``. ``backtrack=True``: every ``wfc`` undoes its latest choices on a contradiction
    instead of starting over (``mj run --backtrack``; a run then differs from the reference's where the collapse
    of a wfc's first seed meets a contradiction). Raises ModelError with the file and line of any problem in the
    model, and warns (ModelWarning) of each thing it writes that nothing reads (a misspelt attribute): the model
    still runs; ``run`` warns of a ``wfc`` that gave up.

    ``pins``: cells no node may change all run long; ``goal``: cells the model's inference (``<observe>``) must end
    with (docs/constraints.md). Each a file (a PNG in the model's colours, transparent: free; a VOX, empty: free; a
    state text, ``*``: free) or an array of the grid's shape (``grid()``'s) whose cells are values of the legend or
    255 (free). Raises ValueError for a wrong shape or value, a model with a ``map`` or ``wfc``, or a
    goal for a model without ``<observe>``.
    """
    given = locals()  # the keywords above, forwarded by Request's names (written once, in source.py)
    source = resolve_source(model, **{f.name: given[f.name] for f in dataclasses.fields(Request)})
    if pins is not None or goal is not None:
        probe = source.model()
        source = dataclasses.replace(
            source, pins=_constraint_cells(probe, "pins", pins), goal=_constraint_cells(probe, "goal", goal)
        )
    model = Model(source)
    for file, line, message, text in model._core.notices():
        warnings.warn(ModelWarning(text, file, line, message), stacklevel=2)
    return model


def _constraint_cells(core, name: str, given) -> Optional[bytes]:
    """Pins or a goal as the library takes them: a file read by the library, or an array of the grid's shape."""
    if given is None:
        return None
    if isinstance(given, (str, os.PathLike)):
        return bytes(core.constraint_cells(os.fspath(given)))
    cells = np.asarray(given)
    if cells.size and (cells.min() < 0 or cells.max() > 255):
        raise ValueError(f"{name} holds values outside 0 to 255 (255: a free cell)")
    shape = np.asarray(core.grid()).shape
    if cells.shape != shape and cells.shape != (int(np.prod(shape)),):
        raise ValueError(f"{name} has shape {cells.shape}, the grid {shape}")
    return np.ascontiguousarray(cells, dtype=np.uint8).tobytes()


class Model(Views):
    """A loaded model. ``run`` makes a Result; ``start`` and ``step`` walk a run one step at a time.
    ``fields()``, ``potentials()``, ``future()``, ``choice()`` and ``wave()`` show what its nodes
    computed (markovjunior.views).

    A Model is for one thread at a time (another thread using it meanwhile gets RuntimeError); give
    each thread its own with ``copy()``. Runs release the GIL, so Models in threads run in parallel.
    """

    def __init__(self, source: Source) -> None:
        if not isinstance(source, Source):
            raise TypeError(f"Model takes a Source, got {type(source).__name__}: load a model with markovjunior.load()")
        self.source = source
        self._core = source.model()
        self._started = False
        self._max_bytes = DEFAULT_MAX_BYTES  # the record's bound (record()), which a pickled History keeps

    def copy(self) -> "Model":
        """Another Model of the same source, for another thread."""
        return Model(self.source)

    def __reduce__(self):  # pickled as its source: loaded again on the other side
        return (Model, (self.source,))

    def run(
        self,
        seed: int,
        steps: Optional[int] = None,
        *,
        progress: bool = False,
        breakpoints: Optional[Iterable[BreakpointLike]] = None,
    ) -> Result:
        """Runs with ``seed`` until the program ends or ``steps`` steps: by default the source's limit
        (its entry's, else the library's), ``steps=0``: none (below 0: ValueError). The same seed always
        gives the same result, the reference's, cell for cell. Ctrl-C stops the run (KeyboardInterrupt); the Model stays
        usable. ``progress=True`` shows the steps as they go (with tqdm when it is installed).
        ``breakpoints``: Breakpoints (or lines, or ``(line, rule)`` pairs) at which the run pauses;
        ``model.paused_at`` then says which, and ``resume()`` goes on."""
        limit = None if steps is None else checked_int("steps", steps)
        seed = checked_int("seed", seed)
        self._started = True
        with ProgressBar(progress, "steps") as report:
            self._core.run(seed, limit, report, core_breakpoints(breakpoints))
        for file, line, message, text in self._core.run_notices():  # a wfc that gave up: the grid is unfinished
            warnings.warn(ModelWarning(text, file, line, message), stacklevel=2)
        return self._result()

    def resume(self, steps: Optional[int] = None, *, breakpoints: Optional[Iterable[BreakpointLike]] = None) -> Result:
        """Goes on with the current run (after a breakpoint, a step limit or ``step()``s) until it ends,
        reaches ``steps`` steps counted from its start (by default the source's limit) or pauses at one
        of ``breakpoints``."""
        limit = self.source.steps if steps is None else checked_int("steps", steps)
        self._core.advance(limit, None, core_breakpoints(breakpoints))
        return self._result()

    @property
    def paused_at(self) -> Optional[Breakpoint]:
        """The breakpoint at which the latest ``run`` or ``resume`` paused, else None."""
        return breakpoint_of(self._core.breakpoint_hit())

    def record(self, on: bool = True, max_bytes: int = DEFAULT_MAX_BYTES) -> None:
        """Time travel: records every step from now on (the current run from where it stands, later
        runs from their start) in at most ``max_bytes`` (past it the oldest steps are dropped);
        ``record(False)`` drops the record. Then ``history``, ``grid_at`` and ``back`` work."""
        self._core.set_recording(bool(on), checked_int("max_bytes", max_bytes))
        self._max_bytes = max_bytes

    @property
    def history(self) -> Optional[History]:
        """The current run's record (``history[k]``: the grid after ``k`` steps), or None when not recording."""
        if self._core.history_range() is None:
            return None
        return History(self._core, self.source.settings, self.source, self._max_bytes)

    def grid_at(self, step: int) -> np.ndarray:
        """The grid after ``step`` steps of the current run, from its record (``record()`` first)."""
        history = self.history
        if history is None:
            raise RuntimeError("this Model is not recording: call model.record() before the run")
        return history[checked_int("step", step)]

    def back(self, steps: int = 1) -> np.ndarray:
        """Takes the run back ``steps`` steps, exactly: it runs its seed again to that step (a record, if
        on, is made again alike), after which ``step()`` and ``resume()`` go on as the run went. Returns
        the grid there. The inputs sent before that step (``send``) are sent again at their steps; later
        ones are dropped."""
        self._core.back(checked_int("steps", steps))
        return self.grid

    def _stop(self) -> None:
        """Stops this Model's run in progress in another thread, or its next run: that run raises
        KeyboardInterrupt (a thread other than the main one sees no Ctrl-C of its own)."""
        self._core.stop()

    def start(self, seed: int, steps: Optional[int] = None) -> None:
        """Begins a run with ``seed`` whose step limit is ``steps`` (by default the source's; ``0``: none);
        then ``step()`` advances it."""
        self._core.start(checked_int("seed", seed), None if steps is None else checked_int("steps", steps))
        self._started = True

    def send(self, key: str) -> None:
        """Sends an input (a key's name, ``"ArrowLeft"``) to the run: the next ``<event>`` that runs takes it
        (the mj dialect, docs/language/extensions.md). Time is counted in steps: ``inputs`` notes the step
        each came at, and ``replay`` gives the same run again."""
        if not isinstance(key, str):
            raise TypeError(f"key must be a str, got {type(key).__name__}")
        self._core.send(key)

    @property
    def waiting(self) -> bool:
        """True while the next step waits for an input (an ``<event>`` runs next and none is queued)."""
        return bool(self._core.status()["waiting"])

    @property
    def inputs(self) -> List[Tuple[int, str]]:
        """The run's inputs in the order sent, each ``(step, key)``: with its seed, what replays it."""
        return list(self._core.inputs())

    def replay(self, seed: int, inputs: Iterable[Tuple[int, str]], steps: Optional[int] = None) -> int:
        """The run of ``seed`` again (step limit ``steps``, as ``start``), each ``(step, key)`` of ``inputs``
        sent when the run stands at that step, then on to its end or limit; returns the steps taken."""
        pairs = [(checked_int("step", step), str(key)) for step, key in inputs]
        taken = self._core.replay(
            checked_int("seed", seed), pairs, None if steps is None else checked_int("steps", steps)
        )
        self._started = True
        return taken

    def step(self) -> bool:
        """One step of the run; False (and nothing done) once the program has finished or the run has
        reached its step limit."""
        return self._core.step(1) == 1

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
        return self._core.status()["steps"]

    @property
    def finished(self) -> bool:
        """True before the first start and once the program has ended."""
        return bool(self._core.status()["finished"])

    @property
    def active_node(self) -> Optional[ActiveNode]:
        """The node that the next step runs, or None before start and after the end."""
        node = self._core.active_node()
        return None if node is None else ActiveNode(*node)

    def result(self) -> Result:
        """Where the current run stands, as a Result (the grid copied)."""
        return self._result()

    def frames(self, seed: int, every: int = 1) -> Iterator[np.ndarray]:
        """Starts a run with ``seed`` and yields copies of its grid: the start, then every ``every``
        steps, and where the run ends (its end or its step limit, the source's). For animations in notebooks."""
        if checked_int("every", every) < 1:
            raise ValueError(f"every must be at least 1, got {every}")
        self.start(seed)
        yield np.array(self.grid)
        while self._core.step(every) > 0:
            yield np.array(self.grid)

    def _result(self) -> Result:
        return Result.of(self._core.snapshot(), self.source)

    def _repr_png_(self) -> Optional[bytes]:
        """The current grid's picture for notebooks, once a run has begun."""
        return self.result()._repr_png_() if self._started else None

    def __repr__(self) -> str:
        mx, my, mz = self.source.size
        return f"<markovjunior.Model {self.source.path!r} {mx}x{my}x{mz}>"
