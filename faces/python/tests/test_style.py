"""The Python code's style: flake8 finds nothing and black would change nothing (faces/python/, examples/python
and the Python tests and scripts outside them, with faces/python/.flake8 and faces/python/pyproject.toml's
[tool.black])."""

import subprocess
import sys

import pytest

from conftest import ROOT

FOLDERS = [
    str(ROOT / "faces" / "python"),
    str(ROOT / "examples" / "python"),
    str(ROOT / "tests" / "faces"),
    str(ROOT / "tests" / "docs_test.py"),
    str(ROOT / "scripts" / "docs.py"),
    str(ROOT / "scripts" / "gallery.py"),
    str(ROOT / "scripts" / "tour_screenshot.py"),
    str(ROOT / "tests" / "gallery_test.py"),
]


def tool(module, *args):
    done = subprocess.run([sys.executable, "-m", module, *args, *FOLDERS], capture_output=True, text=True)
    if "No module named" in done.stderr:
        pytest.fail(f"{module} is not installed: bash scripts/deps.sh python")
    return done


def test_flake8_finds_nothing():
    done = tool("flake8", "--config", str(ROOT / "faces" / "python" / ".flake8"))
    assert done.returncode == 0, done.stdout + done.stderr


def test_black_would_change_nothing():
    done = tool("black", "--check", "--config", str(ROOT / "faces" / "python" / "pyproject.toml"))
    assert done.returncode == 0, done.stderr
