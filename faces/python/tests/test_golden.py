"""The reference's golden runs through load(...).run(...): grid, legend and steps, text for text."""

import re

import numpy as np
import pytest

import markovjunior as mj
from conftest import conformance_lines
from markovjunior import _core


def golden_runs(corpus, golden):
    """(file, entry, seed) of every golden run, with the entry of models.xml or models-extra.xml."""
    lists = {
        "main": _core.model_list(str(corpus / "models.xml")),
        "extra": _core.model_list(str(golden / "models-extra.xml")),
    }
    for file in sorted(golden.glob("*_*_*.txt")):
        match = re.fullmatch(r"(\d+)_(.+)_(\d+)\.txt", file.name)
        if not match:
            continue
        index, seed = int(match[1]), int(match[3])
        entry = lists["main"][index] if index < 1000 else lists["extra"][index - 1000]
        yield file, entry, seed


def test_every_golden_run_matches(corpus, golden):
    runs = list(golden_runs(corpus, golden))
    mismatched = []
    models = {}
    for file, entry, seed in runs:
        key = (entry["name"], entry["size"])
        if key not in models:
            models[key] = mj.load(
                corpus / "models" / f"{entry['name']}.xml", size=entry["size"], resources=corpus / "resources"
            )
        result = models[key].run(seed, max(entry["steps"], 0))  # the reference writes -1 for none
        if result.state_text(entry["name"]) != file.read_text():
            mismatched.append(file.name)
    conformance_lines.append(f"python: {len(runs) - len(mismatched)}/{len(runs)} matched")
    assert len(runs) >= 500
    assert mismatched == []


STEPPED = ["Basic", "MazeGrowth", "Flowers", "Keys", "Apartemazements", "Circuit", "BiasedMazeGrowth", "TileDungeon"]


@pytest.mark.parametrize("name", STEPPED)
def test_stepping_and_frames_end_where_run_ends(corpus, name):
    entry = next(e for e in _core.model_list(str(corpus / "models.xml")) if e["name"] == name)
    model = mj.load(corpus / "models" / f"{name}.xml", size=entry["size"], resources=corpus / "resources")
    limit = min(entry["steps"], 3000) if entry["steps"] > 0 else 3000
    whole = model.run(5, limit)
    model.start(5)
    while model.steps < limit and model.step():
        pass
    assert model.steps == whole.steps
    assert np.array_equal(model.grid, whole.grid)
    if whole.steps < limit:  # frames run to the end
        frames = list(model.frames(5, every=7))
        assert np.array_equal(frames[-1], whole.grid)
        assert len(frames) == 1 + whole.steps // 7 + (whole.steps % 7 != 0)
