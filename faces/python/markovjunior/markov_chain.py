"""``MarkovChain``: a discrete Markov chain of named states, simulated with a seed.

Not mj's MarkovJunior either (``markovjunior.load`` runs those): the chain that a write-up of the project
shows under this name, made real. Its states are any hashable names; ``simulate(n)`` walks it.
"""

from __future__ import annotations

import html
from typing import Dict, Hashable, Iterable, List, Optional, Sequence, Tuple, Union

import numpy as np

#: How far above 1 the outgoing probabilities of a state may sum, for the rounding of decimal fractions.
SUM_TOLERANCE = 1e-9
#: The states a notebook's table shows.
SHOWN = 12

#: A transition matrix: rows of probabilities (lists, or a 2D numpy array).
Matrix = Union[Sequence[Sequence[float]], np.ndarray]
#: Transitions as set_transition_probabilities takes them.
Transitions = Union[Dict[Tuple[Hashable, Hashable], float], Dict[Hashable, Dict[Hashable, float]], Matrix]


class MarkovChain:
    """States and the probabilities of going from one to another in a step.

    Made empty, then ``add_state(s)``; ``add_transition(a, b, p)``: from ``a`` to ``b`` with probability
    ``p`` (states are added when new; giving the same pair again replaces its probability). Or at once:
    ``MarkovChain(states=[...], transitions=...)``, the transitions a dict of dicts (``{'A': {'B': 0.5}}``),
    a dict of pairs (``{('A', 'B'): 0.5}``) or a matrix whose row ``i`` holds the probabilities out of
    ``states[i]``; ``MarkovChain(P)``, a matrix alone, names its states 0, 1, ... The probabilities out of a
    state sum to at most 1: what they leave stays on the state (a state with no transitions stays where it
    is). A negative probability, or a state whose probabilities would sum to more than 1, is refused with
    ValueError and changes nothing. ``simulate(n, start)``: a list of ``n`` states, from ``start`` (by
    default the first state added), a step at a time, drawn with ``seed`` (the same seed, the same walk).
    """

    def __init__(
        self,
        states: "Optional[Iterable[Hashable] | Matrix]" = None,
        transitions: "Optional[Transitions]" = None,
        *,
        seed: int = 0,
    ) -> None:
        self.states: List[Hashable] = []
        self._index: Dict[Hashable, int] = {}
        self._transitions: Dict[Hashable, Dict[Hashable, float]] = {}
        self.seed = int(seed)
        if transitions is None and _is_matrix(states):  # MarkovChain(P): a matrix alone, states 0, 1, ...
            states, transitions = range(len(states)), states  # type: ignore[arg-type]
        for state in states or ():
            self.add_state(state)
        if transitions is not None:
            self.set_transition_probabilities(transitions)

    def add_state(self, state: Hashable) -> None:
        """Adds ``state`` (nothing happens when it is there already)."""
        if state not in self._index:
            self._index[state] = len(self.states)
            self.states.append(state)
            self._transitions[state] = {}

    def add_transition(self, source: Hashable, target: Hashable, probability: float) -> None:
        """From ``source`` to ``target`` with ``probability`` in a step."""
        self.set_transition_probabilities({(source, target): probability})

    def set_transition_probabilities(self, probabilities: "Transitions") -> None:
        """Sets every probability given, all or none (they are checked before any is set): a dict of
        ``(source, target): p``, a dict of dicts ``{source: {target: p}}``, or a matrix of the chain's
        states (row ``i``: the probabilities out of ``states[i]``)."""
        pairs = self._pairs(probabilities)
        changed = {state: dict(targets) for state, targets in self._transitions.items()}
        for pair, p in pairs:
            if isinstance(p, bool) or not isinstance(p, (int, float, np.floating, np.integer)):
                raise TypeError(f"the probability of {pair[0]!r} -> {pair[1]!r} must be a number, got {p!r}")
            if not 0 <= p <= 1:
                raise ValueError(f"the probability of {pair[0]!r} -> {pair[1]!r} must be from 0 to 1, got {p}")
            changed.setdefault(pair[0], {})[pair[1]] = float(p)
            changed.setdefault(pair[1], {})
        for state, targets in changed.items():
            total = sum(targets.values())
            if total > 1 + SUM_TOLERANCE:
                listed = ", ".join(f"{t!r}: {p:g}" for t, p in targets.items())
                raise ValueError(f"the probabilities out of {state!r} sum to {total:g}, more than 1 ({listed})")
        for (source, target), _ in pairs:
            self.add_state(source)
            self.add_state(target)
        self._transitions = changed

    def _pairs(self, probabilities: "Transitions") -> List[Tuple[Tuple[Hashable, Hashable], object]]:
        """The ((source, target), p) of the three forms set_transition_probabilities takes."""
        if _is_matrix(probabilities):
            matrix = [list(row) for row in probabilities]  # type: ignore[union-attr]
            n = len(self.states)
            if len(matrix) != n or any(len(row) != n for row in matrix):
                shape = f"{len(matrix)} rows of {sorted({len(row) for row in matrix})}"
                square = "" if all(len(row) == len(matrix) for row in matrix) else ", not square"
                raise ValueError(f"a transition matrix of this chain is {n} x {n} (its states), got {shape}{square}")
            return [((a, b), p) for a, row in zip(self.states, matrix) for b, p in zip(self.states, row)]
        if not isinstance(probabilities, dict):
            raise TypeError(
                "transitions are a dict of (source, target) pairs, a dict of dicts or a matrix,"
                f" got {type(probabilities).__name__}"
            )
        pairs = []
        for key, value in probabilities.items():
            if isinstance(value, dict):
                pairs += [((key, target), p) for target, p in value.items()]
            elif isinstance(key, tuple) and len(key) == 2:
                pairs.append((key, value))
            else:
                raise TypeError(f"transitions are (source, target) pairs or {{source: {{target: p}}}}, got {key!r}")
        return pairs

    def transition_matrix(self) -> np.ndarray:
        """``m[i, j]``: the probability of going from ``states[i]`` to ``states[j]``; each row sums to 1 (what
        the transitions leave is on the diagonal)."""
        n = len(self.states)
        matrix = np.zeros((n, n))
        for state, targets in self._transitions.items():
            i = self._index[state]
            for target, p in targets.items():
                matrix[i, self._index[target]] += p
            matrix[i, i] += max(0.0, 1.0 - matrix[i].sum())
        return matrix

    def stationary_distribution(self) -> np.ndarray:
        """A distribution ``pi`` over ``states`` that a step leaves as it is (``pi @ m == pi``): the fraction
        of time a long walk spends in each state when the chain is irreducible."""
        m = self.transition_matrix()
        n = len(m)
        system = np.vstack([m.T - np.eye(n), np.ones(n)])  # pi (m - I) = 0 and sum(pi) = 1
        pi = np.linalg.lstsq(system, np.append(np.zeros(n), 1.0), rcond=None)[0]
        return np.clip(pi, 0.0, None) / np.clip(pi, 0.0, None).sum()

    def simulate(self, n: int, start: Optional[Hashable] = None, seed: Optional[int] = None) -> List[Hashable]:
        """``n`` states of a walk from ``start`` (by default the first state added), drawn with ``seed`` (by
        default the chain's)."""
        if isinstance(n, bool) or not isinstance(n, (int, np.integer)):
            raise TypeError(f"n must be an int, got {type(n).__name__}")
        if n < 0:
            raise ValueError(f"n must be 0 or more, got {n}")
        if n and not self.states:
            raise ValueError("the chain has no states: add_state() first")
        if start is not None and start not in self._index:
            raise ValueError(f"the walk's start must be one of the chain's states {self.states!r}, got {start!r}")
        rng = np.random.default_rng(self.seed if seed is None else int(seed))
        cumulative = np.cumsum(self.transition_matrix(), axis=1)
        cumulative[:, -1] = 1.0  # rounding must not leave a draw past the last state
        walk = [0 if start is None else self._index[start]] * n
        for k, u in enumerate(rng.random(max(0, n - 1)).tolist(), start=1):
            walk[k] = int(np.searchsorted(cumulative[walk[k - 1]], u, side="right"))
        return [self.states[i] for i in walk]

    def to_networkx(self):
        """The chain as a ``networkx.DiGraph``: an edge a transition with its ``probability`` (what stays on
        a state is a loop). Needs networkx (Debian's python3-networkx)."""
        import networkx

        graph = networkx.DiGraph()
        graph.add_nodes_from(self.states)
        m = self.transition_matrix()
        for i, j in zip(*np.nonzero(m)):
            graph.add_edge(self.states[i], self.states[j], probability=float(m[i, j]))
        return graph

    def _repr_html_(self) -> str:
        """The transition matrix as a table, for notebooks (its first SHOWN states)."""
        names = [html.escape(str(s)) for s in self.states[:SHOWN]]
        m = self.transition_matrix()[:SHOWN, :SHOWN]
        more = len(self.states) - len(names)
        head = "".join(f"<th>{s}</th>" for s in names) + (f"<th>... {more} more</th>" if more else "")
        rows = "".join(
            f"<tr><th>{s}</th>" + "".join(f"<td>{p:.3g}</td>" for p in row) + "</tr>" for s, row in zip(names, m)
        )
        return f"<table><tr><th>from \\ to</th>{head}</tr>{rows}</table>"

    def __repr__(self) -> str:
        shown = ", ".join(repr(s) for s in self.states[:8]) + (", ..." if len(self.states) > 8 else "")
        count = sum(len(t) for t in self._transitions.values())
        return f"<markovjunior.MarkovChain states=[{shown}] transitions={count} seed={self.seed}>"


def _is_matrix(value: object) -> bool:
    """Rows of numbers: a 2D numpy array, or a list of lists or arrays (a list is no state's name, so
    ``MarkovChain([[...], [...]])`` cannot mean states)."""
    if isinstance(value, np.ndarray):
        return value.ndim == 2
    return (
        isinstance(value, (list, tuple))
        and len(value) > 0
        and all(isinstance(row, (list, np.ndarray)) for row in value)
    )
