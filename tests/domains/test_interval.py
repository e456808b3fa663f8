"""The box domain against brute force, the linear domain and hand-checked cases."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings

from certify.domains.conflict import check_bounds, check_farkas
from certify.domains.interval import IntervalDomain
from certify.numeric import EVERYTHING, Interval, LinearConstraint

from .checks import check_against_linear, check_integer_system
from .systems import NAMES, constraint, systems, var

PROPERTIES = settings(max_examples=150, deadline=None)


@PROPERTIES
@given(systems("bounds", integer=True))
def test_integer_boxes_match_brute_force(constraints: list[LinearConstraint]) -> None:
    domain = check_integer_system(IntervalDomain, constraints, NAMES)
    assert domain.exact


@PROPERTIES
@given(systems("bounds", integer=False))
def test_real_boxes_match_the_linear_domain(constraints: list[LinearConstraint]) -> None:
    domain = check_against_linear(IntervalDomain, constraints, NAMES)
    assert domain.exact


@PROPERTIES
@given(systems("linear", integer=False, max_size=4))
def test_relational_constraints_are_relaxed_soundly(constraints: list[LinearConstraint]) -> None:
    check_against_linear(IntervalDomain, constraints, NAMES)


def test_integer_tightening_of_open_ends() -> None:
    box = IntervalDomain.from_constraints(
        [constraint(var("x"), ">", 3, 1), constraint(var("x"), "<", 5, 2)], frozenset({"x"})
    )
    assert box.bound(var("x")) == Interval(Fraction(4), Fraction(4), True, True)
    assert box.witness() == {"x": Fraction(4)}


def test_open_ends_stay_open_over_the_reals() -> None:
    box = IntervalDomain.from_constraints(
        [constraint(var("x"), ">", 3), constraint(var("x"), "<", 4)]
    )
    assert box.bound(var("x")) == Interval(Fraction(3), Fraction(4), False, False)
    assert box.witness() == {"x": Fraction(7, 2)}


def test_crossing_bounds_are_the_conflict() -> None:
    box = IntervalDomain.from_constraints(
        [
            constraint(var("y"), "<=", 9, 1),
            constraint(var("x"), ">=", 5, 2),
            constraint(var("x"), "<", 5, 3),
        ]
    )
    assert box.is_bottom() is True
    conflict = box.conflict()
    assert conflict is not None and conflict.kind == "bounds"
    assert conflict.tags() == {2, 3}
    assert check_farkas(conflict) and check_bounds(conflict)


def test_forced_interval_domain_on_a_relational_pair_is_wide_but_sound() -> None:
    pair = [
        constraint(var("x").plus(var("y")), "=", 10),
        constraint(var("x").plus(var("y"), -1), "=", 2),
    ]
    box = IntervalDomain.from_constraints(pair)
    assert not box.exact
    assert box.is_bottom() is None
    assert box.bound(var("x")) == EVERYTHING
    point = box.witness()
    assert point is None or all(c.holds(point) for c in pair)
