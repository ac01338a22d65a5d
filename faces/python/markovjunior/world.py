"""Worlds: a model, a seed and a chunk size make an endless grid, any region of which comes out the same however it is
asked for: at once, in pieces, in threads, or as a task graph on a Dask cluster (the scheme: include/mj/world.hpp).

    world = mj.World("MazeGrowth", chunk=32, seed=5)
    cells = world[-100:100, 0:50]                      # (50, 200) uint8, world coordinates (negative ones too)
    cells = world.region(-100, 0, 100, 50, client=client)   # the same cells, the chunks made by Dask's workers
    world.save(0, 0, 4096, 4096, "maze.png")           # written chunk row by chunk row, whatever its size
"""

from __future__ import annotations

import os
import threading
import uuid
from dataclasses import dataclass
from typing import Dict, List, Optional, Tuple, Union

import numpy as np

from . import _core
from ._arguments import Colour, checked_int, is_int, positive_int
from .result import rgb_array
from .source import PathOrXml, core_request

Chunk = Tuple[int, int, int]
Box = Tuple[int, int, int, int, int, int]  # x0, y0, z0, x1, y1, z1 (z0 = 0, z1 = 1 in 2D)
LONG_MIN, LONG_MAX = -(2**63), 2**63 - 1  # the C++ side's long long, of coordinates


@dataclass(frozen=True)
class WorldRequest:
    """All it takes to make a world again in another process or machine: the model as the library's resolver takes
    it (``core_request``'s plain values, which pickle) and the world's seed, chunk, margin and seam (None: the
    library's). A worker keeps the world of each request it was sent (``run_chunk_task``)."""

    model: tuple
    seed: Optional[int]
    chunk: Optional[int]
    margin: Optional[int]
    seam: Optional[int]

    def load(self) -> "_core.World":
        return _core.World(*self.model, self.seed, self.chunk, self.margin, self.seam)


