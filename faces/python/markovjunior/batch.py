"""Many seeds of one model at once: local threads or processes."""

from __future__ import annotations

import multiprocessing
import queue
import threading
from concurrent.futures import FIRST_EXCEPTION, ThreadPoolExecutor, as_completed, wait
from typing import Iterable, List, Optional

from . import _core
from ._arguments import checked_int
from .generate import ModelLike, resolve
from .model import Model
from .progress import ProgressBar
from .result import Result
from .source import PathOrXml, Size, Source


def batch(
    model: ModelLike,
    seeds: Iterable[int],
    *,
    size: Optional[Size] = None,
    steps: Optional[int] = None,
    workers: Optional[int] = None,
    processes: bool = False,
    resources: Optional[PathOrXml] = None,
    progress: bool = False,
) -> List[Result]:
    """Runs ``model`` once per seed, ``workers`` at a time (default: one per core), and returns the
    Results in the order of ``seeds``, each identical to ``model.run(seed)`` alone.
    ``progress=True``: a bar of the runs done (tqdm's: a widget in a notebook).

    ``model`` is anything ``generate`` takes; ``steps``, by default its settings' limit. Ctrl-C, or a
    run that fails, stops every run at once. Threads (the default) share the process: runs release
    the GIL, so they run in parallel. ``processes=True`` uses a process pool instead.
    """
    first = resolve(model, size=size, steps=steps, resources=resources)
    seeds = list(seeds)
    workers = _core.worker_count(None if workers is None else checked_int("workers", workers))
    with ProgressBar(progress, "runs", len(seeds)) as report:
        if processes:
            return _in_processes(first, seeds, steps, workers, report)
        return _in_threads(first, seeds, steps, workers, report)


def _in_threads(model: Model, seeds: List[int], steps: Optional[int], workers: int, report) -> List[Result]:
    """One Model a thread (a Model is for one thread at a time). On Ctrl-C or a failed run, the runs
    still going are stopped: waiting for them could take for ever."""
    local = threading.local()
    models: List[Model] = []
    lock = threading.Lock()
    stopping = False

    def run(seed: int) -> Result:
        if not hasattr(local, "model"):
            local.model = Model(model.source)  # a fresh one: copy() would run the given Model's run again
            with lock:
                models.append(local.model)
                if stopping:  # it was loading when the others were stopped
                    local.model._stop()
        return local.model.run(seed, steps)

    pool = ThreadPoolExecutor(workers)
    try:
        futures = [pool.submit(run, seed) for seed in seeds]
        if report is not None:
            for count, future in enumerate(as_completed(futures), start=1):
                if future.exception() is not None:
                    break  # raised below, at once
                report(count)
        done, _ = wait(futures, return_when=FIRST_EXCEPTION)
        for future in done:  # a failure, at once: in seed order it would wait for the runs before it
            future.result()
        return [future.result() for future in futures]
    except BaseException:
        pool.shutdown(wait=False, cancel_futures=True)
        with lock:
            stopping = True
            for each in models:
                each._stop()
        raise
    finally:
        pool.shutdown(wait=True)


def _in_processes(model: Model, seeds: List[int], steps: Optional[int], workers: int, report) -> List[Result]:
    """A multiprocessing pool, which (unlike ProcessPoolExecutor) can end its workers mid-run: on
    Ctrl-C or a failed run, leaving the pool terminates them."""
    ended: queue.Queue = queue.Queue()  # each run's outcome as it comes: the first failure is seen at once
    # Workers come from a fork server, not forked from this process: a process forked while another of its
    # threads holds a lock (a run in a thread, a progress bar, a timer) can wait on that lock forever.
    context = multiprocessing.get_context("forkserver")
    with context.Pool(workers, initializer=_take_model, initargs=(model.source,)) as pool:
        runs = [
            pool.apply_async(_run_seed, (seed, steps), callback=ended.put, error_callback=ended.put) for seed in seeds
        ]
        for count in range(1, len(runs) + 1):
            outcome = ended.get()
            if isinstance(outcome, BaseException):
                raise outcome
            if report is not None:
                report(count)
        return [run.get() for run in runs]


_process_model: Optional[Model] = None


def _take_model(source: Source) -> None:
    global _process_model
    _process_model = Model(source)


def _run_seed(seed: int, steps: Optional[int]) -> Result:
    return _process_model.run(seed, steps)
