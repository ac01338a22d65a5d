"""The same world through every face that has worlds: `mj world`'s .txt, Python's World and the JavaScript
API's give the same cells for the same model, seed, chunk, margin, seam and region (C and .NET are checked
against `mj world`'s .txt in their own tests: tests/capi_test.cpp, faces/dotnet/tests). A rewrite model's world
and a wfc model's (a tile model's, its tiles read from the corpus's resources). Run after the web build:

    MJ_CLI=build/mj MJ_WEB=build-web .venv/bin/python -m pytest tests/faces/test_worlds.py -q
"""

import os
import subprocess
from pathlib import Path

import numpy as np
import pytest

import markovjunior

ROOT = Path(__file__).resolve().parents[2]
CORPUS = Path(os.environ.get("MJ_CORPUS") or ROOT.parent / "shared" / "corpus")
CLI = Path(os.environ.get("MJ_CLI") or ROOT / "build" / "mj")
WEB = Path(os.environ.get("MJ_WEB") or ROOT / "build-web")

WORLDS = {
    "maze": (CORPUS / "models" / "MazeGrowth.xml", None, 7, 16, 4, 2, (-40, -24, 56, 72)),
    "knots": (ROOT / "models" / "KnotWorld.xml", CORPUS / "resources", 5, 20, 10, 5, (-60, -20, 40, 60)),
}


def cli_rows(case, tmp_path):
    model, resources, seed, chunk, margin, seam, region = WORLDS[case]
    out = tmp_path / "region.txt"
    command = [str(CLI), "world", str(model), "--seed", str(seed), "--chunk", str(chunk), "--margin", str(margin)]
    command += ["--seam", str(seam), "--region", *map(str, region), "--out", str(out), "-q"]
    if resources:
        command += ["--resources", str(resources)]
    subprocess.run(command, check=True, cwd=tmp_path)
    return out.read_text().splitlines()[2:]


def python_rows(case):
    model, resources, seed, chunk, margin, seam, (x0, y0, x1, y1) = WORLDS[case]
    keywords = {"resources": str(resources)} if resources else {}
    world = markovjunior.World(str(model), chunk=chunk, seed=seed, margin=margin, seam=seam, **keywords)
    cells = world[x0:x1, y0:y1]
    return ["".join(world.legend[v] for v in row) for row in np.asarray(cells)]


def js_rows(case):
    model, resources, seed, chunk, margin, seam, region = WORLDS[case]
    api = WEB / "api.mjs"
    if not api.is_file():
        pytest.fail(f"the web build is missing ({api}): run scripts/web.sh first")
    numbers = [str(n) for n in (seed, chunk, margin, seam, *region)]
    script = Path(__file__).resolve().parent / "face_world.mjs"
    line = [str(script), str(api), str(model), str(resources) if resources else "-", *numbers]
    return subprocess.run(["node", *line], check=True, capture_output=True, text=True).stdout.splitlines()


@pytest.mark.parametrize("case", sorted(WORLDS))
def test_every_face_makes_the_same_world(case, tmp_path):
    cli = cli_rows(case, tmp_path)
    x0, y0, x1, y1 = WORLDS[case][-1]
    assert len(cli) == y1 - y0 and all(len(row) == x1 - x0 for row in cli)
    assert len(set("".join(cli))) > 1  # a world, not one value
    assert python_rows(case) == cli
    assert js_rows(case) == cli
