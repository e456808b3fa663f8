"""The octagon's closure and incremental closure steps on numpy arrays, for large octagons.

The octagon's bound matrix over the 2n signed nodes (``octagon.py``) is closed here with
numpy when every path sum is an exact float64 integer (``octagon.float_safe``) and the octagon
has more than ``octagon_point.NUMPY_NODES`` nodes: Floyd-Warshall with one vectorized O(N^2)
step per pivot, and the steps ``octagon_point`` fixes variables with — adding one edge to a
closed matrix, the strengthening pass ``m[i][j] <- min(m[i][j], (m[i][bar i] + m[bar j][j]) /
2)``, and the check for a negative diagonal — each O(N^2) in one pass.  All weights keep the
integer encoding of ``dbm_paths`` (value first, then strictness), so the arrays hold integers
and every operation below is exact, and the same as its twin in ``octagon_lists``.
"""

from __future__ import annotations

import numpy as np

from certify.domains.dbm_paths import INF, Array, DifferenceGraph, Matrix
from certify.run_limits import Deadline


def close(graph: DifferenceGraph, deadline: Deadline) -> tuple[Array, bool]:
    """Floyd-Warshall with numpy; stops early at a negative diagonal or at the deadline.

    Returns the matrix and whether it is the closure (a partial one still bounds soundly:
    every entry is the weight of a path).
    """
    m = graph.array()
    for k in range(graph.size):
        np.minimum(m, m[:, k : k + 1] + m[k : k + 1, :], out=m)
        if (np.diagonal(m) < 0).any():
            return m, True
        if deadline.expired():
            return m, False
    return m, True


def to_lists(m: Array) -> Matrix:
    """An array of encoded integers as the Python matrix the octagon keeps."""
    return [[INF if w == INF else int(w) for w in row] for row in m.tolist()]


def add_edge(m: Array, tail: int, head: int, weight: float) -> None:
    """Close a closed matrix again after adding ``tail -> head``; O(N^2), in place."""
    np.minimum(m, m[:, tail : tail + 1] + weight + m[head : head + 1, :], out=m)


def strengthen(m: Array, slack: int) -> None:
    """One strengthening pass through the unary entries, in place; O(N^2).

    In the encoding, ``(a + b) / 2`` of two bounds is ``slack * floor((ca + cb) / 2)``, minus
    one when either is strict, where ``c`` is a weight's value in units (its ceiling over
    ``slack``) — the same arithmetic as ``Octagon._strengthen``.
    """
    size = m.shape[0]
    bar = np.arange(size) ^ 1
    unary = m[np.arange(size), bar]
    finite = np.isfinite(unary)
    safe = np.where(finite, unary, 0.0)
    units = -np.floor_divide(-safe, slack)
    strict = np.mod(safe, slack) != 0
    halved = slack * np.floor_divide(units[:, None] + units[bar][None, :], 2) - (
        strict[:, None] | strict[bar][None, :]
    )
    halved[~(finite[:, None] & finite[bar][None, :])] = np.inf
    np.minimum(m, halved, out=m)


def start(closed: Matrix) -> Array:
    """A closed list matrix as an array to fix variables in."""
    return np.array(closed, dtype=np.float64)


def negative(m: Array) -> bool:
    """Whether some node reaches itself below zero."""
    return bool((np.diagonal(m) < 0).any())
