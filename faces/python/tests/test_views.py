"""The debugger's views (markovjunior.views): fields, observe's goal and potentials, a guided
choice, the wave of wfc, each checked against what the test computes itself."""

from collections import deque

import numpy as np
import pytest

import markovjunior as mj

# Walls scattered by 30 seeded steps around the origin's R, then one step guided by a field of G.
FIELD = """<sequence values="BRWG" origin="True">
  <one in="B" out="W" steps="30"/>
  <one in="B" out="G" steps="1"><field for="G" to="R" on="B"/></one>
</sequence>"""


def distances(grid, zero, substrate):
    """Breadth-first distances from the zero cells through substrate cells, -1 where none leads."""
    d = np.full(grid.shape, -1, dtype=np.int64)
    queue = deque(zip(*np.nonzero(grid == zero)))
    for y, x in queue:
        d[y, x] = 0
    while queue:
        y, x = queue.popleft()
        for ny, nx in ((y + 1, x), (y - 1, x), (y, x + 1), (y, x - 1)):
            if 0 <= ny < grid.shape[0] and 0 <= nx < grid.shape[1] and grid[ny, nx] == substrate and d[ny, nx] < 0:
                d[ny, nx] = d[y, x] + 1
                queue.append((ny, nx))
    return d


def test_field_potential_is_the_distance_through_the_substrate():
    model = mj.load(FIELD, size=(9, 7))
    model.start(4)
    for _ in range(30):
        model.step()
    before = np.array(model.grid)
    model.step()
    fields = model.fields(3)
    assert list(fields) == ["G"]
    assert fields["G"].shape == (7, 9) and fields["G"].dtype == np.int32
    np.testing.assert_array_equal(fields["G"], distances(before, 1, 0))
    np.testing.assert_array_equal(model.fields()["G"], fields["G"])  # by default the node that made the step


def test_choice_is_recorded_only_while_inspecting_and_is_the_best():
    model = mj.load(FIELD, size=(9, 7))
    model.run(4)
    assert model.choice(3) == mj.Choice([], None)
    model.inspecting = True
    result = model.run(4)
    choice = model.choice(3)
    assert choice.chosen is not None and len(choice.candidates) > 1
    best = choice.candidates[choice.chosen]
    assert best.score == max(c.score for c in choice.candidates)
    assert best.delta == 1 and result.grid[best.y, best.x] == 3  # a G next to the R
    model.inspecting = False
    np.testing.assert_array_equal(model.run(4).grid, result.grid)  # inspecting changes nothing


def test_observe_future_and_potentials():
    # The origin's R (value 1) is observed: W (value 2) at the goal; every other cell keeps its B.
    model = mj.load('<one values="BRW" origin="True" in="R" out="W"><observe value="R" to="W"/></one>', size=5)
    model.start(1)
    assert model.future() is None
    model.step()
    expected = np.full((5, 5), 1 << 0)
    expected[2, 2] = 1 << 2
    np.testing.assert_array_equal(model.future(1), expected)
    potentials = model.potentials(1)
    assert set(potentials) == {"B", "R", "W"}
    assert (potentials["W"][2, 2], potentials["R"][2, 2], potentials["B"][2, 2]) == (0, 1, -1)


def test_wave_has_options_mid_run_and_ones_at_the_end(corpus):
    model = mj.load(corpus / "models" / "WaveBrickWall.xml", size=16)
    model.inspecting = True
    model.start(1)
    assert model.wave(2) is None
    for _ in range(3):
        model.step()
    wave = model.wave(2)
    assert wave.options.shape == (16, 16) and wave.patterns > 1 and wave.options.max() > 1
    # At this seed the first seeds it draws fail: one cell each, where the contradiction came from.
    assert wave.failed_tries > 0 and len(wave.contradictions) == wave.failed_tries
    assert all(0 <= x < 16 and 0 <= y < 16 and z == 0 for x, y, z in wave.contradictions)
    # the last one: the overlap wave is periodic, the neighbour is one of the cell's four around the edges too
    last = wave.contradiction
    (x, y, _), (nx, ny, _) = last.cell, last.neighbour
    assert min(abs(x - nx), 16 - abs(x - nx)) + min(abs(y - ny), 16 - abs(y - ny)) == 1
    assert last.names == [f"pattern {p}" for p in last.lost] and last.lost[-1] < wave.patterns
    model.run(1, steps=0)
    assert (model.wave(2).options == 1).all()


