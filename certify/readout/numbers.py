"""Numeric answers: the dispatcher's domain, an interval, and checked witness points.

The numeric statements of a text are split into groups connected by shared variables
(``classify.components``); each group goes to the cheapest domain exact for it, or to the one
``--domain`` forces.  A question about ``x - y`` reads the bound of that expression from the
group(s) holding its variables: a sound outer interval H⁺.  Witnesses are points the domain
proposes with the answer pinned to a chosen value (both ends where they are attained); the
caller re-checks each against the original statements.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from math import ceil, floor

from certify.domains.base import NumericDomain
from certify.domains.classify import build, classify, components
from certify.numeric import Interval, LinearConstraint, LinearExpr
from certify.records import Record


class Group(Record):
    """One connected group of numeric constraints and the domain that reasons about it."""

    constraints: tuple[LinearConstraint, ...]
    domain: NumericDomain
    name: str
    reason: str
    chosen: str = ""
    """The dispatcher's choice for the constraints (``name`` differs under ``--domain``)."""

    @property
    def variables(self) -> frozenset[str]:
        """Every variable the group constrains."""
        return frozenset(v for c in self.constraints for v, _ in c.terms)


def make_group(
    constraints: Sequence[LinearConstraint],
    integers: frozenset[str],
    domain: str | None,
    budget: int | None,
) -> Group:
    """Choose (or take the forced) domain for a group and build it."""
    choice = classify(tuple(constraints), integers)
    name, reason = choice.domain, choice.reason
    if domain is not None and domain != name:
        reason = f"forced by --domain (the dispatcher would choose {name}: {reason})"
        name = domain
    return Group(
        tuple(constraints),
        build(name, tuple(constraints), integers, budget),
        name,
        reason,
        choice.domain,
    )


def make_groups(
    constraints: Sequence[LinearConstraint],
    integers: frozenset[str],
    domain: str | None = None,
    budget: int | None = None,
) -> list[Group]:
    """Split into connected groups and build a domain for each."""
    return [make_group(g, integers, domain, budget) for g in components(tuple(constraints))]


def integral(expr: LinearExpr, integers: frozenset[str]) -> bool:
    """Whether the expression only takes integer values (integer variables, coefficients)."""
    return expr.constant.denominator == 1 and all(
        name in integers and c.denominator == 1 for name, c in expr.terms
    )


def tighten(interval: Interval, whole: bool) -> Interval:
    """For an integer-valued expression, move open or fractional ends to integers."""
    if not whole:
        return interval
    low, high = interval.low, interval.high
    if low is not None:
        low = (
            Fraction(floor(low) + 1)
            if (not interval.low_closed and low.denominator == 1)
            else Fraction(ceil(low))
        )
    if high is not None:
        high = (
            Fraction(ceil(high) - 1)
            if (not interval.high_closed and high.denominator == 1)
            else Fraction(floor(high))
        )
    return Interval(low, high, low is not None, high is not None)


def probe_values(interval: Interval, whole: bool) -> list[Fraction]:
    """Values to pin the answer to when looking for witnesses: the ends first, then inside."""
    if interval.single is not None:  # every inner value is the end itself
        return [interval.single]
    low, high = interval.low, interval.high
    values: list[Fraction] = []
    if low is not None and interval.low_closed:
        values.append(low)
    if high is not None and interval.high_closed:
        values.append(high)
    if low is not None and high is not None:
        inside = [low + (high - low) * Fraction(k, 4) for k in (1, 2, 3)]
    elif low is not None:
        inside = [low + 1, low + 2]
    elif high is not None:
        inside = [high - 1, high - 2]
    else:
        inside = [Fraction(0), Fraction(1)]
    if whole:
        inside = [Fraction(round(v)) for v in inside]
    values += [v for v in inside if interval.contains(v)]
    return list(dict.fromkeys(values))


def pin(expr: LinearExpr, value: Fraction) -> LinearConstraint:
    """The constraint ``expr = value``."""
    return LinearConstraint.make(expr, "=", LinearExpr((), value))
