"""The exact checks every witness passes: ``LinearConstraint.holds``, ``NumericDomain.satisfies``.

Both are the last word on a witness (the domains' points are only proposals), and their fast
paths (integers, two terms) must agree with plain ``Fraction`` arithmetic everywhere,
boundaries included.  The reference here never calls ``holds``: a broken ``holds`` or a
``satisfies`` that skips a constraint, the extra constraints, integrality or a missing
variable fails one of these tests.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from certify.domains.classify import DOMAINS
from certify.numeric import LinearConstraint

from .systems import FRAGMENT_OF, NAMES, constraint, systems, var

PROPERTIES = settings(max_examples=300, deadline=None)

Point = dict[str, Fraction]


def exact(constraint: LinearConstraint, point: Point) -> bool:
    """``constraint`` at ``point`` in plain Fraction arithmetic (the reference)."""
    value = sum((c * point[n] for n, c in constraint.terms), Fraction(0))
    if constraint.op == "<=":
        return value <= constraint.bound
    if constraint.op == "<":
        return value < constraint.bound
    return value == constraint.bound


def reference(
    constraints: Sequence[LinearConstraint], point: Point, integers: frozenset[str]
) -> bool:
    """What ``satisfies`` must say: every variable valued, integral where declared, all hold."""
    if any(n not in point for c in constraints for n, _ in c.terms):
        return False
    if any(n in integers and v.denominator != 1 for n, v in point.items()):
        return False
    return all(exact(c, point) for c in constraints)


values = st.builds(Fraction, st.integers(-5, 5), st.sampled_from([1, 1, 1, 2, 3]))
coefficients = st.builds(Fraction, st.integers(-3, 3).filter(bool), st.sampled_from([1, 1, 2]))


@st.composite
def constraint_at(draw: st.DrawFn) -> tuple[LinearConstraint, Point]:
    """A constraint of 0-3 terms and a point, the bound often exactly at the point's value."""
    names = draw(st.lists(st.sampled_from(NAMES), min_size=0, max_size=3, unique=True))
    terms = tuple(sorted((n, draw(coefficients)) for n in names))
    point = {n: draw(values) for n in NAMES}
    value = sum((c * point[n] for n, c in terms), Fraction(0))
    offset = draw(st.sampled_from([Fraction(0), Fraction(0), 1, -1, Fraction(1, 2), None]))
    bound = draw(values) if offset is None else value + offset
    op = draw(st.sampled_from(["<=", "<", "="]))
    return LinearConstraint(terms, op, Fraction(bound)), point


@PROPERTIES
@given(constraint_at())
def test_holds_is_exact_arithmetic(case: tuple[LinearConstraint, Point]) -> None:
    found, point = case
    assert found.holds(point) is exact(found, point)


@pytest.mark.parametrize("op", ["<=", "<", "="])
def test_holds_of_one_and_two_terms_matches_on_a_grid(op: str) -> None:
    """Every small integer case of the fast path, with the bound below, at and above the value
    (and fractional coefficients, values and bounds next to them)."""
    sizes = [Fraction(c) for c in (-2, -1, 1, 3)] + [Fraction(1, 2), Fraction(-3, 2)]
    grid = [Fraction(v) for v in (-2, 0, 1, 3)] + [Fraction(1, 2)]
    for a in sizes:
        for b in [None, *sizes]:
            terms = (("x", a),) if b is None else (("x", a), ("y", b))
            for u in grid:
                for v in grid:
                    point = {"x": u, "y": v}
                    value = a * u + (0 if b is None else b * v)
                    for offset in (-1, 0, 1, Fraction(1, 2)):
                        found = LinearConstraint(terms, op, value + offset)  # type: ignore[arg-type]
                        assert found.holds(point) is exact(found, point), (found, point)


@pytest.mark.parametrize(
    ("op", "bound", "expected"),
    [
        ("<=", 3, True),
        ("<=", 2, False),
        ("<", 3, False),
        ("<", 4, True),
        ("=", 3, True),
        ("=", 4, False),
        ("<=", Fraction(7, 2), True),
        ("<", Fraction(5, 2), False),
        ("=", Fraction(3, 1), True),
    ],
)
def test_holds_on_a_difference_at_and_around_its_bound(
    op: str, bound: Fraction | int, expected: bool
) -> None:
    difference = LinearConstraint(
        (("x", Fraction(1)), ("y", Fraction(-1))),
        op,
        Fraction(bound),  # type: ignore[arg-type]
    )
    assert difference.holds({"x": Fraction(5), "y": Fraction(2)}) is expected
    scaled = LinearConstraint(
        (("x", Fraction(2)), ("y", Fraction(-2))),
        op,
        2 * Fraction(bound),  # type: ignore[arg-type]
    )
    assert scaled.holds({"x": Fraction(5), "y": Fraction(2)}) is expected
    halves = {"x": Fraction(9, 2), "y": Fraction(3, 2)}
    assert difference.holds(halves) is expected


@pytest.mark.parametrize("name", sorted(DOMAINS))
@PROPERTIES
@given(data=st.data())
def test_satisfies_is_the_exact_check(name: str, data: st.DataObject) -> None:
    cls = DOMAINS[name]
    integer = data.draw(st.booleans())
    constraints = data.draw(systems(FRAGMENT_OF[name], integer=integer, max_size=4))
    extra = data.draw(systems(FRAGMENT_OF[name], integer=integer, max_size=1))
    integers = frozenset(data.draw(st.lists(st.sampled_from(NAMES), unique=True)))
    domain = cls.from_constraints(constraints, integers)
    point = {n: data.draw(values) for n in data.draw(st.lists(st.sampled_from(NAMES), unique=True))}
    assert domain.satisfies(point, extra) is reference([*constraints, *extra], point, integers)
    witness = domain.witness(extra)
    if witness is not None:
        assert reference([*constraints, *extra], witness, integers)


@pytest.mark.parametrize("name", sorted(DOMAINS))
def test_satisfies_refuses_each_way_a_point_can_be_wrong(name: str) -> None:
    cls = DOMAINS[name]
    x, y = var("x"), var("y")
    inside = {"x": Fraction(3), "y": Fraction(1)}
    if name == "interval":
        system = [constraint(x, "<=", 3, 1), constraint(y, ">", 0, 2)]
        extra = constraint(y, "<", 1, 3)
    else:
        system = [constraint(x.plus(y, -1), "<=", 2, 1), constraint(y, ">", 0, 2)]
        extra = constraint(x.plus(y, -1), "<", 2, 3)
    domain = cls.from_constraints(system, frozenset({"y"}))
    assert domain.satisfies(inside)  # on the closed boundary of the first constraint
    assert not domain.satisfies(inside, [extra])  # the extra constraint is checked too
    assert not domain.satisfies({"x": Fraction(4), "y": Fraction(1)})  # the first is violated
    assert not domain.satisfies({"x": Fraction(3), "y": Fraction(0)})  # y > 0 is strict
    assert not domain.satisfies({"x": Fraction(5, 2), "y": Fraction(1, 2)})  # y is an integer
    assert not domain.satisfies({"x": Fraction(3)})  # y has no value
    assert not domain.satisfies({"y": Fraction(1)})  # x has no value
    assert not domain.satisfies(inside, [constraint(var("z"), "<=", 0, 4)])  # z has no value
