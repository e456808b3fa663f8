"""The walks over a formula: ``formulas.mentions`` finds a kind of node wherever it is (the
root, under each connective, deep inside) and only there, which grounding and the numeric test
rely on; ``formulas.atoms_of`` lists every atom in the order it is written, repetitions kept,
which fixes the order of variables and so the encoding."""

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


def _named(index: int) -> ir.InPlace:
    return ir.InPlace(f"p{index}", "kitchen")


def test_atoms_in_written_order_with_repetitions() -> None:
    a, b, c, d, e = (_named(i) for i in range(5))
    formula = ir.And(
        (
            ir.Implies(a, ir.Or((b, ir.Const(True), ir.Not(c)))),
            ir.Iff(ir.Count((d, a), 1, 1), ir.ForAll("?x", e)),
            ir.Exists("?x", ir.And((b, b)), "(someone 1)"),
        )
    )
    assert formulas.atoms_of(formula) == [a, b, c, d, a, e, b, b]
    assert formulas.atoms_of(ir.Const(False)) == []
    assert formulas.atoms_of(a) == [a]


def _atoms(formula: ir.Formula) -> list[ir.Formula]:
    """The atoms by plain recursion, the way the definition reads."""
    if isinstance(formula, ir.Const):
        return []
    if isinstance(formula, (ir.Not, ir.ForAll, ir.Exists)):
        return _atoms(formula.body)
    if isinstance(formula, (ir.And, ir.Or, ir.Count)):
        return [a for part in formula.parts for a in _atoms(part)]
    if isinstance(formula, ir.Implies):
        return _atoms(formula.premise) + _atoms(formula.conclusion)
    if isinstance(formula, ir.Iff):
        return _atoms(formula.left) + _atoms(formula.right)
    return [formula]


@pytest.mark.parametrize("outer", range(10))
@pytest.mark.parametrize("inner", range(10))
def test_atoms_two_levels_down(outer: int, inner: int) -> None:
    formula = _wrappers(ir.Or((_named(7), _wrappers(COMPARE)[inner])))[outer]
    assert COMPARE in formulas.atoms_of(formula)
    assert formulas.atoms_of(formula) == _atoms(formula)


def test_a_comparison_is_its_own_atom_in_a_list_of_its_own() -> None:
    found = formulas.atoms_of(COMPARE)
    assert found == _atoms(COMPARE) == [COMPARE]
    found.append(ATOM)  # callers may add to it: each call gives a new list
    assert formulas.atoms_of(COMPARE) == [COMPARE]
