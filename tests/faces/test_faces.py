"""The same model given the same way runs the same through every face: `mj run`, Python and the
JavaScript API decide its size, steps, pixel size and colours in one place (mj::resolve_run), so
their state texts and pictures are byte for byte the same. Run after the web build:

    MJ_CLI=build/mj MJ_WEB=build-web .venv/bin/python -m pytest tests/faces -q
"""

import os
import shutil
import subprocess
from pathlib import Path

import pytest

import markovjunior

ROOT = Path(__file__).resolve().parents[2]
CORPUS = Path(os.environ.get("MJ_CORPUS") or ROOT.parent / "shared" / "corpus")
CLI = Path(os.environ.get("MJ_CLI") or ROOT / "build" / "mj")
WEB = Path(os.environ.get("MJ_WEB") or ROOT / "build-web")
SEED = 3

FLAT = '<one values="BRW" origin="True" in="RB" out="WR"/>'  # 2D rules: a model alone is 64 x 64
LAYERED = '<one values="BW" origin="True" in="W B" out="W W"/>'  # layers: a model alone is 24 x 24 x 24


def case_files(tmp_path):
    """(model file, the list the JavaScript face is handed, expected size) of each case."""
    alone = tmp_path / "alone"
    alone.mkdir()
    (alone / "Flat.xml").write_text(FLAT)
    (alone / "Layered.xml").write_text(LAYERED)
    return {
        "corpus 2D": (CORPUS / "models" / "MazeGrowth.xml", CORPUS / "models.xml", (359, 359, 1)),
        "corpus 3D": (CORPUS / "models" / "Hills.xml", CORPUS / "models.xml", (40, 40, 12)),
        "own": (ROOT / "models" / "GrowthMaze.xml", ROOT / "models" / "demo.xml", (61, 61, 1)),
        "alone 2D": (alone / "Flat.xml", None, (64, 64, 1)),
        "alone 3D": (alone / "Layered.xml", None, (24, 24, 24)),
    }


def run_cli(model, out):
    subprocess.run(
        [str(CLI), "run", str(model), "--seed", str(SEED), "--state", str(out / "state.txt"), "--out", str(out), "-q"],
        check=True,
        cwd=out,
    )
    (picture,) = [p for p in out.iterdir() if p.suffix in (".png", ".vox")]
    return (out / "state.txt").read_text(), picture.suffix, picture.read_bytes()


def run_python(model, out):
    result = markovjunior.load(str(model)).run(SEED)
    ext = ".vox" if result.is_3d else ".png"
    picture = Path(result.save(out / f"python{ext}"))
    return result.state_text(model.stem), ext, picture.read_bytes()


def run_js(model, listed, out):
    stem = out / "js"
    subprocess.run(
        [
            "node",
            str(ROOT / "tests" / "faces" / "face_js.mjs"),
            str(WEB / "api.mjs"),
            str(model),
            str(listed) if listed else "-",
            str(SEED),
            str(stem),
        ],
        check=True,
    )
    (picture,) = [p for p in out.iterdir() if p.stem == "js" and p.suffix in (".png", ".vox")]
    return (out / "js.txt").read_text(), picture.suffix, picture.read_bytes()


@pytest.mark.parametrize("case", ["corpus 2D", "corpus 3D", "own", "alone 2D", "alone 3D"])
def test_every_face_runs_a_model_the_same(case, tmp_path):
    if not (WEB / "api.mjs").is_file() or shutil.which("node") is None:
        pytest.fail(f"the web build is missing ({WEB / 'api.mjs'}): run scripts/web.sh first")
    model, listed, size = case_files(tmp_path)[case]
    faces = {}
    for face in ("cli", "python", "js"):
        out = tmp_path / face
        out.mkdir()
        faces[face] = (
            run_cli(model, out)
            if face == "cli"
            else run_python(model, out)
            if face == "python"
            else run_js(model, listed, out)
        )
    state, ext, picture = faces["cli"]
    header = state.split("\n", 1)[0].split()
    assert tuple(int(v) for v in header[1:4]) == size, header
    assert int(header[4]) == SEED
    assert ext == (".png" if size[2] == 1 else ".vox")
    for face in ("python", "js"):
        assert faces[face][0] == state, f"{face}'s state text differs from mj run's"
        assert faces[face][1] == ext, f"{face} wrote {faces[face][1]}, mj run {ext}"
        assert faces[face][2] == picture, f"{face}'s picture differs from mj run's"
