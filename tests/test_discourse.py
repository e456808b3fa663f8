"""Discourse words and plural pronouns, as bAbI's coreference tasks write them (SPEC §3
"Stories"): "Then she went to the hallway.", "After that they journeyed to the garden."

Each expected answer is worked out by hand from SPEC: a discourse word says only that the
statement comes next, which text order already says in a story; "they" is every subject of
the previous statement.
"""

from __future__ import annotations

import pytest

from certify import TextError, check


def _where(text: str, *names: str) -> list[tuple[str, object]]:
    report = check(text, [f"Where is {n}?" for n in names])
    return [(a.status, a.answers) for a in report.questions]


@pytest.mark.parametrize(
    "opening", ["Then", "After that", "After that,", "Following that", "Afterwards", "Later"]
)
def test_a_discourse_word_adds_nothing_to_a_story(opening: str) -> None:
    text = f"Story:\nAna is in the hall.\n{opening} she went to the garden.\n"
    assert _where(text, "Ana") == [("forced", ("the garden",))]


def test_they_is_every_subject_of_the_previous_statement() -> None:
    text = (
        "Mary and Daniel went to the bathroom.\n"
        "Then they journeyed to the hallway.\n"
        "Afterwards she moved to the office.\n"
    )
    # "she" has two possible antecedents ("they" passes line 1's two on): an error.
    with pytest.raises(TextError, match="line 1 has 2 subjects"):
        check(text, ["Where is Mary?"])
    text = text.replace("Afterwards she", "Afterwards Mary")
    assert _where(text, "Mary", "Daniel") == [
        ("forced", ("the office",)),
        ("forced", ("the hallway",)),
    ]


def test_they_not_in_a_place_is_each_of_them_not_there() -> None:
    text = "Ana and Bea are in the hall or the attic.\nThey are not in the attic.\n"
    assert _where(text, "Ana", "Bea") == [("forced", ("the hall",)), ("forced", ("the hall",))]


def test_outside_a_story_a_discourse_word_needs_a_movement() -> None:
    # Under conjunction "Then" would be silently dropped and the text read as contradictory.
    with pytest.raises(TextError) as caught:
        check("Ana is in the garden.\nThen Ana is in the kitchen.\n", [])
    error = caught.value.errors[0] if hasattr(caught.value, "errors") else caught.value
    assert (error.line, error.column) == (2, 1)
    assert "only a story reads" in error.message
    assert error.suggestion == "Ana is in the kitchen."
    check(error.suggestion, [])  # the suggestion itself reads
    moved = "Ana is in the garden.\nThen Ana went to the kitchen.\n"
    assert _where(moved, "Ana") == [("forced", ("the kitchen",))]


def test_a_name_that_starts_like_a_discourse_word_is_a_name() -> None:
    text = "Story:\nThenardier is in the hall.\nLaterza went to the attic.\n"
    assert _where(text, "Thenardier", "Laterza") == [
        ("forced", ("the hall",)),
        ("forced", ("the attic",)),
    ]


def test_a_question_does_not_open_with_a_discourse_word() -> None:
    with pytest.raises(TextError, match="'Then'"):
        check("Story:\nAna went to the hall.\nThen where is Ana?\n", [])
