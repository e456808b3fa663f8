"""The finite regression cases (tests/reference/regressions_finite.py), expected from SPEC.

certify must give each case's consistency, statuses and answer sets; cases with a known
certify defect are strict expected failures, so a fix turns them into an XPASS. Where a case
carries its abstract text, the oracle must render it to the same English and agree with the
hand-written expectation too (the oracle is tested, not trusted).
"""

from __future__ import annotations

import pytest

from tests.reference.finite_english import render
from tests.reference.finite_semantics import expected
from tests.reference.regressions_finite import CASES, Answer, Case
from tests.reference.report_answers import canonical, observe


def _param(case: Case) -> object:
    marks = [pytest.mark.xfail(strict=True, reason=case.failing)] if case.failing else []
    return pytest.param(case, id=case.name, marks=marks)


def _canonical(answers: tuple[Answer, ...]) -> list[tuple[str, frozenset[str]]]:
    return [
        (status, frozenset() if status == "contradictory" else frozenset(map(canonical, values)))
        for status, values in answers
    ]


@pytest.mark.parametrize("case", [_param(c) for c in CASES])
def test_certify_answers_as_specified(case: Case) -> None:
    seen = observe(case.text, list(case.asks))
    got = [
        (q.status, frozenset() if q.status == "contradictory" else q.answers or frozenset())
        for q in seen.questions
    ]
    assert (seen.consistent, got) == (case.consistent, _canonical(case.answers)), case.why


@pytest.mark.parametrize("case", [c for c in CASES if c.abstract], ids=lambda c: c.name)
def test_oracle_answers_as_specified(case: Case) -> None:
    assert case.abstract is not None
    assert render(case.abstract) == (case.text, list(case.asks))
    truth = expected(case.abstract)
    got = [(o.status, frozenset(map(canonical, o.answers))) for o in truth.outcomes]
    assert (truth.consistent, got) == (case.consistent, _canonical(case.answers)), case.why
