"""Branch and bound over exact Fourier-Motzkin relaxations, for integer variables.

``minimize`` finds the infimum of a linear goal over the points of a polyhedron whose integer
variables are integral (Land and Doig 1960, in depth-first order).  Real variables are first
eliminated exactly (the projection onto the integers and the goal has the same integer points),
so the search only ever branches on integers, and the reals are read back by substitution at
the end.  Each node's relaxation is
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

A root relaxation unbounded in the goal means the integer problem is unbounded too as soon as
one integral point exists (Meyer 1974: rational polyhedra keep their recession cone), so that
case is a feasibility search with the goal eliminated.  The search stops when its ``Effort``
runs out (its budget, or the run's deadline); it then reports a sound lower bound (the least
bound of the nodes still open) and says it is incomplete.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import field
from fractions import Fraction

from certify.domains.fourier_motzkin import Effort, eliminate, interval_of
from certify.domains.fragments import choose_value
from certify.domains.rows import Row
from certify.numeric import Interval, LinearExpr
from certify.records import Record

GOAL = "\x00goal"
"""The fresh variable tied to the goal (no text can name it)."""

Key = tuple[int, Fraction, int]
"""An infimum as an ordered key: (0, 0, 0) is minus infinity; (1, v, 0) attains v; (1, v, 1)
approaches v without reaching it."""

LOWEST: Key = (0, Fraction(0), 0)


def _key(value: Fraction | None, closed: bool) -> Key:
    return LOWEST if value is None else (1, value, 0 if closed else 1)


class Extreme(Record):
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

    The real variables are eliminated first, exactly (Fourier-Motzkin projects a polyhedron
    onto the integer variables and the goal without losing or adding a point), so the search
    branches on integers only and cannot chase a real variable forever (``x + y = 1/2`` with
    ``x`` integral has a point at once; adding ``0 <= y <= 1/4`` leaves ``1/4 <= x <= 1/2``,
    which the cuts refute).  The real values of the final point come from back-substitution.

    Cost: one elimination for the reals, then one per node; the number of nodes is bounded by
    ``effort`` only (which also watches the run's deadline).
    """
    goal_row = Row({GOAL: Fraction(1), **{n: -c for n, c in goal.terms}}, "=", goal.constant)
    system: list[Row] = [*rows, goal_row]
    present = {n for r in system for n in r.coefficients} - {GOAL}
    projection = None
    if present - integers:
        keep = frozenset(present & integers) | {GOAL}
        projection = eliminate(system, keep, effort, integers)
        if projection.stopped:
            return Extreme(False, None, None, False, None)
        if projection.conflict is not None:
            return Extreme(True, False, None, False, None)
        system = list(projection.remaining)
    found = _search(system, integers, goal, effort)
    if found.point is None:
        return found
    point: dict[str, Fraction] | None = found.point
    if projection is not None:
        # An integer (or the goal) the projection no longer mentions is free there: any value
        # extends.
        free = dict.fromkeys([*(present & integers), GOAL], Fraction(0))
        point = projection.point({**free, **found.point})
    if point is not None:
        point.pop(GOAL, None)
    return Extreme(found.complete, found.feasible, found.low, found.closed, point)


Pending = list[tuple[tuple[Row, ...], Key]]


def _search(
    system: Sequence[Row], integers: frozenset[str], goal: LinearExpr, effort: Effort
) -> Extreme:
    """Depth-first branch and bound over rows whose variables are integers and ``GOAL``."""
    names = sorted({n for r in system for n in r.coefficients} & integers)
    lattice = all(n in integers for n in goal.variables)
    step = Fraction(1, math.lcm(1, *(c.denominator for _, c in goal.terms)))
    stack: Pending = [((), LOWEST)]
    best: Key | None = None
    best_point: dict[str, Fraction] | None = None

    def stop(pending: Pending) -> Extreme:
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
        node = _relax([*system, *branch], integers, goal, step, lattice, effort)
        if node is None:
            return stop([*stack, (branch, parent)])
        if node.empty or (best is not None and node.key >= best):
            continue
        if not branch and node.low is None:
            return _unbounded(system, names, integers, effort)
        point = node.point
        fractional = next((n for n in names if point.get(n, Fraction(0)).denominator != 1), None)
        if fractional is not None:
            stack.extend((_narrow(branch, cut), node.key) for cut in _split(fractional, point))
            continue
        reached = point[GOAL]
        if best is None or _key(reached, True) < best:
            best, best_point = _key(reached, True), point
        if node.closed and reached == node.low:
            continue
        # With the integers fixed at this integral point, the reals may still reach the node's
        # own (open) bound: then that bound is the node's infimum, and branching on integers
        # that stay free (x < t - 1, x < 487 with t unbounded) could never end.
        pinned = [Row({n: Fraction(1)}, "=", point[n]) for n in names if n in point]
        fixed = _relax([*system, *branch, *pinned], integers, goal, step, lattice, effort)
        if fixed is not None and not fixed.empty and fixed.key == node.key:
            if fixed.key < best:
                best = fixed.key
            continue
        free = _unfixed([*system, *branch], names, integers, effort)
        if free is None:
            if _key(node.low, False) < best:
                best = _key(node.low, False)
            continue
        stack.extend((_narrow(branch, cut), node.key) for cut in _around(free, point))
    if best is None:
        return Extreme(True, False, None, False, None)
    return Extreme(True, True, best[1], best[2] == 0, best_point)


