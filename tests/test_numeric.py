"""Exact linear constraints: the integer shortcut of ``evaluate`` and ``holds`` is exact."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from certify.numeric import LinearConstraint, LinearExpr

NAMES = ("x", "y", "z")
WHOLE = st.integers(-50, 50).map(Fraction)
NUMBER = WHOLE | st.fractions(min_value=-20, max_value=20, max_denominator=6)


@settings(max_examples=200, deadline=None)
@given(
    st.dictionaries(st.sampled_from(NAMES), NUMBER, min_size=1),
    NUMBER,
    st.sampled_from(["<=", "<", "="]),
    st.fixed_dictionaries({n: NUMBER for n in NAMES}),
)
def test_evaluate_and_holds_agree_with_fraction_arithmetic(
    coefficients: dict[str, Fraction], bound: Fraction, op: str, point: dict[str, Fraction]
) -> None:
    expr = LinearExpr.of(coefficients, bound)
    exact = expr.constant + sum((c * point[n] for n, c in expr.terms), Fraction(0))
    assert expr.evaluate(point) == exact and isinstance(expr.evaluate(point), Fraction)
    constraint = LinearConstraint.make(LinearExpr.of(coefficients), op, LinearExpr.of({}, bound))
    value = sum((c * point[n] for n, c in constraint.terms), Fraction(0))
    expected = {"<=": value <= constraint.bound, "<": value < constraint.bound}.get(
        constraint.op, value == constraint.bound
    )
    assert constraint.holds(point) is expected
    assert (
        constraint.holds({n: v.numerator if v.denominator == 1 else v for n, v in point.items()})
        is expected
    )
