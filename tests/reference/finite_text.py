"""Finite texts as data: the abstract representation, its English, and which names it mentions.

A text is a tuple of lines (statements and in-file questions) plus ``--ask`` questions. Every
statement is a small frozen dataclass that says what it means in SPEC section 2's words (a
subject, the places it may be in, a polarity); ``render`` turns it into one of the sentence
forms of SPEC section 3 / the README language reference. The oracle in ``finite_semantics``
reads only these dataclasses, certify reads only the English.
"""

from __future__ import annotations

from dataclasses import dataclass, field

PLACE_NOUNS = frozenset(
    (
        "kitchen",
        "garden",
        "hall",
        "hallway",
        "bathroom",
        "bedroom",
        "office",
        "attic",
        "cellar",
        "porch",
        "study",
        "library",
        "garage",
        "barn",
        "shed",
        "loft",
        "den",
        "pantry",
        "yard",
        "lab",
        "room",
        "house",
        "flat",
        "farm",
        "school",
        "park",
        "cinema",
        "box",
        "chest",
        "suitcase",
        "container",
    )
)
PEOPLE = ("Ana", "Bea", "Carl", "Dan", "Eve", "A", "B")
THINGS = ("the ball", "the silver key", "Luis's dog")
PLACES = (
    "the kitchen",
    "the garden",
    "the hall",
    "the attic",
    "the living room",
    "Luis's house",
    "Maria's house",
    "the shed",
    "the box",
    "the pantry",
    "the cellar",
    "Maria's flat",
    "the tent",
)
ADJECTIVES = ("big", "heavy", "quiet", "cold", "kind", "rough", "happy", "nice")
NOUNS = {"wumpus": "wumpuses", "tumpus": "tumpuses", "animal": "animals", "pet": "pets"}
VERBS = {"likes": "like", "sees": "see", "chases": "chase", "visits": "visit"}
ATTRIBUTES = {"color": ("red", "green", "blue"), "shape": ("round", "square", "flat")}
PLURAL_ATTRIBUTE = {"color": "colors", "shape": "shapes"}
MOVES = ("went to", "moved to", "journeyed to", "travelled to", "went back to")
# Time adverbs (SPEC §3 "Stories", bAbI 14), the story's periods in order: a movement happens
# in its period, a statement without one in the period of the statement before it.
TIMES = ("yesterday", "this morning", "this afternoon", "this evening")

# Possession (SPEC §3 "Stories"), each verb with what it does to the object.
TAKES = ("got", "took", "grabbed", "picked up")
DROPS = ("dropped", "discarded", "put down", "left")
GIVES = ("gave", "passed", "handed")
# Truth-tellers and everyday verbs (SPEC §3): the third person of a few verbs, with its base.
EVERYDAY = {"flies": "fly", "swims": "swim", "runs": "run", "sings": "sing"}
PRONOUNS = {"Ana": "she", "Bea": "she", "Eve": "she", "Carl": "he", "Dan": "he"}


def is_place_noun(name: str) -> bool:
    """Whether a name's head noun (its last word) is a place noun of the lexicon."""
    return name.split()[-1] in PLACE_NOUNS


