"""A plain comparison read without the parser (``certify.syntax.plain_arith``) is read as the
parser reads it, and nothing else is taken.

Thousands of sentences are drawn of the plain shape and near it (keywords, units, verbs and
reserved words as variables, capitalised words, decimals, fractions, products, unicode signs,
other relations, parentheses, missing spaces, three relations, coordination, a missing period);
each, and every sentence of the samples, the conformance cases and the golden texts, is read
both ways.  Where ``read`` gives an AST, the parser must read the sentence into an equal one
with the same spans and fields; where the parser refuses, ``read`` must give None.  Enough of
each kind must be taken for the comparison to mean something.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest

from certify.errors import TextError
from certify.limits import MAX_DIGITS
from certify.syntax import direct, parse, plain_arith
from certify.syntax.checks import check_text
from certify.syntax.grammar import parser
from certify.syntax.lexicon import (
    discourse_words,
    reserved_words,
    time_periods,
    transitive_verbs,
    units,
)
from certify.syntax.quotes import sentences_of
from tests.paths import CONFORMANCE, ROOT, SAMPLES

PLAIN = ["x", "y", "z", "x1", "x2", "t10", "speed", "cost", "b", "X", "Y2", "Xy", "q7z", "i"]
KEYWORDS = [
    *("a", "an", "A", "An", "is", "are", "in", "it", "the", "if", "and", "or", "not", "no"),
    *("one", "what", "true", "time", "left", "right", "above", "than", "more", "less", "of"),
    *("at", "to", "as", "all", "each", "says", "reads", "lies", "was", "north", "went", "then"),
]
LEXICON = [
    *sorted(units()),
    *sorted(transitive_verbs())[:12],
    *sorted(transitive_verbs().values())[:12],
    *sorted(reserved_words())[:20],
    *(w for w in discourse_words() if " " not in w),
    *(w for w in time_periods() if " " not in w),
]
ODD = ["x-1", "x_1", "x's", "é", "xé", "Sensor A", "Ana", "THE", "Is", "2x", "2 x", "2*x", "x2y"]
NUMBERS = ["0", "3", "17", "007", "2.5", "0.25", "1/2", "3/0", ".5", "3.", "1e3", "12:30", "1,5"]
SIGNS = [" + ", " - ", " − ", " +", "- ", "-", " * ", " / ", " ± ", " +/- ", "  -  "]
RELATIONS = ["<=", ">=", "<", ">", "=", "==", "=<", "=>", "!=", "≤", "≥", "<>", "=="]


def _term(pick: random.Random, near: bool) -> str:
    roll = pick.random()
    if near and roll < 0.3:
        return pick.choice([*KEYWORDS, *LEXICON, *ODD, *NUMBERS[6:]])
    if roll < 0.55:
        return pick.choice(PLAIN)
    if roll < 0.6:
        return "9" * pick.choice([MAX_DIGITS, MAX_DIGITS + 1])
    return pick.choice(NUMBERS[:6])


def _side(pick: random.Random, near: bool) -> str:
    text = ("-" if pick.random() < 0.2 else "") + _term(pick, near)
    for _ in range(pick.choice([0, 0, 1, 1, 2, 3])):
        sign = pick.choice(SIGNS) if near and pick.random() < 0.3 else pick.choice([" + ", " - "])
        text += sign + _term(pick, near)
    if near and pick.random() < 0.05:
        text = f"({text})"
    return text


def _sentence(pick: random.Random) -> str:
    near = pick.random() < 0.5
    relation = pick.choice(RELATIONS if near else RELATIONS[:5])
    text = f"{_side(pick, near)} {relation} {_side(pick, near)}"
    roll = pick.random()
    if roll < 0.15:
        text += f" {pick.choice(RELATIONS[:5])} {_side(pick, near)}"
    elif near and roll < 0.2:
        text += f" <= {_side(pick, near)} < {_side(pick, near)}"
    elif near and roll < 0.25:
        text += f" and {_side(pick, near)} = 1"
    elif near and roll < 0.3:
        text = pick.choice(["Then ", "Yesterday ", " ", "so "]) + text
    elif near and roll < 0.35:
        text = text.replace(" ", pick.choice(["", "  ", "\t"]), 1)
    return text


def drawn(count: int, seed: int = 12) -> list[str]:
    pick = random.Random(seed)
    return [_sentence(pick) for _ in range(count)]


def written() -> Iterator[str]:
    """Every statement of the samples, the conformance cases and the golden texts."""
    golden = ROOT / "tests" / "golden"
    for path in sorted(
        [*SAMPLES.rglob("*.txt"), *CONFORMANCE.rglob("*.txt"), *golden.rglob("*.txt")]
    ):
        for raw in path.read_text(encoding="utf-8").splitlines():
            for _, text, end in sentences_of(raw.split("#", 1)[0]):
                if end == ".":
                    yield text


def _core(text: str) -> tuple[str, int] | None:
    """The statement as ``read_sentence`` hands it on (without its opening and closing words),
    or None when ``check_text`` refuses it first."""
    column, core, _, _ = parse.statement_core(3, text)
    try:
        check_text(core, 5, column)
    except TextError:
        return None
    return core, column


def compare(texts: list[str]) -> tuple[int, int]:
    """How many sentences ``read`` took and how many it left; fails on any difference."""
    taken = left = 0
    for text in texts:
        core = _core(text)
        if core is None:
            continue
        found = plain_arith.read(core[0], 5, core[1])
        if found is None:
            left += 1
            continue
        try:
            expected = parse._built(core[0], 5, core[1], "statement", ".")
        except TextError as error:
            raise AssertionError(f"taken, but the parser refuses {text!r}: {error}") from None
        assert found == expected, text
        assert repr(found) == repr(expected), text  # every span, every field, every type
        taken += 1
    return taken, left


def test_drawn_sentences_are_read_as_the_parser_reads_them() -> None:
    taken, left = compare(drawn(5000))
    assert taken > 2000 and left > 2000


def test_written_sentences_are_read_as_the_parser_reads_them() -> None:
    taken, left = compare(list(written()))
    assert taken >= 20 and left > 1000


NEAR_MISSES = [
    "is - x <= 3",
    "x - a <= 3",
    "x - it <= 3",
    "the - x = 1",
    "x - time <= 3",
    "x - days >= 1",
    "x - likes < 2",
    "x-y <= 3",
    "x - y <= 3 <= 4 <= 5",
    "x - y",
    "x <= 1/2",
    "2x <= 3",
    "x − y <= 3",
    "x - y ≤ 3",
    "x - y == 3",
    "x - y != 3",
    "(x - y) <= 3",
    "x - y <=3",
    " x - y <= 3",
    "x - y <= 3 ",
    "x - y <= 1e3",
    "x <= 12:30",
    "x - - y <= 3",
    "- x <= 3",
    "x <= " + "9" * (MAX_DIGITS + 1),
    "Sensor A - x <= 3",
    "x's - y <= 3",
    "x_1 - y <= 3",
]


@pytest.mark.parametrize("text", NEAR_MISSES)
def test_a_near_miss_is_left_to_the_parser(text: str) -> None:
    assert plain_arith.read(text, 1, 1) is None


TAKEN = ["x2 - x1 <= 3", "-x + 2.5 >= y - 3 - x", "1 <= x <= 3", "X2 - x1 = -4", "b - x > 007"]


@pytest.mark.parametrize("text", TAKEN)
def test_a_plain_comparison_is_taken(text: str) -> None:
    assert plain_arith.read(text, 1, 1) is not None
    assert compare([text]) == (1, 0)


def test_read_sentence_reads_the_same_with_and_without_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    texts = [*drawn(800, seed=3), *TAKEN, *NEAR_MISSES]

    def each() -> list[object]:
        found: list[object] = []
        for text in texts:
            try:
                found.append(parse.read_sentence(text, 7, 2, "."))
            except TextError as error:
                found.append((str(error), error.line, error.column, error.end_column))
        return found

    with_it = each()
    monkeypatch.setattr(plain_arith, "read", lambda text, line, column: None)
    without = each()
    assert [repr(f) for f in with_it] == [repr(f) for f in without]


def test_every_sample_text_reads_the_same_with_and_without_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    paths = sorted([*SAMPLES.rglob("*.txt"), *CONFORMANCE.rglob("*.txt")])

    def each() -> list[str]:
        parse._remembered.cache_clear()  # the memo would answer the second pass
        found = []
        for path in paths:
            try:
                found.append(repr(parse.read_document(path.read_text(encoding="utf-8"))))
            except TextError as error:
                found.append(f"{error!r} {error}")
        return found

    with_it = each()
    monkeypatch.setattr(plain_arith, "read", lambda text, line, column: None)
    assert each() == with_it


def test_read_sentence_takes_it_before_the_parser() -> None:
    before = direct.taken()
    parse.read_sentence("x2 - x1 <= 1")
    assert direct.taken() == before
    parse.read_sentence("x2 - x1 <= 1/2")
    assert direct.taken() == before + 1


def test_the_other_terminals_are_the_parsers() -> None:
    terminals = [t for t in parser().terminals if t.name not in ("WORD", "NUMBER")]
    assert len(terminals) > 100
    pattern = "|".join(f"(?:{t.pattern.to_regexp()})" for t in terminals)
    assert plain_arith._others() == re.compile(pattern, parser().options.g_regex_flags)


WITHIN = ["a\\b", "(?i:than\\b)", "\\d{1,2}:\\d\\d\\b", "[A-Za-z][A-Za-z0-9_-]*", "\\.", "±|\\+"]
SPANNING = [
    *("(?:[ \t\x0c\r\n])+", "it\\s+is", "x(?=\\s)", "x(?!y)", "(?<=-)x", "x$", "^x", "x\\Z"),
    *("x.", "[^a]x", "(?i)x", "x\\x20", "[\x01-z]", "(?P<n>x)", "x\\W", "x\\S", "(x)\\1", "x\\"),
]


@pytest.mark.parametrize("pattern", WITHIN)
def test_a_pattern_that_cannot_reach_a_space_is_within_the_word(pattern: str) -> None:
    assert plain_arith.within_word(pattern)


@pytest.mark.parametrize("pattern", SPANNING)
def test_a_pattern_that_may_look_past_the_word_is_not(pattern: str) -> None:
    assert not plain_arith.within_word(pattern)


def test_the_terminals_that_span_words_are_tried_in_the_text() -> None:
    terminals = {t.name: t.pattern.to_regexp() for t in parser().terminals}
    spanning = {name for name, p in terminals.items() if not plain_arith.within_word(p)}
    assert {"WS", "NOT_THE_CASE", "SOURCE_PAIR", "TAKE_VERB", "POSS"} <= spanning
    assert len(spanning) < len(terminals) // 4  # the keywords are looked up once per word


def _contexts(word: str) -> list[tuple[str, int]]:
    """Sentences of the plain shape with ``word`` as a term, and where it starts: first, after
    a sign, negated, in the middle and last, followed by each kind of thing that may follow."""
    return [
        (f"{word} <= 3", 0),
        (f"{word} - y = 1", 0),
        (f"-{word} + x > y", 1),
        (f"x - {word} < 3", 4),
        (f"x - {word} + 2 >= 1", 4),
        (f"1 <= {word} <= 2", 5),
        (f"y - 2 = {word}", 8),
        (f"-3 > -{word}", 6),
    ]


def _words() -> list[str]:
    """Every word the other terminals spell (keywords, units, verbs, reserved words), with
    variations, and the plain words and numbers of the drawn sentences."""
    spelled: set[str] = set()
    for terminal in parser().terminals:
        spelled.update(re.findall(r"[A-Za-z][A-Za-z0-9]*", terminal.pattern.to_regexp()))
    spelled.update(w for w in [*KEYWORDS, *LEXICON, *PLAIN] if re.fullmatch(r"[A-Za-z]\w*", w))
    variations = [
        form
        for w in sorted(spelled)
        for form in (w, w.capitalize(), w.upper(), w + "2", w + "s", w[:-1] or w, "q" + w)
    ]
    return sorted({*variations, "0", "3", "17", "007", "2.5", "0.25", "12", "1.5"})


def test_the_term_check_is_the_check_in_the_text() -> None:
    others = plain_arith._others()
    check = plain_arith.TermCheck(*plain_arith._other_patterns())
    words = _words()
    assert len(words) > 2000
    found = 0
    for word in words:
        for text, start in _contexts(word):  # the first context fills the memo, the rest use it
            assert plain_arith.SHAPE.fullmatch(text), text
            expected = others.match(text, start) is not None
            assert check.other(text, start, word) == expected, (word, text)
            found += expected
    assert found > 1000 and check.words


SYNTHETIC = ["x(?= <)", "y\\b", "z\\s+-", "w", "[A-Z]\\d*\\s+=", "q$"]


def test_the_term_check_is_the_check_in_the_text_where_a_terminal_looks_past_a_word() -> None:
    check = plain_arith.TermCheck(SYNTHETIC, 0)
    reference = re.compile("|".join(f"(?:{p})" for p in SYNTHETIC))
    texts = 0
    for word in ("x", "y", "yy", "z", "zz", "w", "wx", "A", "B7", "q", "x2"):
        for text, start in _contexts(word) + _contexts(word)[::-1]:
            expected = reference.match(text, start) is not None
            assert check.other(text, start, word) == expected, (word, text)
            texts += expected
    assert texts > 20


def within_word_by_character(pattern: str) -> bool:
    """``within_word`` as it was: every character of the pattern read in turn."""
    at = 0
    while at < len(pattern):
        char = pattern[at]
        if char == "\\":
            if pattern[at + 1 : at + 2] not in plain_arith._ESCAPED:
                return False
            at += 2
            continue
        if char <= " " or char.isspace() or char in ".^$":
            return False
        if pattern.startswith("(?", at) and not pattern.startswith(("(?:", "(?i:"), at):
            return False
        at += 1
    return True


def test_within_word_reads_as_reading_every_character() -> None:
    pick = random.Random(21)
    pieces = ["\\", "(", "?", ":", "i", ")", "[", "]", "^", "$", ".", " ", "\t", "\x01", "-"]
    pieces += ["b", "s", "w", "d", "x", "a", "\u00a0", "=", "P", "<", "|", "*", "{", "}"]
    patterns = [t.pattern.to_regexp() for t in parser().terminals] + WITHIN + SPANNING
    patterns += [
        "".join(pick.choice(pieces) for _ in range(pick.randint(0, 9))) for _ in range(20_000)
    ]
    kinds = set()
    for pattern in patterns:
        expected = within_word_by_character(pattern)
        assert plain_arith.within_word(pattern) == expected, pattern
        kinds.add(expected)
    assert kinds == {True, False}
