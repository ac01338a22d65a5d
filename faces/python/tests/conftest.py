"""Where the tests find the corpus, the golden runs and the `mj` tool, and the conformance summary."""

import os
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[3]
CORPUS = pathlib.Path(os.environ.get("MJ_CORPUS", ROOT.parent / "shared" / "corpus"))
GOLDEN = pathlib.Path(os.environ.get("MJ_GOLDEN", ROOT.parent / "shared" / "golden"))
MJ_CLI = pathlib.Path(os.environ.get("MJ_CLI", ROOT / "build" / "mj"))

conformance_lines = []  # "python: M/N matched", printed after the run


@pytest.fixture
def corpus():
    if not (CORPUS / "models.xml").is_file():
        pytest.fail(f"no corpus at {CORPUS} (set MJ_CORPUS)")
    return CORPUS


@pytest.fixture
def golden():
    if not GOLDEN.is_dir():
        pytest.fail(f"no golden runs at {GOLDEN} (set MJ_GOLDEN)")
    return GOLDEN


@pytest.fixture
def mj_cli():
    if not MJ_CLI.is_file():
        pytest.fail(f"no mj tool at {MJ_CLI} (build it, or set MJ_CLI)")
    return MJ_CLI


def pytest_terminal_summary(terminalreporter):
    for line in conformance_lines:
        terminalreporter.write_line(line)
