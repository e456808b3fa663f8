"""The Python API: ``from certify import check`` returns the Report the command line renders."""

from __future__ import annotations

import inspect
import json
import subprocess
import sys
from fractions import Fraction

import pytest
from typer.testing import CliRunner

from certify import Range, Report, TextError, TextErrors, TextWarning, check
from certify.cli.app import app
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
    import certify.cli.batch
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


def test_to_json_is_the_line_the_command_line_prints() -> None:
    path = SAMPLES / "time" / "meeting.txt"
    printed = CliRunner().invoke(app, [str(path), "--json"]).stdout
    report = check(path.read_text(encoding="utf-8"), file=str(path))
    assert report.to_json() + "\n" == printed
    assert report.to_dict() == json.loads(printed)
    assert json.loads(report.to_json(indent=2)) == report.to_dict()


def test_numeric_answers_are_ranges_of_exact_fractions() -> None:
    report = check(
        "x > 1/3.\nx <= 2.\nAna arrives at 9:00.\n",
        questions=["What is x?", "When does Ana arrive?"],
    )
    x, ana = (q.answers for q in report.questions)
    assert isinstance(x, Range) and isinstance(ana, Range)
    assert (x.low, x.high, x.low_closed, x.high_closed) == (
        Fraction(1, 3),
        Fraction(2),
        False,
        True,
    )
    assert type(x.low) is Fraction and x.unit == "number" and x.shown == "(1/3, 2]"
    assert (ana.low, ana.unit, ana.shown) == (Fraction(540), "clock", "9:00")
    assert report.to_dict()["questions"][0]["answers"]["low"] == "1/3"


def test_finite_answers_are_names() -> None:
    (answer,) = check(TEXT, questions=["Where is Ana?"]).questions
    assert answer.answers == ("the kitchen",)
    assert all(isinstance(name, str) for name in answer.answers)


def test_warnings_are_objects_with_line_and_column() -> None:
    report = check("Ana is in the kitchen.\nWhere is Anna?\n", questions=["Where is Bo?"])
    assert report.warnings == (
        TextWarning("'Anna' is not mentioned above; did you mean 'Ana'?", 2, 10),
        TextWarning("'Bo' is not mentioned above", None, 10),
    )
    assert report.warnings[0].render("t.txt").startswith("t.txt:2:10: warning: 'Anna'")


def test_several_errors_each_carry_file_line_and_column() -> None:
    with pytest.raises(TextErrors) as caught:
        check("Ana is in the kitchen\nBob is in the garden.\nBea is in the [hall].\n", file="t.txt")
    error = caught.value
    assert isinstance(error, TextError)
    assert [(e.file, e.line, e.column) for e in error.errors] == [
        ("t.txt", 1, 22),
        ("t.txt", 3, 15),
    ]
    assert (error.file, error.line, error.column) == ("t.txt", 1, 22)
    assert error.render().count("t.txt:") == 2


def test_a_single_error_is_its_own_list() -> None:
    from certify.errors import TextError as Single

    error = Single("bad", file="t.txt", line=2, column=3)
    assert error.errors == (error,)


def test_pydoc_renders_the_api_with_every_name_documented() -> None:
    import certify

    run = subprocess.run(
        [sys.executable, "-m", "pydoc", "certify"], capture_output=True, text=True, check=True
    )
    page = run.stdout
    assert "Help on package certify" in page and "Traceback" not in page
    for name in certify.__all__:
        if name == "__version__":
            continue
        exported = getattr(certify, name)
        doc = inspect.getdoc(exported) or ""
        assert doc and not doc.startswith(f"{name}("), f"{name} has no docstring of its own"
        assert doc.splitlines()[0] in page, name
        if inspect.isclass(exported):
            for attribute, value in vars(exported).items():
                public = not attribute.startswith("_")
                if public and (inspect.isfunction(value) or isinstance(value, property)):
                    assert inspect.getdoc(value), f"{name}.{attribute} has no docstring"