class World:
    """An endless world of a model: every cell a function of the model, ``seed`` and ``chunk`` (and ``margin``,
    ``seam``) alone, made chunk by chunk, a chunk's run reaching ``margin`` cells past its border with the cells of
    its earlier neighbours pinned ``seam`` cells deep, so that rules see across borders (mj/world.hpp).

    ``model`` is named as ``load`` names it (a file, XML text, or a name: ``models/NAME.xml`` of the current folder,
    else one of mj's own models), and ``steps``, ``pixelsize``, ``resources``, ``max_cells`` and ``colors`` are
    ``load``'s; the world sets the size of a chunk's run, and every ``wfc`` backtracks. Not given, ``seed`` is
    ``DEFAULTS["seed"]``, ``chunk`` ``DEFAULTS["chunk_2d"]`` (``DEFAULTS["chunk_3d"]`` for a 3D model, at most
    ``DEFAULTS["max_chunk"]``), ``margin`` a quarter of the chunk and ``seam`` half the margin; a tile model's are
    whole tiles. Raises ModelError (or ValueError) at the line of a model no world can be made of (an ``<event>``, a
    ``map`` that changes the grid's size) and ValueError for a chunk, margin or seam out of range.

    Cells are in world coordinates, which go on every way: ``world[x0:x1, y0:y1]`` (``[x0:x1, y0:y1, z0:z1]`` in 3D)
    is the region from ``(x0, y0)`` to ``(x1, y1)`` excluded, and a negative coordinate is a place left of (above)
    the origin, not one counted from an end as in Python's sequences. A World keeps the chunks it made for later
    regions (``forget()`` drops them). A World is for one thread at a time; chunks are made in threads with
    ``threads=``, and on a Dask cluster with ``client=``.
    """

    def __init__(
        self,
        model: PathOrXml,
        chunk: Optional[int] = None,
        seed: Optional[int] = None,
        margin: Optional[int] = None,
        seam: Optional[int] = None,
        *,
        steps: Optional[int] = None,
        pixelsize: Optional[int] = None,
        resources: Optional[PathOrXml] = None,
        max_cells: Optional[int] = None,
        colors: Optional[Dict[str, Colour]] = None,
    ) -> None:
        given = {"chunk": chunk, "seed": seed, "margin": margin, "seam": seam}
        model_request = core_request(
            model, steps=steps, pixelsize=pixelsize, resources=resources, max_cells=max_cells, colors=colors
        )
        checked = {k: None if v is None else checked_int(k, v) for k, v in given.items()}
        self._load(WorldRequest(model_request, **checked))

    def _load(self, request: WorldRequest) -> None:
        self.request = request
        self._core = request.load()
        self._settings = self._core.settings()

    def __reduce__(self):  # pickled as its request: the same world anywhere (its chunks are made again)
        return (_world_of_request, (self.request,))

    @property
    def seed(self) -> int:
        """The world's seed: the one given, else ``DEFAULTS["seed"]``."""
        return self._settings["seed"]

    @property
    def chunk(self) -> int:
        """A chunk's side, in cells."""
        return self._settings["chunk"]

    @property
    def margin(self) -> int:
        """How far a chunk's run reaches past its border, in cells."""
        return self._settings["margin"]

    @property
    def seam(self) -> int:
        """How many cells past its border a chunk's run finds pinned by its earlier neighbours."""
        return self._settings["seam"]

    @property
    def dimension(self) -> int:
        """2 or 3: regions are ``(y, x)`` or ``(z, y, x)`` arrays."""
        return self._settings["dimension"]

    @property
    def legend(self) -> str:
        """The symbols, ``legend[v]`` for value ``v``."""
        return self._settings["legend"]

    @property
    def name(self) -> str:
        """The model's name."""
        return self._settings["name"]

    @property
    def colors(self) -> np.ndarray:
        """The ``(len(legend), 3)`` RGB colour of each value, as ``Result.colors()``."""
        return rgb_array(self._settings["colors"])

    def __repr__(self) -> str:
        return (
            f"<markovjunior.World {self.name!r} {self.dimension}D seed={self.seed} chunk={self.chunk}"
            f" margin={self.margin} seam={self.seam}>"
        )

    def __getitem__(self, key) -> np.ndarray:
        """``world[x0:x1, y0:y1]`` (``[x0:x1, y0:y1, z0:z1]`` in 3D): ``region(x0, y0, x1, y1)``, in world
        coordinates (a negative one is left of the origin, not counted from an end)."""
        axes = "xyz"[: self.dimension]
        form = ", ".join(f"{a}0:{a}1" for a in axes)
        if not isinstance(key, tuple) or len(key) != self.dimension or not all(isinstance(k, slice) for k in key):
            raise TypeError(f"a {self.dimension}D world's region is world[{form}], got world[{_key_text(key)}]")
        for axis, k in zip(axes, key):
            if k.start is None or k.stop is None:
                raise ValueError(
                    f"a world has no ends: {axis} needs both bounds ({axis}0:{axis}1), got {_slice_text(k)}"
                )
            if k.step is not None and k.step != 1:
                raise ValueError(f"a world's region takes every cell: {axis} has no step, got {_slice_text(k)}")
        return self.region(*[k.start for k in key], *[k.stop for k in key])

    def region(self, *bounds: int, client=None, threads: int = 1) -> np.ndarray:
        """The cells from ``(x0, y0)`` to ``(x1, y1)`` excluded, ``region(x0, y0, x1, y1)`` (3D: ``region(x0, y0, z0,
        x1, y1, z1)``), a ``(y1 - y0, x1 - x0)`` (3D: ``(z, y, x)``) ``uint8`` array of values of ``legend``, as a
        Result's grid. Coordinates are the world's: negative ones lie left of (above) the origin. ``threads``: chunks
        made at once here. ``client``: a Dask ``distributed.Client`` whose workers make the chunks as a task graph
        (a task per chunk, ``run_chunk_task``, after the tasks of the chunks it needs), each worker loading the
        world once; a model given as a path must be at that path on the workers (the chunks this World kept are
        dropped first, and those the cluster made kept instead). The cells are the same either way.
        ValueError for a region with no cells or beyond 2^40 cells from the origin, ModelError for one past the
        model's ``max_cells`` (write it with ``save``). Ctrl-C stops it between chunks (KeyboardInterrupt)."""
        box = self._box(bounds, "region")
        count = positive_int("threads", threads)
        if client is None:
            return self._core.region(*box, count)
        return _Cluster(self, client).run(lambda make: self._core.region(*box, count, make))

    def save(self, *bounds_and_path, pixelsize: Optional[int] = None, client=None, threads: int = 1) -> str:
        """Writes a region, ``save(x0, y0, x1, y1, path)`` (3D: ``save(x0, y0, z0, x1, y1, z1, path)``), chunk row by
        chunk row, whatever its size: a ``.png`` (2D, ``pixelsize`` pixels a cell; by default the model's), a
        ``.txt`` (the state text: ``NAME W H D SEED 0``, the legend, a row of symbols a line) or, for a path without
        an extension, a folder of a file per chunk (PNG in 2D, VOX in 3D) with ``index.json`` written last. A file is
        written whole or not at all (a stop, a failed task or an error leaves none). ``client``, ``threads``: the chunks
        made as ``region`` makes them (with a client, a row of chunks at a time is here; the cluster keeps the
        region's chunks until the file is written). Returns the path."""
        if not bounds_and_path:
            raise TypeError("save takes the region's bounds and a path: save(x0, y0, x1, y1, path)")
        *bounds, path = bounds_and_path
        if not isinstance(path, (str, os.PathLike)):
            raise TypeError(f"save's last argument is the path to write, got {type(path).__name__}")
        box = self._box(bounds, "save", ", path")
        size = None if pixelsize is None else checked_int("pixelsize", pixelsize)
        count = positive_int("threads", threads)
        out = os.fspath(path)
        if client is None:
            self._core.save(*box, out, count, size)
        else:
            _Cluster(self, client).run(lambda make: self._core.save(*box, out, count, size, make))
        return out

    def needs(self, chunk: Chunk) -> List[Chunk]:
        """The chunks whose cells chunk ``(x, y, z)``'s run pins (``z`` 0 in 2D), in ``run_chunk``'s order: the edges
        of a task graph."""
        return [tuple(c) for c in self._core.needs(_chunk_of(chunk))]

    def chunks_for(self, *bounds: int) -> List[Chunk]:
        """Every chunk a region needs (its own and those they need), each after those it needs: a scheduler's
        tasks. Chunk ``(x, y, z)`` holds the cells from ``(x, y, z) * chunk`` on."""
        return [tuple(c) for c in self._core.chunks_for(*self._box(bounds, "chunks_for"))]

    def run_chunk(self, chunk: Chunk, needed: List[bytes]) -> bytes:
        """Chunk ``(x, y, z)``'s cells (``chunk ** dimension`` bytes, x fastest) from the cells of ``needs(chunk)``,
        in that order: the same in any process that makes the same world."""
        return self._core.run_chunk(_chunk_of(chunk), list(needed))

    def forget(self) -> None:
        """Drops the chunks this World keeps."""
        self._core.forget()

    def _box(self, bounds: tuple, call: str, tail: str = "") -> Box:
        names = ["x0", "y0", "z0", "x1", "y1", "z1"] if self.dimension == 3 else ["x0", "y0", "x1", "y1"]
        if len(bounds) != len(names):
            raise TypeError(
                f"a {self.dimension}D world's {call} takes {call}({', '.join(names)}{tail}), got {len(bounds)} bounds"
            )
        for name, value in zip(names, bounds):
            if not is_int(value):
                raise TypeError(f"{name} must be an int, got {type(value).__name__}")
            if not LONG_MIN <= value <= LONG_MAX:
                raise ValueError(f"{name} must be a whole number from {LONG_MIN} to {LONG_MAX}, got {value}")
        b = [int(v) for v in bounds]
        return tuple(b) if self.dimension == 3 else (b[0], b[1], 0, b[2], b[3], 1)


