"""Ctrl-C reaches every long loop of the library: for each loop of scripts/ctrl_c_latency.py (a long run of rule
nodes, a wfc's backtracking collapse and its retries, a search, explore's states, all grids and backward questions), a
Python of its own gets SIGINT once the loop is under way and must raise KeyboardInterrupt with the loop unfinished.
Whether it was unfinished is an event the script reads (where the Model stands, or a twin begun earlier that has
not returned yet), never a time; the script prints the latencies."""

import importlib.util
import sys

import pytest

from conftest import ROOT


def latency_script():
    spec = importlib.util.spec_from_file_location("ctrl_c_latency", ROOT / "scripts" / "ctrl_c_latency.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


SCRIPT = latency_script()
SCRIPT.PYTHON = sys.executable  # this test's Python, with the package under test


# Every loop, wfc's too: a stop inside a wfc's collapse leaves it where it stood, and the next step goes on with it.
POLLING = list(SCRIPT.LOOPS)


@pytest.mark.parametrize("loop", POLLING)
def test_ctrl_c_stops_the_loop_before_its_end(loop, corpus, tmp_path):
    outcome, after, output = SCRIPT.measure(loop, tmp_path)
    assert outcome == "stopped", f"{loop}: {outcome}\n{output}"
    print(f"\n{loop}: KeyboardInterrupt {after:.3f} s after Ctrl-C")
