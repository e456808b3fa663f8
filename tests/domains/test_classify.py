"""Grouping and choice of the cheapest exact domain."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from certify.domains.classify import DOMAINS, build, classify, components, stronger
from certify.domains.linear import LinearDomain
from certify.numeric import LinearConstraint, LinearExpr

from .systems import NAMES, constraint, probes, systems, var


def test_components_follow_shared_variables_in_first_appearance_order() -> None:
    a = constraint(var("b"), "<=", 1)
    b = constraint(var("x").plus(var("y"), -1), "<=", 2)
    c = constraint(var("c").plus(var("b")), "=", 3)
    d = constraint(var("y"), ">=", 0)
    e = constraint(LinearExpr(), "<=", 1)
    assert components([a, b, c, d, e]) == [(a, c), (b, d), (e,)]


@pytest.mark.parametrize(
    ("statements", "integers", "expected"),
    [
        ([("x", "<=", 3), ("x", ">", 1)], set(), ("interval", "bounds only")),
        ([("x-y", "<=", 3), ("y", "=", 1)], set(), ("dbm", "differences x - y <= c")),
        ([("x+y", "=", 10), ("x-y", "=", 2)], set(), ("octagon", "±x ± y <= c")),
        ([("x+y+z", "<=", 1)], set(), ("linear", "general linear (3 variables in one constraint)")),
        (
            [("2x+3y", ">=", 7)],
            set(),
            ("linear", "general linear (coefficients 2 and 3 in one constraint)"),
        ),
        (
            [("2x+3y", ">=", 7)],
            {"x"},
            ("linear", "integer variables with general linear constraints"),
        ),
        ([("x-y", "<=", 3)], {"x", "y"}, ("dbm", "differences x - y <= c")),
        (
            [("x-y", "<=", 3)],
            {"x"},
            ("linear", "differences x - y <= c, linking integer and real variables"),
        ),
        ([("x", "<=", 3), ("y", "<", 1)], {"x"}, ("interval", "bounds only")),
    ],
)
def test_classify_picks_the_cheapest_exact_domain(
    statements: list[tuple[str, str, int]], integers: set[str], expected: tuple[str, str]
) -> None:
    forms = {
        "x": var("x"),
        "x-y": var("x").plus(var("y"), -1),
        "x+y": var("x").plus(var("y")),
        "x+y+z": LinearExpr.of({"x": 1, "y": 1, "z": 1}),
        "2x+3y": LinearExpr.of({"x": 2, "y": 3}),
        "y": var("y"),
    }
    constraints = [constraint(forms[f], r, v) for f, r, v in statements]
    choice = classify(constraints, frozenset(integers))
    assert (choice.domain, choice.reason) == expected
    assert build(choice.domain, constraints, frozenset(integers)).exact


def test_build_rejects_unknown_domains() -> None:
    with pytest.raises(ValueError, match="unknown numeric domain"):
        build("polyhedra", [])


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(["bounds", "differences", "octagonal", "linear"]).flatmap(
        lambda kind: systems(kind, integer=False, max_size=4)
    )
)
def test_the_chosen_domain_is_exact_and_every_forced_domain_is_sound(
    constraints: list[LinearConstraint],
) -> None:
    reference = LinearDomain.from_constraints(constraints)
    chosen = build(classify(constraints).domain, constraints)
    assert chosen.exact
    assert chosen.is_bottom() == reference.is_bottom()
    for name in DOMAINS:
        forced = build(name, constraints)
        assert forced.is_bottom() in (None, reference.is_bottom())
        for expr in probes(NAMES):
            assert forced.bound(expr).includes(reference.bound(expr))
            if forced.exact:
                assert forced.bound(expr) == reference.bound(expr)


def test_forcing_intervals_on_the_seed_pair_shows_the_sandwich() -> None:
    pair = [
        constraint(var("x").plus(var("y")), "=", 10, 1),
        constraint(var("x").plus(var("y"), -1), "=", 2, 2),
    ]
    weak, exact = build("interval", pair), build(classify(pair).domain, pair)
    assert not weak.exact and weak.is_bottom() is None
    assert exact.bound(var("x")).single == Fraction(6)
    assert exact.bound(var("y")).single == Fraction(4)
    assert weak.bound(var("x")).includes(exact.bound(var("x")))


ANY_FRAGMENT = st.sampled_from(("bounds", "differences", "octagonal", "linear")).flatmap(
    lambda kind: systems(kind, integer=False)
)


@settings(max_examples=200, deadline=None)
@given(ANY_FRAGMENT, ANY_FRAGMENT)
def test_the_stronger_of_two_choices_is_the_choice_for_both(
    constraints: list[LinearConstraint], extras: list[LinearConstraint]
) -> None:
    # numeric_witnesses asks this of every pinned witness instead of classifying the group
    # again; without integers it must be exactly what classify says.
    for extra in extras:
        whole = classify([*constraints, extra]).domain
        assert stronger(classify(constraints).domain, extra) == whole
