"""``Who is taller than Bob?`` and ``Who arrives before Bob?``: of the others the statements
above the question put on that scale (or whose arrival they time), those above Bob on it
(before, after Bob); a set of names per state, ``nobody`` when none."""

from __future__ import annotations

from certify import check
from tests.refusals import refusal

TIMES = (
    "Ana arrives at 9:00.\nCarl arrives 10 minutes before Bob.\n"
    "Bob arrives between 9:05 and 9:20.\nCarl arrives after Ana.\nDan arrives at 9:12.\n"
)
HEIGHTS = "Ana is taller than Bea.\nBea is taller than Cleo.\nThe box is bigger than the chest.\n"


def _answers(text: str, asked: tuple[str, ...]) -> list[tuple[str, object]]:
    return [(q.status, q.answers) for q in check(text, list(asked)).questions]


def test_before_and_after_someone() -> None:
    before, after = _answers(TIMES, ("Who arrives before Bob?", "Who arrives after Carl?"))
    assert before[0] == "open"
    assert set(before[1]) == {"Ana and Carl", "Ana, Carl and Dan"}  # type: ignore[arg-type]
    assert after == ("forced", ("Bob and Dan",))


def test_a_comparative_and_its_reverse() -> None:
    asked = ("Who is taller than Bea?", "Who is shorter than Ana?", "Who is bigger than the chest?")
    assert _answers(HEIGHTS, asked) == [
        ("forced", ("Ana",)),
        ("forced", ("Bea and Cleo",)),
        ("forced", ("the box",)),
    ]


def test_nobody_when_no_one_else_is_on_the_scale() -> None:
    assert _answers(HEIGHTS, ("Who is older than Ana?", "Who is taller than Ana?")) == [
        ("forced", ("nobody",)),
        ("forced", ("nobody",)),
    ]


def test_only_the_statements_above_the_question_count() -> None:
    text = "Ana is taller than Bea.\nWho is taller than Bea?\nCleo is taller than Ana.\n"
    first, second = _answers(text + "Who is taller than Bea?\n", ())
    assert first == ("forced", ("Ana",))
    assert second == ("forced", ("Ana and Cleo",))


def test_a_word_that_is_no_comparative_is_refused_at_that_word() -> None:
    error = refusal("Ana is taller than Bea.\nWho is kitchen than Bea?\n")
    assert (error.line, error.column, error.end_column) == (2, 8, 15)
    assert error.suggestion == "Who is taller than Bob?"


def test_a_number_is_refused_where_a_thing_stands() -> None:
    error = refusal("x = 3.\nAna is taller than Bea.\nWho is taller than x?\n")
    assert (error.line, error.column) == (3, 20)


def test_a_verb_that_names_no_event_is_refused_at_the_verb() -> None:
    error = refusal("Ana likes Bea.\nWho likes before Bea?\n")
    assert (error.line, error.column, error.end_column) == (2, 5, 10)
