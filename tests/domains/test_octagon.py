"""Octagons: strong closure over the reals, tight closure over the integers."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from certify.domains.conflict import check_conflict, check_cycle
from certify.domains.linear import LinearDomain
from certify.domains.octagon import Octagon
from certify.numeric import Interval, LinearConstraint

from .checks import check_against_linear, check_integer_system, valid_point
from .systems import NAMES, constraint, probes, systems, var

PROPERTIES = settings(max_examples=150, deadline=None)


@PROPERTIES
@given(systems("octagonal", integer=True, max_size=6))
def test_integer_octagons_match_brute_force(constraints: list[LinearConstraint]) -> None:
    domain = check_integer_system(Octagon, constraints, NAMES)
    assert domain.exact


def test_a_value_next_to_a_strict_bound_leaves_room_for_the_next() -> None:
    # Found by the property below: x + y < 0, -y - z <= 0, z - y < -1.  Fixing x on the
    # encoding's grid (x = -1) left y the open interval (1/2, 1), which holds no grid point;
    # the octagon is not empty, so a witness must still come back.
    f = Fraction
    constraints = [
        LinearConstraint((("x", f(1)), ("y", f(1))), "<", f(0), frozenset({1})),
        LinearConstraint((("y", f(-1)), ("z", f(-1))), "<=", f(0), frozenset({2})),
        LinearConstraint((("y", f(-1)), ("z", f(1))), "<", f(-1), frozenset({3})),
    ]
    point = Octagon.from_constraints(constraints).witness()
    assert point is not None and valid_point(point, constraints, frozenset())


@PROPERTIES
@given(systems("octagonal", integer=False, max_size=6))
def test_real_octagons_match_the_linear_domain(constraints: list[LinearConstraint]) -> None:
    domain = check_against_linear(Octagon, constraints, NAMES)
    assert domain.exact


@settings(max_examples=60, deadline=None)
@given(systems("linear", integer=False, max_size=4))
def test_general_constraints_are_relaxed_soundly(constraints: list[LinearConstraint]) -> None:
    check_against_linear(Octagon, constraints, NAMES)


@settings(max_examples=80, deadline=None)
@given(systems("octagonal", integer=False, max_size=7), st.integers(0, 2))
def test_partial_closures_contain_the_strong_closure(
    constraints: list[LinearConstraint], rounds: int
) -> None:
    full = Octagon.from_constraints(constraints)
    partial = Octagon.from_constraints(constraints, budget=rounds)
    if partial.is_bottom() is True:
        assert full.is_bottom() is True
    if partial.stopped:
        assert not partial.exact and partial.is_bottom() is None
    for expr in probes(NAMES):
        assert partial.bound(expr).includes(full.bound(expr)), expr


def test_the_seed_pair_is_forced() -> None:
    pair = [
        constraint(var("x").plus(var("y")), "=", 10, 1),
        constraint(var("x").plus(var("y"), -1), "=", 2, 2),
    ]
    octagon = Octagon.from_constraints(pair)
    assert octagon.exact and octagon.is_bottom() is False
    assert octagon.bound(var("x")) == Interval(Fraction(6), Fraction(6), True, True)
    assert octagon.bound(var("y")) == Interval(Fraction(4), Fraction(4), True, True)
    assert octagon.witness() == {"x": Fraction(6), "y": Fraction(4)}


def test_strict_sums_keep_open_ends() -> None:
    octagon = Octagon.from_constraints(
        [
            constraint(var("x").plus(var("y")), "<", 3),
            constraint(var("y"), ">=", 1),
            constraint(var("x"), ">", 0),
        ]
    )
    assert octagon.bound(var("x")) == Interval(Fraction(0), Fraction(2), False, False)
    assert octagon.bound(var("y")) == Interval(Fraction(1), Fraction(3), True, False)


def test_integer_parity_conflict_needs_tight_closure() -> None:
    pair = [
        constraint(var("x").plus(var("y")), "=", 1, 1),
        constraint(var("x").plus(var("y"), -1), "=", 0, 2),
    ]
    integers = frozenset({"x", "y"})
    assert Octagon.from_constraints(pair).is_bottom() is False
    octagon = Octagon.from_constraints(pair, integers)
    assert octagon.is_bottom() is True
    conflict = octagon.conflict()
    assert conflict is not None and conflict.kind == "integer" and conflict.tags() == {1, 2}
    assert check_conflict(conflict, integers) is None
    assert LinearDomain.from_constraints(conflict.constraints, integers).is_bottom() is True


def test_a_negative_cycle_through_a_sum_is_reported_as_statements() -> None:
    system = [
        constraint(var("x").plus(var("y")), "<=", 2, 1),
        constraint(var("x"), ">=", 2, 2),
        constraint(var("y"), ">", 0, 3),
        constraint(var("z"), "<=", 5, 4),
    ]
    octagon = Octagon.from_constraints(system)
    conflict = octagon.conflict()
    assert conflict is not None and conflict.kind == "cycle" and conflict.tags() == {1, 2, 3}
    assert conflict.cycle is not None and all(node[0] in "+-" for node in conflict.cycle)
    assert check_cycle(conflict) and check_conflict(conflict) is True


def test_mixed_integer_octagons_are_inexact_but_sound() -> None:
    system = [
        constraint(var("x").plus(var("y")), "=", 1),
        constraint(var("x").plus(var("y"), -1), "=", 0),
    ]
    octagon = Octagon.from_constraints(system, frozenset({"x"}))
    assert not octagon.exact
    assert octagon.is_bottom() in (True, None)
    point = octagon.witness()
    assert point is None or valid_point(point, system, frozenset({"x"}))
