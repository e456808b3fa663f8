"""What opens or closes a statement without being read by the grammar: a discourse word
("Then", "After that,") and a time adverb ("Yesterday", "this morning"), both words of the
lexicon (``[discourse]``, ``[time]``)."""

from __future__ import annotations

import re
from functools import cache

from certify.syntax.grammar import alternation
from certify.syntax.lexicon import discourse_words, time_periods
from certify.syntax.regexes import compile_cached


def statement_core(column: int, text: str) -> tuple[int, str, str, str]:
    """What the grammar reads of a statement: without its opening discourse word ("Then") and
    its time adverb; its column, and the discourse word and adverb ("" when none)."""
    discourse = ""
    opening = _discourse().match(text)
    if opening is not None and opening.end() < len(text):
        discourse = opening.group(1)
        column, text = column + opening.end(), text[opening.end() :]
    column, text, time = _time_adverb(column, text)
    return column, text, discourse, time


def _time_adverb(column: int, text: str) -> tuple[int, str, str]:
    """The statement without its opening or closing time adverb ("Yesterday Julie went to the
    park", "Fred went to the kitchen this morning"), and the adverb ("" when none)."""
    opening, closing = _times()
    found = opening.match(text)
    if found is not None and found.end() < len(text):
        return column + found.end(), text[found.end() :], found.group(1)
    found = closing.search(text)
    if found is not None and found.start() > 0:
        return column, text[: found.start()], found.group(1)
    return column, text, ""


@cache
def _times() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """A time adverb opening a statement (with the space after it) and one closing it."""
    words = alternation(time_periods())
    return (
        compile_cached(rf"({words})\b,?\s+", re.IGNORECASE),
        compile_cached(rf",?\s+({words})$", re.IGNORECASE),
    )


@cache
def _discourse() -> re.Pattern[str]:
    """A statement's opening discourse word ("Then", "After that,") and the space after it."""
    return compile_cached(rf"({alternation(discourse_words())})\b,?\s+", re.IGNORECASE)
