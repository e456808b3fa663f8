"""Comparisons between integer variables only, restated in integer arithmetic for Z3.

The oracle writes an integer variable as a real (``ToReal(x)``), so that it mixes with the real
ones.  Z3 gives up on some systems of strict comparisons written that way: ``ToReal(y) -
ToReal(x) < 0`` with ``ToReal(x) - ToReal(y) < 1`` times out (z3-solver 4.x, every tactic
tried), though the same over ``Int`` is unsat at once.  So each comparison whose terms are all
integer variables, with rational coefficients and a rational constant, is restated over
``Int``: scaled by the denominators' least common multiple to integer coefficients, a strict
bound made non-strict (``e < c`` is ``e <= ceil(c) - 1`` for an integer-valued ``e``), an
equation with a fractional constant false.  Both say the same of every state; a comparison
with a real variable in it is left as it is.
"""

from __future__ import annotations

import math
from fractions import Fraction

import z3

Linear = tuple[dict[str, tuple[z3.ArithRef, Fraction]], Fraction]
"""A linear expression: each variable's Int term and coefficient, and the constant."""

COMPARISONS = {
    z3.Z3_OP_LT: "<",
    z3.Z3_OP_LE: "<=",
    z3.Z3_OP_GT: ">",
    z3.Z3_OP_GE: ">=",
    z3.Z3_OP_EQ: "==",
}


def integral(formula: z3.BoolRef) -> z3.BoolRef:
    """``formula`` with each comparison over integer variables only restated over Int."""
    key = formula.get_id()
    kept = _DONE.get(key)
    if kept is not None and kept[0].eq(formula):
        return kept[1]
    pairs: list[tuple[z3.BoolRef, z3.BoolRef]] = []
    _collect(formula, pairs, set())
    restated = z3.substitute(formula, *pairs) if pairs else formula
    if len(_DONE) > 20_000:
        _DONE.clear()
    _DONE[key] = (formula, restated)  # the formula kept, so that its id is not reused
    return restated


_DONE: dict[int, tuple[z3.BoolRef, z3.BoolRef]] = {}


def _collect(node: z3.ExprRef, pairs: list[tuple[z3.BoolRef, z3.BoolRef]], seen: set[int]) -> None:
    if node.get_id() in seen or not z3.is_app(node) or node.sort_kind() != z3.Z3_BOOL_SORT:
        return
    seen.add(node.get_id())
    kind = node.decl().kind()
    if kind in COMPARISONS:
        restated = _comparison(node, COMPARISONS[kind])
        if restated is not None:
            pairs.append((node, restated))
        return
    for child in node.children():
        _collect(child, pairs, seen)


def _comparison(atom: z3.BoolRef, op: str) -> z3.BoolRef | None:
    if atom.num_args() != 2:
        return None
    left, right = atom.children()
    if left.sort_kind() not in _NUMBERS:
        return None
    a, b = _linear(left), _linear(right)
    if a is None or b is None:
        return None
    terms = dict(a[0])
    for name, (term, coefficient) in b[0].items():
        mine = terms.get(name, (term, Fraction(0)))[1]
        terms[name] = (term, mine - coefficient)
    terms = {name: pair for name, pair in terms.items() if pair[1] != 0}
    bound = b[1] - a[1]  # sum(terms) op bound
    scale = math.lcm(*(c.denominator for _, c in terms.values())) if terms else 1
    total: z3.ArithRef = z3.IntVal(0)
    for term, coefficient in terms.values():
        total = total + int(coefficient * scale) * term
    return _bounded(total, op, bound * scale)


_NUMBERS = (z3.Z3_INT_SORT, z3.Z3_REAL_SORT)


def _bounded(total: z3.ArithRef, op: str, bound: Fraction) -> z3.BoolRef:
    """``total op bound`` for an integer-valued ``total``, with an integer bound."""
    if op == "<":
        return total <= math.ceil(bound) - 1
    if op == "<=":
        return total <= math.floor(bound)
    if op == ">":
        return total >= math.floor(bound) + 1
    if op == ">=":
        return total >= math.ceil(bound)
    return total == int(bound) if bound.denominator == 1 else z3.BoolVal(False)


def _linear(expr: z3.ArithRef) -> Linear | None:
    """``expr`` as a linear expression over Int variables, or None."""
    kind = expr.decl().kind()
    if kind == z3.Z3_OP_ANUM:
        return {}, Fraction(expr.as_string())  # type: ignore[attr-defined]
    if kind == z3.Z3_OP_UNINTERPRETED:
        if expr.num_args() or expr.sort_kind() != z3.Z3_INT_SORT:
            return None  # a real variable, or a function
        return {str(expr): (expr, Fraction(1))}, Fraction(0)
    if kind == z3.Z3_OP_TO_REAL:
        return _linear(expr.arg(0))
    parts = [_linear(child) for child in expr.children()]
    if not parts or any(part is None for part in parts):
        return None
    if kind == z3.Z3_OP_ADD:
        return _sum(parts, [1] * len(parts))  # type: ignore[arg-type]
    if kind == z3.Z3_OP_SUB:
        return _sum(parts, [1] + [-1] * (len(parts) - 1))  # type: ignore[arg-type]
    if kind == z3.Z3_OP_UMINUS:
        return _sum(parts, [-1])  # type: ignore[arg-type]
    if kind == z3.Z3_OP_MUL:
        return _product(parts)  # type: ignore[arg-type]
    if kind == z3.Z3_OP_DIV and len(parts) == 2 and not parts[1][0] and parts[1][1] != 0:  # type: ignore[index]
        return _product([parts[0], ({}, 1 / parts[1][1])])  # type: ignore[list-item, index]
    return None


def _sum(parts: list[Linear], signs: list[int]) -> Linear:
    terms: dict[str, tuple[z3.ArithRef, Fraction]] = {}
    constant = Fraction(0)
    for (part_terms, part_constant), sign in zip(parts, signs):
        constant += sign * part_constant
        for name, (term, coefficient) in part_terms.items():
            terms[name] = (term, terms.get(name, (term, Fraction(0)))[1] + sign * coefficient)
    return terms, constant


def _product(parts: list[Linear]) -> Linear | None:
    """A product with at most one factor that is not a constant."""
    factor = Fraction(1)
    variable: Linear | None = None
    for part in parts:
        if part[0]:
            if variable is not None:
                return None  # nonlinear
            variable = part
        else:
            factor *= part[1]
    if variable is None:
        return {}, factor
    terms = {name: (term, c * factor) for name, (term, c) in variable[0].items()}
    return terms, variable[1] * factor