class _Cluster:
    """A region's missing chunks made on a Dask cluster: a task per chunk, depending on the tasks of the chunks it
    needs, named by the world, this call and the chunk (within a call the same chunk is the same task); each chunk's
    cells kept by the World when the tasks are done. The World's kept chunks are dropped first, so that every chunk a
    task needs is a task. The call in the names: the client keeps a cancelled task's future under its name until
    it releases it, later, and a task submitted under that name before then is cancelled too (a region asked for
    right after a save stopped by Ctrl-C failed so)."""

    def __init__(self, world: World, client) -> None:
        status = getattr(client, "status", None)
        if status is None or not callable(getattr(client, "submit", None)):
            raise TypeError(f"client must be a Dask distributed.Client, got {type(client).__name__}")
        if status != "running":
            raise RuntimeError(f"the Dask client is {status}, not running: its cluster is gone or it was closed")
        from dask.base import tokenize

        self.world = world
        self.client = client
        self.token = tokenize(repr(world.request), uuid.uuid4().hex)
        self.futures: Dict[Chunk, object] = {}
        world.forget()

    def make(self, missing: List[Chunk]) -> None:
        try:
            for c in missing:
                needed = [self.futures[tuple(n)] for n in self.world._core.needs(c)]
                key = f"mj-world-chunk-{self.token}-{c[0]},{c[1]},{c[2]}"
                self.futures[c] = self.client.submit(run_chunk_task, self.world.request, c, *needed, key=key)
            made = self.client.gather([self.futures[c] for c in missing])
        except BaseException:  # Ctrl-C, a failed task: the rest is not waited for
            self.client.cancel(list(self.futures.values()))
            raise
        for c, cells in zip(missing, made):
            self.world._core.keep(c, cells)

    def run(self, call):
        try:
            return call(self.make)
        finally:
            self.futures.clear()


