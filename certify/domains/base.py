"""The numeric domain interface.

A domain value is an immutable over-approximation of the set of points satisfying a
conjunction of linear constraints (the paper's "what remains", section 1).  The interface is
named after the abstract-interpretation literature (Apron's ``ap_abstract0.h``: *true means
certainly true*): ``is_bottom`` and ``entails`` only say yes when it is certain, ``bound`` is
always a sound outer bound and is tight when the value is ``exact``.  Bottom and top, constant
constraints and the final check of every witness live here once; each domain only supplies its
representation, its closure and its readout.  The certificates a domain hands back for an
empty value are in ``conflict.py``.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, ClassVar

from certify.domains.conflict import NumericConflict
from certify.domains.fragments import FALSE, choose_value, equals
from certify.numeric import EMPTY, EVERYTHING, Interval, LinearConstraint, LinearExpr, Point

if TYPE_CHECKING:
    from typing_extensions import Self

ZERO = Fraction(0)


class NumericDomain(ABC):
    """An immutable outer approximation of the solutions of a conjunction of linear constraints.

    Subclasses build their representation in ``__init__`` from the non-constant constraints and
    implement the private hooks; everything a caller uses is defined here.
    """

    __slots__ = ("_budget", "_constraints", "_contradiction", "_integers", "_known", "_variables")

    name: ClassVar[str]

    def __init__(
        self,
        constraints: Sequence[LinearConstraint],
        integers: frozenset[str] = frozenset(),
        budget: int | None = None,
    ) -> None:
        self._constraints = tuple(constraints)
        self._integers = frozenset(integers)
        self._budget = budget
        self._variables = tuple(dict.fromkeys(n for c in self._constraints for n, _ in c.terms))
        self._known = frozenset(self._variables)
        self._contradiction = next(
            (c for c in self._constraints if not c.terms and not c.holds({})), None
        )

    @classmethod
    def from_constraints(
        cls,
        constraints: Sequence[LinearConstraint],
        integers: frozenset[str] = frozenset(),
        budget: int | None = None,
    ) -> Self:
        """Build the value representing the conjunction of ``constraints``."""
        return cls(constraints, integers, budget)

    @classmethod
    def top(cls) -> Self:
        """The value of no constraint at all: every point."""
        return cls.from_constraints(())

    @classmethod
    def bottom(cls) -> Self:
        """The empty value."""
        return cls.from_constraints((FALSE,))

    @property
    def constraints(self) -> tuple[LinearConstraint, ...]:
        """The constraints the value was built from, as given."""
        return self._constraints

    @property
    def integers(self) -> frozenset[str]:
        """The variables declared integer."""
        return self._integers

    @property
    def budget(self) -> int | None:
        """The work budget the value was built with (None: the domain's default)."""
        return self._budget

    @property
    def variables(self) -> tuple[str, ...]:
        """The variables of the constraints, in order of first appearance."""
        return self._variables

    @property
    @abstractmethod
    def exact(self) -> bool:
        """Whether the value represents its constraints exactly (answers are then tight)."""

    @property
    def stopped(self) -> str | None:
        """Why a budget stopped the computation early; None when it ran to the end."""
        return None

    @property
    def limit(self) -> str | None:
        """Which limit stopped the computation (``budget`` or ``timeout``); None if none did."""
        if self.stopped is None:
            return None
        return "timeout" if "timeout" in self.stopped else "budget"

    def is_bottom(self) -> bool | None:
        """True when certainly empty, False when certainly not, None when unknown."""
        if self._contradiction is not None:
            return True
        return self._is_bottom()

    def meet(self, other: Self) -> Self:
        """Return the conjunction of two values (the intersection of their sets)."""
        budgets = [b for b in (self._budget, other._budget) if b is not None]
        return type(self).from_constraints(
            self._constraints + other._constraints,
            self._integers | other._integers,
            min(budgets) if budgets else None,
        )

    def assume(self, constraint: LinearConstraint) -> Self:
        """Return the value with one more constraint conjoined."""
        return type(self).from_constraints(
            (*self._constraints, constraint), self._integers, self._budget
        )

    def entails(self, constraint: LinearConstraint) -> bool:
        """True only when every point of the value certainly satisfies ``constraint``."""
        if self.is_bottom() is True:
            return True
        interval = self.bound(constraint.expr)
        if constraint.op == "=":
            return interval.single == constraint.bound
        if interval.high is None:
            return False
        if constraint.op == "<=":
            return interval.high <= constraint.bound
        return interval.high < constraint.bound or (
            interval.high == constraint.bound and not interval.high_closed
        )

    def bound(self, expr: LinearExpr) -> Interval:
        """Return a sound outer bound on ``expr`` over the value; tight when ``exact``."""
        if self.is_bottom() is True:
            return EMPTY
        if not expr.terms:
            return Interval(expr.constant, expr.constant, True, True)
        if any(name not in self._known for name in expr.variables):
            return EVERYTHING
        return self._bound(expr)

    def tight_bound(self, expr: LinearExpr) -> tuple[Interval, bool]:
        """Return ``bound(expr)`` and whether it is certainly the tight bound."""
        return self.bound(expr), self.exact or self.is_bottom() is True

    def witness(self, extra: Sequence[LinearConstraint] = ()) -> dict[str, Fraction] | None:
        """Return a checked point satisfying every input constraint and ``extra``, or None.

        The point is verified here against the original constraints (not the domain's
        approximation of them), with integer variables integral.
        """
        extra = tuple(extra)
        point = self.proposal(extra)
        return point if point is not None and self.satisfies(point, extra) else None

    def proposal(self, extra: Sequence[LinearConstraint] = ()) -> dict[str, Fraction] | None:
        """The point ``witness`` checks, not yet checked (a value for every variable of the
        constraints and of ``extra``), or None: for a caller that checks it against the
        constraints itself, and against more (the evaluator, against every statement)."""
        if self.is_bottom() is True:
            return None
        extra = tuple(extra)
        point = self._candidate(extra)
        if point is None:
            return None
        names = dict.fromkeys(self._variables)  # those of the constraints, kept at __init__
        names.update((n, None) for c in extra for n, _ in c.terms)
        return {name: point.get(name, ZERO) for name in names}

    def known_point(self) -> dict[str, Fraction] | None:
        """A point known without solving, not yet checked; only the linear domain keeps one
        (its elimination's back-substitution), the others None."""
        return None

    def integral(self, point: Point) -> bool:
        """Whether the integer variables are integral at ``point`` (``satisfies``'s first test)."""
        integers = self._integers
        return not integers or all(v.denominator == 1 for n, v in point.items() if n in integers)

    def satisfies(self, point: Point, extra: Sequence[LinearConstraint] = ()) -> bool:
        """Check a point exactly against the input constraints, ``extra`` and integrality."""
        if not self.integral(point):
            return False
        if any(n not in point for n in self._variables):
            return False
        if any(n not in point for c in extra for n, _ in c.terms):
            return False
        return all(c.holds(point) for c in self._constraints) and all(c.holds(point) for c in extra)

    def conflict(self) -> NumericConflict | None:
        """Return an infeasible subset of the input constraints with its certificate, if empty."""
        if self._contradiction is not None:
            return NumericConflict((self._contradiction,), "farkas", None, (Fraction(1),))
        if self.is_bottom() is not True:
            return None
        return self._conflict()

    def to_constraints(self) -> tuple[LinearConstraint, ...]:
        """Return the closed form: the tightest constraints the domain can express (untagged)."""
        if self.is_bottom() is True:
            return (FALSE,)
        return self._closed_constraints()

    @abstractmethod
    def _is_bottom(self) -> bool | None: ...

    @abstractmethod
    def _bound(self, expr: LinearExpr) -> Interval: ...

    @abstractmethod
    def _conflict(self) -> NumericConflict: ...

    @abstractmethod
    def _closed_constraints(self) -> tuple[LinearConstraint, ...]: ...

    def _candidate(self, extra: tuple[LinearConstraint, ...]) -> dict[str, Fraction] | None:
        """Propose a point by fixing one variable at a time inside its current bound.

        Exact over the reals for closed relational domains (every value inside a projection
        extends to a point); the caller verifies the result anyway.
        """
        value = self
        for constraint in extra:
            value = value.assume(constraint)
        point: dict[str, Fraction] = {}
        for name in value.variables:
            if value.is_bottom() is True:
                return None
            chosen = choose_value(value.bound(LinearExpr.variable(name)), name in self._integers)
            if chosen is None:
                return None
            point[name] = chosen
            value = value.assume(equals(name, chosen))
        return point
