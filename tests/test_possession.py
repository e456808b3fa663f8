"""Possession as bAbI tells it (SPEC §3 "Stories"): an object carried is where its carrier is,
a dropped object stays where it was dropped, a given one goes with the receiver.

Each expected answer is worked out by hand from SPEC, not copied from certify's output.
"""

from __future__ import annotations

import json

import pytest

from certify import TextError, check
from certify.cli.verify_report import verify_document
from certify.report import to_json

CASE_40 = """Story:
Mary went to the kitchen.
Mary got the football there.
Mary went to the garden.
Where is the football?
Mary dropped the football.
Mary went to the hallway.
Where is the football?
"""


def _answer(text: str, question: str) -> tuple[str, object, tuple[int, ...] | None]:
    (answer,) = check(text, [question]).questions
    return answer.status, answer.answers, answer.support


def test_a_carried_object_goes_with_its_carrier_and_a_dropped_one_stays() -> None:
    report = check(CASE_40, [])
    found = [(a.status, a.answers, a.support) for a in report.questions]
    # Line 5: the football went with Mary (taken on line 3, Mary moved on line 4).
    # Line 8: dropped on line 6 where Mary was then (the garden), it stayed.
    assert found == [
        ("forced", ("the garden",), (3, 4)),
        ("forced", ("the garden",), (3, 4)),
    ]


@pytest.mark.parametrize("verb", ["got", "took", "grabbed", "picked up"])
def test_every_taking_verb_takes(verb: str) -> None:
    text = f"Story:\nAna is in the hall.\nAna {verb} the apple there.\nAna went to the attic.\n"
    assert _answer(text, "Where is the apple?")[:2] == ("forced", ("the attic",))


@pytest.mark.parametrize("verb", ["dropped", "discarded", "put down", "left"])
def test_every_dropping_verb_drops(verb: str) -> None:
    text = (
        "Story:\nAna is in the hall.\nAna took the apple.\n"
        f"Ana {verb} the apple.\nAna went to the attic.\n"
    )
    assert _answer(text, "Where is the apple?")[:2] == ("forced", ("the hall",))


@pytest.mark.parametrize("verb", ["gave", "passed", "handed"])
def test_a_given_object_goes_with_the_receiver(verb: str) -> None:
    text = (
        "Story:\nAna is in the hall.\nAna took the apple.\n"
        f"Ana {verb} the apple to Bob.\nAna went to the attic.\nBob went to the cellar.\n"
    )
    assert _answer(text, "Where is the apple?") == ("forced", ("the cellar",), (4, 6))


def test_an_uncertain_carrier_makes_the_object_uncertain() -> None:
    text = "Story:\nAna took the apple.\nAna is in the hall or the attic.\n"
    status, answers, _ = _answer(text, "Where is the apple?")
    assert (status, set(answers)) == ("open", {"the hall", "the attic"})


def test_the_support_names_the_taking_and_verify_accepts_it() -> None:
    report = check(CASE_40, [])
    document = json.loads(json.dumps(to_json(report)))
    assert verify_document(document, CASE_40) == []
    # Claiming line 4 alone (the move) is not a support: the taking on line 3 is needed.
    document["questions"][0]["support"] = [4]
    assert verify_document(document, CASE_40) != []


def test_possession_inside_a_disjunction_is_refused() -> None:
    with pytest.raises(TextError, match="statement of its own"):
        check("Story:\nAna took the apple or Ana took the pear.\n", [])


def test_a_negated_possession_is_refused() -> None:
    with pytest.raises(TextError, match="statement of its own"):
        check("Story:\nIt is not the case that Ana took the apple.\n", [])


@pytest.mark.parametrize(
    "sentence",
    [
        "Everyone took the apple.",
        "Someone took the apple.",
        "Ana took everything.",
        "Ana took it.",  # "it" is Ana, the previous statement's subject
        "Ana gave the apple to Ana.",
    ],
)
def test_possession_of_no_one_in_particular_is_refused(sentence: str) -> None:
    with pytest.raises(TextError):
        check(f"Story:\nAna is in the hall.\n{sentence}\n", [])


def _history(text: str, question: str) -> tuple[str, object]:
    (answer,) = check(text, [question]).questions
    return answer.status, answer.answers


def test_where_was_x_before_p_is_the_place_before_the_last_stay_in_p() -> None:
    story = (
        "Story:\nAna is in the hall.\nAna went to the kitchen.\nAna is in the kitchen.\n"
        "Ana went to the garden.\nAna went to the kitchen.\n"
    )
    # Moments: hall, kitchen, kitchen, garden, kitchen. The last stay in the kitchen began
    # after the garden; the stay before it (two moments in the kitchen) began after the hall.
    assert _history(story, "Where was Ana before the kitchen?") == ("forced", ("the garden",))
    assert _history(story, "Where was Ana before the garden?") == ("forced", ("the kitchen",))
    assert _history(story, "Where was Ana before the hall?") == ("forced", ("(none)",))
    assert _history(story, "Where was Ana before the attic?") == ("forced", ("(none)",))
    shorter = story.rsplit("Ana went to the garden.", 1)[0]
    assert _history(shorter, "Where was Ana before the kitchen?") == ("forced", ("the hall",))


def test_an_uncertain_history_is_open() -> None:
    story = "Story:\nAna is in the hall or the attic.\nAna went to the kitchen.\n"
    status, answers = _history(story, "Where was Ana before the kitchen?")
    assert (status, set(answers)) == ("open", {"the hall", "the attic"})  # type: ignore[arg-type]
