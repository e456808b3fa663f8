"""``unit_form`` and ``shape`` read a constraint's coefficients once, without Fraction
arithmetic: they must give what the arithmetic gives, on drawn constraints of every size, sign
and denominator."""

from __future__ import annotations

import random
from fractions import Fraction

from certify.domains.fragments import shape, unit_form
from certify.numeric import LinearConstraint


def reference_unit_form(
    constraint: LinearConstraint,
) -> tuple[tuple[tuple[str, int], ...], Fraction] | None:
    """``a * (±x ± y ...) OP c`` in Fraction arithmetic."""
    if not constraint.terms:
        return None
    size = abs(constraint.terms[0][1])
    if any(abs(c) != size for _, c in constraint.terms):
        return None
    signs = tuple((name, 1 if c > 0 else -1) for name, c in constraint.terms)
    return signs, constraint.bound / size


def reference_shape(constraint: LinearConstraint) -> str:
    terms = constraint.terms
    if not terms:
        return "constant"
    if len(terms) == 1:
        return "bound"
    if len(terms) == 2 and abs(terms[0][1]) == abs(terms[1][1]):
        return "difference" if (terms[0][1] > 0) != (terms[1][1] > 0) else "octagonal"
    return "linear"


def drawn(count: int) -> list[LinearConstraint]:
    pick = random.Random(11)
    found = []
    for _ in range(count):
        names = sorted(pick.sample(["x", "y", "z", "w"], pick.randint(0, 3)))
        size = Fraction(pick.choice([1, 1, 2, 3, 10**20]), pick.choice([1, 1, 2, 3]))
        others = [size + 1, Fraction(size.numerator, size.denominator + 1)]  # another size
        terms = tuple(
            (n, pick.choice([-1, 1]) * (size if pick.random() < 0.8 else pick.choice(others)))
            for n in names
        )
        bound = Fraction(pick.randint(-20, 20), pick.choice([1, 1, 4]))
        found.append(LinearConstraint(terms, pick.choice(["<=", "<", "="]), bound))
    return found


def test_unit_form_and_shape_read_as_in_fraction_arithmetic() -> None:
    kinds = set()
    for constraint in drawn(20_000):
        expected = reference_unit_form(constraint)
        found = unit_form(constraint)
        assert found == expected, constraint
        assert found is None or type(found[1]) is Fraction
        kind = shape(constraint)
        assert kind == reference_shape(constraint), constraint
        kinds.add((kind, found is None))
    assert len(kinds) >= 6
