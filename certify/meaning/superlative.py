"""``Who is the tallest?``: the individuals compared on a scale that nobody exceeds on it;
``Who arrives first?``: the individuals whose arrival nobody's precedes (``last``: follows);
``Who is taller than Bob?`` and ``Who arrives before Bob?``: the others on that scale above
Bob (before Bob); ``Who arrives before 9:15?``: those whose arrival the time phrase fits.

The statements so far give some individuals a quantity on the scale the superlative names
(``Ana is taller than Bea.``: ``Ana.tall`` and ``Bea.tall``; ``oldest`` and ``youngest``: the
age).  In a state, X answers when no other of them is above X on the scale (below, for a
reverse superlative: ``shortest``); ties give several names (``Ana and Bea``).  The answer is
a set of names, as for ``Who lies?``, asked of the comparisons: the certifier answers it by
SAT with the linear theory (``readout.mixed.MixedCertifier``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from certify.meaning import ir, queries
from certify.meaning.lower_numbers import compare, conjoin, event_label, scale_of
from certify.meaning.mentions import entity_key
from certify.numeric import LinearExpr
from certify.syntax import ast
from certify.syntax.errors import SentenceError
from certify.syntax.words import comparative_base, superlative_base

if TYPE_CHECKING:
    from certify.meaning.lower import Lowering


def superlative(lowering: Lowering, asked: ast.PNumeric, span: ast.Span) -> queries.AskWhich:
    """Who is the tallest? over the individuals the statements so far put on its scale; who
    arrives first (``asked.kind``: ``first`` or ``last``; ``asked.word``: the event verb)?
    over those whose event they time."""
    if asked.kind in ("first", "last"):
        key = asked.word
        relation = "<=" if asked.kind == "first" else ">="
    else:
        base = superlative_base(asked.word)
        assert base is not None  # the builder refused every other word (``q_superlative``)
        key, _, sign = scale_of(base)
        relation = ">=" if sign > 0 else "<="
    quantities = _named(lowering, key)
    formulas: list[ir.Formula] = []
    for mine in quantities:
        others: list[ir.Formula] = [
            compare(LinearExpr.variable(mine), relation, LinearExpr.variable(theirs), span.line)
            for theirs in quantities
            if theirs != mine
        ]
        formulas.append(conjoin(others) if others else ir.Const(True))
    return queries.AskWhich(_holders(quantities), tuple(formulas))


def compared(lowering: Lowering, asked: ast.PNumeric, span: ast.Span) -> queries.AskWhich:
    """Who is taller than Y? (``asked.kind`` ``than``, ``asked.word`` the comparative), who
    arrives before Y? (``before`` / ``after``, the event verb): of the others the statements
    so far put on that scale, those above Y on it (before Y); a set of names per state."""
    other = asked.operands[0]
    assert isinstance(other, ast.NP)
    if lowering.is_number(other):
        raise SentenceError(
            f"{other.text!r} is a number: 'Who is taller than Y?' compares things on a scale",
            other.span,
            "Who is taller than Bob?",
        )
    if asked.kind == "than":
        base = comparative_base(asked.word)
        assert base is not None  # the builder refused every other word (``q_who_comparative``)
        key, template, sign = scale_of(base)
        clock, relation = False, (">" if sign > 0 else "<")
    else:
        key, template, clock = asked.word, event_label(asked.word), True
        relation = "<" if asked.kind == "before" else ">"
    theirs = lowering.quantity(other, key, template, clock)
    quantities = [v for v in _named(lowering, key) if v != theirs]
    formulas = tuple(
        compare(LinearExpr.variable(mine), relation, LinearExpr.variable(theirs), span.line)
        for mine in quantities
    )
    return queries.AskWhich(_holders(quantities), formulas)


def timed(lowering: Lowering, asked: ast.PEvent, span: ast.Span) -> queries.AskWhich:
    """Who arrives before 9:15? (any time phrase of a statement): of the individuals whose
    event the statements so far time, those of whom ``X arrives before 9:15.`` holds (not
    the one the phrase names: ``Who arrives 10 minutes after Bob?`` is never Bob)."""
    other = entity_key(asked.other)[0] if asked.other is not None else None
    holders = tuple(h for h in _holders(_named(lowering, asked.verb)) if h != other)
    formulas = tuple(
        lowering.predicate(ast.Clause(ast.NP("name", (h.lower(),), h, span), asked, False, span))
        for h in holders
    )
    return queries.AskWhich(holders, formulas)


def _named(lowering: Lowering, key: str) -> list[str]:
    """The quantities of ``key`` the statements so far name (``Ana.tall``), in order."""
    return [v for v in lowering.numbers_named if v.endswith("." + key)]


def _holders(quantities: list[str]) -> tuple[str, ...]:
    """Whose quantities they are (``Ana.tall``: ``Ana``)."""
    return tuple(v.rsplit(".", 1)[0] for v in quantities)
