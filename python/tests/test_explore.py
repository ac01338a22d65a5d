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
