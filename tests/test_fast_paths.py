"""The memos and fast walks of pure steps give what the steps themselves give.

``parse_sentence`` remembers the sentences it has read; each text of the samples and the
conformance cases is read with the memo (twice, so the second reading comes from it, and again
moved down and right, so the same sentences stand at other lines and columns) and without it
(``read_sentence`` in its place), and the documents must be equal.  ``quantifiers`` walks a
sentence once; the two walks it replaced are kept here and must classify every sentence of
those texts, and of the sentences below, the same, also when remembered.  The lines a text is
split into are remembered too, and must split as ``split_sentences`` splits them.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from certify.errors import TextError
from certify.limits import MAX_SENTENCES
from certify.meaning import quantifiers as quantifiers_module
from certify.meaning.quantifiers import _PERSON, _UNIVERSAL_KINDS, SOME, Quantifiers, quantifiers
from certify.syntax import ast, parse, plain_arith, quotes
from certify.syntax.checks import check_text
from tests.paths import CONFORMANCE, SAMPLES
from tests.test_sentence_split import PIECES

TEXTS = sorted([*SAMPLES.glob("*.txt"), *CONFORMANCE.glob("*.txt")])


def _moved(text: str) -> str:
    """The text three lines lower, each line indented (spans move, the reading does not)."""
    return "\n\n\n" + "\n".join("  " + line if line.strip() else line for line in text.split("\n"))


@pytest.mark.parametrize("path", TEXTS, ids=lambda p: p.name)
def test_a_remembered_reading_is_the_reading(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    texts = [path.read_text(encoding="utf-8")]
    texts.append(_moved(texts[0]))
    remembered = [parse.read_document(text) for text in (*texts, *texts)]
    monkeypatch.setattr(parse, "parse_sentence", parse.read_sentence)
    read = [parse.read_document(text) for text in texts]
    assert remembered == [*read, *read]
    assert read[0] != read[1]  # the moved text's spans differ: the memo must tell them apart


def test_an_unreadable_sentence_is_read_again() -> None:
    errors = []
    for _ in range(2):
        with pytest.raises(TextError) as caught:
            parse.parse_sentence("Ana zorbs the kitchen", 1, 1, ".")
        errors.append(caught.value)
    errors[0].file = "changed.txt"  # as read_document does, with ``located``
    assert errors[0] is not errors[1] and errors[1].file != "changed.txt"


def test_a_long_sentence_is_not_remembered() -> None:
    long = "Ana is in the kitchen" + " or the kitchen" * (parse.MEMO_LENGTH // 15)
    assert len(long) > parse.MEMO_LENGTH
    before = parse._remembered.cache_info().currsize
    assert parse.parse_sentence(long, 1, 1, ".") == parse.read_sentence(long, 1, 1, ".")
    assert parse._remembered.cache_info().currsize == before


def _parts(item: object) -> list[object]:
    return [getattr(item, f.name) for f in dataclasses.fields(item)]  # type: ignore[arg-type]


def _noun_phrases(node: object) -> Iterator[ast.NP]:
    stack = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, ast.NP):
            yield item
        elif isinstance(item, ast.Arith):
            continue
        elif isinstance(item, tuple):
            stack.extend(reversed(item))
        elif dataclasses.is_dataclass(item) and not isinstance(item, type):
            stack.extend(reversed(_parts(item)))


def _plural_name_subjects(node: object) -> Iterator[ast.Clause]:
    stack = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, ast.Clause):
            if item.plural and item.subject.kind == "name" and item.subject.text[:1].isupper():
                yield item
        elif isinstance(item, ast.Arith):
            continue
        elif isinstance(item, tuple):
            stack.extend(item)
        elif dataclasses.is_dataclass(item) and not isinstance(item, (type, ast.NP)):
            stack.extend(_parts(item))


def _two_walks(node: object) -> Quantifiers:
    """``quantifiers`` as it was: one walk for the noun phrases, one for the clauses."""
    quantified = people = False
    for np in _noun_phrases(node):
        word = np.words[0] if np.words else ""
        if np.kind in _UNIVERSAL_KINDS or (np.kind == "pronoun" and word in SOME):
            quantified = True
            people = people or word in _PERSON or np.text.split()[-1] in _PERSON
    if any(True for _ in _plural_name_subjects(node)):
        quantified = True
    return Quantifiers(quantified, people, isinstance(node, (ast.IfThen, ast.Iff)))


SENTENCES = (
    "Cats are animals.",
    "Ana and Bob are in the kitchen.",
    "If someone is kind then they are nice.",
    "Everyone is happy.",
    "People are happy.",
    "Every cat is an animal.",
    "Nobody is in the garden.",
    "All quiet things are cold.",
    "Something is red.",
    "If Ana is in the kitchen then all cats are animals.",
    "It is not the case that someone is in the hall.",
    "Somebody is in the hall and Ana is happy.",
    "Ana is not in the kitchen and Cats are animals.",
    "Ana says that Cats are animals.",  # a plural clause inside a clause does not quantify
    "x + y = 3.",
)


def test_one_walk_classifies_as_the_two_walks() -> None:
    texts = [path.read_text(encoding="utf-8") for path in TEXTS]
    nodes = [p.node for text in texts for p in parse.read_document(text).sentences]
    for sentence in SENTENCES:
        nodes.append(parse.parse_sentence(sentence[:-1], 1, 1, sentence[-1]).node)
    seen = set()
    for node in [*nodes, *nodes]:  # the second time from the memo
        expected = _two_walks(node)
        assert quantifiers(node) == expected, node
        seen.add(expected)
    assert {q.quantified for q in seen} == {q.people for q in seen} == {True, False}


def test_the_memo_of_quantifiers_tells_nodes_apart_by_identity() -> None:
    plain = parse.read_sentence("Ana is in the kitchen", 1, 1, ".").node
    every = parse.read_sentence("Everyone is happy", 1, 1, ".").node
    assert quantifiers(plain) != quantifiers(every)
    # an entry under another node's id (as when an id is reused) is not that node's
    quantifiers_module._memo[id(every)] = (plain, quantifiers(plain))
    assert quantifiers(every) == _two_walks(every)


def test_a_remembered_line_splits_as_split_sentences() -> None:
    pick = random.Random(9)
    lines = ["".join(pick.choice(PIECES) for _ in range(pick.randint(0, 14))) for _ in range(3000)]
    lines.append("Ana is in the kitchen. " * (quotes.MEMO_LENGTH // 20))  # too long to remember
    for line in [*lines, *lines]:
        assert list(quotes.sentences_of(line)) == quotes.split_sentences(line), line


PLAIN_LINES = [
    "x2 - x1 <= 3.",
    "x <= 2.5.",
    "-x + 2 >= y - 3.",
    "1 <= x <= 3.",
    "x2 - x1 <= 3",  # no period: a sentence that never ends
    "x2 - x1 <= 3. x3 - x2 <= 1.",
    "x2 - x1 <= 3.  ",
    "  x2 - x1 <= 3.",
    "x2 - x1 <= 3. # a comment",
    "# expect: open",
    "x2 - x1 <= 3.?",
    "x <= 3..",
    "x <= 3.5",
    "x <= 35",
    "Then x <= 3.",
    "x - yesterday <= 3.",
    "x <= yesterday.",
    "Yesterday <= x.",
    "What is x2 - x1?",
    "story:",
    "x - is <= 3.",
    "x - took <= 3.",
    "x <= " + "9" * 40 + ".",
]


def _documents(texts: list[str]) -> list[str]:
    found = []
    for text in texts:
        parse._remembered.cache_clear()
        try:
            found.append(repr(parse.read_document(text)))
        except TextError as error:
            found.append(f"{error!r} {[(e.line, e.column, e.suggestion) for e in error.errors]}")
    return found


def test_a_plain_line_is_read_as_any_line(monkeypatch: pytest.MonkeyPatch) -> None:
    pick = random.Random(8)
    texts = [path.read_text(encoding="utf-8") for path in TEXTS]
    texts += ["\n".join(pick.sample(PLAIN_LINES, 6)) + "\n" for _ in range(300)]
    texts += ["story:\n" + "\n".join(PLAIN_LINES[:4]) + "\n", "\n".join(PLAIN_LINES)]
    plain = sum(p.plain for text in texts for p in parse._split(tuple(text.splitlines()))[0])
    fast = _documents(texts)
    monkeypatch.setattr(parse, "plain_line", lambda raw: False)  # every line the long way
    assert _documents(texts) == fast
    assert plain > 500 and sum(f.startswith("Document(") for f in fast) > 40


def test_a_plain_comparison_is_not_remembered() -> None:
    parse._remembered.cache_clear()
    parse.read_document("x2 - x1 <= 3.\nx3 - x1 <= 4. Ana is happy.\nWhat is x3 - x2?\n")
    assert parse._remembered.cache_info().currsize == 3  # the three sentences of lines 2 and 3


def test_the_sentence_cap_stops_the_splitting_of_plain_lines() -> None:
    pieces, _, _ = parse._split(("x2 - x1 <= 3.",) * (MAX_SENTENCES + 50))
    assert len(pieces) == MAX_SENTENCES + 1 and all(p.plain for p in pieces)
    with pytest.raises(TextError, match=f"more than {MAX_SENTENCES:,} sentences"):
        parse.read_document("x2 - x1 <= 3.\n" * (MAX_SENTENCES + 1))


def test_a_plain_statement_has_nothing_the_checks_of_a_sentence_refuse() -> None:
    """What ``_plain_sentence`` leaves out: a plain statement is printable, has no character
    certify does not read and no number in scientific notation."""
    pick = random.Random(5)
    words = ["e", "E", "e5", "E10", "x1e5", "e2x", "ee3", "x", "1", "15", "2.5", "0.5", "10"]
    taken = 0
    for _ in range(20_000):
        text = pick.choice(["", "-"]) + pick.choice(words)
        for _ in range(pick.randint(1, 4)):
            text += pick.choice([" + ", " - ", " <= ", " = ", " > "]) + pick.choice(words)
        if plain_arith.SHAPE.fullmatch(text) is None:
            continue
        taken += 1
        assert text.isprintable() and quotes.foreign_character(text) is None, text
        check_text(text, 1, 1)  # raises for scientific notation
    assert taken > 5000
