"""The abstract syntax of truth-tellers and everyday verbs (re-exported by ``ast``): ``tells the
truth``, ``lies``, ``says S``, ``flies`` and ``Who lies?``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from certify.records import Record

if TYPE_CHECKING:
    from certify.syntax.ast import NP, Body, Predicate, Span


class PTruth(Record):
    """``tells the truth`` (``truthful``) and ``lies`` (not ``truthful``)."""

    truthful: bool


class PSays(Record):
    """``says S`` / ``says that S`` / ``says: "S."``: S holds exactly when the speaker tells the
    truth."""

    said: Body


class PVerb(Record):
    """``flies``: an everyday verb without an object (``verb`` is the third person, "flies")."""

    verb: str


class QWhich(Record):
    """Who lies? · Who tells the truth? · Who flies? — the named individuals the predicate
    holds of."""

    predicate: Predicate
    span: Span


class POf(Record):
    """``is afraid of wolves`` (a class: ``object`` a plural noun) or ``of the dog`` (a thing)."""

    adjective: str
    object: NP


class QOf(Record):
    """What is Tom afraid of? — the classes the text says something is afraid of."""

    adjective: str
    thing: NP


class QHas(Record):
    """What does Bo have? · What does Ana like? — the things the text names that Bo has (that
    Ana likes); Who does Ana like? (``asked`` "person") — the named individuals."""

    thing: NP
    verb: str = "have"
    asked: str = "thing"
