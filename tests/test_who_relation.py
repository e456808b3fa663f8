"""Wh-questions over a relation (``Who likes Bob?``, ``Who has the cat?``, ``Who owns the
zebra?``, ``Who is afraid of the dog?``) and ``(other)`` for an unnamed individual (SPEC §3
"Wh-questions").  The expected answers are worked out by hand from the statements."""

from __future__ import annotations

import pytest

from certify import check
from tests.refusals import refusal


def _answers(text: str, asked: tuple[str, ...] = ()) -> list[tuple[str, object]]:
    return [(q.status, q.answers) for q in check(text, list(asked)).questions]


def test_who_likes_names_whom_the_relation_can_hold_of() -> None:
    # Ana does, Carl does not, Bob (named as the object) may like himself or not.
    text = "Ana likes Bob.\nCarl does not like Bob.\nWho likes Bob?\n"
    status, answers = _answers(text)[0]
    assert status == "open"
    assert set(answers) == {"Ana", "Ana and Bob"}  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "question", "expected"),
    [
        ("Bo has the cat.\nAna does not have the cat.\n", "Who has the cat?", "Bo"),
        (
            "Ana owns the zebra or Bo owns the zebra.\nAna does not own the zebra.\n",
            "Who owns the zebra?",
            "Bo",
        ),
        (
            "Tom is afraid of the dog.\nEve is not afraid of the dog.\n",
            "Who is afraid of the dog?",
            "Tom",
        ),
        (
            "Cats are afraid of wolves.\nTom is a cat.\nEve is not afraid of wolves.\n",
            "Who is afraid of wolves?",
            "Tom",
        ),
        ("Ana likes Bob.\nBob likes Ana.\nNobody likes Carl.\n", "Who likes Carl?", "nobody"),
        ("Tom is afraid.\nEve is not afraid.\n", "Who is afraid?", "Tom"),  # no "of"
        ("Ana likes the dog.\nAna does not like the cat.\n", "What does Ana like?", "the dog"),
        ("Ana drinks water.\nAna does not drink milk.\n", "What does Ana drink?", "water"),
        ("Ana likes Bob.\nAna does not like Ana.\n", "Who does Ana like?", "Bob"),
        # "water", written in lower case, is a thing: never one of the answers of "Who"
        ("Ana drinks water.\nBob does not drink water.\n", "Who drinks water?", "Ana"),
    ],
)
def test_a_forced_wh_answer(text: str, question: str, expected: str) -> None:
    assert _answers(text, (question,)) == [("forced", (expected,))]


def test_each_name_in_the_answers_agrees_with_the_yes_no_question() -> None:
    text = (
        "Ana likes the cat or Bo likes the cat.\n"
        "If Ana likes the cat then Carl does not like the cat.\nDan likes the cat.\n"
    )
    status, answers = _answers(text, ("Who likes the cat?",))[0]
    assert status == "open"
    sets = [set(a.replace(" and ", ", ").split(", ")) for a in answers]  # type: ignore[union-attr]
    for name in ("Ana", "Bo", "Carl", "Dan"):
        yes_no = _answers(text, (f"Does {name} like the cat?",))[0]
        some = any(name in s for s in sets)
        every = all(name in s for s in sets)
        assert ("yes" in yes_no[1]) == some, name  # type: ignore[operator]
        assert (yes_no == ("forced", ("yes",))) == every, name


def test_an_unnamed_individual_answers_as_other() -> None:
    text = "Ana is in the kitchen.\nSomeone is guilty.\nAna is not guilty.\nWho is guilty?\n"
    # Only the unnamed one can be guilty: one answer, which stands for many (never forced).
    assert _answers(text) == [("open", ("(other)",))]
    text = "Ana is in the kitchen.\nSomeone likes Bob.\nWho likes Bob?\n"
    status, answers = _answers(text)[0]
    assert status == "open"
    assert "(other)" in answers  # type: ignore[operator]
    assert "nobody" not in answers  # type: ignore[operator]


def test_a_witness_of_other_shows_the_unnamed_one() -> None:
    text = "Ana is in the kitchen.\nSomeone is guilty.\nAna is not guilty.\nWho is guilty?\n"
    witness = check(text).questions[0].witnesses[0]
    assert witness.answer == "(other)"
    assert "someone (line 2) is guilty" in witness.sentences


@pytest.mark.parametrize(
    ("question", "column", "end"),
    [
        ("Who likes everyone?", 11, 19),  # a quantifier, not one thing
        ("Who arrives Bob?", 13, 16),  # an event verb takes first or last
        ("Who likes first?", 5, 10),  # first or last with a verb of no event
        ("What does Ana arrive?", 15, 21),  # an event is no relation
    ],
)
def test_refused_at_the_word(question: str, column: int, end: int) -> None:
    error = refusal(f"Ana likes Bob.\n{question}\n")
    assert (error.line, error.column, error.end_column) == (2, column, end)


def test_who_does_x_like_is_open_where_the_statements_leave_it() -> None:
    text = "Ana likes Bob.\nAna does not like Carl.\nSomeone is guilty.\nWho does Ana like?\n"
    status, answers = _answers(text)[0]
    assert status == "open"
    # Bob always; Ana herself and the unnamed one of line 3 may be liked too, Carl never
    assert set(answers) == {  # type: ignore[arg-type]
        "Bob",
        "Ana and Bob",
        "Bob and (other)",
        "Ana, Bob and (other)",
    }
