"""Who is A? (SPEC §3 wh-questions, ``Who is guilty?``): ``X is A.`` of each named individual."""

from __future__ import annotations

from certify import check
from tests.refusals import refusal


def _answers(text: str, asked: tuple[str, ...] = ()) -> list[tuple[str, object]]:
    return [(q.status, q.answers) for q in check(text, list(asked)).questions]


def test_a_property_of_the_individuals_named_above() -> None:
    text = (
        "Exactly one of Ana, Bea and Carl is guilty.\nAna is not guilty.\nWho is guilty?\n"
        "If Carl is guilty then Bea is guilty.\nWho is guilty?\n"
    )
    assert _answers(text) == [("open", ("Bea", "Carl")), ("forced", ("Bea",))]


def test_a_declared_value_is_the_attribute_not_a_property() -> None:
    text = "The colors are red and blue.\nAna is red.\nBea is not red.\nWho is red?\n"
    assert _answers(text, ("Who is blue?",)) == [("forced", ("Ana",)), ("forced", ("Bea",))]


def test_only_names_said_before_the_question_are_candidates() -> None:
    text = "Ana is kind.\nWho is kind?\nBea is kind.\n"
    assert _answers(text, ("Who is kind?",)) == [
        ("forced", ("Ana",)),
        ("forced", ("Ana and Bea",)),
    ]


def test_nobody_when_no_one_can_be() -> None:
    assert _answers("Ana is not tall.\nWho is tall?\n") == [("forced", ("nobody",))]


def test_a_name_is_refused_at_that_word() -> None:
    error = refusal("Ana is in the kitchen.\nWho is Ana?\n")
    assert (error.line, error.column, error.end_column) == (2, 8, 11)
    assert error.suggestion == "Who is guilty?"


def test_who_is_in_a_place_is_still_the_location_question() -> None:
    assert _answers("Ana is in the kitchen.\nWho is in the kitchen?\n") == [("forced", ("Ana",))]
