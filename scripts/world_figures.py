#!/usr/bin/env python3
"""The pictures of docs/worlds.md: docs/worlds/phases.png (chunks by phase, one chunk's run with its margin and
seam), drawn from the scheme's rules as docs/worlds.md states them (src/world/scheme.cpp holds them for the
library): phase = (x & 1) + 2 (y & 1); a chunk's run covers the chunk and `margin` cells around it; the cells of
earlier neighbours within `seam` of the chunk are pinned. With --sheet, pictures side by side under their names
(scripts/world_pictures.sh's corpus sheet).

    /usr/bin/python3 scripts/world_figures.py [OUT.png]
    /usr/bin/python3 scripts/world_figures.py --sheet OUT.png PICTURE.png...
"""
import sys
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.patches import Rectangle  # noqa: E402

PHASE_COLOURS = ["#3a6ea5", "#66a182", "#edae49", "#d1495b"]
CHUNK, MARGIN, SEAM = 8, 4, 2  # cells, as drawn


def phase(x, y):
    return (x & 1) + 2 * (y & 1)


def draw_phases(ax):
    for y in range(4):
        for x in range(5):
            p = phase(x, y)
            ax.add_patch(Rectangle((x, y), 1, 1, facecolor=PHASE_COLOURS[p], edgecolor="white", lw=2))
            ax.text(x + 0.5, y + 0.5, str(p), ha="center", va="center", color="white", fontsize=15, weight="bold")
    ax.set_xlim(0, 5), ax.set_ylim(4, 0), ax.set_aspect("equal"), ax.axis("off")
    ax.set_title("chunks by phase: (x & 1) + 2 (y & 1)", fontsize=11)


def draw_run(ax):
    # Chunk (1, 1), phase 3: its eight neighbours are all earlier, so its whole seam is pinned.
    cx, cy = 1, 1
    for y in range(3):
        for x in range(3):
            ax.add_patch(
                Rectangle((x * CHUNK, y * CHUNK), CHUNK, CHUNK, facecolor=PHASE_COLOURS[phase(x, y)], alpha=0.35, lw=0)
            )
    low, high = cx * CHUNK - MARGIN, (cx + 1) * CHUNK + MARGIN
    ax.add_patch(Rectangle((low, low), high - low, high - low, fill=False, edgecolor="black", lw=2, ls="--"))
    s_low, s_high = cx * CHUNK - SEAM, (cx + 1) * CHUNK + SEAM
    ax.add_patch(Rectangle((s_low, s_low), s_high - s_low, s_high - s_low, facecolor="#555555", alpha=0.55, lw=0))
    ax.add_patch(Rectangle((cx * CHUNK, cy * CHUNK), CHUNK, CHUNK, facecolor=PHASE_COLOURS[3], lw=2, edgecolor="black"))
    ax.text(12, 12, "the chunk\n(phase 3)", ha="center", va="center", color="white", fontsize=10, weight="bold")
    ax.annotate(
        "seam: earlier\nneighbours' cells,\npinned",
        (s_high - 1, 6.5),
        (21, 2),
        fontsize=9,
        arrowprops={"arrowstyle": "->"},
    )
    ax.annotate(
        "margin: free cells\nthe run makes\nand drops",
        (high - 0.5, 18),
        (21, 21),
        fontsize=9,
        arrowprops={"arrowstyle": "->"},
    )
    ax.set_xlim(0, 3 * CHUNK), ax.set_ylim(3 * CHUNK, 0), ax.set_aspect("equal"), ax.axis("off")
    ax.set_title("one chunk's run", fontsize=11)


def sheet(out, pictures):
    columns = 3
    rows = (len(pictures) + columns - 1) // columns
    fig, axes = plt.subplots(rows, columns, figsize=(3.4 * columns, 3.6 * rows))
    for ax in axes.flat:
        ax.axis("off")
    for ax, picture in zip(axes.flat, pictures):
        ax.imshow(plt.imread(picture), interpolation="nearest")
        ax.set_title(Path(picture).stem, fontsize=11)
    fig.tight_layout()
    fig.savefig(out, dpi=100)
    print(out)


def main():
    if sys.argv[1:2] == ["--sheet"]:
        return sheet(sys.argv[2], sys.argv[3:])
    out = Path(sys.argv[1] if len(sys.argv) > 1 else Path(__file__).parent.parent / "docs" / "worlds" / "phases.png")
    fig, (a, b) = plt.subplots(1, 2, figsize=(10, 4.2), gridspec_kw={"width_ratios": [5, 4.2]})
    draw_phases(a)
    draw_run(b)
    fig.tight_layout()
    fig.savefig(out, dpi=90)
    print(out)


if __name__ == "__main__":
    main()
