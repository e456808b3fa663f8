"""Which fragment a constraint lies in, integer tightening, and interval arithmetic.

Shared by every numeric domain: ``shape`` names the smallest fragment of a constraint (bound,
difference, octagonal, linear), ``unit_form`` writes ``a * (±x ± y) <= c`` with unit
coefficients (both memoized: conflict and support searches ask about the same constraints
hundreds of times), ``tighten`` rounds a constraint over integers to integral form (the cutting
step every integer domain starts from), ``mixed_components`` tells whether integer and real
variables are linked, and the interval helpers read bounds back as ``Interval`` values with
open and closed ends kept apart.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from fractions import Fraction
from functools import lru_cache

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
    if not constraint.terms or any(name not in integers for name in constraint.variables):
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


@lru_cache(maxsize=1 << 16)
def unit_form(constraint: LinearConstraint) -> tuple[tuple[tuple[str, int], ...], Fraction] | None:
    """Write ``a * (±x ± y) OP c`` as signs and ``c / a`` when all coefficients share ``|a|``."""
    if not constraint.terms:
        return None
    size = abs(constraint.terms[0][1])
    if any(abs(c) != size for _, c in constraint.terms):
        return None
    return tuple(
        (name, 1 if c > 0 else -1) for name, c in constraint.terms
    ), constraint.bound / size


@lru_cache(maxsize=1 << 16)
def shape(constraint: LinearConstraint) -> str:
    """Name the smallest fragment a constraint lies in.

    ``constant`` (no variable), ``bound`` (one variable), ``difference`` (``a*x - a*y``),
    ``octagonal`` (``a*x + a*y``) or ``linear`` (anything else).
    """
    if not constraint.terms:
        return "constant"
    if len(constraint.terms) == 1:
        return "bound"
    form = unit_form(constraint)
    if form is None or len(form[0]) != 2:
        return "linear"
    return "difference" if form[0][0][1] != form[0][1][1] else "octagonal"


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
        names = constraint.variables
        for name in names:
            parent[find(name)] = find(names[0])
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
