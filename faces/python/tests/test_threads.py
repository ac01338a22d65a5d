"""Many runs: threads give the sequential results, a run releases the GIL, a Model
refuses a second thread, processes give the same results, and load+run cycles keep memory flat."""

import threading

import numpy as np
import pytest

import markovjunior as mj
from markovjunior._arguments import INT_MAX

ENDLESS = '<markov values="BW">\n  <one in="B" out="W"/>\n  <one in="W" out="B"/>\n</markov>'  # with steps=0

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


def busy_while_running(model):
    """Runs ``model`` (a run only a stop ends) in another thread; this thread, meanwhile, looks at the Model until
    it finds it busy ("another thread"), then stops the run. Returns what this thread saw and how the run ended.
    Only if the run releases the GIL can this thread execute a line while the other is inside run()."""
    inside = threading.Event()
    ended = []

    def runner():
        while True:
            inside.set()
            try:
                ended.append(model.run(1, steps=INT_MAX).steps)  # 2^31 - 1 steps: a stop ends it first
                return
            except KeyboardInterrupt:
                ended.append("stopped")
                return
            except RuntimeError:  # this thread looked at the Model as the run began: begin again
                continue

    thread = threading.Thread(target=runner)
    thread.start()
    inside.wait()
    seen = None
    while thread.is_alive() and seen is None:
        try:
            model.finished
        except RuntimeError as error:
            seen = str(error)
    model._stop()
    thread.join()
    return seen, ended


def test_a_run_lets_other_threads_run():
    """The GIL is released during a run, shown by events, not by time: while another thread is inside run(),
    this thread executes Python (it finds the Model busy) and stops the run. Held, neither could happen before
    the run ended at its limit."""
    seen, ended = busy_while_running(mj.load(ENDLESS, size=4))
    assert seen is not None and ended == ["stopped"]


def test_processes_match_sequential_runs(dungeon):
    sequential = [dungeon.run(seed) for seed in SEEDS[:3]]
    assert same(mj.batch(dungeon, SEEDS[:3], workers=2, processes=True), sequential)


def test_a_model_refuses_a_second_thread():
    seen, _ = busy_while_running(mj.load(ENDLESS, size=4))
    assert "being run by another thread" in seen and "Model.copy()" in seen


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


def test_a_run_stays_in_the_thread_that_began_it():
    """Two threads taking turns at one Model (start in one, step in the other) raised nothing: each saw the other's
    steps. The lock catches only the same moment; a run now belongs to the thread that began it."""
    model = mj.load(ENDLESS, size=4, steps=0)
    seen = []

    def other_thread(call):
        try:
            call()
            seen.append("nothing")
        except RuntimeError as error:
            seen.append(str(error))

    model.start(1)
    for call in (model.step, model.resume, model.advance, lambda: model.back(0)):
        thread = threading.Thread(target=other_thread, args=(call,))
        thread.start()
        thread.join()
    assert len(seen) == 4 and all("begun by another thread" in s and "Model.copy()" in s for s in seen), seen
    assert model.step()  # this thread's run goes on
    thread = threading.Thread(target=other_thread, args=(lambda: model.start(2),))  # a run begun there is its own
    thread.start()
    thread.join()
    assert seen[-1] == "nothing"
    with pytest.raises(RuntimeError, match="begun by another thread"):
        model.step()
