"""Lark's contextual lexer for one sentence, without the line counting a sentence never needs.

Lark lexes through a ``LexerThread``: for each token, the lexer of the parser's state tries its
scanner's patterns at the position, makes a ``Token``, and counts lines and columns through a
``LineCounter``; a third of a sentence's reading went there.  A sentence is one line (``read``
gives a text with a line break to Lark's own lexer), so a token's line is 1 and its columns are
its positions plus one, and ``Tokens.lex`` does the rest as Lark's lexer does, with Lark's own
objects: the same lexer for the same state, the same scanner and patterns tried in the same
order, the same ignored terminals and the same callbacks (which retype a word that is a
keyword), the same token fields.  Where Lark's lexer would raise (no terminal of the state
matches), ``Unlexed`` is raised instead, and the caller reads the sentence the long way, which
reports the error as before.  ``tests/test_lexing.py`` compares the tokens of both lexers.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from certify.syntax.lark_runtime import BasicLexer, ContextualLexer, Token


class Unlexed(Exception):
    """No terminal of the parser's state matches here: the long way reports it."""


class Tokens:
    """The tokens of one line of text, for Lark's LALR parser (``_Parser.parse``'s lexer)."""

    __slots__ = ("lexers", "text")

    def __init__(self, lexers: dict[Any, Any], text: str) -> None:
        self.lexers = lexers
        self.text = text

    def lex(self, parser_state: Any) -> Iterator[Token]:
        """What ``ContextualLexer.lex`` yields for a text without a line break."""
        text, lexers = self.text, self.lexers
        pos, end = 0, len(text)
        new: Any = Token._future_new
        while pos < end:
            lexer = lexers[parser_state.position]
            for pattern in lexer.scanner._mres:  # built on first use, as Lark builds it
                found = pattern.match(text, pos, end)
                if found:
                    break
            else:
                raise Unlexed
            value: str = found.group(0)
            kind: Any = found.lastgroup
            stop = pos + len(value)
            if kind in lexer.ignore_types:
                if kind in lexer.callback:
                    raise Unlexed  # an ignored terminal with a callback: Lark's own way
                pos = stop
                continue
            token = new(kind, value, pos, 1, pos + 1, 1, stop + 1, stop)
            if kind in lexer.callback:
                token = lexer.callback[kind](token)
                if token.__class__ is not Token:
                    raise Unlexed
            yield token
            pos = stop


def usable(frontend: Any) -> dict[Any, Any] | None:
    """The lexers by parser state of a Lark frontend, or None when its lexer is not the
    contextual lexer of the shape ``Tokens`` follows (then Lark lexes, as always)."""
    lexer = getattr(frontend, "lexer", None)
    lexers = getattr(lexer, "lexers", None)
    if not isinstance(lexer, ContextualLexer) or not isinstance(lexers, dict) or not lexers:
        return None
    options = getattr(frontend, "options", None)
    if getattr(frontend, "skip_lexer", True) or options is None:
        return None
    if options._plugins.get("LexerThread") is not None or getattr(options, "postlex", None):
        return None
    if any(type(each) is not BasicLexer or each.use_bytes for each in lexers.values()):
        return None
    return lexers
