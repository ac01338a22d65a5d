"""The outcome of a run: its grid as a numpy array, and pictures of it."""

from __future__ import annotations

import os
from typing import Dict, Optional

import numpy as np

from . import _core
from ._arguments import positive_int


class Result:
    """A finished run (or where it stood when its step limit was reached).

    ``grid``: ``uint8`` array of the value of each cell, of shape ``(my, mx)`` for a 2D grid (an image's
    rows and columns: ``plt.imshow(result.grid)`` shows it) and ``(mz, my, mx)`` in 3D; ``legend``: the
    symbols, ``legend[v]`` for value ``v``; ``steps``: the steps taken; ``seed``: the run's seed.
    A Result holds no interpreter: it pickles, so it crosses threads, processes and Dask workers.
    """

    def __init__(
        self,
        grid: np.ndarray,
        legend: str,
        steps: int,
        seed: int,
        palette_file: str = "",
        colors: Optional[Dict[str, int]] = None,
    ) -> None:
        self.grid = grid
        self.legend = legend
        self.steps = steps
        self.seed = seed
        self._palette_file = palette_file
        self._colors = dict(colors or {})

    @property
    def is_3d(self) -> bool:
        """True when the grid has more than one layer: ``grid`` is then ``(mz, my, mx)``."""
        return self.grid.ndim == 3

    def colors(self) -> np.ndarray:
        """The ``(len(legend), 3)`` RGB colour of each value: the built-in palette, the resources'
        palette.xml over it, then the colours of the model's entry in its models.xml."""
        argb = self._argb()
        return np.array([[(c >> 16) & 255, (c >> 8) & 255, c & 255] for c in argb], dtype=np.uint8)

    def image(self, pixelsize: int = 1, iso: bool = False) -> np.ndarray:
        """The grid as an ``(H, W, 3)`` ``uint8`` RGB array, for ``plt.imshow`` or PIL.

        2D grids are squares of ``pixelsize`` pixels, exactly as ``mj run`` draws them. 3D grids
        are drawn as isometric cubes of ``pixelsize`` (value 0 is empty space) and need
        ``iso=True``: a 3D grid has no flat picture.
        """
        if self.is_3d and not iso:
            raise ValueError("a 3D grid has no flat picture: use image(iso=True), or save() it as .vox")
        return _core.render(self.grid, self._argb(), positive_int("pixelsize", pixelsize))

    def save(self, path: "os.PathLike[str] | str", *, pixelsize: int = 4) -> str:
        """Writes the grid by the file's extension: ``.png`` (2D squares, or isometric 3D, as
        ``mj run`` writes them), ``.vox`` (MagicaVoxel) or ``.gif``. Returns the path. A folder that
        is missing or not writable raises OSError, as ``open`` does."""
        path = os.fspath(path)
        pixelsize = positive_int("pixelsize", pixelsize)
        kind = _core.file_format(path)
        if kind == "gif":
            with open(path, "wb"):  # the OS's error for a bad path, before the library writes there
                pass
            _core.save_gif(path, self.grid, self._argb(), pixelsize)
            return path
        argb = self._argb()
        data = _core.encode_png(self.grid, argb, pixelsize) if kind == "png" else _core.encode_vox(self.grid, argb)
        with open(path, "wb") as file:
            file.write(data)
        return path

    def state_text(self, name: str = "model") -> str:
        """The grid as ``mj run --state`` writes it, the golden runs' format: a header ``NAME FX FY FZ SEED
        STEPS``, the legend, then a row of symbols per line."""
        return _core.state_text(name, self.grid, self.legend, self.seed, self.steps)

    def _argb(self):
        return _core.colors(self.legend, self._palette_file, self._colors)

    def __repr__(self) -> str:
        mz, my, mx = (1,) * (3 - self.grid.ndim) + self.grid.shape
        return f"<markovjunior.Result seed={self.seed} steps={self.steps} size={mx}x{my}x{mz} legend={self.legend!r}>"
