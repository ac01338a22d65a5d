"""``explore``: the state space of a small model, exactly (``mj explore``'s, from the library)."""

from __future__ import annotations

import html
from dataclasses import dataclass
from typing import List, Optional, Tuple

from . import _core
from .source import PathOrXml, Size, resolve_source


@dataclass(frozen=True)
class Outcome:
    """A way the runs end: its state's number, its probability, and its grid as ``mj run --state`` writes it."""

    state: int
    probability: float
    text: str


#: Outcomes and classes a notebook's table lists, the likeliest (largest) first.
SHOWN = 5


@dataclass(frozen=True, repr=False)
class StateSpace:
    """Every state a model's runs reach from its start (state 0): a state is the grid and where the program
    stands before a step, equal states merged; ``edges[s]`` lists ``(successor, probability)``."""

    edges: List[List[Tuple[int, float]]]
    grids: List[str]  # each state's rows, '/' between rows
    transitions: int
    cyclic: bool
    outcomes: List[Outcome]  # the likeliest first
    unending: float  # the probability that a run never ends
    json: str  # as ``mj explore --json`` writes it

    @property
    def states(self) -> int:
        """How many states: the start, every state reached from it, and the ends."""
        return len(self.edges)

    def to_networkx(self):
        """The graph as a ``networkx.DiGraph``: nodes carry ``grid`` (and ``probability`` for outcomes), edges
        ``probability``. Needs networkx (Debian's python3-networkx)."""
        import networkx

        graph = networkx.DiGraph()
        ending = {o.state: o.probability for o in self.outcomes}
        for state, grid in enumerate(self.grids):
            graph.add_node(state, grid=grid, **({"probability": ending[state]} if state in ending else {}))
        for state, successors in enumerate(self.edges):
            for successor, probability in successors:
                graph.add_edge(state, successor, probability=probability)
        return graph

    def __repr__(self) -> str:
        return (
            f"<markovjunior.StateSpace {self.states} states, {self.transitions} transitions, "
            f"{len(self.outcomes)} outcomes, unending {self.unending:.3g}{', cyclic' if self.cyclic else ''}>"
        )

    def _repr_html_(self) -> str:
        """Its figures and its likeliest outcomes as a table, for notebooks."""
        rows = [(o.state, f"{o.probability:.4g}", _rows(o.text)) for o in self.outcomes[:SHOWN]]
        return _table(html.escape(repr(self)), ("outcome state", "probability", "grid"), rows, len(self.outcomes))


def _rows(text: str) -> str:
    """A state text's rows, without its header and legend lines."""
    return "\n".join(text.splitlines()[2:])


def _table(title: str, heads: Tuple[str, ...], rows: List[tuple], total: int) -> str:
    head = "".join(f"<th>{h}</th>" for h in heads)
    body = "".join(
        "<tr>" + "".join(f"<td><pre>{html.escape(str(c))}</pre></td>" for c in row) + "</tr>" for row in rows
    )
    more = f"<tr><td colspan={len(heads)}>... {total - len(rows)} more</td></tr>" if total > len(rows) else ""
    return f"<p><code>{title}</code></p><table><tr>{head}</tr>{body}{more}</table>"


def explore(
    model: PathOrXml,
    *,
    size: Optional[Size] = None,
    resources: Optional[PathOrXml] = None,
    max_states: Optional[int] = None,
) -> StateSpace:
    """Every state a small model can reach, branching wherever a ``one`` node draws among its matches (each
    equally likely, as the reference draws), and the exact probability of each way it ends. ``model`` and
    ``size`` as for ``load``. ``p`` below 1, an ``all`` whose matches overlap and fields at temperature 0
    (a draw among the best matches) are enumerated too. Programs with other randomness (temperature above 0,
    observe, search, path, map, convolution, convchain, wfc) raise ModelError at their line; more than
    ``max_states`` states (None: the library's limit, as ``mj explore``) raise ValueError."""
    source = resolve_source(model, size=size, resources=resources)
    found = _core.explore(source.path, source.text, source.size, source.resources, max_states)
    return StateSpace(
        edges=found["edges"],
        grids=found["grids"],
        transitions=found["transitions"],
        cyclic=found["cyclic"],
        outcomes=[Outcome(*o) for o in found["outcomes"]],
        unending=found["unending"],
        json=found["json"],
    )


@dataclass(frozen=True)
class ClosedClass:
    """Grids that the dynamics, once in, never leaves, each reaching every other (a halting grid is one):
    how many, its basin (the grids whose every run ends in it, its own among them) and its first grid."""

    size: int
    basin: int
    example: str


