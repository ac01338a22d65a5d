"""MarkovJunior for Python: mj's C++ interpreter, cell for cell the reference's, with numpy grids.

    import markovjunior as mj
    image = mj.generate("GrowthMaze", seed=7, pixelsize=3)      # an (H, W, 3) array for plt.imshow
    model = mj.load("GrowthMaze")                               # a file, XML text or a name; settings as mj run's
    result = model.run(seed=1)                                  # result.grid: (my, mx) uint8 in 2D
    results = mj.batch(model, range(100))                       # threads, results in seed order
    cells = mj.World("GrowthMaze", chunk=32)[-50:50, 0:40]       # any region of an endless world

Runs across machines: markovjunior.distributed (Dask). ``MarkovJunior`` (an energy sampler) and
``MarkovChain`` (a discrete chain) are the toys a write-up of the project imagines, made real.
"""

from ._core import DEFAULTS, __version__  # noqa: F401 (public: the library's defaults and version)
from .batch import batch
from .errors import ModelError, ModelWarning
from .energy_sampler import MarkovJunior, SlowEnergyWarning
from .explore import (
    ClosedClass,
    GridDynamics,
    Outcome,
    Predecessors,
    StateSpace,
    explore,
    explore_all_grids,
    is_garden_of_eden,
    predecessors,
)
from .generate import generate
from .history import Breakpoint, History
from .markov_chain import MarkovChain
from .model import ActiveNode, Model, load, read_inputs
from .result import Result
from .source import MODELS, Source, own_models
from .views import Candidate, Choice, Contradiction, Trajectory, Wave
from .world import World

__all__ = [
    "ActiveNode",
    "Breakpoint",
    "Candidate",
    "DEFAULTS",
    "Choice",
    "Contradiction",
    "ClosedClass",
    "GridDynamics",
    "History",
    "MarkovChain",
    "MarkovJunior",
    "MODELS",
    "Model",
    "ModelError",
    "ModelWarning",
    "Outcome",
    "Result",
    "SlowEnergyWarning",
    "Source",
    "StateSpace",
    "Trajectory",
    "Wave",
    "World",
    "batch",
    "explore",
    "explore_all_grids",
    "is_garden_of_eden",
    "predecessors",
    "read_inputs",
    "Predecessors",
    "generate",
    "load",
    "own_models",
]
