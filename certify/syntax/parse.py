"""Reading a text: lines → sentences → parse trees → AST, with errors a person can act on.

The parser comes from ``certify.syntax.grammar`` (re-exported here as ``grammar_path`` and
``parser``).  A text is split into sentences first — at "." and "?" that end a word, not
inside "2.5" — and each is parsed on its own: an error points at its own line.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from typing import NamedTuple, cast

from certify import run_limits
from certify.errors import TextError, TextErrors, hidden, printable
from certify.limits import MAX_SENTENCES
from certify.records import Record
from certify.syntax import direct, plain_arith
from certify.syntax.ast import QuestionAst, Sentence
from certify.syntax.build import Build
from certify.syntax.checks import check_text, check_tree
from certify.syntax.diagnose import closest_form
from certify.syntax.grammar import grammar_path as grammar_path
from certify.syntax.grammar import grammar_text as grammar_text
from certify.syntax.grammar import parser as parser
from certify.syntax.inversion import inverted
from certify.syntax.lark_runtime import (
    UnexpectedInput,
    VisitError,
)
from certify.syntax.located import ReservedWord
from certify.syntax.openings import statement_core as statement_core
from certify.syntax.puzzle_ast import Ask, PuzzleStatement
from certify.syntax.quotes import CLOSING, foreign_character, sentences_of
from certify.syntax.refusal import is_keyword as is_keyword
from certify.syntax.refusal import not_a_number_name as not_a_number_name
from certify.syntax.refusal import reads as reads
from certify.syntax.refusal import syntax_error
from certify.syntax.regexes import compile_cached
from certify.syntax.rows import declares_row

_EXPECT = compile_cached(r"^\s*#\s*expect\s*:(.*)$", re.IGNORECASE)
_STORY = compile_cached(r"^\s*story\s*:\s*$", re.IGNORECASE)
_GRID = compile_cached(r"^\s*grid\s*:\s*$", re.IGNORECASE)


class Parsed(Record):
    """One sentence of a text: where it is, what it says, and whether it asks."""

    line: int
    column: int
    text: str
    node: Sentence | QuestionAst | PuzzleStatement | Ask
    is_question: bool
    discourse: str = ""
    """The discourse word the statement opens with ("Then"), as written; "" when none."""
    time: str = ""
    """The time adverb that opens or ends the statement ("Yesterday", "this morning"), as
    written; "" when none (``lexicon.time_periods``)."""


class Expectation(Record):
    """A ``# expect:`` line and the line of the question it follows."""

    line: int
    text: str
    question_line: int


class Document(Record):
    """A whole text: its sentences in order, its expectations, and whether it is a story."""

    sentences: tuple[Parsed, ...]
    expectations: tuple[Expectation, ...]
    story: bool
    lines: tuple[str, ...]
    puzzle: bool = False
    """The text declares a row: each sentence, and each question asked from outside, is read
    with the puzzle grammar."""
    grid: bool = False
    """Read with the grid reading (``Grid:`` or ``--grid``): each position is one step."""
    templates: bool = False
    """A grid text whose first statement is a StepGame template: each sentence is read with
    the template grammar (``certify.syntax.stepgame``)."""

    @property
    def grammar(self) -> str:
        """The grammar its sentences were read with (``parse_sentence``; "" the main one)."""
        return "puzzle" if self.puzzle else "templates" if self.templates else ""


class _Piece(NamedTuple):
    """One sentence as split from its line, not yet parsed (a tuple: thousands are made and
    read once)."""

    line: int
    column: int
    text: str
    end: str
    raw: str
    plain: bool = False
    """The line is one plain comparison and its period (``plain_line``)."""


def plain_line(raw: str) -> bool:
    """Whether a line is one plain comparison (``plain_arith.SHAPE``) and a period: no ``#``,
    no quote, no ``?``, no ``:`` (so no expectation and no header), and its only stop that ends
    a sentence is the last character (a ``.`` inside it has a digit after it):
    ``split_sentences`` gives the line without its period, at column 1.  (``SHAPE`` itself,
    up to the period: no other pattern to compile at start-up.)"""
    return raw[-1:] == "." and plain_arith.SHAPE.fullmatch(raw, 0, len(raw) - 1) is not None


