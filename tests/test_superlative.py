"""Who is the tallest? (SPEC §3 wh-questions): the individuals the statements above the
question put on the scale, that no other of them exceeds on it."""

from __future__ import annotations

import json

from certify import check
from certify.cli.verify_report import verify_document
from certify.report import to_json
from tests.refusals import refusal


def _answers(text: str) -> list[tuple[str, frozenset[str]]]:
    return [(q.status, frozenset(q.answers or ())) for q in check(text).questions]


def test_the_top_of_a_scale_and_of_its_reverse() -> None:
    text = (
        "Ana is taller than Bea.\nCarl is shorter than Bea.\nWho is the tallest?\n"
        "Who is the shortest?\nDan is taller than Carl.\nWho is the tallest?\n"
    )
    assert _answers(text) == [
        ("forced", frozenset({"Ana"})),
        ("forced", frozenset({"Carl"})),
        ("open", frozenset({"Ana", "Dan", "Ana and Dan"})),  # a tie: both
    ]


def test_ages_in_years_and_comparatives_are_one_scale() -> None:
    text = (
        "Eve is 30 years old.\nFinn is older than Eve.\nGus is 3 years younger than Eve.\n"
        "Who is the oldest?\nWho is the youngest?\n"
    )
    assert _answers(text) == [("forced", frozenset({"Finn"})), ("forced", frozenset({"Gus"}))]


def test_a_comparison_inside_a_connective_and_other_questions_beside_it() -> None:
    text = (
        "Ana is taller than Bea or Ana is in the kitchen.\nBea is taller than Carl.\n"
        "Ana is not in the kitchen.\nWho is the tallest?\nIs Bea taller than Carl?\n"
    )
    assert _answers(text) == [("forced", frozenset({"Ana"})), ("forced", frozenset({"yes"}))]


def test_nobody_when_no_statement_uses_the_scale() -> None:
    text = "Ana is older than Bea.\nWho is the tallest?\n"
    assert _answers(text) == [("forced", frozenset({"nobody"}))]


def test_a_word_that_is_not_a_superlative_is_refused_at_that_word() -> None:
    error = refusal("Ana is taller than Bea.\nWho is the kitchen?\n")
    assert (error.line, error.column, error.end_column) == (2, 12, 19)
    assert error.suggestion == "Who is the tallest?"


def test_verify_rederives_the_answer_set_and_catches_a_missing_answer() -> None:
    text = "Ana is taller than Bea.\nDan is taller than Bea.\nWho is the tallest?\n"
    document = json.loads(json.dumps(to_json(check(text))))
    assert verify_document(document, text) == []
    question = document["questions"][0]
    assert set(question["answers"]) == {"Ana", "Dan", "Ana and Dan"}
    question["answers"] = [a for a in question["answers"] if a != "Dan"]
    question["witnessed"] = [a for a in question["witnessed"] if a != "Dan"]
    question["witnesses"] = [w for w in question["witnesses"] if w["answer"] != "Dan"]
    broken = verify_document(document, text)
    assert any("the text also permits ['Dan']" in claim for claim in broken), broken
