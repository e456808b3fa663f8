"""Emptiness certificates every numeric domain hands back, re-checkable without trusting it.

``check_farkas`` replays a Farkas combination (``u^T A = 0``, ``u^T b`` violated, ``u >= 0``
on inequalities), ``check_cycle`` replays a negative cycle of difference or octagonal bounds
and ``check_bounds`` replays two crossing bounds; ``shrink`` is the deletion filter that makes
a conflict minimal.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction

from certify.domains.fragments import tighten
from certify.numeric import Interval, LinearConstraint, LinearExpr
from certify.records import Record
from certify.run_limits import current

ZERO = "0"
"""The name of the constant-zero node of difference graphs (never a variable name)."""


class NumericConflict(Record):
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
    is exact and the run's deadline does not stop the deletions (the constraints kept then
    are still infeasible, only perhaps not minimal).
    """
    deadline = current()
    kept = list(constraints)
    index = 0
    while index < len(kept) and not deadline.expired():
        trial = tuple(kept[:index] + kept[index + 1 :])
        if trial and infeasible(trial):
            kept = list(trial)
        else:
            index += 1
    return tuple(kept)
