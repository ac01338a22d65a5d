"""What a run of a model is, every default decided by the library's resolver (``mj::resolve_run``), as
for ``mj run``: a listed model takes its entry's size, steps, pixel size and colours, a model alone
64 x 64 (2D) or 24 x 24 x 24 (3D, when its rules are). Python passes what it was given, nothing more."""

from __future__ import annotations

import dataclasses
import os
from dataclasses import dataclass
from typing import Dict, List, Optional, Tuple, Union

from . import _core
from ._arguments import INT_MAX, Colour, checked_bool, checked_int, is_int, rgb_of

Size = Union[int, Tuple[int, int], Tuple[int, int, int]]
PathOrXml = Union[str, "os.PathLike[str]"]

MODELS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "models")
"""mj's own models (GrowthMaze, BacktrackerMaze, ...), installed with the package."""


@dataclass(frozen=True)
class Source:
    """All it takes to load and run a model again, in another thread, process or machine: the
    settings the library decided (``settings``, the library's own, which pickle), read here by name."""

    settings: "_core.Settings"
    pins: Optional[bytes]  # per cell of the pinned grid, its pinned value or DEFAULTS["free_cell"]; None: none
    goal: Optional[bytes]  # per cell, the value it must end with or DEFAULTS["free_cell"]; None: none

    @property
    def text(self) -> Optional[str]:
        """The XML, when the model was given as text."""
        return self.settings.xml

    @property
    def path(self) -> str:
        """The model file, or what messages call the text."""
        return self.settings.file or self.settings.source

    @property
    def name(self) -> str:
        """The model's name: pictures are NAME_SEED.png."""
        return self.settings.name

    @property
    def size(self) -> Tuple[int, int, int]:
        """(mx, my, mz)."""
        return self.settings.size

    @property
    def resources(self) -> str:
        """The folder with rules/, samples/, tilesets/ and palette.xml."""
        return self.settings.resources

    @property
    def max_cells(self) -> int:
        """The largest grid the model may make."""
        return self.settings.max_cells

    @property
    def steps(self) -> int:
        """The step limit of a run; <= 0: none."""
        return self.settings.steps

    @property
    def seed(self) -> int:
        """The seed of a run given none: the entry's first listed seed (as ``mj run``), else ``DEFAULTS["seed"]``."""
        return self.settings.seed

    @property
    def pixelsize(self) -> int:
        """Of pictures: the entry's, else the library's default."""
        return self.settings.pixelsize

    @property
    def iso(self) -> bool:
        """3D pictures isometric rather than VOX."""
        return self.settings.iso

    @property
    def backtrack(self) -> bool:
        """Every wfc backtracks on contradictions (mj run --backtrack)."""
        return self.settings.backtrack

    @property
    def palette(self) -> Tuple[Tuple[str, int], ...]:
        """(symbol, 0xAARRGGBB): palette.xml, the entry's colours, the caller's."""
        return self.settings.palette

    @property
    def size_from(self) -> str:
        """Where the size came from: "given", "models.xml:12", "default size"."""
        return self.settings.size_from

    def __repr__(self) -> str:  # its XML text and palette would fill a screen
        mx, my, mz = self.size
        return f"<markovjunior.Source {self.name!r} {mx}x{my}x{mz} steps={self.steps} pixelsize={self.pixelsize}>"

    def model(self):
        """The library's model of this source, freshly loaded (mj::Model: what a Model, or a Result's GIF, runs)."""
        core = _core.Model(self.settings)
        if self.pins is not None:
            core.set_pins(self.pins)
        if self.goal is not None:
            core.set_goal(self.goal)
        return core


@dataclass(frozen=True)
class Request:
    """What a caller asks of a run's settings, the keywords of ``load`` (which documents them) and of every
    function that loads a model: what is None the library decides."""

    size: Optional[Size] = None
    steps: Optional[int] = None
    pixelsize: Optional[int] = None
    resources: Optional[PathOrXml] = None
    max_cells: Optional[int] = None
    colors: Optional[Dict[str, Colour]] = None
    backtrack: bool = False


def resolve_source(model: PathOrXml, *, own_pins: bool = False, own_goal: bool = False, **keywords) -> Source:
    """The Source of a model file, a name or XML text, with the arguments (Request's keywords; another is a
    TypeError) checked and the rest decided by the library. ``own_pins``, ``own_goal``: the caller gives its own,
    so that the entry's are not read."""
    source = Source(
        _core.resolve_run(*core_request(model, own_pins=own_pins, own_goal=own_goal, **keywords)), None, None
    )
    files = {"pins": source.settings.pins_file, "goal": source.settings.goal_file}
    if any(files.values()):  # named by the model's entry: read as the library reads them, kept as cells to pickle
        core = source.model()
        cells = {k: bytes(core.constraint_cells(f)) if f else None for k, f in files.items()}
        source = dataclasses.replace(source, **cells)
    return source


def core_request(model: PathOrXml, *, own_pins: bool = False, own_goal: bool = False, **keywords) -> tuple:
    """What the library's resolver takes (``_core.resolve_run``'s arguments, the first ones of ``_core.World``) for
    a model file, a name or XML text and Request's keywords, each checked: plain values, which pickle."""
    r = Request(**keywords)
    if not isinstance(model, (str, os.PathLike)):
        raise TypeError(f"a model is a path, XML text or a name, got {type(model).__name__}")
    text = model if is_xml_text(model) else None
    return (
        "" if text is not None else os.fspath(model),
        text,
        [MODELS],
        size_request(r.size),
        None if r.steps is None else checked_int("steps", r.steps),
        None if r.pixelsize is None else checked_int("pixelsize", r.pixelsize),
        None,
        "" if r.resources is None else os.fspath(r.resources),
        0 if r.max_cells is None else _count("max_cells", r.max_cells),
        {symbol: rgb_of(symbol, c) for symbol, c in dict(r.colors or {}).items()},
        checked_bool("backtrack", r.backtrack),
        own_pins,
        own_goal,
    )


def is_xml_text(model: object) -> bool:
    """True for a string that is XML rather than a path."""
    return isinstance(model, str) and model.lstrip().startswith("<")


def size_request(size: Optional[Size]) -> List[int]:
    """``size`` as the library takes it: ``[]`` (not given), ``[n]`` (every side), ``[mx, my]`` or
    ``[mx, my, mz]``; TypeError or ValueError when it is not 1 to 3 positive ints."""
    if size is None:
        return []
    if is_int(size):
        sides = [size]
    elif isinstance(size, (tuple, list)) and len(size) in (2, 3) and all(is_int(s) for s in size):
        sides = list(size)
    else:
        raise TypeError(f"size is an int, (mx, my) or (mx, my, mz), got {size!r}")
    if max(sides) > INT_MAX:
        raise ValueError(f"size: every side must be at most {INT_MAX}, got {size!r}")
    return [int(s) for s in sides]


def own_models() -> list:
    """The names of mj's own models."""
    return sorted(f[:-4] for f in os.listdir(MODELS) if f.endswith(".xml") and f != "demo.xml")


def _count(name: str, value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"{name} must be an int, got {type(value).__name__}")
    return value
