"""Answers from the enumeration engine (``--engine enumerate``): the reference readout.

The remaining states are computed once per problem (and question atoms) by the indicator
average of ``domains/enumerate.py``; the answer set is the set of answers those states give,
each witnessed by the first state that gives it.  A forced answer's support and a
contradiction's conflict are shrunk by deletion exactly as with SAT, but every test is a
fresh enumeration — slow, simple, and independent of the CNF.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from certify.domains.enumerate import remaining
from certify.errors import UsageError
from certify.evaluate import answer_in
from certify.meaning import ir, queries
from certify.readout.status import decide
from certify.readout.witness import witness_of
from certify.report import Answer, Conflict


def _question_atoms(query: queries.Query) -> tuple[ir.Formula, ...]:
    return queries.asked_formulas(query)


def _subset(problem: ir.Problem, keep: Sequence[ir.Statement]) -> ir.Problem:
    return replace(problem, statements=tuple(keep))


def _shrink(problem: ir.Problem, members: list[ir.Statement], unsat: object) -> list[ir.Statement]:
    """Deletion-based minimization with a brute-force oracle ``unsat(statements) -> bool``."""
    assert callable(unsat)
    kept = list(members)
    index = 0
    while index < len(kept):
        trial = kept[:index] + kept[index + 1 :]
        if unsat(trial):
            kept = trial
        else:
            index += 1
    return kept


def enumerated_answer(problem: ir.Problem, question: queries.Question) -> Answer:
    """Answer a finite question by enumerating the state space."""
    extra = _question_atoms(question.query)
    line = question.line or None
    try:
        states = remaining(problem, extra)
    except UsageError as error:  # numbers, or a space too large to enumerate
        return Answer(
            question.text,
            line,
            "unresolved",
            None,
            (),
            (),
            domain="enumeration",
            reason=error.message,
            stopped=("budget", error.message),
        )
    if not states:
        lines = _shrink(
            problem, list(problem.statements), lambda s: not remaining(_subset(problem, s), extra)
        )
        return Answer(
            question.text,
            line,
            "contradictory",
            (),
            (),
            (),
            conflict=Conflict(tuple(sorted({n for s in lines for n in s.lines})), "subset-minimal"),
            domain="enumeration",
        )
    first: dict[str, ir.State] = {}
    for state in states:
        first.setdefault(answer_in(problem, state, question.query), state)
    witnesses = [witness_of(problem, state, answer) for answer, state in first.items()]
    answers = tuple(first)
    status = decide(answers, answers)
    support = how = None
    if status == "forced":
        support = _support(problem, question, extra, answers[0])
        how = "stated" if len(support) == 1 else "compositional" if support else "implicit"
    return Answer(
        question.text,
        line,
        status,
        answers,
        answers,
        tuple(witnesses),
        support=support,
        how=how,
        domain="enumeration",
    )


def _support(
    problem: ir.Problem, question: queries.Question, extra: tuple[ir.Formula, ...], only: str
) -> tuple[int, ...]:
    """The lines of a subset-minimal set of statements that still forces ``only``."""

    def forces(keep: Sequence[ir.Statement]) -> bool:
        sub = _subset(problem, keep)
        return all(answer_in(sub, s, question.query) == only for s in remaining(sub, extra))

    kept = _shrink(problem, list(problem.statements), forces)
    return tuple(sorted({n for s in kept for n in s.lines}))
