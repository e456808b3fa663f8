"""A numeric witness is checked once at its point, by the evaluator, as it was checked twice.

The search for a numeric answer's witnesses (``numeric_witnesses.WitnessSearch``) used to have
the domain check its point against the group's constraints, and then the evaluator check the
state against every statement, the group's among them.  Now the evaluator's check stands for
both; only the integrality the evaluator may not see is checked before it, and when the
evaluator refuses a state, the domain's check tells a point that was never one (the domain
proposed none) from a disagreement.  The old search is kept here: every numeric sample and
conformance text, drawn numeric texts and difference systems are certified both ways, and so
are texts whose domain proposes a point off its group, a fraction for an integer only a
question declares, and a state the evaluator refuses: the reports (or the errors) must be
equal.  A witness in words writes each number once for its sentences and its assignment: it
must read as the old ``describe`` and ``assignment`` (kept here) read it.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from fractions import Fraction

import pytest

from certify import check
from certify.domains.dbm import DifferenceBoundMatrix
from certify.errors import TextError
from certify.meaning.mentions import Mention
from certify.meaning.moments import problem_at
from certify.numeric import LinearConstraint, format_number
from certify.pipeline import read
from certify.readout import answer as answer_module
from certify.readout import numeric_witnesses
from certify.readout import witness as witness_module
from certify.readout.answer import Certifier, Options
from certify.readout.numeric_witnesses import WitnessSearch, state_with
from certify.readout.status import EvaluatorDisagrees
from certify.readout.witness import number_text
from certify.report import Witness
from tests.paths import ROOT

sys.path.insert(0, str(ROOT / "benchmarks"))
from difference_growth import chain, sparse

from certify.syntax.parse import read_document
from tests.paths import CONFORMANCE, SAMPLES
from tests.reference.numeric_english import render_question, render_text
from tests.reference.numeric_generate import RandomChooser, numeric_text


def old_try(self: WitnessSearch, extra: LinearConstraint | None) -> None:
    """``WitnessSearch._try`` as it was: the point checked by its domain, then the state by
    the evaluator."""
    certifier, expr = self.certifier, self.query.expr
    point = numeric_witnesses.propose(certifier, self.group, extra)
    if point is None:
        return
    state = state_with(certifier, point)
    value = expr.evaluate(dict(state.numbers))
    if value in self.reached or (extra is not None and not extra.holds(dict(state.numbers))):
        return
    shown = (
        number_text(certifier.problem.vocabulary, expr.variables[0], value)
        if self.query.clock
        else format_number(value)
    )
    self.witnesses.append(certifier.witness(None, state, shown))
    self.reached.add(value)


def _texts() -> Iterator[tuple[str, tuple[str, ...]]]:
    for path in sorted([*SAMPLES.rglob("*.txt"), *CONFORMANCE.rglob("*.txt")]):
        text = path.read_text(encoding="utf-8")
        if any(c.isdigit() for c in text):
            yield text, ()
    for seed in range(250):
        drawn = numeric_text(RandomChooser(seed))
        yield render_text(drawn), tuple(render_question(q) for q in drawn.asked)
    for n in (5, 30, 120):
        yield chain(n), ()
        yield sparse(n), ()


def _report(text: str, asks: tuple[str, ...]) -> str:
    try:
        return repr(check(text, asks, options=Options(timeout=60)))
    except TextError as error:
        return f"{error!r} {error}"
    except EvaluatorDisagrees as error:
        return f"disagrees: {error}"


def test_every_numeric_text_is_certified_as_it_was(monkeypatch: pytest.MonkeyPatch) -> None:
    texts = list(_texts())
    now = [_report(text, asks) for text, asks in texts]
    monkeypatch.setattr(WitnessSearch, "_try", old_try)
    before = [_report(text, asks) for text, asks in texts]
    for (text, _), found, expected in zip(texts, now, before):
        assert found == expected, text
    assert sum("witness" in found and "Witness(" in found for found in now) > 150


def _off_the_group(self: DifferenceBoundMatrix, extra: tuple[LinearConstraint, ...]) -> object:
    """A pinned candidate moved off the group: the variables the pin does not name one more
    than proposed (the pin still holds, a constraint between them and the rest may not)."""
    point = ORIGINAL(self, extra)
    if point and extra:
        pinned = {name for constraint in extra for name in constraint.variables}
        return {n: v if n in pinned else v + 1 for n, v in point.items()}
    return point


def _halves(self: DifferenceBoundMatrix, extra: tuple[LinearConstraint, ...]) -> object:
    """A pinned candidate of halves: differences keep their values, no value is an integer."""
    point = ORIGINAL(self, extra)
    if point and extra:
        return {name: value + Fraction(1, 2) for name, value in point.items()}
    return point


ORIGINAL = DifferenceBoundMatrix._candidate


def _answers(text: str, integers: tuple[str, ...] = ()) -> str:
    """The answers to the questions of a text, with ``integers`` declared by a question only
    (the evaluator checks no statement that declares them)."""
    document = read_document(text)
    reading, _, _ = read(document)
    extra = tuple(Mention("integer", name, name) for name in integers)
    found = []
    for lowered in reading.questions:
        question = lowered.question
        problem = problem_at(reading, question.line, (*lowered.mentions, *extra), question.column)
        try:
            found.append(repr(Certifier(problem, Options()).answer(question)))
        except EvaluatorDisagrees as error:
            found.append(f"disagrees: {error}")
    return "\n".join(found)


ODD = [
    ("x - y <= 3. y - z <= 2. What is x - z?\n", ()),
    ("x - y <= 3. x <= 9. y >= 1. What is x - y? What is x?\n", ()),
    ("x - y <= 3. y - x <= 3. x >= 0. What is x - y?\n", ("x", "y")),
    ("x - y <= 3. y - x <= 3. x >= 0. What is x - y?\n", ()),
]


@pytest.mark.parametrize("mutation", [_off_the_group, _halves], ids=["off", "halves"])
@pytest.mark.parametrize(("text", "integers"), ODD)
def test_a_point_the_domain_cannot_vouch_for_is_no_witness(
    monkeypatch: pytest.MonkeyPatch, mutation: object, text: str, integers: tuple[str, ...]
) -> None:
    monkeypatch.setattr(DifferenceBoundMatrix, "_candidate", mutation)
    now = _answers(text, integers)
    monkeypatch.setattr(WitnessSearch, "_try", old_try)
    assert now == _answers(text, integers)
    assert "'dbm'" in now and "Witness(" in now  # the search went on past the bad points


def test_a_state_the_evaluator_refuses_is_a_disagreement(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(answer_module, "check", lambda problem, state: ["refused"])
    now = _answers(ODD[0][0])
    monkeypatch.setattr(WitnessSearch, "_try", old_try)
    assert now == _answers(ODD[0][0]) and now.startswith("disagrees")


def old_witness_of(problem: object, state: object, answer: str) -> Witness:
    """``witness_of`` as it was: each number written for the words, and again for the
    assignment."""
    pairs, sentences = OLD_DESCRIBE(problem, state)
    found = OLD_ASSIGNMENT(state)
    found["numbers"] = {name: format_number(value) for name, value in state.numbers}  # type: ignore[attr-defined]
    return Witness(answer, pairs, sentences, found)


def old_describe(problem: object, state: object) -> object:
    """``describe`` as it was for the numbers: ``number_text`` for each."""
    vocabulary = problem.vocabulary  # type: ignore[attr-defined]
    pairs, sentences = witness_module.describe(problem, replace_numbers(state, ()))  # type: ignore[arg-type]
    pairs, sentences = list(pairs), list(sentences)
    for name, number in state.numbers:  # type: ignore[attr-defined]
        label = vocabulary.label(name)
        shown = number_text(vocabulary, name, number)
        pairs.append((label, shown))
        clock = name in vocabulary.clocks
        sentences.append(f"{label} at {shown}" if clock else f"{label} = {shown}")
    return tuple(pairs), tuple(sentences)


def replace_numbers(state: object, numbers: tuple[object, ...]) -> object:
    from dataclasses import replace

    return replace(state, numbers=numbers)  # type: ignore[type-var]


OLD_DESCRIBE = old_describe
OLD_ASSIGNMENT = witness_module.assignment

CLOCKS = [
    "Ana arrives at 9:00. Bob arrives at least 10 minutes after Ana. When does Bob arrive?\n",
    "Ana arrives between 9:00 and 9:30. x - y <= 1/2. y > 2. What is x? When does Ana arrive?\n",
    "Ana is in the kitchen. x = 3. Bob arrives before 10:15. Is Ana in the kitchen? What is x?\n",
]


def test_a_witness_in_words_is_as_it_was(monkeypatch: pytest.MonkeyPatch) -> None:
    texts = [*list(_texts())[:150], *((text, ()) for text in CLOCKS)]
    now = [_report(text, asks) for text, asks in texts]
    monkeypatch.setattr(witness_module, "witness_of", old_witness_of)
    monkeypatch.setattr(answer_module, "witness_of", old_witness_of)
    before = [_report(text, asks) for text, asks in texts]
    for (text, _), found, expected in zip(texts, now, before):
        assert found == expected, text
    assert sum("at 9:" in found for found in now) >= 2
    assert sum("assignment={" in found and "'numbers': {'" in found for found in now) > 50
