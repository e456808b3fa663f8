"""Supports and conflicts against brute force on random small texts.

``verify_document`` re-derives every claim with the enumeration engine on these small texts:
a reported conflict must be unsatisfiable and every one-smaller subset satisfiable; a support
must force its answer and no smaller part of it may.  The smallest conflict is no larger
than any minimal conflict found by enumerating them all.
"""

from __future__ import annotations

import json
from dataclasses import replace

from hypothesis import HealthCheck, given, settings

from certify.cli.verify_report import verify_document
from certify.domains.enumerate import remaining
from certify.meaning.moments import problem_at
from certify.pipeline import check, read
from certify.readout.answer import Options
from certify.report import to_json
from certify.syntax.parse import read_document
from tests.generators import small_finite_text


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_finite_text())
def test_every_certificate_checks_by_brute_force(case: tuple[str, list[str]]) -> None:
    text, questions = case
    data = json.loads(json.dumps(to_json(check(text, questions))))
    assert verify_document(data, text) == [], text


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_finite_text())
def test_all_conflicts_are_minimal_and_smallest_is_smallest(case: tuple[str, list[str]]) -> None:
    text, questions = case
    report = check(text, questions[:1], options=Options(smallest=True, all_conflicts=True))
    conflict = report.questions[0].conflict
    if conflict is None:
        return
    reading, _, _ = read(read_document(text))
    problem = problem_at(reading, None)

    def satisfiable(lines: tuple[int, ...]) -> bool:
        keep = tuple(s for s in problem.statements if s.line in lines)
        return bool(remaining(replace(problem, statements=keep)))

    assert conflict.alternatives, text
    for lines in conflict.alternatives:
        assert not satisfiable(lines), (text, lines)
        for line in lines:
            assert satisfiable(tuple(x for x in lines if x != line)), (text, lines, line)
    if conflict.complete:
        assert len(conflict.lines) == min(len(c) for c in conflict.alternatives), text
        assert tuple(sorted(conflict.lines)) in {tuple(sorted(c)) for c in conflict.alternatives}
