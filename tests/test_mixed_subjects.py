"""Subjects joined by both 'and' and 'or' are refused; a name after an 'or' continues the
clause before it.

"Ana or Bea and Carl are in the kitchen." can mean "(Ana or Bea) and Carl" or "Ana or (Bea
and Carl)".  certify read it as "Ana, Bea and Carl", dropping the 'or', and answered
`Where is Ana?` with a `forced` the text does not give.  Now a verb whose subjects are joined
by two different words is refused at them.  And in "Ana is round or square or Ana and Bea
have different shapes." (the finite differential, seed 20261281) 'square' and 'Ana' were both
read as subjects of the last clause, so the text was refused ('square' is a value); 'and'
over 'or' makes it "(Ana is round or square) or (Ana and Bea have different shapes)".
The answers below are worked out by hand.
"""

from __future__ import annotations

import pytest

from certify import check
from certify.readout.answer import Options
from tests.refusals import refusal

SHAPES = "The shapes are round, square and flat.\n"


def answers(text: str, question: str) -> tuple[str, set[str]]:
    report = check(text, [question], options=Options())
    answer = report.questions[-1]
    return answer.status, set(answer.answers)


@pytest.mark.parametrize(
    ("sentence", "column", "end"),
    [
        ("Ana or Bea and Carl are in the kitchen.", 1, 20),
        ("Ana and Bea or Carl are in the kitchen.", 1, 20),
        ("Ana, Bea or Carl and Dan are in the kitchen.", 1, 25),
        ("Ana is in the hall and Bea or Carl and Dan are in the kitchen.", 24, 43),
    ],
)
def test_subjects_joined_by_and_and_or_are_refused_at_them(
    sentence: str, column: int, end: int
) -> None:
    error = refusal(sentence + "\n")
    assert "'and' and 'or' both join the subjects of one verb here" in error.message
    assert (error.line, error.column, error.end_column) == (1, column, end)
    assert error.suggestion == "Ana or Bea is in the kitchen, and Carl is in the kitchen."


def test_the_suggestion_reads_and_means_what_it_says() -> None:
    text = "Ana or Bea is in the kitchen, and Carl is in the kitchen.\n"
    assert answers(text, "Where is Carl?") == ("forced", {"the kitchen"})
    assert answers(text, "Where is Ana?") == ("open", {"the kitchen", "(other)"})


@pytest.mark.parametrize(
    "sentence",
    [
        "Ana, Bea or Carl is in the kitchen.",
        "Ana, Bea and Carl are in the kitchen.",
        "Ana is in the hall or Bea and Carl are in the kitchen.",
        "Ana is in the hall and Bea or Carl are in the kitchen.",
    ],
)
def test_one_word_joining_the_subjects_still_reads(sentence: str) -> None:
    assert check(sentence + "\n").consistent


def test_names_after_or_continue_the_clause_before_the_plural_one() -> None:
    text = SHAPES + "Ana is round or square or Ana and Bea have different shapes.\n"
    # Ana flat needs Bea not flat; any shape of Bea goes with Ana round.
    assert answers(text, "What shape is Ana?") == ("open", {"round", "square", "flat"})
    assert answers(text, "What shape is Bea?") == ("open", {"round", "square", "flat"})
    flat = text + "Ana is flat.\n"
    assert answers(flat, "What shape is Bea?") == ("open", {"round", "square"})
    same = text + "Ana and Bea have the same shape.\n"
    assert answers(same, "What shape is Ana?") == ("open", {"round", "square"})


def test_and_before_the_plural_clause_is_unchanged() -> None:
    text = "The colors are red, green and blue.\n"
    text += "Ana is red or green and Ana and Bea have different colors.\nAna is green.\n"
    assert answers(text, "What color is Bea?") == ("open", {"red", "blue"})
