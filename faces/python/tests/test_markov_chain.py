"""MarkovChain: a walk's visits agree with the stationary distribution (chi-square), leftover probability
stays on a state, and bad probabilities are refused with a message, changing nothing."""

import numpy as np
import pytest

from markovjunior import MarkovChain

# chi-square with 2 degrees of freedom (3 states): exceeded with probability 0.001 by chance
CHI2_2_DOF_P001 = 13.816


def three_states():
    chain = MarkovChain(states=["A", "B", "C"], seed=3)
    chain.set_transition_probabilities(
        {("A", "A"): 0.5, ("A", "B"): 0.3, ("A", "C"): 0.2, ("B", "A"): 0.6, ("B", "C"): 0.4, ("C", "B"): 0.7}
    )
    return chain  # C keeps 0.3 on itself


def test_visits_agree_with_the_stationary_distribution():
    chain = three_states()
    pi = chain.stationary_distribution()
    assert np.allclose(pi @ chain.transition_matrix(), pi)
    walk = chain.simulate(200_000)
    visits = walk[::10]  # every 10th state: this chain forgets where it was within a few steps
    observed = np.array([visits.count(s) for s in chain.states])
    expected = pi * len(visits)
    chi2 = float(((observed - expected) ** 2 / expected).sum())
    assert chi2 < CHI2_2_DOF_P001, (observed, expected)


def test_a_chi_square_tells_a_wrong_distribution():
    chain = three_states()
    visits = chain.simulate(200_000)[::10]
    observed = np.array([visits.count(s) for s in chain.states])
    expected = np.full(3, len(visits) / 3)  # uniform: not this chain's
    assert float(((observed - expected) ** 2 / expected).sum()) > CHI2_2_DOF_P001


def test_the_write_ups_calls():
    chain = MarkovChain()
    chain.add_state("A")
    chain.add_transition("A", "B", 0.5)
    walk = chain.simulate(10)
    assert len(walk) == 10 and walk[0] == "A" and set(walk) <= {"A", "B"}
    assert walk[walk.index("B") :] == ["B"] * (10 - walk.index("B"))  # B has no transitions: it stays
    assert chain.simulate(10) == walk  # seeded
    assert chain.states == ["A", "B"]


def test_leftover_probability_stays_on_the_state():
    chain = MarkovChain(states=["A", "B"])
    chain.add_transition("A", "B", 0.25)
    assert chain.transition_matrix().tolist() == [[0.75, 0.25], [0.0, 1.0]]
    firsts = [chain.simulate(2, seed=s)[1] for s in range(4000)]
    assert abs(firsts.count("A") / 4000 - 0.75) < 0.03  # 4 standard deviations
    walk = chain.simulate(1000)
    assert walk[walk.index("B") :] == ["B"] * (1000 - walk.index("B"))  # B has no transitions: it stays


def test_a_chain_with_one_state_stays():
    assert MarkovChain(states=["only"]).simulate(4) == ["only"] * 4
    assert MarkovChain(states=["x"]).simulate(0) == []


def test_sums_over_one_and_negative_probabilities_are_refused_changing_nothing():
    chain = MarkovChain(states=["A", "B", "C"])
    chain.add_transition("A", "B", 0.6)
    with pytest.raises(ValueError, match=r"the probabilities out of 'A' sum to 1.1, more than 1"):
        chain.add_transition("A", "C", 0.5)
    with pytest.raises(ValueError, match=r"the probability of 'B' -> 'C' must be from 0 to 1, got -0.1"):
        chain.set_transition_probabilities({("B", "A"): 0.2, ("B", "C"): -0.1})
    with pytest.raises(ValueError, match="sum to 1.2"):
        chain.set_transition_probabilities({("C", "A"): 0.6, ("C", "B"): 0.6, ("D", "A"): 0.1})
    assert chain.transition_matrix().tolist() == [[0.4, 0.6, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]]
    assert chain.states == ["A", "B", "C"]  # D was not added
    with pytest.raises(TypeError, match="must be a number"):
        chain.add_transition("A", "B", "half")
    with pytest.raises(ValueError, match="no states"):
        MarkovChain().simulate(1)


def test_it_shows_itself_briefly():
    chain = MarkovChain(states=range(100))
    assert len(repr(chain)) < 200 and "..." in repr(chain)
    assert "<table>" in three_states()._repr_html_()
    graph = three_states().to_networkx()
    assert graph["C"]["C"]["probability"] == pytest.approx(0.3)


# The six ways the write-up makes a MarkovChain, each with its lines as written there (docs/python.md): black
# leaves them as they are.
# fmt: off


def test_write_up_form_1_add_transition(capsys):
    from markovjunior import MarkovChain

    mc = MarkovChain()
    mc.add_transition('A', 'B', 0.5)
    mc.add_transition('B', 'A', 0.7)
    mc.add_transition('B', 'C', 0.3)
    print(mc.simulate(10))

    walk = eval(capsys.readouterr().out)
    assert len(walk) == 10 and walk[0] == "A" and set(walk) <= {"A", "B", "C"}
    assert mc.states == ["A", "B", "C"] and mc.transition_matrix()[1].tolist() == [0.7, 0.0, 0.3]
    if "C" in walk:  # C has no transitions: it stays
        assert walk[walk.index("C") :] == ["C"] * (10 - walk.index("C"))


