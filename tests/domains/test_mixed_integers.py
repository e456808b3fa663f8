"""Integer and real variables linked in one constraint: exact answers that always end.

Branch and bound used to chase the real variable forever on ``x + y = 1/2`` (``x`` integral):
every relaxation put ``x`` at a half, and each branch moved the half along.  The real
variables are now eliminated exactly before the search.  Every case runs under a generous
deadline, so a hang fails as an inexact (stopped) answer instead of hanging the suite.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from certify import run_limits
from certify.domains.fourier_motzkin import Effort
from certify.domains.integer import minimize
from certify.domains.linear import LinearDomain
from certify.domains.rows import Row
from certify.numeric import EVERYTHING, Interval, LinearConstraint, LinearExpr

from .checks import valid_point
from .systems import constraint, var

CAP = 60.0
"""Seconds: only a hang comes near this."""

X = frozenset({"x"})
HALF = Fraction(1, 2)

LINKED = {
    "x + y = 1/2": constraint(var("x").plus(var("y")), "=", HALF),
    "x - y = 1/2": constraint(var("x").plus(var("y"), -1), "=", HALF),
    "2x + y = 1/2": constraint(var("x").scaled(2).plus(var("y")), "=", HALF),
    "y = x + 1/2": LinearConstraint.make(var("y"), "=", var("x").plus(LinearExpr((), HALF))),
}


@pytest.mark.parametrize("text", list(LINKED))
def test_a_real_linked_to_an_integer_is_consistent_and_unbounded(text: str) -> None:
    link = LINKED[text]
    with run_limits.run(CAP):
        domain = LinearDomain([link], X)
        assert domain.exact and domain.is_bottom() is False
        assert valid_point(domain.witness(), [link], X)
        for name in ("x", "y"):
            assert domain.tight_bound(var(name)) == (EVERYTHING, True), name
        # y only takes values a half off the integers: pinned where it can be, refused where not.
        pinned = [constraint(var("y"), "=", Fraction(5, 2))]
        assert valid_point(domain.witness(pinned), [link, *pinned], X)
        assert domain.assume(constraint(var("y"), "=", 0)).is_bottom() is True


@pytest.mark.parametrize("text", list(LINKED))
def test_a_real_forced_between_integers_is_a_contradiction(text: str) -> None:
    box = [constraint(var("y"), ">=", 0), constraint(var("y"), "<=", Fraction(1, 4))]
    with run_limits.run(CAP):
        domain = LinearDomain([LINKED[text], *box], X)
        assert domain.is_bottom() is True
        conflict = domain.conflict()
    assert conflict is not None and conflict.kind == "integer"


def test_the_conflict_of_an_integer_forced_to_a_half_is_found_at_once() -> None:
    # x + y = 21/2 and y = 1 leave x = 19/2: shrinking the conflict used to rerun branch and
    # bound on x + y = 21/2 alone, which never ended.
    rows = [
        constraint(var("x").plus(var("y")), "=", Fraction(21, 2), 1),
        constraint(var("y"), "=", 1, 2),
    ]
    with run_limits.run(CAP):
        domain = LinearDomain(rows, X)
        assert domain.is_bottom() is True
        conflict = domain.conflict()
    assert conflict is not None and set(conflict.constraints) == set(rows)


def test_an_unbounded_relaxation_is_minus_infinity_once_a_point_is_found() -> None:
    # Minimizing -y = x - 1/2 walks down the fractional points (t, t + 1/2) forever if the
    # search follows the goal; one feasibility search settles it (Meyer 1974).
    rows = [Row.of(LINKED["x + y = 1/2"])]
    with run_limits.run(CAP):
        low = minimize(rows, X, var("y").scaled(-1), Effort(10_000))
    assert low.complete and low.feasible and low.low is None
    assert low.point is not None and low.point["x"].denominator == 1


@settings(max_examples=60, deadline=None)
@given(
    st.integers(-3, 3).filter(bool),
    st.integers(-3, 3),
    st.sampled_from([Fraction(1, 2), Fraction(1, 3), Fraction(0), Fraction(5, 4)]),
    st.integers(-2, 2),
    st.sampled_from([Fraction(1, 4), Fraction(1, 2), Fraction(3, 2)]),
)
def test_a_real_in_a_window_matches_the_integers_that_fit(
    a: int, b: int, c: Fraction, low: int, width: Fraction
) -> None:
    # a x + b y = c with x integral and y in [low, low + width]: brute force over x is exact,
    # since y = (c - a x) / b (or b = 0 and x = c / a).
    system = [
        constraint(var("x").scaled(a).plus(var("y").scaled(b)), "=", c),
        constraint(var("y"), ">=", low),
        constraint(var("y"), "<=", low + width),
    ]
    if b == 0:
        expected = (c / a).denominator == 1
    else:
        expected = any(
            low <= (c - a * x) / b <= low + width for x in range(-40, 41)
        )  # |x| <= 40 is plenty for these coefficients and windows
    with run_limits.run(CAP):
        domain = LinearDomain(system, X)
        empty = domain.is_bottom()
        assert empty is (not expected)
        if expected:
            assert valid_point(domain.witness(), system, X)


def test_the_interval_of_a_real_on_an_integer_lattice_is_its_hull() -> None:
    rows = [
        LINKED["x + y = 1/2"],
        constraint(var("x"), ">=", 0),
        constraint(var("x"), "<=", 3),
    ]
    with run_limits.run(CAP):
        domain = LinearDomain(rows, X)
        bound, finished = domain.tight_bound(var("y"))
    assert finished and bound == Interval(Fraction(-5, 2), HALF, True, True)
