"""Integer systems unbounded along a line: branch and bound decides them at once.

CI once hung on ``3x - 2z <= 5, -2x - 2y - z = 5, 3x <= 6, x - 2y + z <= 3`` over integers
(a case Hypothesis drew in ``test_satisfies``): substituting ``x`` out of the equality made
every relaxation's point half-integral in ``x``, and the depth-first search walked down
``x <= -3``, ``x <= -4``, ... for ever, each node paying for every bound it had passed, so
the node budget never came.  Now an equality is solved on its integer lattice (a coefficient
±1 first, else the Omega test's unimodular steps), and a branch keeps one bound per variable
and direction.  The budgets below are small: a search that wanders stops inexact and fails,
and every case runs under a generous deadline, so a slow node fails the same way.

The oracle is plain ``Fraction`` arithmetic and a brute-force box, nothing of the domain's.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from certify import run_limits
from certify.domains.fourier_motzkin import Effort, eliminate
from certify.domains.integer import _narrow
from certify.domains.lattice import FRESH
from certify.domains.linear import LinearDomain
from certify.domains.rows import Row
from certify.numeric import LinearConstraint, LinearExpr

from .systems import constraint, var

XYZ = frozenset("xyz")
SMALL = 60
"""A node budget no search that wanders along a line can stay within."""
CAP = 60.0
"""Seconds: only a hang comes near this."""


def exact(constraints: Sequence[LinearConstraint], point: dict[str, Fraction]) -> bool:
    """Every constraint at ``point`` in plain Fraction arithmetic, and integral values."""
    if any(point.get(n, Fraction(0)).denominator != 1 for n in XYZ):
        return False
    for c in constraints:
        value = sum((k * point[n] for n, k in c.terms), Fraction(0))
        ok = {"<=": value <= c.bound, "<": value < c.bound, "=": value == c.bound}[c.op]
        if not ok:
            return False
    return True


def hung(z: int) -> list[LinearConstraint]:
    """The system CI hung on, with ``z``'s coefficient in the equality (1 there)."""
    x, y, zz = var("x"), var("y"), var("z")
    return [
        constraint(x.scaled(3).plus(zz, -2), "<=", 5),
        constraint(x.scaled(-2).plus(y, -2).plus(zz, -z), "=", 5),
        constraint(x.scaled(3), "<=", 6),
        constraint(x.plus(y, -2).plus(zz), "<=", 3),
    ]


@pytest.mark.parametrize("z", [1, 3, 5, -7])
def test_the_system_ci_hung_on_is_decided_within_a_small_budget(z: int) -> None:
    system = hung(z)
    with run_limits.run(CAP):
        domain = LinearDomain(system, XYZ, budget=SMALL)
        assert domain.exact
        assert domain.is_bottom() is False
        witness = domain.witness()
        assert witness is not None and exact(system, witness)
        pinned = [*system, constraint(var("y"), "=", 40)]
        witness = domain.witness([constraint(var("y"), "=", 40)])
    assert witness is not None and exact(pinned, witness)


def test_an_equality_without_a_unit_coefficient_is_solved_on_its_lattice() -> None:
    # 6x + 10y + 15z = 1 has integer points (gcd 1) but no coefficient ±1: three Omega steps.
    row = Row({"x": Fraction(6), "y": Fraction(10), "z": Fraction(15)}, "=", Fraction(1))
    solved = eliminate([row], frozenset(), Effort(SMALL), XYZ)
    assert solved.conflict is None and not solved.stopped
    point = solved.point({})
    assert point is not None and set(point) == set(XYZ)  # no fresh variable leaks out
    assert all(v.denominator == 1 for v in point.values())
    assert 6 * point["x"] + 10 * point["y"] + 15 * point["z"] == 1
    assert any(s.variable.startswith(FRESH) for s in solved.stages)  # the steps ran


