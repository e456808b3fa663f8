"""samples/: a corpus that covers the whole language and pins every answer with ``# expect:``.

Three laws: every sample passes ``--check`` (CI runs ``certify --check samples`` too); every
question in a sample is followed by an expectation; and every sentence form of the language
reference (``certify/syntax/forms.py``) occurs in some sample.  A sentence *has the form* of a
reference example when their parse trees have the same shape: the same rules and keywords,
with names, numbers, times and verbs as placeholders.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from certify.cli.batch import run_file
from certify.readout.answer import Options
from certify.syntax.forms import (
    PUZZLE_ORDERED,
    PUZZLE_QUESTIONS,
    PUZZLE_STATEMENTS,
    QUESTIONS,
    STATEMENTS,
)
from certify.syntax.forms_grid import STEPGAME_FORMS
from certify.syntax.lark_runtime import Token, Tree, UnexpectedInput
from certify.syntax.parse import parse_sentence, parser, read_document, statement_core
from certify.syntax.puzzle import puzzle_parser
from certify.syntax.quotes import split_sentences
from certify.syntax.rows import declares_row
from certify.syntax.stepgame import stepgame_parser
from tests.paths import SAMPLES

TEXTS = sorted(SAMPLES.rglob("*.txt"))
TOPICS = ("location", "attributes", "connectives", "rules", "numbers", "time", "stories", "puzzles")

Shape = tuple[object, ...] | str


def shape(node: Tree[Token] | Token) -> Shape:
    """The parse tree with every token replaced by its type: ``IS``, ``IN``, ``WORD``, ``CLOCK``."""
    if isinstance(node, Token):
        return node.type
    if node.data == "words":
        return "words"
    return (str(node.data), *(shape(child) for child in node.children))


def sentence_shape(text: str, question: bool, puzzle: bool = False, grid: bool = False) -> Shape:
    """The shape of one sentence given without its final "." or "?": in a text that declares
    a row, as the puzzle grammar reads it; in a StepGame text (``grid``), as the template
    grammar does; else of a statement, what the main grammar reads without its discourse word
    and time adverb."""
    start = "question" if question else "statement"
    if grid:
        return ("stepgame", shape(stepgame_parser().parse(text, start=start)))
    if puzzle:
        return ("puzzle", shape(puzzle_parser().parse(text, start=start)))
    if question:
        try:
            return (shape(parser().parse(text, start="question")),)
        except UnexpectedInput:  # "Are Ana and Bob in the garden?": read as it inverts
            return ("inverted", type(parse_sentence(text, 1, 1, "?").node).__name__)
    return (shape(parser().parse(statement_core(1, text)[1], start="statement")),)


@cache
def corpus_shapes() -> frozenset[Shape]:
    """The shapes of every sentence in every sample."""
    found: set[Shape] = set()
    for path in TEXTS:
        lines = path.read_text(encoding="utf-8").splitlines()
        sentences = [
            (text, end)
            for raw in lines
            if raw.split("#", 1)[0].strip().lower() not in ("story:", "grid:")
            for _, text, end in split_sentences(raw.split("#", 1)[0])
        ]
        # quoted speech ends at its closing quote, which belongs to the sentence
        sentences = [(t + e if e in ('"', "”") else t, e) for t, e in sentences]
        puzzle = any(end == "." and declares_row(text) for text, end in sentences)
        grid = read_document("\n".join(lines), str(path)).templates
        found.update(sentence_shape(text, end == "?", puzzle, grid) for text, end in sentences)
    return frozenset(found)


def test_the_corpus_is_organized_by_topic() -> None:
    folders = {p.parent.name for p in TEXTS if p.parent != SAMPLES}
    assert set(TOPICS) <= folders
    assert len(TEXTS) >= 30


@pytest.mark.parametrize("path", TEXTS, ids=lambda p: str(p.relative_to(SAMPLES)))
def test_sample_passes_its_expectations(path: Path) -> None:
    result = run_file(str(path), [], Options(), checking=True)
    assert result.error is None, result.error.render() if result.error else ""
    assert result.internal is None, result.internal
    assert not result.failed, [(o.expected.line, o.problem) for o in result.failed]
    document = read_document(path.read_text(encoding="utf-8"), str(path))
    asked = {s.line for s in document.sentences if s.is_question}
    pinned = {e.question_line for e in document.expectations}
    assert asked, "a sample asks at least one question"
    assert asked == pinned, f"questions without an expectation: {sorted(asked - pinned)}"


@pytest.mark.parametrize(
    ("form", "example"),
    [(form, example.rstrip(".")) for _, form, example in STATEMENTS],
    ids=[form for _, form, _ in STATEMENTS],
)
def test_every_statement_form_is_in_the_corpus(form: str, example: str) -> None:
    assert sentence_shape(example, question=False) in corpus_shapes(), f"no sample says {form!r}"


@pytest.mark.parametrize(
    ("form", "example"),
    [(form, example.rstrip("?")) for form, example in QUESTIONS],
    ids=[form for form, _ in QUESTIONS],
)
def test_every_question_form_is_in_the_corpus(form: str, example: str) -> None:
    assert sentence_shape(example, question=True) in corpus_shapes(), f"no sample asks {form!r}"


PUZZLE_FORMS = [(f, e) for f, e in PUZZLE_STATEMENTS] + [(f, e) for f, e, _ in PUZZLE_ORDERED]


@pytest.mark.parametrize(("form", "example"), PUZZLE_FORMS, ids=[f for f, _ in PUZZLE_FORMS])
def test_every_puzzle_form_is_in_the_corpus(form: str, example: str) -> None:
    found = sentence_shape(example[:-1], question=False, puzzle=True)
    assert found in corpus_shapes(), f"no sample says {form!r}"


@pytest.mark.parametrize(("form", "example"), STEPGAME_FORMS, ids=[f for f, _ in STEPGAME_FORMS])
def test_every_stepgame_form_is_in_the_corpus(form: str, example: str) -> None:
    found = sentence_shape(example[:-1], question=example.endswith("?"), grid=True)
    assert found in corpus_shapes(), f"no sample says {form!r}"


@pytest.mark.parametrize(
    ("form", "example"), PUZZLE_QUESTIONS, ids=[f for f, _ in PUZZLE_QUESTIONS]
)
def test_every_puzzle_question_is_in_the_corpus(form: str, example: str) -> None:
    found = sentence_shape(example[:-1], question=True, puzzle=True)
    assert found in corpus_shapes(), f"no sample asks {form!r}"
