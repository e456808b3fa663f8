"""A support's test of a subset stops early only where its bound would not force the value.

``takes_another_value`` answers "not forced" from a point the linear domain already has
(``LinearDomain.known_point``), checked exactly; the full test (``tight_bound``, tightened to
integers for an integer-valued expression) must then agree: never finished with exactly that
value.  Random systems of every fragment, real and integer, with the values the full test
gives and others; and ``support_for_value`` with the shortcut equals the search without it.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from certify.domains.linear import LinearDomain
from certify.numeric import LinearConstraint, LinearExpr
from certify.readout import numeric_certificates
from certify.readout.numbers import integral, tighten
from certify.readout.numeric_certificates import support_for_value, takes_another_value
from tests.domains.systems import NAMES, probes, systems

KINDS = ("bounds", "differences", "octagonal", "linear")


def _forced(domain: LinearDomain, expr: LinearExpr) -> Fraction | None:
    bound, finished = domain.tight_bound(expr)
    interval = tighten(bound, integral(expr, domain.integers))
    return interval.single if finished else None


@settings(max_examples=400, deadline=None)
@given(
    st.sampled_from(KINDS).flatmap(
        lambda kind: st.tuples(
            systems(kind, integer=False, max_size=4) | systems(kind, integer=True, max_size=4),
            st.sets(st.sampled_from(NAMES)),
            st.sampled_from(probes(NAMES)),
            st.sampled_from([Fraction(0), Fraction(1), Fraction(-2), Fraction(1, 2)]),
        )
    )
)
def test_another_value_means_not_forced(
    case: tuple[list[LinearConstraint], set[str], LinearExpr, Fraction],
) -> None:
    constraints, integers, expr, other = case
    domain = LinearDomain(constraints, frozenset(integers))
    point = domain.known_point()
    if point is not None and domain.is_bottom() is False and not integers:
        assert domain.satisfies(point)  # a real relaxation's point is a point
    forced = _forced(domain, expr)
    for value in {other, *([forced] if forced is not None else [])}:
        if takes_another_value(domain, expr, value):
            assert forced != value


def test_known_point_is_remembered() -> None:
    domain = LinearDomain([LinearConstraint((("x", Fraction(1)),), "<=", Fraction(3))])
    first = domain.known_point()
    assert first == {"x": Fraction(0)}
    first["x"] = Fraction(9)  # a copy: the caller's to change
    assert domain.known_point() == {"x": Fraction(0)}


def _system(rows: list[tuple[dict[str, int], str, int | Fraction]]) -> list[LinearConstraint]:
    return [
        LinearConstraint.make(LinearExpr.of(c), op, LinearExpr((), Fraction(b)), {i})
        for i, (c, op, b) in enumerate(rows, start=1)
    ]


SUPPORTED = [
    (_system([({"x": 1, "y": 1}, "=", 10), ({"x": 1, "y": -1}, "=", 4)]), {}, "x", 7),
    (_system([({"x": 1}, "<=", 3), ({"x": 1}, ">=", 3), ({"y": 1}, "=", 0)]), {}, "x", 3),
    (
        _system([({"x": 2}, "<=", 3), ({"x": 2}, ">=", 1), ({"x": 1, "y": 1}, "=", 1)]),
        {4: ("x",)},
        "y",
        0,
    ),
    (_system([({"x": 1, "y": -1}, "=", 0), ({"y": 1}, "=", 0), ({"x": 1}, ">=", 0)]), {}, "x", 0),
    # x integral: the relaxation's point (x = 1/2, y = 0) is no point, x = 1 is forced
    (
        _system(
            [({"x": 1, "y": -1}, "=", Fraction(1, 2)), ({"x": 1}, "<=", 1), ({"y": 1}, ">=", 0)]
        ),
        {4: ("x",)},
        "x",
        1,
    ),
]


@pytest.mark.parametrize("constraints, declared, name, value", SUPPORTED)
def test_supports_are_those_of_the_full_test(
    constraints: list[LinearConstraint],
    declared: dict[int, tuple[str, ...]],
    name: str,
    value: int,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    expr = LinearExpr.variable(name)
    whole = bool(declared)
    found = support_for_value(constraints, declared, expr, Fraction(value), whole, {})
    monkeypatch.setattr(numeric_certificates, "takes_another_value", lambda *_: False)
    assert support_for_value(constraints, declared, expr, Fraction(value), whole) == found
    assert found is not None
