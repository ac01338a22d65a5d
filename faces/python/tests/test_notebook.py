"""examples/python/tour.ipynb opens as a user opens it: the README's two lines (register the venv as Jupyter's
kernel `markovjunior`, then `jupyter execute` the notebook) run as written, with Debian's Jupyter, the kernel
registered in a folder of this test's own (JUPYTER_DATA_DIR) and the notebook copied to one (it writes maze.gif
beside itself). Then nbclient, as it comes (no subclass, the kernel the notebook names), executes it again so that
its outputs can be looked at: pictures, the GIF inline, the slider, the state graph, the Dask batch and the bars."""

import base64
import os
import re
import shutil
import subprocess

import pytest

from conftest import ROOT

NOTEBOOK = ROOT / "examples" / "python" / "tour.ipynb"


def readme_lines():
    """The README's notebook commands, as a user copies them."""
    readme = (ROOT / "README.md").read_text()
    block = next(b for b in re.findall(r"```sh\n(.*?)```", readme, re.S) if "ipykernel install" in b)
    return [re.sub(r"\s+#.*$", "", line).strip() for line in block.splitlines() if line.strip()]


@pytest.fixture(scope="module")
def jupyter(tmp_path_factory):
    """The environment of a user who ran the README's kernel line: JUPYTER_DATA_DIR is this test's folder."""
    folder = tmp_path_factory.mktemp("tour")
    env = {**os.environ, "JUPYTER_DATA_DIR": str(folder / "jupyter")}
    register, *_ = readme_lines()
    assert register.startswith(".venv/bin/python -m ipykernel install --user --name markovjunior"), register
    assert (ROOT / ".venv" / "bin" / "python").exists(), "the README's venv, .venv, is not made (scripts/python.sh)"
    subprocess.run(register, shell=True, cwd=ROOT, env=env, check=True, capture_output=True)
    shutil.copy(NOTEBOOK, folder / "tour.ipynb")
    return folder, env


def test_the_readmes_jupyter_execute_runs_the_tour(jupyter):
    folder, env = jupyter
    _, execute, _ = readme_lines()
    assert execute == "jupyter execute examples/python/tour.ipynb"
    assert shutil.which("jupyter"), "Debian's jupyter is not installed (bash scripts/deps.sh python)"
    done = subprocess.run(
        execute.replace("examples/python/tour.ipynb", "tour.ipynb"),
        shell=True,
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
        timeout=1800,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert (folder / "maze.gif").stat().st_size > 0


def test_the_readmes_nbconvert_line_runs_the_tour_as_a_page(jupyter):
    """`jupyter nbconvert` was not installed with Debian's Jupyter (it is jupyter-nbconvert, now in deps.sh)."""
    folder, env = jupyter
    _, _, convert = readme_lines()
    assert convert == "jupyter nbconvert --to html --execute examples/python/tour.ipynb"
    done = subprocess.run(
        convert.replace("examples/python/tour.ipynb", "tour.ipynb"),
        shell=True,
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
        timeout=1800,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert "data:image/gif;base64," in (folder / "tour.html").read_text()


@pytest.fixture(scope="module")
def executed(jupyter, tmp_path_factory):
    import nbformat
    from nbclient import NotebookClient

    folder = tmp_path_factory.mktemp("outputs")
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    assert notebook.metadata.kernelspec.name == "markovjunior"
    saved = os.environ.get("JUPYTER_DATA_DIR")
    os.environ["JUPYTER_DATA_DIR"] = jupyter[1]["JUPYTER_DATA_DIR"]  # where the README's line registered it
    try:
        NotebookClient(notebook, timeout=900, resources={"metadata": {"path": str(folder)}}).execute()
    finally:
        if saved is None:
            del os.environ["JUPYTER_DATA_DIR"]
        else:
            os.environ["JUPYTER_DATA_DIR"] = saved
    return notebook, folder


def outputs(notebook, marker):
    (cell,) = [c for c in notebook.cells if c.cell_type == "code" and marker in c.source]
    return cell.outputs


def kinds(notebook, marker):
    return {k for o in outputs(notebook, marker) for k in o.get("data", {})}


def test_the_tour_runs_and_shows_its_pictures(executed):
    notebook, folder = executed
    errors = [o for c in notebook.cells if c.cell_type == "code" for o in c.outputs if o.output_type == "error"]
    assert not errors, errors
    warnings = [o.text for c in notebook.cells if c.cell_type == "code" for o in c.outputs if o.get("name") == "stderr"]
    assert not [w for w in warnings if "Traceback" in w or "Warning" in w or "not detected" in w], warnings
    assert "image/png" in kinds(notebook, 'mj.generate("GrowthMaze"')
    assert "image/png" in kinds(notebook, "result = model.run(seed=11)")  # the Result shows itself
    assert "image/png" in kinds(notebook, "history = model.history")  # the filmstrip


def test_the_gif_is_inline(executed):
    notebook, folder = executed
    (shown,) = [o for o in outputs(notebook, "maze.gif") if "text/html" in o.get("data", {})]
    inline = re.search(r"data:image/gif;base64,([A-Za-z0-9+/=]+)", shown["data"]["text/html"])[1]
    assert base64.b64decode(inline) == (folder / "maze.gif").read_bytes()


def test_the_slider_the_graph_and_the_bars(executed):
    notebook, _ = executed
    (slider,) = [o["data"]["text/html"] for o in outputs(notebook, "history.slider()") if "data" in o]
    assert 'type="range"' in slider and slider.count("data:image/png;base64,") > 10
    graph = kinds(notebook, "to_networkx()")
    assert "image/png" in graph and "text/html" in graph  # the drawing and the state space's table
    for marker in ("mj.batch(", "run_on(client"):  # tqdm's bar: its widget, or its text on an old ipywidgets
        shown = outputs(notebook, marker)
        texts = "".join(o.get("text", "") for o in shown if o.output_type == "stream")
        assert "8/8" in texts or "application/vnd.jupyter.widget-view+json" in kinds(notebook, marker), shown
    assert "image/png" in kinds(notebook, "mj.MarkovJunior(64, 64, energy)")
    assert "text/html" in kinds(notebook, "chain.set_transition_probabilities")
