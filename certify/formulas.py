"""Rewriting formulas: a rule's variable replaced by a name, an individual by its earlier self.

Pure functions over the IR, shared by the state space (grounding), the evaluator and the
update law, so that none of them borrows from another.
"""

from __future__ import annotations

from dataclasses import replace

from certify import ir


def substitute(formula: ir.Formula, variable: str, key: str) -> ir.Formula:
    """Replace the bound variable ``variable`` by the individual ``key`` everywhere."""
    if isinstance(formula, ir.Const):
        return formula
    if isinstance(formula, ir.Not):
        return ir.Not(substitute(formula.body, variable, key))
    if isinstance(formula, ir.And):
        return ir.And(tuple(substitute(p, variable, key) for p in formula.parts))
    if isinstance(formula, ir.Or):
        return ir.Or(tuple(substitute(p, variable, key) for p in formula.parts))
    if isinstance(formula, ir.Count):
        parts = tuple(substitute(p, variable, key) for p in formula.parts)
        return ir.Count(parts, formula.low, formula.high)
    if isinstance(formula, ir.Implies):
        return ir.Implies(
            substitute(formula.premise, variable, key),
            substitute(formula.conclusion, variable, key),
        )
    if isinstance(formula, ir.Iff):
        return ir.Iff(
            substitute(formula.left, variable, key), substitute(formula.right, variable, key)
        )
    if isinstance(formula, (ir.ForAll, ir.Exists)):
        if formula.variable == variable:
            return formula
        return replace(formula, body=substitute(formula.body, variable, key))
    if isinstance(formula, ir.Compare):
        return formula
    changes: dict[str, str] = {
        name: key
        for name in ("thing", "place", "first", "second", "subject", "object")
        if getattr(formula, name, None) == variable
    }
    return replace(formula, **changes) if changes else formula  # type: ignore[arg-type]


def rename_location(formula: ir.Formula, old: str, new: str) -> ir.Formula:
    """Replace ``old`` by ``new`` where it is the located thing of a location atom."""
    if isinstance(formula, ir.InPlace):
        return ir.InPlace(new, formula.place) if formula.thing == old else formula
    if isinstance(formula, ir.SamePlace):
        first = new if formula.first == old else formula.first
        second = new if formula.second == old else formula.second
        return ir.SamePlace(first, second)
    if isinstance(formula, ir.Not):
        return ir.Not(rename_location(formula.body, old, new))
    if isinstance(formula, (ir.And, ir.Or)):
        return type(formula)(tuple(rename_location(p, old, new) for p in formula.parts))
    if isinstance(formula, ir.Count):
        parts = tuple(rename_location(p, old, new) for p in formula.parts)
        return ir.Count(parts, formula.low, formula.high)
    if isinstance(formula, ir.Implies):
        return ir.Implies(
            rename_location(formula.premise, old, new),
            rename_location(formula.conclusion, old, new),
        )
    if isinstance(formula, ir.Iff):
        return ir.Iff(
            rename_location(formula.left, old, new), rename_location(formula.right, old, new)
        )
    if isinstance(formula, (ir.ForAll, ir.Exists)):
        return replace(formula, body=rename_location(formula.body, old, new))
    return formula


def instance(quantified: ir.ForAll | ir.Exists, who: str) -> ir.Formula:
    """The body of a quantifier said of ``who``: at the moment the statement speaks of."""
    body = substitute(quantified.body, quantified.variable, who)
    self_then = dict(quantified.selves).get(who)
    return body if self_then is None else rename_location(body, who, self_then)