def test_write_up_form_2_add_state(capsys):
    from markovjunior import MarkovChain

    mc = MarkovChain()
    mc.add_state('A')
    mc.add_state('B')
    mc.add_transition('A', 'B', 0.5)
    mc.add_transition('B', 'A', 0.7)
    print(mc.simulate(10))

    walk = eval(capsys.readouterr().out)
    assert len(walk) == 10 and walk[0] == "A" and set(walk) == {"A", "B"}
    assert mc.transition_matrix().tolist() == [[0.5, 0.5], [0.7, 0.30000000000000004]]


def test_write_up_form_3_a_dict_of_pairs():
    from markovjunior import MarkovChain

    # Create a Markov Chain
    mc = MarkovChain(states=['A', 'B', 'C'])
    mc.set_transition_probabilities({
        ('A', 'A'): 0.5, ('A', 'B'): 0.3, ('A', 'C'): 0.2,
        ('B', 'A'): 0.1, ('B', 'B'): 0.6, ('B', 'C'): 0.3,
        ('C', 'A'): 0.2, ('C', 'B'): 0.4, ('C', 'C'): 0.4
    })

    assert np.allclose(mc.transition_matrix(), [[0.5, 0.3, 0.2], [0.1, 0.6, 0.3], [0.2, 0.4, 0.4]])


FORM_4 = """
from markovjunior import MarkovChain
chain = MarkovChain(states=['A', 'B', 'C'], transitions={'A': {'B': 0.5, 'C': 0.5},
                                                        'B': {'A': 0.3, 'C': 0.7},
                                                        'C': {'A': 0.2, 'B': 0.8}})
chain.simulate(10)
"""


def test_write_up_form_4_transitions_a_dict_of_dicts():  # exec'd: its continuation lines are at the top level
    scope = {}
    exec(FORM_4, scope)

    chain = scope["chain"]
    assert np.allclose(chain.transition_matrix(), [[0, 0.5, 0.5], [0.3, 0, 0.7], [0.2, 0.8, 0]])
    walk = chain.simulate(10)
    assert len(walk) == 10 and all(a != b for a, b in zip(walk, walk[1:]))  # no state stays: every step moves


def test_write_up_form_5_transitions_a_matrix(capsys):
    from markovjunior import MarkovChain

    chain = MarkovChain(states=[0, 1], transitions=[[0.5, 0.5], [0.3, 0.7]])
    chain.simulate(10)
    print(chain.states)

    assert capsys.readouterr().out == "[0, 1]\n"
    assert chain.transition_matrix().tolist() == [[0.5, 0.5], [0.3, 0.7]]
    assert set(chain.simulate(10)) == {0, 1}


def test_write_up_form_6_a_matrix_alone(capsys):
    from markovjunior import MarkovChain

    # Define the transition matrix
    P = [[0.5, 0.5], [0.3, 0.7]]

    # Create a Markov chain
    mc = MarkovChain(P)

    # Simulate the Markov chain
    states = mc.simulate(10)
    print(states)

    assert eval(capsys.readouterr().out) == states and len(states) == 10 and set(states) == {0, 1}
    assert mc.states == [0, 1] and mc.transition_matrix().tolist() == P
    assert MarkovChain(np.array(P)).transition_matrix().tolist() == P  # a numpy matrix as well


# fmt: on
def test_a_walk_from_a_start_of_ones_choice():
    chain = MarkovChain(states=["sun", "water"], transitions={"sun": {"water": 0.2}, "water": {"sun": 0.6}})
    assert [chain.simulate(10, "water", seed=s)[0] for s in range(5)] == ["water"] * 5
    assert chain.simulate(10, seed=4) == chain.simulate(10, "sun", seed=4)  # the first state by default
    with pytest.raises(ValueError, match=r"one of the chain's states \['sun', 'water'\], got 'ice'"):
        chain.simulate(10, "ice")


def test_set_transition_probabilities_takes_a_matrix_of_the_states():
    chain = MarkovChain(states=["x", "y"])
    chain.set_transition_probabilities(np.array([[0.1, 0.9], [1.0, 0.0]]))
    assert chain.transition_matrix().tolist() == [[0.1, 0.9], [1.0, 0.0]]
    with pytest.raises(ValueError, match=r"2 x 2 \(its states\), got 3 rows of \[2\]"):
        chain.set_transition_probabilities([[1, 0], [0, 1], [0, 1]])
    with pytest.raises(ValueError, match="sum to 1.5, more than 1"):
        chain.set_transition_probabilities([[0.5, 1.0], [0, 1]])
    assert chain.transition_matrix().tolist() == [[0.1, 0.9], [1.0, 0.0]]  # all or none


@pytest.mark.parametrize("rows", [[[0.5, 0.5]], [[1.0], [0.5, 0.5]], np.full((2, 3), 1 / 3)])
def test_a_matrix_that_is_not_square_says_so(rows):
    with pytest.raises(ValueError, match="not square"):
        MarkovChain(rows)
