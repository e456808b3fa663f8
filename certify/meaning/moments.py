"""From a lowered text to the ``Problem`` a question is answered against.

A question written in the file is answered against the statements above it, with the names
mentioned above it (SPEC section 2); ``--ask`` questions against the whole text.  This is also
where the combining law is applied: under the *update* law (a ``Story:`` text, or any
movement verb) a statement that moves an individual starts a new moment for it, and what was
said of its location before refers to its earlier self (``Ana@0``), so nothing said earlier
is lost and nothing said earlier constrains where it is now.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Literal

from certify.errors import TextErrors
from certify.meaning import closed, formulas, ir, queries
from certify.meaning.formulas import rename_location
from certify.meaning.mentions import Lowered, LoweredQuestion, Mention
from certify.meaning.possession import without_events
from certify.meaning.space import build_vocabulary
from certify.records import Record


class Reading(Record):
    """A whole text, lowered: statements and in-file questions, in order."""

    statements: tuple[Lowered, ...]
    questions: tuple[LoweredQuestion, ...]
    story: bool = False
    places: frozenset[str] = frozenset()
    """Which names are places: decided once per text, from the statements (``space.py``)."""
    closed: frozenset[tuple[str, str]] | None = None
    """Under ``--closed-world``, the predicates and verbs whose atoms the completion closes
    (those of every statement and question: ``closed_reading``); None: the open reading."""


def before(statement: ir.Statement, line: int | None, column: int = 0) -> bool:
    """Whether a statement is written before position (line, column); None is the text's end."""
    if line is None or line <= 0:
        return True
    return statement.line < line or (statement.line == line and statement.column < column)


def problem_at(
    reading: Reading,
    line: int | None,
    extra: Iterable[Mention] = (),
    column: int = 0,
    asked: Sequence[ir.Formula] | None = None,
    events: bool = True,
) -> ir.Problem:
    """The problem of the statements before (line, column) (all of them when ``line`` is None).

    A question written in the file is answered as if the text ended just before it, so a
    statement earlier on the question's own line counts (SPEC §2).  ``asked``: the formulas
    of the questions the problem will answer, if known (it bounds the unnamed places).
    ``events``: keep the atoms of possession events (``possession.asks_events``).
    """
    lowered = [s for s in reading.statements if before(s.statement, line, column)]
    statements = [s.statement for s in lowered]
    if not events:
        statements = [without_events(s) for s in statements]
    mentions = [m for s in lowered for m in s.mentions]
    statements, earlier = _moments(statements, reading.places)
    law: Literal["conjunction", "update"] = (
        "update" if reading.story or any(s.updates for s in statements) else "conjunction"
    )
    vocabulary = build_vocabulary(mentions, list(extra), earlier, statements, reading.places, asked)
    problem = ir.Problem(tuple(statements), vocabulary, law)
    if reading.closed is None:
        return problem
    return closed.complete(problem, reading.closed | closed.names_of(asked or ()))


def closed_reading(reading: Reading, asked: Sequence[queries.Query]) -> Reading:
    """The reading under ``--closed-world``: refused, with the lines, when a statement is no
    definite rule or the rules have a cycle (``closed.py``); ``asked``: the --ask questions."""
    statements = [s.statement for s in reading.statements]
    errors = closed.refused(statements)
    if not errors:
        found = closed.cycle(closed.clauses(problem_at(reading, None)))
        errors = [closed.cycle_error(found, statements)] if found else []
    if errors:
        raise TextErrors(errors)
    queried = [*(q.question.query for q in reading.questions), *asked]
    said = [s.formula for s in statements]
    names = closed.names_of([*said, *(f for q in queried for f in queries.asked_formulas(q))])
    return replace(reading, closed=names)


def _moments(
    statements: list[ir.Statement], places: frozenset[str]
) -> tuple[list[ir.Statement], list[tuple[str, str]]]:
    """Rename each individual's location before its last update to an earlier self.

    Places do not move: a containment statement in a story is not an update.  A statement
    about everyone ("Nobody is in the kitchen.") written before Ana moves speaks of Ana's
    earlier self: its instance for Ana is renamed when it is grounded (``ir.ForAll.selves``).
    """
    updates: dict[str, list[tuple[int, int, int]]] = {}
    for s in statements:
        for who in s.updates:
            if who not in places:
                updates.setdefault(who, []).append((s.when, s.line, s.column))
    if not updates:
        return statements, []
    for moves in updates.values():  # story time: a period's updates, then the next period's
        moves.sort()
    earlier: dict[str, str] = {}
    result: list[ir.Statement] = []
    for s in statements:
        formula = s.formula
        for who, moves in updates.items():
            era = sum(1 for u in moves if u <= (s.when, s.line, s.column))
            if era == len(moves):
                continue
            self_then = f"{who}@{era}"
            renamed = rename_location(formula, who, self_then)
            if isinstance(renamed, (ir.ForAll, ir.Exists)) and _locates_variable(renamed):
                renamed = replace(renamed, selves=(*renamed.selves, (who, self_then)))
            if renamed != formula:
                earlier[self_then] = "{} (until line " + str(moves[era][1]) + ")"
                formula = renamed
        result.append(replace(s, formula=formula))
    return result, list(earlier.items())


def _locates_variable(quantified: ir.ForAll | ir.Exists) -> bool:
    return any(
        (isinstance(a, ir.InPlace) and a.thing == quantified.variable)
        or (isinstance(a, ir.SamePlace) and quantified.variable in (a.first, a.second))
        for a in formulas.atoms_of(quantified.body)
    )


__all__ = ["Reading", "before", "problem_at"]
