"""Many seeds of one model at once: local threads or processes."""

from __future__ import annotations

import os
import threading
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from typing import Iterable, List, Optional

from .generate import ModelLike, resolve
from .model import Model, PathOrXml, Size
from .result import Result


def batch(
    model: ModelLike,
    seeds: Iterable[int],
    *,
    size: Optional[Size] = None,
    steps: int = 0,
    workers: Optional[int] = None,
    processes: bool = False,
    resources: Optional[PathOrXml] = None,
) -> List[Result]:
    """Runs ``model`` once per seed, ``workers`` at a time (default: one per core), and returns the
    Results in the order of ``seeds``, each identical to ``model.run(seed)`` alone.

    ``model`` is anything ``generate`` takes. Threads (the default) share the process: runs release
    the GIL, so they run in parallel. ``processes=True`` uses a process pool instead.
    """
    first, limit = resolve(model, size=size, steps=steps, resources=resources)
    seeds = list(seeds)
    workers = workers or os.cpu_count() or 1
    if processes:
        with ProcessPoolExecutor(workers, initializer=_take_model, initargs=(first,)) as pool:
            return list(pool.map(_run_seed, seeds, [limit] * len(seeds)))
    local = threading.local()

    def run(seed: int) -> Result:
        if not hasattr(local, "model"):  # one Model a thread: a Model is for one thread at a time
            local.model = first.copy()
        return local.model.run(seed, limit)

    with ThreadPoolExecutor(workers) as pool:
        return list(pool.map(run, seeds))


_process_model: Optional[Model] = None


def _take_model(model: Model) -> None:
    global _process_model
    _process_model = model


def _run_seed(seed: int, steps: int) -> Result:
    return _process_model.run(seed, steps)
