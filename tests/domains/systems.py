"""Random constraint systems, brute-force oracles and probes shared by the domain tests.

Integer systems always include the grid ``-4 <= v <= 4`` for every variable, so that their
solutions are exactly the grid points that satisfy them and brute force is an exact oracle.
Real systems are checked against independent exact methods (vertex enumeration) and against
the linear domain, whose answers are themselves certified by witnesses and Farkas
multipliers.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Sequence
from fractions import Fraction

import numpy as np
from hypothesis import strategies as st

from certify.domains.base import NumericDomain
from certify.numeric import Interval, LinearConstraint, LinearExpr

NAMES = ("x", "y", "z")
GRID = range(-4, 5)
RELATIONS = ("<=", "<=", "<", ">=", ">", "=")


def var(name: str) -> LinearExpr:
    """The expression of one variable."""
    return LinearExpr.variable(name)


def const(value: Fraction | int) -> LinearExpr:
    """A constant expression."""
    return LinearExpr.of({}, value)


def constraint(
    expr: LinearExpr, relation: str, value: Fraction | int, tag: int = 0
) -> LinearConstraint:
    """``expr RELATION value`` tagged with statement ``tag``."""
    return LinearConstraint.make(expr, relation, const(value), [tag])


def grid_box(names: Iterable[str]) -> list[LinearConstraint]:
    """``-4 <= v <= 4`` for every variable (tag 0)."""
    out = []
    for name in names:
        out.append(constraint(var(name), ">=", GRID[0]))
        out.append(constraint(var(name), "<=", GRID[-1]))
    return out


numbers = st.builds(Fraction, st.integers(-6, 6), st.sampled_from([1, 1, 1, 2, 3]))
integral = st.integers(-6, 6).map(Fraction)


@st.composite
def bound_constraints(
    draw: st.DrawFn, names: Sequence[str], values: st.SearchStrategy[Fraction]
) -> LinearConstraint:
    """``a * x OP c`` with a nonzero ``a``."""
    name = draw(st.sampled_from(names))
    factor = draw(st.sampled_from([1, 1, 1, -1, 2, -3]))
    return constraint(var(name).scaled(factor), draw(st.sampled_from(RELATIONS)), draw(values))


@st.composite
def pair_constraints(
    draw: st.DrawFn, names: Sequence[str], values: st.SearchStrategy[Fraction], sums: bool
) -> LinearConstraint:
    """``a * (x - y) OP c``, or ``a * (±x ± y) OP c`` when ``sums``; sometimes a bound."""
    if draw(st.integers(0, 3)) == 0:
        return draw(bound_constraints(names, values))
    first, second = draw(st.lists(st.sampled_from(names), min_size=2, max_size=2, unique=True))
    sign = draw(st.sampled_from([1, -1])) if sums else -1
    factor = draw(st.sampled_from([1, 1, 1, -1, 2]))
    expr = var(first).plus(var(second), sign).scaled(factor)
    return constraint(expr, draw(st.sampled_from(RELATIONS)), draw(values))


@st.composite
def linear_constraints(
    draw: st.DrawFn, names: Sequence[str], values: st.SearchStrategy[Fraction]
) -> LinearConstraint:
    """Any constraint with small integer coefficients on up to three variables."""
    chosen = draw(st.lists(st.sampled_from(names), min_size=1, max_size=3, unique=True))
    coefficients = {n: draw(st.sampled_from([-3, -2, -1, 1, 2, 3])) for n in chosen}
    return constraint(LinearExpr.of(coefficients), draw(st.sampled_from(RELATIONS)), draw(values))


def constraints_of(
    kind: str, names: Sequence[str], values: st.SearchStrategy[Fraction]
) -> st.SearchStrategy[LinearConstraint]:
    """One constraint of a fragment: ``bounds``, ``differences``, ``octagonal`` or ``linear``."""
    if kind == "bounds":
        return bound_constraints(names, values)
    if kind == "differences":
        return pair_constraints(names, values, sums=False)
    if kind == "octagonal":
        return pair_constraints(names, values, sums=True)
    return linear_constraints(names, values)


def systems(
    kind: str, *, integer: bool, names: Sequence[str] = NAMES, max_size: int = 5
) -> st.SearchStrategy[list[LinearConstraint]]:
    """A list of constraints of one fragment, tagged by position (1, 2, ...)."""
    values = integral if integer else numbers
    raw = st.lists(constraints_of(kind, names, values), min_size=0, max_size=max_size)
    return raw.map(
        lambda cs: [
            LinearConstraint(c.terms, c.op, c.bound, frozenset({i + 1})) for i, c in enumerate(cs)
        ]
    )


FRAGMENT_OF = {
    "interval": "bounds",
    "dbm": "differences",
    "octagon": "octagonal",
    "linear": "linear",
}


def probes(names: Sequence[str]) -> list[LinearExpr]:
    """Questions every domain should answer: variables, differences, sums, a general form."""
    out = [var(n) for n in names]
    for first, second in itertools.combinations(names, 2):
        out.append(var(first).plus(var(second), -1))
        out.append(var(first).plus(var(second)))
    out.append(LinearExpr.of({n: i + 1 for i, n in enumerate(names)}, 1))
    out.append(LinearExpr.of({names[0]: 2, names[-1]: -3}))
    return out


def _grid(names: Sequence[str]) -> np.ndarray:
    """Every grid point, one row per point."""
    return np.array(list(itertools.product(GRID, repeat=len(names))), dtype=np.int64).reshape(
        -1, len(names)
    )


def solutions(
    constraints: Sequence[LinearConstraint], names: Sequence[str]
) -> list[dict[str, Fraction]]:
    """Every grid point satisfying the constraints (exact when the grid box is included)."""
    found = solution_array(constraints, names)
    return [{n: Fraction(int(v)) for n, v in zip(names, p)} for p in found]


def solution_array(constraints: Sequence[LinearConstraint], names: Sequence[str]) -> np.ndarray:
    """The satisfying grid points as rows of integers.

    Each constraint is scaled to integer coefficients, so numpy's integer arithmetic is exact.
    """
    points = _grid(names)
    keep = np.ones(len(points), dtype=bool)
    for c in constraints:
        terms = c.expr.coefficients()
        if any(n not in names for n in terms):
            raise ValueError(f"{c} mentions a variable outside {names}")
        scale = math.lcm(c.bound.denominator, *(v.denominator for v in terms.values()))
        row = np.array([int(terms.get(n, 0) * scale) for n in names], dtype=np.int64)
        value = points @ row
        limit = int(c.bound * scale)
        if c.op == "<=":
            keep &= value <= limit
        elif c.op == "<":
            keep &= value < limit
        else:
            keep &= value == limit
    return points[keep]


def value_hull(expr: LinearExpr, names: Sequence[str], points: np.ndarray) -> Interval:
    """The closed hull of ``expr`` over non-empty rows of points, computed exactly."""
    terms = expr.coefficients()
    scale = math.lcm(*(c.denominator for c in terms.values()))
    row = np.array([int(terms.get(n, 0) * scale) for n in names], dtype=np.int64)
    values = points @ row
    low = Fraction(int(values.min()), scale) + expr.constant
    high = Fraction(int(values.max()), scale) + expr.constant
    return Interval(low, high, True, True)


def hull(values: Iterable[Fraction]) -> Interval:
    """The closed interval from the least to the greatest value (values must be non-empty)."""
    listed = list(values)
    return Interval(min(listed), max(listed), True, True)


def observe(domain: NumericDomain, names: Sequence[str]) -> tuple[object, ...]:
    """Everything a caller can read from a value, for comparing two values."""
    return (domain.is_bottom(), tuple(domain.bound(e) for e in probes(names)))


def vertices(
    constraints: Sequence[LinearConstraint], names: Sequence[str]
) -> list[dict[str, Fraction]]:
    """The vertices of a bounded non-strict system: every feasible intersection of n planes."""
    planes = [(c.expr.coefficients(), c.bound) for c in constraints if c.terms]
    found = []
    for chosen in itertools.combinations(planes, len(names)):
        matrix = [[row.get(n, Fraction(0)) for n in names] + [bound] for row, bound in chosen]
        point = solve(matrix, names)
        if point is not None and all(c.holds(point) for c in constraints):
            found.append(point)
    return found


def solve(matrix: list[list[Fraction]], names: Sequence[str]) -> dict[str, Fraction] | None:
    """Gauss-Jordan on an augmented square system; None unless the solution is unique."""
    size = len(names)
    rows = [row[:] for row in matrix]
    for col in range(size):
        pivot = next((r for r in range(col, size) if rows[r][col] != 0), None)
        if pivot is None:
            return None
        rows[col], rows[pivot] = rows[pivot], rows[col]
        head = rows[col][col]
        rows[col] = [v / head for v in rows[col]]
        for r in range(size):
            if r != col and rows[r][col] != 0:
                factor = rows[r][col]
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[col])]
    return {n: rows[i][size] for i, n in enumerate(names)}
