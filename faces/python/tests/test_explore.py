"""markovjunior.explore: the library's state space, the same as mj explore's, and as a networkx graph."""

import json
import subprocess

import pytest

import markovjunior as mj

FILL = '<one values="BW" in="B" out="W"/>'


def test_states_and_outcomes_counted_by_hand():
    space = mj.explore(FILL, size=(2, 2))
    assert (space.states, space.transitions, space.cyclic) == (17, 33, False)  # 16 sets of white cells, the end
    assert [(o.probability, space.grids[o.state]) for o in space.outcomes] == [(1.0, "WW/WW")]
    assert space.unending == 0


def test_the_same_as_mj_explore(mj_cli, tmp_path):
    model = tmp_path / "Coin.xml"
    model.write_text('<one values="BW" in="B" out="W" steps="1"/>')
    subprocess.run(
        [mj_cli, "explore", str(model), "--length", "3", "--width", "1", "--json", str(tmp_path / "s.json")],
        check=True,
        capture_output=True,
    )
    space = mj.explore(str(model), size=(3, 1))
    assert json.loads(space.json) == json.loads((tmp_path / "s.json").read_text())
    assert sorted(o.probability for o in space.outcomes) == pytest.approx([1 / 3] * 3)


def test_a_networkx_graph():
    import networkx  # Debian's python3-networkx (scripts/deps.sh python)

    graph = mj.explore(FILL, size=(2, 1)).to_networkx()
    assert isinstance(graph, networkx.DiGraph)
    assert graph.number_of_nodes() == 5 and graph.number_of_edges() == 5
    assert graph.nodes[0]["grid"] == "BB"
    assert sum(p for _, _, p in graph.out_edges(0, data="probability")) == pytest.approx(1)


def test_what_it_cannot_enumerate_is_a_model_error():
    with pytest.raises(mj.ModelError, match="mj explore cannot enumerate temperature"):
        mj.explore('<one values="BW" in="B" out="W" temperature="1"/>', size=3)


def test_all_grids_counted_by_hand(mj_cli, tmp_path):
    # Each B turns R or G: the 4 grids without B halt, each its own class; 5 grids reach several.
    paint = '<one values="BRG" symmetry="()"><rule in="B" out="R"/><rule in="B" out="G"/></one>'
    d = mj.explore_all_grids(paint, size=(2, 1))
    assert (d.grids, d.gardens_of_eden, d.halting, d.undecided) == (9, 1, 4, 5)
    assert sorted((c.size, c.basin) for c in d.classes) == [(1, 1)] * 4
    model = tmp_path / "Paint.xml"
    model.write_text(paint)
    out = tmp_path / "d.json"
    subprocess.run(
        [mj_cli, "explore", str(model), "--all-grids", "--length", "2", "--width", "1", "--json", str(out)],
        check=True,
        capture_output=True,
    )
    assert json.loads(d.json) == json.loads(out.read_text())
    with pytest.raises(mj.ModelError, match="one rule node"):
        mj.explore_all_grids('<sequence values="BW"><one in="B" out="W"/><one in="W" out="B"/></sequence>', size=2)


DIMERS = '<one values="BR" in="BB" out="RR"/>'


def test_predecessors_and_gardens_of_eden_as_mj_explore(mj_cli, tmp_path):
    # RRB on 3x1 under dimers: only BBB leads to it; a checkerboard of 64x64 has no R beside an R, so nothing
    # leads to it.
    found = mj.predecessors(DIMERS, [[1, 1, 0]])
    assert found.grids == ["<string> 3 1 1 0 0\nBR\nBBB\n"]
    assert (found.tree_nodes, found.distinct) == ([1, 1], [1, 1])
    board = [[(x + y) % 2 for x in range(64)] for y in range(64)]
    assert mj.is_garden_of_eden(DIMERS, board)
    assert not mj.is_garden_of_eden(DIMERS, [[1, 1, 0]])
    model = tmp_path / "D.xml"
    model.write_text(DIMERS)
    (tmp_path / "g.txt").write_text("D 3 1 1 0 0\nBR\nRRB\n")
    subprocess.run(
        [mj_cli, "explore", str(model), "--predecessors", str(tmp_path / "g.txt"), "--json", str(tmp_path / "p.json")],
        check=True,
        capture_output=True,
    )
    assert json.loads(mj.predecessors(str(model), [[1, 1, 0]]).json) == json.loads((tmp_path / "p.json").read_text())
