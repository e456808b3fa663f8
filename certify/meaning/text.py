"""Formulas in words, for ``--explain`` and the JSON ``reading``: what each sentence was read as."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from certify.meaning import ir
from certify.meaning.possession import event_text, is_event
from certify.numeric import LinearConstraint


def show(formula: ir.Formula, vocabulary: ir.Vocabulary) -> str:
    """A compact, unambiguous rendering: ``in(Ana, the kitchen) ∨ in(Ana, the garden)``."""
    return shown_by(vocabulary)(formula)


def shown_by(vocabulary: ir.Vocabulary) -> Callable[[ir.Formula], str]:
    """``show`` for the formulas of one vocabulary (every statement of a text): each name's
    label is looked up once."""
    labels: dict[str, str] = {}

    def label(key: str) -> str:
        found = labels.get(key)
        if found is None:
            found = "x" if key.startswith(ir.BOUND) else vocabulary.label(key)
            labels[key] = found
        return found

    def go(f: ir.Formula) -> str:
        if f.__class__ is ir.Compare:  # most statements of a numeric text: no other case is
            return _comparison(f.constraint, label)  # a Compare (no class derives from one)
        if isinstance(f, ir.Const):
            return "declaration" if f.value else "false"
        if isinstance(f, ir.Not):
            return "¬" + go(f.body)
        if isinstance(f, ir.And):
            return "(" + " ∧ ".join(go(p) for p in f.parts) + ")"
        if isinstance(f, ir.Or):
            return "(" + " ∨ ".join(go(p) for p in f.parts) + ")"
        if isinstance(f, ir.Implies):
            return "(" + go(f.premise) + " → " + go(f.conclusion) + ")"
        if isinstance(f, ir.Iff):
            return "(" + go(f.left) + " ↔ " + go(f.right) + ")"
        if isinstance(f, ir.Count):
            bound = f"exactly {f.low}" if f.low == f.high else f"{f.low}..{f.high}"
            return f"{bound} of [" + "; ".join(go(p) for p in f.parts) + "]"
        if isinstance(f, ir.ForAll):
            over = "individual" if f.people else "thing"
            return f"for every {over} x: " + go(f.body)
        if isinstance(f, ir.Exists):
            over = "individual" if f.people else "thing"
            return f"for some {over} x (named or not): " + go(f.body)
        return _atom(f, label)

    def shown(formula: ir.Formula) -> str:
        text = go(formula)
        return text[1:-1] if text.startswith("(") and text.endswith(")") else text

    return shown


def _atom(f: ir.Atom, label: Callable[[str], str]) -> str:
    """One atom, its names shown by ``label``."""
    if isinstance(f, ir.InPlace):
        return f"in({label(f.thing)}, {label(f.place)})"
    if isinstance(f, ir.SamePlace):
        return f"same place({label(f.first)}, {label(f.second)})"
    if isinstance(f, ir.HasValue):
        return f"{f.attribute}({label(f.thing)}) = {f.value}"
    if isinstance(f, ir.SameValue):
        return f"{f.attribute}({label(f.first)}) = {f.attribute}({label(f.second)})"
    if isinstance(f, ir.Holds):
        return f"{f.predicate}({label(f.thing)})"
    if isinstance(f, ir.Related) and is_event(f):
        return event_text(f, label)
    if isinstance(f, ir.Related):
        return f"{f.verb}({label(f.subject)}, {label(f.object)})"
    if isinstance(f, ir.Integral):
        return f"{label(f.name)} is an integer"
    if isinstance(f, ir.Closed):
        return "every located individual is in one of: " + ", ".join(map(label, f.places))
    if isinstance(f, ir.OneOf):
        return f"every {f.attribute} is one of: " + ", ".join(f.values)
    return _comparison(f.constraint, label)


def _comparison(constraint: LinearConstraint, label: Callable[[str], str]) -> str:
    """``x - y <= 3``; all-negative sides are turned round (``x > 3``, not ``-x < -3``)."""
    terms = constraint.terms
    op: str = constraint.op
    limit: Fraction = constraint.bound
    # A Fraction has the sign of its numerator, and is ±1 when that is ±1 over 1: read
    # there, without Fraction arithmetic (a text of thousands of differences shows each).
    negative = bool(terms)
    for _, c in terms:
        if c.numerator >= 0:
            negative = False
            break
    if negative:  # "x > 3" rather than "-x < -3"
        terms = tuple((n, -c) for n, c in terms)
        op = {"<": ">", "<=": ">=", "=": "="}[op]
        limit = -limit
    parts = []
    for n, c in terms:
        top = c.numerator
        sign = "+ " if top > 0 else "- "
        if c.denominator == 1 and (top == 1 or top == -1):
            parts.append(sign + label(n))
        else:
            parts.append(f"{sign}{abs(c)}·{label(n)}")
    shown = " ".join(parts)
    return f"{shown.removeprefix('+ ') or '0'} {op} {limit}"  # "0 = -1": x = x - 1
