"""Bad input (SPEC sections 8 and 9): a clear message naming the line, a caret, the closest
supported form, the right exit code — never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from certify.cli.app import app

runner = CliRunner()


def run(tmp_path: Path, text: str | bytes, *args: str) -> tuple[int, str]:
    path = tmp_path / "text.txt"
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    result = runner.invoke(app, [str(path), *args])
    output = result.output + (result.stderr if result.stderr_bytes is not None else "")
    assert "Traceback" not in output
    return result.exit_code, output


@pytest.mark.parametrize(
    ("text", "message", "caret_column"),
    [
        ("Ana is in the kitchen\n", "no final period", 22),
        ('Ana is in the "kitchen".\n', "the character '\"'", 15),
        ("Ana is in the [bold]kitchen[/bold].\n", "the character '['", 15),
        ("Ana izz in the kitchen.\n", "I didn't expect 'izz'", 5),
        ("Bea is in.\n", "stops too early", 10),
        ("Bob is in the kitchen too.\n", "'too' is a word of certify's language", 23),
        ("Mary went to the school today.\n", "'today' is a word of certify's", 25),
        ("Ana is big yesterday.\n", "'yesterday' says when someone went somewhere", 12),
        ("Ana is in the kitchen, too.\n", "'too' is a word of certify's language", 24),
        ("Tom is here.\n", "'here' is a word of certify's language", 8),
        (
            "Ana is big.\nDoes the chest sit in the box?\n",
            "'in' is a word of certify's language",
            20,
        ),
        ("Is the square to the north of the box?\n", "I didn't expect 'north'", 22),
        ("Then she went to the hallway.\n", "'she' refers to the subject", 6),
        ("Today Julie went to the park.\n", "certify does not read 'Today'", 1),
        ("It is big.\n", "'it' refers to the subject of the previous statement", 1),
    ],
)
def test_syntax_errors_point_at_the_problem(
    tmp_path: Path, text: str, message: str, caret_column: int
) -> None:
    code, output = run(tmp_path, text)
    assert code == 3
    assert message in output
    lines = output.splitlines()
    caret = next(line for line in lines if line.strip().startswith("^"))
    assert caret.index("^") - 2 == caret_column - 1
    assert "closest supported form" in output


def test_every_bad_line_is_reported(tmp_path: Path) -> None:
    code, output = run(tmp_path, "Ana izz here.\nAna is in the kitchen.\nWhere Ana?\n")
    assert code == 3
    assert ":1:" in output and ":3:" in output


def test_control_characters_are_shown_escaped(tmp_path: Path) -> None:
    code, output = run(tmp_path, "Ana is in the kitchen.\x1b[31m\n")
    assert code == 3
    assert "\x1b" not in output
    assert "\\x1b" in output


def test_markup_in_answers_is_printed_as_text(tmp_path: Path) -> None:
    text = "Ana is in the kitchen.\nThe bold is a place.\n"
    code, output = run(tmp_path, text, "--ask", "Is Ana in the bold?")
    assert code == 0
    assert "Is Ana in the bold?" in output


def test_a_word_in_two_roles(tmp_path: Path) -> None:
    code, output = run(tmp_path, "x = 5.\nAna is in x.\n")
    assert code == 3
    assert "'x' is a number (line 1)" in output


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("Ana is in the kitchen.\nx = 3.\nAna + x = 4.\n", "'Ana' is a thing or place (line 1)"),
        ("Ana + x = 4.\nAna is in the kitchen.\n", "'Ana' is a number (line 1)"),
        ("Ana is in the kitchen.\nx > 3 or 2 * Ana = 2.\n", "'Ana' is a thing or place"),
    ],
)
def test_a_name_written_as_a_variable_is_a_word_in_two_roles(
    tmp_path: Path, text: str, message: str
) -> None:
    """Variables are case-insensitive (``X + y`` and ``x`` are one), so ``Ana + x`` was a number
    ``ana`` beside the individual Ana: the spelling as written is claimed too (SPEC §9)."""
    code, output = run(tmp_path, text)
    assert code == 3
    assert message in output


def test_a_capital_letter_alone_does_not_make_two_variables(tmp_path: Path) -> None:
    code, output = run(tmp_path, "X + y = 10.\nx - y = 2.\nWhat is x?\n", "--json")
    assert code == 0
    assert '"status": "forced"' in output


def test_undeclared_attribute_and_place(tmp_path: Path) -> None:
    code, output = run(tmp_path, "The car has the same color as the bike.\n")
    assert code == 3 and "'color' is not a declared attribute" in output
    code, output = run(tmp_path, "The places are the kitchen and the hall.\nAna is in the attic.\n")
    assert code == 3 and "not one of the places declared above" in output


def test_bad_ask_is_a_text_error(tmp_path: Path) -> None:
    code, output = run(tmp_path, "Ana is in the kitchen.\n", "--ask", "Where Ana")
    assert code == 3
    assert "--ask" in output


def test_unreadable_files(tmp_path: Path) -> None:
    assert run(tmp_path, b"\x00\x01binary")[0] == 3
    assert run(tmp_path, b"Ana is in the \xff kitchen.\n")[0] == 3
    assert run(tmp_path, "   \n")[0] == 3
    code, output = run(tmp_path, "Ana is in the kitchen.\n" * 60_000)
    assert code == 3 and "bytes" in output
    result = runner.invoke(app, [str(tmp_path / "missing.txt")])
    assert result.exit_code == 3


def test_too_many_statements(tmp_path: Path) -> None:
    text = "".join(f"x{i} = {i}.\n" for i in range(10_000))
    code, output = run(tmp_path, text)
    assert code == 3
    assert "sentences" in output


def test_usage_errors_exit_2(tmp_path: Path) -> None:
    path = tmp_path / "a.txt"
    path.write_text("Ana is in the kitchen.\n", encoding="utf-8")
    assert runner.invoke(app, [str(path), "--engine", "magic"]).exit_code == 2
    assert runner.invoke(app, [str(path), "--domain", "magic"]).exit_code == 2
    assert runner.invoke(app, [str(path), "--no-such-option"]).exit_code == 2


def test_internal_errors_exit_70_with_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import sys

    import certify.pipeline  # noqa: F401

    def boom(*args: object, **kwargs: object) -> None:
        raise RuntimeError("simulated bug")

    monkeypatch.setattr(sys.modules["certify.pipeline"], "check_document", boom)
    code, output = run(tmp_path, "Ana is in the kitchen.\n")
    assert code == 70
    assert "simulated bug" in output
