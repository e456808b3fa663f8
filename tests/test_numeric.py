"""Exact linear constraints: the integer shortcut of ``evaluate`` and ``holds`` is exact."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from certify.numeric import LinearConstraint, LinearExpr, fraction

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


@settings(max_examples=300, deadline=None)
@given(
    st.dictionaries(st.sampled_from(NAMES), NUMBER),
    NUMBER | st.just(Fraction(0)),
    st.dictionaries(st.sampled_from(NAMES), NUMBER, max_size=1),
    NUMBER | st.just(Fraction(0)),
    st.sampled_from(["<=", "<", "=", ">=", ">"]),
)
def test_make_is_the_difference_of_the_sides(
    left: dict[str, Fraction],
    left_constant: Fraction,
    right: dict[str, Fraction],
    right_constant: Fraction,
    relation: str,
) -> None:
    """``make``'s short ways (no terms on the right, no constant on the left) give what the
    difference of the two sides gives."""
    sides = [LinearExpr.of(left, left_constant), LinearExpr.of(right, right_constant)]
    if relation in (">", ">="):
        sides.reverse()
    diff = sides[0].plus(sides[1], -1)
    op = {">": "<", ">=": "<="}.get(relation, relation)
    made = LinearConstraint.make(
        LinearExpr.of(left, left_constant), relation, LinearExpr.of(right, right_constant), (4,)
    )
    assert made == LinearConstraint(diff.terms, op, -diff.constant)  # type: ignore[arg-type]
    assert type(made.bound) is Fraction and made.tags == frozenset({4})


def test_a_shared_fraction_is_the_fraction() -> None:
    for value in [*range(-1500, 1500), 10**30, -(10**30)]:
        for _ in range(2):  # the second time from the table
            found = fraction(value)
            assert type(found) is Fraction and found == Fraction(value), value
    half = Fraction(1, 2)
    assert fraction(half) is half and fraction(3) is fraction(3)
