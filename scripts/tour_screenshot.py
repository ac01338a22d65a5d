#!/usr/bin/env python3
"""docs/python-tour.png: examples/python/tour.ipynb executed by nbclient in the kernel it names (registered as the
README says, in a folder of its own), rendered to HTML by nbconvert and photographed by headless Chromium, from its
GIF to its Dask batch.

    .venv/bin/python scripts/tour_screenshot.py    # after scripts/python.sh; writes docs/python-tour.png
"""
import os
import pathlib
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[1]
NOTEBOOK = ROOT / "examples" / "python" / "tour.ipynb"

WIDTH, HEIGHT = 1000, 4200
CROP = (0, 1150, 1000, 2900)  # the GIF, the record with its slider, the state graph


def main():
    import nbformat
    from nbclient import NotebookClient
    from nbconvert import HTMLExporter
    from PIL import Image

    with tempfile.TemporaryDirectory() as scratch:
        folder = pathlib.Path(scratch)
        os.environ["JUPYTER_DATA_DIR"] = str(folder / "jupyter")  # the README's kernel line, here only
        register = [sys.executable, "-m", "ipykernel", "install", "--user", "--name", "markovjunior"]
        subprocess.run(register, check=True, capture_output=True)
        notebook = nbformat.read(NOTEBOOK, as_version=4)
        NotebookClient(notebook, timeout=900, resources={"metadata": {"path": scratch}}).execute()
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
