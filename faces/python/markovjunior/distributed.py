"""Runs across machines with Dask (``distributed``): one task per seed, results in seed order.

    from dask.distributed import Client
    import markovjunior as mj
    from markovjunior.distributed import run_on

    client = Client("tcp://scheduler:8786")        # or Client(LocalCluster(...)) on one machine
    results = run_on(client, "models/Flowers.xml", range(1000), size=60)

Every worker needs the markovjunior package, and a model given as a path (with its resources) must
be at that path on the workers too; XML text travels with the tasks. A worker loads the model once
and keeps it (a copy per worker thread) for its later tasks.
"""

from __future__ import annotations

import threading
from typing import Iterable, List, Optional, Set

from .generate import ModelLike, resolve
from .model import Model
from .progress import ProgressBar
from .source import PathOrXml, Size, Source
from .result import Result


def run_on(
    client,
    model: ModelLike,
    seeds: Iterable[int],
    *,
    size: Optional[Size] = None,
    steps: Optional[int] = None,
    resources: Optional[PathOrXml] = None,
    progress: bool = False,
) -> List[Result]:
    """Runs ``model`` once per seed as tasks of the Dask ``client`` and returns the Results in the
    order of ``seeds``, identical to local runs. ``model`` is anything ``generate`` takes; it is
    resolved here (as ``load`` resolves it) and sent to the workers as a Source. ``progress=True``:
    a bar of the tasks done (tqdm's: a widget in a notebook)."""
    futures = submit(client, model, seeds, size=size, steps=steps, resources=resources)
    try:
        with ProgressBar(progress, "runs", len(futures)) as report:
            if report is not None:
                from distributed import as_completed

                for count, _ in enumerate(as_completed(futures), start=1):
                    report(count)
            return client.gather(futures)
    except BaseException:  # Ctrl-C, or a failed run: the tasks still going are stopped, not waited for
        stop_tasks(client, futures)
        raise


def stop_tasks(client, futures: list) -> None:
    """Cancels ``futures`` and stops their runs under way on every worker (Dask's cancel leaves a running
    task running: a worker thread in this process, with Client(processes=False), would keep the client
    from closing until the run's end, for ever for a run without one)."""
    client.cancel(futures)
    client.run(stop_runs, on_error="ignore")


def submit(
    client,
    model: ModelLike,
    seeds: Iterable[int],
    *,
    size: Optional[Size] = None,
    steps: Optional[int] = None,
    resources: Optional[PathOrXml] = None,
) -> list:
    """The futures of ``run_on``'s tasks, one a seed, for callers that gather them as they finish."""
    chosen = resolve(model, size=size, steps=steps, resources=resources)
    seeds = list(seeds)
    return client.map(run_seed, [chosen.source] * len(seeds), seeds, [steps] * len(seeds), pure=False)


def run_seed(source: Source, seed: int, steps: Optional[int]) -> Result:
    """One task: the seed's run of the model, loaded once per worker."""
    model = _model(source)
    with _lock:
        _running.add(model)
    try:
        return model.run(seed, steps)
    except KeyboardInterrupt:  # stop_runs stopped it: an Exception for Dask, whose worker a KeyboardInterrupt ends
        raise RuntimeError(f"the run of seed {seed} was stopped") from None
    finally:
        with _lock:
            _running.discard(model)
            if model in _stopped:  # its stop may have come after its run: a stop left set ends the next run
                _stopped.discard(model)
                _loaded.models.pop(source, None)


def stop_runs() -> int:
    """Stops the runs of run_seed under way in this process (a worker's, as Client.run calls it); how many."""
    with _lock:
        for model in _running:
            model._stop()
        _stopped.update(_running)
        return len(_running)


_loaded = threading.local()  # a worker's threads each keep their own: a Model is for one thread at a time
_lock = threading.Lock()
_running: Set[Model] = set()  # the Models of run_seed's runs under way, in every thread of the process
_stopped: Set[Model] = set()  # those stop_runs stopped: loaded again for the next task


def _model(source: Source):
    models = _loaded.__dict__.setdefault("models", {})
    if source not in models:
        if len(models) >= 8:
            models.clear()
        models[source] = Model(source)
    return models[source]


from .distributed_grids import explore_all_grids_on  # noqa: E402,F401  (--all-grids over Dask: its own module)
