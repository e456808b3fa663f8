"""``Who arrives before 9:15?``: with any time phrase of a statement, the individuals whose
arrival the statements above time, of whom ``X arrives before 9:15.`` holds (never the one
the phrase names).  The answers are worked out by hand: Ana at 9:00, Carl after Ana and 10
minutes before Bob, Bob between 9:05 and 9:20, so Carl is in (9:00, 9:10] and Bob in
(9:10, 9:20]."""

from __future__ import annotations

import pytest

from certify import check

TEXT = (
    "Ana arrives at 9:00.\nCarl arrives 10 minutes before Bob.\n"
    "Bob arrives between 9:05 and 9:20.\nCarl arrives after Ana.\n"
)


def _answer(question: str, text: str = TEXT) -> tuple[str, set[str]]:
    (answer,) = check(text, [question]).questions
    return answer.status, set(answer.answers)


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("Who arrives before 9:15?", ("open", {"Ana and Carl", "Ana, Carl and Bob"})),
        ("Who arrives after 9:05?", ("open", {"Bob", "Carl and Bob"})),
        ("Who arrives at 9:00?", ("forced", {"Ana"})),
        ("Who arrives between 9:00 and 9:10?", ("forced", {"Ana and Carl"})),
        ("Who arrives no later than 9:10?", ("forced", {"Ana and Carl"})),
        ("Who arrives 10 minutes before Bob?", ("forced", {"Carl"})),  # never Bob himself
        ("Who arrives at least 5 minutes after Ana?", ("open", {"Bob", "Carl and Bob"})),
        ("Who arrives at the same time as Carl?", ("forced", {"nobody"})),
        ("Who leaves before 9:15?", ("forced", {"nobody"})),  # no departure is timed
    ],
)
def test_answers_worked_out_by_hand(question: str, expected: tuple[str, set[str]]) -> None:
    assert _answer(question) == expected


def test_each_name_agrees_with_does_x_arrive() -> None:
    _, answers = _answer("Who arrives before 9:15?")
    sets = [set(a.replace(" and ", ", ").split(", ")) for a in answers]
    for name in ("Ana", "Bob", "Carl"):
        (yes_no,) = check(TEXT, [f"Does {name} arrive before 9:15?"]).questions
        assert ("yes" in yes_no.answers) == any(name in s for s in sets), name
        assert (yes_no.answers == ("yes",)) == all(name in s for s in sets), name


def test_before_a_name_is_still_the_comparison_with_that_name() -> None:
    assert _answer("Who arrives before Bob?") == ("forced", {"Ana and Carl"})
