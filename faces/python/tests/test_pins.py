"""Pins and goals (docs/constraints.md): load(..., pins=, goal=) takes an array of the grid's shape (255: a free
cell) or a file (a PNG, a VOX or a state text); a pinned cell keeps its value all run long, also in a copy and a
pickled Model."""

import pickle
import warnings

import numpy as np
import pytest

import markovjunior as mj

GROW = '<one values="BWR" in="B" out="W"/>'


def test_a_pinned_cell_keeps_its_value_all_run_long():
    pins = np.full((4, 5), 255, dtype=np.uint8)
    pins[2, 3] = 2  # row 2, column 3: R
    model = mj.load(GROW, size=(5, 4), pins=pins)
    grids = list(model.frames(1))
    assert all(g[2, 3] == 2 for g in grids)
    assert grids[-1][0, 0] == 1
    for other in (model.copy(), pickle.loads(pickle.dumps(model))):
        assert other.run(1).grid[2, 3] == 2


def test_pins_and_goals_from_files_and_their_refusals(tmp_path):
    state = tmp_path / "pins.txt"
    state.write_text("M 5 4 1 1 0\nBWR\n*****\n*****\n***R*\n*****\n")
    assert mj.load(GROW, size=(5, 4), pins=str(state)).run(1).grid[2, 3] == 2
    with pytest.raises(ValueError, match="no inference node"):
        mj.load(GROW, size=(5, 4), goal=str(state))
    with pytest.raises(ValueError, match="shape"):
        mj.load(GROW, size=(5, 4), pins=np.full((3, 3), 255))


def test_an_entry_names_its_pins_and_the_source_keeps_them():
    model = mj.load("DoorRooms")  # models/demo.xml: pins="DoorRooms_pins.png", seven doors
    doors = model.legend.index("D")
    assert model.source.pins is not None and list(model.source.pins).count(doors) == 7
    assert (model.run(1).grid == doors).sum() == 7
    assert (pickle.loads(pickle.dumps(model)).run(1).grid == doors).sum() == 7


@pytest.mark.parametrize(
    "given, error, words",
    [
        (np.full((4, 5), 2.5), ValueError, "whole numbers.*got 2.5"),  # was cut to 2
        (np.full((4, 5), np.nan), ValueError, "whole numbers.*got nan"),  # was 0
        (np.ones((4, 5), bool), TypeError, "not a bool mask"),  # every False cell was pinned to 0
        (b"\x89PNG\r\n", TypeError, "got bytes"),  # was numpy's ufunc error
        (np.full((4, 5), "W"), TypeError, "whole numbers"),
    ],
)
def test_pins_of_another_kind_are_refused(given, error, words):
    with pytest.raises(error, match=words):
        mj.load(GROW, size=(5, 4), pins=given)
    with pytest.raises(error, match=words):
        mj.load('<one values="BW" in="B" out="W"><observe value="B" to="W"/></one>', size=(5, 4), goal=given)


def test_whole_floats_are_values():
    pins = np.full((4, 5), 255.0)  # np.full, np.zeros: floats unless told
    pins[2, 3] = 2.0
    assert mj.load(GROW, size=(5, 4), pins=pins).run(1).grid[2, 3] == 2


def test_a_pins_file_of_another_size_is_a_value_error_as_an_array_is(tmp_path):
    """load's docstring promises ValueError for pins of the wrong shape: a file's too, naming the file."""
    state = tmp_path / "pins.txt"
    state.write_text("M 3 3 1 1 0\nBWR\n***\n***\n*R*\n")
    with pytest.raises(ValueError, match=r"^pins: .*pins\.txt"):
        mj.load(GROW, size=(5, 4), pins=str(state))


def test_an_entrys_own_pins_at_another_size_are_not_read_and_given_ones_win():
    with pytest.warns(
        mj.ModelWarning, match="the entry's pins DoorRooms_pins.png are for its 41x41 grid, not this 21x21"
    ):
        resized = mj.load("DoorRooms", size=21)
    assert resized.source.pins is None
    pins = np.full(resized.run(1).grid.shape, 255, np.uint8)
    pins[1, 1] = resized.legend.index("D")
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the caller's own pins: nothing said of the entry's
        mine = mj.load("DoorRooms", size=21, pins=pins)
    assert mine.run(1).grid[1, 1] == resized.legend.index("D")
    with pytest.warns(mj.ModelWarning, match="the entry's pins"):
        assert mj.generate("DoorRooms", seed=1, size=21).shape[:2] == (21 * 6, 21 * 6)  # its entry's pixel size


def test_a_wfc_models_pins_are_cells_of_its_wfc_grid(corpus):
    knots = str(corpus / "models" / "Knots2D.xml")
    first = mj.load(knots).run(1).grid  # the wfc's tiles: larger than the 12 x 12 start grid
    assert first.shape[0] > 12
    pins = np.full(first.shape, 255, dtype=np.uint8)
    pins[:, :7] = first[:, :7]  # a band along the left edge
    assert (mj.load(knots, pins=pins).run(2).grid[:, :7] == first[:, :7]).all()
    with pytest.raises(ValueError, match="shape"):
        mj.load(knots, pins=np.full((12, 12), 255, dtype=np.uint8))
