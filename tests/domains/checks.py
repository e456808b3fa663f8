"""Property checks shared by the per-domain tests (each assertion names what failed).

``check_integer_system`` compares a domain with brute force on a grid-bounded integer
system; ``check_against_linear`` compares it with the linear domain on a real system;
``check_certified`` verifies that the linear domain's real answers are backed by witnesses
and Farkas certificates that are checked independently of it.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from certify.domains.base import NumericDomain
from certify.domains.conflict import check_conflict, check_farkas
from certify.domains.linear import LinearDomain
from certify.numeric import LinearConstraint, LinearExpr

from .systems import constraint, grid_box, probes, solution_array, solutions, value_hull

Point = dict[str, Fraction]


def valid_point(
    point: Point | None, constraints: Sequence[LinearConstraint], integers: frozenset[str]
) -> bool:
    """Whether a witness satisfies every constraint exactly and is integral where needed."""
    if point is None:
        return False
    names = {n for c in constraints for n in c.variables}
    if not names <= set(point):
        return False
    if any(point[n].denominator != 1 for n in names & integers):
        return False
    return all(c.holds(point) for c in constraints)


def check_conflict_of(domain: NumericDomain, integers: frozenset[str]) -> None:
    """An empty value's conflict is a subset of its input with a certificate that re-checks."""
    conflict = domain.conflict()
    assert conflict is not None, "empty value without a conflict"
    assert all(c in domain.constraints for c in conflict.constraints), "conflict outside the input"
    verdict = check_conflict(conflict, integers)
    assert verdict is not False, f"certificate does not re-check: {conflict}"
    if conflict.kind in ("cycle", "farkas", "bounds"):
        assert verdict is True, f"{conflict.kind} conflict without a certificate"
    if conflict.multipliers is not None:
        assert check_farkas(conflict)


def check_integer_system(
    cls: type[NumericDomain], constraints: Sequence[LinearConstraint], names: Sequence[str]
) -> NumericDomain:
    """Soundness always, exactness where claimed, against brute force over the grid."""
    integers = frozenset(names)
    system = [*constraints, *grid_box(names)]
    domain = cls.from_constraints(system, integers)
    found = solution_array(system, names)
    truth = len(found) > 0
    verdict = domain.is_bottom()
    assert verdict is not True or not truth, "claimed empty but has integer points"
    assert verdict is not False or truth, "claimed non-empty but has no integer point"
    if domain.exact:
        assert verdict is (not truth), "exact value undecided about emptiness"
    for expr in probes(names) if truth else ():
        (answer, finished), tight = domain.tight_bound(expr), value_hull(expr, names, found)
        assert answer.includes(tight), f"{expr}: true values {tight} not inside {answer}"
        assert not finished or domain.exact, f"{expr}: finished bound of an inexact value"
        if finished:
            assert answer == tight, f"{expr}: {answer} is not the tight {tight}"
    if verdict is True:
        check_conflict_of(domain, integers)
        conflict = domain.conflict()
        assert conflict is not None
        assert not solutions(conflict.constraints, names), "conflict subset has grid points"
    if truth and domain.exact:
        assert valid_point(domain.witness(), system, integers), "no valid witness"
        name = names[0]
        low = value_hull(LinearExpr.variable(name), names, found).low
        assert low is not None
        pinned = [constraint(LinearExpr.variable(name), "=", low)]
        assert valid_point(domain.witness(pinned), [*system, *pinned], integers)
    point = domain.witness()
    assert point is None or valid_point(point, system, integers), "invalid witness"
    return domain


def check_against_linear(
    cls: type[NumericDomain], constraints: Sequence[LinearConstraint], names: Sequence[str]
) -> NumericDomain:
    """Over the reals: sound against the linear domain, equal to it where exact."""
    domain = cls.from_constraints(constraints)
    reference = LinearDomain.from_constraints(constraints)
    assert reference.exact
    truth = reference.is_bottom()
    verdict = domain.is_bottom()
    assert verdict is None or verdict == truth, f"is_bottom {verdict}, reference {truth}"
    if domain.exact:
        assert verdict == truth
    for expr in probes(names):
        answer, expected = domain.bound(expr), reference.bound(expr)
        assert answer.includes(expected), f"{expr}: {answer} misses part of {expected}"
        if domain.exact:
            assert answer == expected, f"{expr}: {answer} is not the tight {expected}"
    if verdict is True:
        check_conflict_of(domain, frozenset())
        conflict = domain.conflict()
        assert conflict is not None
        assert LinearDomain.from_constraints(conflict.constraints).is_bottom() is True
    point = domain.witness()
    if truth is False and domain.exact:
        assert valid_point(point, constraints, frozenset()), "no valid witness"
    assert point is None or valid_point(point, constraints, frozenset())
    return domain


def check_certified(constraints: Sequence[LinearConstraint], names: Sequence[str]) -> None:
    """Every real answer of the linear domain comes with an independently checked object.

    Emptiness: Farkas multipliers.  Non-emptiness: a witness.  A closed end: a witness on it.
    An open end: the constraints plus ``expr >= end`` are empty (Farkas again), and points come
    within 1/1000 of it.  A missing end: a witness beyond 1000.
    """
    domain = LinearDomain.from_constraints(constraints)
    if domain.is_bottom():
        check_conflict_of(domain, frozenset())
        return
    assert valid_point(domain.witness(), constraints, frozenset())
    for expr in probes(names):
        answer = domain.bound(expr)
        _check_end(domain, expr, answer.high, answer.high_closed, upper=True)
        _check_end(domain, expr, answer.low, answer.low_closed, upper=False)


def _check_end(
    domain: LinearDomain, expr: LinearExpr, end: Fraction | None, closed: bool, *, upper: bool
) -> None:
    constraints = list(domain.constraints)
    outward = ">=" if upper else "<="
    if end is None:
        extra = [constraint(expr, outward, 1000 if upper else -1000)]
        assert valid_point(domain.witness(extra), [*constraints, *extra], frozenset()), (
            f"{expr} is not unbounded"
        )
        return
    if closed:
        extra = [constraint(expr, "=", end)]
        assert valid_point(domain.witness(extra), [*constraints, *extra], frozenset()), (
            f"{expr} does not reach {end}"
        )
        return
    past = LinearDomain.from_constraints([*constraints, constraint(expr, outward, end)])
    assert past.is_bottom() is True, f"{expr} reaches its open end {end}"
    check_conflict_of(past, frozenset())
    step = Fraction(1, 1000)
    near = [constraint(expr, ">" if upper else "<", end - step if upper else end + step)]
    assert valid_point(domain.witness(near), [*constraints, *near], frozenset()), (
        f"{expr} does not come near {end}"
    )
