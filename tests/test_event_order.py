"""``Who arrives first?`` / ``last``: the individuals whose arrival no other's precedes
(follows), among those whose arrival the statements above the question time."""

from __future__ import annotations

from certify import check
from tests.refusals import refusal

TEXT = (
    "Ana arrives at 9:00.\nCarl arrives 10 minutes before Bob.\n"
    "Bob arrives between 9:05 and 9:20.\nCarl arrives after Ana.\n"
)


def _answers(text: str, asked: tuple[str, ...] = ()) -> list[tuple[str, object]]:
    return [(q.status, q.answers) for q in check(text, list(asked)).questions]


def test_first_and_last_follow_from_the_differences() -> None:
    assert _answers(TEXT, ("Who arrives first?", "Who arrives last?")) == [
        ("forced", ("Ana",)),
        ("forced", ("Bob",)),
    ]


def test_a_tie_names_each_one_and_an_open_order_each_possibility() -> None:
    text = TEXT + "Dan arrives before 9:30.\nWho arrives first?\n"
    status, answers = _answers(text)[0]
    assert status == "open"
    assert set(answers) == {"Ana", "Dan", "Ana and Dan"}  # type: ignore[arg-type]


def test_only_arrivals_said_above_the_question_count() -> None:
    text = "Ana arrives at 9:00.\nWho arrives last?\nBob arrives at 9:30.\nWho arrives last?\n"
    assert _answers(text) == [("forced", ("Ana",)), ("forced", ("Bob",))]


def test_nobody_when_no_statement_times_that_event() -> None:
    assert _answers(TEXT + "Who leaves first?\n") == [("forced", ("nobody",))]


def test_each_event_verb_orders_its_own_times() -> None:
    text = "Ana leaves at 17:00.\nBob leaves at 16:30.\nAna arrives at 8:00.\nWho leaves first?\n"
    assert _answers(text) == [("forced", ("Bob",))]


def test_another_order_word_is_refused_at_that_word() -> None:
    error = refusal("Ana arrives at 9:00.\nWho arrives third?\n")
    assert (error.line, error.column, error.end_column) == (2, 13, 18)
    assert error.suggestion == "Who arrives first?"


def test_a_verb_that_names_no_event_is_refused_at_the_verb() -> None:
    error = refusal("Ana likes Bob.\nWho likes first?\n")
    assert (error.line, error.column, error.end_column) == (2, 5, 10)


def test_who_with_an_everyday_verb_is_unchanged() -> None:
    assert _answers("Tweety flies.\nWho flies?\n") == [("forced", ("Tweety",))]
