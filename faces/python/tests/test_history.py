"""Time travel and breakpoints from Python: the record's grids are a fresh run's, breakpoints pause where
the rule fires, back() returns the run to the step before."""

import numpy as np
import pytest

import markovjunior as mj

MAZE = """<sequence values="BWAR" origin="True">
  <one in="WBB" out="WAW"/>
  <all in="A" out="R" steps="1"/>
</sequence>"""


def maze():
    return mj.load(MAZE, size=21)


def test_every_recorded_grid_is_a_fresh_runs():
    model = maze()
    model.record()
    result = model.run(seed=4)
    history = model.history
    assert history.first_step == 0 and history.last_step == result.steps > 10
    assert len(history) == result.steps + 1
    fresh = maze()
    fresh.start(4)
    for k in range(result.steps + 1):
        assert np.array_equal(history[k], fresh.grid), k
        fresh.step()
    assert np.array_equal(history[-1], result.grid)
    assert history.node_line(1) == 2 and history.node_line(result.steps - 1) == 3
    assert history.node_line(result.steps) == 0  # the step that ended the program: no node worked
    assert history.bytes > 0
    with pytest.raises(IndexError):
        history[result.steps + 1]


def test_not_recording_by_default():
    model = maze()
    model.run(seed=1)
    assert model.history is None
    with pytest.raises(RuntimeError):
        model.grid_at(0)


def test_back_returns_the_previous_grid_and_goes_on_alike():
    model = maze()
    model.record()
    model.start(9)
    for _ in range(30):
        model.step()
    before = np.array(model.grid_at(29))
    assert np.array_equal(model.back(), before)
    assert model.steps == 29 and model.history.last_step == 29
    model.step()
    whole = maze().run(seed=9, steps=30)
    assert np.array_equal(model.grid, whole.grid)


def test_a_rule_breakpoint_pauses_where_the_rule_fires():
    model = maze()
    result = model.run(seed=2, breakpoints=[mj.Breakpoint(3, 0)])
    assert model.paused_at == mj.Breakpoint(3, 0)
    fresh = maze()  # the rule A -> R fires in the first step after which an R shows
    fresh.start(2)
    while fresh.step() and not (fresh.grid == 3).any():
        pass
    assert result.steps == fresh.steps > 1
    whole = maze().run(seed=2)
    assert model.resume(breakpoints=[(3, 0)]).steps == whole.steps and model.paused_at is None


def test_a_node_breakpoint_and_a_wrong_line():
    model = maze()
    model.run(seed=2, breakpoints=[2])
    assert model.paused_at == mj.Breakpoint(2) and model.steps == 1
    with pytest.raises(mj.ModelError):
        model.run(seed=2, breakpoints=[7])


def test_a_history_pickles_as_its_run():
    """Pickled, a History is its run (the source, the seed, the step): unpickled, the same grids, step for step."""
    import pickle

    model = maze()
    model.record()
    model.start(6)
    for _ in range(25):
        model.step()
    history = model.history
    again = pickle.loads(pickle.dumps(history))
    assert (again.first_step, again.last_step) == (0, 25)
    assert all(np.array_equal(again[k], history[k]) for k in range(26))
    assert [again.node_line(k) for k in range(26)] == [history.node_line(k) for k in range(26)]


def test_a_slider_over_the_record():
    model = maze()
    model.record()
    steps = model.run(seed=4).steps
    slider = model.history.slider(frames=10)
    assert slider.steps[0] == 0 and slider.steps[-1] == steps and len(slider.steps) == 10
    page = slider._repr_html_()
    assert page.count("data:image/png;base64,") == 10 and 'type="range"' in page and 'max="9"' in page
    assert f"step {steps}" in page
    with pytest.raises(ValueError, match="frames must be at least 1, got 0"):
        model.history.slider(frames=0)
