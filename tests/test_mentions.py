"""``formulas.mentions`` finds a kind of node wherever it is: the root, under each connective,
deep inside; and only there (grounding and the numeric test rely on it)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from certify.meaning import formulas, ir
from certify.numeric import LinearConstraint

ATOM = ir.InPlace("Ana", "kitchen")
COMPARE = ir.Compare(LinearConstraint((("x", Fraction(1)),), "<", Fraction(3)))


def _wrappers(inner: ir.Formula) -> list[ir.Formula]:
    """``inner`` under each connective, at each position."""
    return [
        ir.Not(inner),
        ir.And((ATOM, inner)),
        ir.Or((inner, ATOM)),
        ir.Count((ATOM, ATOM, inner), 1, 1),
        ir.Implies(inner, ATOM),
        ir.Implies(ATOM, inner),
        ir.Iff(ATOM, inner),
        ir.Iff(inner, ATOM),
        ir.ForAll("?x", inner),
        ir.Exists("?x", inner, "(someone 1)"),
    ]


@pytest.mark.parametrize("outer", range(10))
@pytest.mark.parametrize("inner", range(10))
def test_a_node_is_found_two_levels_down(outer: int, inner: int) -> None:
    formula = _wrappers(_wrappers(COMPARE)[inner])[outer]
    assert formulas.mentions(formula, ir.Compare)
    assert formulas.mentions(formula, (ir.Iff, ir.Compare))
    plain = _wrappers(_wrappers(ATOM)[inner])[outer]
    assert not formulas.mentions(plain, ir.Compare)


def test_the_root_and_absent_kinds() -> None:
    assert formulas.mentions(COMPARE, ir.Compare)
    assert not formulas.mentions(ATOM, ir.Compare)
    rule = ir.ForAll("?x", ir.Implies(ATOM, ATOM))
    assert formulas.mentions(rule, (ir.ForAll, ir.Exists))
    assert formulas.mentions(ir.And((ATOM, rule)), (ir.ForAll, ir.Exists))
    assert not formulas.mentions(ir.And((ATOM, ir.Not(ATOM))), (ir.ForAll, ir.Exists))
