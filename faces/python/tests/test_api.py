"""The public API as a user meets it: docstrings, stubs, names, repr, active node."""

import ast
import inspect
import re

import markovjunior as mj
from conftest import ROOT
from markovjunior import _core


def test_every_public_name_has_a_docstring():
    missing = []
    for name in mj.__all__:
        value = getattr(mj, name)
        if callable(value) and not (value.__doc__ or "").strip():
            missing.append(name)
        if inspect.isclass(value):
            for member, attribute in vars(value).items():
                if not member.startswith("_") and not (getattr(attribute, "__doc__", "") or "").strip():
                    missing.append(f"{name}.{member}")
    assert missing == []


def test_stubs_declare_the_extension():
    stub = ast.parse(open(_core.__file__.rsplit("/", 1)[0] + "/_core.pyi").read())
    declared = {node.name for node in stub.body if isinstance(node, (ast.FunctionDef, ast.ClassDef))}
    declared |= {node.target.id for node in stub.body if isinstance(node, ast.AnnAssign)} - {"__version__"}
    public = {name for name in dir(_core) if not name.startswith("_")}
    assert declared == public


def library_defaults():
    """include/mj/defaults.hpp's constants by name, read from the header itself."""
    header = (ROOT / "include" / "mj" / "defaults.hpp").read_text()
    found = dict(re.findall(r"\b(k\w+) = ([^,;]+)", header))
    return {name: eval(re.sub(r"(\d)LL\b", r"\1", value.replace("size_t", "int"))) for name, value in found.items()}


def test_defaults_are_the_librarys_and_generate_takes_its_seed():
    k = library_defaults()
    assert mj.DEFAULTS["seed"] == k["kDefaultSeed"]
    assert mj.DEFAULTS["output_folder"] == k["kDefaultOutputFolder"]
    assert mj.DEFAULTS["history_bytes"] == k["kDefaultHistoryBytes"]
    assert mj.DEFAULTS["max_gif_frames"] == k["kMaxGifFrames"]
    assert mj.DEFAULTS["max_cells"] == k["kMaxCells"]
    assert mj.DEFAULTS["free_cell"] == k["kFreeCell"]
    assert mj.DEFAULTS["max_states"] == k["kMaxStates"]
    assert mj.DEFAULTS["size_2d"] == k["kDefaultSize2d"]
    assert (mj.DEFAULTS["chunk_2d"], mj.DEFAULTS["chunk_3d"]) == (k["kDefaultChunk2d"], k["kDefaultChunk3d"])
    assert mj.DEFAULTS["max_chunk"] == k["kMaxChunk"]
    program = '<one values="BW" in="BB" out="WW"/>'
    seeded = mj.generate(program, size=6, seed=mj.DEFAULTS["seed"])
    assert (mj.generate(program, size=6) == seeded).all()
    assert not all((mj.generate(program, size=6, seed=s) == seeded).all() for s in range(2, 6))


def test_active_node_and_repr():
    model = mj.load(
        '<sequence values="BW">\n  <one in="B" out="W" steps="2"/>\n  <all in="W" out="B"/>\n</sequence>', size=3
    )
    assert model.active_node is None and model.finished
    model.start(1)
    assert model.active_node == mj.ActiveNode("one", 2, 0)
    model.step(), model.step(), model.step()
    assert model.active_node.kind == "all" and model.active_node.line == 3
    while model.step():
        pass
    assert model.active_node is None and model.finished and model.steps == 4
    assert "3x3x1" in repr(model) and "steps=4" in repr(model.result())


def test_own_models_are_installed():
    assert {"GrowthMaze", "BacktrackerMaze", "SearchWalk3D"} <= set(mj.own_models())
    assert mj.generate("Territories", size=20, pixelsize=2).shape == (40, 40, 3)


def test_the_gallery_example_draws_its_figure(tmp_path):
    import os
    import subprocess
    import sys

    out = tmp_path / "gallery.png"
    done = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "python" / "gallery.py")],
        env={**os.environ, "MJ_GALLERY_OUT": str(out)},
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    assert _core.load_png(str(out)).shape[2] == 3


def test_version_is_the_librarys():
    import re

    from conftest import ROOT

    header = (ROOT / "include" / "mj" / "version.hpp").read_text()
    assert mj.__version__ == re.search(r'kVersion = "([^"]+)"', header).group(1)
