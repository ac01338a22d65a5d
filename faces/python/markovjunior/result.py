"""The outcome of a run: its grid as a numpy array, and pictures of it."""

from __future__ import annotations

import errno
import os
import stat
from typing import Optional

import numpy as np

from . import _core
from ._arguments import checked_int
from .source import Source


def rgb_array(argb) -> np.ndarray:
    """Colours as the library gives them (0xAARRGGBB) as a ``(len(argb), 3)`` ``uint8`` RGB array."""
    return np.array([[(c >> 16) & 255, (c >> 8) & 255, c & 255] for c in argb], dtype=np.uint8).reshape(-1, 3)


class Result:
    """A finished run (or where it stood when its step limit was reached).

    ``grid``: ``uint8`` array of the value of each cell, of shape ``(my, mx)`` for a 2D grid (an image's
    rows and columns: ``plt.imshow(result.grid)`` shows it) and ``(mz, my, mx)`` in 3D; ``legend``: the
    symbols, ``legend[v]`` for value ``v``; ``steps``: the steps taken; ``seed``: the run's seed;
    ``source``: the model and its settings, which can run it again. A Result holds no interpreter, only the
    library's snapshot of the grid (``mj::Snapshot``: the cells, step, seed, legend, tiles and settings): it
    pickles, so it crosses threads, processes and Dask workers. In a notebook it shows its picture.
    A tile model's Result (a 2D tile ``wfc`` grid, e.g. Knots2D) also keeps its tiles, taken from the
    library when the run ended: its ``.tmj`` is then a map of those tiles, as ``mj run --tiled`` writes it.
    """

    def __init__(
        self, grid: np.ndarray, legend: str, steps: int, seed: int, source: Source, tiles: Optional[tuple] = None
    ) -> None:
        self._snapshot = _core.Snapshot(source.settings, grid, legend, seed, steps, tiles)
        self.source = source

    @classmethod
    def of(cls, snapshot: "_core.Snapshot", source: Source) -> "Result":
        """The Result of the library's snapshot of a grid (``Model.snapshot``) of ``source``'s model."""
        result = cls.__new__(cls)
        result._snapshot, result.source = snapshot, source
        return result

    def __reduce__(self):  # the snapshot pickles itself, cells, settings and all
        return (_result_of, (self._snapshot, self.source))

    @property
    def grid(self) -> np.ndarray:
        """The value of each cell, ``(my, mx)`` in 2D, ``(mz, my, mx)`` in 3D (the snapshot's own memory)."""
        return self._snapshot.grid

    @property
    def legend(self) -> str:
        """The symbols, ``legend[v]`` for value ``v``."""
        return self._snapshot.legend

    @property
    def steps(self) -> int:
        """The steps the run had taken."""
        return self._snapshot.step

    @property
    def seed(self) -> int:
        """The run's seed."""
        return self._snapshot.seed

    @property
    def is_3d(self) -> bool:
        """True when the grid has more than one layer: ``grid`` is then ``(mz, my, mx)``."""
        return self.grid.ndim == 3

    def colors(self) -> np.ndarray:
        """The ``(len(legend), 3)`` RGB colour of each value: the built-in palette, the resources'
        palette.xml over it, then the colours of the model's entry in its models.xml and those given."""
        return rgb_array(self._snapshot.colors())

    def image(self, pixelsize: Optional[int] = None, iso: Optional[bool] = None) -> np.ndarray:
        """The grid as an ``(H, W, 3)`` ``uint8`` RGB array, for ``plt.imshow`` or PIL.

        2D grids are squares of ``pixelsize`` pixels (by default the source's: its entry's, else the
        library's), exactly as ``mj run`` draws them. 3D grids are drawn as isometric cubes of ``pixelsize``
        (value 0 is empty space), as ``generate`` and ``mj run`` draw them; ``iso=False`` asks for a flat
        picture, which a 3D grid has not (ValueError).
        """
        if self.is_3d and iso is False:
            raise ValueError("a 3D grid has no flat picture: leave iso as it is, or save() it as .vox")
        return self._snapshot.image(_pixelsize(pixelsize))

    def save(
        self, path: "os.PathLike[str] | str", *, pixelsize: Optional[int] = None, every: Optional[int] = None
    ) -> str:
        """Writes the grid by the file's extension: ``.png`` (2D squares, or isometric 3D, as
        ``mj run`` writes them), ``.vox`` (MagicaVoxel), ``.glb`` (glTF 2.0, for game engines), ``.tmj`` (a
        Tiled map, with its tileset NAME_tiles.png beside it: a tile model's tile pictures, else the palette),
        or ``.gif``: an animation of the whole run, a
        frame every ``every`` steps (by default every step; the model runs again from its source, with
        the same seed and steps). ``pixelsize``: by default the source's. Returns the path. A folder
        that is missing or not writable raises OSError, as ``open`` does."""
        path = os.fspath(path)
        pixelsize = _pixelsize(pixelsize)
        kind = _core.file_format(path)
        _check_folder(path)
        if kind == "gif":
            return self._animate(path, pixelsize, every)
        self._snapshot.save(path, pixelsize)  # whole or not at all, as every file mj writes
        return path

    def state_text(self, name: Optional[str] = None) -> str:
        """The grid as ``mj run --state`` writes it, the golden runs' format: a header ``NAME FX FY FZ SEED
        STEPS`` (NAME: the model's, by default), the legend, then a row of symbols per line."""
        return _core.state_text(name or self.source.name, self.grid, self.legend, self.seed, self.steps)

    def _animate(self, path: str, pixelsize: Optional[int], every: Optional[int]) -> str:
        # the run again, from its source: the same seed gives the same run, recorded by the library
        every = None if every is None else checked_int("every", every)
        self.source.model().save_run(path, self.seed, self.steps, pixelsize, every)
        return path

    def _repr_png_(self) -> bytes:
        """The picture as PNG bytes, at the source's pixel size: notebooks (IPython, Jupyter) show it."""
        return self._snapshot.png()

    def __repr__(self) -> str:
        mz, my, mx = (1,) * (3 - self.grid.ndim) + self.grid.shape
        return f"<markovjunior.Result seed={self.seed} steps={self.steps} size={mx}x{my}x{mz} legend={self.legend!r}>"


def _result_of(snapshot: "_core.Snapshot", source: Source) -> Result:
    """A Result unpickled (Result.__reduce__)."""
    return Result.of(snapshot, source)


def _pixelsize(pixelsize: Optional[int]) -> Optional[int]:
    """A pixel size as given (None: the source's, which the library takes), its type checked here and its
    range by the library."""
    return None if pixelsize is None else checked_int("pixelsize", pixelsize)


def _check_folder(path: str) -> None:
    """The OS's error (OSError with its errno and the file's name, as ``open`` raises it) when the file
    cannot be made in its folder: missing, not a folder, or not writable."""
    folder = os.path.dirname(os.path.abspath(path))
    try:
        mode = os.stat(folder).st_mode
    except OSError as error:
        raise type(error)(error.errno, error.strerror, path) from None
    if not stat.S_ISDIR(mode):
        raise NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR), path)
    if not os.access(folder, os.W_OK | os.X_OK):
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), path)
