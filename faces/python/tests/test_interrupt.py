"""Ctrl-C stops a run that never ends, wherever it runs: Model.run, generate, batch in threads and in
processes, a GIF being recorded; the model is usable afterwards. The runs are endless (or far longer than
a test): that they end with KeyboardInterrupt is the proof, no clock is read."""

import os
import signal
import sys
import threading

import pytest

import markovjunior as mj

ENDLESS = '<markov values="BW">\n  <one in="B" out="W"/>\n  <one in="W" out="B"/>\n</markov>'  # with steps=0
DELAY = 0.3  # when the signal comes: any time after the call began does (a run sees it within 0.1 s)


class CtrlC:
    """Ctrl-C, pressed as a person presses it: with `with pytest.raises(KeyboardInterrupt), ctrl_c:` right
    before the call to stop, SIGINT comes to this process DELAY after the block begins, and again every DELAY
    until it ends. Again, because Python runs a signal's handler between any two bytecodes, and one that falls
    in a weakref callback or a __del__ raises there, where Python reports it as ignored: a person would press
    again. Inside the raises block: a loaded machine may take longer than DELAY to prepare the call, and a
    KeyboardInterrupt before it would escape the test. Once the block has ended, a press still on its way is
    ignored (handler), so that the test's next calls run undisturbed."""

    def __init__(self):
        self.armed = False
        self.stop = threading.Event()
        self.presser = None

    def handler(self, signum, frame):
        if self.armed:
            raise KeyboardInterrupt

    def _press(self):
        while not self.stop.wait(DELAY):
            os.kill(os.getpid(), signal.SIGINT)

    def __enter__(self):
        self.armed = True
        self.stop.clear()
        self.presser = threading.Thread(target=self._press, daemon=True)
        self.presser.start()
        return self

    def __exit__(self, *exc):
        self.release()
        return False

    def release(self):
        """No more presses: the ones on their way are ignored, the presser ends."""
        self.armed = False
        self.stop.set()
        if self.presser:
            self.presser.join()


@pytest.fixture
def ctrl_c():
    """A CtrlC, its handler installed for the test's duration (a shell that starts the suite in the
    background has Python ignore SIGINT)."""
    sender = CtrlC()
    previous = signal.signal(signal.SIGINT, sender.handler)
    try:
        yield sender
    finally:
        sender.release()
        signal.signal(signal.SIGINT, previous)


def test_ctrl_c_stops_a_run(ctrl_c):
    endless = mj.load(ENDLESS, size=4, steps=0)
    with pytest.raises(KeyboardInterrupt), ctrl_c:
        endless.run(1)
    assert endless.run(1, 10).steps == 10


def test_ctrl_c_stops_generate(ctrl_c):
    with pytest.raises(KeyboardInterrupt), ctrl_c:
        mj.generate(ENDLESS, size=4, steps=0)


def test_ctrl_c_stops_a_batch_in_threads(ctrl_c):
    endless = mj.load(ENDLESS, size=4, steps=0)
    with pytest.raises(KeyboardInterrupt), ctrl_c:
        mj.batch(endless, range(1, 9), workers=2)
    assert not [t for t in threading.enumerate() if t.name.startswith("ThreadPool")]  # stopped, not left running
    assert [r.steps for r in mj.batch(endless, [1, 2], steps=10, workers=2)] == [10, 10]


def test_ctrl_c_stops_a_batch_in_processes(ctrl_c):
    import multiprocessing

    endless = mj.load(ENDLESS, size=4, steps=0)
    with pytest.raises(KeyboardInterrupt), ctrl_c:
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
    result = mj.load(ENDLESS, size=4).run(1, steps=10_000_000)  # ten million steps to replay
    with pytest.raises(KeyboardInterrupt), ctrl_c:
        result.save(tmp_path / "endless.gif", every=2001)  # 4,998 frames: under the library's bound
    assert list(tmp_path.iterdir()) == []  # written whole or not at all


@pytest.mark.parametrize("threads", [1, 2])
def test_ctrl_c_stops_a_world_and_leaves_no_file(ctrl_c, tmp_path, corpus, threads):
    world = mj.World(str(corpus / "models" / "MazeGrowth.xml"), chunk=16, resources=corpus / "resources")
    with pytest.raises(KeyboardInterrupt), ctrl_c:
        world.save(0, 0, 4096, 4096, tmp_path / "world.txt", threads=threads)  # 65,536 chunks: far more than a test
    assert list(tmp_path.iterdir()) == []  # written whole or not at all
    assert world[0:16, 0:16].shape == (16, 16)  # the world goes on


