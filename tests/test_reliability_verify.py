"""``certify verify`` on any input (issue 16): malformed shapes named, no traceback.

Part of the reliability suite (``tests/test_reliability.py``): the nine malformed shapes the
issue lists, the text-wide claims, JSON Lines batches with error documents, and a Hypothesis
test that mutates a real report into arbitrary JSON of the same shape.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from certify import CertifyError, check
from certify.errors import ExitCode
from tests.test_reliability import certify, text_file

# ------------------------------------------------------------------ certify verify

VERIFY_TEXT = "Ana is in the kitchen or the garden.\nWhere is Ana?\nx = 3.\nWhat is x?\n"


def _report(tmp_path: Path) -> tuple[Path, dict[str, Any]]:
    from certify.report import to_json

    path = text_file(tmp_path, VERIFY_TEXT)
    document: dict[str, Any] = json.loads(json.dumps(to_json(check(VERIFY_TEXT, file=str(path)))))
    return path, document


TAMPERED: dict[str, tuple[Callable[[dict[str, Any]], None], str]] = {
    "questions [1]": (lambda d: d.update(questions=[1]), "questions[0]: expected a question"),
    "low abc": (lambda d: d["questions"][1]["answers"].update(low="abc"), "answers.low"),
    "low missing": (lambda d: d["questions"][1]["answers"].pop("low"), "answers.low"),
    "line six": (lambda d: d["questions"][0].update(line="six"), "questions[0].line"),
    "witnesses 5": (lambda d: d["questions"][0].update(witnesses=5), "questions[0].witnesses"),
    "witnesses x": (lambda d: d["questions"][0].update(witnesses=["x"]), "witnesses[0]"),
    "answers 7": (lambda d: d["questions"][0].update(answers=7), "questions[0].answers"),
    "support 23": (lambda d: d["questions"][0].update(support="23"), "questions[0].support"),
    "conflict 5": (lambda d: d["questions"][0].update(conflict=5), "questions[0].conflict"),
    "consistent": (lambda d: d.update(consistent=False), "the text is consistent"),
    "law": (lambda d: d.update(law="update"), "read with the conjunction law"),
}


@pytest.mark.parametrize("name", sorted(TAMPERED))
def test_verify_names_the_wrong_field(tmp_path: Path, name: str) -> None:
    from certify.cli.verify_command import app as verify_app

    _, document = _report(tmp_path)
    change, message = TAMPERED[name]
    change(document)
    report = tmp_path / "r.json"
    report.write_text(json.dumps(document), encoding="utf-8")
    result = CliRunner().invoke(verify_app, [str(report)], catch_exceptions=False)
    assert result.exit_code == ExitCode.EXPECTATION_FAILED, result.output
    assert message in result.stderr
    assert "Traceback" not in result.stderr


def test_verify_checks_every_document_of_a_batch(tmp_path: Path) -> None:
    from certify.cli.verify_command import app as verify_app

    text_file(tmp_path, "Ana is in the kitchen.\nWhere is Ana?\n", "a.txt")
    text_file(tmp_path, "Ana is in the the is.\n", "b.txt")
    text_file(tmp_path, "Bob is in the hall or the attic.\nWhere is Bob?\n", "c.txt")
    batch = certify(tmp_path, "--json")
    report = tmp_path / "r.jsonl"
    report.write_text(batch.stdout.replace('"consistent": true', '"consistent": false', 1))
    result = CliRunner().invoke(verify_app, [str(report)], catch_exceptions=False)
    assert result.exit_code == ExitCode.EXPECTATION_FAILED
    assert "a.txt: broken claim: the text is consistent" in result.stderr
    assert "b.txt: verified: the text cannot be read" in result.stdout
    assert "c.txt: verified 1 question(s)" in result.stdout


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=8,
)


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _paths(item, (*prefix, index))
    return found


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_verify_never_shows_a_traceback_on_report_shaped_json(data: st.DataObject) -> None:
    from certify.cli.verify_report import verify_document

    document = copy.deepcopy(BASE_REPORT)
    for _ in range(data.draw(st.integers(1, 3))):
        paths = [p for p in _paths(document) if p]
        path = data.draw(st.sampled_from(paths))
        parent = document
        for step in path[:-1]:
            parent = parent[step]
        if data.draw(st.booleans()) and isinstance(parent, dict):
            del parent[path[-1]]
        else:
            parent[path[-1]] = data.draw(JSON_VALUES)
    try:
        broken = verify_document(document, VERIFY_TEXT)
    except CertifyError:
        return  # a clear message, turned into an exit code by the command line
    assert isinstance(broken, list)


def _base_report() -> dict[str, Any]:
    from certify.report import to_json

    text = VERIFY_TEXT + "Bea is in the hall.\nBea is not in the hall.\nWhere is Bea?\n"
    report: dict[str, Any] = json.loads(json.dumps(to_json(check(VERIFY_TEXT))))
    contradictory = json.loads(json.dumps(to_json(check(text))))
    report["questions"].append(contradictory["questions"][-1])
    return report


BASE_REPORT = _base_report()


@pytest.mark.parametrize("answers", [None, [], {"low": "1", "high": "5"}])
def test_a_support_for_an_answer_that_is_not_one_value_is_a_broken_claim(
    tmp_path: Path, answers: object
) -> None:
    # Found by the property above in a fresh clone: "What is x?" forced with a support, its
    # answers replaced by null, made verify crash on the interval it reads.
    from certify.cli.verify_report import verify_document

    _, document = _report(tmp_path)
    (numeric,) = [q for q in document["questions"] if q["question"] == "What is x?"]
    assert numeric["status"] == "forced" and numeric["support"]
    numeric["answers"] = answers
    broken = verify_document(document, VERIFY_TEXT)
    assert broken, "a support for no single value was accepted"
