"""SAT against the enumeration engine (the paper's indicator vectors) on random small texts.

Both engines must give identical statuses and answer sets for every question; every witness
the SAT engine prints was already re-checked by the evaluator, and every support it reports
must force its answer on its own (checked here by brute force).
"""

from __future__ import annotations

from dataclasses import replace

from hypothesis import HealthCheck, given, settings

from certify.domains.enumerate import remaining
from certify.evaluate import answer_in
from certify.pipeline import check
from certify.readout.answer import Options
from tests.generators import small_finite_text

EXAMPLES = 500


def _answer_sets(text: str, questions: list[str], engine: str) -> list[tuple[str, object]]:
    report = check(text, questions, options=Options(engine=engine))
    return [
        (a.status, None if a.answers is None else frozenset(a.answers)) for a in report.questions
    ]


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_finite_text())
def test_sat_equals_enumeration(case: tuple[str, list[str]]) -> None:
    text, questions = case
    assert _answer_sets(text, questions, "sat") == _answer_sets(text, questions, "enumerate"), text


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_finite_text())
def test_supports_force_their_answer(case: tuple[str, list[str]]) -> None:
    from certify.meaning.moments import problem_at
    from certify.pipeline import read
    from certify.syntax.parse import read_document

    text, questions = case
    report = check(text, questions)
    reading, asked, _ = read(read_document(text), questions)
    for answer, lowered in zip(report.questions, asked):
        if answer.status != "forced" or answer.support is None:
            continue
        problem = problem_at(reading, None, lowered.mentions)
        keep = tuple(s for s in problem.statements if s.line in answer.support)
        sub = replace(problem, statements=keep)
        query = lowered.question.query
        extra = (query.formula,) if hasattr(query, "formula") else ()
        (only,) = answer.answers or ()
        assert all(answer_in(sub, s, query) == only for s in remaining(sub, extra)), text
