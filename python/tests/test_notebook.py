"""examples/python/tour.ipynb runs from start to end in a Jupyter kernel (nbclient) in a folder of its own, and
shows what it says: pictures, the GIF inline, the slider, the state graph, the Dask batch and the bars."""

import base64
import json
import re
import sys

import pytest

from conftest import ROOT

NOTEBOOK = ROOT / "examples" / "python" / "tour.ipynb"


@pytest.fixture(scope="module")
def executed(tmp_path_factory):
    import nbformat
    from jupyter_client import KernelManager
    from jupyter_client.kernelspec import KernelSpecManager

    Client = client_class()
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    folder = tmp_path_factory.mktemp("tour")
    # the kernel is this interpreter (the venv with markovjunior), whatever kernels Jupyter knows
    spec = folder / "kernels" / "mj-python"
    spec.mkdir(parents=True)
    argv = [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"]
    (spec / "kernel.json").write_text(json.dumps({"argv": argv, "display_name": "mj", "language": "python"}))
    kernels = KernelSpecManager(kernel_dirs=[str(folder / "kernels")])
    manager = KernelManager(kernel_name="mj-python", kernel_spec_manager=kernels)
    Client(notebook, km=manager, timeout=900, resources={"metadata": {"path": str(folder)}}).execute()
    return notebook, folder


def client_class():
    from nbclient import NotebookClient

    class Client(NotebookClient):
        """Debian's ipywidgets 6 opens its widgets' comms without the "state" that nbclient reads (widget
        protocol 2): such a widget is left to the kernel, as a frontend without its JavaScript leaves it."""

        def on_comm_open_jupyter_widget(self, msg):
            return super().on_comm_open_jupyter_widget(msg) if "state" in msg["content"]["data"] else None

    return Client


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
    assert "image/png" in kinds(notebook, "ipywidgets.IntSlider")  # interact drew the slider's step
    graph = kinds(notebook, "to_networkx()")
    assert "image/png" in graph and "text/html" in graph  # the drawing and the state space's table
    for marker in ("mj.batch(", "run_on(client"):  # tqdm's bar: its widget, or its text on an old ipywidgets
        shown = outputs(notebook, marker)
        texts = "".join(o.get("text", "") for o in shown if o.output_type == "stream")
        assert "8/8" in texts or "application/vnd.jupyter.widget-view+json" in kinds(notebook, marker), shown
    assert "image/png" in kinds(notebook, "mj.MarkovJunior(64, 64, energy)")
    assert "text/html" in kinds(notebook, "chain.set_transition_probabilities")