def _unbounded(
    system: Sequence[Row], names: Sequence[str], integers: frozenset[str], effort: Effort
) -> Extreme:
    """The infimum when the root relaxation is unbounded below: minus infinity if feasible.

    Meyer 1974: the integer hull of a rational polyhedron, when not empty, has the same
    recession cone, so one integral point settles it.  That point comes from a feasibility
    search with the goal eliminated (searching along the goal instead can walk down a line of
    fractional points forever: ``t = x - 1/2`` gives a fractional ``x`` for every integral
    ``t``); the goal's value is then read back by substitution.
    """
    projected = eliminate(system, frozenset(names), effort, integers)
    if projected.stopped:
        return Extreme(False, None, None, False, None)
    if projected.conflict is not None:
        return Extreme(True, False, None, False, None)
    anchor = Row({GOAL: Fraction(1)}, "=", Fraction(0))
    found = _search([*projected.remaining, anchor], integers, LinearExpr(), effort)
    if found.point is None:
        return found
    kept = {**dict.fromkeys(names, Fraction(0)), **found.point}
    kept.pop(GOAL, None)
    point = projected.point(kept)
    if not found.complete:
        return Extreme(False, True if point is not None else None, None, False, point)
    return Extreme(True, True, None, False, point)


class _Node(Record):
    """A node's relaxation: empty, or its (lattice-rounded) bound and a point at it."""

    empty: bool
    low: Fraction | None = None
    closed: bool = False
    key: Key = LOWEST
    point: dict[str, Fraction] = field(default_factory=dict)


def _relax(
    rows: Sequence[Row],
    integers: frozenset[str],
    goal: LinearExpr,
    step: Fraction,
    lattice: bool,
    effort: Effort,
) -> _Node | None:
    """Solve one node's relaxation exactly; None when the effort ran out.

    The elimination cuts rows over integers only (a tighter projection); where its
    back-substitution cannot reach the bound it projected, the plain rational relaxation
    (no cuts: still a valid bound) is solved instead, so a node never stops the search.
    """
    node = _relax_with(rows, integers, goal, step, lattice, effort, integers)
    if node is None and not effort.out_of_time() and effort.spent <= effort.limit:
        node = _relax_with(rows, integers, goal, step, lattice, effort, frozenset())
    return node


def _relax_with(
    rows: Sequence[Row],
    integers: frozenset[str],
    goal: LinearExpr,
    step: Fraction,
    lattice: bool,
    effort: Effort,
    cut: frozenset[str],
) -> _Node | None:
    solved = eliminate(rows, frozenset({GOAL}), effort, cut)
    if solved.stopped:
        return None
    if solved.conflict is not None:
        return _Node(True)
    relaxed = interval_of(solved.remaining, GOAL, {})
    if relaxed.is_empty:
        return _Node(True)
    low, closed = relaxed.low, relaxed.low_closed
    if lattice and low is not None:
        # The goal only takes values on its lattice: move the bound up to the next one.
        steps = (low - goal.constant) / step
        low = goal.constant + (math.ceil(steps) if closed else math.floor(steps) + 1) * step
        closed = True
        if relaxed.high is not None and (
            low > relaxed.high or (low == relaxed.high and not relaxed.high_closed)
        ):
            return _Node(True)
    high = relaxed.high
    if low is not None and closed:
        target: Fraction | None = low
    elif low is not None:
        # An open bound: look next to it (the search then finds integers whose fiber reaches
        # it at once, instead of walking towards it from a far value one branch at a time).
        target = low + 1 if high is None or low + 1 < high else (low + high) / 2
    else:
        target = choose_value(Interval(low, high, False, relaxed.high_closed))
    point = None if target is None else solved.point({GOAL: target})
    if point is None:
        return None
    return _Node(False, low, closed, _key(low, closed), point)


def _narrow(branch: tuple[Row, ...], cut: Row) -> tuple[Row, ...]:
    """``branch`` and ``cut``, without the bounds of the branch that ``cut`` implies.

    Cuts bound one variable each: a bound on the same variable in the same direction and no
    tighter (or any, when the cut fixes the variable) is implied, and is dropped.  A branch so
    holds at most one bound per variable and direction, and a node deep in the search costs no
    more to relax than one near the root (without this, a search walking down ``x <= -3``,
    ``x <= -4``, ... pays at every node for every bound it has passed).
    """
    ((name, factor),) = cut.coefficients.items()

    def redundant(row: Row) -> bool:
        if row.op != "<=" or row.coefficients.keys() != {name}:
            return False
        a = row.coefficients[name]
        if cut.op != "=" and (a > 0) != (factor > 0):
            return False
        return a * cut.bound / factor <= row.bound  # the cut's end of x satisfies the row

    return (*(row for row in branch if not redundant(row)), cut)


def _split(name: str, point: dict[str, Fraction]) -> tuple[Row, Row]:
    """``name >= floor(v) + 1`` and ``name <= floor(v)`` (the second is explored first)."""
    value = math.floor(point[name])
    return (
        Row({name: Fraction(-1)}, "<=", Fraction(-value - 1)),
        Row({name: Fraction(1)}, "<=", Fraction(value)),
    )


def _around(name: str, point: dict[str, Fraction]) -> tuple[Row, Row, Row]:
    """``name >= v + 1``, ``name <= v - 1`` and ``name = v`` (the last is explored first)."""
    value = int(point.get(name, Fraction(0)))
    return (
        Row({name: Fraction(-1)}, "<=", Fraction(-value - 1)),
        Row({name: Fraction(1)}, "<=", Fraction(value - 1)),
        Row({name: Fraction(1)}, "=", Fraction(value)),
    )


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
