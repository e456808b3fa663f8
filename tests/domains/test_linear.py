"""The linear domain: brute force over integers, certified answers and oracles over reals."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.optimize import linprog

from certify.domains.conflict import check_farkas
from certify.domains.linear import LinearDomain
from certify.numeric import EVERYTHING, Interval, LinearConstraint, LinearExpr

from .checks import check_certified, check_integer_system, valid_point
from .systems import NAMES, constraint, probes, systems, var, vertices

PROPERTIES = settings(max_examples=120, deadline=None)
REAL_BOX = [c for n in NAMES for c in (constraint(var(n), ">=", -4), constraint(var(n), "<=", 4))]


@PROPERTIES
@given(systems("linear", integer=True, max_size=4))
def test_integer_systems_match_brute_force(constraints: list[LinearConstraint]) -> None:
    domain = check_integer_system(LinearDomain, constraints, NAMES)
    assert domain.exact


@PROPERTIES
@given(systems("linear", integer=False, max_size=5))
def test_every_real_answer_is_certified(constraints: list[LinearConstraint]) -> None:
    check_certified(constraints, NAMES)


def non_strict(constraints: list[LinearConstraint]) -> list[LinearConstraint]:
    return [c for c in constraints if c.op != "<"]


@PROPERTIES
@given(systems("linear", integer=False, max_size=4).map(non_strict))
def test_bounds_match_vertex_enumeration(constraints: list[LinearConstraint]) -> None:
    system = [*constraints, *REAL_BOX]
    domain = LinearDomain.from_constraints(system)
    corners = vertices(system, NAMES)
    assert domain.is_bottom() is (not corners)
    for expr in probes(NAMES):
        if corners:
            values = [expr.evaluate(p) for p in corners]
            assert domain.bound(expr) == Interval(min(values), max(values), True, True), expr


@settings(max_examples=60, deadline=None)
@given(systems("linear", integer=False, names=("a", "b", "c", "d"), max_size=6).map(non_strict))
def test_bounds_agree_with_a_floating_point_lp(constraints: list[LinearConstraint]) -> None:
    names = ("a", "b", "c", "d")
    system = [
        *constraints,
        *(c for n in names for c in (constraint(var(n), ">=", -9), constraint(var(n), "<=", 9))),
    ]
    domain = LinearDomain.from_constraints(system)
    rows = [(c, [float(c.expr.coefficients().get(n, 0)) for n in names]) for c in system if c.terms]
    upper = [row for c, row in rows if c.op == "<="]
    upper_b = [float(c.bound) for c, _ in rows if c.op == "<="]
    equal = [row for c, row in rows if c.op == "="]
    equal_b = [float(c.bound) for c, _ in rows if c.op == "="]
    objective = np.array([1.0, -2.0, 3.0, 0.5])
    found = linprog(
        objective,
        A_ub=upper or None,
        b_ub=upper_b or None,
        A_eq=equal or None,
        b_eq=equal_b or None,
        bounds=[(None, None)] * 4,
        method="highs",
    )
    if found.status == 2:
        assert domain.is_bottom() is True
        return
    assert found.status == 0
    low = domain.bound(LinearExpr.of({"a": 1, "b": -2, "c": 3, "d": Fraction(1, 2)}))
    assert low.low is not None and abs(float(low.low) - found.fun) < 1e-6


def test_strictness_is_tracked_exactly() -> None:
    domain = LinearDomain.from_constraints(
        [constraint(var("x"), ">", 3), constraint(var("x"), "<", 4)]
    )
    assert domain.bound(var("x")) == Interval(Fraction(3), Fraction(4), False, False)
    both = LinearDomain.from_constraints(
        [
            constraint(LinearExpr.of({"x": 2, "y": 3}), ">=", 7),
            constraint(var("x").plus(var("y"), -1), "<", 1),
        ]
    )
    assert both.bound(LinearExpr.of({"x": 2, "y": 3})) == Interval(Fraction(7), None, True, False)
    assert both.bound(var("y")) == Interval(Fraction(1), None, False, False)


def test_farkas_conflicts_are_minimal() -> None:
    system = [
        constraint(LinearExpr.of({"x": 1, "y": 1, "z": 1}), "<=", 1, 1),
        constraint(var("x"), ">=", 1, 2),
        constraint(var("y").plus(var("z")), ">", 0, 3),
        constraint(var("z"), "<=", 100, 4),
        constraint(var("y"), ">=", -50, 5),
    ]
    domain = LinearDomain.from_constraints(system)
    conflict = domain.conflict()
    assert conflict is not None and conflict.kind == "farkas" and check_farkas(conflict)
    assert conflict.tags() == {1, 2, 3}
    for index in range(len(conflict.constraints)):
        rest = conflict.constraints[:index] + conflict.constraints[index + 1 :]
        assert LinearDomain.from_constraints(rest).is_bottom() is False


def test_integer_equalities_are_settled_by_divisibility() -> None:
    halves = [constraint(LinearExpr.of({"x": 2, "y": -4}), "=", 3, 7)]
    domain = LinearDomain.from_constraints(halves, frozenset({"x", "y"}))
    conflict = domain.conflict()
    assert domain.is_bottom() is True and conflict is not None
    assert conflict.kind == "integer" and conflict.tags() == {7}


def test_unbounded_integer_problems_are_settled_when_a_point_exists() -> None:
    domain = LinearDomain.from_constraints(
        [constraint(var("x").plus(var("y"), -1), ">=", Fraction(1, 2))], frozenset({"x", "y"})
    )
    assert domain.exact and domain.is_bottom() is False
    assert domain.bound(var("x").plus(var("y"), -1)) == Interval(Fraction(1), None, True, False)
    assert domain.bound(var("x")) == EVERYTHING
    assert domain.tight_bound(var("x"))[1]


def test_mixed_integer_open_ends_are_found() -> None:
    system = [
        constraint(var("x").plus(var("y")), "<", 5),
        constraint(var("y"), ">", Fraction(1, 2)),
        constraint(var("x"), ">=", 0),
    ]
    domain = LinearDomain.from_constraints(system, frozenset({"x"}))
    assert domain.exact
    assert domain.bound(var("x")) == Interval(Fraction(0), Fraction(4), True, True)
    assert domain.bound(var("x").plus(var("y"))) == Interval(
        Fraction(1, 2), Fraction(5), False, False
    )
    assert valid_point(domain.witness([constraint(var("x"), "=", 4)]), system, frozenset({"x"}))


def test_elimination_budget_stops_honestly() -> None:
    names = [f"v{i}" for i in range(6)]
    system: list[LinearConstraint] = []
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            for sa, sb in ((1, 2), (-2, 1), (1, -3), (-1, -1)):
                system.append(constraint(LinearExpr.of({a: sa, b: sb}), "<=", 9))
    full = LinearDomain.from_constraints(system)
    cut = LinearDomain.from_constraints(system, budget=5)
    assert full.exact and cut.stopped and not cut.exact
    assert cut.is_bottom() is None
    assert cut.bound(var("v0")).includes(full.bound(var("v0")))
    assert cut.tight_bound(var("v0"))[1] is False


@settings(max_examples=40, deadline=None)
@given(systems("linear", integer=True, max_size=4), st.integers(1, 8))
def test_branch_and_bound_budget_stops_honestly(
    constraints: list[LinearConstraint], budget: int
) -> None:
    system = [*constraints, *REAL_BOX]
    integers = frozenset(NAMES)
    full = LinearDomain.from_constraints(system, integers)
    cut = LinearDomain.from_constraints(system, integers, budget=budget)
    assert cut.is_bottom() in (None, full.is_bottom())
    if cut.exact:
        assert cut.is_bottom() == full.is_bottom()
    for expr in probes(NAMES):
        answer, tight = cut.tight_bound(expr)
        assert answer.includes(full.bound(expr)), expr
        if tight:
            assert answer == full.bound(expr)
    point = cut.witness()
    assert point is None or valid_point(point, system, integers)
