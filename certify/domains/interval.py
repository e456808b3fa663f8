"""Boxes: one independent interval per variable.

The cheapest exact domain, for texts whose numeric statements are bounds only (``x <= c``,
``3 < x``, ``x = 5``).  The paper's section 2 row "boxes and intervals": conjunction is the
componentwise max of lower and min of upper ends, and two crossing ends certify emptiness.
Each end remembers the constraint that set it, so a contradiction is reported as the two
statements that cross.  Integer variables get integral closed ends (``x > 3, x < 5`` gives
``[4, 4]``), which is exact since the variables are independent.

Relational constraints are outside the fragment: they are dropped, which keeps a valid outer
set (the box of the bounds alone) and makes the value inexact.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from certify.domains.base import NumericDomain
from certify.domains.conflict import NumericConflict, check_farkas
from certify.domains.fragments import affine, choose_value, interval_sum, tighten
from certify.numeric import EVERYTHING, Interval, LinearConstraint, LinearExpr
from certify.records import Record


class End(Record):
    """One end of a variable's interval and the input constraint that set it."""

    value: Fraction
    closed: bool
    source: LinearConstraint

    def tighter_than(self, other: End | None, *, upper: bool) -> bool:
        """Whether this end excludes more than ``other`` does."""
        if other is None:
            return True
        if self.value != other.value:
            return (self.value < other.value) == upper
        return other.closed and not self.closed


class IntervalDomain(NumericDomain):
    """A box: the conjunction of the one-variable constraints."""

    __slots__ = ("_crossing", "_highs", "_ignored", "_lows")

    name = "interval"

    def __init__(
        self,
        constraints: Sequence[LinearConstraint],
        integers: frozenset[str] = frozenset(),
        budget: int | None = None,
    ) -> None:
        super().__init__(constraints, integers, budget)
        self._lows: dict[str, End] = {}
        self._highs: dict[str, End] = {}
        self._ignored = tuple(c for c in self._constraints if len(c.terms) > 1)
        self._crossing: NumericConflict | None = None
        for constraint in self._constraints:
            if len(constraint.terms) == 1:
                self._narrow(constraint)
        for name in self.variables:
            if self._crossing is None and self._interval(name).is_empty:
                self._crossing = self._crossing_of(name)

    def _narrow(self, constraint: LinearConstraint) -> None:
        """Apply one bound to its variable's ends."""
        tightened = tighten(constraint, self._integers)
        if not tightened.terms:
            self._crossing = self._crossing or NumericConflict((constraint,), "integer")
            return
        name, coefficient = tightened.terms[0]
        end = End(tightened.bound / coefficient, tightened.op != "<", constraint)
        upper = tightened.op == "=" or coefficient > 0
        if upper and end.tighter_than(self._highs.get(name), upper=True):
            self._highs[name] = end
        lower = tightened.op == "=" or coefficient < 0
        if lower and end.tighter_than(self._lows.get(name), upper=False):
            self._lows[name] = end

    def _crossing_of(self, name: str) -> NumericConflict:
        """The two crossing bounds of ``name``, with Farkas multipliers when real-infeasible."""
        low, high = self._lows[name], self._highs[name]
        if low.source == high.source:
            return NumericConflict((low.source,), "integer")
        pair = (low.source, high.source)
        factors = tuple(sign / c.terms[0][1] for sign, c in zip((Fraction(-1), Fraction(1)), pair))
        conflict = NumericConflict(pair, "bounds", None, factors)
        return conflict if check_farkas(conflict) else NumericConflict(pair, "bounds")

    def _interval(self, name: str) -> Interval:
        """The current interval of one variable."""
        low, high = self._lows.get(name), self._highs.get(name)
        return Interval(
            None if low is None else low.value,
            None if high is None else high.value,
            low is not None and low.closed,
            high is not None and high.closed,
        )

    @property
    def exact(self) -> bool:
        """Exact when every constraint is a bound."""
        return not self._ignored

    def _is_bottom(self) -> bool | None:
        if self._crossing is not None:
            return True
        return False if self.exact else None

    def _bound(self, expr: LinearExpr) -> Interval:
        parts = [affine(self._interval(name), factor) for name, factor in expr.terms]
        total = interval_sum(parts)
        if total.low is None and total.high is None:
            return EVERYTHING
        return affine(total, Fraction(1), expr.constant)

    def _conflict(self) -> NumericConflict:
        assert self._crossing is not None
        return self._crossing

    def _closed_constraints(self) -> tuple[LinearConstraint, ...]:
        out: list[LinearConstraint] = []
        for name in self.variables:
            interval = self._interval(name)
            x = LinearExpr.variable(name)
            if interval.single is not None:
                out.append(LinearConstraint.make(x, "=", LinearExpr.of({}, interval.single)))
                continue
            if interval.low is not None:
                op = ">=" if interval.low_closed else ">"
                out.append(LinearConstraint.make(x, op, LinearExpr.of({}, interval.low)))
            if interval.high is not None:
                op = "<=" if interval.high_closed else "<"
                out.append(LinearConstraint.make(x, op, LinearExpr.of({}, interval.high)))
        return tuple(out)

    def _candidate(self, extra: tuple[LinearConstraint, ...]) -> dict[str, Fraction] | None:
        box = self if not extra else self.meet(type(self).from_constraints(extra))
        if box.is_bottom() is True:
            return None
        point: dict[str, Fraction] = {}
        for name in box.variables:
            chosen = choose_value(box._interval(name), name in self._integers)
            if chosen is None:
                return None
            point[name] = chosen
        return point
