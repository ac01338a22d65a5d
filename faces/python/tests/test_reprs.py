"""Every object shows itself briefly: repr() a line (an explored state space's was 149 KB), and in a notebook a
picture (Result, Model once run, History) or a short table (StateSpace, GridDynamics, MarkovChain)."""

import numpy as np

import markovjunior as mj

SHORT = 300  # characters
PNG = b"\x89PNG\r\n\x1a\n"


def test_reprs_are_short_and_notebooks_get_pictures_or_tables():
    model = mj.load("GrowthMaze", size=9)
    model.record()
    result = model.run(1)
    space = mj.explore("GrowthMaze", size=5)
    dynamics = mj.explore_all_grids('<one values="BW" in="BW" out="WW"/>', size=(4, 3))
    chain = mj.MarkovChain(states=range(1000))
    sampler = mj.MarkovJunior(8, 8, np.sum)
    shown = [model, result, result.source, space, dynamics, model.history, chain, sampler]
    assert len(space.json) > 10 * SHORT  # a state space that would fill screens
    for each in shown:
        assert len(repr(each)) < SHORT, repr(each)
    for each in (model, result, model.history):
        assert each._repr_png_().startswith(PNG)
    for each in (space, dynamics, chain):
        table = each._repr_html_()
        assert "<table>" in table and len(table) < 20 * SHORT
    strip = model.history.filmstrip()
    assert strip.shape[0] == 9 and strip.shape[1] > 9 * 5  # grids side by side
