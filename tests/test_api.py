"""The Python API: ``from certify import check`` returns the Report the command line renders."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from certify import Report, TextError, check
from certify.cli import app
from certify.report import to_json
from tests.paths import SAMPLES

TEXT = "Ana is in the kitchen or the garden.\nNobody is in the garden.\n"


def test_check_answers_questions_against_the_whole_text() -> None:
    report = check(TEXT, questions=["Where is Ana?", "is ana in the garden"])
    assert isinstance(report, Report)
    assert [(a.question, a.status, a.answers) for a in report.questions] == [
        ("Where is Ana?", "forced", ("the kitchen",)),
        ("is ana in the garden?", "forced", ("no",)),
    ]
    (witness,) = report.questions[0].witnesses
    assert witness.sentences == ("Ana is in the kitchen",)
    assert report.questions[0].support == (1, 2)


def test_check_returns_what_the_command_line_prints() -> None:
    path = SAMPLES / "ana-house.txt"
    printed = json.loads(CliRunner().invoke(app, [str(path), "--json"]).stdout)
    report = check(path.read_text(encoding="utf-8"), file=str(path))
    assert to_json(report) == printed


def test_check_raises_text_error_with_line_and_suggestion() -> None:
    with pytest.raises(TextError) as caught:
        check("Ana is in the kitchen.\nAna is in the garden\n")
    error = caught.value
    (inner,) = getattr(error, "errors", [error])  # every unreadable sentence, in order
    assert (inner.line, inner.column) == (2, 21)
    assert "no final period" in error.render()
    assert "Ana is in the garden." in error.render()


def test_the_name_check_is_the_function() -> None:
    import certify.batch
    import certify.pipeline

    assert certify.check is check
    assert callable(certify.check) and certify.check.__module__ == "certify.pipeline"
    assert certify.pipeline.check is check
    with pytest.raises(AttributeError):
        certify.no_such_name  # noqa: B018


def test_importing_certify_loads_no_pipeline() -> None:
    code = (
        "import sys, certify\n"
        "heavy = [m for m in sys.modules if m.split('.')[0] in "
        "('lark', 'rich', 'pysat', 'numpy', 'scipy', 'typer') or m == 'certify.pipeline']\n"
        "assert not heavy, heavy\n"
        "from certify import check\n"
        "assert check('Ana is in the hall.', ['Where is Ana?']).questions[0].status == 'forced'\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