def test_the_last_contradiction_shows_its_lost_patterns_as_the_samples_windows(corpus):
    # WaveBrickWall at 16x16, seed 1: each lost pattern a 3x3 window of BrickWall.png, whose colours stand for the
    # values b, N, n in their order of first appearance, drawn in those values' colours.
    from PIL import Image

    model = mj.load(corpus / "models" / "WaveBrickWall.xml", size=16)
    model.inspecting = True
    model.start(1)
    model.step()
    last = model.wave(2).contradiction
    assert last.pictures.dtype == np.uint8 and last.pictures.shape == (len(last.lost), 3, 3, 3)
    sample = np.array(Image.open(corpus / "resources" / "samples" / "BrickWall.png").convert("RGB"))
    h, w, _ = sample.shape
    seen = list(dict.fromkeys(map(bytes, sample.reshape(-1, 3))))  # the colours in order of first appearance
    palette = dict(model.source.palette)
    colour = {c: [(palette[v] >> 16) & 255, (palette[v] >> 8) & 255, palette[v] & 255] for c, v in zip(seen, "bNn")}
    sample = np.array([colour[bytes(c)] for c in sample.reshape(-1, 3)], dtype=np.uint8).reshape(h, w, 3)
    tiled = np.tile(sample, (2, 2, 1))  # the windows wrap around the sample
    windows = {tiled[y : y + 3, x : x + 3].tobytes() for y in range(h) for x in range(w)}
    assert all(picture.tobytes() in windows for picture in last.pictures)
    assert len({picture.tobytes() for picture in last.pictures}) == len(last.lost)  # each a pattern of its own
    again = model.wave(2).contradiction
    assert again == last and again is not last  # compared whole, pictures and all


def test_an_unknown_line_raises():
    with pytest.raises(mj.ModelError, match="no node is written at line 9"):
        mj.load(FIELD, size=5).fields(9)


def test_trajectory_is_what_the_run_steps_through():
    # A walk from the centre that must cover the 3x3 grid: the search finds it, the node copies it.
    walk = '<one values="BRW" origin="True" in="RB" out="WR" search="True">'
    walk += '<observe value="B" to="WR"/><observe value="R" to="W"/></one>'
    model = mj.load(walk, size=(3, 3))
    model.start(2)
    assert model.trajectory(1) is None  # not searched before the node's first step
    grids, ats = [], []
    for _ in range(8):  # each step covers one cell
        assert model.step()
        grids.append(np.array(model.grid))
        ats.append(model.trajectory(1).at)
    trajectory = model.trajectory(1)
    assert trajectory.states.shape == (8, 3, 3)
    assert ats == list(range(8))
    assert np.array_equal(trajectory.states, np.stack(grids))
    assert not (trajectory.states[-1] == 0).any()  # the goal: no B left


def test_wave_names_the_last_contradiction(corpus):
    # The corpus's Escher at 10x10x10, seed 1: every collapse fails (the node gives up after its tries);
    # while inspecting, the wave tells where the last one met its contradiction, as the C++ Inspection does.
    with pytest.warns(mj.ModelWarning, match="no good seed"):
        model = mj.load(corpus / "models" / "Escher.xml", size=(10, 10, 10))
        assert model.run(1).steps == 3 and model.wave(4).contradiction is None  # not inspecting: not recorded
        model.inspecting = True
        model.run(1)
    wave = model.wave(4)
    last = wave.contradiction
    assert isinstance(last, mj.Contradiction) and wave.failed_tries > 0
    x, y, z = last.cell
    assert 0 <= x < 10 and 0 <= y < 10 and 0 <= z < 10
    assert wave.options[z, y, x] == 0  # the cell it left without any option
    # the tile wave is not periodic: the neighbour is one of the cell's six, inside the grid
    assert last.neighbour is not None
    assert sum(abs(a - b) for a, b in zip(last.cell, last.neighbour)) == 1
    assert last.lost == sorted(set(last.lost)) and 0 <= last.lost[0] and last.lost[-1] < wave.patterns
    assert len(last.names) == len(last.lost) and all(isinstance(n, str) and n for n in last.names)
    assert not any(n.startswith("pattern ") for n in last.names)  # a tileset's tiles, by name
    # and as pictures: each tile's voxels (Escher's are 3D) in the model's colours
    k, sz, s, s2, rgb = last.pictures.shape
    assert (k, rgb) == (len(last.lost), 3) and s == s2 and sz > 1
    palette = {bytes(((c >> 16) & 255, (c >> 8) & 255, c & 255)) for _, c in model.source.palette}
    assert {bytes(cell) for cell in last.pictures.reshape(-1, 3)} <= palette
    assert repr(last).startswith("Contradiction(cell=")
    with pytest.warns(mj.ModelWarning):
        model.run(1)  # the same run again: the same contradiction
    assert model.wave(4).contradiction == last


@pytest.mark.parametrize("line", [0, -1])
def test_a_line_below_1_is_refused_as_a_line_past_the_end_is(line):
    """wave(99) raises (no node there); wave(0) and wave(-1) returned None as if asked of a node without a wave."""
    model = mj.load(FIELD, size=5)
    model.run(1)
    with pytest.raises(ValueError, match="line of the model file, from 1"):
        model.wave(line)
    assert model.wave() is None  # not given: the node that runs next, which has no wave


def test_wave_counts_the_observations_backtracking_undid(corpus):
    # Escher at 10x10x10, seed 1, which no retry finishes: backtracking finishes it, undoing observations.
    model = mj.load(corpus / "models" / "Escher.xml", size=(10, 10, 10), backtrack=True)
    model.run(1)
    assert model.wave(4).undone_choices > 0
    model = mj.load(corpus / "models" / "Knots2D.xml", size=12)
    model.run(1)
    assert model.wave(3).undone_choices == 0  # without backtracking
