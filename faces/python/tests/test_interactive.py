"""The mj dialect's interactive nodes through Python: model.send("ArrowLeft"), model.waiting, and a game's
seed and model.inputs replayed (model.replay) to the same grids, as the C++ tests check (interactive_test.cpp)."""
import os

import numpy as np
import pytest

import markovjunior as mj

# R runs right on ArrowRight, steps left on ArrowLeft; after 3 steps without a key a W lands on a black cell.
KEYS = """<markov values="BRW" dialect="mj">
  <one in="B" out="R" steps="1"/>
  <event timeout="3">
    <keypress key="ArrowRight"><one in="RB" out="BR" symmetry="()"/></keypress>
    <keypress key="ArrowLeft"><one in="BR" out="RB" symmetry="()" steps="1"/></keypress>
  </event>
  <one in="B" out="W"/>
</markov>"""


def test_a_waiting_run_takes_a_key():
    model = mj.load(KEYS, size=8, steps=0)
    model.start(1)
    model.step()
    model.step()
    assert model.waiting
    assert model.active_node.kind == "event"
    model.send("ArrowLeft")
    assert not model.waiting
    assert model.inputs == [(2, "ArrowLeft")]


def test_a_recorded_game_replays_twice():
    model = mj.load(KEYS, size=8, steps=0)
    model.start(7)
    grids = []
    for step in range(60):
        if step % 4 == 1:
            model.send(["ArrowRight", "ArrowLeft", "ArrowRight"][(step // 4) % 3])
        model.step()
        grids.append(np.array(model.grid))
    for _ in range(2):
        again = mj.load(KEYS, size=8, steps=0)
        assert again.replay(7, model.inputs, 60) == 60
        assert np.array_equal(again.grid, grids[-1])
        assert again.inputs == model.inputs
    other = mj.load(KEYS, size=8, steps=0)
    other.replay(7, model.inputs[1:], 60)
    assert not np.array_equal(other.grid, grids[-1])


def test_send_before_a_start_and_an_event_without_the_opt_in():
    with pytest.raises(ValueError, match="send before a run is started"):
        mj.load(KEYS, size=8).send("ArrowLeft")
    with pytest.raises(mj.ModelError, match=r'<event> is an mj extension: add dialect="mj"'):
        mj.load(KEYS.replace(' dialect="mj"', ""), size=8)


def test_back_sends_the_earlier_inputs_again():
    model = mj.load(KEYS, size=8, steps=0)
    model.start(3)
    grids = []
    for step in range(40):
        if step % 5 == 2:
            model.send("ArrowRight" if step % 10 == 2 else "ArrowLeft")
        model.step()
        grids.append(np.array(model.grid))
    assert np.array_equal(model.back(15), grids[24])
    assert model.inputs == [(step, key) for step, key in model.inputs if step < 25]


# models/Sokoban.xml on seed 1 (demo.xml's): the recorded solution of tests/interactive_test.cpp (the same keys,
# the same won grid there and in playground/tests/browser_sokoban.mjs): the three crates pushed onto the targets turn
# gold with the lamp, and the run ends.
SOKOBAN_SOLUTION = (
    "Left Left Up Left Up Right Right Left Left Up Up Right Down Left Down Right Up Right Right Down Up Up Right "
    "Right Down Left Up Left Down"
).split()
SOKOBAN_START = "WWWWWWWWWBBWBBBWWBCBBCBWWBBTTWBWWBCWTBBWWBBBPBWWWBBWBBBWWWWFWWWW"
SOKOBAN_WON = "WWWWWWWWWBBWBBBWWBBBPBBWWBBGGWBWWBBWGBBWWBBBBBWWWBBWBBBWWWWGWWWW"


def cells(model):
    return "".join(model.legend[v] for v in np.array(model.grid).ravel())


def test_a_sokoban_game_is_won_and_replays():
    sokoban = os.path.join(mj.MODELS, "Sokoban.xml")
    model = mj.load(sokoban, size=8, steps=0)
    model.start(1)
    for key in SOKOBAN_SOLUTION:
        while not model.waiting:
            assert model.step()
        if not model.inputs:
            assert cells(model) == SOKOBAN_START
        assert "G" not in cells(model)  # not won before the last push
        model.send("Arrow" + key)
    while model.step():
        pass
    assert model.finished
    assert cells(model) == SOKOBAN_WON
    for _ in range(2):
        again = mj.load(sokoban, size=8, steps=0)
        assert again.replay(1, model.inputs) == model.steps
        assert cells(again) == SOKOBAN_WON


@pytest.mark.parametrize(
    "inputs, error, words",
    [
        (["ArrowUp"], TypeError, r"\(step, key\) pairs"),  # was "too many values to unpack"
        ([(1, "ArrowUp", 2)], TypeError, r"\(step, key\) pairs"),
        ([(-1, "ArrowUp")], ValueError, "step is 0 or more"),  # was accepted
        ([(1, 38)], TypeError, "key must be a str"),  # was sent as "38"
    ],
)
def test_replay_says_what_its_inputs_are(inputs, error, words):
    with pytest.raises(error, match=words):
        mj.load(KEYS, size=8, steps=0).replay(1, inputs)


def test_advance_until_waiting_plays_a_game_a_key_at_a_time():
    """After a key, Sokoban takes more steps before it waits again: send(); step() left them untaken, so each
    key acted a step late. advance(until_waiting=True) takes them, as C++'s and JavaScript's advance do."""
    model = mj.load(os.path.join(mj.MODELS, "Sokoban.xml"), size=8, steps=0)
    model.start(1)
    assert model.advance(until_waiting=True) > 0 and model.waiting
    assert cells(model) == SOKOBAN_START
    assert model.advance(until_waiting=True) == 0  # it waits: no step taken
    for key in SOKOBAN_SOLUTION:
        assert model.waiting and "G" not in cells(model)
        model.send("Arrow" + key)
        model.advance(until_waiting=True)
    assert model.finished and cells(model) == SOKOBAN_WON
    with pytest.raises(TypeError, match="until_waiting must be True or False"):
        model.advance(until_waiting="yes")


def test_a_copied_or_pickled_model_keeps_its_run():
    """A Model copied or pickled mid-game was a fresh one; now it stands where the run stood (its seed, inputs and
    step run again) and goes on alike, also recording."""
    import copy
    import pickle

    model = mj.load(KEYS, size=8, steps=0)
    model.record()
    model.start(5)
    for step in range(23):
        if step % 6 == 2:
            model.send("ArrowRight" if step % 12 == 2 else "ArrowLeft")
        model.step()
    model.send("ArrowLeft")  # sent, not yet taken
    others = [model.copy(), copy.copy(model), pickle.loads(pickle.dumps(model))]
    for other in others:
        assert other.steps == 23 and other.inputs == model.inputs and cells(other) == cells(model)
        assert other.history is not None and np.array_equal(other.grid_at(10), model.grid_at(10))
    for _ in range(9):
        model.step()
        for other in others:
            other.step()
            assert cells(other) == cells(model)
    assert pickle.loads(pickle.dumps(mj.load(KEYS, size=8))).steps == 0  # not started: a fresh one, as before


def test_a_game_saved_replays_from_its_file(tmp_path):
    """model.save_inputs writes the file mj play --record writes (STEP KEY a line); read_inputs reads it back for
    replay, and `mj run --inputs` replays it (tests/play_test.py)."""
    sokoban = os.path.join(mj.MODELS, "Sokoban.xml")
    model = mj.load(sokoban, size=8, steps=0)
    model.start(1)
    for key in SOKOBAN_SOLUTION:
        while not model.waiting:
            assert model.step()
        model.send("Arrow" + key)
    while model.step():
        pass
    path = tmp_path / "game.txt"
    model.save_inputs(path)
    lines = path.read_text().splitlines()
    assert lines[0].startswith("#") and len(lines) == 1 + len(SOKOBAN_SOLUTION)
    assert lines[1:] == [f"{step} {key}" for step, key in model.inputs]
    inputs = mj.read_inputs(path)
    assert inputs == model.inputs
    again = mj.load(sokoban, size=8, steps=0)
    again.replay(1, inputs)
    assert cells(again) == SOKOBAN_WON
    path.write_text("3 ArrowLeft\nArrowLeft\n")
    with pytest.raises(mj.ModelError) as error:
        mj.read_inputs(path)
    assert str(error.value) == f'{path}:2: an input is "STEP KEY" (a step, one space, a key\'s name)'
