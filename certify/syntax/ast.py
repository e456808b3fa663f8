"""The abstract syntax of certify's controlled English: what a sentence *says*.

The transformer in ``build.py`` turns Lark's parse tree into these frozen nodes; ``lower.py``
turns them into meaning (IR).  Nothing here knows about places, attributes or solvers: a
``Clause`` is a subject and a predicate, exactly as written, with coordination already
resolved ("X and Y are in P" is two clauses joined by ``Conj``).
"""

from __future__ import annotations

from fractions import Fraction
from typing import TypeAlias

from certify.numeric import LinearExpr
from certify.records import Record
from certify.syntax.ast_stories import QCarrying as QCarrying
from certify.syntax.ast_stories import QGiving as QGiving
from certify.syntax.ast_stories import QRelation as QRelation
from certify.syntax.ast_stories import QRoute as QRoute
from certify.syntax.speech_ast import POf as POf
from certify.syntax.speech_ast import PSays as PSays
from certify.syntax.speech_ast import PTruth as PTruth
from certify.syntax.speech_ast import PVerb as PVerb
from certify.syntax.speech_ast import QHas as QHas
from certify.syntax.speech_ast import QOf as QOf
from certify.syntax.speech_ast import QWhich as QWhich


class Span(Record):
    """Where a node was written: 1-based line and columns."""

    line: int
    column: int
    end_column: int


class NP(Record):
    """A noun phrase.

    ``kind`` is one of ``name`` (Ana, x), ``the`` (the kitchen), ``poss`` (Luis's house),
    ``generic`` (rough things), ``every`` (every wumpus), ``all`` (all cats),
    ``pronoun`` (something, it, they), ``everyone`` and ``nobody``.  ``words`` are the content
    words in lower case; ``adjectives`` qualify a generic phrase ("green, rough things").
    """

    kind: str
    words: tuple[str, ...]
    text: str
    span: Span
    owner: str | None = None
    adjectives: tuple[str, ...] = ()


Operand: TypeAlias = NP | Fraction


class PLocation(Record):
    """``is in P`` (``mode`` "in"), ``is no longer in P`` ("no longer"), ``went to P`` ("moved")."""

    place: NP
    mode: str = "in"


class PSamePlace(Record):
    """``is in the same place as Y``; ``other`` is None for ``X and Y are in the same place``."""

    other: NP | None


class PApart(Record):
    """``X, Y and Z are in different places``."""


class PAdjective(Record):
    """``is big`` / ``is red``: an adjective or a declared value."""

    word: str


class PClass(Record):
    """``is a cat``."""

    noun: str


class PEquals(Record):
    """``are the kitchen, ...`` (only meaningful in a declaration)."""

    value: NP


class PRelation(Record):
    """``likes the dog`` (``verb`` is the base form, "like")."""

    verb: str
    object: NP


class PSameValue(Record):
    """``has the same color as Y``; ``other`` None for ``X and Y have the same color``."""

    attribute: str
    other: NP | None


class PDifferentValues(Record):
    """``X and Y have different colors``."""

    attribute: str


class PNumeric(Record):
    """A numeric predicate of a quantity.

    ``kind``: ``comparative`` (is bigger than Y; ``word`` the comparative), ``years_than``
    (is 3 years older than Y), ``age`` (is 20 years old), ``more_than`` (is 3 more than y),
    ``equals`` (is 5, is equal to y), ``between``, ``at_least``, ``at_most``.  In a
    ``QWhich`` (``meaning.superlative``): ``superlative`` (Who is the tallest?), ``first`` /
    ``last`` (Who arrives first?; ``word`` the event verb), ``before`` / ``after`` (Who
    arrives before Y?) and ``than`` (Who is taller than Y?).
    """

    kind: str
    operands: tuple[Operand, ...]
    word: str = ""


class PEvent(Record):
    """``arrives at 9:00`` and the other time phrases; clock times in minutes since midnight.

    ``kind``: ``at``, ``at_least`` / ``at_most`` / ``offset`` (a duration before or after
    someone), ``between_times``, ``between_offsets``, ``no_later``, ``no_earlier``,
    ``before_time`` / ``after_time``, ``before`` / ``after`` (someone), ``same_time``.
    """

    verb: str
    kind: str
    numbers: tuple[Fraction, ...] = ()
    other: NP | None = None
    direction: str = ""


class PPossess(Record):
    """``took the football`` ("take"), ``dropped the football`` ("drop"), ``gave the football to
    Fred`` ("give", with ``to``)."""

    object: NP
    mode: str
    to: NP | None = None