@dataclass(frozen=True, repr=False)
class GridDynamics:
    """Every grid of a size as a start, and where one step of the program's one rule node takes it."""

    grids: int
    gardens_of_eden: int  # grids that no other grid leads to in one step
    halting: int  # grids on which no rule matches
    undecided: int  # grids whose runs can end in more than one class (in no basin)
    transitions: int  # one-step edges between grids
    classes: List[ClosedClass]  # the largest basin first
    json: str  # as ``mj explore --all-grids --json`` writes it

    def __repr__(self) -> str:
        return (
            f"<markovjunior.GridDynamics {self.grids} grids, {self.transitions} transitions, "
            f"{len(self.classes)} closed classes, {self.halting} halting, {self.gardens_of_eden} gardens of Eden>"
        )

    def _repr_html_(self) -> str:
        """Its figures and its largest closed classes as a table, for notebooks."""
        rows = [(c.size, c.basin, c.example) for c in self.classes[:SHOWN]]
        return _table(html.escape(repr(self)), ("class size", "basin", "first grid"), rows, len(self.classes))


def explore_all_grids(
    model: PathOrXml,
    *,
    size: Optional[Size] = None,
    resources: Optional[PathOrXml] = None,
    max_grids: Optional[int] = None,
) -> GridDynamics:
    """The global dynamics of a program of one rule node (``mj explore --all-grids``): every grid of the size
    as a start, its Garden of Eden and halting grids, and the closed classes runs fall into with their basins.
    ``one`` gives an edge per match, ``all`` and ``prl`` one successor. Other programs, and randomness
    ``explore`` cannot enumerate, raise ModelError at their line; more than ``max_grids`` grids (None: the
    library's limit, as ``mj explore``) raise ValueError."""
    source = resolve_source(model, size=size, resources=resources)
    return grid_dynamics(_core.explore_all_grids(source.path, source.text, source.size, source.resources, max_grids))


def grid_dynamics(found: dict) -> GridDynamics:
    """GridDynamics from the library's dict (``_core.explore_all_grids``, ``_core.grid_dynamics_of_blocks``)."""
    return GridDynamics(
        grids=found["grids"],
        gardens_of_eden=found["gardens_of_eden"],
        halting=found["halting"],
        undecided=found["undecided"],
        transitions=found["transitions"],
        classes=[ClosedClass(*c) for c in found["classes"]],
        json=found["json"],
    )


@dataclass(frozen=True)
class Predecessors:
    """The grids that lead to a grid in one step of a program of one rule node (``mj explore
    --predecessors``), and the pre-image tree's counts per depth (depth 0 the grid itself)."""

    grids: List[str]  # each as the state text ``mj run --state`` writes
    tree_nodes: List[int]  # per depth: the tree's nodes (a grid once per path down to it)
    distinct: List[int]  # per depth: the distinct grids among them
    json: str  # as ``mj explore --predecessors --json`` writes it


def _cells_and_size(grid):
    """A grid of value indices, shaped (y, x) or (z, y, x): its cells x fastest, and its size (x, y, z)."""
    import numpy

    a = numpy.asarray(grid, dtype=numpy.uint8)
    if a.ndim == 2:
        a = a[numpy.newaxis]
    if a.ndim != 3:
        raise ValueError("a grid is an array of value indices shaped (y, x) or (z, y, x)")
    size = (a.shape[2], a.shape[1]) if a.shape[0] == 1 else (a.shape[2], a.shape[1], a.shape[0])
    return [int(v) for v in a.reshape(-1)], size


def predecessors(
    model: PathOrXml,
    grid,
    *,
    depth: int = 1,
    resources: Optional[PathOrXml] = None,
    max_states: Optional[int] = None,
) -> Predecessors:
    """Every grid other than ``grid`` (value indices shaped (y, x) or (z, y, x); the model runs at its size)
    that one step of the model's one rule node turns into ``grid``, as ``--all-grids`` counts steps; with
    ``depth`` > 1 the pre-image tree's counts to that depth."""
    cells, size = _cells_and_size(grid)
    source = resolve_source(model, size=size, resources=resources)
    found = _core.backward(source.path, source.text, source.size, source.resources, cells, depth, False, max_states)
    return Predecessors(
        grids=found["grids"], tree_nodes=found["tree_nodes"], distinct=found["distinct"], json=found["json"]
    )


def is_garden_of_eden(
    model: PathOrXml,
    grid,
    *,
    resources: Optional[PathOrXml] = None,
    max_states: Optional[int] = None,
) -> bool:
    """Whether no grid leads to ``grid`` in one step of the model's one rule node (``mj explore
    --garden-of-eden``): answered at any size for ``one``."""
    cells, size = _cells_and_size(grid)
    source = resolve_source(model, size=size, resources=resources)
    found = _core.backward(source.path, source.text, source.size, source.resources, cells, 1, True, max_states)
    return found["predecessor"] is None
