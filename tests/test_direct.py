"""The AST built during the parse (``certify.syntax.direct``) is the one the long way builds.

``read_sentence`` reads a sentence the short way (``Build``'s methods called at each reduction)
and the long way (a parse tree, ``check_tree``, then ``Build``) only when the short way gives
None.  Every sentence of the samples and the conformance cases, here and moved to another line
and column, must be read the short way when the long way reads it, into an equal AST with the
same spans; every sentence the long way refuses, and each kind of doubt below, must be left to
the long way.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Iterator

import pytest

from certify.errors import TextError
from certify.limits import MAX_DIGITS, MAX_NESTING
from certify.syntax import direct, parse
from certify.syntax.checks import check_text
from certify.syntax.grammar import built_by_lark, parser
from certify.syntax.lark_runtime import Meta
from certify.syntax.located import Located
from certify.syntax.quotes import sentences_of
from tests.paths import CONFORMANCE, SAMPLES


def sentences() -> Iterator[tuple[str, str, int, int]]:
    """(text, start, line, column) of each sentence, as ``read_sentence`` hands them on."""
    for folder in (SAMPLES, CONFORMANCE):
        for path in sorted(folder.rglob("*.txt")):
            lines = path.read_text(encoding="utf-8").splitlines()
            for number, raw in enumerate(lines, start=1):
                for column, text, end in sentences_of(raw.split("#", 1)[0]):
                    if end not in (".", "?"):
                        continue
                    start = "question" if end == "?" else "statement"
                    if start == "statement":
                        column, text, _, _ = parse.statement_core(column, text)
                    try:
                        check_text(text, number, column)
                    except TextError:
                        continue
                    yield text, start, number, column


def long_way(text: str, start: str, line: int, column: int) -> object:
    end = "?" if start == "question" else "."
    try:
        return parse._built(text, line, column, start, end)
    except TextError:
        return None


@pytest.mark.parametrize("moved", [(0, 0), (4, 7)], ids=["in place", "moved"])
def test_the_short_way_builds_what_the_long_way_builds(moved: tuple[int, int]) -> None:
    read = refused = 0
    for text, start, line, column in sentences():
        line, column = line + moved[0], column + moved[1]
        expected = long_way(text, start, line, column)
        found = direct.read(text, start, line, column)
        if expected is None:
            assert found is None, text
            refused += 1
            continue
        assert found is not None, f"read the long way: {text!r}"
        assert found == expected, text
        assert repr(found) == repr(expected), text  # every span, every field
        read += 1
    assert read > 600 and refused > 20


DOUBTS = [
    "x is " + "9" * (MAX_DIGITS + 1),  # too many digits: check_tree
    "Ana was in the kitchen at 25:00",  # not a time of day: check_tree
    "it is not the case that " * (MAX_NESTING + 1) + "Ana is in the kitchen",  # too deep
    "Ana is in the kitchen too",  # a word of the language in a name: Build refuses
    "Ana is is in the kitchen",  # a syntax error
]


@pytest.mark.parametrize("text", DOUBTS, ids=range(len(DOUBTS)))
def test_a_doubt_is_left_to_the_long_way(text: str) -> None:
    assert direct.read(text, "statement", 1, 1) is None
    with pytest.raises(TextError):
        parse.read_sentence(text)


def test_the_deepest_nesting_read_is_read_the_short_way() -> None:
    text = "it is not the case that " * MAX_NESTING + "Ana is in the kitchen"
    found = direct.read(text, "statement", 3, 5)
    assert found is not None
    assert repr(found) == repr(long_way(text, "statement", 3, 5))


def test_read_sentence_takes_the_short_way() -> None:
    before = direct.taken()
    parse.read_sentence("x2 - x1 <= 1/2")  # a plain "x2 - x1 <= 1" is not parsed at all
    parse.read_sentence("What is x2 - x1", end="?")
    assert direct.taken() == before + 2


def test_another_thread_reading_leaves_this_one_the_long_way() -> None:
    reading = direct._direct()
    with reading.lock:
        assert direct.read("Ana is in the kitchen", "statement", 1, 1) is None
        done: list[object] = []
        sentence = "Bo is in the garden"
        thread = threading.Thread(target=lambda: done.append(parse.read_sentence(sentence)))
        thread.start()
        thread.join()
        assert done and not isinstance(done[0], Exception)
    assert direct.read("Ana is in the kitchen", "statement", 1, 1) is not None


def test_a_tree_builder_of_another_shape_is_left_to_the_long_way(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    builder = parser()._parse_tree_builder
    rule, chain = builder.rule_builders[0]
    monkeypatch.setattr(builder, "rule_builders", [(rule, [*chain, object()])])
    assert direct.callbacks_for(parser(), direct._Reader()) is None
    monkeypatch.setattr(builder, "rule_builders", [(rule, chain[:-1])])  # no positions
    assert direct.callbacks_for(parser(), direct._Reader()) is None


def test_a_parser_lark_cannot_build_is_left_to_the_long_way(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def refuse(*arguments: object) -> None:
        raise TypeError("another version's signature")

    monkeypatch.setattr(direct, "_Parser", refuse)
    reading = direct._Direct(parser())
    assert reading.parser is None
    assert reading.read("Ana is in the kitchen", "statement", 1, 1) is None


TOY = r"""
start: sum | pairs | items
?sum: sum "+" term -> add
    | sum "-" term -> sub
    | term
