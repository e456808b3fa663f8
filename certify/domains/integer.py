"""Branch and bound over exact Fourier-Motzkin relaxations, for integer variables.

``minimize`` finds the infimum of a linear goal over the points of a polyhedron whose integer
variables are integral (Land and Doig 1960, in depth-first order).  Each node's relaxation is
solved by ``fourier_motzkin``, which also cuts every derived row over integers only (so
``2x = 6, 2y - 2z = 6 + 3x`` is settled at the root by divisibility).  The relaxation's
interval for the goal prunes the node, and a point at its optimum (integer values preferred by
back-substitution) either is integral, or names a fractional variable to split on
(``x <= floor(v)`` or ``x >= floor(v) + 1``).

Strict constraints and real variables can make an infimum unattained; such a node is split
three ways around an integral point (``x <= v - 1``, ``x = v``, ``x >= v + 1``) until every
integer variable is fixed, when the relaxation is exact.  A goal over integers only takes
values on a lattice, so each node's bound is first moved up to the next lattice value (a node
whose relaxation reaches 1/3 for ``x + 2y`` promises 1, and is pruned once 1 is found).

A relaxation unbounded in the goal means the integer problem is unbounded too as soon as one
integral point is found (Meyer 1974: rational polyhedra keep their recession cone).  The search
stops when its ``Effort`` runs out; it then reports a sound lower bound (the least bound of the
nodes still open) and says it is incomplete.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from certify.domains.fourier_motzkin import Effort, Row, eliminate, interval_of
from certify.domains.fragments import choose_value
from certify.numeric import Interval, LinearExpr

GOAL = "\x00goal"
"""The fresh variable tied to the goal (no text can name it)."""

Key = tuple[int, Fraction, int]
"""An infimum as an ordered key: (0, 0, 0) is minus infinity; (1, v, 0) attains v; (1, v, 1)
approaches v without reaching it."""

LOWEST: Key = (0, Fraction(0), 0)


def _key(value: Fraction | None, closed: bool) -> Key:
    return LOWEST if value is None else (1, value, 0 if closed else 1)


@dataclass(frozen=True, slots=True)
class Extreme:
    """The infimum of a goal over the mixed-integer points.

    When ``complete``: ``feasible`` says whether there is any point, and ``low``/``closed`` give
    the infimum (``low`` None for minus infinity).  Otherwise ``low``/``closed`` are only a sound
    lower bound and ``feasible`` is True if a point was found, None if not.
    """

    complete: bool
    feasible: bool | None
    low: Fraction | None
    closed: bool
    point: dict[str, Fraction] | None


def minimize(
    rows: Sequence[Row], integers: frozenset[str], goal: LinearExpr, effort: Effort
) -> Extreme:
    """Return the infimum of ``goal`` over the points of ``rows`` integral on ``integers``.

    Cost: one Fourier-Motzkin elimination per node; the number of nodes is bounded by
    ``effort`` only.
    """
    goal_row = Row({GOAL: Fraction(1), **{n: -c for n, c in goal.terms}}, "=", goal.constant)
    names = sorted({n for r in rows for n in r.coefficients} & integers)
    lattice = all(n in integers for n in goal.variables)
    step = Fraction(1, math.lcm(1, *(c.denominator for _, c in goal.terms)))
    stack: list[tuple[tuple[Row, ...], Key]] = [((), LOWEST)]
    best: Key | None = None
    best_point: dict[str, Fraction] | None = None

    def stop(pending: list[tuple[tuple[Row, ...], Key]]) -> Extreme:
        bound = min([key for _, key in pending] + ([best] if best is not None else []))
        low = None if bound == LOWEST else bound[1]
        found = True if best_point is not None else None
        return Extreme(False, found, low, low is not None and bound[2] == 0, best_point)

    while stack:
        branch, parent = stack.pop()
        if best is not None and parent >= best:
            continue
        if not effort.spend():
            return stop([*stack, (branch, parent)])
        solved = eliminate([*rows, *branch, goal_row], frozenset({GOAL}), effort, integers)
        if solved.stopped:
            return stop([*stack, (branch, parent)])
        if solved.conflict is not None:
            continue
        relaxed = interval_of(solved.remaining, GOAL, {})
        if relaxed.is_empty:
            continue
        low, closed = relaxed.low, relaxed.low_closed
        if lattice and low is not None:
            # The goal only takes values on its lattice: move the bound up to the next one.
            steps = (low - goal.constant) / step
            low = goal.constant + (math.ceil(steps) if closed else math.floor(steps) + 1) * step
            closed = True
            if relaxed.high is not None and (
                low > relaxed.high or (low == relaxed.high and not relaxed.high_closed)
            ):
                continue
        key = _key(low, closed)
        if best is not None and key >= best:
            continue
        if low is not None and closed:
            target: Fraction | None = low
        else:
            target = choose_value(Interval(low, relaxed.high, False, relaxed.high_closed))
        point = None if target is None else solved.point({GOAL: target})
        if point is None:
            return stop([*stack, (branch, parent)])
        point.pop(GOAL, None)
        fractional = next((n for n in names if point.get(n, Fraction(0)).denominator != 1), None)
        if fractional is not None:
            value = math.floor(point[fractional])
            below = Row({fractional: Fraction(1)}, "<=", Fraction(value))
            above = Row({fractional: Fraction(-1)}, "<=", Fraction(-value - 1))
            stack.append(((*branch, above), key))
            stack.append(((*branch, below), key))
            continue
        reached = goal.evaluate({n: point.get(n, Fraction(0)) for n in goal.variables})
        if best is None or _key(reached, True) < best:
            best, best_point = _key(reached, True), point
        if low is None:
            return Extreme(True, True, None, False, best_point)
        if closed and reached == low:
            continue
        free = _unfixed([*rows, *branch], names, integers, effort)
        if free is None:
            if _key(low, False) < best:
                best = _key(low, False)
            continue
        value = int(point.get(free, Fraction(0)))
        name = free
        stack.append(((*branch, Row({name: Fraction(-1)}, "<=", Fraction(-value - 1))), key))
        stack.append(((*branch, Row({name: Fraction(1)}, "<=", Fraction(value - 1))), key))
        stack.append(((*branch, Row({name: Fraction(1)}, "=", Fraction(value))), key))
    if best is None:
        return Extreme(True, False, None, False, None)
    return Extreme(True, True, best[1], best[2] == 0, best_point)


def _unfixed(
    rows: Sequence[Row], names: Sequence[str], integers: frozenset[str], effort: Effort
) -> str | None:
    """An integer variable the rows do not pin to a single value (None if all are pinned)."""
    for name in names:
        solved = eliminate(rows, frozenset({name}), effort, integers)
        if solved.stopped:
            return name
        if solved.conflict is None and interval_of(solved.remaining, name, {}).single is None:
            return name
    return None
