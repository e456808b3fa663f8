"""Both grammars build in Lark's strict mode: no shift/reduce conflict is resolved silently
and no two terminals collide (a conflict Lark resolves by shifting once made "Which book is the
rightmost?" unreadable when "Which house is X in?" was added)."""

from __future__ import annotations

import re

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


# The only lookaheads left in a terminal, each on the next word of its own rule: the two-word
# source of a measurement ("Sensor A reads ..."; without it, "Ana izz in the kitchen." would
# be an error at "in", far from the typo) and "in" at the very end of a puzzle question; and
# one that only ends a word (POSS: the space after the apostrophe of "the Smiths' car").
# Everything else (verbs, "a", "an", "afraid of", "lives in") is the lexicon's, and the parser
# tells the uses apart by what follows, not a regex that copies another rule's first tokens.
LOOKAHEADS_KEPT = {"SOURCE_PAIR", "IN_END", "POSS"}


@pytest.mark.parametrize("text", [grammar_text, puzzle_grammar_text], ids=["main", "puzzle"])
def test_no_terminal_looks_ahead_at_other_rules(text: object) -> None:
    assert callable(text)
    looking = {
        line.split(".", 1)[0].split(":", 1)[0]
        for line in text().splitlines()
        if re.match(r"[A-Z_]+(\.\d+)?\s*:", line) and re.search(r"\(\?<?[=!]", line)
    }
    assert looking <= LOOKAHEADS_KEPT, looking - LOOKAHEADS_KEPT
