"""Splitting a line into sentences, against a per-character reading of where sentences end.

``split_sentences`` looks only at the characters that can end a sentence; the reference below
walks every character, as the splitter did before (SPEC: a "." not before a digit, a "?", or
the closing quote of quoted speech not followed by "." or "?"; a "." inside the quotes ends
nothing).  Random lines over the characters that matter must split the same.
"""

from __future__ import annotations

import random
import re

from certify.syntax.quotes import split_sentences

QUOTE = re.compile(r"""\bsays\s*[:,]?\s*(["“])[^"“”]*(["”])""", re.IGNORECASE)


def reference(line: str) -> list[tuple[int, str, str]]:
    spans = [(m.start(1), m.start(2)) for m in QUOTE.finditer(line)]
    found, start = [], 0
    for index, char in enumerate(line):
        stop = char == "?" or (char == "." and not line[index + 1 : index + 2].isdigit())
        stop = stop and not any(low < index < high for low, high in spans)
        after = line[index + 1 :].lstrip()[:1]
        if stop or (any(index == high for _, high in spans) and after not in (".", "?")):
            text = line[start:index]
            if text.strip():
                found.append((start + 1 + len(text) - len(text.lstrip()), text.strip(), char))
            start = index + 1
    rest = line[start:]
    if rest.strip():
        found.append((start + 1 + len(rest) - len(rest.lstrip()), rest.strip(), ""))
    return found


PIECES = ("a", " ", ".", "?", '"', "“", "”", "says", "says: ", "1", ".5", "Ana", ",", ":")


def test_random_lines_split_as_the_per_character_reading() -> None:
    pick = random.Random(2026)
    for _ in range(20_000):
        line = "".join(pick.choice(PIECES) for _ in range(pick.randint(0, 14)))
        assert split_sentences(line) == reference(line), line


def test_quoted_speech_and_decimals() -> None:
    line = 'Ana says: "Bob is a knave." Bob is 1.5 m tall. Is he?'
    assert split_sentences(line) == [
        (1, 'Ana says: "Bob is a knave.', '"'),  # the closing quote ends it
        (29, "Bob is 1.5 m tall", "."),
        (48, "Is he", "?"),
    ]
