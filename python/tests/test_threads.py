"""Many runs: threads give the sequential results, a run releases the GIL, a Model
refuses a second thread, processes give the same results, and load+run cycles keep memory flat."""

import threading
import time

import numpy as np
import pytest

import markovjunior as mj

SEEDS = list(range(1, 9))


@pytest.fixture
def dungeon(corpus):
    return mj.load(corpus / "models" / "BasicDijkstraDungeon.xml", size=120)  # ~50 ms a run


def same(a, b):
    return all(np.array_equal(x.grid, y.grid) and x.steps == y.steps and x.seed == y.seed for x, y in zip(a, b))


def test_threads_match_sequential_runs(dungeon):
    sequential = [dungeon.run(seed) for seed in SEEDS]
    threaded = mj.batch(dungeon, SEEDS, workers=2)
    assert [r.seed for r in threaded] == SEEDS and same(threaded, sequential)


def test_a_run_lets_other_threads_run(corpus):
    """Proves the GIL is released without timing anything: this thread keeps executing Python while another
    thread is inside run(). Held, it could not execute a single line between the runner's entry and exit
    (the margins cover the runner's own lines around the call, a few switch intervals of 5 ms)."""
    model = mj.load(corpus / "models" / "BasicDijkstraDungeon.xml", size=240)
    inside = {}

    def runner():
        inside["start"] = time.perf_counter()
        model.run(1)
        inside["end"] = time.perf_counter()

    thread = threading.Thread(target=runner)
    ticks = []
    thread.start()
    while thread.is_alive():
        ticks.append(time.perf_counter())
    thread.join()
    margin = 0.025
    start, end = inside["start"] + margin, inside["end"] - margin
    assert end - start > 0.05, "the run is too short to tell"
    assert sum(start < tick < end for tick in ticks) > 100


def test_processes_match_sequential_runs(dungeon):
    sequential = [dungeon.run(seed) for seed in SEEDS[:3]]
    assert same(mj.batch(dungeon, SEEDS[:3], workers=2, processes=True), sequential)


def test_a_model_refuses_a_second_thread(corpus):
    model = mj.load(corpus / "models" / "BasicDijkstraDungeon.xml", size=200)
    errors = []
    runner = threading.Thread(target=lambda: model.run(1))
    runner.start()
    deadline = time.time() + 5
    while runner.is_alive() and time.time() < deadline and not errors:
        try:
            model.step()
        except RuntimeError as e:
            errors.append(str(e))
    runner.join()
    assert errors and "another thread" in errors[0]


def resident_kb():
    with open("/proc/self/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmRSS:"))


def test_load_and_run_cycles_keep_memory_flat(corpus):
    def cycles(n):
        for seed in range(n):
            model = mj.load(corpus / "models" / "Flowers.xml", size=(40, 40))
            model.run(seed).image(2)
            view = model.grid  # a view that outlives its model must still be freed with it
            del model, view

    cycles(100)
    before = resident_kb()
    cycles(1000)
    grown = resident_kb() - before
    print(f"1,000 load+run cycles: resident memory {grown:+d} KiB")
    assert grown < 2048