def run_chunk_task(request: WorldRequest, chunk: Chunk, *needed: bytes) -> bytes:
    """A task of a region made by a cluster: ``World.run_chunk(chunk, needed)`` of the world of ``request``, loaded
    once per process (and kept for its later tasks)."""
    return _loaded_world(request).run_chunk(chunk, list(needed))


_worlds: Dict[str, "_core.World"] = {}  # a process's worlds by their request; run_chunk is for any thread
_worlds_lock = threading.Lock()


def _loaded_world(request: WorldRequest) -> "_core.World":
    key = repr(request)
    with _worlds_lock:
        if key not in _worlds:
            if len(_worlds) >= 8:
                _worlds.clear()
            _worlds[key] = request.load()
        return _worlds[key]


def _world_of_request(request: WorldRequest) -> World:
    world = World.__new__(World)
    world._load(request)
    return world


def _chunk_of(chunk: Chunk) -> Chunk:
    if not isinstance(chunk, (tuple, list)) or len(chunk) != 3 or not all(is_int(c) for c in chunk):
        raise TypeError(f"a chunk is (x, y, z) of ints (z 0 in 2D), got {chunk!r}")
    return tuple(int(c) for c in chunk)


def _slice_text(k: slice) -> str:
    parts = ["" if k.start is None else str(k.start), "" if k.stop is None else str(k.stop)]
    return ":".join(parts + ([] if k.step is None else [str(k.step)]))


def _key_text(key: Union[tuple, object]) -> str:
    items = key if isinstance(key, tuple) else (key,)
    return ", ".join(_slice_text(k) if isinstance(k, slice) else repr(k) for k in items)
