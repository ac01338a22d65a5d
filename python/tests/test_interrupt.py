"""Ctrl-C stops a run that never ends, wherever it runs: Model.run, generate, batch in threads and in
processes, a GIF being recorded; the model is usable afterwards. The runs are endless (or far longer than
a test): that they end with KeyboardInterrupt is the proof, no clock is read."""

import os
import signal
import threading

import pytest

import markovjunior as mj

ENDLESS = '<markov values="BW">\n  <one in="B" out="W"/>\n  <one in="W" out="B"/>\n</markov>'  # with steps=0
DELAY = 0.3  # when the signal comes: any time after the call began does (a run sees it within 0.1 s)


class CtrlC:
    """Sends SIGINT to this process DELAY after arm(), as a terminal's Ctrl-C does. Tests arm it inside
    their pytest.raises block, right before the call to stop: a loaded machine may take longer than
    DELAY to prepare the call, and a signal before the block would escape the test."""

    def __init__(self):
        self.timer = None

    def arm(self):
        self.timer = threading.Timer(DELAY, os.kill, (os.getpid(), signal.SIGINT))
        self.timer.start()


@pytest.fixture
def ctrl_c():
    """A CtrlC. A shell that starts the suite in the background has Python ignore SIGINT: the test
    installs Python's own handler for its duration."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    sender = CtrlC()
    try:
        yield sender
    finally:
        if sender.timer:
            sender.timer.cancel()
        signal.signal(signal.SIGINT, previous)


def test_ctrl_c_stops_a_run(ctrl_c):
    endless = mj.load(ENDLESS, size=4, steps=0)
    with pytest.raises(KeyboardInterrupt):
        ctrl_c.arm()
        endless.run(1)
    assert endless.run(1, 10).steps == 10


def test_ctrl_c_stops_generate(ctrl_c):
    with pytest.raises(KeyboardInterrupt):
        ctrl_c.arm()
        mj.generate(ENDLESS, size=4, steps=0)


def test_ctrl_c_stops_a_batch_in_threads(ctrl_c):
    endless = mj.load(ENDLESS, size=4, steps=0)
    with pytest.raises(KeyboardInterrupt):
        ctrl_c.arm()
        mj.batch(endless, range(1, 9), workers=2)
    assert not [t for t in threading.enumerate() if t.name.startswith("ThreadPool")]  # stopped, not left running
    assert [r.steps for r in mj.batch(endless, [1, 2], steps=10, workers=2)] == [10, 10]


def test_ctrl_c_stops_a_batch_in_processes(ctrl_c):
    import multiprocessing

    endless = mj.load(ENDLESS, size=4, steps=0)
    with pytest.raises(KeyboardInterrupt):
        ctrl_c.arm()
        mj.batch(endless, range(1, 9), workers=2, processes=True)
    assert multiprocessing.active_children() == []  # the workers were ended
    assert [r.steps for r in mj.batch(endless, [1, 2], steps=10, workers=2, processes=True)] == [10, 10]


@pytest.mark.parametrize("processes", [False, True])
def test_a_failed_run_stops_the_batchs_other_runs(processes):
    """One seed's error ends the batch at once: it does not wait for the other runs, here endless."""
    with pytest.raises(ValueError):  # returns at all: the endless run was stopped
        mj.batch(ENDLESS, [1, 2**40], size=4, steps=0, workers=2, processes=processes)


def test_a_run_can_show_its_progress(capfd):
    """progress=True: the steps, about every 0.1 s, on stderr (a tqdm bar when tqdm is installed). A run only a
    stop ends goes on in another thread until its steps are shown, then is stopped: no guess at how long it takes."""
    endless = mj.load(ENDLESS, size=4, steps=0)
    stopped = []

    def runner():
        try:
            endless.run(1, progress=True)
        except KeyboardInterrupt:
            stopped.append(True)

    thread = threading.Thread(target=runner)
    thread.start()
    shown = ""
    while not any(char in "123456789" for char in shown) and thread.is_alive():
        shown += capfd.readouterr().err
    endless._stop()
    thread.join()
    assert "steps" in shown + capfd.readouterr().err and stopped == [True]


def test_ctrl_c_stops_a_gif_and_leaves_no_file(ctrl_c, tmp_path):
    result = mj.load(ENDLESS, size=4).run(1, steps=2_000_000)  # two million frames to record
    with pytest.raises(KeyboardInterrupt):
        ctrl_c.arm()
        result.save(tmp_path / "endless.gif")
    assert list(tmp_path.iterdir()) == []  # written whole or not at all
