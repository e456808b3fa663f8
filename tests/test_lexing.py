"""``certify.syntax.lexing.Tokens`` gives the parser the tokens Lark's own lexer gives it.

Both lexers feed the parser certify reads with (the short way's, ``direct``), each through a
recorder; the tokens (type, text, positions) must be the same, and so must the outcome: the
sentence read, or refused (Lark's lexer raises where ``Tokens`` raises ``Unlexed``).  The
sentences: every sentence of the samples and conformance cases, sentences drawn from the
grammar itself, and the same with characters changed, cut or doubled (errors, keywords inside
words, capitals).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from certify.syntax import direct
from certify.syntax.grammar import built_by_lark
from certify.syntax.lark_runtime import UnexpectedInput
from certify.syntax.lexing import Tokens, Unlexed, usable
from tests.test_direct import sentences
from tests.test_fuzz_grammar import QUESTION, STATEMENT

Seen = tuple[str, str, Any, Any, Any, Any, Any, Any]


class Recorder:
    """A lexer thread that hands on another's tokens and keeps them."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.seen: list[Seen] = []

    def lex(self, state: Any) -> Iterator[Any]:
        for t in self.inner.lex(state):
            self.seen.append(
                (t.type, str(t), t.start_pos, t.line, t.column, t.end_line, t.end_column, t.end_pos)
            )
            yield t


def run(text: str, start: str, ours: bool) -> tuple[list[Seen], str]:
    """The tokens the parser was given, and how the parse ended."""
    reader = direct._direct()
    assert reader.parser is not None and reader.lexers is not None
    inner = Tokens(reader.lexers, text) if ours else reader.frontend._make_lexer_thread(text)
    recorder = Recorder(inner)
    reader.reader.build = reader.kind(1, 1)
    try:
        reader.parser.parse(recorder, start)
        outcome = "read"
    except Unlexed:
        outcome = "refused"
    except Exception as error:  # Lark's errors, or Build's
        name = type(error).__name__
        outcome = "refused" if name in ("UnexpectedCharacters", "UnexpectedToken") else name
    finally:
        reader.reader.build, reader.reader.nesting, reader.reader.inline = None, 0, 0
    return recorder.seen, outcome


def assert_same(text: str, start: str) -> str:
    lark_tokens, lark_outcome = run(text, start, ours=False)
    our_tokens, our_outcome = run(text, start, ours=True)
    assert our_outcome == lark_outcome, text
    assert our_tokens == lark_tokens, text
    return lark_outcome


def test_the_lexers_are_lark_s_own() -> None:
    reader = direct._direct()
    assert reader.lexers is not None
    assert reader.lexers is usable(reader.frontend)


def test_every_sentence_is_lexed_as_lark_lexes_it() -> None:
    outcomes: dict[str, int] = {}
    for text, start, _, _ in sentences():
        outcome = assert_same(text, start)
        outcomes[outcome] = outcomes.get(outcome, 0) + 1
    assert outcomes.get("read", 0) > 600


def _changed(text: str, pick: random.Random) -> str:
    at = pick.randrange(len(text) + 1)
    kind = pick.randrange(4)
    if kind == 0:
        return text[:at] + pick.choice("#@!xZ9 -.:'é") + text[at:]
    if kind == 1:
        return text[:at] + text[at + 1 :]
    if kind == 2:
        return text[:at].upper() + text[at:]
    return text[:at] + text[at:].replace(" ", "", 1)


def test_changed_sentences_are_lexed_or_refused_as_lark_does() -> None:
    pick = random.Random(20261203)
    outcomes: dict[str, int] = {}
    for text, start, _, _ in sentences():
        for _ in range(3):
            outcome = assert_same(_changed(text, pick), start)
            outcomes[outcome] = outcomes.get(outcome, 0) + 1
    assert outcomes.get("read", 0) > 200 and outcomes.get("refused", 0) > 200


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(STATEMENT, QUESTION, st.randoms(use_true_random=False))
def test_drawn_sentences_are_lexed_as_lark_lexes_them(
    statement: str, question: str, pick: random.Random
) -> None:
    for text, start in ((statement, "statement"), (question, "question")):
        text = " ".join(text.split())
        assert_same(text, start)
        if text:
            assert_same(_changed(text, pick), start)


KEYWORDS = r"""
start: item+
item: WORD | IF | NUMBER
IF: "if"
WORD: /[a-z]+/
NUMBER: /[0-9]+/
%ignore " "
"""


@pytest.mark.parametrize("text", ["if x if", "iffy if 12 x", "x ifif 3", "if", "12 if ?"])
def test_a_keyword_inside_a_word_pattern_is_retyped_as_lark_does(text: str) -> None:
    # certify's grammar has no such terminals (its lexers have no callbacks); this one has:
    # Lark retypes WORD "if" as IF with a callback, and Tokens must call it the same way.
    grammar = built_by_lark(KEYWORDS, {"parser": "lalr", "lexer": "contextual"})
    frontend = grammar.parser
    lexers = usable(frontend)
    assert lexers is not None
    results = []
    for ours in (False, True):
        inner = Tokens(lexers, text) if ours else frontend._make_lexer_thread(text)
        recorder = Recorder(inner)
        try:
            frontend.parser.parser.parse(recorder, "start")
            outcome = "read"
        except (Unlexed, UnexpectedInput):
            outcome = "refused"
        results.append((recorder.seen, outcome))
    assert results[0] == results[1]
    assert any(getattr(lexer, "callback", None) for lexer in lexers.values())
