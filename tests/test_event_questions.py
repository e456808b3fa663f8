"""``Does Bob arrive before 9:15?``: the yes/no question of an event at a time.

It asks whether ``Bob arrives before 9:15.`` holds, the question ``Is it true that Bob arrives
before 9:15?`` asks; every time phrase of a statement reads after ``Does X arrive``.
"""

from __future__ import annotations

import pytest

from certify import check
from tests.refusals import refusal

TEXT = (
    "Ana arrives at 9:00.\nCarl arrives 10 minutes before Bob.\n"
    "Bob arrives between 9:05 and 9:20.\nCarl arrives after Ana.\n"
)

# Each time phrase, and what the text above makes of it for Bob (9:10 < Bob <= 9:20, since
# Carl = Bob - 10 is after Ana at 9:00; Carl in (9:00, 9:10]).
PHRASES = [
    ("Bob", "at 9:20", "open", ("yes", "no")),
    ("Bob", "before 9:15", "open", ("yes", "no")),
    ("Bob", "after 9:10", "forced", ("yes",)),
    ("Bob", "no later than 9:20", "forced", ("yes",)),
    ("Bob", "no earlier than 9:21", "forced", ("no",)),
    ("Bob", "between 9:05 and 9:30", "forced", ("yes",)),
    ("Bob", "at least 10 minutes after Ana", "forced", ("yes",)),
    ("Bob", "at most 5 minutes after Ana", "forced", ("no",)),
    ("Bob", "10 minutes after Carl", "forced", ("yes",)),
    ("Bob", "between 10 and 15 minutes after Ana", "open", ("yes", "no")),
    ("Carl", "before Bob", "forced", ("yes",)),
    ("Carl", "at the same time as Ana", "forced", ("no",)),
    ("Ana", "at 9:00", "forced", ("yes",)),
]


@pytest.mark.parametrize(("who", "phrase", "status", "answers"), PHRASES)
def test_each_time_phrase_asks_what_the_statement_says(
    who: str, phrase: str, status: str, answers: tuple[str, ...]
) -> None:
    asked = f"Does {who} arrive {phrase}?"
    same = f"Is it true that {who} arrives {phrase}?"
    spoken, written = check(TEXT, [asked, same]).questions
    assert (spoken.status, spoken.answers) == (status, answers)
    assert spoken.answers == written.answers and spoken.status == written.status
    assert spoken.witnesses == written.witnesses


def test_in_the_text_and_of_the_other_event_verbs() -> None:
    text = "Ana leaves at 17:00.\nDoes Ana leave before 18:00?\nDoes the baker start at 6:00?\n"
    first, second = check(text).questions
    assert (first.status, first.answers) == ("forced", ("yes",))
    assert (second.status, second.answers) == ("open", ("yes", "no"))


def test_a_verb_that_names_no_event_is_refused_at_that_word() -> None:
    error = refusal("Ana arrives at 9:00.\nDoes Ana like before 9:00?\n")
    assert (error.line, error.column, error.end_column) == (2, 10, 14)


def test_the_plural_do_is_refused_as_a_statement_of_an_event_is_singular() -> None:
    error = refusal("Ana arrives at 9:00.\nDo Ana arrive before 9:00?\n")
    assert (error.line, error.column, error.end_column) == (2, 1, 3)
    assert error.suggestion == "Does Bob arrive before 9:15?"


def test_a_subject_is_needed() -> None:
    error = refusal("Ana arrives at 9:00.\nDoes arrive before 9:00?\n")
    assert error.line == 2


def test_relations_and_everyday_verbs_are_read_as_before() -> None:
    text = "The cat likes the dog.\nTweety flies.\nDoes the cat like the dog?\nDoes Tweety fly?\n"
    assert [(q.status, q.answers) for q in check(text).questions] == [
        ("forced", ("yes",)),
        ("forced", ("yes",)),
    ]


def test_how_long_before_is_the_other_way_round_of_how_long_after() -> None:
    before, after = check(
        TEXT, ["How long before Bob does Carl arrive?", "How long after Carl does Bob arrive?"]
    ).questions
    assert before.status == after.status == "forced"
    assert before.answers == after.answers
    assert before.witnessed == ("10",)
    open_before = check(TEXT, ["How long before Bob does Ana arrive?"]).questions[0]
    assert open_before.status == "open"
    assert (open_before.answers.low, open_before.answers.high) == (10, 20)  # type: ignore[union-attr]
    assert open_before.answers.high_closed and not open_before.answers.low_closed  # type: ignore[union-attr]
