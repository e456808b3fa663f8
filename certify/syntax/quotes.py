"""Quoted speech, the one place certify reads quotes: ``A says: "B is a knave."``.

Any other quote, bracket or markup character is refused where it stands (``FOREIGN``).  A
quote after ``says`` opens quoted speech when it closes on the same line; the sentence then
ends at the closing quote (or at a "." after it), so the period inside the quotes is the
said sentence's own.  ``split_sentences`` cuts a line into sentences by these rules.
"""

from __future__ import annotations

import re
from functools import lru_cache

from certify.syntax.regexes import compile_cached

FOREIGN = compile_cached(r"[\"“”\[\]{}|\\`]")
"""Characters that are not part of certify's language (outside quoted speech)."""
QUOTED = compile_cached(r"""(\bsays\s*[:,]?\s*)["“]([^"“”]*)["”]\s*$""", re.IGNORECASE)
"""Quoted speech, the one place quotes are read: ``A says: "B is a knave."``."""
CLOSING = ('"', "”")


def foreign_character(text: str) -> re.Match[str] | None:
    """The first character certify does not read; the quotes of quoted speech are read."""
    quoted = QUOTED.search(text)
    if quoted is not None:
        text = text[: quoted.start()] + quoted.group(1) + " " + quoted.group(2) + " "
    return FOREIGN.search(text)


def quoted_spans(line: str) -> list[tuple[int, int]]:
    """Where quoted speech is (``says: "B is a knave."``): the positions of each quote pair.

    Only a quote after ``says`` opens one, and only when it closes on the same line; the
    sentence ends after the closing quote."""
    spans = []
    for found in re.finditer(r"""\bsays\s*[:,]?\s*(["“])[^"“”]*(["”])""", line, re.IGNORECASE):
        spans.append((found.start(1), found.start(2)))
    return spans


def inside(spans: list[tuple[int, int]], index: int) -> bool:
    """Whether ``index`` lies between the quotes of quoted speech (its "." ends nothing)."""
    return any(low < index < high for low, high in spans)


def closes(line: str, spans: list[tuple[int, int]], index: int) -> bool:
    """Whether the closing quote at ``index`` ends the sentence ('A says: "B is a knave."'):
    it does unless a "." or "?" follows it."""
    return any(index == high for _, high in spans) and line[index + 1 :].lstrip()[:1] not in (
        ".",
        "?",
    )


_STOPS = compile_cached(r"[.?]")
_QUOTES = compile_cached(r"[\"“”]")


def split_sentences(line: str) -> list[tuple[int, str, str]]:
    """Split one line into (column, sentence, terminator); terminator "" if it never ends."""
    found: list[tuple[int, str, str]] = []
    start = 0
    # only a "." or a "?" or a closing quote can end a sentence: look at those alone (a line
    # without a quote has no quoted speech, and its stops come in order)
    quoted = quoted_spans(line) if _QUOTES.search(line) else []
    stops = [m.start() for m in _STOPS.finditer(line)]
    candidates = sorted({*stops, *(high for _, high in quoted)}) if quoted else stops
    for index in candidates:
        char = line[index]
        is_end = char == "?" or (char == "." and not line[index + 1 : index + 2].isdigit())
        if quoted:
            is_end = (is_end and not inside(quoted, index)) or closes(line, quoted, index)
        if is_end:
            text = line[start:index]
            if text.strip():
                found.append((start + 1 + len(text) - len(text.lstrip()), text.strip(), char))
            start = index + 1
    rest = line[start:]
    if rest.strip():
        found.append((start + 1 + len(rest) - len(rest.lstrip()), rest.strip(), ""))
    return found


def sentences_of(line: str) -> tuple[tuple[int, str, str], ...]:
    """``split_sentences`` of a line, remembered for lines of up to ``MEMO_LENGTH`` characters
    (a batch of texts repeats its lines)."""
    return _remembered(line) if len(line) <= MEMO_LENGTH else tuple(split_sentences(line))


MEMO_LENGTH = 240


@lru_cache(maxsize=4096)
def _remembered(line: str) -> tuple[tuple[int, str, str], ...]:
    return tuple(split_sentences(line))
