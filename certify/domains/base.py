"""The numeric domain interface and the certificates every domain hands back.

A domain value is an immutable over-approximation of the set of points satisfying a
conjunction of linear constraints (the paper's "what remains", section 1).  The interface is
named after the abstract-interpretation literature (Apron's ``ap_abstract0.h``: *true means
certainly true*): ``is_bottom`` and ``entails`` only say yes when it is certain, ``bound`` is
always a sound outer bound and is tight when the value is ``exact``.  Bottom and top, constant
constraints, the final check of every witness and the shrinking of conflicts live here once;
each domain only supplies its representation, its closure and its readout.

Emptiness certificates are re-checkable without trusting a domain: ``check_farkas`` replays a
Farkas combination (``u^T A = 0``, ``u^T b`` violated, ``u >= 0`` on inequalities),
``check_cycle`` replays a negative cycle of difference or octagonal bounds and
``check_bounds`` replays two crossing bounds.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, ClassVar

from certify.domains.fragments import FALSE, choose_value, equals, tighten
from certify.numeric import EMPTY, EVERYTHING, Interval, LinearConstraint, LinearExpr, Point

if TYPE_CHECKING:
    from typing_extensions import Self

ZERO = "0"
"""The name of the constant-zero node of difference graphs (never a variable name)."""


@dataclass(frozen=True, slots=True)
class NumericConflict:
    """A subset of the input constraints that is already infeasible, with its certificate.

    ``kind`` is ``bounds`` (two crossing bounds on one variable), ``cycle`` (a negative cycle of
    difference or octagonal bounds; ``cycle`` lists its nodes, ``0`` being the zero node and
    ``+x``/``-x`` the octagon's signed nodes), ``farkas`` (a nonnegative combination) or
    ``integer`` (infeasible only over the integers).  ``multipliers``, when present, is a Farkas
    certificate over the reals, one multiplier per constraint.
    """

    constraints: tuple[LinearConstraint, ...]
    kind: str
    cycle: tuple[str, ...] | None = None
    multipliers: tuple[Fraction, ...] | None = None

    def tags(self) -> frozenset[int]:
        """Return the statements the conflicting constraints came from."""
        return frozenset().union(*(c.tags for c in self.constraints))


def check_farkas(conflict: NumericConflict) -> bool:
    """Re-verify a Farkas certificate exactly.

    The combination ``sum(u_i * c_i)`` must cancel every variable and leave ``0 <= b`` with
    ``b < 0``, or ``0 < b`` with ``b <= 0`` (strict when a strict inequality has ``u_i > 0``),
    or, when only equalities take part, ``0 = b`` with ``b != 0`` (``K^T u = 0, u^T v != 0``).
    Inequalities need ``u_i >= 0``; equalities take any sign.
    """
    if conflict.multipliers is None or len(conflict.multipliers) != len(conflict.constraints):
        return False
    combined: dict[str, Fraction] = {}
    bound = Fraction(0)
    strict = False
    for constraint, factor in zip(conflict.constraints, conflict.multipliers):
        if factor < 0 and constraint.op != "=":
            return False
        for name, coefficient in constraint.terms:
            combined[name] = combined.get(name, Fraction(0)) + factor * coefficient
        bound += factor * constraint.bound
        strict = strict or (constraint.op == "<" and factor > 0)
    if any(value != 0 for value in combined.values()):
        return False
    if all(c.op == "=" for c, u in zip(conflict.constraints, conflict.multipliers) if u):
        return bound != 0
    return bound < 0 or (bound == 0 and strict)


def _node_expr(node: str) -> LinearExpr:
    """The linear expression a cycle node stands for: ``0``, ``x``, ``+x`` or ``-x``."""
    if node == ZERO:
        return LinearExpr()
    if node[:1] in "+-" and len(node) > 1:
        return LinearExpr.variable(node[1:]).scaled(-1 if node[0] == "-" else 1)
    return LinearExpr.variable(node)


def _ratio(terms: tuple[tuple[str, Fraction], ...], wanted: LinearExpr) -> Fraction | None:
    """The factor ``r`` with ``terms == r * wanted``, if there is one."""
    have = dict(terms)
    need = wanted.coefficients()
    if set(have) != set(need) or not need:
        return None
    first = next(iter(need))
    factor = have[first] / need[first]
    return factor if all(have[n] == factor * need[n] for n in need) else None


def check_cycle(conflict: NumericConflict, integers: frozenset[str] = frozenset()) -> bool:
    """Re-verify a negative cycle: each step ``a -> b`` is a constraint on ``V_b - V_a``.

    Every step must be justified by one of the conflict's constraints (a positive multiple of
    ``V_b - V_a <= w``, or any multiple of an equality); constraints over integer variables are
    tightened first.  The cycle is negative when the weights sum below zero, or to zero with a
    strict step.
    """
    if not conflict.cycle:
        return False
    usable = [tighten(c, integers) for c in conflict.constraints]
    nodes = conflict.cycle
    total = Fraction(0)
    strict = False
    for here, there in zip(nodes, nodes[1:] + nodes[:1]):
        step = _node_expr(there).plus(_node_expr(here), -1)
        best: tuple[Fraction, bool] | None = None
        for constraint in usable:
            factor = _ratio(constraint.terms, step)
            if factor is None or (factor < 0 and constraint.op != "="):
                continue
            weight = (constraint.bound / factor, constraint.op == "<")
            if best is None or (weight[0], not weight[1]) < (best[0], not best[1]):
                best = weight
        if best is None:
            return False
        total += best[0]
        strict = strict or best[1]
    return total < 0 or (total == 0 and strict)


def check_bounds(conflict: NumericConflict, integers: frozenset[str] = frozenset()) -> bool:
    """Re-verify crossing bounds: one-variable constraints whose intervals do not meet."""
    names = {c.variables for c in conflict.constraints}
    if len(names) != 1 or len(next(iter(names))) != 1:
        return False
    low: tuple[Fraction, bool] | None = None
    high: tuple[Fraction, bool] | None = None
    for original in conflict.constraints:
        constraint = tighten(original, integers)
        if not constraint.terms:
            return not constraint.holds({})
        coefficient = constraint.terms[0][1]
        value = constraint.bound / coefficient
        closed = constraint.op != "<"
        if constraint.op == "=" or coefficient > 0:
            high = _tighter(high, (value, closed), upper=True)
        if constraint.op == "=" or coefficient < 0:
            low = _tighter(low, (value, closed), upper=False)
    interval = Interval(
        None if low is None else low[0],
        None if high is None else high[0],
        low is not None and low[1],
        high is not None and high[1],
    )
    return interval.is_empty


def _tighter(
    old: tuple[Fraction, bool] | None, new: tuple[Fraction, bool], *, upper: bool
) -> tuple[Fraction, bool]:
    """The tighter of two (value, closed) ends."""
    if old is None:
        return new
    if new[0] != old[0]:
        return new if (new[0] < old[0]) == upper else old
    return new if not new[1] else old


def check_conflict(
    conflict: NumericConflict, integers: frozenset[str] = frozenset()
) -> bool | None:
    """Re-verify whatever certificate the conflict carries; None when it carries none.

    A conflict of kind ``integer`` over several constraints has no local certificate: the caller
    re-checks it by other means (its evaluator, or a search over the integers).
    """
    if conflict.multipliers is not None:
        return check_farkas(conflict)
    if conflict.kind == "cycle":
        return check_cycle(conflict, integers)
    if len(conflict.constraints) == 1:
        alone = tighten(conflict.constraints[0], integers)
        return not alone.terms and not alone.holds({})
    names = {c.variables for c in conflict.constraints}
    if conflict.kind == "bounds" or (len(names) == 1 and len(next(iter(names))) == 1):
        return check_bounds(conflict, integers)
    return None


def shrink(
    constraints: Sequence[LinearConstraint],
    infeasible: Callable[[tuple[LinearConstraint, ...]], bool],
) -> tuple[LinearConstraint, ...]:
    """Delete constraints one at a time while the rest stays infeasible (the deletion filter).

    Costs one call of ``infeasible`` per constraint; the result is minimal when ``infeasible``
    is exact.
    """
    kept = list(constraints)
    index = 0
    while index < len(kept):
        trial = tuple(kept[:index] + kept[index + 1 :])
        if trial and infeasible(trial):
            kept = list(trial)
        else:
            index += 1
    return tuple(kept)


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
        self._variables = tuple(dict.fromkeys(n for c in self._constraints for n in c.variables))
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
        if self.is_bottom() is True:
            return None
        extra = tuple(extra)
        point = self._candidate(extra)
        if point is None:
            return None
        names = dict.fromkeys(n for c in (*self._constraints, *extra) for n in c.variables)
        point = {name: point.get(name, Fraction(0)) for name in names}
        return point if self.satisfies(point, extra) else None

    def satisfies(self, point: Point, extra: Sequence[LinearConstraint] = ()) -> bool:
        """Check a point exactly against the input constraints, ``extra`` and integrality."""
        if any(n in self._integers and v.denominator != 1 for n, v in point.items()):
            return False
        every = (*self._constraints, *extra)
        if any(n not in point for c in every for n in c.variables):
            return False
        return all(c.holds(point) for c in every)

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
