"""The verbs of a sentence, checked against the lexicon for the use the grammar found.

The grammar reads every verb of the lexicon as one terminal (``VERB`` for the third person,
``BASE_VERB`` for the base form) and tells the uses apart by what follows: an object (a
relation), a time phrase (an event) or nothing (an everyday verb).  Here each use is checked
against its list in ``grammar/lexicon.toml``: ``Ana likes.`` is refused at ``likes``, which
needs its object, and ``Ana likes at 9:00.`` because ``like`` names no event.
"""

from __future__ import annotations

from certify.syntax import ast
from certify.syntax.errors import SentenceError
from certify.syntax.lexicon import event_verbs, intransitive_verbs, transitive_verbs


def _base(word: str, verbs: dict[str, str]) -> str | None:
    """The base form of ``word`` among ``verbs`` (base → third person), or None."""
    word = word.lower()
    if word in verbs:
        return word
    return next((base for base, third in verbs.items() if third == word), None)


def relation_verb(word: str, span: ast.Span) -> str:
    """The base form of the verb of a relation (``likes`` → ``like``); an everyday verb with
    an object is a relation too (``Ana runs the shop.``)."""
    base = _base(word, {**intransitive_verbs(), **transitive_verbs()})
    if base is None:
        raise SentenceError(
            f"'{word}' names an event at a time, not a relation",
            span,
            f"Ana {word} at 9:00.",
            expected="a time phrase after it: 'at 9:00', '10 minutes after Bob'",
        )
    return base


def event_verb(word: str, span: ast.Span) -> str:
    """The base form of the verb of an event (``arrives`` → ``arrive``)."""
    base = _base(word, event_verbs())
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
    verbs = intransitive_verbs()
    base = _base(word, verbs)
    if base is None:
        raise SentenceError(
            f"'{word}' needs its object: it is a verb of a relation, not an everyday verb "
            "(the lexicon's [intransitive] verbs)",
            span,
            f"Ana {word} Bob.",
            expected="an object after it, such as 'Bob' or 'the cat'",
        )
    return verbs[base], base == word.lower()