def test_an_integer_equality_with_a_kept_variable_projects_soundly() -> None:
    # Keeping x: 4x + 6y = 2 over integers leaves x free (x = 2 - 3t, y = -1 + 2t).
    row = Row({"x": Fraction(4), "y": Fraction(6)}, "=", Fraction(2))
    solved = eliminate([row], frozenset({"x"}), Effort(SMALL), frozenset("xy"))
    for value in (-1, 0, 1, 2, 5):
        point = solved.point({"x": Fraction(value)})
        assert point is not None and point["x"] == value
        assert 4 * point["x"] + 6 * point["y"] == 2


def test_a_branch_keeps_one_bound_per_variable_and_direction() -> None:
    def upper(c: int) -> Row:
        return Row({"x": Fraction(1)}, "<=", Fraction(c))

    def lower(c: int) -> Row:  # x >= c
        return Row({"x": Fraction(-1)}, "<=", Fraction(-c))

    other = Row({"y": Fraction(1)}, "<=", Fraction(0))
    branch = (other, upper(-3), lower(-9))
    assert _narrow(branch, upper(-4)) == (other, lower(-9), upper(-4))
    assert _narrow(branch, lower(-5)) == (other, upper(-3), lower(-5))
    # A looser cut is never a reason to drop a tighter bound.
    assert _narrow(branch, upper(7)) == (*branch, upper(7))
    fixed = Row({"x": Fraction(1)}, "=", Fraction(-6))
    assert _narrow(branch, fixed) == (other, fixed)
    outside = Row({"x": Fraction(1)}, "=", Fraction(-1))  # not inside x <= -3: kept
    assert _narrow(branch, outside) == (other, upper(-3), outside)


terms = st.lists(
    st.tuples(st.sampled_from(sorted(XYZ)), st.sampled_from([-6, -4, -3, -2, 2, 3, 4, 5, 6])),
    min_size=2,
    max_size=3,
    unique_by=lambda t: t[0],
)


@st.composite
def lattice_systems(draw: st.DrawFn) -> list[LinearConstraint]:
    """One or two equalities without a coefficient ±1, and up to two inequalities: unbounded."""
    out = []
    for _ in range(draw(st.integers(1, 2))):
        expr = LinearExpr.of({n: c for n, c in draw(terms)}, 0)
        out.append(constraint(expr, "=", draw(st.integers(-7, 7))))
    for _ in range(draw(st.integers(0, 2))):
        expr = LinearExpr.of({n: c for n, c in draw(terms)}, 0)
        out.append(constraint(expr, draw(st.sampled_from(["<=", "<"])), draw(st.integers(-7, 7))))
    return out


BOX = np.arange(-20, 21)


def box_points(system: Sequence[LinearConstraint]) -> int:
    """How many integer points of ``-20..20`` cubed satisfy the system (integer arithmetic)."""
    grid = dict(zip(sorted(XYZ), np.meshgrid(BOX, BOX, BOX, indexing="ij"), strict=True))
    inside = np.ones(grid["x"].shape, dtype=bool)
    for c in system:
        assert all(k.denominator == 1 for _, k in c.terms) and c.bound.denominator == 1
        value = sum((int(k) * grid[n] for n, k in c.terms), np.zeros_like(grid["x"]))
        bound = int(c.bound)
        inside &= {"<=": value <= bound, "<": value < bound, "=": value == bound}[c.op]
    return int(inside.sum())


@settings(max_examples=150, deadline=None)
@given(system=lattice_systems())
def test_unbounded_integer_systems_are_decided_and_agree_with_a_box(
    system: list[LinearConstraint],
) -> None:
    with run_limits.run(CAP / 6):  # a failure is shrunk over many examples: keep each short
        domain = LinearDomain(system, XYZ, budget=2000)
    assert domain.exact
    if domain.is_bottom():
        assert box_points(system) == 0  # no integer point at all: none in the box either
    else:
        witness = domain.witness()
        assert witness is not None and exact(system, witness)
