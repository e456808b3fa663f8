"""The linear domain: any conjunction of linear equalities and inequalities, strict or not.

The paper's section 2 row "affine subspaces with a bounded state": conjunction is a linear
solve and emptiness is certified by multipliers (``K^T u = 0``, ``u^T v`` violated).  The
value keeps the constraints themselves (a polyhedron has no small canonical form worth
computing for a text) and answers every question exactly with ``fourier_motzkin``:
emptiness with a Farkas certificate read off the derivation, the bound of ``expr`` by
projecting onto a fresh ``t = expr``, a witness by back-substitution.  All arithmetic is
``Fraction``; no floating-point solver takes part.

Integer variables: constraints over integers only are tightened (coprime coefficients,
rounded bounds, which already settles ``2x = 3``), and ``integer.minimize`` (branch and bound
over the exact relaxations) decides feasibility and each bound.  The value is exact when the
search finishes; when the budget runs out the relaxation gives a sound outer bound, the value
is inexact and ``is_bottom`` answers None unless the relaxation is already empty.

``budget`` caps the derived rows and search nodes of each computation (default 20000).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from certify.domains.base import NumericDomain
from certify.domains.conflict import NumericConflict, shrink
from certify.domains.fourier_motzkin import Effort, Elimination, eliminate, interval_of
from certify.domains.fragments import tighten
from certify.domains.integer import GOAL, minimize
from certify.domains.rows import Row
from certify.numeric import EMPTY, EVERYTHING, Interval, LinearConstraint, LinearExpr
from certify.run_limits import Deadline

DEFAULT_BUDGET = 20_000
SHRINK_LIMIT = 24
"""Conflicts up to this size are shrunk by deletion (one solve per constraint)."""
SHRINK_BUDGET = 2_000
"""The budget of each integer feasibility check while shrinking a conflict."""


class LinearDomain(NumericDomain):
    """A conjunction of arbitrary linear constraints, solved exactly."""

    __slots__ = (
        "_empty",
        "_found",
        "_gcd_failure",
        "_integer_names",
        "_integer_rows",
        "_limit",
        "_point",
        "_relaxation",
        "_rows",
        "_stopped",
    )

    name = "linear"

    def __init__(
        self,
        constraints: Sequence[LinearConstraint],
        integers: frozenset[str] = frozenset(),
        budget: int | None = None,
    ) -> None:
        super().__init__(constraints, integers, budget)
        self._limit = DEFAULT_BUDGET if budget is None else budget
        self._rows = tuple(Row.of(c, i) for i, c in enumerate(self._constraints) if c.terms)
        self._integer_names = frozenset(self.variables) & self._integers
        self._integer_rows: tuple[Row, ...] = ()
        self._empty: str | None = None
        self._stopped: str | None = None
        self._found: dict[str, Fraction] | None = None
        self._gcd_failure: LinearConstraint | None = None
        self._relaxation: Elimination | None = None
        self._point: tuple[dict[str, Fraction] | None] | None = None  # known_point, once read
        if self._contradiction is not None:
            return
        effort = Effort(self._limit)
        self._relaxation = eliminate(self._rows, frozenset(), effort)
        if self._relaxation.conflict is not None:
            self._empty = "farkas"
        elif self._relaxation.stopped:
            self._stopped = effort.why(
                f"Fourier-Motzkin elimination stopped after {self._limit} derived rows"
            )
        elif self._integer_names:
            self._decide_integers()

    def _decide_integers(self) -> None:
        """Tighten the integer constraints and search for one integral point."""
        rows = []
        for index, constraint in enumerate(self._constraints):
            tightened = tighten(constraint, self._integers)
            if constraint.terms and not tightened.terms:
                self._gcd_failure = constraint
                self._empty = "integer"
                return
            if tightened.terms:
                rows.append(Row.of(tightened, index))
        self._integer_rows = tuple(rows)
        effort = Effort(self._limit)
        search = minimize(rows, self._integer_names, LinearExpr(), effort)
        if not search.complete:
            budget = f"branch and bound stopped after a budget of {self._limit}"
            self._stopped = effort.why(budget) + (
                " during branch and bound" if effort.timed_out else ""
            )
        elif search.feasible:
            self._found = search.point
        else:
            self._empty = "integer"

    @property
    def exact(self) -> bool:
        """Exact unless a budget stopped the elimination or the integer search."""
        return self._stopped is None

    @property
    def stopped(self) -> str | None:
        """Why the computation stopped early, if it did."""
        return self._stopped

    def known_point(self) -> dict[str, Fraction] | None:
        """A point of the real relaxation, read off the elimination the value was built with
        (back-substitution, no new elimination); None when that found none.  Not checked: a
        caller that relies on it checks it (``satisfies``).  Read once, then remembered."""
        if self._point is None:
            relaxation, point = self._relaxation, None
            if relaxation is not None and relaxation.conflict is None and not relaxation.stopped:
                point = relaxation.point({})
            self._point = (point,)
        return None if self._point[0] is None else dict(self._point[0])

    def _is_bottom(self) -> bool | None:
        if self._empty is not None:
            return True
        return None if self._stopped else False

    def tight_bound(self, expr: LinearExpr) -> tuple[Interval, bool]:
        """Return the bound of ``expr`` and whether its own computation finished."""
        if self.is_bottom() is True or not expr.terms:
            return super().tight_bound(expr)
        if any(name not in set(self.variables) for name in expr.variables):
            return EVERYTHING, True
        return self._range(expr)

    def _bound(self, expr: LinearExpr) -> Interval:
        return self._range(expr)[0]

    def _range(self, expr: LinearExpr) -> tuple[Interval, bool]:
        """Project onto ``t = expr`` (reals) or search both ends (integers)."""
        if self._stopped is not None and not self._integer_rows:
            return self._real_range(expr)[0], False
        if not self._integer_rows:
            return self._real_range(expr)
        names = self._integer_names
        low = minimize(self._integer_rows, names, expr, Effort(self._limit))
        high = minimize(self._integer_rows, names, expr.scaled(-1), Effort(self._limit))
        if low.complete and high.complete and not (low.feasible and high.feasible):
            return EMPTY, True
        interval = Interval(
            low.low,
            None if high.low is None else -high.low,
            low.low is not None and low.closed,
            high.low is not None and high.closed,
        )
        return interval, low.complete and high.complete and self._stopped is None

    def _real_range(self, expr: LinearExpr) -> tuple[Interval, bool]:
        tie = Row({GOAL: Fraction(1), **{n: -c for n, c in expr.terms}}, "=", expr.constant)
        solved = eliminate([*self._rows, tie], frozenset({GOAL}), Effort(self._limit))
        if solved.stopped:
            return EVERYTHING, False
        if solved.conflict is not None:
            return EMPTY, True
        return interval_of(solved.remaining, GOAL, {}), True

    def _candidate(self, extra: tuple[LinearConstraint, ...]) -> dict[str, Fraction] | None:
        if not self._integer_names and not any(
            n in self._integers for c in extra for n in c.variables
        ):
            added = [Row.of(c) for c in extra if c.terms]
            solved = eliminate([*self._rows, *added], frozenset(), Effort(self._limit))
            if solved.stopped or solved.conflict is not None:
                return None
            return solved.point({})
        if not extra and self._found is not None:
            return dict(self._found)
        names = frozenset(self.variables) | {n for c in extra for n in c.variables}
        rows = [*self._integer_rows] or list(self._rows)
        for constraint in extra:
            tightened = tighten(constraint, self._integers)
            if not tightened.terms:
                if not tightened.holds({}):
                    return None
                continue
            rows.append(Row.of(tightened))
        search = minimize(rows, names & self._integers, LinearExpr(), Effort(self._limit))
        return search.point

    def _conflict(self) -> NumericConflict:
        if self._gcd_failure is not None:
            return NumericConflict((self._gcd_failure,), "integer")
        if self._empty == "farkas":
            assert self._relaxation is not None and self._relaxation.conflict is not None
            origin = self._relaxation.conflict.origin
            subset = tuple(self._constraints[i] for i in sorted(origin))
            if len(subset) <= SHRINK_LIMIT:
                subset = shrink(subset, lambda s: type(self)(s).is_bottom() is True)
            return self._farkas(subset)
        relevant = tuple(c for c in self._constraints if c.terms)
        if len(relevant) <= SHRINK_LIMIT:
            relevant = shrink(relevant, self._integer_infeasible)
        return NumericConflict(relevant, "integer")

    def _integer_infeasible(self, subset: tuple[LinearConstraint, ...]) -> bool:
        # A subset may be unbounded where the search cannot finish: keep such checks short,
        # an inconclusive one simply keeps the constraint.
        budget = min(self._limit, SHRINK_BUDGET)
        return type(self)(subset, self._integers, budget).is_bottom() is True

    @staticmethod
    def _farkas(subset: tuple[LinearConstraint, ...]) -> NumericConflict:
        """The Farkas multipliers of an infeasible subset, one per constraint."""
        rows = [Row.of(c, i) for i, c in enumerate(subset)]
        # A subset of a refuted system, refuted again: bounded by the budget, not the deadline
        # (the certificate is part of an answer already proven).
        solved = eliminate(rows, frozenset(), Effort(DEFAULT_BUDGET, Deadline(None)))
        if solved.conflict is None:
            return NumericConflict(subset, "farkas")
        origin = solved.conflict.origin
        # An equality combination 0 = b with b > 0 is turned around to read 0 <= -b as well.
        sign = -1 if solved.conflict.op == "=" and solved.conflict.bound > 0 else 1
        multipliers = tuple(sign * origin.get(i, Fraction(0)) for i in range(len(subset)))
        return NumericConflict(subset, "farkas", None, multipliers)

    def _closed_constraints(self) -> tuple[LinearConstraint, ...]:
        return tuple(c for c in self._constraints if c.terms)
