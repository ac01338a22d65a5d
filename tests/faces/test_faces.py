"""The same model given the same way runs the same through every face: `mj run`, the C interface,
.NET, Python and the JavaScript API decide its size, steps, pixel size and colours in one place
(mj::Model, mj::resolve_run), so their state texts and pictures are byte for byte the same, and the
files `mj run`, C and .NET name NAME_SEED are named the same. The shared bad inputs
(tests/cli_errors.xml, and bad arguments) are worded the same by `mj run`, C, .NET and Python (Python
naming the settings its own way, size= for --size), each failing its own way (exit code 1, a status, an
MjException, the Python exception of the error's kind). Run after the web and .NET builds:

    MJ_CLI=build/mj MJ_WEB=build-web .venv/bin/python -m pytest tests/faces -q
"""

import json
import os
import shutil
import subprocess
import sys
import warnings
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import markovjunior
from markovjunior import _core

sys.path.insert(0, str(Path(__file__).resolve().parent))
import face_c  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
CORPUS = Path(os.environ.get("MJ_CORPUS") or ROOT.parent / "shared" / "corpus")
CLI = Path(os.environ.get("MJ_CLI") or ROOT / "build" / "mj")
WEB = Path(os.environ.get("MJ_WEB") or ROOT / "build-web")
DOTNET = Path(os.environ.get("MJ_DOTNET") or ROOT / "build-dotnet")
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
        "corpus tiles": (CORPUS / "models" / "Knots2D.xml", CORPUS / "models.xml", (60, 60, 1)),
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
    return (out / "state.txt").read_text(), picture.suffix, picture.read_bytes(), picture.name


def run_c(model, out):
    state, picture, _ = face_c.run(model, SEED, out)
    picture = Path(picture)
    return state, picture.suffix, picture.read_bytes(), picture.name


def require_dotnet():
    if not (DOTNET / "mj-dotnet.exe").is_file() or shutil.which("mono") is None:
        pytest.fail(f"the .NET build is missing ({DOTNET / 'mj-dotnet.exe'}): run scripts/dotnet.sh first")


