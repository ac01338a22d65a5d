#!/usr/bin/env python3
"""Ctrl-C in every long loop of the library, as a Python user meets it: for each loop, a Python of its own runs it,
gets SIGINT once the loop is under way (a terminal's Ctrl-C, to its process group), and says whether the
KeyboardInterrupt came with the loop unfinished ("stopped") or only once the loop had ended by itself ("finished");
this script prints the time from the signal to that line.

    .venv/bin/python scripts/ctrl_c_latency.py [LOOP ...]     # MJ_CORPUS: the reference's corpus (../shared/corpus)

Each loop has an end of its own, seconds of work after the signal. Whether it had ended is an event, not a time:
for a run, where the Model stands after the KeyboardInterrupt (a step limit set at the end of the step that holds
the loop: reached or not); for a call that keeps nothing (explore's), a twin: the same call in another Python,
begun a second of CPU earlier and never interrupted, which would have returned first had the interrupted one
only seen Ctrl-C at its end. faces/python/tests/test_ctrl_c_latency.py asks every loop for "stopped".
"""

import os
import pathlib
import signal
import subprocess
import sys
import textwrap
import time
from typing import Dict, NamedTuple, Optional, Tuple

ROOT = pathlib.Path(__file__).resolve().parents[1]
CORPUS = pathlib.Path(os.environ.get("MJ_CORPUS", ROOT.parent / "shared" / "corpus"))
PYTHON = os.environ.get("MJ_PYTHON", str(ROOT / ".venv" / "bin" / "python"))


class Loop(NamedTuple):
    what: str  # what the loop is, for the table
    setup: str  # Python that prepares it (the model loaded), run before "ready"
    call: str  # the call that runs the loop; for a run, on `model` with a step limit at the loop's end
    busy_ticks: int  # CPU ticks (1/100 s) the child spends in the call before the signal: the loop under way
    twin: bool = False  # a call that keeps nothing: whether it had ended is told by a twin begun earlier


ENDLESS = '<markov values="BW"><one in="B" out="W"/><one in="W" out="B"/></markov>'
GROW = '<one values="BW" in="B" out="W"/>'
ONE_RULE = '<one values="BW" in="B"><rule in="BB" out="WW"/><rule in="WB" out="BW"/></one>'

LOOPS: Dict[str, Loop] = {
    "rule run": Loop(
        "a run of rule nodes, 10^8 steps",
        f"model = mj.load({ENDLESS!r}, size=8)",
        "model.run(1, steps=10**8)",
        20,
    ),
    "wfc backtracking": Loop(
        "PeriodicEscher 32^3, backtrack=True: the collapse, one step",
        "model = mj.load(CORPUS / 'models' / 'PeriodicEscher.xml', size=32, backtrack=True)",
        "model.run(1, steps=3)",
        100,
    ),
    "wfc propagation": Loop(
        "Knots2D at 500x500 without backtracking: its collapse's observations and propagation, one step",
        "model = mj.load(CORPUS / 'models' / 'Knots2D.xml', size=500)",
        "model.run(1, steps=2)",
        100,
    ),
    "search": Loop(
        "MultiSokoban9 at 9x9: its search (search=True), the second step",
        "model = mj.load(CORPUS / 'models' / 'MultiSokoban9.xml', size=9)",
        "model.run(1, steps=2)",
        100,
    ),
    "explore": Loop(
        "explore: every state of a one-rule model on 36 cells",
        'call = lambda: mj.explore(\'<one values="BW" in="B"><rule in="B" out="W"/></one>\', size=6,'
        " max_states=10**9)",
        "call()",
        50,
        True,
    ),
    # 12x2, 12.7 s here: at 11x2 (2.1 s) the twin, begun 1.5 s of CPU earlier, could end before the signal
    "explore all grids": Loop(
        "explore_all_grids: every grid of 12x2 cells (2^24), a step of each",
        f"call = lambda: mj.explore_all_grids({ONE_RULE!r}, size=(12, 2), max_grids=2**24)",
        "call()",
        50,
        True,
    ),
    "backward": Loop(
        "predecessors: the pre-image tree of a 5x4 grid, 20 deep (2^20 grids)",
        f"call = lambda: mj.predecessors({GROW!r}, np.ones((4, 5), np.uint8), depth=20, max_states=10**8)",
        "call()",
        50,
        True,
    ),
}

