"""A debugger's views of a run: what a node computed to make its choices (fields, the goal of
``<observe>`` and its potentials, a guided choice among matches, a search's trajectory, the wave of ``<wfc>``), as numpy
arrays shaped like the grid: ``(my, mx)`` in 2D, ``(mz, my, mx)`` in 3D. Model has these methods.

Each takes ``line``: the node written at that line of the model file, or by default the node the
run steps next (after a step, the one that made it). A line with no node raises ModelError, a line below 1
ValueError.
"""

from __future__ import annotations

from typing import Dict, List, NamedTuple, Optional, Tuple

import numpy as np

from ._arguments import checked_bool, checked_int


class Candidate(NamedTuple):
    """A match a guided ``one`` node weighed: its rule (index among the node's rules with their
    symmetric images), its corner, the change of potential applying it makes (``delta``, smaller is
    better) and the key it drew (``score``: the largest wins)."""

    rule: int
    x: int
    y: int
    z: int
    delta: int
    score: float


class Choice(NamedTuple):
    """The latest step of a ``one`` node guided by fields or observations: the candidates it weighed
    and the index of the one it applied (None: none)."""

    candidates: List[Candidate]
    chosen: Optional[int]

    def __repr__(self) -> str:
        best = "" if self.chosen is None else f", {self.candidates[self.chosen]!r}"
        return f"Choice({len(self.candidates)} candidates, chosen={self.chosen}{best})"


class Trajectory(NamedTuple):
    """The trajectory a rule node's search found (``search="True"`` with ``<observe>``), which the
    node then copies one state per step. ``states``: uint8 array ``(k, ...grid shape)``, state ``i``
    is the grid after the node's step ``i + 1`` (the start is not among them, the last meets the
    goal). ``at``: the index of the state the grid holds now (None before the node copied one)."""

    states: np.ndarray
    at: Optional[int]

    def __repr__(self) -> str:
        return f"Trajectory({len(self.states)} states of {'x'.join(map(str, self.states.shape[1:]))}, at={self.at})"


class Contradiction(NamedTuple):
    """The contradiction that ended a ``<wfc>``'s last failed collapse. ``cell``: the (x, y, z) cell
    left without any option; ``neighbour``: the (x, y, z) cell whose ban took the last of them (None:
    the cell's own ban, its observation or the input grid's value there); ``lost``: the patterns the
    cell lost in the propagation that emptied it, ascending; ``names``: those in words, ``"pattern 12"``
    in the overlap model, a tile's name in the tile model (``"Line 2"``: its variant); ``pictures``: those
    in the model's colours, what the cell could no longer hold, a ``uint8`` RGB array ``(len(lost), n, n, 3)``
    of the overlap model's n x n patterns (windows of its sample, each colour of the sample drawn as the
    value it stands for), ``(len(lost), s, s, 3)`` of a 2D tileset's tiles and ``(len(lost), sz, s, s, 3)``
    of a 3D one's (``plt.imshow(pictures[0])`` shows the first); None when a symbol has no colour."""

    cell: Tuple[int, int, int]
    neighbour: Optional[Tuple[int, int, int]]
    lost: List[int]
    names: List[str]
    pictures: Optional[np.ndarray] = None

    def __eq__(self, other: object) -> bool:  # the pictures compared whole (numpy's == compares cell by cell)
        if not isinstance(other, Contradiction):
            return NotImplemented
        a, b = self.pictures, other.pictures
        same_pictures = a is b or (a is not None and b is not None and np.array_equal(a, b))
        return tuple(self[:4]) == tuple(other[:4]) and same_pictures

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __repr__(self) -> str:
        shown = ", ".join(self.names[:6]) + (f", ... ({len(self.names)} in all)" if len(self.names) > 6 else "")
        return f"Contradiction(cell={self.cell}, neighbour={self.neighbour}, lost={shown})"