def _split(lines: tuple[str, ...]) -> tuple[list[_Piece], list[Expectation], set[str]]:
    """Every sentence, expectation and the headers (``story``, ``grid``), before anything is
    parsed."""
    pieces: list[_Piece] = []
    expectations: list[Expectation] = []
    headers: set[str] = set()
    last_question = 0
    for number, raw in enumerate(lines, start=1):
        if plain_line(raw):
            pieces.append(_Piece(number, 1, raw[:-1], ".", raw, plain=True))
            if len(pieces) > MAX_SENTENCES:
                return pieces, expectations, headers
            continue
        expect = _EXPECT.match(raw)
        if expect:
            expectations.append(Expectation(number, expect.group(1).strip(), last_question))
            continue
        content = raw.split("#", 1)[0]
        if not content.strip():
            continue
        header = (_STORY.match(content) and "story") or (_GRID.match(content) and "grid")
        if not pieces and header and header not in headers:
            headers.add(header)
            continue
        for column, text, end in sentences_of(content):
            pieces.append(_Piece(number, column, text, end, raw))
            if end == "?":
                last_question = number
            if len(pieces) > MAX_SENTENCES:  # stop splitting: the cap is all we need to know
                return pieces, expectations, headers
    return pieces, expectations, headers


def read_document(source: str, file: str = "<text>", grid: bool = False) -> Document:
    """Parse a whole text; raise ``TextErrors`` listing every sentence that cannot be read.

    The sentence cap is applied while splitting, so an oversized text is refused before any
    of it is parsed; a text with no sentence at all (only punctuation, comments or a story
    header) is refused too, rather than certified as saying nothing.
    """
    lines = tuple(source.splitlines())
    pieces, expectations, headers = _split(lines)
    story, grid = "story" in headers, grid or "grid" in headers
    if len(pieces) > MAX_SENTENCES:
        extra = pieces[MAX_SENTENCES]
        raise TextError(
            f"the text has more than {MAX_SENTENCES:,} sentences; "
            f"certify reads up to {MAX_SENTENCES:,} (this line holds sentence "
            f"{MAX_SENTENCES + 1:,})",
            file=file,
            line=extra.line,
            column=extra.column,
            source_line=extra.raw,
        )
    if not pieces:
        first = next((n for n, raw in enumerate(lines, start=1) if raw.strip()), 0)
        raise TextError(
            "the text has no sentence to read (only punctuation, comments or blank lines)",
            file=file,
            line=first,
            source_line=lines[first - 1] if first else "",
            expected="a statement ending in '.' or a question ending in '?'",
            suggestion="Ana is in the kitchen.",
        )
    sentences: list[Parsed] = []
    errors: list[TextError] = []
    deadline = run_limits.current()
    puzzle = any(p.end == "." and declares_row(p.text) for p in pieces)
    opening = next((p.text for p in pieces if p.end == "."), None)
    templates = grid and not puzzle and opening is not None and _is_template_text(opening)
    grammar = "puzzle" if puzzle else "templates" if templates else ""
    for index, piece in enumerate(pieces):
        if index % 64 == 63:
            deadline.check(f"reading the text (line {piece.line} of {len(lines)})")
        # a plain comparison is read in microseconds, without the parser: not remembered
        read = _plain_sentence if piece.plain else parse_sentence
        try:
            sentences.append(read(piece.text, piece.line, piece.column, piece.end, grammar))
        except TextError as error:
            errors.append(error.located(file, piece.raw))
    if errors:
        raise TextErrors(errors)
    return Document(tuple(sentences), tuple(expectations), story, lines, puzzle, grid, templates)


