"""Questions of stories as bAbI asks them (issue "Stories as bAbI tells them"): what someone
carries and how many objects (tasks 7, 8), who gave what to whom (task 5), and time adverbs
that order a story's moves (task 14).

Each expected answer and support is worked out by hand from the README's reading, not copied
from certify's output.
"""

from __future__ import annotations

import json

import pytest

from certify import TextError, check
from certify.cli.verify_report import verify_document
from certify.readout.answer import Options
from certify.report import to_json

CARRY = """Story:
Mary went to the kitchen.
Mary got the milk there.
Mary picked up the apple there.
What is Mary carrying?
How many objects is Mary carrying?
Mary dropped the milk.
What is Mary carrying?
Mary gave the apple to John.
What is Mary carrying?
How many objects is Mary carrying?
What is John carrying?
John put down the apple.
Mary took the apple.
What is Mary carrying?
"""


def _found(text: str, engine: str = "sat") -> list[tuple[str, object, object]]:
    report = check(text, [], options=Options(engine=engine))
    return [(a.status, a.answers, a.support) for a in report.questions]


def test_what_someone_carries_is_what_their_latest_event_gave_them() -> None:
    assert _found(CARRY) == [
        ("forced", ("the milk and the apple",), (3, 4)),  # both taken, nothing else happened
        ("forced", ("2",), (3, 4)),
        ("forced", ("the apple",), (4, 7)),  # the milk dropped on line 7
        ("forced", ("nothing",), (7, 9)),  # the apple given to John on line 9
        ("forced", ("0",), (7, 9)),
        ("forced", ("the apple",), (9,)),
        ("forced", ("the apple",), (7, 14)),  # John put it down, Mary took it again; milk: 7
    ]


def test_the_brute_force_engine_reads_carrying_the_same() -> None:
    # Every event is a free atom for the brute-force engine: a short story keeps it quick.
    text = "\n".join(CARRY.splitlines()[:8]) + "\n"
    assert (
        _found(text, "enumerate")
        == _found(text)
        == [
            ("forced", ("the milk and the apple",), (3, 4)),
            ("forced", ("2",), (3, 4)),
            ("forced", ("the apple",), (4, 7)),
        ]
    )


def test_carrying_reports_verify_and_a_wrong_support_is_caught() -> None:
    document = json.loads(json.dumps(to_json(check(CARRY, []))))
    assert verify_document(document, CARRY) == []
    # "nothing" on line 10 needs the dropping (7) and the giving (9): line 9 alone is not it.
    document["questions"][3]["support"] = [9]
    assert verify_document(document, CARRY) != []


def test_someone_who_never_took_anything_carries_nothing() -> None:
    text = "Story:\nMary went to the kitchen.\nJohn took the milk.\n"
    (answer,) = check(text, ["What is Mary carrying?"]).questions
    assert (answer.status, answer.answers) == ("forced", ("nothing",))
    (count,) = check(text, ["How many things is Mary carrying?"]).questions
    assert (count.status, count.answers) == ("forced", ("0",))


def test_how_many_counts_objects_only() -> None:
    with pytest.raises(TextError, match="counts the objects"):
        check("Story:\nMary took the milk.\nHow many apples is Mary carrying?\n", [])


GIVE = """Story:
Fred picked up the football there.
Fred gave the football to Jeff.
Jeff gave the football to Bill.
Bill handed the football to Jeff.
Jeff passed the football to Fred.
Jeff took the milk there.
Jeff gave the milk to Fred.
"""


@pytest.mark.parametrize(
    ("question", "answer", "support"),
    [
        # the latest giving that matches what the question names
        ("Who gave the football to Jeff?", "Bill", (5,)),  # Fred on line 3, Bill on line 5
        # the latest matching giving is the support: no giving after it gave another answer
        ("Who gave the football?", "Jeff", (6,)),  # Bill gave it (5), then Jeff (6)
        ("Who received the football?", "Fred", (6,)),
        ("What did Jeff give to Fred?", "the milk", (8,)),  # the football (6), the milk (8)
        ("Who did Jeff give the football to?", "Fred", (6,)),  # Bill (4), then Fred (6)
        ("Who gave the milk to Bill?", "nobody", None),  # no such giving is told
        ("What did Bill give to Fred?", "nothing", None),
    ],
)
def test_a_giving_question_is_answered_by_the_latest_matching_giving(
    question: str, answer: str, support: tuple[int, ...] | None
) -> None:
    (found,) = check(GIVE, [question]).questions
    assert (found.status, found.answers) == ("forced", (answer,))
    if support is not None:
        assert found.support == support


def test_a_giving_question_in_the_text_sees_only_the_givings_above_it() -> None:
    text = GIVE.replace("Jeff took the milk", "Who gave the football?\nJeff took the milk")
    (answer,) = check(text, []).questions
    assert (answer.status, answer.answers, answer.support) == ("forced", ("Jeff",), (6,))


TIMED = """Story:
This morning Mary moved to the kitchen.
This afternoon Mary moved to the cinema.
Yesterday Mary journeyed to the school.
Where was Mary before the cinema?
Mary went to the school this evening.
Where was Mary before the school?
Where is Mary?
"""


