"""The JSON Schemas shipped in the package, and the documents that must match them.

Every report and error document the suite makes is validated by ``tests/conftest.py``; the
tests here make sure of that, run every sample and conformance case through it (with
``--check``'s expectations), and pin the keys SPEC section 5 leaves open: ``consistency``,
``unit``, the location of errors, warnings as objects.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

import certify.report
from certify import schema
from certify.cli.batch import collect, result_json
from certify.cli.parallel import run_all
from certify.pipeline import check
from certify.readout.answer import Options
from certify.report import to_json
from tests.contract import run_cli, validate, validator
from tests.paths import CONFORMANCE, ROOT, SAMPLES

README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_schemas_are_draft_2020_12_and_strict() -> None:
    for kind in ("report", "error"):
        loaded = schema.load(kind)
        assert loaded["$schema"] == "https://json-schema.org/draft/2020-12/schema"
        assert validator(kind).schema is not None
        assert loaded["additionalProperties"] is False


def test_every_document_the_suite_makes_is_validated() -> None:
    assert getattr(certify.report.to_json, "__wrapped_by_contract__", False)
    assert getattr(certify.report.error_json, "__wrapped_by_contract__", False)
    assert getattr(to_json, "__wrapped_by_contract__", False)


@pytest.mark.parametrize(
    ("change", "complaint"),
    [
        (lambda d: d.update(consistent=None), "consistent"),
        (lambda d: d.update(surprise=1), "surprise"),
        (lambda d: d["questions"][0]["answers"].pop("unit"), "unit"),
        (lambda d: d["questions"][0]["answers"].update(low="2.5"), "low"),
        (lambda d: d["questions"][0].update(status="maybe"), "status"),
    ],
)
def test_the_validator_rejects_what_spec_forbids(change: Any, complaint: str) -> None:
    document = json.loads(json.dumps(to_json(check("x = 5.\nWhat is x?\n"))))
    validate(document)
    change(document)
    with pytest.raises(AssertionError, match=complaint):
        validate(document)


def _batch_documents(paths: list[Path], options: Options) -> list[dict[str, Any]]:
    results = run_all(collect([str(p) for p in paths]), [], options, checking=True)
    return [json.loads(json.dumps(result_json(r, checking=True))) for r in results]


@pytest.mark.parametrize(
    "options", [Options(), Options(smallest=True, all_conflicts=True)], ids=["default", "all"]
)
def test_every_sample_and_conformance_report_validates(options: Options) -> None:
    documents = _batch_documents([SAMPLES, CONFORMANCE], options)
    assert len(documents) >= 80
    for document in documents:
        validate(document)
    reports = [d for d in documents if d["schema"] == "certify.report/1"]
    assert all("expectations" in d for d in reports)
    # Pending conformance cases that do not read yet are error documents, also validated.
    assert {d["schema"] for d in documents} <= {"certify.report/1", "certify.error/1"}


def test_consistent_is_boolean_or_absent(tmp_path: Path) -> None:
    text = tmp_path / "weak.txt"
    text.write_text("x + y = 10.\nx - y = 2.\n", encoding="utf-8")
    (weak,) = [
        json.loads(line)
        for line in run_cli(text, "--json", "--domain", "interval").stdout.splitlines()
    ]
    assert "consistent" not in weak and weak["consistency"] == "unresolved"
    (exact,) = [json.loads(line) for line in run_cli(text, "--json").stdout.splitlines()]
    assert (exact["consistent"], exact["consistency"]) == (True, "consistent")
    contradiction = json.loads(run_cli(SAMPLES / "ana-contradictory.txt", "--json").stdout)
    assert (contradiction["consistent"], contradiction["consistency"]) == (False, "contradictory")


def test_time_answers_carry_their_unit() -> None:
    text = (
        "Ana arrives at 9:00.\nBob arrives between 10 and 20 minutes after Ana.\n"
        "When does Bob arrive?\nHow long after Ana does Bob arrive?\n"
        "Carl is 30 years old.\nHow old is Carl?\nx = 1/2.\nWhat is x?\n"
    )
    when, how_long, age, x = (q["answers"] for q in to_json(check(text))["questions"])
    assert when == {
        "low": "550",
        "high": "560",
        "low_closed": True,
        "high_closed": True,
        "unit": "clock",
        "shown": "[9:10, 9:20]",
    }
    assert (how_long["unit"], how_long["shown"]) == ("minutes", "[10, 20]")
    assert (age["unit"], age["shown"]) == ("years", "30")
    assert (x["low"], x["unit"], x["shown"]) == ("1/2", "number", "1/2")


def test_error_documents_carry_line_and_column(tmp_path: Path) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text("Ana is in the kitchen\nBob is in the [bold]garden.\n", encoding="utf-8")
    missing = tmp_path / "missing.txt"
    lines = run_cli(bad, missing, "--json").stdout.splitlines()
    first, absent = (json.loads(line) for line in lines)
    assert first["schema"] == "certify.error/1"
    assert (first["error"]["line"], first["error"]["column"]) == (1, 22)
    assert [(e["line"], e["column"]) for e in first["errors"]] == [(1, 22), (2, 15)]
    assert all(e["file"] == str(bad) for e in first["errors"])
    assert first["errors"][1]["source"] == "Bob is in the [bold]garden."
    assert (absent["error"]["line"], absent["error"]["column"]) == (None, None)
    assert absent["error"]["kind"] == "UnreadableFile"


def test_warnings_are_located_objects(tmp_path: Path) -> None:
    text = tmp_path / "typo.txt"
    text.write_text("Ana is in the kitchen.\nWhere is Anna?\n", encoding="utf-8")
    result = run_cli(text, "--json", "--ask", "Where is Bo?")
    (document,) = [json.loads(line) for line in result.stdout.splitlines()]
    assert document["warnings"] == [
        {"message": "'Anna' is not mentioned above; did you mean 'Ana'?", "line": 2, "column": 10},
        {"message": "'Bo' is not mentioned above", "line": None, "column": 10},
    ]
    assert f"{text}:2:10: warning: 'Anna' is not mentioned above" in result.stderr


def test_certify_schema_prints_the_shipped_schemas() -> None:
    report = run_cli_main("schema")
    error = run_cli_main("schema", "error")
    assert json.loads(report) == schema.load("report")
    assert json.loads(error) == schema.load("error")
    assert json.loads(run_cli_main("schema", "REPORT")) == schema.load("report")


def run_cli_main(*args: str) -> str:
    """``certify ARGS`` through the console entry point (subcommands are dispatched there)."""
    import subprocess
    import sys

    run = subprocess.run(
        [sys.executable, "-m", "certify", *args], capture_output=True, text=True, cwd=ROOT
    )
    assert run.returncode == 0, run.stderr
    return run.stdout


def test_certify_schema_refuses_other_documents() -> None:
    import subprocess
    import sys

    run = subprocess.run(
        [sys.executable, "-m", "certify", "schema", "bogus"], capture_output=True, text=True
    )
    assert run.returncode == 2


def _keys(node: Any) -> set[str]:
    found: set[str] = set()
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "properties" and isinstance(value, dict):
                found |= set(value)
            found |= _keys(value)
    elif isinstance(node, list):
        for item in node:
            found |= _keys(item)
    return found


def test_every_key_is_documented_in_the_readme() -> None:
    section = README[README.index("\n## JSON\n") :]
    section = section[: section.index("\n## ", 5)]
    keys = _keys(schema.load("report")) | _keys(schema.load("error"))
    missing = sorted(k for k in keys if not re.search(rf"`{re.escape(k)}`", section))
    assert not missing, f"README's JSON section does not describe {missing}"