def listing(names: tuple[str, ...] | list[str], last: str = "and") -> str:
    """ "A", "A and B", "A, B and C"."""
    names = list(names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + f" {last} " + names[-1]


def owner_of(name: str) -> tuple[str, str] | None:
    """``("Luis", "house")`` for "Luis's house", None for a name that is not a possessive."""
    owner, sep, noun = name.partition("'s ")
    return (owner, noun) if sep else None


# --- statements ------------------------------------------------------------------------------


@dataclass(frozen=True)
class In:
    """X is in at least one of ``places`` (forms in / or), in exactly one (either: SPEC's
    "either ... or" is exclusive), or in none of them (not / no longer / neither). X may be a
    place: then it is containment."""

    subject: str
    places: tuple[str, ...]
    form: str = "in"


@dataclass(frozen=True)
class Group:
    """A count of ``subjects`` in ``place``: and/both (all), or/at least one (>= 1), exactly one,
    neither (none)."""

    subjects: tuple[str, ...]
    place: str
    form: str


@dataclass(frozen=True)
class Nobody:
    place: str


@dataclass(frozen=True)
class Same:
    """``first`` is in the same innermost place as ``second``; in a story ``first`` moves."""

    first: str
    second: str
    form: str = "as"


@dataclass(frozen=True)
class Different:
    names: tuple[str, ...]


@dataclass(frozen=True)
class Move:
    subject: str
    place: str
    verb: str = "went to"


@dataclass(frozen=True)
class Possess:
    """``subject`` takes, drops or gives (to ``to``) ``thing``; ``verb`` is one of TAKES, DROPS,
    GIVES; ``there`` only adds the word (bAbI's "got the football there")."""

    subject: str
    thing: str
    verb: str
    to: str | None = None
    there: bool = False


@dataclass(frozen=True)
class PlacesAre:
    places: tuple[str, ...]


@dataclass(frozen=True)
class Declare:
    attribute: str


@dataclass(frozen=True)
class Value:
    """X's ``attribute`` is one of ``values`` (or, negated, is not the one value)."""

    subject: str
    attribute: str
    values: tuple[str, ...]
    negated: bool = False


@dataclass(frozen=True)
class SameValue:
    first: str
    second: str
    attribute: str
    same: bool = True


@dataclass(frozen=True)
class Prop:
    subject: str
    adjective: str
    negated: bool = False


@dataclass(frozen=True)
class Kind:
    subject: str
    noun: str
    negated: bool = False


@dataclass(frozen=True)
class Relation:
    subject: str
    verb: str
    object: str
    negated: bool = False


@dataclass(frozen=True)
class Truth:
    """X tells the truth (``truthful``) or X lies (not): a Boolean of X."""

    subject: str
    truthful: bool


@dataclass(frozen=True)
class Act:
    """X flies (``verb`` the third person), or does not: a Boolean of X."""

    subject: str
    verb: str
    negated: bool = False


@dataclass(frozen=True)
class Says:
    """``speaker`` says ``said`` (forms: says, that, quoted): said holds exactly when the
    speaker tells the truth; it is never a fact."""

    speaker: str
    said: Statement
    form: str = "says"


@dataclass(frozen=True)
class Connective:
    """and, if, iff, either (exactly one), or (at least one), notboth, not, exactlyone."""

    kind: str
    parts: tuple[Statement, ...]


@dataclass(frozen=True)
class Literal:
    """A fact about the rule's variable x: prop/kind x, rel x->other, or rel_back other->x."""

    kind: str
    word: str
    other: str | None = None
    positive: bool = True


@dataclass(frozen=True)
class Rule:
    """For every named individual x: all premises hold of x => the conclusion holds of x."""

    form: str
    premises: tuple[Literal, ...]
    conclusion: Literal


Statement = (
    In
    | Group
    | Nobody
    | Same
    | Different
    | Move
    | Possess
    | PlacesAre
    | Declare
    | Value
    | SameValue
    | Prop
    | Kind
    | Relation
    | Truth
    | Act
    | Says
    | Connective
    | Rule
)

# --- questions -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Where:
    subject: str


@dataclass(frozen=True)
class WasBefore:
    """Where was X before P? (SPEC §3 "Stories": history over X's moments)."""

    subject: str
    place: str


@dataclass(frozen=True)
class IsIn:
    subject: str
    place: str


@dataclass(frozen=True)
class Who:
    place: str


@dataclass(frozen=True)
class CountIn:
    """How many people are in P? (SPEC §3: the named individuals in P)."""

    place: str


@dataclass(frozen=True)
class Whose:
    subject: str
    noun: str


@dataclass(frozen=True)
class WhatValue:
    subject: str
    attribute: str


@dataclass(frozen=True)
class IsTrue:
    """Is X V? / Is X A? / Is X a N? / Does X like Y? / Is it true that S?"""

    statement: Statement
    form: str = "direct"


@dataclass(frozen=True)
class WhoDoes:
    """Who lies? / Who tells the truth? / Who flies? (``kind``: lies, truth or a verb) — over
    the capitalized names the statements before it name."""

    kind: str


@dataclass(frozen=True)
class WhoRel:
    """Who likes Bob? — ``X likes Bob.`` of each capitalized name the statements before it
    name (``verb`` in the third person)."""

    verb: str
    object: str


@dataclass(frozen=True)
class WhomRel:
    """Who does Ana like? — ``Ana likes X.`` of each capitalized name the statements before
    it name (``verb`` in the third person)."""

    subject: str
    verb: str


@dataclass(frozen=True)
class WhoIs:
    """Who is guilty? / Who is red? — ``X is W.`` of each capitalized name the statements
    before it name; ``attribute`` when W is a value of an attribute declared above it."""

    word: str
    attribute: str | None = None


@dataclass(frozen=True)
class Carrying:
    """What is X carrying? / How many objects is X carrying? (``count``): the objects whose
    last taking, dropping or giving (in text order) left X holding them."""

    subject: str
    count: bool = False


@dataclass(frozen=True)
class Gave:
    """Who gave O to Y? · Who gave O? · Who received O? · What did X give to Y? · Who did X
    give O to? — the ``asked`` role (giver, thing, receiver) of the last giving that matches
    the roles given (None: any)."""

    asked: str
    giver: str | None = None
    thing: str | None = None
    receiver: str | None = None


Question = (
    Where
    | WasBefore
    | IsIn
    | Who
    | CountIn
    | Whose
    | WhatValue
    | IsTrue
    | WhoDoes
    | WhoIs
    | WhoRel
    | WhomRel
    | Carrying
    | Gave
)
QUESTIONS = (
    Where,
    WasBefore,
    IsIn,
    Who,
    CountIn,
    Whose,
    WhatValue,
    IsTrue,
    WhoDoes,
    WhoIs,
    WhoRel,
    WhomRel,
    Carrying,
    Gave,
)


@dataclass(frozen=True)
class Line:
    item: Statement | Question
    pronoun: bool = False
    discourse: str = ""  # "Then", "After that," ...: says only that the statement comes next
    time: str = ""  # a period of TIMES: when the movement happens in the story's time
    time_last: bool = False  # the adverb closes the sentence ("... this morning.")


@dataclass(frozen=True)
class FiniteText:
    lines: tuple[Line, ...]
    asks: tuple[Question, ...] = ()
    story: bool = False


def is_question(item: object) -> bool:
    return isinstance(item, QUESTIONS)


def statements_of(lines: tuple[Line, ...] | list[Line]) -> list[Statement]:
    """The statements among ``lines``, in order (the in-file questions left out)."""
    found: list[Statement] = []
    for line in lines:
        if not is_question(line.item):
            found.append(line.item)
    return found


def questions_of(lines: tuple[Line, ...] | list[Line]) -> list[Question]:
    """The in-file questions among ``lines``, in order."""
    found: list[Question] = []
    for line in lines:
        if is_question(line.item):
            found.append(line.item)
    return found


# --- what a statement mentions ---------------------------------------------------------------


@dataclass
class Mentions:
    """Names by slot: ``located`` are put somewhere, ``places`` are something is put in."""

    located: set[str] = field(default_factory=set)
    places: set[str] = field(default_factory=set)
    named: set[str] = field(default_factory=set)
    holders: set[tuple[str, str]] = field(default_factory=set)
    declared: set[str] = field(default_factory=set)
    closed: bool = False


def mention(item: Statement | Question, into: Mentions) -> Mentions:
    """Add what ``item`` mentions to ``into`` (its slots, not yet its roles)."""
    if isinstance(item, In):
        into.located.add(item.subject)
        into.places.update(item.places)
    elif isinstance(item, Group):
        into.located.update(item.subjects)
        into.places.add(item.place)
    elif isinstance(item, Nobody | Who | CountIn):
        into.places.add(item.place)
    elif isinstance(item, Same):
        into.located.update((item.first, item.second))
    elif isinstance(item, Different):
        into.located.update(item.names)
    elif isinstance(item, Move):
        into.located.add(item.subject)
        into.places.add(item.place)
    elif isinstance(item, Possess):
        into.located.update(n for n in (item.subject, item.thing, item.to) if n is not None)
    elif isinstance(item, PlacesAre):
        into.places.update(item.places)
        into.closed = True
    elif isinstance(item, Declare):
        into.declared.add(item.attribute)
    elif isinstance(item, Value):
        into.holders.add((item.subject, item.attribute))
    elif isinstance(item, SameValue):
        into.holders.update({(item.first, item.attribute), (item.second, item.attribute)})
    elif isinstance(item, Prop | Kind):
        into.named.add(item.subject)
    elif isinstance(item, Relation):
        into.named.update((item.subject, item.object))
    elif isinstance(item, Truth | Act):
        into.named.add(item.subject)
    elif isinstance(item, Says):
        into.named.add(item.speaker)
        mention(item.said, into)
    elif isinstance(item, Connective):
        for part in item.parts:
            mention(part, into)
    elif isinstance(item, Rule):
        for literal in (*item.premises, item.conclusion):
            if literal.other is not None:
                into.named.add(literal.other)
    elif isinstance(item, IsIn | WasBefore):
        into.located.add(item.subject)
        into.places.add(item.place)
    elif isinstance(item, Where | Whose):
        into.located.add(item.subject)
    elif isinstance(item, WhatValue):
        into.holders.add((item.subject, item.attribute))
    elif isinstance(item, IsTrue):
        mention(item.statement, into)
    elif isinstance(item, Carrying):
        into.located.add(item.subject)
    elif isinstance(item, Gave):
        into.located.update(n for n in (item.giver, item.thing, item.receiver) if n is not None)
    return into


def text_places(text: FiniteText) -> frozenset[str]:
    """SPEC 2: a place is something a statement puts something in, lists, or a place noun."""
    found = Mentions()
    for statement in statements_of(text.lines):
        mention(statement, found)
    names = found.places | found.located | found.named
    return frozenset(found.places | {n for n in names if is_place_noun(n)})


def subject_of(item: object) -> str | None:
    """The one subject a pronoun in the next statement would refer to, if there is one."""
    if isinstance(item, In | Move | Possess | Value | Prop | Kind | Relation | Truth | Act):
        return item.subject
    if isinstance(item, Says):
        return item.speaker
    if isinstance(item, Same) and item.form == "as":
        return item.first
    return None
