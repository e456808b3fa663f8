"""Whether a statement may declare a puzzle's row: the cheap test every text gets.

``certify.syntax.parse`` asks it of each statement; only a text where it holds loads the puzzle
grammar and its reader (``certify.syntax.puzzle``).
"""

from __future__ import annotations

import re
from functools import cache

from certify.syntax.grammar import alternation
from certify.syntax.lexicon import puzzle_words
from certify.syntax.regexes import compile_cached


@cache
def _row_pattern() -> re.Pattern[str]:
    counts = alternation(list(puzzle_words()["counts"]))
    return compile_cached(rf"\b(?:there\s+(?:are|were)|sells)\s+(?:{counts}|\d+)\s+\w", re.I)


def declares_row(text: str) -> bool:
    """Whether a statement may declare a row (a cheap test before any parsing)."""
    return _row_pattern().search(text) is not None
