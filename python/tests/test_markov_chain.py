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
