"""``mj explore --all-grids`` split over a Dask cluster: the same dynamics, JSON byte for byte, as one
process, for programs whose every write raises its cell's value (or every write lowers it).

    from dask.distributed import Client
    from markovjunior.distributed import explore_all_grids_on

    dynamics = explore_all_grids_on(Client("tcp://scheduler:8786"), "<one values='BR' in='BB' out='RR'/>",
                                    size=(6, 4))

Grids are put in blocks by the values of their last ``top`` cells (the library's plan,
``mj::grid_block_plan``); a block is a task that needs the blocks its successors lie in, so Dask runs a
level of blocks at once and sends each block's ends (4 bytes a grid) to the tasks that need them. Every
worker needs the markovjunior package, and a model given as a path must be at that path on the workers.
"""

from __future__ import annotations

from typing import Optional

from . import _core
from .explore import GridDynamics, grid_dynamics
from .source import PathOrXml, Size, resolve_source


def explore_all_grids_on(
    client,
    model: PathOrXml,
    *,
    size: Optional[Size] = None,
    resources: Optional[PathOrXml] = None,
    top: int = 4,
    max_grids: Optional[int] = None,
) -> GridDynamics:
    """``explore_all_grids`` as tasks of the Dask ``client``: values^``top`` blocks (``top`` at most the
    grid's cells). Programs that go both up and down raise ModelError at their node's line."""
    source = resolve_source(model, size=size, resources=resources)
    where = (source.path, source.text, source.size, source.resources)
    plan = _core.grid_block_plan(*where, top, max_grids)
    levels, needs = plan[3], plan[4]
    futures = {}
    for level in levels:
        for block in level:
            needed = [futures[n] for n in needs[block]]
            futures[block] = client.submit(_block, where, plan, block, needed, pure=False)
    blocks = client.gather([futures[b] for b in sorted(futures)])
    return grid_dynamics(_core.grid_dynamics_of_blocks(*where, plan, blocks))


def _block(where: tuple, plan: tuple, block: int, needed: list) -> tuple:
    """A block on a worker (a module function: Dask sends it by name)."""
    return _core.grid_block(*where, plan, block, needed)
