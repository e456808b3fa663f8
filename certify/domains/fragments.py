"""Which fragment a constraint lies in, integer tightening, and interval arithmetic.

Shared by every numeric domain: ``shape`` names the smallest fragment of a constraint (bound,
difference, octagonal, linear), ``unit_form`` writes ``a * (±x ± y) <= c`` with unit
coefficients (both read straight off the coefficients, with no cache: conflict and support
searches ask about the same constraints hundreds of times, and hashing a constraint of
``Fraction`` values to look it up cost more than the answer), ``tighten`` rounds a constraint
over integers to integral form (the cutting step every integer domain starts from),
``mixed_components`` tells whether integer and real variables are linked, and the interval
helpers read bounds back as ``Interval`` values with open and closed ends kept apart.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from fractions import Fraction

from certify.numeric import Interval, LinearConstraint

FALSE = LinearConstraint((), "<=", Fraction(-1))
"""The constant constraint ``0 <= -1``: the bottom element as a constraint."""


def tighten(constraint: LinearConstraint, integers: frozenset[str]) -> LinearConstraint:
    """Strengthen a constraint whose variables are all integers to integral form.

    The coefficients are scaled to coprime integers and the bound rounded: ``< c`` becomes
    ``<= ceil(c) - 1`` and ``<= c`` becomes ``<= floor(c)``; an equality whose bound is not a
    multiple of the coefficients' gcd becomes ``FALSE`` (keeping the tags).  Other constraints
    are returned unchanged.
    """
    if not integers or not constraint.terms:
        return constraint
    if any(name not in integers for name, _ in constraint.terms):
        return constraint
    scale = math.lcm(*(c.denominator for _, c in constraint.terms))
    integral = [(name, int(c * scale)) for name, c in constraint.terms]
    divisor = math.gcd(*(abs(c) for _, c in integral))
    terms = tuple((name, Fraction(c // divisor)) for name, c in integral)
    bound = constraint.bound * scale / divisor
    if constraint.op == "=":
        if bound.denominator != 1:
            return LinearConstraint(FALSE.terms, FALSE.op, FALSE.bound, constraint.tags)
        return LinearConstraint(terms, "=", bound, constraint.tags)
    rounded = math.ceil(bound) - 1 if constraint.op == "<" else math.floor(bound)
    return LinearConstraint(terms, "<=", Fraction(rounded), constraint.tags)


def unit_form(constraint: LinearConstraint) -> tuple[tuple[tuple[str, int], ...], Fraction] | None:
    """Write ``a * (±x ± y) OP c`` as signs and ``c / a`` when all coefficients share ``|a|``.

    Reads the coefficients' numerators and denominators (a ``Fraction`` is kept in lowest
    terms with a positive denominator, so ``|a| = |b|`` is equal denominators and numerators
    equal up to sign), with no ``Fraction`` arithmetic unless ``a`` is not 1.
    """
    terms = constraint.terms
    if not terms:
        return None
    first = terms[0][1]
    top, below = first.as_integer_ratio()
    top = abs(top)
    signs = []
    for name, c in terms:  # one reading of each coefficient: its sign, and that it is ±a
        numerator, denominator = c.as_integer_ratio()
        if denominator != below or (numerator != top and numerator != -top):
            return None
        signs.append((name, 1 if numerator > 0 else -1))
    bound = constraint.bound
    if top == 1 and below == 1 and type(bound) is Fraction:
        return tuple(signs), bound  # ``bound / 1``
    return tuple(signs), bound / abs(first)


def shape(constraint: LinearConstraint) -> str:
    """Name the smallest fragment a constraint lies in (O(1), as ``unit_form`` reads it).

    ``constant`` (no variable), ``bound`` (one variable), ``difference`` (``a*x - a*y``),
    ``octagonal`` (``a*x + a*y``) or ``linear`` (anything else).
    """
    terms = constraint.terms
    if not terms:
        return "constant"
    if len(terms) == 1:
        return "bound"
    if len(terms) != 2:
        return "linear"
    a, a_below = terms[0][1].as_integer_ratio()  # each coefficient read once
    b, b_below = terms[1][1].as_integer_ratio()
    if a_below != b_below or abs(a) != abs(b):
        return "linear"
    return "difference" if (a > 0) != (b > 0) else "octagonal"


def representatives(constraints: Iterable[LinearConstraint]) -> dict[str, str]:
    """Map every variable to its group's representative: groups are linked by shared constraints.

    Union-find with path halving; O(total terms) for practical purposes.
    """
    parent: dict[str, str] = {}

    def find(name: str) -> str:
        while parent.setdefault(name, name) != name:
            parent[name] = parent[parent[name]]
            name = parent[name]
        return name

    for constraint in constraints:
        terms = constraint.terms
        if not terms:
            continue
        root = find(terms[0][0])  # the first variable's root stays the root of the union
        for name, _ in terms[1:]:
            other = find(name)
            if other != root:
                parent[other] = root
    return {name: find(name) for name in parent}


def mixed_components(constraints: Iterable[LinearConstraint], integers: frozenset[str]) -> bool:
    """Whether some group of variables linked by constraints mixes integers and reals.

    Groups that are all-integer or all-real are independent problems, so a domain that is exact
    on each kind alone is exact on their conjunction.
    """
    if not integers:
        return False  # all real: nothing to mix, and no union-find over every constraint
    kinds: dict[str, set[bool]] = {}
    for name, representative in representatives(constraints).items():
        kinds.setdefault(representative, set()).add(name in integers)
    return any(len(kind) > 1 for kind in kinds.values())


def choose_value(interval: Interval, integer: bool = False) -> Fraction | None:
    """Pick a readable member: the integer closest to zero, else the midpoint; None if none."""
    if interval.is_empty:
        return None
    low = interval.low
    high = interval.high
    first = None
    if low is not None:
        first = (
            math.floor(low) + 1
            if (low.denominator == 1 and not interval.low_closed)
            else math.ceil(low)
        )
    last = None
    if high is not None:
        last = (
            math.ceil(high) - 1
            if (high.denominator == 1 and not interval.high_closed)
            else math.floor(high)
        )
    if first is None or last is None or first <= last:
        value = 0 if first is None or first <= 0 else first
        if last is not None and value > last:
            value = last
        return Fraction(value)
    if integer or low is None or high is None:
        return None
    return (low + high) / 2


def equals(name: str, value: Fraction) -> LinearConstraint:
    """The constraint ``name = value``."""
    return LinearConstraint(((name, Fraction(1)),), "=", value)


def affine(interval: Interval, factor: Fraction, offset: Fraction = Fraction(0)) -> Interval:
    """Return ``{factor * v + offset : v in interval}`` for a nonzero factor."""
    low = None if interval.low is None else interval.low * factor + offset
    high = None if interval.high is None else interval.high * factor + offset
    if factor > 0:
        return Interval(low, high, interval.low_closed, interval.high_closed)
    return Interval(high, low, interval.high_closed, interval.low_closed)


def interval_sum(parts: Iterable[Interval]) -> Interval:
    """Return the Minkowski sum of intervals (an end is closed when all its summands are)."""
    low: Fraction | None = Fraction(0)
    high: Fraction | None = Fraction(0)
    low_closed = high_closed = True
    for part in parts:
        low = None if low is None or part.low is None else low + part.low
        high = None if high is None or part.high is None else high + part.high
        low_closed = low_closed and part.low_closed
        high_closed = high_closed and part.high_closed
    return Interval(low, high, low is not None and low_closed, high is not None and high_closed)


def from_ends(upper: tuple[Fraction, bool] | None, lower: tuple[Fraction, bool] | None) -> Interval:
    """The interval of ``E`` from the bounds ``E <= upper`` and ``-E <= lower`` (value, strict)."""
    return Interval(
        None if lower is None else -lower[0],
        None if upper is None else upper[0],
        lower is not None and not lower[1],
        upper is not None and not upper[1],
    )
