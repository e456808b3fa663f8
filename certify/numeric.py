"""Exact linear constraints, the common language of the numeric domains.

Every numeric statement is lowered to one or more ``LinearConstraint`` values
``sum(c_i * x_i) OP bound`` with ``OP`` in ``<=``, ``<`` or ``=`` and exact
``Fraction`` coefficients (SPEC section 2: numbers are exact rationals, never
floats in the reasoning).  ``>`` and ``>=`` are written by negating both sides,
so every domain only has three operators to understand.  Each constraint keeps
the statement ids (line numbers) it came from, so that a conflict can be
reported as the user's own sentences.

``Interval`` is the readout of a numeric question: an outer bound on the values
a linear expression takes, with open and closed ends kept apart.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import field
from fractions import Fraction
from typing import Literal

from certify.records import Record

Op = Literal["<=", "<", "="]
Point = Mapping[str, Fraction]


class LinearExpr(Record):
    """A linear expression ``sum(c_i * x_i) + constant`` with nonzero coefficients."""

    terms: tuple[tuple[str, Fraction], ...] = ()
    constant: Fraction = Fraction(0)

    @staticmethod
    def of(coefficients: Mapping[str, Fraction | int], constant: Fraction | int = 0) -> LinearExpr:
        """Build an expression, dropping zero coefficients and sorting by variable."""
        terms = tuple(sorted((name, _exact(c)) for name, c in coefficients.items() if c != 0))
        return LinearExpr(terms, _exact(constant))

    @staticmethod
    def variable(name: str) -> LinearExpr:
        """The expression ``name``."""
        return LinearExpr(((name, Fraction(1)),))

    @property
    def variables(self) -> tuple[str, ...]:
        """The variables with a nonzero coefficient, sorted."""
        return tuple(name for name, _ in self.terms)

    def coefficients(self) -> dict[str, Fraction]:
        """The coefficients as a dictionary."""
        return dict(self.terms)

    def plus(self, other: LinearExpr, scale: Fraction | int = 1) -> LinearExpr:
        """Return ``self + scale * other``."""
        merged = self.coefficients()
        factor = _exact(scale)
        for name, c in other.terms:
            merged[name] = merged.get(name, 0) + factor * c
        return LinearExpr.of(merged, self.constant + factor * other.constant)

    def scaled(self, factor: Fraction | int) -> LinearExpr:
        """Return ``factor * self``."""
        return LinearExpr.of(
            {n: c * Fraction(factor) for n, c in self.terms}, self.constant * Fraction(factor)
        )

    def evaluate(self, point: Point) -> Fraction:
        """Value of the expression at ``point`` (every variable must be present)."""
        whole = _integer_sum(self.terms, point)
        if whole is not None and self.constant.denominator == 1:
            return Fraction(whole + self.constant.numerator)
        return self.constant + sum((c * point[n] for n, c in self.terms), Fraction(0))


def _exact(number: Fraction | int) -> Fraction:
    """``number`` as a Fraction (a Fraction as it is: building a new one is most of the cost
    of lowering a numeric sentence)."""
    return number if isinstance(number, Fraction) else Fraction(number)


_SMALL: dict[int, Fraction] = {}


def fraction(value: int | Fraction) -> Fraction:
    """``value`` as a Fraction; one object per small integer (a Fraction cannot change), so a
    text of thousands of numbers and a witness of thousands of values make few."""
    if not isinstance(value, int):
        return value
    found = _SMALL.get(value)
    if found is None:
        found = Fraction(value)
        if -1024 <= value <= 1024:
            _SMALL[value] = found
    return found


def normal_terms(terms: tuple[tuple[str, Fraction], ...]) -> bool:
    """Whether ``terms`` are as ``LinearExpr.of`` leaves them: sorted by name, each name once,
    every coefficient a nonzero ``Fraction``."""
    previous = ""
    for index, (name, c) in enumerate(terms):
        if type(c) is not Fraction or not c or (index and name <= previous):
            return False
        previous = name
    return True


def _integer_sum(terms: tuple[tuple[str, Fraction], ...], point: Point) -> int | None:
    """``sum(c * point[n])`` in plain integers when every coefficient and value is one.

    The common case (integer bounds, integer witnesses) then costs no ``Fraction`` at all,
    which is most of the time of checking a witness of thousands of constraints; None sends
    the caller to exact ``Fraction`` arithmetic.
    """
    total = 0
    for name, c in terms:
        value = point[name]
        if c.denominator != 1 or value.denominator != 1:
            return None
        total += c.numerator * value.numerator
    return total


class LinearConstraint(Record):
    """``sum(c_i * x_i) OP bound`` with ``OP`` in ``<=``, ``<``, ``=``; tagged with statements."""

    terms: tuple[tuple[str, Fraction], ...]
    op: Op
    bound: Fraction
    tags: frozenset[int] = field(default=frozenset(), compare=False)

    @staticmethod
    def make(
        left: LinearExpr, relation: str, right: LinearExpr, tags: Iterable[int] = ()
    ) -> LinearConstraint:
        """Normalize ``left RELATION right`` with RELATION in ``< <= = >= >``."""
        if relation in (">", ">="):
            left, right = right, left
            relation = "<" if relation == ">" else "<="
        if relation not in ("<", "<=", "="):
            raise ValueError(f"unknown relation {relation!r}")
        op: Op = "<" if relation == "<" else "<=" if relation == "<=" else "="
        if not right.terms and normal_terms(left.terms):
            # ``x - y <= 1``: the terms are the left side's, the bound one subtraction; what
            # ``left.plus(right, -1)`` gives, without rebuilding and re-sorting the terms.
            bound = _exact(right.constant - left.constant if left.constant else right.constant)
            return LinearConstraint(left.terms, op, bound, frozenset(tags))
        diff = left.plus(right, -1)
        return LinearConstraint(diff.terms, op, -diff.constant, frozenset(tags))

    @property
    def variables(self) -> tuple[str, ...]:
        """The variables with a nonzero coefficient, sorted."""
        return tuple(name for name, _ in self.terms)

    @property
    def expr(self) -> LinearExpr:
        """The left-hand side as an expression without constant."""
        return LinearExpr(self.terms)

    def holds(self, point: Point) -> bool:
        """Whether ``point`` satisfies the constraint, exactly."""
        terms, bound = self.terms, self.bound
        if len(terms) == 2:
            # A difference or a sum of two, the bulk of a large system: the integer case with
            # no loop, each number read once (a witness is checked against every constraint).
            (first, a), (second, b) = terms
            limit, below = bound.as_integer_ratio()
            top, a_below = a.as_integer_ratio()
            other, b_below = b.as_integer_ratio()
            u, u_below = point[first].as_integer_ratio()
            v, v_below = point[second].as_integer_ratio()
            if below == a_below == b_below == u_below == v_below == 1:
                total = top * u + other * v
                if self.op == "<=":
                    return total <= limit
                return total < limit if self.op == "<" else total == limit
        whole = _integer_sum(terms, point)
        if whole is not None and bound.denominator == 1:
            limit = bound.numerator
            if self.op == "<=":
                return whole <= limit
            return whole < limit if self.op == "<" else whole == limit
        value = self.expr.evaluate(point)
        if self.op == "<=":
            return value <= self.bound
        if self.op == "<":
            return value < self.bound
        return value == self.bound

    def negations(self) -> tuple[LinearConstraint, ...]:
        """The constraints whose union is the complement (two for an equality)."""
        flipped = LinearExpr(self.terms).scaled(-1)
        if self.op == "<=":
            return (LinearConstraint(flipped.terms, "<", -self.bound, self.tags),)
        if self.op == "<":
            return (LinearConstraint(flipped.terms, "<=", -self.bound, self.tags),)
        return (
            LinearConstraint(self.terms, "<", self.bound, self.tags),
            LinearConstraint(flipped.terms, "<", -self.bound, self.tags),
        )

    def __str__(self) -> str:
        return f"{format_expr(LinearExpr(self.terms))} {self.op} {format_number(self.bound)}"


class Interval(Record):
    """An interval of rationals; ``None`` as an end means unbounded on that side."""

    low: Fraction | None
    high: Fraction | None
    low_closed: bool
    high_closed: bool

    @property
    def is_empty(self) -> bool:
        """Whether no number lies in the interval."""
        if self.low is None or self.high is None:
            return False
        if self.low < self.high:
            return False
        return not (self.low == self.high and self.low_closed and self.high_closed)

    @property
    def single(self) -> Fraction | None:
        """The only member, if the interval is a single point."""
        if self.low is not None and self.low == self.high and self.low_closed and self.high_closed:
            return self.low
        return None

    def contains(self, value: Fraction) -> bool:
        """Whether ``value`` lies in the interval."""
        if self.low is not None and (
            value < self.low or (value == self.low and not self.low_closed)
        ):
            return False
        return not (
            self.high is not None
            and (value > self.high or (value == self.high and not self.high_closed))
        )

    def includes(self, other: Interval) -> bool:
        """Whether every member of ``other`` is a member of ``self``."""
        if other.is_empty:
            return True
        if self.low is not None:
            if other.low is None or other.low < self.low:
                return False
            if other.low == self.low and other.low_closed and not self.low_closed:
                return False
        if self.high is not None:
            if other.high is None or other.high > self.high:
                return False
            if other.high == self.high and other.high_closed and not self.high_closed:
                return False
        return True


EMPTY = Interval(Fraction(0), Fraction(0), False, False)
EVERYTHING = Interval(None, None, False, False)


def format_number(value: Fraction) -> str:
    """Exact decimal-free rendering: ``6``, ``-3/2``."""
    return (
        str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"
    )


def format_expr(expr: LinearExpr) -> str:
    """Render ``2x + 3y - z``."""
    parts: list[str] = []
    for name, c in expr.terms:
        sign = "-" if c < 0 else "+"
        size = abs(c)
        text = name if size == 1 else f"{format_number(size)}*{name}"
        parts.append(f"{sign} {text}")
    if expr.constant or not parts:
        sign = "-" if expr.constant < 0 else "+"
        parts.append(f"{sign} {format_number(abs(expr.constant))}")
    joined = " ".join(parts)
    return joined[2:] if joined.startswith("+ ") else "-" + joined[2:]


def clock(value: Fraction) -> str:
    """Minutes since midnight as ``9:05``, ``9:07:30`` (seconds) or ``9:07+1/7`` (exact)."""
    if value.denominator == 1:  # whole minutes, the usual time: integer arithmetic only
        hours, minutes = divmod(abs(value.numerator), 60)
        return f"{'-' if value.numerator < 0 else ''}{hours}:{minutes:02d}"
    sign = "-" if value < 0 else ""
    value = abs(value)
    hours = int(value // 60)
    minutes = int(value - hours * 60)
    rest = value - hours * 60 - minutes
    shown = f"{sign}{hours}:{minutes:02d}"
    if rest == 0:
        return shown
    seconds = rest * 60
    if seconds.denominator == 1:
        return f"{shown}:{int(seconds):02d}"
    return f"{shown}+{format_number(rest)}"


def show_interval(interval: Interval, is_clock: bool = False) -> str:
    """``[9:05, 9:25]``, ``(3, 4)``, ``[5, inf)``, or ``6`` for a single value."""

    def end(value: Fraction | None, infinite: str) -> str:
        if value is None:
            return infinite
        return clock(value) if is_clock else format_number(value)

    if interval.single is not None:
        return end(interval.single, "")
    left = "[" if interval.low_closed else "("
    right = "]" if interval.high_closed else ")"
    return f"{left}{end(interval.low, '-inf')}, {end(interval.high, 'inf')}{right}"