def test_time_adverbs_order_the_moves_across_the_text() -> None:
    # Story time: yesterday the school (4), this morning the kitchen (2), this afternoon the
    # cinema (3), this evening the school (6).
    assert _found(TIMED) == [
        ("forced", ("the kitchen",), (2, 3)),
        ("forced", ("the cinema",), (3, 6)),
        ("forced", ("the school",), (6,)),
    ]


def test_without_the_adverbs_text_order_decides() -> None:
    untimed = "\n".join(
        line.replace("This morning ", "").replace("This afternoon ", "")
        for line in TIMED.replace("Yesterday ", "").replace(" this evening", "").splitlines()
    )
    # Text order: the kitchen, the cinema, the school, the school.
    found = _found(untimed + "\n")
    assert [a for _, a, _ in found] == [("the kitchen",), ("the cinema",), ("the school",)]


def test_a_statement_without_an_adverb_continues_the_period_before_it() -> None:
    text = (
        "Story:\nThis evening Ana went to the park.\nYesterday Ana went to the hall.\n"
        "Ana went to the attic.\nWhere is Ana?\nWhere was Ana before the park?\n"
    )
    # The attic (line 4) is still yesterday: yesterday the hall, the attic; this evening the park.
    assert [(a.status, a.answers) for a in check(text, []).questions] == [
        ("forced", ("the park",)),
        ("forced", ("the attic",)),
    ]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("Ana is big yesterday.\n", "says when someone went somewhere"),
        ("Story:\nThe box is big this morning.\n", "says when someone went somewhere"),
        ("Story:\nYesterday Ana went to the hall.\nAna took the apple.\n", "time adverbs"),
        ("Story:\nAna took the apple.\nYesterday Ana went to the hall.\n", "time adverbs"),
    ],
)
def test_time_adverbs_where_certify_cannot_read_them_are_refused(text: str, message: str) -> None:
    with pytest.raises(TextError, match=message):
        check(text, [])


def test_a_timed_report_verifies() -> None:
    document = json.loads(json.dumps(to_json(check(TIMED, []))))
    assert verify_document(document, TIMED) == []


SIZES = """The suitcase fits inside the box.
The chocolate fits inside the suitcase.
The box of chocolates is bigger than the box.
"""


@pytest.mark.parametrize(
    ("question", "status", "answer"),
    [
        # the chocolate < the suitcase < the box < the box of chocolates
        ("Does the box fit in the chocolate?", "forced", "no"),
        ("Does the chocolate fit in the box?", "forced", "yes"),
        ("Is the chocolate bigger than the box of chocolates?", "forced", "no"),
        ("Is the box of chocolates bigger than the suitcase?", "forced", "yes"),
        ("Does the box of chocolates fit inside the suitcase?", "forced", "no"),
    ],
)
def test_fitting_inside_is_being_smaller(question: str, status: str, answer: str) -> None:
    (found,) = check(SIZES, [question]).questions
    assert (found.status, found.answers) == (status, (answer,))


def test_what_the_sizes_leave_undecided_is_open() -> None:
    (found,) = check(
        SIZES + "The chest fits inside the box of chocolates.\n", ["Does the chest fit in the box?"]
    ).questions
    assert found.status == "open"


def test_a_fitting_that_closes_a_cycle_contradicts() -> None:
    report = check(SIZES + "The box of chocolates fits inside the chocolate.\n", [])
    assert report.consistent is False


def test_does_x_sit_in_y_is_refused_at_in() -> None:
    text = SIZES + "Does the box sit in the chest?\n"
    with pytest.raises(TextError, match="'in'") as caught:
        check(text, [])
    errors = getattr(caught.value, "errors", [caught.value])
    line = text.splitlines()[errors[0].line - 1]
    assert line[errors[0].column - 1 :].startswith("in ")  # the caret is on "in"


GRID = """The triangle is to the left of the red square.
The red square is above the blue square.
"""


@pytest.mark.parametrize(
    ("question", "status", "answer"),
    [
        # one row: the triangle, then the red square; one column: the red square over the
        # blue square. So the triangle is as high as the red square, further left than both.
        ("Is the triangle above the blue square?", "forced", "yes"),
        ("Is the triangle to the left of the blue square?", "forced", "yes"),
        ("Is the blue square to the left of the triangle?", "forced", "no"),
        ("Is the triangle below the red square?", "forced", "no"),  # the same row
        ("Is the blue square to the right of the red square?", "forced", "no"),  # same column
        ("Is the red square to the right of the triangle?", "forced", "yes"),
    ],
)
def test_a_position_puts_two_things_on_one_row_or_column(
    question: str, status: str, answer: str
) -> None:
    (found,) = check(GRID, [question]).questions
    assert (found.status, found.answers) == (status, (answer,))


def test_two_things_left_of_a_third_are_in_an_open_order() -> None:
    text = GRID + "The pink rectangle is to the left of the red square.\n"
    (found,) = check(text, ["Is the triangle to the left of the pink rectangle?"]).questions
    assert (found.status, set(found.answers)) == ("open", {"yes", "no"})  # type: ignore[arg-type]


def test_a_cycle_of_positions_contradicts() -> None:
    report = check(GRID + "The red square is to the left of the triangle.\n", [])
    assert report.consistent is False
