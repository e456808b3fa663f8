"""``certify --help`` says what a user needs: the subcommands, two examples, the exit codes,
and the allowed values of ``--engine`` and ``--domain``, which the shell also completes."""

from __future__ import annotations

import pytest
import typer
from typer.testing import CliRunner

from certify.cli.app import app

WIDE = {"COLUMNS": "200", "TERM": "dumb"}


def help_page() -> str:
    result = CliRunner().invoke(app, ["--help"], env=WIDE, prog_name="certify")
    assert result.exit_code == 0
    return " ".join(result.stdout.split())


def test_help_names_the_subcommands_examples_and_exit_codes() -> None:
    page = help_page()
    assert "certify verify REPORT.json [TEXT]" in page
    assert "'certify schema'" in page and "'certify schema error'" in page
    assert 'certify samples/ana.txt --ask "Where is Ana?"' in page
    assert "certify texts/ --check --junit report.xml" in page
    for code in ("0 report produced", "1 an expectation failed", "2 usage error", "70 internal"):
        assert code in page
    assert "3 a text could not be read" in page


def test_help_paragraphs_wrap_at_the_terminal_width() -> None:
    # The help text's source line breaks must not survive: at 200 columns a sentence is not
    # broken where the source file happened to break it.
    result = CliRunner().invoke(app, ["--help"], env=WIDE, prog_name="certify")
    lines = [line.strip() for line in result.stdout.splitlines()]
    assert any("checked witness for each answer, and one status" in line for line in lines), lines


def test_help_shows_the_choices() -> None:
    page = help_page()
    assert "<sat|enumerate>" in page
    assert "<interval|dbm|octagon|linear>" in page
    assert "--engine <str>" not in page.replace("  ", " ")


def test_every_option_has_help() -> None:
    command = typer.main.get_command(app)
    missing = [p.name for p in command.params if not getattr(p, "help", None)]
    assert not missing, missing


@pytest.mark.parametrize(
    ("words", "expected"),
    [
        ("certify --engine ", ["sat", "enumerate"]),
        ("certify --domain ", ["interval", "dbm", "octagon", "linear"]),
        ("certify --domain o", ["octagon"]),
    ],
)
def test_the_shell_completes_the_choices(words: str, expected: list[str]) -> None:
    env = {"_CERTIFY_COMPLETE": "complete_bash", "COMP_WORDS": words, "COMP_CWORD": "2"}
    result = CliRunner().invoke(app, [], env=env, prog_name="certify")
    assert result.exit_code == 0
    assert result.stdout.split() == expected


def test_choices_are_case_insensitive() -> None:
    from tests.paths import SAMPLES

    result = CliRunner().invoke(app, [str(SAMPLES / "ana.txt"), "--engine", "ENUMERATE"])
    assert result.exit_code == 0, result.stderr


def test_brackets_in_an_options_help_are_printed_not_read_as_markup() -> None:
    page = help_page()
    assert "(needs certify[dask])" in page
    assert "Up to N worker processes for a batch, started where they pay" in page
