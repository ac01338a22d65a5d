#!/usr/bin/env python3
"""A notebook-style example: several models, a few seeds each, in one matplotlib figure.

    bash scripts/python.sh
    .venv/bin/python examples/python/gallery.py            # writes docs/python-gallery.png

mj's own models always run; models of the reference corpus are added when it is found (../shared/corpus
beside the repo, or MJ_CORPUS).
"""
import os
import pathlib

import matplotlib

matplotlib.use("Agg")  # no display needed; in a notebook, leave this out and the figure shows inline
import matplotlib.pyplot as plt  # noqa: E402 (after the backend is chosen)

import markovjunior as mj  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parents[2]
CORPUS = pathlib.Path(os.environ.get("MJ_CORPUS", ROOT.parent / "shared" / "corpus"))

# (title, model, size or None for its entry's, pixel size)
PANELS = [
    ("GrowthMaze", "GrowthMaze", None, 2),
    ("BacktrackerMaze", "BacktrackerMaze", None, 2),
    ("Territories", "Territories", None, 1),
    ("SearchWalk3D", "SearchWalk3D", (16, 16, 16), 5),
]
if (CORPUS / "models.xml").is_file():
    PANELS += [
        (name, CORPUS / "models" / f"{name}.xml", size, pixelsize)
        for name, size, pixelsize in [
            ("Flowers", None, 2),
            ("River", None, 2),
            ("Apartemazements", (8, 8, 8), 4),
            ("Escher", None, 5),
        ]
    ]
SEEDS = [1, 2, 3]


def main():
    figure, axes = plt.subplots(len(SEEDS), len(PANELS), figsize=(2.2 * len(PANELS), 2.3 * len(SEEDS)))
    for column, (title, model, size, pixelsize) in enumerate(PANELS):
        for row, seed in enumerate(SEEDS):
            ax = axes[row][column]
            ax.imshow(mj.generate(model, size=size, seed=seed, pixelsize=pixelsize), interpolation="nearest")
            ax.set_xticks([]), ax.set_yticks([])
            if row == 0:
                ax.set_title(title, fontsize=10)
            if column == 0:
                ax.set_ylabel(f"seed {seed}")
    figure.tight_layout()
    out = pathlib.Path(os.environ.get("MJ_GALLERY_OUT", ROOT / "docs" / "python-gallery.png"))
    figure.savefig(out, dpi=80)
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
