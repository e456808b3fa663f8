"""What a question asks: each kind of question certify answers, and a question as asked.

The questions of SPEC section 3, lowered from English (``certify.meaning.lower``) and answered
by the readout; a ``Query`` is independent of the words that asked it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeAlias

from certify.meaning.ir import OTHER, Formula, is_anonymous
from certify.numeric import LinearExpr
from certify.records import Record


class AskWhere(Record):
    """Where is X? — X's own (innermost) place."""

    thing: str


class AskBefore(Record):
    """Where was X before P? — X's place at the last of its moments before the last one in P
    that is not in P (its moments: the selves the text speaks of, then X now)."""

    thing: str
    place: str


class AskWho(Record):
    """Who is in P? — the set of located individuals in P."""

    place: str


class AskCountIn(Record):
    """How many people are in P? — how many named individuals are in P (those ``AskWho``
    names; unnamed ones are not counted), per state: a set of counts, as for ``AskCount``."""

    place: str


class AskWhose(Record):
    """Whose N is X in? — the owners of the named Ns that X is in."""

    thing: str
    noun: str


class AskValue(Record):
    """What color is X? — the value of a declared attribute."""

    thing: str
    attribute: str


class AskTruth(Record):
    """A yes/no question: is the formula true?"""

    formula: Formula


class AskWhich(Record):
    """Who lies? · Which book is the rightmost? · Who owns the fish? — the candidates whose
    formula holds, as a set of names per state (``empty`` when none does)."""

    candidates: tuple[str, ...]
    formulas: tuple[Formula, ...]
    empty: str = "nobody"
    labels: tuple[str, ...] = ()
    """How the answers name the candidates (default: the vocabulary's labels of the keys)."""

    def named(self, label: Callable[[str], str]) -> tuple[str, ...]:
        """The candidates' names, by ``labels`` or else by ``label`` of each key; an unnamed
        individual ("Someone is guilty.") is ``(other)``."""
        return self.labels or tuple(OTHER if is_anonymous(c) else label(c) for c in self.candidates)


class AskCount(Record):
    """How many objects is Mary carrying? — how many of the candidates' formulas hold, per
    state (the answer set is a set of counts: a finite set of integers, whose hull is the
    interval SPEC §3 asks of "How many ...?")."""

    candidates: tuple[str, ...]
    formulas: tuple[Formula, ...]


class AskNumber(Record):
    """What is x? — the values of a linear expression, as an interval."""

    expr: LinearExpr
    clock: bool = False


class AskRelation(Record):
    """What is the relation of the agent Z to the agent U? — one of the nine labels of the
    offset (``dx``, ``dy``) of Z from U: its signs (``certify.meaning.positions.LABELS``)."""

    dx: LinearExpr
    dy: LinearExpr


class AskRoute(Record):
    """How do you go from A to B? — the directions along a shortest route of steps between
    named places (``places``: label, horizontal and vertical variable); a step joins two
    places a statement relates (``links``: indices into ``places`` and the statement's line)
    and moves along one axis,
    by one unit when ``unit``.  ``via`` names one route, which a witness is checked on."""

    places: tuple[tuple[str, str, str], ...]
    links: frozenset[tuple[int, int, int]]
    start: int
    end: int
    unit: bool
    via: tuple[int, ...] = ()


Query: TypeAlias = (
    AskWhere
    | AskBefore
    | AskWho
    | AskCountIn
    | AskWhose
    | AskValue
    | AskTruth
    | AskWhich
    | AskCount
    | AskNumber
    | AskRelation
    | AskRoute
)


def asked_formulas(query: Query) -> tuple[Formula, ...]:
    """The formulas a question asks about (their names belong to the question's space)."""
    if isinstance(query, AskTruth):
        return (query.formula,)
    if isinstance(query, (AskWhich, AskCount)):
        return query.formulas
    return ()


class Question(Record):
    """A question as asked: its text, its line (0 for --ask) and its meaning."""

    text: str
    line: int
    query: Query
    column: int = 1
