"""A witness of a closed octagon, by fixing its variables one at a time.

Miné 2006, section 4.3: a value inside a variable's bounds in a closed octagon extends to a
point.  Fixing ``x = v`` adds the two self-coherent edges ``-x -> +x`` (weight ``2v``) and
``+x -> -x`` (``-2v``); each is closed incrementally in O(N^2) (``m[i][j] <- min(m[i][j],
m[i][u] + w + m[v][j])``).  Over the reals the unary entries of a shortest-path closure are
already those of the strong closure (strengthening never changes ``m[i][bar i]``, and
strengthening a closed matrix gives the strong closure, Bagnara, Hill and Zaffanella 2009), so
nothing else is needed; with integers the matrix is tightened again (round the unary entries,
check, strengthen) after each fix.  n fixes cost O(n N^2) in all, instead of one full closure
per variable.

The steps run on Python lists (``octagon_lists``) up to ``NUMPY_NODES`` signed nodes and on a
numpy array (``octagon_closure``) past it: importing numpy costs more than a small octagon's
whole witness.  Both compute the same integers, so the witness is the same.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction
from types import ModuleType
from typing import Any

from certify.domains.dbm_paths import INF, Matrix, Scaling
from certify.run_limits import Deadline

NUMPY_NODES = 96
"""Past this many signed nodes (48 variables) numpy pays for its import.

Measured with ``benchmarks/octagon_witness.py`` on the 2-core machine, a chain of sums over n
variables, closure and one witness: 96 nodes take 42 ms on lists against 3 ms with numpy plus
85 ms to import it; 128 nodes 94 ms against 5 + 85 ms.
"""

Encoded = tuple[int, int, int]
"""An edge ``tail -> head`` with its encoded weight."""


def steps(size: int) -> ModuleType:
    """The module whose matrix steps suit an octagon of ``size`` signed nodes."""
    if size > NUMPY_NODES:
        from certify.domains import octagon_closure  # numpy

        return octagon_closure
    from certify.domains import octagon_lists

    return octagon_lists


def choose(low: float, high: float, scaling: Scaling, integer: bool) -> int | None:
    """An encoded weight ``W = encode(2v)`` with ``-low <= W <= high``: ``v`` an integer
    closest to 0 when one fits, else a multiple of ``1 / unit`` near the middle."""
    slack, unit = scaling.slack, scaling.unit
    bottom = None if low == INF else -int(low)
    top = None if high == INF else int(high)
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


def round_unary(m: Any, nodes: list[int], scaling: Scaling) -> None:
    """Round the unary entries of integer variables' nodes down to even, non-strict values."""
    unit, slack = scaling.unit, scaling.slack
    for i in nodes:
        weight = m[i][i ^ 1]
        if weight == INF:
            continue
        units = -(-int(weight) // slack)
        half = Fraction(units, 2 * unit)
        rounded = math.ceil(half) - 1 if int(weight) % slack else math.floor(half)
        m[i][i ^ 1] = slack * 2 * unit * rounded


def empty(m: Any, integer_variables: list[int], ops: ModuleType) -> bool:
    """A negative diagonal, or an integer variable whose rounded bounds cross."""
    if ops.negative(m):
        return True
    return any(m[2 * x][2 * x + 1] + m[2 * x + 1][2 * x] < 0 for x in integer_variables)


def sequential_point(
    closed: Matrix,
    names: Sequence[str],
    integers: frozenset[str],
    scaling: Scaling,
    deadline: Deadline,
    edges: Sequence[Encoded] = (),
    ops: ModuleType | None = None,
) -> dict[str, Fraction] | None:
    """Add ``edges``, then fix the variables one by one, closing incrementally.

    ``closed`` must be the (tightly) closed matrix of the octagon over ``names``; ``ops`` the
    module of matrix steps (by default the one ``steps`` picks).  Returns None when the edges
    empty it, when no value fits, or when the deadline passes.
    """
    if not names:
        return {}
    ops = steps(len(closed)) if ops is None else ops
    m = ops.start(closed)
    integral = [x for x, name in enumerate(names) if name in integers]
    for tail, head, edge in edges:
        ops.add_edge(m, tail, head, edge)
    if edges and integral:
        round_unary(m, [i for y in integral for i in (2 * y, 2 * y + 1)], scaling)
        if empty(m, integral, ops):
            return None
        ops.strengthen(m, scaling.slack)
    if ops.negative(m):
        return None
    point: dict[str, Fraction] = {}
    for x, name in enumerate(names):
        if deadline.expired():
            return None
        plus, minus = 2 * x, 2 * x + 1
        weight = choose(m[plus][minus], m[minus][plus], scaling, name in integers)
        if weight is None:
            return None
        ops.add_edge(m, minus, plus, weight)
        ops.add_edge(m, plus, minus, -weight)
        if integral:
            later = [y for y in integral if y > x]
            round_unary(m, [i for y in later for i in (2 * y, 2 * y + 1)], scaling)
            if empty(m, later, ops):
                return None
            ops.strengthen(m, scaling.slack)
        if ops.negative(m):
            return None
        point[name] = Fraction(weight // scaling.slack, 2 * scaling.unit)
    return point
