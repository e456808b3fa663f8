"""Plain-English diagnostics: what the parser expected, and the closest supported sentence.

Lark reports expected *terminals* (``IS``, ``WORD``); people want words ("'is'", "a name").
The closest form is the example sentence (from ``forms.py``) that shares the longest
matching run of words with what the user wrote — cheap, deterministic and usually right.
"""

from __future__ import annotations

import difflib
import re

from certify.syntax.forms import QUESTIONS, STATEMENTS

_NAMES = {
    "WORD": "a name or a word",
    "VERB": "a verb such as 'likes'",
    "EVENT": "a verb such as 'arrives'",
    "MOVEMENT_VERB": "a verb such as 'moved'",
    "POSS": 'a possessive such as "Luis\'s"',
    "NUMBER": "a number",
    "CLOCK": "a clock time such as 9:30",
    "UNIT": "'minutes'",
    "COMMA": "','",
    "SEMICOLON": "';'",
    "LE": "'<='",
    "GE": "'>='",
    "LT": "'<'",
    "GT": "'>'",
    "EQ": "'='",
    "PLUS": "'+'",
    "MINUS": "'-'",
    "STAR": "'*'",
    "SLASH": "'/'",
    "LPAR": "'('",
    "RPAR": "')'",
    "$END": "the end of the sentence",
    "IFF": "'if and only if'",
    "NOT_THE_CASE": "'it is not the case that'",
    "EXACTLY_ONE_FOLLOWING": "'exactly one of the following is true:'",
    "MOMENT": "'time'",
    "YEARS": "'years'",
}

_ORDER = ("WORD", "IS", "ARE", "IN", "NOT", "THE", "AND", "OR", "$END")


def describe_expected(terminals: set[str]) -> str:
    """Turn terminal names into a short English list, most useful first."""
    ranked = sorted(terminals, key=lambda t: (_ORDER.index(t) if t in _ORDER else len(_ORDER), t))
    words: list[str] = []
    for terminal in ranked:
        word = _NAMES.get(terminal, f"'{terminal.lower()}'" if terminal.isalpha() else "")
        if word and word not in words:
            words.append(word)
    if len(words) > 8:
        words = [*words[:8], "..."]
    return ", ".join(words)


def _tokens(text: str) -> list[str]:
    return re.findall(r"[a-z]+|\d+|[^\sa-z\d]", text.lower())


def closest_form(text: str, question: bool = False) -> str:
    """The supported example most similar to ``text``."""
    candidates = [q[1] for q in QUESTIONS] if question else [s[2] for s in STATEMENTS]
    mine = _tokens(text)
    best, best_score = candidates[0], -1.0
    for candidate in candidates:
        score = difflib.SequenceMatcher(None, mine, _tokens(candidate)).ratio()
        if score > best_score:
            best, best_score = candidate, score
    return best
