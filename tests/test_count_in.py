"""How many people are in P? (SPEC §3): the named individuals in P, as a set of counts."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from certify import Options, check
from certify.cli.app import app
from tests.refusals import refusal

PEOPLE = ("Ana", "Bea", "Carl", "Dan", "Eve", "Finn", "Gina", "Hugo", "Ivo", "Jan", "Kim", "Lu")


def _answers(text: str) -> list[tuple[str, object]]:
    return [(q.status, q.answers) for q in check(text).questions]


def test_counts_the_named_individuals_and_not_someone() -> None:
    text = (
        "Ana and Bea are in the kitchen.\nSomeone is in the kitchen.\n"
        "The cat is in the kitchen or the garden.\nHow many people are in the kitchen?\n"
        "How many people are in the garden?\nHow many people are in the attic?\n"
    )
    assert _answers(text) == [
        ("open", ("2", "3")),
        ("open", ("0", "1")),
        ("forced", ("0",)),
    ]


def test_a_count_over_a_containing_place() -> None:
    text = (
        "The kitchen is in the house.\nAna is in the kitchen.\nBea is in the house.\n"
        "Carl is in the garden.\nHow many people are in the house?\n"
    )
    assert _answers(text) == [("forced", ("2",))]


def test_twelve_uncertain_people_need_as_many_solver_calls_as_counts() -> None:
    """One literal per person would give 2^12 projection values (one solver call each); the
    "at least j" literals give the 13 counts, so 20 calls are enough."""
    text = "".join(f"{p} is in the kitchen or the hall.\n" for p in PEOPLE)
    text += "How many people are in the kitchen?\n"
    (answer,) = check(text, options=Options(budget=20)).questions
    counts = tuple(str(n) for n in range(13))
    assert (answer.status, answer.answers, answer.witnessed) == ("open", counts, counts)
    assert answer.stopped is None


def test_another_noun_is_refused_at_that_word() -> None:
    error = refusal("Ana is in the kitchen.\nHow many cats are in the kitchen?\n")
    assert (error.line, error.column, error.end_column) == (2, 10, 14)
    assert error.message == "certify counts the people in a place, not 'cats'"
    assert error.suggestion == "How many people are in the kitchen?"


def test_a_count_expectation_as_a_set_or_an_interval(tmp_path: Path) -> None:
    text = "Ana is in the kitchen.\nBea is in the kitchen or the hall.\n"
    good = tmp_path / "good.txt"
    good.write_text(
        text + "How many people are in the kitchen?\n# expect: open: 1 | 2\n"
        "How many people are in the kitchen?\n# expect: open: [1, 2]\n"
    )
    bad = tmp_path / "bad.txt"
    bad.write_text(text + "How many people are in the kitchen?\n# expect: forced: 1\n")
    runner = CliRunner()
    assert runner.invoke(app, [str(good), "--check", "--quiet"]).exit_code == 0
    failed = runner.invoke(app, [str(bad), "--check", "--quiet"])
    assert failed.exit_code == 1
    assert "expected forced: 1, got open: 1 | 2" in failed.output
