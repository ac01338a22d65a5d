"""MarkovJunior for Python: mj's C++ interpreter, cell for cell the reference's, with numpy grids.

    import markovjunior as mj
    image = mj.generate("GrowthMaze", seed=7, pixelsize=4)      # an (H, W, 3) array for plt.imshow
    model = mj.load("GrowthMaze")                               # a file, XML text or a name; settings as mj run's
    result = model.run(seed=1)                                  # result.grid: (my, mx) uint8 in 2D
    results = mj.batch(model, range(100))                       # threads, results in seed order

Runs across machines: markovjunior.distributed (Dask).
"""

from ._core import __version__  # noqa: F401 (public: the library's version)
from .batch import batch
from .errors import ModelError
from .explore import Outcome, StateSpace, explore
from .generate import generate
from .history import Breakpoint, History
from .model import ActiveNode, Model, load
from .result import Result
from .source import MODELS, Source, own_models

__all__ = [
    "ActiveNode",
    "Breakpoint",
    "History",
    "MODELS",
    "Model",
    "ModelError",
    "Outcome",
    "Result",
    "Source",
    "StateSpace",
    "batch",
    "explore",
    "generate",
    "load",
    "own_models",
]
