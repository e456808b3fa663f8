"""A yes/no question read as the statement it inverts (``certify.syntax.inversion``): the
same answers as ``Is it true that S?``, its spans in the question's own columns, and the
questions it must still refuse."""

from __future__ import annotations

import pytest

from certify import CertifyError, check
from certify.errors import TextError
from certify.syntax import ast
from certify.syntax.inversion import inverted

TEXT = (
    "Ana is in the garden.\nBob is in the garden or the hall.\n"
    "Carl is guilty or Dan is guilty.\nEve is in the hall.\n"
)

INVERTED = [
    ("Are Ana and Bob in the garden?", "Ana and Bob are in the garden"),
    ("Is Ana in the same place as Bob?", "Ana is in the same place as Bob"),
    ("Is Ana in the same place as Eve?", "Ana is in the same place as Eve"),
    ("Is someone guilty?", "someone is guilty"),
    ("Is nobody guilty?", "nobody is guilty"),
    ("Are Carl and Dan guilty?", "Carl and Dan are guilty"),
]


def _seen(text: str, question: str) -> tuple[object, ...]:
    (answer,) = check(text, [question]).questions
    return answer.status, answer.answers, tuple(w.sentences for w in answer.witnesses)


@pytest.mark.parametrize(("question", "statement"), INVERTED)
def test_an_inverted_question_answers_as_is_it_true_that(question: str, statement: str) -> None:
    assert _seen(TEXT, question) == _seen(TEXT, f"Is it true that {statement}?")


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("Are Ana and Bob in the garden?", ("open", ("yes", "no"))),
        ("Is Ana in the same place as Eve?", ("forced", ("no",))),
        ("Is someone guilty?", ("forced", ("yes",))),
        ("Is nobody guilty?", ("forced", ("no",))),
    ],
)
def test_answers_worked_out_by_hand(question: str, expected: tuple[str, tuple[str, ...]]) -> None:
    (answer,) = check(TEXT, [question]).questions
    assert (answer.status, tuple(sorted(answer.answers, reverse=True))) == expected


def _refused(question: str) -> TextError:
    with pytest.raises(CertifyError) as raised:
        check(TEXT, [question])
    error = raised.value
    assert isinstance(error, TextError)
    return error


def test_or_can_ask_which_and_is_refused_with_both_ways() -> None:
    error = _refused("Is Bob in the garden or the hall?")
    assert (error.column, error.end_column) == (22, 24)  # the caret on "or"
    assert error.suggestion == "Is it true that Bob is in the garden or the hall?"
    assert check(TEXT, [error.suggestion]).questions[0].answers == ("yes",)


def test_a_later_error_has_its_caret_on_the_word_as_written() -> None:
    error = _refused("Are Ana and Bob in the zorb?")
    assert "not a place" in error.message
    assert (error.column, error.end_column) == (20, 28)


@pytest.mark.parametrize(
    ("question", "column"),
    [
        ("Is Ana zorb in the kitchen?", 13),  # nothing reads it: the error it had before
        ("Is anyone in the kitchen?", 4),
    ],
)
def test_a_question_no_statement_reads_keeps_its_own_error(question: str, column: int) -> None:
    assert _refused(question).column == column


def _span(column: int) -> ast.Span:
    return ast.Span(1, column, column + 1)


def test_two_meanings_are_refused_with_each_written_out() -> None:
    def parse(question: str, column: int) -> ast.QuestionAst:  # a reading at every gap
        words = question.split()
        return ast.QWho(ast.NP("name", (words[words.index("is", 4) - 1],), "X", _span(column)))

    with pytest.raises(TextError) as raised:
        inverted("Is Ana Bob Carl", 1, 1, parse)
    assert "two ways" in raised.value.message
    assert raised.value.suggestion == "Is it true that Ana is Bob Carl?"


def test_the_same_meaning_at_two_gaps_is_one_reading() -> None:
    def parse(question: str, column: int) -> ast.QuestionAst:
        return ast.QWho(ast.NP("name", ("ana",), "Ana", _span(column)))

    read = inverted("Is Ana Bob Carl", 1, 1, parse)
    assert isinstance(read, ast.QWho)
    assert read.place.text == "Ana"


def test_is_it_true_that_is_never_inverted_again() -> None:
    def parse(question: str, column: int) -> ast.QuestionAst:
        raise AssertionError("not parsed again")

    assert inverted("Is it true that Ana zorbs", 1, 1, parse) is None


def test_someone_in_a_question_is_no_unknown_name() -> None:
    asked = ["Is someone guilty?", "Is it true that someone is guilty?"]
    report = check("Carl is guilty.\n", asked)
    assert report.warnings == ()
    assert [q.answers for q in report.questions] == [("yes",), ("yes",)]


def test_an_ask_about_a_name_that_is_no_place_is_refused_once_with_its_own_text() -> None:
    error = _refused("Are Ana and Bob in the zorb?")
    assert len(error.errors) == 1
    assert (error.file, error.source_line) == ("--ask", "Are Ana and Bob in the zorb?")
