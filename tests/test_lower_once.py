"""A comparison is lowered with each name resolved once and without the scans of a statement
that names things: it must read as it did when each name was resolved at every term and again
in the names loop, and every statement was scanned for updates, declarations and things.

The old ``arith``, ``Lowering.statement``, ``Timing.when`` and ``Carrying.follow`` are kept
here.  Every text of the samples and the
conformance cases, drawn numeric texts and texts where a comparison meets discourse words, time
adverbs, possession and stories are lowered both ways: the statements, questions, roles and
errors must be equal, the mentions of each statement equal once repeats are left out, and the
vocabulary of the whole text and of each question equal.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable

import pytest

from certify import pipeline
from certify.errors import TextError
from certify.meaning import lower, lower_numbers, speech
from certify.meaning.carrying import Carrying, _plain
from certify.meaning.ir import Formula
from certify.meaning.lower import Lowering
from certify.meaning.mentions import Lowered, Mention, discourse_error
from certify.meaning.moments import before, problem_at
from certify.meaning.quantifiers import NO_QUANTIFIERS, quantifiers
from certify.meaning.space import _Mentioned
from certify.meaning.timing import Timing, _without, time_periods
from certify.syntax import ast
from certify.syntax import puzzle_ast as pz
from certify.syntax.errors import SentenceError
from certify.syntax.parse import Parsed, read_document
from certify.syntax.puzzle_ast import PUZZLE_NODES
from tests.test_lower_paths import PRONOUNS, _texts

MEETINGS = [
    "Then x - y <= 3.\nWhat is x - y?\n",
    "Story:\nAna went to the kitchen. Then x - y <= 3. What is x?\n",
    "x - y <= 3 yesterday.\n",
    "Yesterday x <= 3.\n",
    "Story:\nYesterday Mary went to the kitchen. Mary took the football. x <= 3. What is x?\n",
    "Mary took the football. x - y <= 2. Mary went to the hall. Where is the football?\n",
    "x - x <= 3. y - y = 0. z + -z >= -1. What is x?\n",
    "x2 - x1 <= 3. x1 - x2 <= 4. x3 - x1 = 1. What is x3 - x2?\n",
    "x is an integer. x - y <= 1/2. Ana is in x.\n",
    "Ana is in the kitchen. Ana - x <= 3.\n",
]


MOVEMENT = "says when someone went somewhere: certify reads it on a movement, or in a story "
POSSESSION = "certify reads possession in text order, so it does not read it in a story with "


def old_arith(node: ast.Arith, variable: Callable[[str, ast.Span], str]) -> Formula:
    """``lower_numbers.arith`` as it was: every term's name resolved, then every name."""
    sides = []
    for side in node.sides:
        resolved = {name: variable(name, node.span) for name, _ in side.terms}
        sides.append(lower_numbers._rename(side, resolved))
    for name in node.names:
        variable(name, node.span)
    for left, right in itertools.pairwise(sides):
        if not left.terms and not right.terms and not node.names:
            raise SentenceError("this comparison has no variable in it", node.span, "x + y = 10.")
    atoms: list[Formula] = [
        lower_numbers.compare(sides[i], relation, sides[i + 1], node.span.line)
        for i, relation in enumerate(node.relations)
    ]
    return lower_numbers.conjoin(atoms)


def old_statement(self: Lowering, parsed: Parsed) -> Lowered:
    """``Lowering.statement`` as it was: every statement scanned for what it updates,
    declares and names."""
    self._mentions = []
    self._line = parsed.line
    node = parsed.node
    measures: tuple[lower.ir.Measure, ...] = ()
    if isinstance(node, PUZZLE_NODES):
        assert not isinstance(node, pz.Ask)
        self._words = NO_QUANTIFIERS
        formula = self.puzzle_statement_of(parsed, node)
    elif isinstance(node, ast.Arith):
        formula = self.comparison(node, parsed.line)
    else:
        self._words = quantifiers(node)
        formula, measures = self._sentence(node, parsed.line)
    updates = self._updates(formula)
    if parsed.discourse and not (self.story or updates or self.carrying.changing):
        raise discourse_error(parsed)
    when = self.timing.when(parsed, bool(updates), self.carrying.changing)
    self.carried = self.carrying.follow(parsed, updates)
    declares = tuple(m.key for m in self._mentions if m.role == "integer")
    speech.remember(self, self._mentions)
    statement = lower.ir.Statement(
        parsed.line, parsed.text, formula, parsed.column, updates, declares, measures, when=when
    )
    return Lowered(statement, tuple(self._mentions))


def old_when(self: Timing, parsed: Parsed, updates: bool, possession: bool) -> int:
    """``Timing.when`` as it was: the adverb's span made for every statement."""
    word = parsed.time
    at = parsed.column + max(0, parsed.text.find(word))
    span = ast.Span(parsed.line, at, at + len(word))
    if word and not updates:
        message = f"'{word}' {MOVEMENT}on where someone is"
        raise SentenceError(message, span, _without(parsed.text, word))
    if (word or self.timed) and (possession or self.possessed):
        suggestion = _without(parsed.text, word) if word else "Mary went to the kitchen."
        raise SentenceError(POSSESSION + "time adverbs (yet)", span, suggestion)
    self.possessed = self.possessed or possession
    if word:
        self.timed = True
        self.period = time_periods().index(" ".join(word.lower().split())) + 1
    return self.period


