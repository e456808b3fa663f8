"""Plain-English diagnostics: what the parser expected, and the closest supported sentence.

Lark reports accepted *terminals* (``IS``, ``WORD``); people want words ("'is'", "a name"):
the words are data, the ``[words]`` table of ``grammar/errors.toml``.
The closest form is the example sentence (from ``forms.py``) that shares the longest
matching run of words with what the user wrote: what a sentence gets when the catalogue of
mistakes (``certify.syntax.catalogue``) has nothing closer.
"""

from __future__ import annotations

import difflib
import re

from certify.syntax.catalogue import terminal_words
from certify.syntax.lark_runtime import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

_ORDER = ("WORD", "IS", "ARE", "IN", "NOT", "THE", "AND", "OR", "$END")


def accepted_terminals(error: UnexpectedInput) -> set[str]:
    """The terminals the parser accepts where it stopped (Lark's ``accepts`` when known)."""
    if isinstance(error, UnexpectedCharacters):
        return set(error.allowed or ())
    accepts = getattr(error, "accepts", None) if isinstance(error, UnexpectedToken) else None
    return set(accepts or getattr(error, "expected", ()) or ())


def describe_expected(terminals: set[str]) -> str:
    """Turn terminal names into a short English list, most useful first."""
    ranked = sorted(terminals, key=lambda t: (_ORDER.index(t) if t in _ORDER else len(_ORDER), t))
    words: list[str] = []
    names = terminal_words()
    for terminal in ranked:
        word = names.get(terminal, f"'{terminal.lower()}'" if terminal.isalpha() else "")
        if word and word not in words:
            words.append(word)
    if len(words) > 8:
        words = [*words[:8], "..."]
    return ", ".join(words)


def _tokens(text: str) -> list[str]:
    return re.findall(r"[a-z]+|\d+|[^\sa-z\d]", text.lower())


def closest_form(text: str, question: bool = False) -> str:
    """The supported example most similar to ``text``."""
    from certify.syntax.forms import QUESTIONS, STATEMENTS  # only for a sentence in error

    candidates = [q[1] for q in QUESTIONS] if question else [s[2] for s in STATEMENTS]
    return _closest(text, candidates)


def closest_puzzle_form(text: str, question: bool = False) -> str:
    """The puzzle example most similar to ``text`` (in a text that declares a row)."""
    from certify.syntax.forms_puzzle import PUZZLE_QUESTIONS, PUZZLE_STATEMENTS

    candidates = [q[1] for q in PUZZLE_QUESTIONS] if question else [s[1] for s in PUZZLE_STATEMENTS]
    return _closest(text, candidates)


def _closest(text: str, candidates: list[str]) -> str:
    mine = _tokens(text)
    best, best_score = candidates[0], -1.0
    for candidate in candidates:
        score = difflib.SequenceMatcher(None, mine, _tokens(candidate)).ratio()
        if score > best_score:
            best, best_score = candidate, score
    return best