# The child: "ready", then the loop; "stopped" on KeyboardInterrupt (for a run, "finished" when the run had reached the
# end of the loop's step), "returned" when the call ends by itself.
CHILD = """
import signal
import numpy as np
import markovjunior as mj
from pathlib import Path

CORPUS = Path({corpus!r})
{setup}
signal.signal(signal.SIGINT, signal.default_int_handler)  # a shell that starts tests in the background ignores it
print("ready", flush=True)
try:
    {call}
    print("returned", flush=True)
except KeyboardInterrupt:
    status = model._core.status() if "model" in globals() else {{}}
    print("finished" if status.get("ended") or status.get("at_step_limit") else "stopped", flush=True)
"""
OUTCOMES = ("stopped", "finished", "returned")


def cpu_ticks(pid: int) -> int:
    try:
        fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    except OSError:  # it has ended
        return 1 << 62
    return int(fields[11]) + int(fields[12])  # utime + stime, of the process's threads


TWIN_LEAD = 100  # CPU ticks the twin has spent in its call before the interrupted one begins


def launch(folder: pathlib.Path, name: str, loop: Loop) -> subprocess.Popen:
    script = folder / f"{name.replace(' ', '_')}.py"
    script.write_text(CHILD.format(corpus=str(CORPUS), setup=loop.setup, call=loop.call))
    return subprocess.Popen(
        [PYTHON, str(script)],
        cwd=folder,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )


def under_way(child: subprocess.Popen, lines: list, ticks: int) -> bool:
    """Waits for the child's "ready", then for `ticks` more of its CPU time (the loop under way); False when it
    ended first."""
    for line in child.stdout:
        lines.append(line)
        if line.strip() == "ready":
            break
    start = cpu_ticks(child.pid)
    while child.poll() is None and cpu_ticks(child.pid) < start + ticks:
        time.sleep(0.001)
    return bool(lines) and lines[-1].strip() == "ready" and child.poll() is None


def measure(name: str, folder: pathlib.Path, ends_within: float = 600) -> Tuple[str, Optional[float], str]:
    """Runs loop `name` in a Python of its own and interrupts it: (outcome, seconds from SIGINT to the child's
    line, its output). Outcomes: "stopped" (KeyboardInterrupt with the loop unfinished), "finished" (the loop had
    ended by itself first), "returned" (no KeyboardInterrupt at all), or what went wrong."""
    loop = LOOPS[name]
    children, lines = [], []
    try:
        twin = None
        if loop.twin:
            twin = launch(folder, name + " twin", loop)
            children.append(twin)
            if not under_way(twin, [], TWIN_LEAD):
                return "twin failed", None, twin.stdout.read()
        child = launch(folder, name, loop)
        children.append(child)
        if not under_way(child, lines, loop.busy_ticks):
            return "ended first", None, "".join(lines) + child.stdout.read()
        sent = time.monotonic()
        os.killpg(child.pid, signal.SIGINT)
        said, after = None, None
        for line in child.stdout:
            lines.append(line)
            if said is None and line.strip() in OUTCOMES:
                said, after = line.strip(), time.monotonic() - sent
                if said == "stopped" and twin is not None and twin.poll() is not None:
                    said = "finished"  # the twin, begun earlier, had returned: so had this call's loop
        child.wait(timeout=ends_within)
    finally:
        for each in children:
            if each.poll() is None:
                os.killpg(each.pid, signal.SIGKILL)
            each.wait()
    return said or "no line", after, "".join(lines)


def main(names) -> int:
    import tempfile

    names = names or list(LOOPS)
    print(f"{'loop':<20} {'outcome':<13} {'Ctrl-C to KeyboardInterrupt':>28}  what")
    failed = 0
    with tempfile.TemporaryDirectory() as folder:
        for name in names:
            outcome, after, output = measure(name, pathlib.Path(folder))
            shown = "-" if after is None else f"{after:.3f} s"
            print(f"{name:<20} {outcome:<13} {shown:>28}  {LOOPS[name].what}", flush=True)
            if outcome not in OUTCOMES:
                print(textwrap.indent(output[-2000:], "    "))
            failed += outcome != "stopped"
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
