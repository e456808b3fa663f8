"""Random numeric texts: one generator, driven by Hypothesis (to shrink) or by `random`.

The generator asks a `Chooser` for every decision, so the same code serves the CI property
test (`numeric_texts()`, a Hypothesis strategy whose failures shrink: every choice shrinks
towards the first option, which is always the simplest) and the long benchmark run
(`RandomChooser`). It covers every form of the README's Numbers, Time and Quantities tables,
numbers 0-999 as integers, decimals and fractions, clock times, integer declarations, numbers
inside every connective, questions in the file and `--ask` questions.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol, TypeVar

from hypothesis import strategies as st

from tests.reference import numeric_text as nt

T = TypeVar("T")

VARIABLES = ("x", "y", "z", "t", "n", "speed", "t1", "cost", "a", "b")
PEOPLE = ("Ana", "Bob", "Carl", "Dana", "Eve", "Hal", "Wes", "A", "B")
THINGS = ("the box", "the chocolate", "the car", "the bike", "the red car", "Luis's car")
PLACES = ("the kitchen", "the garden", "the hall", "the living room", "Luis's house")
ADJECTIVES = ("happy", "tired")
OPS = ("=", "<=", ">=", "<", ">")
VAR_PHRASES = (
    "at least",
    "at most",
    "greater than",
    "less than",
    "more than",
    "not greater than",
    "not less than",
    "equal to",
)
CLOCK_PHRASES = ("no later than", "no earlier than", "before", "after")
ORDER_PHRASES = ("before", "after", "at the same time as")


class Chooser(Protocol):
    def integer(self, low: int, high: int) -> int: ...


class RandomChooser:
    """Choices from a seeded `random.Random` (the benchmark's long runs)."""

    def __init__(self, seed: int) -> None:
        self.random = random.Random(seed)

    def integer(self, low: int, high: int) -> int:
        return self.random.randint(low, high)


class DrawChooser:
    """Choices drawn by Hypothesis (they shrink towards `low`)."""

    def __init__(self, draw: st.DrawFn) -> None:
        self.draw = draw

    def integer(self, low: int, high: int) -> int:
        return self.draw(st.integers(low, high))


def pick(choose: Chooser, options: Sequence[T]) -> T:
    """One of the options, the first being where shrinking goes."""
    return options[choose.integer(0, len(options) - 1)]


def chance(choose: Chooser, percent: int) -> bool:
    """True with the given probability (shrinks to False)."""
    return choose.integer(0, 99) >= 100 - percent


def weighted(choose: Chooser, options: Sequence[tuple[int, T]]) -> T:
    """One option, with integer weights (shrinks towards the first)."""
    roll = choose.integer(0, sum(weight for weight, _ in options) - 1)
    for weight, option in options:
        if roll < weight:
            return option
        roll -= weight
    raise AssertionError("unreachable")


def magnitude(choose: Chooser) -> int:
    """An integer 0-999, mostly small (so texts stay satisfiable often enough)."""
    return choose.integer(0, weighted(choose, [(6, 10), (3, 100), (2, 999)]))


def number(choose: Chooser, negative: bool = True, positive_only: bool = False) -> nt.Num:
    """A number as an integer, a decimal or a fraction, possibly negative."""
    form = weighted(choose, [(5, "integer"), (2, "decimal"), (2, "fraction")])
    if form == "integer":
        spelling = str(magnitude(choose) + (1 if positive_only else 0))
    elif form == "decimal":
        digits = pick(choose, ("5", "25", "1", "75", "05"))
        spelling = f"{magnitude(choose) % 100}.{digits}"
    else:
        spelling = f"{choose.integer(1, 20)}/{choose.integer(2, 9)}"
    if negative and chance(choose, 15) and spelling.strip("0.") != "":
        spelling = "-" + spelling
    return nt.Num(spelling)


def clock(choose: Chooser) -> nt.Clock:
    hour = choose.integer(7, 12) if chance(choose, 80) else choose.integer(0, 23)
    minute = 5 * choose.integer(0, 11) if chance(choose, 70) else choose.integer(0, 59)
    return nt.Clock(hour, minute)


def duration(choose: Chooser) -> nt.Duration:
    unit = "hour" if chance(choose, 10) else "minute"
    return nt.Duration(number(choose, negative=False), unit)


@dataclass(frozen=True)
class Vocabulary:
    """The names one text draws from (a few of each, so that statements interact)."""

    variables: tuple[str, ...]
    people: tuple[str, ...]
    things: tuple[str, ...]
    places: tuple[str, ...]
    themes: tuple[str, ...]


def subset(choose: Chooser, pool: Sequence[str], most: int) -> tuple[str, ...]:
    """Between 1 and `most` distinct names, the pool's first ones being the likely ones."""
    names: list[str] = []
    for _ in range(choose.integer(1, most)):
        name = pick(choose, pool[:4]) if chance(choose, 85) else pick(choose, pool)
        if name not in names:
            names.append(name)
    return tuple(names)


def vocabulary(choose: Chooser) -> Vocabulary:
    themes = [theme for theme in ("numbers", "time", "quantities") if chance(choose, 55)]
    if chance(choose, 30):
        themes.append("finite")
    return Vocabulary(
        variables=subset(choose, VARIABLES, 3),
        people=subset(choose, PEOPLE, 3),
        things=subset(choose, THINGS, 3),
        places=subset(choose, PLACES, 2),
        themes=tuple(themes) or ("numbers",),
    )


def expr(choose: Chooser, vocab: Vocabulary, variables: int) -> nt.Expr:
    """A sum of `variables` variable terms (coefficients 1-9 or decimals) and maybe a constant."""
    terms = []
    for _ in range(variables):
        coefficient = None
        if chance(choose, 30):
            coefficient = nt.Num(str(choose.integer(2, 9)) if chance(choose, 80) else "2.5")
        terms.append(nt.Term(chance(choose, 25), coefficient, pick(choose, vocab.variables)))
    if not terms or chance(choose, 25):
        constant = number(choose, negative=False)
        terms.append(nt.Term(chance(choose, 30), constant, None))
    return tuple(terms)


def pair(choose: Chooser, names: Sequence[str]) -> tuple[str, str]:
    """Two names, mostly different ones (a thing compared with itself is rare but allowed)."""
    first = pick(choose, names)
    others = [name for name in names if name != first]
    if others and not chance(choose, 10):
        return first, pick(choose, others)
    return first, first


def number_atom(choose: Chooser, vocab: Vocabulary) -> nt.Atom:
    """A form of the README's Numbers table."""
    var = pick(choose, vocab.variables)

    def operand() -> nt.Num | str:
        return pick(choose, vocab.variables) if chance(choose, 40) else number(choose)

    form = choose.integer(0, 6)
    if form == 0:
        return nt.VarIs(var, number(choose))
    if form == 1:
        low = number(choose)
        high = nt.Num(str(low.value + magnitude(choose))) if chance(choose, 50) else number(choose)
        if high.value < low.value:
            low, high = high, low
        return nt.VarBetween(var, low, high)
    if form == 2:
        return nt.VarCompared(var, pick(choose, VAR_PHRASES), operand())
    if form == 3:
        return nt.VarOffset(
            var,
            number(choose, False),
            pick(choose, ("more", "less")),
            pick(choose, vocab.variables),
        )
    if form == 4:
        ops = pick(choose, (("<=", "<="), ("<", "<="), ("<=", "<"), ("<", "<"), (">=", ">=")))
        bottom, top = expr(choose, vocab, 0), expr(choose, vocab, 0)
        return nt.Chain(bottom, ops[0], expr(choose, vocab, 1), ops[1], top)
    left = expr(choose, vocab, choose.integer(1, 2))
    right = expr(choose, vocab, choose.integer(0, 1))
    return nt.Relation(left, pick(choose, OPS), right)


def time_atom(choose: Chooser, vocab: Vocabulary) -> nt.Atom:
    """A form of the README's Time table."""
    person, other = pair(choose, vocab.people)
    form = choose.integer(0, 5)
    if form == 0:
        return nt.ArriveAt(person, clock(choose))
    if form == 1:
        return nt.ArriveClock(person, pick(choose, CLOCK_PHRASES), clock(choose))
    if form == 2:
        first, last = clock(choose), clock(choose)
        if (last.hour, last.minute) < (first.hour, first.minute):
            first, last = last, first
        return nt.ArriveBetween(person, first, last)
    direction = pick(choose, ("after", "before"))
    if form == 3:
        bound = pick(choose, ("", "at least", "at most"))
        return nt.ArriveOffset(person, bound, duration(choose), direction, other)
    if form == 4:
        low = number(choose, negative=False)
        high = nt.Num(str(low.value.numerator // low.value.denominator + magnitude(choose)))
        if high.value < low.value:
            high = low
        return nt.ArriveOffsetBetween(person, low, nt.Duration(high, "minute"), direction, other)
    return nt.ArriveOrder(person, pick(choose, ORDER_PHRASES), other)


def quantity_atom(choose: Chooser, vocab: Vocabulary) -> nt.Atom:
    """A form of the README's Quantities table (ages and comparatives)."""
    name, other = pair(choose, vocab.people + vocab.things)
    form = choose.integer(0, 2)
    if form == 0:
        return nt.AgeIs(name, number(choose, negative=False))
    if form == 1:
        word = pick(choose, ("older", "younger"))
        return nt.AgeDifference(name, number(choose, negative=False), word, other)
    return nt.Compared(name, pick(choose, nt.COMPARATIVES), other)


def finite_atom(choose: Chooser, vocab: Vocabulary) -> nt.Atom:
    """A location or property atom, for numbers inside connectives with finite facts."""
    person = pick(choose, vocab.people)
    if chance(choose, 70):
        return nt.InPlace(person, pick(choose, vocab.places), chance(choose, 30))
    return nt.HasProperty(person, pick(choose, ADJECTIVES), chance(choose, 30))


THEMES: dict[str, Callable[[Chooser, Vocabulary], nt.Atom]] = {
    "numbers": number_atom,
    "time": time_atom,
    "quantities": quantity_atom,
    "finite": finite_atom,
}


def atom(choose: Chooser, vocab: Vocabulary, numeric: bool = False) -> nt.Atom:
    themes = [theme for theme in vocab.themes if not (numeric and theme == "finite")]
    return THEMES[pick(choose, themes or ["numbers"])](choose, vocab)


def connective(choose: Chooser, vocab: Vocabulary) -> nt.Connective:
    kind = pick(choose, nt.CONNECTIVES)
    count = 1 if kind == "not" else 3 if kind == "exactly one" and chance(choose, 60) else 2
    return nt.Connective(kind, tuple(atom(choose, vocab) for _ in range(count)))


def statement(choose: Chooser, vocab: Vocabulary) -> nt.Statement:
    kind = weighted(choose, [(14, "atom"), (5, "connective"), (2, "declaration")])
    if kind == "atom":
        return atom(choose, vocab)
    if kind == "connective":
        return connective(choose, vocab)
    names = vocab.variables[: choose.integer(1, min(2, len(vocab.variables)))]
    return nt.IntegerDeclaration(names)


def question(choose: Chooser, vocab: Vocabulary, people: frozenset[str]) -> nt.Question:
    """A question about the vocabulary; location questions only about `people` (located)."""
    kinds = ["value", "value", "true"]
    if "time" in vocab.themes:
        kinds += ["when", "how long", "first", "arrives", "timed"]
    if "quantities" in vocab.themes:
        kinds += ["age", "compared", "compared", "most", "than"]
    if people:
        kinds += ["in"]
    kind = pick(choose, kinds)
    if kind == "value":
        first = pick(choose, vocab.variables)
        if chance(choose, 60):
            return nt.AskValue(((1, first),))
        sign = -1 if chance(choose, 70) else 1
        return nt.AskValue(((1, first), (sign, pick(choose, vocab.variables))))
    if kind == "when":
        return nt.AskWhen(pick(choose, vocab.people))
    if kind == "how long":
        return nt.AskHowLong(*pair(choose, vocab.people), before=chance(choose, 30))
    if kind == "first":
        return nt.AskFirst(pick(choose, ("first", "last")))
    if kind == "arrives":
        return nt.AskWhoArrives(pick(choose, ("before", "after")), pick(choose, vocab.people))
    if kind == "timed":  # "Who arrives before 9:15?": any arrival phrase, its person asked
        return nt.AskWhoTimed(time_atom(choose, vocab))
    names = vocab.people + vocab.things
    if kind == "age":
        return nt.AskAge(pick(choose, names))
    if kind == "compared":
        word = pick(choose, nt.COMPARATIVES)
        name, other = pair(choose, names)
        return nt.AskCompared(name, word, other)
    if kind == "than":
        return nt.AskWhoThan(pick(choose, nt.COMPARATIVES), pick(choose, names))
    if kind == "most":
        return nt.AskMost(pick(choose, tuple(nt.SUPERLATIVES)))
    if kind == "in":
        return nt.AskIn(pick(choose, sorted(people)), pick(choose, vocab.places))
    if chance(choose, 70):
        asked = atom(choose, vocab, numeric=True)
        arrival = isinstance(asked, nt.ARRIVALS)
        return nt.AskTrue(asked, spoken=arrival and chance(choose, 50))
    kind = pick(choose, nt.CONNECTIVES)
    count = 1 if kind == "not" else 2
    return nt.AskTrue(nt.Connective(kind, tuple(atom(choose, vocab, True) for _ in range(count))))


def numeric_text(choose: Chooser) -> nt.Text:
    """A text of 1-7 statements, 0-2 questions in the file and 0-3 `--ask` questions."""
    vocab = vocabulary(choose)
    count = choose.integer(1, weighted(choose, [(3, 3), (2, 5), (1, 7)]))
    items: list[nt.Item] = [statement(choose, vocab) for _ in range(count)]
    for _ in range(choose.integer(0, 2) if chance(choose, 50) else 0):
        position = choose.integer(1, len(items))
        ask = question(choose, vocab, nt.located(tuple(items[:position])))
        items.insert(position, ask)
    people = nt.located(tuple(items))
    asked = tuple(question(choose, vocab, people) for _ in range(choose.integer(0, 3)))
    if not asked and not any(nt.is_question(item) for item in items) and chance(choose, 70):
        asked = (question(choose, vocab, people),)
    return nt.Text(tuple(items), asked)


@st.composite
def numeric_texts(draw: st.DrawFn) -> nt.Text:
    """The Hypothesis strategy over numeric texts (shrinks statement by statement)."""
    return numeric_text(DrawChooser(draw))
