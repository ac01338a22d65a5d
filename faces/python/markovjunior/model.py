"""Loading a model and running it: whole runs, step by step, or as frames."""

from __future__ import annotations

import dataclasses
import os
import threading
import warnings
from typing import Dict, Iterable, Iterator, List, NamedTuple, Optional, Tuple, Union

import numpy as np

from . import _core
from ._arguments import Colour, checked_bool, checked_int
from .errors import ModelError, ModelWarning
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
    beside it (or mj's demo.xml) takes its entry's size, step limit, pixel size and colours, and ``run()`` without
    a seed its entry's first seed; a model alone the library's default size (a cube when its rules are 3D), step
    limit and seed. ``size``: ``n``
    (every side: n x n, or n x n x n for a 3D model), ``(mx, my)`` or ``(mx, my, mz)``. ``steps``:
    the step limit of ``run`` (``0``: none). ``pixelsize``: of ``image``, ``save`` and notebooks.
    ``resources``: the folder with rules/, samples/, tilesets/ and palette.xml; by default
    ``../resources`` from the model file (the reference's layout), or ``resources`` for XML text.
    ``max_cells`` bounds every grid the model makes (default ``DEFAULTS["max_cells"]``). ``colors``:
    ``{symbol: colour}`` over the palette, a colour 0xRRGGBB, ``"#rrggbb"``, a name (``"teal"``, with
    matplotlib) or ``(r, g, b)``. ``backtrack=True``: every ``wfc`` undoes its latest choices on a contradiction
    instead of starting over (``mj run --backtrack``; a run then differs from the reference's where the collapse
    of a wfc's first seed meets a contradiction). Raises ModelError with the file and line of any problem in the
    model, and warns (ModelWarning) of each thing it writes that nothing reads (a misspelt attribute): the model
    still runs; ``run`` warns of a ``wfc`` that gave up, a goal not met, a search that found no trajectory.

    ``pins``: cells no node may change all run long; ``goal``: cells the model's inference (``<observe>``) must end
    with (docs/constraints.md). Each a file (a PNG in the model's colours, transparent: free; a VOX, empty: free; a
    state text, ``*``: free) or an array of the shape of the grid the run ends on (the start grid's, ``grid()``'s
    before a run; a model with one ``wfc``: the wfc's grid) whose cells are values of its legend or
    ``DEFAULTS["free_cell"]`` (free). Raises ValueError for a wrong shape or value (a file's too: another size, a
    colour not in the palette), a model with a ``map`` or a second ``wfc`` (a goal: any ``wfc``), or a goal for a
    model without ``<observe>``;
    TypeError for another kind (bytes, a bool mask, an array of strings).
    """
    given = locals()  # the keywords above, forwarded by Request's names (written once, in source.py)
    source = resolve_source(
        model,
        own_pins=pins is not None,
        own_goal=goal is not None,
        **{f.name: given[f.name] for f in dataclasses.fields(Request)},
    )
    if pins is not None or goal is not None:
        probe = source.model()
        source = dataclasses.replace(
            source, pins=_constraint_cells(probe, "pins", pins), goal=_constraint_cells(probe, "goal", goal)
        )
    model = Model(source)
    for file, line, message, text in model._core.notices():
        warnings.warn(ModelWarning(text, file, line, message), stacklevel=2)
    return model


def read_inputs(path: Union[str, os.PathLike]) -> List[Tuple[int, str]]:
    """The ``(step, key)`` inputs of a file that ``Model.save_inputs``, ``mj play --record`` or ``mj run
    --record`` wrote, for ``Model.replay`` (ModelError naming the file and line of a line that is no input)."""
    return list(_core.Model.read_inputs(os.fspath(path)))


def _constraint_cells(core, name: str, given) -> Optional[bytes]:
    """Pins or a goal as the library takes them: a file read by the library, or an array of the shape of the grid
    they name (the start grid, or a wfc model's wfc grid: the library's pinned grid)."""
    if given is None:
        return None
    if isinstance(given, (str, os.PathLike)):
        try:
            return bytes(core.constraint_cells(os.fspath(given)))
        except ModelError as error:  # a file that does not fit is a wrong value, as an array that does not is
            raise ValueError(f"{name}: {error}") from error
    shape = tuple(core.pinned_shape())
    cells = _cell_values(name, given)
    if cells.shape != shape and cells.shape != (int(np.prod(shape)),):
        raise ValueError(f"{name} has shape {cells.shape}, the grid {shape}")
    return np.ascontiguousarray(cells, dtype=np.uint8).tobytes()


def _cell_values(name: str, given) -> np.ndarray:
    """An array of pins or a goal, refused unless each cell is a whole number of a byte: a float one is
    not cut to a whole one (2.5, NaN), a bool mask is not taken as values (every False cell pinned to 0)."""
    free = _core.DEFAULTS["free_cell"]
    if isinstance(given, (bytes, bytearray, memoryview)):
        raise TypeError(f"{name} must be a file's path or an array of the grid's shape, got bytes: give a file's path")
    cells = np.asarray(given)
    if cells.dtype == np.bool_:
        raise TypeError(
            f"{name} must hold values ({free}: free), not a bool mask, which would make every False cell value 0:"
            f" give np.where(mask, VALUE, {free})"
        )
    whole = f"{name} must hold whole numbers (values of the legend, {free}: free)"
    if cells.dtype.kind == "f":
        cut = np.flatnonzero(cells.ravel() != np.round(cells.ravel()))  # NaN too: it equals nothing
        if cut.size:
            raise ValueError(f"{whole}, got {cells.ravel()[cut[0]]}")
    if cells.dtype.kind not in "uif":
        raise TypeError(f"{whole}, got an array of {cells.dtype}")
    byte = np.iinfo(np.uint8).max  # the cells go to the library as bytes; which of them are values, it says
    if cells.size and (cells.min() < 0 or cells.max() > byte):
        raise ValueError(f"{name} holds values outside 0 to {byte} ({_core.DEFAULTS['free_cell']}: a free cell)")
    return cells


class Model(Views):
    """A loaded model. ``run`` makes a Result; ``start`` and ``step`` walk a run one step at a time.
    ``fields()``, ``potentials()``, ``future()``, ``choice()`` and ``wave()`` show what its nodes
    computed (markovjunior.views).

    A Model is for one thread at a time (another thread using it meanwhile gets RuntimeError), and a run
    stays in the thread that began it (``step``, ``resume``, ``advance``, ``send`` or ``back`` in another raise
    RuntimeError); give each thread its own with ``copy()``. Runs release the GIL, so Models in threads run in
    parallel. Copied or pickled, a Model keeps its run: the copy runs its seed and inputs again to the same step.
    """

    def __init__(self, source: Source) -> None:
        if not isinstance(source, Source):
            raise TypeError(f"Model takes a Source, got {type(source).__name__}: load a model with markovjunior.load()")
        self.source = source
        self._core = source.model()
        self._started = False
        self._max_bytes = DEFAULT_MAX_BYTES  # the record's bound (record()), which a pickled History keeps
        self._thread: Optional[int] = None  # the thread that began the current run

    def copy(self) -> "Model":
        """Another Model of the same source, standing where this one's run stands, for another thread."""
        return _model_of(self.source, self._run_state())

    def __reduce__(self):  # pickled (and copy.copy-ed) as its source and where its run stands: run again there
        return (_model_of, (self.source, self._run_state()))

    def _run_state(self) -> Optional["_RunState"]:
        status = self._core.status()
        if not status["started"]:
            return None
        recording = self._max_bytes if self._core.history_range() is not None else None
        return _RunState(status["seed"], status["step_limit"], self.inputs, status["steps"], recording)

    def _stand_at(self, run: "_RunState") -> None:
        """The run of ``run``'s seed taken to its step, each input sent at its step, as ``replay`` sends them."""
        if run.recording is not None:
            self.record(True, run.recording)
        self.start(run.seed, run.step_limit)
        for step, key in run.inputs:
            self._core.step(step - self.steps)
            self._core.send(key)
        self._core.step(run.steps - self.steps)

    def _begin(self) -> None:
        self._thread = threading.get_ident()
        self._started = True

    def _going_on(self, what: str) -> None:
        """Refuses to go on with a run from a thread other than the one that began it: two threads taking turns
        at one Model would each see the other's steps (the lock only catches them at the same moment)."""
        if self._thread is not None and self._thread != threading.get_ident():
            raise RuntimeError(
                f"{what}: this Model's run was begun by another thread; a run stays in its thread. Give each thread"
                " its own Model (Model.copy()), or begin a run in this one (start, run or replay)"
            )

    def run(
        self,
        seed: Optional[int] = None,
        steps: Optional[int] = None,
        *,
        progress: bool = False,
        breakpoints: Optional[Iterable[BreakpointLike]] = None,
    ) -> Result:
        """Runs with ``seed`` until the program ends or ``steps`` steps: by default the source's seed and limit
        (its entry's, the first of its seeds, as ``mj run`` runs it; else the library's: ``source.seed``,
        ``source.steps``), ``steps=0``: none (below 0: ValueError). The same seed always
        gives the same result, the reference's, cell for cell. Ctrl-C stops the run (KeyboardInterrupt); the Model stays
        usable. ``progress=True`` shows the steps as they go (with tqdm when it is installed).
        ``breakpoints``: Breakpoints (or lines, or ``(line, rule)`` pairs) at which the run pauses;
        ``model.paused_at`` then says which, and ``resume()`` goes on."""
        limit = None if steps is None else checked_int("steps", steps)
        seed = None if seed is None else checked_int("seed", seed)
        self._begin()
        with ProgressBar(progress, "steps") as report:
            self._core.run(seed, limit, report, core_breakpoints(breakpoints))
        for file, line, message, text in self._core.run_notices():  # a wfc that gave up, a goal missed
            warnings.warn(ModelWarning(text, file, line, message), stacklevel=2)
        return self._result()

    def resume(self, steps: Optional[int] = None, *, breakpoints: Optional[Iterable[BreakpointLike]] = None) -> Result:
        """Goes on with the current run (after a breakpoint, a step limit or ``step()``s) until it ends,
        reaches ``steps`` steps counted from its start (by default the source's limit) or pauses at one
        of ``breakpoints``."""
        limit = self.source.steps if steps is None else checked_int("steps", steps)
        self._going_on("resume")
        self._core.advance(limit, None, core_breakpoints(breakpoints))
        return self._result()

    def advance(self, *, until_waiting: bool = False, breakpoints: Optional[Iterable[BreakpointLike]] = None) -> int:
        """Goes on with the current run until it ends, reaches its step limit or pauses at one of ``breakpoints``;
        with ``until_waiting=True`` also before a step that would wait for an input (an ``<event>`` with no key
        sent: ``waiting`` is then True), so that a game is played by ``send(key)`` then ``advance(until_waiting=True)``
        (a lone ``step()`` after a key would leave the steps that follow it untaken). Returns the steps taken
        (0 when the run already waits). Ctrl-C stops it (KeyboardInterrupt)."""
        self._going_on("advance")
        before = self.steps
        self._core.advance(None, None, core_breakpoints(breakpoints), checked_bool("until_waiting", until_waiting))
        return self.steps - before

    @property
    def paused_at(self) -> Optional[Breakpoint]:
        """The breakpoint at which the latest ``run`` or ``resume`` paused, else None."""
        return breakpoint_of(self._core.breakpoint_hit())

    def record(self, on: bool = True, max_bytes: int = DEFAULT_MAX_BYTES) -> None:
        """Time travel: records every step from now on (the current run from where it stands, later
        runs from their start) in at most ``max_bytes`` (past it the oldest steps are dropped);
        ``record(False)`` drops the record. Then ``history``, ``grid_at`` and ``back`` work."""
        self._core.set_recording(checked_bool("on", on), checked_int("max_bytes", max_bytes))
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
        self._going_on("back")
        self._core.back(checked_int("steps", steps))
        return self.grid

    def _stop(self) -> None:
        """Stops this Model's run in progress in another thread, or its next run: that run raises
        KeyboardInterrupt (a thread other than the main one sees no Ctrl-C of its own)."""
        self._core.stop()

    def start(self, seed: Optional[int] = None, steps: Optional[int] = None) -> None:
        """Begins a run with ``seed`` whose step limit is ``steps`` (by default the source's seed and limit, as
        ``run``; ``steps=0``: none); then ``step()`` advances it."""
        self._core.start(
            None if seed is None else checked_int("seed", seed), None if steps is None else checked_int("steps", steps)
        )
        self._begin()

    def send(self, key: str) -> None:
        """Sends an input (a key's name, ``"ArrowLeft"``) to the run: the next ``<event>`` that runs takes it
        (the mj dialect, docs/language/extensions.md). Time is counted in steps: ``inputs`` notes the step
        each came at, and ``replay`` gives the same run again. The key is taken by the step that comes next:
        ``advance(until_waiting=True)`` then takes the run to where it waits for the next one."""
        if not isinstance(key, str):
            raise TypeError(f"key must be a str, got {type(key).__name__}")
        self._going_on("send")
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
        pairs = [_input_pair(item) for item in inputs]
        taken = self._core.replay(
            checked_int("seed", seed), pairs, None if steps is None else checked_int("steps", steps)
        )
        self._begin()
        return taken

    def save_inputs(self, path: Union[str, os.PathLike]) -> None:
        """Writes ``inputs`` to ``path`` as ``mj play --record`` writes them, a ``STEP KEY`` line each: with the
        seed, ``mj run MODEL --seed SEED --inputs PATH`` replays the game (``read_inputs`` reads it back)."""
        self._core.save_inputs(os.fspath(path))

    def step(self) -> bool:
        """One step of the run; False (and nothing done) once the program has finished or the run has
        reached its step limit."""
        self._going_on("step")
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


class _RunState(NamedTuple):
    """Where a Model's run stands, all a copy needs to stand there too: its seed, step limit, inputs, step, and
    the bound of its record (None: not recording)."""

    seed: int
    step_limit: int
    inputs: List[Tuple[int, str]]
    steps: int
    recording: Optional[int]


def _model_of(source: Source, run: Optional[_RunState]) -> Model:
    """A Model of ``source`` (an unpickled or copied one), its run taken to where the original's stood."""
    model = Model(source)
    if run is not None:
        model._stand_at(run)
    return model


def _input_pair(item) -> Tuple[int, str]:
    """One of replay's inputs: a (step, key) pair, as ``inputs`` lists them, its step 0 or more."""
    if not isinstance(item, (tuple, list)) or len(item) != 2:
        raise TypeError(f"replay's inputs are (step, key) pairs, as model.inputs lists them, got {item!r}")
    step, key = item
    if checked_int("step", step) < 0:
        raise ValueError(f"an input's step is 0 or more (the step the run stood at when it was sent), got {step}")
    if not isinstance(key, str):
        raise TypeError(f"an input's key must be a str (a key's name, 'ArrowLeft'), got {type(key).__name__}")
    return int(step), key