class Wave(NamedTuple):
    """The wave of a ``<wfc>`` node. ``options``: int32 per cell of the node's input grid, how many
    patterns the cell still allows (1: decided, 0: contradiction, -1: a cell of a non-periodic wave
    too near the far edges to hold a pattern of its own). ``patterns``: how many there are.
    ``failed_tries``: collapses that failed before the one shown (the reference tries seeds until
    one succeeds, then replays it; counted while ``inspecting``), ``contradictions``: per failure the
    (x, y, z) cell whose observation led to it (when the input grid itself contradicts the tiles:
    its first cell left without options). ``contradiction``: the last failure's Contradiction (None
    when no collapse failed, or when not ``inspecting``). ``undone_choices``: the observations a
    backtracking collapse undid (0 without backtracking)."""

    options: np.ndarray
    patterns: int
    failed_tries: int
    contradictions: List[Tuple[int, int, int]]
    contradiction: Optional[Contradiction] = None
    undone_choices: int = 0

    def __repr__(self) -> str:
        decided = int((self.options == 1).sum())
        return (
            f"Wave({decided} of {self.options.size} cells decided, patterns={self.patterns}, "
            f"failed_tries={self.failed_tries}, contradictions={len(self.contradictions)}, "
            f"undone_choices={self.undone_choices})"
        )


class Views:
    """The views of Model (see the module's docstring)."""

    _core: object

    def _inspect(self, line: Optional[int]) -> dict:
        if line is None:
            return self._core.inspect(0)  # the library's word for the active node
        if checked_int("line", line) < 1:
            raise ValueError(f"line is a line of the model file, from 1 (None: the node that runs next), got {line}")
        return self._core.inspect(line)

    @property
    def inspecting(self) -> bool:
        """While True, runs keep what only a debugger asks for: ``choice()``'s candidates and
        ``wave()``'s failed collapses. Off by default: runs then record nothing (and cost nothing)."""
        return getattr(self, "_inspecting", False)

    @inspecting.setter
    def inspecting(self, on: bool) -> None:
        self._inspecting = checked_bool("inspecting", on)
        self._core.set_inspecting(self._inspecting)

    def fields(self, line: Optional[int] = None) -> Dict[str, np.ndarray]:
        """A rule node's ``<field>`` potentials as of its latest step: ``{symbol: int32 array}``, the
        distance of each cell to the field's zero cells through its substrate (``-1``: unreachable).
        Empty for a node without fields."""
        return self._inspect(line)["fields"]

    def potentials(self, line: Optional[int] = None) -> Dict[str, np.ndarray]:
        """An ``<observe>`` node's backward potentials: ``{symbol: int32 array}``, how many steps that
        value at each cell is from the goal (``-1``: it cannot reach it). Empty before the node first
        ran, and for nodes that search."""
        return self._inspect(line)["potentials"]

    def future(self, line: Optional[int] = None) -> Optional[np.ndarray]:
        """An ``<observe>`` node's goal: uint32 per cell, bit ``v`` set when value ``legend[v]`` is
        allowed there at the end. None before the node first ran, and for nodes without observe."""
        return self._inspect(line)["future"]

    def choice(self, line: Optional[int] = None) -> Choice:
        """The latest guided step of a ``one`` node with fields or observations: the matches it
        weighed and the one it applied. Recorded only while ``inspecting`` is True."""
        view = self._inspect(line)
        chosen = view["chosen"]
        return Choice([Candidate(*c) for c in view["candidates"]], None if chosen < 0 else chosen)

    def trajectory(self, line: Optional[int] = None) -> Optional[Trajectory]:
        """A searching rule node's found trajectory (see Trajectory); None before it searched, when
        the search found none, and for other nodes."""
        view = self._inspect(line)
        if len(view["trajectory"]) == 0:
            return None
        at = view["trajectory_at"]
        return Trajectory(view["trajectory"], None if at < 0 else at)

    def wave(self, line: Optional[int] = None) -> Optional[Wave]:
        """A ``<wfc>`` node's wave as the collapse goes (see Wave); None before it began and for other
        nodes."""
        view = self._inspect(line)
        if view["options"] is None:
            return None
        last = view["contradiction"]
        return Wave(
            view["options"],
            view["patterns"],
            view["failed_tries"],
            view["contradictions"],
            None if last is None else Contradiction(*last),
            view["undone_choices"],
        )
