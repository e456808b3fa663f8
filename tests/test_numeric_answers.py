"""Issue 8's numeric reproducers, each through the whole pipeline (``certify.check``).

Mixed integer/real texts that never returned, exact intervals reported ``unresolved`` for
want of witnesses at their ends, and comparisons whose variables cancel (``x = x - 1``).
Each runs with a generous timeout: a hang shows up as ``unresolved`` and fails the test.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from certify import check
from certify.errors import TextError
from certify.numeric import Interval
from certify.readout.answer import Options
from certify.report import Answer

GENEROUS = Options(timeout=60.0)


def answers(text: str, options: Options = GENEROUS) -> dict[str, Answer]:
    """The answers of a text's own questions, by question."""
    return {a.question: a for a in check(text, options=options).questions}


@pytest.mark.parametrize("link", ["x + y = 1/2", "x - y = 1/2", "2x + y = 1/2", "y = x + 1/2"])
def test_an_integer_linked_to_a_real_is_open_on_both(link: str) -> None:
    report = check(f"x is an integer. {link}.\nWhat is x?\nWhat is y?\n", options=GENEROUS)
    assert report.consistent is True
    for answer in report.questions:
        assert answer.status == "open", (answer.question, answer.reason)
        assert answer.answers == Interval(None, None, False, False)
        assert len(set(answer.witnessed)) == 2
    y = report.questions[1]
    assert all(Fraction(v).denominator == 2 for v in y.witnessed)  # y is a half off x


@pytest.mark.parametrize("link", ["x + y = 1/2", "x - y = 1/2", "2x + y = 1/2", "y = x + 1/2"])
def test_a_real_squeezed_between_integers_is_a_contradiction(link: str) -> None:
    text = f"x is an integer.\n{link}.\n0 <= y <= 1/4.\nWhat is x?\n"
    report = check(text, options=GENEROUS)
    assert report.consistent is False
    answer = report.questions[0]
    assert answer.status == "contradictory"
    assert answer.conflict is not None and answer.conflict.lines == (1, 2, 3)


def test_an_integer_forced_to_a_half_is_a_contradiction_with_every_limit() -> None:
    text = "x is an integer. x + y = 21/2. y = 1.\nWhat is x?\n"
    for options in (GENEROUS, Options(timeout=60.0, budget=10)):
        answer = answers(text, options)["What is x?"]
        assert answer.status == "contradictory"
        assert answer.conflict is not None and answer.conflict.lines == (1,)


EXACT_INTERVALS = [
    (
        "x is between 1 and 2. y is between 5 and 7.\nWhat is y - x?\n",
        Interval(Fraction(3), Fraction(6), True, True),
        {"3", "6"},
    ),
    (
        "m and n are integers. n = 4. m is at most 11.\nWhat is n - m?\n",
        Interval(Fraction(-7), None, True, False),
        {"-7"},
    ),
    (
        "Hal arrives at 7:50. Wes arrives between 8:35 and 8:45.\n"
        "How long after Hal does Wes arrive?\n",
        Interval(Fraction(45), Fraction(55), True, True),
        {"45", "55"},
    ),
]


@pytest.mark.parametrize(("text", "interval", "ends"), EXACT_INTERVALS)
def test_an_exact_interval_is_open_with_witnesses_at_its_ends(
    text: str, interval: Interval, ends: set[str]
) -> None:
    (answer,) = answers(text).values()
    assert answer.status == "open", answer.reason
    assert answer.answers == interval
    assert ends <= set(answer.witnessed)
    assert len(set(answer.witnessed)) == 2


def test_witnesses_at_open_ends_are_found_near_them() -> None:
    (answer,) = answers("x > 1. x < 2. y is between 5 and 7.\nWhat is y - x?\n").values()
    assert answer.status == "open"
    assert answer.answers == Interval(Fraction(3), Fraction(6), False, False)
    assert all(3 < Fraction(v) < 6 for v in answer.witnessed)


def test_a_truth_question_outside_the_box_domain_is_decided() -> None:
    text = "x is between 1 and 2. y is between 5 and 7.\nIs it true that y - x > 6?\n"
    (answer,) = answers(text).values()
    assert answer.status == "forced" and answer.answers == ("no",)


def test_a_comparison_whose_variables_cancel_keeps_its_meaning() -> None:
    contradiction = check("x = x - 1.\nWhat is x?\n", options=GENEROUS)
    assert contradiction.consistent is False
    assert contradiction.questions[0].status == "contradictory"
    assert contradiction.questions[0].conflict is not None
    assert contradiction.questions[0].conflict.lines == (1,)
    true = check("x = x.\nWhat is x?\n", options=GENEROUS)
    assert true.consistent is True
    assert true.questions[0].status == "open"
    assert [r.reading for r in contradiction.reading] == ["0 = -1"]


def test_a_comparison_without_any_variable_is_still_refused() -> None:
    with pytest.raises(TextError, match="no variable"):
        check("3 = 3.\n")
