"""The numeric reference semantics: SPEC section 2 read into Z3, from numeric_text's dataclasses.

Independent of certify by construction: it never imports certify, and it reads the oracle's
own representation, not certify's English, AST or IR. Every statement becomes a Z3 formula
over exact rationals (`Real`; `Int` for a variable an integer declaration above the question
names); the meaning of a text is the conjunction of its statements (SPEC section 2).

`Encoding` records every comparison it builds, for numeric_answers' exact test of
unboundedness; the answers themselves (hulls, yes/no sets, statuses) are numeric_answers'.

Readings (SPEC section 2 and the brief where SPEC is silent): clock times are minutes since
midnight; "at least N minutes after Y" is X - Y >= N; "at most N minutes after Y" is
0 <= X - Y <= N; "N minutes before Y" is X = Y - N; "between" is inclusive; "before Y" is
X < Y; comparatives are strict orders on one quantity per thing, `smaller` etc. the reverse
scales; `older`, `younger`, `newer` and "N years old" are all the one quantity age. A located
individual is in one of the named places or in an unnamed one (no containment here).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import z3

from tests.reference import numeric_text as nt

# comparative word -> (quantity, +1 if "X is W than Y" means q(X) > q(Y), -1 if q(X) < q(Y))
SCALES = {
    "bigger": ("size", 1),
    "larger": ("size", 1),
    "smaller": ("size", -1),
    "taller": ("height", 1),
    "shorter": ("height", -1),
    "heavier": ("weight", 1),
    "lighter": ("weight", -1),
    "older": ("age", 1),
    "younger": ("age", -1),
    "newer": ("age", -1),
    "more expensive": ("price", 1),
    "cheaper": ("price", -1),
}
OPS = {
    "=": lambda a, b: a == b,
    "<=": lambda a, b: a <= b,
    ">=": lambda a, b: a >= b,
    "<": lambda a, b: a < b,
    ">": lambda a, b: a > b,
}
VAR_PHRASES = {
    "at least": ">=",
    "at most": "<=",
    "greater than": ">",
    "less than": "<",
    "more than": ">",
    "not greater than": "<=",
    "not less than": ">=",
    "equal to": "=",
}
CLOCK_PHRASES = {"no later than": "<=", "no earlier than": ">=", "before": "<", "after": ">"}
ORDER_PHRASES = {"before": "<", "after": ">", "at the same time as": "="}
TIMEOUT_MS = 20000


class OracleError(Exception):
    """The oracle could not establish an answer exactly (a Z3 timeout or a failed re-proof)."""


@dataclass(frozen=True)
class Interval:
    """A hull of values; None is an infinite end (SPEC section 5: "-inf", "inf")."""

    low: Fraction | None
    high: Fraction | None
    low_closed: bool
    high_closed: bool

    def text(self) -> str:
        low = "-inf" if self.low is None else str(self.low)
        high = "inf" if self.high is None else str(self.high)
        return f"{'[' if self.low_closed else '('}{low}, {high}{']' if self.high_closed else ')'}"


Answers = Interval | frozenset[str]


@dataclass(frozen=True)
class Expected:
    """The oracle's answer to one question: status and answer set (empty when contradictory)."""

    status: str
    answers: Answers


def q(value: Fraction) -> z3.ArithRef:
    return z3.RealVal(f"{value.numerator}/{value.denominator}")