Predicate: TypeAlias = (
    PTruth
    | PSays
    | PVerb
    | POf
    | PLocation
    | PPossess
    | PSamePlace
    | PApart
    | PAdjective
    | PClass
    | PEquals
    | PRelation
    | PSameValue
    | PDifferentValues
    | PNumeric
    | PEvent
)

COLLECTIVE = (PApart, PDifferentValues)
"""Predicates of a group as a whole; ``PSamePlace``/``PSameValue`` with no ``other`` too."""


class Clause(Record):
    """A subject and a predicate, possibly negated."""

    subject: NP
    predicate: Predicate
    negated: bool
    span: Span
    plural: bool = False


class Collective(Record):
    """A predicate of several subjects together ("are in different places")."""

    subjects: tuple[NP, ...]
    predicate: Predicate
    negated: bool
    span: Span


class Arith(Record):
    """``e1 R e2 (R e3)``: a chain of linear comparisons; names are the user's words."""

    sides: tuple[LinearExpr, ...]
    relations: tuple[str, ...]
    span: Span
    names: tuple[str, ...] = ()
    """Every variable written, even one whose terms cancel (``-y + y <= 3``)."""
    spelled: tuple[str, ...] = ()
    """The variables written with a capital, as written (``Ana + x = 4.``: ``Ana``)."""


class Conj(Record):
    """All parts hold."""

    parts: tuple[Body, ...]


class Disj(Record):
    """At least one part holds."""

    parts: tuple[Body, ...]


class Xor(Record):
    """Exactly one part holds ("either ... or ...", "exactly one of").

    ``alternatives``: the parts are the options of one predicate ("Ana is either in the
    kitchen or the kitchen"), where an option said twice is one option (bAbI writes so); as
    statements ("Either S or S.", "Exactly one of the following is true: S; S; T.") every
    part counts, classically.
    """

    parts: tuple[Body, ...]
    alternatives: bool = False


class Nor(Record):
    """No part holds ("neither ... nor ...")."""

    parts: tuple[Body, ...]


class Neg(Record):
    """``It is not the case that S`` / ``not both``."""

    part: Body


class IfThen(Record):
    """``If S1, then S2``."""

    premise: Body
    conclusion: Body


class Iff(Record):
    """``S1 if and only if S2``."""

    left: Body
    right: Body


class Declaration(Record):
    """``The colors are red, green and blue.`` / ``The places are ...``."""

    noun: str
    values: tuple[NP, ...]
    span: Span


class Measurement(Record):
    """``Sensor A reads the temperature as 20 ± 1.``: one reading of a named quantity.

    ``sigmas`` is how many standard deviations the tolerance is (1 unless the sentence says
    ``(2 standard deviations)``); ``unit`` is the word after the tolerance, if any.
    """

    source: str
    quantity: str
    value: Fraction
    tolerance: Fraction
    sigmas: Fraction
    unit: str
    span: Span


class Independence(Record):
    """``The readings are independent measurements.``: readings accumulate (seed paper §2)."""

    span: Span


Body: TypeAlias = Clause | Collective | Arith | Conj | Disj | Xor | Nor | Neg | IfThen | Iff


# ---------------------------------------------------------------------------- questions


class QWhere(Record):
    """Where is X?"""

    thing: NP


class QWhereBefore(Record):
    """Where was X before the P?"""

    thing: NP
    place: NP


class QWho(Record):
    """Who is in P?"""

    place: NP


class QCountIn(Record):
    """How many people are in P?"""

    place: NP


class QWhose(Record):
    """Whose N is X in?"""

    noun: str
    thing: NP


class QAttribute(Record):
    """What color is X?"""

    attribute: str
    thing: NP


class QQuantity(Record):
    """What is the temperature?"""

    quantity: str
    span: Span


class QTrue(Record):
    """A yes/no question with a statement inside: Is X in P? Is X red? Is it true that S?"""

    body: Body


class QValue(Record):
    """What is x - y?"""

    expr: LinearExpr


class QWhen(Record):
    """When does X arrive?  (``since`` set: how long after ``since`` does X arrive?; and
    ``before``: how long before ``since`` does X arrive?)"""

    thing: NP
    verb: str
    since: NP | None = None
    before: bool = False


class QAge(Record):
    """How old is X?"""

    thing: NP


QuestionAst: TypeAlias = (
    (QWhere | QWhereBefore | QWho | QCountIn | QWhose | QAttribute | QQuantity | QTrue | QValue)
    | (QWhen | QAge)
    | QWhich
    | QOf
    | QHas
    | (QCarrying | QGiving | QRelation | QRoute)
)
Sentence: TypeAlias = Body | Declaration | Measurement | Independence
