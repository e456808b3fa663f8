"""Lowering of numeric sentences: quantities, clock times, ages and comparatives → constraints.

Every numeric predicate becomes one or more exact ``LinearConstraint`` atoms.  Quantities of
things get variables of their own, named so that a witness reads well: ``Ana arrives``
(a clock time, minutes since midnight), ``Ana's age``, ``how big the box is``.
Comparatives without numbers ("bigger than") are a strict order on such a quantity.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from fractions import Fraction

from certify.meaning.ir import And, Compare, Formula
from certify.numeric import LinearConstraint, LinearExpr, normal_terms
from certify.syntax import ast
from certify.syntax.errors import SentenceError
from certify.syntax.words import comparative_base, dimension

NumberOf = Callable[[ast.NP], str]
"""Resolve a noun phrase that denotes a number (``x``) to its variable."""
QuantityOf = Callable[[ast.NP, str, str, bool], str]
"""Resolve (thing, quantity key, label template, is a clock) to a variable."""

_UP = {"greater", "more", "larger", "bigger", "higher"}
_DOWN = {"less", "smaller", "fewer", "lower"}


def compare(left: LinearExpr, relation: str, right: LinearExpr, line: int) -> Compare:
    """The atom ``left RELATION right``."""
    return Compare(LinearConstraint.make(left, relation, right, (line,)))


def conjoin(atoms: list[Formula]) -> Formula:
    """One formula for several constraints."""
    return atoms[0] if len(atoms) == 1 else And(tuple(atoms))


def arith(node: ast.Arith, variable: Callable[[str, ast.Span], str]) -> Formula:
    """``3 <= x <= 7`` → two constraints; names resolved through ``variable``.

    A comparison whose variables cancel (``x = x - 1``, ``x = x``) is kept as the constant
    constraint it becomes (``0 = 1`` is a contradiction, ``0 = 0`` is true); only one that
    never names a variable (``3 = 3``) is refused.
    """
    # each name resolved (and its mention recorded) once, in the order the terms give them;
    # "-y + y <= 3." speaks of y, though its terms cancel
    resolved: dict[str, str] = {}
    same = True  # every name its own variable: numbers written in arithmetic
    for name in [*(name for side in node.sides for name, _ in side.terms), *node.names]:
        if name not in resolved:
            key = resolved[name] = variable(name, node.span)
            same = same and key == name
    sides = [_rename(side, resolved, same) for side in node.sides]
    for left, right in itertools.pairwise(() if node.names else sides):
        if not left.terms and not right.terms:
            raise SentenceError(
                "this comparison has no variable in it",
                node.span,
                "x + y = 10.",
            )
    atoms: list[Formula] = [
        compare(sides[i], relation, sides[i + 1], node.span.line)
        for i, relation in enumerate(node.relations)
    ]
    return conjoin(atoms)


def _rename(expr: LinearExpr, resolved: dict[str, str], same: bool = False) -> LinearExpr:
    """``expr`` with its names resolved; ``expr`` itself when each name is its own variable
    (a number written in arithmetic: ``same`` says so of every name ``resolved`` has) and its
    terms are as ``LinearExpr.of`` leaves them."""
    terms = expr.terms
    same = same or all(resolved[name] == name for name, _ in terms)
    if same and normal_terms(terms) and type(expr.constant) is Fraction:
        return expr
    return LinearExpr.of({resolved[name]: c for name, c in terms}, expr.constant)


def operand(value: ast.Operand, number_of: NumberOf) -> LinearExpr:
    """A number, or the variable a noun phrase names."""
    if isinstance(value, Fraction):
        return LinearExpr((), value)
    return LinearExpr.variable(number_of(value))


def quantity(
    clause: ast.Clause,
    predicate: ast.PNumeric,
    number_of: NumberOf,
    quantity_of: QuantityOf,
    is_number: Callable[[ast.NP], bool],
) -> Formula:
    """Lower ``is between 3 and 7``, ``is 3 years older than Bob``, ``is bigger than Y``..."""
    line = clause.span.line
    subject = clause.subject
    kind = predicate.kind
    if kind == "age":
        age = LinearExpr.variable(quantity_of(subject, "age", "{}'s age", False))
        return compare(age, "=", operand(predicate.operands[0], number_of), line)
    if kind == "years_than":
        years, other = predicate.operands
        assert isinstance(years, Fraction) and isinstance(other, ast.NP)
        mine = LinearExpr.variable(quantity_of(subject, "age", "{}'s age", False))
        theirs = LinearExpr.variable(quantity_of(other, "age", "{}'s age", False))
        sign = {"older": 1, "younger": -1}.get(predicate.word)
        if sign is None:
            raise SentenceError(
                f"'{predicate.word}' is not an age comparison",
                clause.span,
                "Ana is 3 years older than Bob.",
            )
        return compare(mine, "=", theirs.plus(LinearExpr((), years * sign)), line)
    if kind == "comparative":
        return _comparative(clause, predicate, number_of, quantity_of, is_number)
    if not is_number(subject):
        raise SentenceError(
            f"{subject.text!r} is not a number; say which quantity of it you mean",
            clause.span,
            "Bob is 20 years old.",
        )
    me = LinearExpr.variable(number_of(subject))
    values = [operand(v, number_of) for v in predicate.operands]
    if kind == "more_than":
        amount = values[0].constant * (1 if predicate.word == "more" else -1)
        return compare(me, "=", values[1].plus(LinearExpr((), amount)), line)
    if kind == "equals":
        return compare(me, "=", values[0], line)
    if kind == "between":
        return conjoin([compare(values[0], "<=", me, line), compare(me, "<=", values[1], line)])
    if kind == "at_least":
        return compare(me, ">=", values[0], line)
    if kind == "at_most":
        return compare(me, "<=", values[0], line)
    raise SentenceError(f"unknown numeric form {kind}", clause.span)


def scale_of(base: str) -> tuple[str, str, int]:
    """The quantity a comparative's base measures (``tall``, ``small``): its key in a
    variable (``Ana.tall``), its label (``how tall {} is``) and its direction (-1: reversed)."""
    scale, sign = dimension(base)
    if scale == "old":  # older, younger, newer: the age "N years old" speaks of
        return "age", "{}'s age", sign
    return scale, "how " + scale + " {} is", sign


def event_label(verb: str) -> str:
    """The label of the time of an event (``arrive``: ``{} arrives``)."""
    return "{} " + verb + "s"


def _comparative(
    clause: ast.Clause,
    predicate: ast.PNumeric,
    number_of: NumberOf,
    quantity_of: QuantityOf,
    is_number: Callable[[ast.NP], bool],
) -> Formula:
    line = clause.span.line
    word = predicate.word
    other = predicate.operands[0]
    if is_number(clause.subject) or isinstance(other, Fraction):
        if word not in _UP | _DOWN:
            raise SentenceError(
                f"numbers are compared with 'greater than' or 'less than', not '{word} than'",
                clause.span,
                "x is greater than y.",
            )
        me = LinearExpr.variable(number_of(clause.subject))
        return compare(me, ">" if word in _UP else "<", operand(other, number_of), line)
    base = comparative_base(word)
    if base is None:
        raise SentenceError(
            f"'{word}' is not a comparative like 'bigger' or 'older'",
            clause.span,
            "The box is bigger than the chocolate.",
        )
    key, template, sign = scale_of(base)
    mine = LinearExpr.variable(quantity_of(clause.subject, key, template, False))
    theirs = LinearExpr.variable(quantity_of(other, key, template, False))
    return compare(mine, ">" if sign > 0 else "<", theirs, line)


def event(clause: ast.Clause, predicate: ast.PEvent, quantity_of: QuantityOf) -> Formula:
    """Lower ``arrives at 9:00``, ``arrives at least 10 minutes after Ana``, ..."""
    line = clause.span.line
    template = event_label(predicate.verb)
    me = LinearExpr.variable(quantity_of(clause.subject, predicate.verb, template, True))
    kind, numbers = predicate.kind, predicate.numbers

    def const(value: Fraction) -> LinearExpr:
        return LinearExpr((), value)

    if kind == "at":
        return compare(me, "=", const(numbers[0]), line)
    if kind == "between_times":
        return conjoin(
            [compare(const(numbers[0]), "<=", me, line), compare(me, "<=", const(numbers[1]), line)]
        )
    if kind in ("no_later", "no_earlier", "before_time", "after_time"):
        relation = {"no_later": "<=", "no_earlier": ">=", "before_time": "<", "after_time": ">"}[
            kind
        ]
        return compare(me, relation, const(numbers[0]), line)
    assert predicate.other is not None
    them = LinearExpr.variable(quantity_of(predicate.other, predicate.verb, template, True))
    if kind in ("before", "after", "same_time"):
        relation = {"before": "<", "after": ">", "same_time": "="}[kind]
        return compare(me, relation, them, line)
    # Offsets: gap = how long after the other one this happens.
    gap = me.plus(them, -1) if predicate.direction == "after" else them.plus(me, -1)
    if kind == "offset":
        return compare(gap, "=", const(numbers[0]), line)
    if kind == "at_least":
        return compare(gap, ">=", const(numbers[0]), line)
    if kind == "at_most":
        return conjoin(
            [
                compare(gap, ">=", const(Fraction(0)), line),
                compare(gap, "<=", const(numbers[0]), line),
            ]
        )
    if kind == "between_offsets":
        return conjoin(
            [
                compare(gap, ">=", const(numbers[0]), line),
                compare(gap, "<=", const(numbers[1]), line),
            ]
        )
    raise SentenceError(f"unknown time phrase {kind}", clause.span)