class Encoding:
    """The Z3 variables of one question's state space and the formulas of its statements."""

    def __init__(self, integers: frozenset[str], people: frozenset[str], places: list[str]):
        self.integers = integers
        self.people = people
        self.places = places  # location values: index len(places) is "an unnamed place"
        self.terms: dict[tuple[str, str], z3.ArithRef] = {}
        self.comparisons: list[tuple[z3.ArithRef, str]] = []  # every `left - right op 0` made

    def compare(self, left: z3.ArithRef, op: str, right: z3.ArithRef) -> z3.BoolRef:
        """`left op right`, recorded for the unboundedness test (`unbounded`)."""
        self.comparisons.append((left - right, op))
        return OPS[op](left, right)

    def quantity(self, kind: str, name: str) -> z3.ArithRef:
        """The Z3 term of one quantity (a variable, an arrival time, an age, a size ...)."""
        key = (kind, name)
        if key not in self.terms:
            label = f"{kind}:{name}"
            if kind == "number" and name in self.integers:
                self.terms[key] = z3.ToReal(z3.Int(label))
            else:
                self.terms[key] = z3.Real(label)
        return self.terms[key]

    def location(self, person: str) -> z3.ArithRef:
        if person not in self.people:
            raise OracleError(f"{person} is not located: the generator should not ask this")
        return z3.Int(f"location:{person}")

    def domain(self) -> list[z3.BoolRef]:
        """Every located individual is in a named place or the (one needed) unnamed one."""
        return [
            z3.And(self.location(p) >= 0, self.location(p) <= len(self.places))
            for p in sorted(self.people)
        ]

    def expr(self, expr: nt.Expr) -> z3.ArithRef:
        total: z3.ArithRef = z3.RealVal(0)
        for term in expr:
            coefficient = q(term.number.value) if term.number is not None else z3.RealVal(1)
            value = (
                coefficient * self.quantity("number", term.variable)
                if term.variable
                else coefficient
            )
            total = total - value if term.negative else total + value
        return total

    def operand(self, operand: nt.Num | str) -> z3.ArithRef:
        return q(operand.value) if isinstance(operand, nt.Num) else self.quantity("number", operand)

    def statement(self, statement: nt.Atom | nt.Connective) -> z3.BoolRef:
        """The formula of a statement (connectives of SPEC section 3 over atoms)."""
        if not isinstance(statement, nt.Connective):
            return self.atom(statement)
        parts = [self.atom(part) for part in statement.parts]
        kind = statement.kind
        if kind == "and":
            return z3.And(*parts)
        if kind == "if":
            return z3.Implies(parts[0], parts[1])
        if kind == "iff":
            return parts[0] == parts[1]
        if kind == "either":  # exactly one
            return z3.Xor(parts[0], parts[1])
        if kind == "or":  # at least one
            return z3.Or(*parts)
        if kind == "not both":
            return z3.Not(z3.And(*parts))
        if kind == "not":
            return z3.Not(parts[0])
        if kind == "exactly one":
            return z3.PbEq([(part, 1) for part in parts], 1)
        raise ValueError(f"unknown connective {kind!r}")

    def between(self, low: z3.ArithRef, value: z3.ArithRef, high: z3.ArithRef) -> z3.BoolRef:
        """Inclusive: `low <= value <= high`."""
        return z3.And(self.compare(low, "<=", value), self.compare(value, "<=", high))

    def atom(self, atom: nt.Atom) -> z3.BoolRef:
        if isinstance(atom, nt.Relation):
            return self.compare(self.expr(atom.left), atom.op, self.expr(atom.right))
        if isinstance(atom, nt.Chain):
            middle = self.expr(atom.middle)
            first = self.compare(self.expr(atom.low), atom.first, middle)
            return z3.And(first, self.compare(middle, atom.second, self.expr(atom.high)))
        if isinstance(atom, nt.VarIs):
            return self.compare(self.quantity("number", atom.variable), "=", q(atom.number.value))
        if isinstance(atom, nt.VarBetween):
            return self.between(
                q(atom.low.value), self.quantity("number", atom.variable), q(atom.high.value)
            )
        if isinstance(atom, nt.VarCompared):
            op = VAR_PHRASES[atom.phrase]
            return self.compare(
                self.quantity("number", atom.variable), op, self.operand(atom.operand)
            )
        if isinstance(atom, nt.VarOffset):
            sign = 1 if atom.word == "more" else -1
            other = self.quantity("number", atom.other) + sign * q(atom.amount.value)
            return self.compare(self.quantity("number", atom.variable), "=", other)
        return self.event_or_thing(atom)

    def event_or_thing(self, atom: nt.Atom) -> z3.BoolRef:
        if isinstance(atom, nt.InPlace):
            at = self.location(atom.person) == self.places.index(atom.place)
            return z3.Not(at) if atom.negated else at
        if isinstance(atom, nt.HasProperty):
            holds = z3.Bool(f"{atom.adjective}:{atom.name}")
            return z3.Not(holds) if atom.negated else holds
        if isinstance(atom, nt.AgeIs):
            return self.compare(self.quantity("age", atom.name), "=", q(atom.years.value))
        if isinstance(atom, nt.AgeDifference):
            sign = 1 if atom.word == "older" else -1
            gap = self.quantity("age", atom.name) - self.quantity("age", atom.other)
            return self.compare(gap, "=", sign * q(atom.years.value))
        if isinstance(atom, nt.Compared):
            scale, sign = SCALES[atom.word]
            name, other = self.quantity(scale, atom.name), self.quantity(scale, atom.other)
            return self.compare(name, ">" if sign > 0 else "<", other)
        return self.arrival(atom)

    def arrival(self, atom: nt.Atom) -> z3.BoolRef:
        """Time statements: arrival times in minutes since midnight."""
        if isinstance(atom, nt.ArriveAt):
            return self.compare(self.arrives(atom), "=", minutes(atom.clock))
        if isinstance(atom, nt.ArriveClock):
            phrase = CLOCK_PHRASES[atom.phrase]
            return self.compare(self.arrives(atom), phrase, minutes(atom.clock))
        if isinstance(atom, nt.ArriveBetween):
            return self.between(minutes(atom.first), self.arrives(atom), minutes(atom.last))
        if isinstance(atom, nt.ArriveOrder):
            other = self.quantity("arrival", atom.other)
            return self.compare(self.arrives(atom), ORDER_PHRASES[atom.phrase], other)
        if isinstance(atom, nt.ArriveOffset):
            amount = q(length(atom.duration))
            if atom.bound == "at least":
                return self.compare(self.gap(atom), ">=", amount)
            if atom.bound == "at most":
                return self.between(z3.RealVal(0), self.gap(atom), amount)
            return self.compare(self.gap(atom), "=", amount)
        if isinstance(atom, nt.ArriveOffsetBetween):
            low, high = atom.low.value * unit(atom.high), length(atom.high)
            return self.between(q(low), self.gap(atom), q(high))
        raise TypeError(f"not an atom: {atom!r}")

    def arrives(
        self, atom: nt.ArriveAt | nt.ArriveClock | nt.ArriveBetween | nt.ArriveOrder
    ) -> z3.ArithRef:
        return self.quantity("arrival", atom.person)

    def gap(self, atom: nt.ArriveOffset | nt.ArriveOffsetBetween) -> z3.ArithRef:
        """How long after the other one this one arrives ("before": how long before)."""
        time = self.quantity("arrival", atom.person)
        other = self.quantity("arrival", atom.other)
        return time - other if atom.direction == "after" else other - time

    def question(self, question: nt.Question) -> z3.ArithRef | z3.BoolRef:
        """The expression a numeric question asks for, or the formula a yes/no one tests."""
        if isinstance(question, nt.AskValue):
            total: z3.ArithRef = z3.RealVal(0)
            for sign, name in question.terms:
                total = total + sign * self.quantity("number", name)
            return total
        if isinstance(question, nt.AskWhen):
            return self.quantity("arrival", question.person)
        if isinstance(question, nt.AskHowLong):
            second = self.quantity("arrival", question.second)
            first = self.quantity("arrival", question.first)
            return first - second if question.before else second - first
        if isinstance(question, nt.AskAge):
            return self.quantity("age", question.name)
        if isinstance(question, nt.AskCompared):
            return self.atom(nt.Compared(question.name, question.word, question.other))
        if isinstance(question, nt.AskIn):
            return self.atom(nt.InPlace(question.person, question.place, False))
        return self.statement(question.statement)


def minutes(clock: nt.Clock) -> z3.ArithRef:
    return z3.RealVal(60 * clock.hour + clock.minute)


def unit(duration: nt.Duration) -> int:
    return 60 if duration.unit == "hour" else 1


def length(duration: nt.Duration) -> Fraction:
    return duration.amount.value * unit(duration)
