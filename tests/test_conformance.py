"""Every shared conformance case, as its own test, through --check and through the JSON contract.

A case whose issue has not landed yet is a *strict* expected failure: it must fail, and the
day it passes the suite says so, so the list below can only shrink.
"""

from __future__ import annotations

import json

import pytest

from certify.batch import run_file
from certify.readout.answer import Options
from certify.report import SCHEMA, to_json
from tests.paths import CONFORMANCE

PENDING: dict[str, str] = {}

CASES = sorted(CONFORMANCE.glob("*.txt")) if CONFORMANCE.is_dir() else []


def _param(path):  # type: ignore[no-untyped-def]
    reason = PENDING.get(path.stem)
    marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
    return pytest.param(path, id=path.stem, marks=marks)


def test_conformance_cases_are_present() -> None:
    assert len(CASES) >= 34, f"expected the shared conformance cases in {CONFORMANCE}"


@pytest.mark.parametrize("path", [_param(p) for p in CASES])
def test_case(path) -> None:  # type: ignore[no-untyped-def]
    result = run_file(str(path), [], Options(), checking=True)
    assert result.error is None, result.error.render() if result.error else ""
    assert result.internal is None, result.internal
    assert result.outcomes, "a conformance case must carry expectations"
    assert not result.failed, [(o.expected.line, o.problem) for o in result.failed]
    assert result.report is not None
    document = json.loads(json.dumps(to_json(result.report)))
    assert document["schema"] == SCHEMA
    assert document["law"] in ("conjunction", "update")
    for question in document["questions"]:
        assert question["status"] in ("forced", "open", "contradictory", "unresolved")
        for key in ("question", "line", "answers", "witnessed", "witnesses", "support", "conflict"):
            assert key in question
        assert set(question["witnessed"]) <= set(_finite(question["answers"])) or isinstance(
            question["answers"], dict
        )
        if question["status"] == "forced":
            assert len(question["witnesses"]) >= 1
        if question["status"] == "open":
            assert (
                len({w["answer"] for w in question["witnesses"]}) >= 2
                or "(other)" in question["witnessed"]
            )
        if question["status"] == "contradictory":
            assert question["conflict"], "a contradiction comes with its conflict"


def _finite(answers: object) -> list[str]:
    return list(answers) if isinstance(answers, list) else []
