"""``certify verify``: every report certify writes verifies; every kind of tampering is caught."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from certify.cli.verify_command import app
from certify.cli.verify_report import verify_document
from certify.errors import TextError
from certify.pipeline import check
from certify.readout.answer import Options
from certify.report import to_json
from tests.paths import CONFORMANCE, SAMPLES, pending

TEXTS = sorted(CONFORMANCE.glob("*.txt")) + sorted(SAMPLES.rglob("*.txt"))
PENDING = pending()


def _text_param(path: Path) -> Any:
    """A pending conformance case (tests/pending.txt) may not even read until its issue lands."""
    reason = PENDING.get(path.stem) if path.parent == CONFORMANCE else None
    marks = [pytest.mark.xfail(raises=TextError, strict=False, reason=reason)] if reason else []
    return pytest.param(path, id=path.stem, marks=marks)


HOUSE = (
    "Ana is in the kitchen or the garden.\n"
    "Both the kitchen and the garden are in Luis's house.\n"
    "Whose house is Ana in?\n"
    "Where is Ana?\n"
)
CONTRADICTION = (
    "Ana is in the kitchen or the garden.\n"
    "Ana is not in the kitchen.\n"
    "Ana is not in the garden.\n"
    "Where is Ana?\n"
)
NUMBERS = "x + y = 10.\nx - y = 2.\nWhat is x?\nz is at most 7.\nz is at least 1.\nWhat is z?\n"


def report_of(text: str, options: Options | None = None) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(json.dumps(to_json(check(text, options=options))))
    return data


@pytest.mark.parametrize("path", [_text_param(p) for p in TEXTS])
def test_every_report_verifies(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    for options in (Options(), Options(smallest=True, all_conflicts=True)):
        assert verify_document(report_of(text, options), text) == []


def test_untouched_reports_verify() -> None:
    for text in (HOUSE, CONTRADICTION, NUMBERS):
        assert verify_document(report_of(text), text) == []


def _broken(text: str, change: Any) -> list[str]:
    data = report_of(text)
    tampered = copy.deepcopy(data)
    change(tampered)
    assert tampered != data
    return verify_document(tampered, text)


def test_changed_witness_state_is_caught() -> None:
    def change(data: dict[str, Any]) -> None:
        data["questions"][1]["witnesses"][0]["assignment"]["location"]["Ana"] = "hall"

    broken = _broken(HOUSE, change)
    assert any("does not satisfy the text" in b for b in broken), broken


def test_line_removed_from_conflict_is_caught() -> None:
    def change(data: dict[str, Any]) -> None:
        data["questions"][0]["conflict"] = data["questions"][0]["conflict"][:-1]

    broken = _broken(CONTRADICTION, change)
    assert any("do not contradict each other" in b for b in broken), broken


def test_line_added_to_conflict_is_caught() -> None:
    text = CONTRADICTION.replace("Where is Ana?", "Bea is big.\nWhere is Ana?")

    def change(data: dict[str, Any]) -> None:
        data["questions"][0]["conflict"] = [*data["questions"][0]["conflict"], 4]

    broken = _broken(text, change)
    assert any("not minimal: line 4" in b for b in broken), broken


def test_line_removed_from_support_is_caught() -> None:
    def change(data: dict[str, Any]) -> None:
        data["questions"][0]["support"] = [1]

    broken = _broken(HOUSE, change)
    assert any("do not force the answer" in b for b in broken), broken


def test_forced_without_single_answer_is_caught() -> None:
    def change(data: dict[str, Any]) -> None:
        data["questions"][1]["status"] = "forced"

    broken = _broken(HOUSE, change)
    assert any("'forced' needs a single answer" in b for b in broken), broken


def test_relabelled_witness_is_caught() -> None:
    def change(data: dict[str, Any]) -> None:
        data["questions"][1]["witnesses"][0]["answer"] = "the hall"
        data["questions"][1]["witnessed"][0] = "the hall"

    broken = _broken(HOUSE, change)
    assert any("actually answers" in b for b in broken), broken


def test_missing_answer_is_caught() -> None:
    def change(data: dict[str, Any]) -> None:
        question = data["questions"][1]
        question["answers"] = question["answers"][:1]

    broken = _broken(HOUSE, change)
    assert any("also permits" in b for b in broken), broken


def test_witness_words_changed_are_caught() -> None:
    def change(data: dict[str, Any]) -> None:
        data["questions"][0]["witnesses"][0]["sentences"][0] = "Ana is in the attic"

    broken = _broken(HOUSE, change)
    assert any("words do not match" in b for b in broken), broken


def test_narrowed_interval_is_caught() -> None:
    def change(data: dict[str, Any]) -> None:
        data["questions"][1]["answers"]["high"] = "3"

    broken = _broken(NUMBERS, change)
    assert any("outside the answer" in b for b in broken), broken


def test_changed_text_is_caught() -> None:
    data = report_of(HOUSE)
    other = HOUSE.replace("Luis's house", "Maria's house")
    assert verify_document(data, other)


def test_command_line(tmp_path: Path) -> None:
    text = tmp_path / "house.txt"
    text.write_text(HOUSE, encoding="utf-8")
    data = to_json(check(HOUSE, file=str(text)))
    good = tmp_path / "good.json"
    good.write_text(json.dumps(data), encoding="utf-8")
    runner = CliRunner()
    result = runner.invoke(app, [str(good)])
    assert result.exit_code == 0, result.output
    data["questions"][0]["support"] = [1]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    result = runner.invoke(app, [str(bad), str(text)])
    assert result.exit_code == 1
    assert "do not force the answer" in result.output
    junk = tmp_path / "junk.json"
    junk.write_text("not json", encoding="utf-8")
    assert runner.invoke(app, [str(junk)]).exit_code == 3


def test_certify_verify_subcommand(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from certify.cli.app import main

    text = tmp_path / "house.txt"
    text.write_text(HOUSE, encoding="utf-8")
    report = tmp_path / "report.json"
    report.write_text(json.dumps(to_json(check(HOUSE, file=str(text)))), encoding="utf-8")
    monkeypatch.setattr("sys.argv", ["certify", "verify", str(report)])
    with pytest.raises(SystemExit) as stopped:
        main()
    assert stopped.value.code == 0


MIXED = (
    "x is an integer.\n"
    "Ana is in the kitchen or the garden.\n"
    "If Ana is in the kitchen, then x > 3.\n"
    "x < 5.\n"
    "Ana is in the kitchen.\n"
    "What is x?\n"
)


def test_mixed_report_without_its_integer_declaration_is_caught() -> None:
    assert verify_document(report_of(MIXED), MIXED) == []

    def change(data: dict[str, Any]) -> None:
        data["questions"][0]["support"] = [3, 4, 5]

    broken = _broken(MIXED, change)
    assert any("do not force the answer" in b for b in broken), broken


def test_mixed_report_with_a_narrowed_interval_is_caught() -> None:
    text = "Ana is in the kitchen or the garden.\nIf Ana is in the kitchen, then x > 3.\nx < 5.\n"
    text += "What is x?\n"

    def change(data: dict[str, Any]) -> None:
        data["questions"][0]["answers"]["low"] = "4"
        data["questions"][0]["answers"]["low_closed"] = True

    broken = _broken(text, change)
    assert any("outside the answer" in b for b in broken), broken


QUANTIFIED_QUESTIONS = [
    "All quiet things are cold.\nTom is quiet.\nIs it true that all quiet things are cold?\n",
    "All birds fly.\nTweety is a bird.\nDo birds fly?\n",
]


@pytest.mark.parametrize("text", QUANTIFIED_QUESTIONS)
def test_a_rule_asked_is_grounded_when_a_support_is_checked(text: str) -> None:
    """Without the rule no statement names quiet(Tom) or cold(Tom): the question's own atoms
    must still be in the space, or the empty support would force the rule vacuously."""
    report = report_of(text)
    assert report["questions"][0]["support"] == [1]
    assert verify_document(report, text) == []


def test_the_enumeration_engine_grounds_a_rule_asked() -> None:
    text = "Tom is quiet.\nIs it true that everything is cold?\n"
    for engine in ("sat", "enumerate"):
        (answer,) = check(text, options=Options(engine=engine)).questions
        assert (answer.status, sorted(answer.answers)) == ("open", ["no", "yes"]), engine
