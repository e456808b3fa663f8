"""Shrunk counterexamples found by the properties, kept as explicit cases."""

from __future__ import annotations

from fractions import Fraction

from certify.domains.conflict import check_conflict, check_farkas
from certify.domains.dbm import DifferenceBoundMatrix
from certify.domains.linear import LinearDomain
from certify.domains.octagon import Octagon
from certify.numeric import LinearConstraint, LinearExpr, Op

from .checks import check_certified, check_integer_system
from .systems import NAMES


def row(terms: dict[str, int], op: Op, bound: int, tag: int) -> LinearConstraint:
    """A constraint exactly as the shrunk example printed it."""
    return LinearConstraint(
        tuple(sorted((n, Fraction(c)) for n, c in terms.items())),
        op,
        Fraction(bound),
        frozenset({tag}),
    )


def test_an_integer_difference_equality_with_an_odd_bound_rechecks() -> None:
    # 2x - 2y = 1 has no integer solution: a single-constraint conflict of kind "integer".
    system = [
        row({"x": 1}, "<=", 0, 1),
        row({"x": 1}, "<=", 0, 2),
        row({"x": 2, "y": -2}, "=", 1, 3),
    ]
    check_integer_system(DifferenceBoundMatrix, system, NAMES)
    conflict = DifferenceBoundMatrix.from_constraints(system, frozenset(NAMES)).conflict()
    assert conflict is not None and conflict.tags() == {3}
    assert check_conflict(conflict, frozenset(NAMES)) is True


def test_two_contradictory_equalities_give_a_farkas_certificate() -> None:
    # -3y = 0 and -3y = 1: the combination is 0 = 1, an equality-only certificate.
    system = [row({"x": -3}, "<=", 0, 1), row({"y": -3}, "=", 0, 2), row({"y": -3}, "=", 1, 3)]
    check_certified(system, NAMES)
    conflict = LinearDomain.from_constraints(system).conflict()
    assert conflict is not None and conflict.tags() == {2, 3} and check_farkas(conflict)


def test_a_parity_conflict_on_one_pair_of_variables_is_not_read_as_bounds() -> None:
    system = [row({"x": 1, "y": 1}, "=", 1, 1), row({"x": 1, "y": -1}, "=", 0, 2)]
    conflict = Octagon.from_constraints(system, frozenset({"x", "y"})).conflict()
    assert conflict is not None and conflict.kind == "integer"
    assert check_conflict(conflict, frozenset({"x", "y"})) is None


def test_an_integer_goal_bound_is_rounded_to_its_lattice_and_finishes() -> None:
    # The relaxation of x + 2y + 3z + 1 reaches 1/3; without rounding that node up to 1 the
    # branch and bound kept searching below the integer optimum until its budget ran out.
    system = [
        row({"x": -3}, "<=", 0, 1),
        row({"x": -2, "y": -3, "z": -3}, "<=", 1, 2),
        row({"x": 1, "z": -3}, "<=", 0, 3),
    ]
    check_integer_system(LinearDomain, system, NAMES)
    domain = LinearDomain.from_constraints(system, frozenset(NAMES))
    goal = LinearExpr((("x", Fraction(1)), ("y", Fraction(2)), ("z", Fraction(3))), Fraction(1))
    interval, finished = domain.tight_bound(goal)
    assert finished
    assert interval.low == 1 and interval.low_closed and interval.high is None
