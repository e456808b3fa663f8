"""The catalogue of mistakes (``grammar/errors.toml``) and the classification of a parse error.

A sentence the grammar cannot read is matched against labelled malformed examples with Lark's
``UnexpectedInput.match_examples(..., use_accepts=True)``: the label whose example failed in
the same parser state, with the same acceptable next tokens, is the mistake reported.  The
examples are parsed once per process; ``match_examples`` is handed their cached failures.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from certify.records import Record
from certify.syntax.grammar import data_path, parser
from certify.syntax.lark_runtime import Token, Tree, UnexpectedInput, UnexpectedToken
from certify.syntax.tables import read_toml


class Rewrite(Record):
    """A rewrite of the user's sentence: a regular expression and its replacement."""

    pattern: re.Pattern[str]
    replace: str

    def apply(self, sentence: str) -> str:
        """The sentence rewritten (unchanged when the pattern does not occur)."""
        return self.pattern.sub(self.replace, sentence)


class Mistake(Record):
    """One labelled mistake: its message, how to mend it, and its malformed examples."""

    label: str
    message: str
    rewrites: tuple[Rewrite, ...]
    edit: bool
    fallback: str
    probe: bool
    examples: tuple[str, ...]


@cache
def _table() -> dict[str, Any]:
    return read_toml(data_path("errors.toml"))


@cache
def mistakes() -> tuple[Mistake, ...]:
    """Every mistake of the catalogue, in its order."""
    return tuple(
        Mistake(
            label=entry["label"],
            message=entry["message"],
            rewrites=tuple(
                Rewrite(re.compile(r["pattern"]), r["replace"]) for r in entry.get("rewrites", ())
            ),
            edit=entry.get("edit", True),
            fallback=entry["fallback"],
            probe=entry.get("probe", False),
            examples=tuple(entry["examples"]),
        )
        for entry in _table()["mistake"]
    )


def terminal_words() -> dict[str, str]:
    """Terminal names and the plain words that describe them."""
    words: dict[str, str] = _table()["words"]
    return words


def spellings() -> tuple[tuple[str, str], ...]:
    """The terminals the generic edits may insert, each with its spelling, in order."""
    return tuple((terminal, spelling) for terminal, spelling in _table()["repair"]["spell"])


def start_of(sentence: str) -> str:
    """The start symbol that reads a sentence ending in its "." or "?"."""
    return "question" if sentence.endswith("?") else "statement"


@cache
def _failure(body: str, start: str) -> UnexpectedInput | None:
    """How an example fails to parse (None if it parses), computed once."""
    try:
        parser().parse(body, start=start)
    except UnexpectedInput as error:
        _ = getattr(error, "accepts", None)  # computed now, while its parser state is fresh
        return error.with_traceback(None)
    return None


def _comparable(error: UnexpectedInput, body: str, start: str) -> bool:
    """Whether ``match_examples`` may compare ``error`` with this example without tripping.

    Lark 1.3's ``match_examples`` formats its debug message for "same state, different
    accepts" with ``%d`` before logging it, and its parser state is an object, not a number:
    that branch raises ``TypeError``.  Such an example can never match (its accepts differ),
    so it is left out here, which is the same filter ``use_accepts=True`` applies.
    """
    failure = _failure(body, start)
    if failure is None or failure.state != error.state:
        return True
    if isinstance(error, UnexpectedToken) and isinstance(failure, UnexpectedToken):
        return bool(failure.accepts == error.accepts)
    return True


def _examples(error: UnexpectedInput, start: str) -> list[tuple[str, list[str]]]:
    """The examples for one start symbol, by label; a probing mistake is found by its probe."""
    return [
        (
            m.label,
            [
                e[:-1]
                for e in m.examples
                if start_of(e) == start and _comparable(error, e[:-1], start)
            ],
        )
        for m in mistakes()
        if not m.probe
    ]


def classify(error: UnexpectedInput, start: str) -> Mistake | None:
    """The catalogue's mistake for a parse error, or None when no example matches."""

    def parse_fn(body: str) -> Tree[Token]:
        failure = _failure(body, start)
        if failure is not None:
            raise failure.with_traceback(None)
        return Tree("parsed", [])  # never reached: every example is malformed (a test checks)

    if getattr(error, "state", None) is None:
        return None
    label = error.match_examples(
        parse_fn, _examples(error, start), token_type_match_fallback=True, use_accepts=True
    )
    return next((m for m in mistakes() if m.label == label), None)
