#!/usr/bin/env python3
"""The pictures of the debugger's views in docs/tutorial.md (part 2), drawn from what mj's Python package inspects:

    docs/tutorial-field.png     Tutorial7: the field's distances to the treasure at the hero's first step
    docs/tutorial-observe.png   Tutorial8: the observation's backward potentials of the hero (U)
    docs/tutorial-search.png    Tutorial9: the trajectory the search found, the hero's cell in each state

    .venv/bin/python scripts/tutorial_views.py      (after bash scripts/python.sh)
"""
import os

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

import markovjunior as mj  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXAMPLES = os.path.join(ROOT, "docs", "language", "examples")
SIZE, SEED = 59, 5


def line_of(name, text):
    """The line of the example's walking node: the first line holding `text` after the hero is placed."""
    with open(os.path.join(EXAMPLES, name + ".xml"), encoding="utf-8") as f:
        lines = f.read().splitlines()
    placed = next(i for i, line in enumerate(lines) if 'out="U"' in line)
    return next(i + 1 for i, line in enumerate(lines) if i > placed and text in line)


def paused(name, line):
    """The model, paused after the step in which the node at `line` began to work, and its picture then."""
    model = mj.load(os.path.join(EXAMPLES, name + ".xml"), size=SIZE)
    model.run(seed=SEED, breakpoints=[line])
    return model, model.result().image()


def potential_map(axis, values, title):
    """Distances as colours (yellow: near, purple: far), cells that have none black."""
    shown = np.ma.masked_less(values.astype(float), 0)
    cmap = matplotlib.colormaps["viridis_r"].copy()
    cmap.set_bad("black")
    image = axis.imshow(shown, cmap=cmap, interpolation="nearest")
    axis.set_title(title, fontsize=10)
    axis.axis("off")
    plt.colorbar(image, ax=axis, fraction=0.046, pad=0.02)


def side_by_side(picture, values, titles, out):
    figure, axes = plt.subplots(1, 2, figsize=(9, 4.3))
    axes[0].imshow(picture, interpolation="nearest")
    axes[0].set_title(titles[0], fontsize=10)
    axes[0].axis("off")
    potential_map(axes[1], values, titles[1])
    figure.tight_layout()
    figure.savefig(out, dpi=80)
    plt.close(figure)
    print(out)


def view_of_u(model_name, marker, view, title, picture):
    """The grid after the hero's first step beside one of its node's views of U (Model.fields or
    Model.potentials), as docs/PICTURE."""
    line = line_of(model_name, marker)
    model, grid_picture = paused(model_name, line)
    values = getattr(model, view)(line)["U"]
    side_by_side(
        grid_picture,
        values,
        ("the grid after the hero's first step", title),
        os.path.join(ROOT, "docs", picture),
    )


def field():  # the walk, after `<one in="UG" .../>`
    view_of_u("Tutorial7", "<one>", "fields", "field for U: distance to G through W, Y, R", "tutorial-field.png")


def observe():
    view_of_u(
        "Tutorial8", "<one", "potentials", "backward potentials of U: steps from the goal", "tutorial-observe.png"
    )


def search():
    line = line_of("Tutorial9", "<one")
    model = mj.load(os.path.join(EXAMPLES, "Tutorial9.xml"), size=SIZE)
    result = model.run(seed=SEED)
    states = model.trajectory(line).states
    hero = model.legend.index("U")
    cells = [np.argwhere(state == hero)[0] for state in states]  # (y, x) of the hero in each state
    figure, axis = plt.subplots(figsize=(4.6, 4.6))
    axis.imshow(result.image(), interpolation="nearest")
    scale = result.image().shape[0] / states.shape[1]
    ys = [(y + 0.5) * scale for y, _ in cells]
    xs = [(x + 0.5) * scale for _, x in cells]
    points = axis.scatter(xs, ys, c=range(len(cells)), cmap="viridis", s=9)
    axis.set_title(f"the search's trajectory: {len(cells)} states", fontsize=10)
    axis.axis("off")
    plt.colorbar(points, ax=axis, fraction=0.046, pad=0.02, label="state")
    figure.tight_layout()
    out = os.path.join(ROOT, "docs", "tutorial-search.png")
    figure.savefig(out, dpi=80)
    plt.close(figure)
    print(out)


if __name__ == "__main__":
    field()
    observe()
    search()
