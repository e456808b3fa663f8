"""Rewriting formulas: a rule's variable replaced by a name, an individual by its earlier self.

Pure functions over the IR, shared by the state space (grounding), the evaluator and the
update law, so that none of them borrows from another.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import TypeVar

from certify.meaning import ir
from certify.numeric import LinearConstraint

T = TypeVar("T")

Atomic = Callable[[ir.Formula], ir.Formula]
Quantified = Callable[[ir.ForAll | ir.Exists], ir.Formula]


def rebuild(formula: ir.Formula, atom: Atomic, quantified: Quantified | None = None) -> ir.Formula:
    """The formula with every atom (and constant) replaced by ``atom(it)`` and every quantifier
    by ``quantified(it)`` (by default: the quantifier over its rebuilt body)."""

    def go(f: ir.Formula) -> ir.Formula:
        if isinstance(f, ir.Not):
            return ir.Not(go(f.body))
        if isinstance(f, (ir.And, ir.Or)):
            return type(f)(tuple(go(p) for p in f.parts))
        if isinstance(f, ir.Count):
            return ir.Count(tuple(go(p) for p in f.parts), f.low, f.high)
        if isinstance(f, ir.Implies):
            return ir.Implies(go(f.premise), go(f.conclusion))
        if isinstance(f, ir.Iff):
            return ir.Iff(go(f.left), go(f.right))
        if isinstance(f, (ir.ForAll, ir.Exists)):
            return quantified(f) if quantified else replace(f, body=go(f.body))
        return atom(f)

    return go(formula)


_NAMED = ("thing", "place", "first", "second", "subject", "object")


def substitute(formula: ir.Formula, variable: str, key: str) -> ir.Formula:
    """Replace the bound variable ``variable`` by the individual ``key`` everywhere."""

    def atom(f: ir.Formula) -> ir.Formula:
        if isinstance(f, (ir.Const, ir.Compare)):
            return f
        changes = {name: key for name in _NAMED if getattr(f, name, None) == variable}
        return replace(f, **changes) if changes else f  # type: ignore[arg-type]

    def quantified(q: ir.ForAll | ir.Exists) -> ir.Formula:
        return q if q.variable == variable else replace(q, body=substitute(q.body, variable, key))

    return rebuild(formula, atom, quantified)


def rename_location(formula: ir.Formula, old: str, new: str) -> ir.Formula:
    """Replace ``old`` by ``new`` where it is the located thing of a location atom."""

    def atom(f: ir.Formula) -> ir.Formula:
        if isinstance(f, ir.InPlace) and f.thing == old:
            return ir.InPlace(new, f.place)
        if isinstance(f, ir.SamePlace) and old in (f.first, f.second):
            first = new if f.first == old else f.first
            return ir.SamePlace(first, new if f.second == old else f.second)
        return f

    return rebuild(formula, atom)


def instance(quantified: ir.ForAll | ir.Exists, who: str) -> ir.Formula:
    """The body of a quantifier said of ``who``: at the moment the statement speaks of."""
    body = substitute(quantified.body, quantified.variable, who)
    self_then = dict(quantified.selves).get(who)
    return body if self_then is None else rename_location(body, who, self_then)


def mentions(formula: ir.Formula, kinds: type | tuple[type, ...]) -> bool:
    """Whether some node of the formula is one of ``kinds`` (stops at the first).

    Each part's type is looked at where it is met, and only connectives go on the stack: most
    nodes are atoms, and a statement is walked like this once or twice per certifier.
    """
    wanted = set(kinds) if isinstance(kinds, tuple) else {kinds}
    if type(formula) in wanted:
        return True
    stack = [formula]
    while stack:
        f = stack.pop()
        kind = type(f)
        parts: Iterable[ir.Formula]
        if kind in _NARY:
            parts = f.parts  # type: ignore[union-attr]
        elif kind in _UNARY:
            parts = (f.body,)  # type: ignore[union-attr]
        elif kind is ir.Implies:
            parts = (f.premise, f.conclusion)  # type: ignore[union-attr]
        elif kind is ir.Iff:
            parts = (f.left, f.right)  # type: ignore[union-attr]
        else:
            continue
        for part in parts:
            if type(part) in wanted:
                return True
            if type(part) in _CONNECTIVES:
                stack.append(part)
    return False


_NARY = frozenset({ir.And, ir.Or, ir.Count})
_UNARY = frozenset({ir.Not, ir.ForAll, ir.Exists})
_CONNECTIVES = _NARY | _UNARY | {ir.Implies, ir.Iff}


def atoms_of(formula: ir.Formula) -> list[ir.Atom]:
    """Every atom occurring in a formula, in order, with repetitions.

    One list and a stack of the nodes still to read (the parts pushed last first), instead of
    a list per node joined on the way up: each statement is read like this several times.
    """
    if type(formula) is ir.Compare:  # most statements of a numeric text: an atom itself
        return [formula]
    found: list[ir.Atom] = []
    stack = [formula]
    while stack:
        f = stack.pop()
        kind = type(f)
        if kind in _NARY:
            stack.extend(reversed(f.parts))  # type: ignore[union-attr]
        elif kind in _UNARY:
            stack.append(f.body)  # type: ignore[union-attr]
        elif kind is ir.Implies:
            stack += (f.conclusion, f.premise)  # type: ignore[union-attr]
        elif kind is ir.Iff:
            stack += (f.right, f.left)  # type: ignore[union-attr]
        elif kind is not ir.Const:
            found.append(f)  # type: ignore[arg-type]
    return found


def constraints_of(formula: ir.Formula) -> list[LinearConstraint] | None:
    """The constraints of a purely conjunctive numeric formula, or None if it is not one."""
    if isinstance(formula, ir.Compare):
        return [formula.constraint]
    if isinstance(formula, ir.And):
        return gathered(formula.parts, constraints_of)
    return None


def gathered(
    parts: Iterable[ir.Formula], read: Callable[[ir.Formula], list[T] | None]
) -> list[T] | None:
    """What ``read`` makes of each part, one list after another; None as soon as a part is
    None (the whole cannot be read that way)."""
    found: list[T] = []
    for part in parts:
        inner = read(part)
        if inner is None:
            return None
        found += inner
    return found
