"""The shortcuts of Fourier-Motzkin's row arithmetic give what the plain arithmetic gave.

``combine`` skips multiplying by a factor of 1, and ``_key`` skips dividing by 1: the rows (their
coefficients in the same order, operator, bound, origin, support) and keys must be exactly those
of the arithmetic written out, for any rows and factors, 0 and 1 included.
"""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from certify.domains.fourier_motzkin import _key, _normal
from certify.domains.rows import Row, combine

NAMES = ("x", "y", "z", "w")
FRACTIONS = st.sampled_from([Fraction(n, d) for n in range(-3, 4) for d in (1, 2, 3)])
FACTORS = st.one_of(st.just(Fraction(1)), st.just(Fraction(0)), FRACTIONS)


@st.composite
def rows(draw: st.DrawFn) -> Row:
    names = draw(st.lists(st.sampled_from(NAMES), unique=True, max_size=4))
    coefficients = {n: draw(FRACTIONS.filter(bool)) for n in names}
    origin = {i: draw(FRACTIONS.filter(bool)) for i in draw(st.sets(st.integers(0, 4)))}
    op = draw(st.sampled_from(["<=", "<", "="]))
    support = frozenset(draw(st.sets(st.integers(0, 4), max_size=3)))
    return Row(coefficients, op, draw(FRACTIONS), origin, support)


def written_out(first: Row, a: Fraction, second: Row, b: Fraction) -> Row:
    """``combine`` as it was before its shortcut."""
    coefficients = {name: a * value for name, value in first.coefficients.items()}
    for name, value in second.coefficients.items():
        coefficients[name] = coefficients.get(name, Fraction(0)) + b * value
    origin = {i: a * m for i, m in first.origin.items()}
    for i, m in second.origin.items():
        origin[i] = origin.get(i, Fraction(0)) + b * m
    ops = {first.op if a else "=", second.op if b else "="}
    op = "<" if "<" in ops else "<=" if "<=" in ops else "="
    return Row(
        {n: c for n, c in coefficients.items() if c},
        op,  # type: ignore[arg-type]
        a * first.bound + b * second.bound,
        {i: m for i, m in origin.items() if m},
        (first.support if a else frozenset()) | (second.support if b else frozenset()),
    )


@given(rows(), FACTORS, rows(), FACTORS)
def test_combine_is_the_arithmetic_written_out(
    first: Row, a: Fraction, second: Row, b: Fraction
) -> None:
    fast, plain = combine(first, a, second, b), written_out(first, a, second, b)
    assert fast == plain
    assert list(fast.coefficients.items()) == list(plain.coefficients.items())  # same order
    assert list(fast.origin.items()) == list(plain.origin.items())
    assert all(type(c) is Fraction for c in [*fast.coefficients.values(), fast.bound])


@given(rows().filter(lambda r: bool(r.coefficients)))
def test_key_of_a_normal_row_is_the_key_written_out(row: Row) -> None:
    normal = _normal(row)
    first = abs(next(iter(sorted(normal.coefficients.items())))[1])
    assert first == 1
    assert _key(normal) == tuple(sorted((n, c / first) for n, c in normal.coefficients.items()))
    scale = abs(sorted(row.coefficients.items())[0][1])
    assert _key(row) == tuple(sorted((n, c / scale) for n, c in row.coefficients.items()))
