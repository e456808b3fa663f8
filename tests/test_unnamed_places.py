"""The bound on unnamed places (issue 9): only individuals an atom compares tell them apart.

``space.compared_in`` groups the individuals "in the same place as" atoms compare; the j-th of
a group may use the first j unnamed places and everyone else only the first
(``Vocabulary.unnamed``).  Small texts keep the full space (``FULL_SPACE_UP_TO``), so here the
bound is also forced on for every location sample and conformance case, and must give the
same answers as the full space.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from certify import check
from certify.meaning import ir, space
from certify.meaning.moments import problem_at
from certify.pipeline import read
from certify.syntax.parse import read_document
from tests.paths import CONFORMANCE, SAMPLES

FILLER = [f"Z{i} is in the hall or the kitchen." for i in range(space.FULL_SPACE_UP_TO + 5)]


def _vocabulary(text: str, asked: tuple[ir.Formula, ...] = ()) -> ir.Vocabulary:
    reading, _, _ = read(read_document(text, "x"))
    return problem_at(reading, None, asked=asked).vocabulary


def _answers(text: str) -> list[tuple[object, ...]]:
    """Each answer as a set: the order answers are found in may differ with the space."""
    report = check(text)
    return [
        (a.question, a.status, _set(a.answers), _set(a.witnessed), a.support)
        for a in report.questions
    ]


def _set(answers: object) -> object:
    return frozenset(answers) if isinstance(answers, tuple) else answers


def test_two_unnamed_places_keep_both_answers() -> None:
    text = "\n".join(
        [
            *FILLER,
            "Ana is not in the kitchen.",
            "Ana is not in the hall.",
            "Bob is not in the kitchen.",
            "Bob is not in the hall.",
            "Is it true that Ana is in the same place as Bob?",
        ]
    )
    ((_, status, answers, witnessed, _),) = _answers(text + "\n")
    assert status == "open"
    assert answers == witnessed == {"no", "yes"}


def test_closed_places_need_one_unnamed_place_each() -> None:
    people = 300
    lines = ["The places are the kitchen and the hall."]
    lines += [f"P{i} is not in the kitchen." for i in range(people)]
    vocabulary = _vocabulary("\n".join(lines) + "\n")
    assert vocabulary.compared == ()
    assert len(vocabulary.located) == people
    assert {vocabulary.unnamed(p) for p in vocabulary.located} == {1}
    domains = [space.location_domain(vocabulary, p) for p in vocabulary.located]
    assert sum(len(d) for d in domains) == people * 3


def test_pairs_compared_need_at_most_two() -> None:
    lines = [f"P{i} is in the same place as Q{i}." for i in range(100)]
    vocabulary = _vocabulary("\n".join(lines) + "\n")
    assert vocabulary.compared is not None and len(vocabulary.compared) == 100
    assert max(vocabulary.unnamed(p) for p in vocabulary.located) == 2


def test_a_question_comparing_two_joins_their_groups() -> None:
    text = "\n".join([*FILLER, "Ana is in the same place as Bob.", "Carl is not in the hall."])
    asked = (ir.SamePlace("Carl", "Ana"),)
    assert _vocabulary(text + "\n").compared == (("Ana", "Bob"),)
    assert _vocabulary(text + "\n", asked).compared == (("Ana", "Bob", "Carl"),)


def test_rules_comparing_a_variable_keep_the_full_space() -> None:
    text = "\n".join([*FILLER, "Everyone is in the same place as Ana."])
    vocabulary = _vocabulary(text + "\n")
    assert vocabulary.compared is None
    assert vocabulary.unnamed(vocabulary.located[-1]) == len(vocabulary.located)


def test_small_texts_keep_the_full_space() -> None:
    assert _vocabulary("Ana is in the same place as Bob.\nCarl is in the hall.\n").compared is None


CASES = sorted(SAMPLES.glob("location/*.txt")) + sorted(CONFORMANCE.glob("*.txt"))


@pytest.mark.parametrize("path", CASES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_the_bound_gives_the_answers_of_the_full_space(
    path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = path.read_text(encoding="utf-8")
    try:
        full = _answers(text)
    except Exception as error:  # a case that is refused is refused either way
        monkeypatch.setattr(space, "FULL_SPACE_UP_TO", 0)
        with pytest.raises(type(error)):
            _answers(text)
        return
    monkeypatch.setattr(space, "FULL_SPACE_UP_TO", 0)
    assert _answers(text) == full
