"""Both grammars build in Lark's strict mode: no shift/reduce conflict is resolved silently
and no two terminals collide (a conflict Lark resolves by shifting once made "Which book is the
rightmost?" unreadable when "Which house is X in?" was added)."""

from __future__ import annotations

import pytest
from lark import Lark

from certify.syntax.grammar import grammar_text
from certify.syntax.puzzle import puzzle_grammar_text


@pytest.mark.parametrize("text", [grammar_text, puzzle_grammar_text], ids=["main", "puzzle"])
def test_the_grammar_has_no_conflict(text: object) -> None:
    assert callable(text)
    Lark(text(), parser="lalr", lexer="contextual", start=["statement", "question"], strict=True)


def test_strict_mode_does_catch_a_conflict() -> None:
    conflicting = 'start: "a" x | "a" y\nx: "b"\ny: "b"\n'
    with pytest.raises(Exception, match=r"(?i)collision|conflict"):
        Lark(conflicting, parser="lalr", strict=True)
