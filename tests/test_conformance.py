"""Every shared conformance case, as its own test, through --check and through the JSON contract.

A case whose issue has not landed yet is a *strict* expected failure: it must fail, and the
day it passes the suite says so, so the list below can only shrink.
"""

from __future__ import annotations

import json

import pytest

from certify.cli.batch import run_file
from certify.readout.answer import Options
from certify.report import SCHEMA, to_json
from tests.paths import CONFORMANCE, COPIED_CONFORMANCE, SHARED_CONFORMANCE, pending

PENDING: dict[str, str] = pending()

CASES = sorted(CONFORMANCE.glob("*.txt")) if CONFORMANCE.is_dir() else []


def _param(path):  # type: ignore[no-untyped-def]
    reason = PENDING.get(path.stem)
    marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
    return pytest.param(path, id=path.stem, marks=marks)


def test_conformance_cases_are_present() -> None:
    assert len(CASES) >= 34, f"expected the shared conformance cases in {CONFORMANCE}"


def test_the_copy_equals_the_shared_cases() -> None:
    """tests/conformance is a verbatim copy of ../shared/conformance, checked where both exist."""
    if not SHARED_CONFORMANCE.is_dir():
        pytest.skip("no ../shared/conformance beside the repository (a fresh clone)")
    shared = {p.name: p.read_bytes() for p in SHARED_CONFORMANCE.glob("*.txt")}
    copied = {p.name: p.read_bytes() for p in COPIED_CONFORMANCE.glob("*.txt")}
    assert sorted(copied) == sorted(shared), (
        "refresh: cp ../shared/conformance/*.txt tests/conformance/"
    )
    changed = [name for name in shared if copied[name] != shared[name]]
    assert not changed, f"tests/conformance differs from ../shared/conformance: {changed}"


def test_every_pending_case_exists() -> None:
    stems = {p.stem for p in COPIED_CONFORMANCE.glob("*.txt")}
    assert set(PENDING) <= stems, sorted(set(PENDING) - stems)


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


def _document(stem: str) -> dict:  # type: ignore[type-arg]
    (path,) = [p for p in CASES if p.stem == stem]
    result = run_file(str(path), [], Options(), checking=True)
    assert result.report is not None
    return dict(json.loads(json.dumps(to_json(result.report))))


def test_seed_contradiction_shows_its_conflict_and_a_witness_per_subset() -> None:
    (question,) = _document("03-seed-contradictory")["questions"]
    assert question["conflict"] == [2, 3]
    detail = question["conflict_detail"]
    assert detail["minimal"] == "subset-minimal"
    assert sorted(w["without"] for w in detail["subset_witnesses"]) == [2, 3]


def test_negative_cycle_case_shows_the_cycle_and_the_multipliers() -> None:
    (question,) = _document("18-negative-cycle")["questions"]
    assert question["conflict"] == [1, 2, 3]
    detail = question["conflict_detail"]["detail"]
    cycle = detail.split(";")[0]
    assert cycle.startswith("negative cycle: ")
    assert all(name in cycle for name in ("Ana arrives", "Bob arrives", "Carl arrives"))
    assert "Farkas multipliers: 1 × (Ana arrives - Bob arrives <= -10)" in detail


def test_linear_contradiction_shows_exact_multipliers() -> None:
    (question,) = _document("22-linear-contradiction")["questions"]
    assert question["conflict"] == [1, 2]
    detail = question["conflict_detail"]["detail"]
    assert "Farkas multipliers: 2 × (x + y = 10) + -1 × (2*x + 2*y = 21)" in detail


@pytest.mark.parametrize(
    ("stem", "support"), [("09-conditional", [1, 2, 3]), ("11-different-places", [1, 2, 3, 4])]
)
def test_compositional_supports(stem: str, support: list[int]) -> None:
    (question,) = _document(stem)["questions"]
    assert question["status"] == "forced"
    assert question["how"] == "compositional"
    assert question["support"] == support
