"""A sentence the grammar does not read: the message, the caret and the closest form.

``syntax_error`` translates Lark's exception for ``parse.read_sentence``; ``reads`` is how a
suggestion is checked before it is shown (the catalogue's probes and mends).
"""

from __future__ import annotations

import re
from functools import cache

from certify.errors import TextError, hidden
from certify.syntax.ast import Span
from certify.syntax.build import Build
from certify.syntax.catalogue import classify
from certify.syntax.checks import check_text, check_tree
from certify.syntax.diagnose import accepted_terminals, closest_form, describe_expected
from certify.syntax.grammar import parser
from certify.syntax.lark_runtime import (
    UnexpectedCharacters,
    UnexpectedEOF,
    UnexpectedInput,
    UnexpectedToken,
    VisitError,
)
from certify.syntax.lexicon import sentence_adverbs
from certify.syntax.quotes import foreign_character
from certify.syntax.repair import mend, probe

_ARITHMETIC = frozenset({"PLUS", "MINUS", "STAR", "SLASH", "LE", "GE", "LT", "GT", "EQ"})


def not_a_number_name(word: str) -> str:
    """The message for a keyword used where a number's name stands."""
    return (
        f"{word!r} is a word of certify's language and cannot name a number "
        "(use a name such as x, t1 or speed)"
    )


@cache
def is_keyword(word: str) -> bool:
    """Whether ``word`` is one of the grammar's keywords (``a``, ``is``, ``in``, ...)."""
    return any(
        terminal.priority >= 2 and re.fullmatch(terminal.pattern.to_regexp(), word)
        for terminal in parser().terminals
    )


def reads(sentence: str) -> bool:
    """Whether certify reads ``sentence`` (ending in "." or "?") on its own, without a word of
    diagnosis: how a suggestion is checked before it is shown."""
    text, end = sentence[:-1], sentence[-1:]
    if end not in (".", "?") or foreign_character(text) or any(hidden(c) for c in text):
        return False
    try:
        check_text(text, 1, 1)
        tree = parser().parse(text, start="question" if end == "?" else "statement")
        check_tree(tree, 1, 1)
        Build(1, 1).transform(tree)
    except (UnexpectedInput, TextError, VisitError):
        return False
    return True


def syntax_error(
    error: UnexpectedInput, text: str, line: int, column: int, start: str
) -> TextError:
    """Translate Lark's exception into a message with a caret and the closest form."""
    offset = error.column - 1 if isinstance(error.column, int) and error.column > 0 else len(text)
    if isinstance(error, UnexpectedEOF) or (
        isinstance(error, UnexpectedToken) and error.token.type == "$END"
    ):
        offset = len(text)
    word = text[offset:].split(" ", 1)[0] if offset < len(text) else ""
    accepts = accepted_terminals(error)
    if isinstance(error, UnexpectedCharacters):
        message = f"I don't understand {text[offset]!r} here"
    elif isinstance(error, UnexpectedToken):
        message = f"I didn't expect {word!r} here" if word else "this sentence stops too early"
        before = text[:offset].split()[-1:]
        if error.token.type in _ARITHMETIC and before and is_keyword(before[0]):
            offset, word = len(text[:offset].rstrip()) - len(before[0]), before[0]
            message = not_a_number_name(before[0])
    else:
        message = "this sentence stops too early"
    kind = "question" if start == "question" else "statement"
    end = "?" if start == "question" else "."
    opening = text.split(" ", 1)[0]
    suggestion = ""
    if opening.lower() in sentence_adverbs() and offset > 0:
        offset, word = 0, opening
        message = f"certify does not read {opening!r} at the start of a sentence (yet)"
    else:
        message, suggestion = _classified(error, message, text, end, offset, accepts)
    span = Span(line, column + offset, column + offset + max(1, len(word)))
    return TextError(
        f"{message} (reading this {kind})",
        line=span.line,
        column=span.column,
        end_column=span.end_column,
        expected=describe_expected(accepts),
        suggestion=suggestion or closest_form(text, question=start == "question"),
    )


def _classified(
    error: UnexpectedInput, message: str, text: str, end: str, offset: int, accepts: set[str]
) -> tuple[str, str]:
    """The message with the catalogue's mistake, and the sentence mended ("" if none)."""
    probed = probe(text, end, reads)
    if probed is not None:
        return f"{message}: {probed[0].message}", probed[1]
    mistake = classify(error, "question" if end == "?" else "statement")
    if mistake is None:
        return message, ""
    return f"{message}: {mistake.message}", mend(mistake, text, end, offset, accepts, reads)
