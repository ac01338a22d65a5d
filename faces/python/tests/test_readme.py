"""The README's Python example runs as written, from a reference corpus folder as the README says
(here a folder of links to the corpus, so that its files are written in tmp_path)."""

import os
import re

from conftest import ROOT


def test_the_readmes_python_example_runs_in_a_corpus_folder(corpus, tmp_path, monkeypatch):
    import matplotlib

    matplotlib.use("Agg")
    readme = (ROOT / "README.md").read_text()
    section = readme[readme.index("## Using it from Python") :]
    example = re.search(r"```python\n(.*?)```", section, re.S)[1]
    assert 'mj.load("Flowers")' in example
    for name in ("models.xml", "models", "resources"):
        os.symlink(corpus / name, tmp_path / name)
    monkeypatch.chdir(tmp_path)
    scope = {}
    exec(example.replace("range(1000)", "range(8)"), scope)  # fewer runs: the same code
    assert (tmp_path / "flowers.png").is_file()
    assert len(scope["results"]) == 8 and scope["result"].grid.shape == (60, 60)