def _plain_sentence(text: str, line: int, column: int, end: str, grammar: str) -> Parsed:
    """``read_sentence`` of a statement of a ``plain_line``.  Its characters are
    ``SHAPE``'s (letters, digits, spaces, ``.+-<>=``): printable, none ``foreign_character``
    refuses, and no number in scientific notation (a number is followed by a space or the end,
    a letter after a digit is inside a word); so unless an opening or closing word is taken off
    it (``statement_core``), it is read as ``plain_arith`` reads it."""
    if not grammar:
        _, core, discourse, time = statement_core(column, text)
        node = None if discourse or time else plain_arith.read(core, line, column)
        if node is not None:
            return Parsed(line, column, text + end, node, False)
    return read_sentence(text, line, column, end, grammar)


MEMO_SIZE, MEMO_LENGTH = 4096, 240
"""How many sentences ``parse_sentence`` remembers (least recently used first out), and the
longest it remembers (a long one is rarely repeated, and costs memory)."""


def parse_sentence(
    text: str, line: int = 1, column: int = 1, end: str = ".", grammar: bool | str = False
) -> Parsed:
    """Parse one sentence (without its final "." or "?") into an AST node; in a puzzle text
    (one that declares a row; ``grammar`` "puzzle" or True), with the puzzle grammar, in a
    StepGame text (``grammar`` "templates"), with the template grammar.  A pure function whose
    result is frozen: a sentence read before at the same line and column is not parsed again (a
    batch repeats "Where is Ana?"); one that cannot be read is read again (the caller mutates
    its error)."""
    if len(text) > MEMO_LENGTH:
        return read_sentence(text, line, column, end, grammar)
    return _remembered(text, line, column, end, grammar)


def read_sentence(
    text: str, line: int = 1, column: int = 1, end: str = ".", grammar: bool | str = False
) -> Parsed:
    """``parse_sentence`` without its memo: the sentence parsed, checked and transformed."""
    written = text + end
    if end in CLOSING:  # quoted speech that ends the sentence: 'A says: "B is a knave."'
        text, end = text + end, "."
    foreign = foreign_character(text)
    at = (  # one scan in C for the usual text: ``hidden`` is "not isprintable"
        None
        if text.isprintable()
        else next((i for i, c in enumerate(text) if hidden(c) and c != "\t"), None)
    )
    if foreign is not None and (at is None or foreign.start() < at):
        at = foreign.start()
    if at is not None:
        char = text[at]
        shown = f"'{printable(char)}'" if hidden(char) else f"'{char}'"
        raise TextError(
            f"the character {shown} is not part of certify's language",
            line=line,
            column=column + at,
            end_column=column + at + 1,
            expected="words, numbers and punctuation . , ; : ?",
            suggestion=closest_form(text, question=end == "?"),
        )
    if not end:
        raise TextError(
            "this sentence has no final period or question mark",
            line=line,
            column=column + len(text),
            end_column=column + len(text) + 1,
            expected="'.' at the end of a statement or '?' at the end of a question",
            suggestion=text + ".",
        )
    start = "question" if end == "?" else "statement"
    if grammar == "templates":
        return _template_sentence(text, line, column, start)
    if grammar:
        return _puzzle_sentence(text, line, column, start)
    first, discourse, time = column, "", ""
    if start == "statement":
        column, text, discourse, time = statement_core(column, text)
    check_text(text, line, column)
    node: Sentence | QuestionAst | None = None
    if start == "statement":
        node = plain_arith.read(text, line, column)
    if node is None:  # not a plain comparison (``x2 - x1 <= 3``): the parser's short way
        node = direct.read(text, start, line, column)
    if node is None:  # an error, or a sentence the shortcut cannot vouch for
        try:
            node = _built(text, line, column, start, end)
        except TextError as refused:
            if start != "question" or not refused.invertible:
                raise
            node = _reread(text, line, column, end, refused)
    if discourse or time:
        return Parsed(line, first, written, node, False, discourse, time)
    return Parsed(line, column, written, node, start == "question")