?term: "(" sum ")"
     | "-" term -> neg
     | atom
atom: NAME | NUMBER
pairs: "[" _pair (";" _pair)* "]"
_pair: atom "," atom
items: "{" _items "}"
_items: _items "," atom | atom
%import common.CNAME -> NAME
%import common.INT -> NUMBER
%import common.WS
%ignore WS
"""


class Toy(Located):
    """Each rule as (name, span, children): what the positions and the shaping give."""

    def _node(self, name: str, meta: Meta, children: list[object]) -> object:
        return (name, self.span(meta), tuple(repr(c) for c in children))

    def start(self, meta: Meta, children: list[object]) -> object:
        return self._node("start", meta, children)

    def add(self, meta: Meta, children: list[object]) -> object:
        return self._node("add", meta, children)

    def sub(self, meta: Meta, children: list[object]) -> object:
        return self._node("sub", meta, children)

    def neg(self, meta: Meta, children: list[object]) -> object:
        return self._node("neg", meta, children)

    def atom(self, meta: Meta, children: list[object]) -> object:
        return self._node("atom", meta, children)

    def pairs(self, meta: Meta, children: list[object]) -> object:
        return self._node("pairs", meta, children)

    def items(self, meta: Meta, children: list[object]) -> object:
        return self._node("items", meta, children)


def _toy_text(pick: random.Random, depth: int = 0) -> str:
    roll = pick.random()
    if depth > 4 or roll < 0.3:
        return pick.choice(["x", "y2", "7", "42"])
    if roll < 0.5:
        return f"({_toy_text(pick, depth + 1)})"
    if roll < 0.6:
        return f"-{_toy_text(pick, depth + 1)}"
    operator = pick.choice([" + ", "-", " - ", "+"])
    return _toy_text(pick, depth + 1) + operator + _toy_text(pick, depth + 1)


def test_a_toy_grammar_is_shaped_and_placed_as_lark_does() -> None:
    """Filtered tokens, a ``?rule``'s single child handed up (its container widened by the
    parentheses), aliases, and ``_rules`` spliced (one left-recursive) on random texts."""
    toy = built_by_lark(TOY, {"parser": "lalr", "lexer": "contextual", "propagate_positions": True})
    reading = direct._Direct(toy, Toy)
    assert reading.parser is not None
    pick = random.Random(9)
    texts = [_toy_text(pick) for _ in range(400)]
    texts += ["[x, 1; y, 2 ; z,3]", "{ a }", "{a, 1,b , c}", "((x))", "( (x) + -(7))"]
    for text in texts:
        line, column = pick.randint(1, 9), pick.randint(1, 30)
        expected = Toy(line, column).transform(toy.parse(text))
        assert reading.read(text, "start", line, column) == expected, text
    assert reading.reader.taken == len(texts)