def old_follow(
    self: Carrying, parsed: Parsed, updates: tuple[str, ...]
) -> tuple[lower.ir.Statement, ...]:
    """``Carrying.follow`` as it was: every statement walked for what goes along."""
    changes, self._changes = self._changes, []
    if changes and not _plain(parsed.node):
        span = ast.Span(parsed.line, parsed.column, parsed.column + len(parsed.text))
        raise SentenceError(
            "a possession verb must be a statement of its own",
            span,
            "Mary took the football.",
            expected="one statement per taking, dropping or giving",
        )
    along = tuple(
        lower.ir.Statement(
            parsed.line,
            parsed.text,
            lower.ir.SamePlace(thing, carrier),
            parsed.column,
            updates=(thing,),
            depends=(self.since[thing],),
        )
        for thing, carrier in self._along(updates)
    )
    for thing, holder in changes:
        for objects in self.held.values():
            if thing in objects:
                objects.remove(thing)
        if holder is not None:
            self.held.setdefault(holder, []).append(thing)
            self.since[thing] = parsed.line
    return along


def _lowered(text: str) -> tuple[str, ...]:
    """What ``pipeline.read`` makes of a text, with each statement's mentions once, and the
    vocabularies of the text and of each question; or its errors."""
    try:
        document = read_document(text)
        reading, asked, lowering = pipeline.read(document, story=document.story)
    except TextError as error:
        where = [(e.line, e.column, e.end_column, e.suggestion) for e in error.errors]
        return (f"{error!r} {error} {where}",)
    statements = [(s.statement, tuple(dict.fromkeys(s.mentions))) for s in reading.statements]
    questions = [(q.question, tuple(dict.fromkeys(q.mentions))) for q in reading.questions]
    vocabularies = [problem_at(reading, None).vocabulary]
    for q in reading.questions:
        found = problem_at(reading, q.question.line, q.mentions, q.question.column)
        vocabularies.append(found.vocabulary)
    state = (lowering.roles, lowering._antecedents, lowering._words, lowering.things_named)
    named = (lowering.places_named, lowering.carried, lowering.timing, lowering.carrying)
    return tuple(repr(x) for x in (statements, questions, vocabularies, asked, state, named))


def test_a_comparison_is_lowered_as_it_was(monkeypatch: pytest.MonkeyPatch) -> None:
    texts = [*_texts(), *PRONOUNS, *MEETINGS]
    now = [_lowered(text) for text in texts]
    monkeypatch.setattr(lower_numbers, "arith", old_arith)
    monkeypatch.setattr("certify.meaning.names.arith", old_arith)
    monkeypatch.setattr(Lowering, "statement", old_statement)
    monkeypatch.setattr(Timing, "when", old_when)
    monkeypatch.setattr(Carrying, "follow", old_follow)
    before = [_lowered(text) for text in texts]
    for text, found, expected in zip(texts, now, before):
        assert found == expected, text
    assert sum(len(found) == 1 for found in now) > 20  # refused texts are compared too


@pytest.mark.parametrize("renamed", [False, True], ids=["same names", "renamed"])
def test_arith_resolves_each_name_once_in_the_order_of_the_terms(renamed: bool) -> None:
    nodes = [
        p.node
        for text in [*_texts(), *MEETINGS]
        for p in _sentences(text)
        if isinstance(p.node, ast.Arith)
    ]
    calls: list[str] = []

    def variable(name: str, span: ast.Span) -> str:
        calls.append(name)
        return name.upper() if renamed and name != "x" else name

    for node in nodes:
        calls.clear()
        try:
            found = repr(lower_numbers.arith(node, variable))
        except SentenceError as error:
            found = repr(error)
        once = list(calls)
        calls.clear()
        try:
            expected = repr(old_arith(node, variable))
        except SentenceError as error:
            expected = repr(error)
        assert found == expected and once == list(dict.fromkeys(calls)), node
    assert len(nodes) > 500


def _sentences(text: str) -> list[Parsed]:
    try:
        return list(read_document(text).sentences)
    except TextError:
        return []


def old_take(self: _Mentioned, m: Mention, place: bool, from_question: bool = False) -> None:
    """``_Mentioned.take`` as it was: the roles asked in the order of the kinds of text."""
    if m.label and m.key not in self.labels:
        self.labels[m.key] = m.label
    if m.role in ("thing", "place", "declared place") and place and m.key not in self.found:
        self.found[m.key] = lower.ir.Entity(m.key, m.label or m.key, m.owner, m.noun)
    elif m.role == "thing":
        (self.asked_things if from_question else self.things).append(m.key)
    elif m.role == "located":
        self.located.append(m.key)
    elif m.role == "valued" and m.noun is not None:
        self.valued.append((m.key, m.noun))
    elif m.role == "attribute":
        self.attributes[m.key] = m.values
    elif m.role in ("number", "clock"):
        self.numbers.append(m.key)
        if m.role == "clock":
            self.clocks.add(m.key)
    elif m.role == "integer":
        self.integers.add(m.key)
    elif m.role == "noun":
        self.nouns.add(m.key)
    elif m.role == "closed":
        self.closed = m.values


def test_the_vocabulary_takes_the_mentions_as_it_did(monkeypatch: pytest.MonkeyPatch) -> None:
    texts = [*_texts(), *MEETINGS]
    now = [_lowered(text) for text in texts]
    monkeypatch.setattr(_Mentioned, "take", old_take)
    assert [_lowered(text) for text in texts] == now
    vocabularies = [found[2] for found in now if len(found) > 2]
    assert sum("clocks=frozenset({'" in found for found in vocabularies) > 5
    assert sum("numbers=('" in found for found in vocabularies) > 150


def test_before_is_the_order_of_line_and_column() -> None:
    """``moments.before`` compares (line, column) without making the pairs."""
    for line in range(4):
        for column in range(4):
            said = lower.ir.Statement(line, "x = 1", lower.ir.Const(True), column)
            for at in range(-1, 5):
                for at_column in range(4):
                    expected = at <= 0 or (line, column) < (at, at_column)
                    assert before(said, at, at_column) == expected
            assert before(said, None)
