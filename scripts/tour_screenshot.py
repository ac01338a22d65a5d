#!/usr/bin/env python3
"""docs/python-tour.png: examples/python/tour.ipynb executed (as python/tests/test_notebook.py runs it), rendered
to HTML by nbconvert and photographed by headless Chromium, from its GIF to its Dask batch.

    .venv/bin/python scripts/tour_screenshot.py    # after scripts/python.sh; writes docs/python-tour.png
"""
import json
import pathlib
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "python" / "tests"))
from test_notebook import NOTEBOOK, client_class  # noqa: E402

WIDTH, HEIGHT = 1000, 4200
CROP = (0, 1150, 1000, 2900)  # the GIF, the record with its slider, the state graph


def main():
    import nbformat
    from jupyter_client import KernelManager
    from jupyter_client.kernelspec import KernelSpecManager
    from nbconvert import HTMLExporter
    from PIL import Image

    with tempfile.TemporaryDirectory() as scratch:
        folder = pathlib.Path(scratch)
        spec = folder / "kernels" / "mj"
        spec.mkdir(parents=True)
        argv = [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"]
        (spec / "kernel.json").write_text(json.dumps({"argv": argv, "display_name": "mj", "language": "python"}))
        notebook = nbformat.read(NOTEBOOK, as_version=4)
        kernels = KernelSpecManager(kernel_dirs=[str(folder / "kernels")])
        manager = KernelManager(kernel_name="mj", kernel_spec_manager=kernels)
        client_class()(notebook, km=manager, timeout=900, resources={"metadata": {"path": scratch}}).execute()
        (folder / "tour.html").write_text(HTMLExporter().from_notebook_node(notebook)[0])
        shot = folder / "tour.png"
        subprocess.run(
            ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars"]
            + [f"--window-size={WIDTH},{HEIGHT}", f"--screenshot={shot}", (folder / "tour.html").as_uri()],
            check=True,
            capture_output=True,
        )
        Image.open(shot).crop(CROP).save(ROOT / "docs" / "python-tour.png", optimize=True)
    print("wrote docs/python-tour.png")


if __name__ == "__main__":
    main()