def run_dotnet(model, out):
    line = subprocess.run(
        ["mono", str(DOTNET / "mj-dotnet.exe"), "face", str(model), str(SEED), str(out)],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    picture = Path(line.strip().rsplit(" -> ", 1)[1])
    return (out / "state.txt").read_text(), picture.suffix, picture.read_bytes(), picture.name


def run_python(model, out):
    result = markovjunior.load(str(model)).run(SEED)
    ext = ".vox" if result.is_3d else ".png"
    picture = Path(result.save(out / f"python{ext}"))
    return result.state_text(model.stem), ext, picture.read_bytes(), None


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
    return (out / "js.txt").read_text(), picture.suffix, picture.read_bytes(), None


@pytest.mark.parametrize("case", ["corpus 2D", "corpus 3D", "corpus tiles", "own", "alone 2D", "alone 3D"])
def test_every_face_runs_a_model_the_same(case, tmp_path):
    if not (WEB / "api.mjs").is_file() or shutil.which("node") is None:
        pytest.fail(f"the web build is missing ({WEB / 'api.mjs'}): run scripts/web.sh first")
    require_dotnet()
    model, listed, size = case_files(tmp_path)[case]
    runs = {
        "cli": lambda out: run_cli(model, out),
        "c": lambda out: run_c(model, out),
        "dotnet": lambda out: run_dotnet(model, out),
        "python": lambda out: run_python(model, out),
        "js": lambda out: run_js(model, listed, out),
    }
    faces = {}
    for face, run in runs.items():
        out = tmp_path / face
        out.mkdir()
        faces[face] = run(out)
    state, ext, picture, name = faces["cli"]
    header = state.split("\n", 1)[0].split()
    assert tuple(int(v) for v in header[1:4]) == size, header
    assert int(header[4]) == SEED
    assert ext == (".png" if size[2] == 1 else ".vox")
    assert name == f"{model.stem}_{SEED}{ext}"
    for face in ("c", "dotnet", "python", "js"):
        assert faces[face][0] == state, f"{face}'s state text differs from mj run's"
        assert faces[face][1] == ext, f"{face} wrote {faces[face][1]}, mj run {ext}"
        assert faces[face][2] == picture, f"{face}'s picture differs from mj run's"
        assert faces[face][3] in (None, name), f"{face} named its picture {faces[face][3]}, mj run {name}"


# A misspelt attribute, an attribute read elsewhere, and an element nothing reads inside a rule node.
TYPOS = """<sequence values="BW" origin="True" periodic="True">
  <all symetry="()" in="W" out="B"/>
  <one in="B" out="W" steps="3"><rul in="W" out="B"/></one>
</sequence>"""


def test_every_face_gives_a_typod_models_notices_the_same(tmp_path):
    """`mj run` prints the library's notices on stderr and runs on; C, .NET, Python (ModelWarning) and
    JavaScript give the same lines."""
    require_dotnet()
    if not (WEB / "api.mjs").is_file() or shutil.which("node") is None:
        pytest.fail(f"the web build is missing ({WEB / 'api.mjs'}): run scripts/web.sh first")
    model = tmp_path / "models" / "Typo.xml"
    model.parent.mkdir()
    model.write_text(TYPOS)
    cli = subprocess.run(
        [str(CLI), "run", str(model), "--seed", str(SEED), "--out", str(tmp_path / "cli")],
        capture_output=True,
        text=True,
    )
    assert cli.returncode == 0, cli.stderr
    lines = cli.stderr.splitlines()
    assert lines == [
        f"{model}:1: warning: attribute 'periodic' is not read on <sequence> (it is read on <convolution>, <wfc>); "
        "<sequence> reads: dialect, folder, origin, symmetry, transparent, values",
        f"{model}:2: warning: unknown attribute 'symetry' on <all>; did you mean 'symmetry'? <all> reads: "
        "depthCoefficient, file, fin, fout, in, legend, limit, out, p, search, steps, symmetry, temperature, weight",
        f"{model}:3: warning: unknown element <rul> in <one>; did you mean <rule>? <one> reads: <field>, <observe>, "
        "<rule>",
    ], cli.stderr
    c = face_c.notices(model)
    assert [text for _, _, _, text in c] == lines
    assert all(text == f"{file}:{line}: warning: {message}" for file, line, message, text in c)
    dotnet = subprocess.run(
        ["mono", str(DOTNET / "mj-dotnet.exe"), "face", str(model), str(SEED), str(tmp_path / "dn")],
        check=True,
        capture_output=True,
        text=True,
    )
    assert dotnet.stderr.splitlines() == lines
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        markovjunior.load(str(model))
    assert [type(w.message) for w in caught] == [markovjunior.ModelWarning] * 3
    assert [str(w.message) for w in caught] == lines
    assert [(w.message.file, w.message.line, w.message.message) for w in caught] == [n[:3] for n in c]
    (tmp_path / "js").mkdir()
    run_js(model, None, tmp_path / "js")
    js = json.loads((tmp_path / "js" / "js.notices.json").read_text())
    assert [(n["line"], n["message"]) for n in js] == [(line, message) for _, line, message, _ in c]
    assert [n["text"] for n in js] == [f"Typo.xml:{line}: warning: {message}" for _, line, message, _ in c]


CASES = ET.parse(ROOT / "tests" / "cli_errors.xml").getroot().findall("case")
FILL = '<one values="BW" in="B" out="W"/>'
# Bad arguments, each refused by the library with one message, whatever the face.
BAD_ARGUMENTS = {
    "negative steps": "--steps -5",
    "pixel size past 64": "--pixelsize 65",
    "pixel size 0": "--pixelsize 0",
    "size 0": "--size 0",
    "negative width": "--length 4 --width -3",
    "dimension 4": "--d 4",
}
ERROR_CASES = [(c.get("name"), c.findtext("model"), c.get("args")) for c in CASES]
ERROR_CASES += [(name, FILL, args) for name, args in BAD_ARGUMENTS.items()]


def cli_says(model, out, args):
    result = subprocess.run(
        [str(CLI), "run", str(model), "--out", str(out), *args.split()], capture_output=True, text=True
    )
    assert result.returncode == 1, result.stdout
    return result.stderr.strip().removesuffix(" (see mj --help)")


def c_says(model, out, args):
    with pytest.raises(face_c.CFailure) as raised:
        face_c.run(model, 1, out, args.split())
    assert raised.value.kind != "internal", raised.value.text
    return raised.value.text


def dotnet_says(cases, work):
    """What the .NET console's `errors` command says for each case: the MjException's message."""
    lines = subprocess.run(
        ["mono", str(DOTNET / "mj-dotnet.exe"), "errors", str(cases), str(work)],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.splitlines()
    return {line.split("\t")[0]: line.split("\t")[2:] for line in lines}


# The Python exception of each kind of failure (C's status names), as faces/python/README.md says.
PYTHON_RAISES = {
    "model": markovjunior.ModelError,
    "limit": markovjunior.ModelError,
    "missing_file": FileNotFoundError,
    "argument": ValueError,
    "io": OSError,
}


def python_arguments(args):
    """`mj run`'s flags as markovjunior.load's arguments; None when Python has no such argument (--d: a
    Python size of two sides is 2D, of three 3D)."""
    flags = dict(zip(args.split()[::2], (int(v) for v in args.split()[1::2])))
    if "--d" in flags:
        return None
    kwargs = {name: flags[f"--{name}"] for name in ("steps", "pixelsize") if f"--{name}" in flags}
    if "--size" in flags:
        kwargs["size"] = flags["--size"]
    elif "--length" in flags:
        kwargs["size"] = (flags["--length"], flags["--width"])
    return kwargs


def python_says(model, out, kwargs):
    """(the message, the failure's kind) of load, run and save in Python, as the library's text ("FILE: message",
    "mj: message" for a failure of no file, as `mj run` prints it) from the exception's parts."""
    with pytest.raises(Exception) as raised:
        markovjunior.load(str(model), **kwargs).run(1).save(out / "M.png")
    error = raised.value
    kind = next((k for k, t in PYTHON_RAISES.items() if type(error) is t), type(error).__name__)
    if isinstance(error, FileNotFoundError):
        return f"{error.filename}: {error.strerror}", kind
    if type(error) is ValueError:  # a bad argument, of no file: Python's message is the library's alone
        return f"mj: {error}", kind
    return str(error), kind


def in_python_words(message, c_names):
    """`mj run`'s message with its setting names (--steps) in Python's (steps=), both the library's."""
    for cli, python in sorted(zip(c_names, _core.setting_names()), key=lambda pair: -len(pair[0])):
        message = message.replace(cli, python)
    return message


def test_every_face_words_a_bad_input_the_same(tmp_path):
    require_dotnet()
    cases = ET.Element("cases")
    for name, text, args in ERROR_CASES:
        case = ET.SubElement(cases, "case", name=name, args=args or "")
        if text is not None:
            ET.SubElement(case, "model").text = text
    ET.ElementTree(cases).write(tmp_path / "cases.xml")
    dotnet = dotnet_says(tmp_path / "cases.xml", tmp_path / "dotnet")
    assert len(dotnet) == len(ERROR_CASES)
    for name, text, args in ERROR_CASES:
        model = tmp_path / name / "models" / "M.xml"
        model.parent.mkdir(parents=True)
        if text is not None:
            model.write_text(text)
        mine = cli_says(model, tmp_path / name / "cli", args or "")
        assert mine.count("\n") == 0 and mine, f"{name}: {mine}"
        assert c_says(model, tmp_path / name / "c", args or "") == mine, name
        said, how = dotnet[name]
        assert said.replace(str(tmp_path / "dotnet"), str(tmp_path)) == mine, name
        assert how.startswith("MjException ") and "Internal" not in how, f"{name}: .NET raised {how}"
        kwargs = python_arguments(args or "")
        if kwargs is None:
            continue
        with pytest.raises(face_c.CFailure) as c_failure:
            face_c.run(model, 1, tmp_path / name / "c", (args or "").split())
        said, kind = python_says(model, tmp_path / name, kwargs)
        assert kind == c_failure.value.kind or {kind, c_failure.value.kind} == {"model", "limit"}, f"{name}: {kind}"
        assert said == in_python_words(mine, face_c.setting_names()), name
