"""The verbs of a sentence, checked against the lexicon for the use the grammar found.

The grammar reads every verb of the lexicon as one terminal (``VERB`` for the third person,
``BASE_VERB`` for the base form) and tells the uses apart by what follows: an object (a
relation), a time phrase (an event) or nothing (an everyday verb).  Here each use is checked
against its list in ``grammar/lexicon.toml``: ``Ana likes.`` is refused at ``likes``, which
needs its object, and ``Ana likes at 9:00.`` because ``like`` names no event.
"""

from __future__ import annotations

from functools import cache

from certify.syntax import ast
from certify.syntax.errors import SentenceError
from certify.syntax.lexicon import event_verbs, intransitive_verbs, transitive_verbs


@cache
def _forms(kind: str) -> dict[str, str]:
    """Each form (base and third person) of one kind of verb → its base form; ``relation``
    takes every verb with an object, the everyday verbs included (``Ana runs the shop.``)."""
    if kind == "relation":
        verbs = {**intransitive_verbs(), **transitive_verbs()}
    else:
        verbs = event_verbs() if kind == "event" else intransitive_verbs()
    return {form: base for base, third in verbs.items() for form in (base, third)}


def _base(word: str, kind: str) -> str | None:
    """The base form of ``word`` as a verb of this kind, or None."""
    return _forms(kind).get(word.lower())


def relation_verb(word: str, span: ast.Span) -> str:
    """The base form of the verb of a relation (``likes`` → ``like``); an everyday verb with
    an object is a relation too (``Ana runs the shop.``)."""
    base = _base(word, "relation")
    if base is None:
        raise SentenceError(
            f"'{word}' names an event at a time, not a relation",
            span,
            f"Ana {word} at 9:00.",
            expected="a time phrase after it: 'at 9:00', '10 minutes after Bob'",
        )
    return base


def event_base(word: str) -> str | None:
    """The base form of ``word`` as the verb of an event (``arrives`` → ``arrive``), or None."""
    return _base(word, "event")


def event_verb(word: str, span: ast.Span) -> str:
    """The base form of the verb of an event (``arrives`` → ``arrive``)."""
    base = _base(word, "event")
    if base is None:
        raise SentenceError(
            f"'{word}' is not a verb of an event at a time (the lexicon's [events]: arrives, "
            "leaves, starts, ...)",
            span,
            "Ana arrives at 9:00.",
            expected="an event verb such as 'arrives'",
        )
    return base


def everyday(word: str, span: ast.Span) -> tuple[str, bool]:
    """An everyday verb as written → (its third person, whether it was the base form)."""
    base = _base(word, "everyday")
    if base is None:
        raise SentenceError(
            f"'{word}' needs its object: it is a verb of a relation, not an everyday verb "
            "(the lexicon's [intransitive] verbs)",
            span,
            f"Ana {word} Bob.",
            expected="an object after it, such as 'Bob' or 'the cat'",
        )
    return intransitive_verbs()[base], base == word.lower()