_remembered = lru_cache(maxsize=MEMO_SIZE)(read_sentence)


def _built(text: str, line: int, column: int, start: str, end: str) -> Sentence | QuestionAst:
    """The sentence parsed into a tree, the tree checked, then transformed: the long way, which
    decides every error (``direct`` is the short way of a sentence that reads)."""
    try:
        tree = parser().parse(text, start=start)
    except UnexpectedInput as error:
        raise _invertible(syntax_error(error, text, line, column, start)) from None
    check_tree(tree, line, column)
    try:
        node: Sentence | QuestionAst = Build(line, column).transform(tree)
    except VisitError as error:  # Lark wraps what the transformer raises
        if isinstance(error.orig_exc, ReservedWord):  # a word of the language in a name
            raise _invertible(without_word(error.orig_exc, text, column, end)) from None
        if isinstance(error.orig_exc, TextError):
            raise error.orig_exc from None
        raise
    return node


def _invertible(error: TextError) -> TextError:
    """Mark an error of the grammar (a syntax error, a word of the language in a name) that a
    question may be read past (``_reread``); an error ``Build`` decides on is final."""
    error.invertible = True
    return error


def _reread(text: str, line: int, column: int, end: str, refused: TextError) -> QuestionAst:
    """A question that no question form reads, read as the statement it inverts (``Is Ana in
    the same place as Bob?``: ``inversion``); else ``refused``, the error it had."""
    read = inverted(text, line, column, lambda q, at: _question(q, line, at, end))
    if read is None:
        raise refused
    return read


def _question(text: str, line: int, column: int, end: str) -> QuestionAst:
    """One question, read by the grammar's question forms (the short way, else ``_built``)."""
    node = direct.read(text, "question", line, column) or _built(
        text, line, column, "question", end
    )
    return cast("QuestionAst", node)


def _is_template_text(opening: str) -> bool:
    """Whether a grid text opens with a StepGame template (the template grammar is loaded for
    grid texts only)."""
    from certify.syntax.stepgame import is_template_text

    return is_template_text(opening)


def _template_sentence(text: str, line: int, column: int, start: str) -> Parsed:
    """A sentence of a StepGame text, read with the template grammar only."""
    from certify.syntax.stepgame import parse_stepgame, stepgame_error

    return _own_grammar(parse_stepgame, stepgame_error, text, line, column, start)


def _puzzle_sentence(text: str, line: int, column: int, start: str) -> Parsed:
    """A sentence of a puzzle text, read with the puzzle grammar only: a sentence it does not
    read is an error, never another grammar's reading of the same words."""
    from certify.syntax.puzzle import parse_puzzle, puzzle_error  # for puzzle texts only

    return _own_grammar(parse_puzzle, puzzle_error, text, line, column, start)


def _own_grammar(
    parse: Callable[[str, int, int, str], Sentence | QuestionAst | PuzzleStatement | Ask],
    refusal: Callable[[UnexpectedInput, str, int, int, str], TextError],
    text: str,
    line: int,
    column: int,
    start: str,
) -> Parsed:
    """A sentence read by a grammar of its own (puzzle, StepGame), its refusal located."""
    try:
        node = parse(text, line, column, start)
    except UnexpectedInput as error:
        raise refusal(error, text, line, column, start) from None
    except VisitError as error:
        if isinstance(error.orig_exc, TextError):
            raise error.orig_exc from None
        raise
    end = "?" if start == "question" else "."
    return Parsed(line, column, text + end, node, start == "question")


def without_word(error: ReservedWord, text: str, column: int, end: str) -> ReservedWord:
    """Suggest the sentence without the word certify does not read, when that reads."""
    start = error.column - column
    shorter = " ".join((text[:start] + text[start + len(error.word) :]).split())
    shorter = shorter.replace(" ,", ",")
    try:
        parse_sentence(shorter, 1, 1, end)
    except TextError:
        error.suggestion = closest_form(text, question=end == "?")
    else:
        error.suggestion = shorter + end
    return error