def test_ctrl_c_stops_a_world_on_a_cluster(ctrl_c, tmp_path, corpus):
    import distributed

    world = mj.World(str(corpus / "models" / "MazeGrowth.xml"), chunk=16, resources=corpus / "resources")
    with distributed.Client(processes=False, n_workers=1, threads_per_worker=1, dashboard_address=":0") as client:
        with pytest.raises(KeyboardInterrupt), ctrl_c:
            world.save(0, 0, 4096, 4096, tmp_path / "world.png", client=client)
        assert list(tmp_path.iterdir()) == []
        assert world.region(0, 0, 16, 16, client=client).shape == (16, 16)  # the client goes on


# A terminal's Ctrl-C, for real: SIGINT to the process group of a Python of its own, once what it stops is under
# way (an event its output or its CPU time shows, never a delay). The time from the signal to the line the Python
# prints on KeyboardInterrupt, and to its exit, is printed (pytest -s) as a measurement; the test asks only that
# it ends (a generous bound: without the stop, each waits for an end that does not come).
CHILD_PRELUDE = """
import signal, sys, threading
import markovjunior as mj
signal.signal(signal.SIGINT, signal.default_int_handler)  # a shell that starts tests in the background ignores it
"""
ENDS_WITHIN = 120  # seconds: "it ends", not how fast


def cpu_ticks(pid):
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])  # utime + stime, of the process's threads


def ctrl_c_in_a_child(tmp_path, body, ready, busy_ticks=0):
    """Runs CHILD_PRELUDE + body; when it prints `ready` (and has then used `busy_ticks` more CPU ticks), sends
    SIGINT to its group. Returns (seconds to its line "stopped", seconds to its exit, its output)."""
    import subprocess
    import time

    script = tmp_path / "child.py"
    script.write_text(CHILD_PRELUDE + body)
    child = subprocess.Popen(
        [sys.executable, str(script)],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    try:
        lines = []
        for line in child.stdout:
            lines.append(line)
            if line.strip() == ready:
                break
        assert lines and lines[-1].strip() == ready, "".join(lines)
        start = cpu_ticks(child.pid)
        while cpu_ticks(child.pid) < start + busy_ticks:  # the work under way, by the CPU it takes
            pass
        sent = time.monotonic()
        os.killpg(child.pid, signal.SIGINT)
        stopped = None
        for line in child.stdout:
            lines.append(line)
            if line.strip() == "stopped":
                stopped = time.monotonic() - sent
        child.wait(timeout=ENDS_WITHIN)
        ended = time.monotonic() - sent
    finally:
        if child.poll() is None:
            os.killpg(child.pid, signal.SIGKILL)
            child.wait()
    output = "".join(lines)
    assert stopped is not None and child.returncode == 0, output
    print(f"\nCtrl-C: stopped after {stopped:.3f} s, exited after {ended:.3f} s")
    return stopped, ended, output


def test_ctrl_c_ends_explore(tmp_path):
    """An exploration of millions of states (every grid of 36 cells its one rule can reach) stops within about a
    millisecond of work (the library's poll, every 1024 states) rather than at its end."""
    body = """
print("exploring", flush=True)
try:
    mj.explore('<one values="BW" in="B"><rule in="B" out="W"/></one>', size=6, max_states=10**9)
except KeyboardInterrupt:
    print("stopped", flush=True)
"""
    ctrl_c_in_a_child(tmp_path, body, "exploring", busy_ticks=50)  # half a second of exploring first


RUN_ON = """
from dask.distributed import Client, LocalCluster
from markovjunior import distributed


def runs_under_way():
    return len(distributed._running)


def main():  # a worker process of a LocalCluster imports this file again: not the cluster's own
    cluster = LocalCluster(n_workers=1, threads_per_worker=2, processes={processes}, dashboard_address=None)
    client = Client(cluster)

    def watch():  # says when the runs are under way on the worker
        while not any(client.run(runs_under_way).values()):
            pass
        print("running", flush=True)

    threading.Thread(target=watch, daemon=True).start()
    try:
        distributed.run_on(client, '{endless}', [1, 2], size=4, steps=0)
    except KeyboardInterrupt:
        print("stopped", flush=True)
    client.close()
    cluster.close()


if __name__ == "__main__":
    main()
"""


@pytest.mark.parametrize("processes", [False, True], ids=["threads", "processes"])
def test_ctrl_c_ends_run_on(tmp_path, processes):
    """run_on's endless runs on a Dask worker stop, and the client and cluster close: with Client(processes=False)
    the runs are threads of this process, which Dask's cancel alone leaves running (its close then waits for them)."""
    ctrl_c_in_a_child(tmp_path, RUN_ON.format(processes=processes, endless=ENDLESS.replace("\n", " ")), "running")
