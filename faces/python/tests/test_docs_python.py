"""docs/python.md runs as written: each ```python block in turn, in one scope, in a folder of its own; and its
figures are the ones the run gives."""

import re

from conftest import ROOT

PAGE = ROOT / "docs" / "python.md"


def blocks():
    return re.findall(r"```python\n(.*?)```", PAGE.read_text(), re.S)


def test_every_block_of_the_python_page_runs(tmp_path, monkeypatch):
    import matplotlib

    matplotlib.use("Agg")
    monkeypatch.chdir(tmp_path)
    scope = {}
    for block in blocks():
        exec(block, scope)
    assert scope["image"].shape == (128, 128)
    start, *_, end = scope["sampler"].energies
    text = PAGE.read_text()
    assert f"{-round(start):,} for the random start, -{-round(end):,} after two sweeps" in text
    assert scope["sampler"].reach == 1 and "`sampler.reach`: 1" in text
