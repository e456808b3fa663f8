"""From a lowered text to the ``Problem`` a question is answered against.

A question written in the file is answered against the statements above it, with the names
mentioned above it (SPEC section 2); ``--ask`` questions against the whole text.  This is also
where the combining law is applied: under the *update* law (a ``Story:`` text, or any
movement verb) a statement that moves an individual starts a new moment for it, and what was
said of its location before refers to its earlier self (``Ana@0``), so nothing said earlier
is lost and nothing said earlier constrains where it is now.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Literal

from certify import ir
from certify.mentions import Lowered, LoweredQuestion, Mention
from certify.space import build_vocabulary


@dataclass(frozen=True, slots=True)
class Reading:
    """A whole text, lowered: statements and in-file questions, in order."""

    statements: tuple[Lowered, ...]
    questions: tuple[LoweredQuestion, ...]
    story: bool = False
    places: frozenset[str] = frozenset()
    """Which names are places: decided once per text, from the statements (``space.py``)."""


def before(statement: ir.Statement, line: int | None, column: int = 0) -> bool:
    """Whether a statement is written before position (line, column); None is the text's end."""
    if line is None or line <= 0:
        return True
    return (statement.line, statement.column) < (line, column)


def problem_at(
    reading: Reading, line: int | None, extra: Iterable[Mention] = (), column: int = 0
) -> ir.Problem:
    """The problem of the statements before (line, column) (all of them when ``line`` is None).

    A question written in the file is answered as if the text ended just before it, so a
    statement earlier on the question's own line counts (SPEC §2).
    """
    lowered = [s for s in reading.statements if before(s.statement, line, column)]
    statements = [s.statement for s in lowered]
    mentions = [m for s in lowered for m in s.mentions]
    statements, earlier = _moments(statements, reading.places)
    law: Literal["conjunction", "update"] = (
        "update" if reading.story or any(s.updates for s in statements) else "conjunction"
    )
    vocabulary = build_vocabulary(mentions, list(extra), earlier, statements, reading.places)
    return ir.Problem(tuple(statements), vocabulary, law)


def _moments(
    statements: list[ir.Statement], places: frozenset[str]
) -> tuple[list[ir.Statement], list[tuple[str, str]]]:
    """Rename each individual's location before its last update to an earlier self.

    Places do not move: a containment statement in a story is not an update.
    """
    updates: dict[str, list[int]] = {}
    for s in statements:
        for who in s.updates:
            if who not in places:
                updates.setdefault(who, []).append(s.line)
    if not updates:
        return statements, []
    earlier: dict[str, str] = {}
    result: list[ir.Statement] = []
    for s in statements:
        formula = s.formula
        for who, lines in updates.items():
            era = sum(1 for u in lines if u <= s.line)
            if era < len(lines):
                self_then = f"{who}@{era}"
                renamed = rename_location(formula, who, self_then)
                if renamed != formula:
                    earlier[self_then] = "{} (until line " + str(lines[era]) + ")"
                    formula = renamed
        result.append(ir.Statement(s.line, s.text, formula, s.column, s.updates, s.declares))
    return result, list(earlier.items())


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


__all__ = ["Reading", "before", "problem_at", "rename_location"]
