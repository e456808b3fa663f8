"""Vectorized octagon closure steps, and witnesses by incremental closure.

The octagon's bound matrix over the 2n signed nodes (``octagon.py``) is closed here with
numpy when every path sum is an exact float64 integer (``octagon.float_safe``):
Floyd-Warshall with one vectorized O(N^2) step per pivot, the strengthening
``m[i][j] <- min(m[i][j], (m[i][bar i] + m[bar j][j]) / 2)`` and the integer rounding of
unary entries, each O(N^2) in one pass.  All weights keep the integer encoding of
``dbm_paths`` (value first, then strictness), so the arrays hold integers and every
operation below is exact.

A witness is built from one closed matrix by fixing the variables one at a time (Miné 2006,
section 4.3: a value inside a variable's bounds in a closed octagon extends to a point).
Fixing ``x = v`` adds the two self-coherent edges ``-x -> +x`` (weight ``2v``) and ``+x -> -x``
(``-2v``); each is closed incrementally in O(N^2) (``m[i][j] <- min(m[i][j], m[i][u] + w +
m[v][j])``).  Over the reals the unary entries of a shortest-path closure are already those of
the strong closure (strengthening never changes ``m[i][bar i]``, and strengthening a closed
matrix gives the strong closure, Bagnara, Hill and Zaffanella 2009), so nothing else is needed;
with integers the matrix is tightened again (round the unary entries, check, strengthen) after
each fix.  n fixes cost O(n N^2) in all, instead of one full closure per variable.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction

import numpy as np

from certify.domains.dbm_paths import INF, Array, DifferenceGraph, Matrix, Scaling
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


def round_unary(m: Array, nodes: list[int], scaling: Scaling) -> None:
    """Round the unary entries of integer variables' nodes down to even, non-strict values."""
    unit, slack = scaling.unit, scaling.slack
    for i in nodes:
        weight = m[i, i ^ 1]
        if weight == np.inf:
            continue
        units = -(-int(weight) // slack)
        half = Fraction(units, 2 * unit)
        rounded = math.ceil(half) - 1 if int(weight) % slack else math.floor(half)
        m[i, i ^ 1] = slack * 2 * unit * rounded


def empty(m: Array, integer_variables: list[int]) -> bool:
    """A negative diagonal, or an integer variable whose rounded bounds cross."""
    if (np.diagonal(m) < 0).any():
        return True
    return any(m[2 * x, 2 * x + 1] + m[2 * x + 1, 2 * x] < 0 for x in integer_variables)


def choose(low: float, high: float, scaling: Scaling, integer: bool) -> int | None:
    """An encoded weight ``W = encode(2v)`` with ``-low <= W <= high``: ``v`` an integer
    closest to 0 when one fits, else a multiple of ``1 / unit`` near the middle."""
    slack, unit = scaling.slack, scaling.unit
    bottom = None if low == np.inf else -int(low)
    top = None if high == np.inf else int(high)
    whole = 2 * unit * slack
    first = None if bottom is None else -(-bottom // whole)
    last = None if top is None else top // whole
    if first is None or last is None or first <= last:
        k = 0 if first is None or first <= 0 else first
        if last is not None and k > last:
            k = last
        return k * whole
    if integer or bottom is None or top is None:
        return None
    step = 2 * slack  # W / slack = 2 v unit must be even: v a multiple of 1 / unit
    first, last = -(-bottom // step), top // step
    if first > last:
        return None
    return ((first + last) // 2) * step


Encoded = tuple[int, int, int]
"""An edge ``tail -> head`` with its encoded weight."""


def sequential_point(
    closed: Matrix,
    names: Sequence[str],
    integers: frozenset[str],
    scaling: Scaling,
    deadline: Deadline,
    edges: Sequence[Encoded] = (),
) -> dict[str, Fraction] | None:
    """Add ``edges``, then fix the variables one by one, closing incrementally.

    ``closed`` must be the (tightly) closed matrix of the octagon over ``names``.  Returns None
    when the edges empty it, when no value fits, or when the deadline passes.
    """
    if not names:
        return {}
    m = np.array(closed, dtype=np.float64)
    integral = [x for x, name in enumerate(names) if name in integers]
    for tail, head, edge in edges:
        add_edge(m, tail, head, edge)
    if edges and integral:
        round_unary(m, [i for y in integral for i in (2 * y, 2 * y + 1)], scaling)
        if empty(m, integral):
            return None
        strengthen(m, scaling.slack)
    if (np.diagonal(m) < 0).any():
        return None
    point: dict[str, Fraction] = {}
    for x, name in enumerate(names):
        if deadline.expired():
            return None
        plus, minus = 2 * x, 2 * x + 1
        weight = choose(m[plus, minus], m[minus, plus], scaling, name in integers)
        if weight is None:
            return None
        add_edge(m, minus, plus, weight)
        add_edge(m, plus, minus, -weight)
        if integral:
            open_nodes = [i for y in integral if y > x for i in (2 * y, 2 * y + 1)]
            round_unary(m, open_nodes, scaling)
            if empty(m, [y for y in integral if y > x]):
                return None
            strengthen(m, scaling.slack)
        if (np.diagonal(m) < 0).any():
            return None
        point[name] = Fraction(weight // scaling.slack, 2 * scaling.unit)
    return point
