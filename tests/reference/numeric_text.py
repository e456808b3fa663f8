"""Numeric texts as data: the oracle's own representation of what a text says.

The numeric differential test builds a `Text` of these frozen dataclasses, renders it with
the sentence forms of SPEC section 3 ("Numbers", time and quantities) and the README's
Numbers, Time and Quantities tables (numeric_english.py), and answers every question from
the dataclasses alone (numeric_semantics.py, numeric_answers.py). certify reads only the
English. Nothing here imports certify, and the meaning of a sentence is not decided here: a
dataclass records *what was written* (a number as spelled, a clock time, a comparative
word); the semantics module says what it means.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction


@dataclass(frozen=True)
class Num:
    """A number as written: "7", "-3", "2.5", "1/3" (its value is Python's exact reading)."""

    spelling: str

    @property
    def value(self) -> Fraction:
        return Fraction(self.spelling)


@dataclass(frozen=True)
class Clock:
    """A clock time as written, "9:05"."""

    hour: int
    minute: int

    def text(self) -> str:
        return f"{self.hour}:{self.minute:02d}"


@dataclass(frozen=True)
class Duration:
    """An amount of minutes or hours as written, "10 minutes", "1 minute", "2 hours"."""

    amount: Num
    unit: str  # "minute" or "hour"

    def text(self) -> str:
        plural = "" if self.amount.spelling == "1" else "s"
        return f"{self.amount.spelling} {self.unit}{plural}"


@dataclass(frozen=True)
class Term:
    """One term of a sum as written: a sign, a positive coefficient and a variable or not."""

    negative: bool
    number: Num | None  # None: coefficient 1 (then variable is set)
    variable: str | None  # None: a constant term (number is then set)


Expr = tuple[Term, ...]


@dataclass(frozen=True)
class Relation:
    """`x + y = 10.` · `x - y <= 3.` · `2x + 3y >= 7.` · `t = s + 3.` · `x > 3.`"""

    left: Expr
    op: str
    right: Expr


@dataclass(frozen=True)
class Chain:
    """`3 <= x <= 7.` (two relations sharing the middle expression)."""

    low: Expr
    first: str
    middle: Expr
    second: str
    high: Expr


@dataclass(frozen=True)
class VarIs:
    """`x is 5.`"""

    variable: str
    number: Num


@dataclass(frozen=True)
class VarBetween:
    """`x is between 3 and 7.`"""

    variable: str
    low: Num
    high: Num


@dataclass(frozen=True)
class VarCompared:
    """`x is at least 5.` · `x is greater than y.` · `x is less than 4.` (phrase as written)."""

    variable: str
    phrase: str
    operand: Num | str


@dataclass(frozen=True)
class VarOffset:
    """`x is 3 more than y.` · `x is 3 less than y.`"""

    variable: str
    amount: Num
    word: str  # "more" or "less"
    other: str


@dataclass(frozen=True)
class ArriveAt:
    """`Ana arrives at 9:00.`"""

    person: str
    clock: Clock


@dataclass(frozen=True)
class ArriveClock:
    """`Bob arrives no later than 9:30.` · `no earlier than` · `before 9:30` · `after 9:30`"""

    person: str
    phrase: str
    clock: Clock


@dataclass(frozen=True)
class ArriveBetween:
    """`Bob arrives between 9:10 and 9:30.`"""

    person: str
    first: Clock
    last: Clock


@dataclass(frozen=True)
class ArriveOffset:
    """`Bob arrives [at least | at most] 10 minutes after|before Ana.`"""

    person: str
    bound: str  # "", "at least" or "at most"
    duration: Duration
    direction: str  # "after" or "before"
    other: str


@dataclass(frozen=True)
class ArriveOffsetBetween:
    """`Bob arrives between 10 and 20 minutes after Ana.`"""

    person: str
    low: Num
    high: Duration
    direction: str
    other: str


@dataclass(frozen=True)
class ArriveOrder:
    """`Bob arrives before Carl.` · `after Carl` · `at the same time as Carl`"""

    person: str
    phrase: str
    other: str


@dataclass(frozen=True)
class AgeIs:
    """`Bob is 20 years old.`"""

    name: str
    years: Num


@dataclass(frozen=True)
class AgeDifference:
    """`Ana is 3 years older than Bob.` · `... younger than ...`"""

    name: str
    years: Num
    word: str
    other: str


@dataclass(frozen=True)
class Compared:
    """`The box is bigger than the chocolate.` (any comparative word of COMPARATIVES)."""

    name: str
    word: str
    other: str


@dataclass(frozen=True)
class InPlace:
    """`Ana is in the kitchen.` · `Ana is not in the kitchen.`"""

    person: str
    place: str
    negated: bool


@dataclass(frozen=True)
class HasProperty:
    """`Ana is happy.` · `Ana is not happy.`"""

    name: str
    adjective: str
    negated: bool


Atom = (
    Relation
    | Chain
    | VarIs
    | VarBetween
    | VarCompared
    | VarOffset
    | ArriveAt
    | ArriveClock
    | ArriveBetween
    | ArriveOffset
    | ArriveOffsetBetween
    | ArriveOrder
    | AgeIs
    | AgeDifference
    | Compared
    | InPlace
    | HasProperty
)


@dataclass(frozen=True)
class Connective:
    """`S1 and S2.` · `If S1, then S2.` · ... over atoms (kind is a key of CONNECTIVES)."""

    kind: str
    parts: tuple[Atom, ...]


@dataclass(frozen=True)
class IntegerDeclaration:
    """`x is an integer.` · `x and y are integers.`"""

    variables: tuple[str, ...]


Statement = Atom | Connective | IntegerDeclaration


@dataclass(frozen=True)
class AskValue:
    """`What is x?` · `What is x - y?` · `What is x + y?` (terms: (sign, variable))."""

    terms: tuple[tuple[int, str], ...]


@dataclass(frozen=True)
class AskWhen:
    """`When does Ana arrive?`"""

    person: str


@dataclass(frozen=True)
class AskHowLong:
    """`How long after Ana does Bob arrive?` (first is Ana, second is Bob); ``before``: `How
    long before Ana does Bob arrive?` (Ana's time less Bob's)."""

    first: str
    second: str
    before: bool = False


@dataclass(frozen=True)
class AskAge:
    """`How old is Ana?`"""

    name: str


@dataclass(frozen=True)
class AskCompared:
    """`Is the box bigger than the chocolate?`"""

    name: str
    word: str
    other: str


@dataclass(frozen=True)
class AskIn:
    """`Is Ana in the kitchen?`"""

    person: str
    place: str


@dataclass(frozen=True)
class AskTrue:
    """`Is it true that S?`; ``spoken``, of an arrival: `Does Bob arrive before 9:15?` (the
    same question)."""

    statement: Atom | Connective
    spoken: bool = False


@dataclass(frozen=True)
class AskMost:
    """`Who is the tallest?` (a word of SUPERLATIVES)."""

    word: str


@dataclass(frozen=True)
class AskFirst:
    """`Who arrives first?` (``word``: `first` or `last`)."""

    word: str


@dataclass(frozen=True)
class AskWhoThan:
    """`Who is taller than Bob?` (a word of COMPARATIVES; other is Bob)."""

    word: str
    other: str


@dataclass(frozen=True)
class AskWhoArrives:
    """`Who arrives before Bob?` (``direction``: `before` or `after`; other is Bob)."""

    direction: str
    other: str


@dataclass(frozen=True)
class AskWhoTimed:
    """`Who arrives before 9:15?`: ``arrival`` is one of ARRIVALS whose person is asked for
    (every name whose arrival the statements above time, but its `other`)."""

    arrival: Atom


Question = (
    AskValue
    | AskWhen
    | AskHowLong
    | AskAge
    | AskCompared
    | AskIn
    | AskTrue
    | AskMost
    | AskFirst
    | AskWhoThan
    | AskWhoArrives
    | AskWhoTimed
)
Item = Statement | Question

QUESTION_TYPES = (
    AskValue,
    AskWhen,
    AskHowLong,
    AskAge,
    AskCompared,
    AskIn,
    AskTrue,
    AskMost,
    AskFirst,
    AskWhoThan,
    AskWhoArrives,
    AskWhoTimed,
)


@dataclass(frozen=True)
class Text:
    """Statements and in-file questions in order (one a line), and the `--ask` questions."""

    items: tuple[Item, ...]
    asked: tuple[Question, ...]


# The comparative words of SPEC section 3 (each with its reverse); their meaning is in
# numeric_semantics.SCALES.
COMPARATIVES = (
    "bigger",
    "smaller",
    "larger",
    "taller",
    "shorter",
    "heavier",
    "lighter",
    "older",
    "younger",
    "newer",
    "more expensive",
    "cheaper",
)

# The time statements: an arrival of `person` (and of `other`, where the form has one).
ARRIVALS = (ArriveAt, ArriveClock, ArriveBetween, ArriveOffset, ArriveOffsetBetween, ArriveOrder)

CONNECTIVES = ("and", "if", "iff", "either", "or", "not both", "not", "exactly one")


def is_question(item: Item) -> bool:
    """Whether an item of a text is a question (else a statement)."""
    return isinstance(item, QUESTION_TYPES)


def atoms_of(statement: Statement | Question) -> tuple[Atom, ...]:
    """The atoms a statement (or an `Is it true that` question) is made of."""
    if isinstance(statement, AskTrue):
        return atoms_of(statement.statement)
    if isinstance(statement, Connective):
        return statement.parts
    if isinstance(statement, (IntegerDeclaration, *QUESTION_TYPES)):
        return ()
    return (statement,)


def located(items: tuple[Item, ...]) -> frozenset[str]:
    """The individuals some location statement among the items mentions (SPEC section 2)."""
    return frozenset(
        atom.person
        for item in items
        if not is_question(item)
        for atom in atoms_of(item)
        if isinstance(atom, InPlace)
    )


def valid(text: Text) -> bool:
    """Whether every location question asks about a located individual (its prefix's)."""
    for index, item in enumerate(text.items):
        if is_question(item) and not _asks_located(item, located(text.items[:index])):  # type: ignore[arg-type]
            return False
    whole = located(text.items)
    return all(_asks_located(question, whole) for question in text.asked)


def _asks_located(question: Question, people: frozenset[str]) -> bool:
    if isinstance(question, AskIn):
        return question.person in people
    return all(atom.person in people for atom in atoms_of(question) if isinstance(atom, InPlace))


# The superlatives of the one-word comparatives, each with its comparative.
SUPERLATIVES = {
    "biggest": "bigger",
    "largest": "larger",
    "smallest": "smaller",
    "tallest": "taller",
    "shortest": "shorter",
    "heaviest": "heavier",
    "lightest": "lighter",
    "oldest": "older",
    "youngest": "younger",
    "newest": "newer",
    "cheapest": "cheaper",
}
