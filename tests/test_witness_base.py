"""A numeric answer's witness is the consistency state itself when it already gives the value.

``WitnessSearch`` pins each value it wants a witness for (an end of the interval, a forced
value) and asks a domain for a point of the group with that pin.  Where the consistency state
(the whole text's state, with each group's own witness for its numbers) already satisfies the
pin, no domain is asked: the state goes to the evaluator as any proposed one would.  A forced
value is the consistency state's own, so a forced question asks no domain at all.  Where the
evaluator refuses that state, or an integer of the group is not whole in it, the domain is
asked as before.  ``tests/test_witness_once.py`` checks that every numeric sample, conformance
text and drawn text is certified as the search without this shortcut certifies it.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from fractions import Fraction

import pytest

from certify import check
from certify.domains.base import NumericDomain
from certify.meaning import queries
from certify.meaning.moments import problem_at
from certify.numeric import LinearConstraint
from certify.pipeline import read
from certify.readout import answer as answer_module
from certify.readout.answer import Certifier, Options
from certify.readout.numeric_answer import _group_for
from certify.readout.numeric_witnesses import WitnessSearch
from certify.readout.status import Consistency
from certify.syntax.parse import read_document


@pytest.fixture
def pinned(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[LinearConstraint, ...]]]:
    """The pins a domain is asked for a point with (the consistency check asks with none)."""
    asked: list[tuple[LinearConstraint, ...]] = []
    original = NumericDomain.proposal

    def proposal(
        self: NumericDomain, extra: Sequence[LinearConstraint] = ()
    ) -> dict[str, Fraction] | None:
        if extra:
            asked.append(tuple(extra))
        return original(self, extra)

    monkeypatch.setattr(NumericDomain, "proposal", proposal)
    yield asked


def _answers(answer: object) -> list[str]:
    return [w.answer for w in answer.witnesses]  # type: ignore[attr-defined]


def _numbers(answer: object) -> dict[str, str]:
    (witness,) = answer.witnesses  # type: ignore[attr-defined]
    return dict(witness.assignment["numbers"])


def test_a_forced_value_is_witnessed_by_the_consistency_state(
    pinned: list[tuple[LinearConstraint, ...]],
) -> None:
    report = check("x + y = 30.\nx - y = 4.\nWhat is x?\nWhat is y?\n")
    x, y = report.questions
    assert (x.status, _answers(x), y.status, _answers(y)) == ("forced", ["17"], "forced", ["13"])
    assert _numbers(x) == _numbers(y) == {"x": "17", "y": "13"}
    assert pinned == []  # no domain was asked for a point pinned to 17 or 13


def test_an_interval_end_the_consistency_state_is_at_needs_no_domain(
    pinned: list[tuple[LinearConstraint, ...]],
) -> None:
    text = (
        "Ana arrives at 9:00.\nBob arrives at least 10 minutes after Ana.\n"
        "Bob arrives no later than 9:30.\nWhen does Bob arrive?\n"
    )
    (bob,) = check(text).questions
    assert bob.status == "open" and len(bob.witnesses) == 2
    assert {w.answer for w in bob.witnesses} == {"9:10", "9:30"}
    assert len(pinned) == 1  # one end is the consistency state's, the other was pinned


def test_a_consistency_state_the_evaluator_refuses_is_left_for_the_domains_point(
    monkeypatch: pytest.MonkeyPatch, pinned: list[tuple[LinearConstraint, ...]]
) -> None:
    original = answer_module.check
    refused: list[object] = []

    def refuse_the_first(problem: object, state: object) -> list[str]:
        if not refused:
            refused.append(state)
            return ["refused once"]
        return original(problem, state)  # type: ignore[arg-type]

    monkeypatch.setattr(answer_module, "check", refuse_the_first)
    (x,) = check("x + y = 30.\nx - y = 4.\nWhat is x?\n").questions
    assert refused and x.status == "forced" and _answers(x) == ["17"]
    assert _numbers(x) == {"x": "17", "y": "13"}
    assert len(pinned) == 1  # the domain was asked after the state was refused


def _search(text: str) -> WitnessSearch:
    reading, _, _ = read(read_document(text))
    (lowered,) = reading.questions
    question = lowered.question
    problem = problem_at(reading, question.line, lowered.mentions, question.column)
    certifier = Certifier(problem, Options())
    query = question.query
    assert isinstance(query, queries.AskNumber)
    group, _ = _group_for(certifier, set(query.expr.variables))
    return WitnessSearch(certifier, group, query)


def test_a_consistency_state_with_a_fraction_for_an_integer_is_not_used() -> None:
    search = _search("x is an integer.\nx >= 1.\nx <= 3.\nWhat is x?\n")
    consistency = search.certifier.consistency
    assert consistency.consistent is True and search._base() is not None
    halved = tuple((n, v + Fraction(1, 2)) for n, v in consistency.point)
    search.certifier.__dict__["consistency"] = Consistency(True, None, consistency.model, halved)
    assert search._base() is None


def test_an_undecided_text_has_no_consistency_state_to_use() -> None:
    search = _search("x >= 1.\nx <= 3.\nWhat is x?\n")
    search.certifier.__dict__["consistency"] = Consistency(None, None, reason="a budget")
    assert search._base() is None


def test_the_consistency_state_serves_only_the_value_it_gives(
    pinned: list[tuple[LinearConstraint, ...]],
) -> None:
    # The consistency state has x = 1, so -x = -1: the high end, probed second.  The low end
    # -5 must come from a domain's pinned point, first, as before.
    (negated,) = check("x >= 1.\nx <= 5.\nWhat is -x?\n").questions
    assert negated.status == "open" and _answers(negated) == ["-5", "-1"]
    assert len(pinned) == 1
