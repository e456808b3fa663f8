"""The lattice laws every numeric domain obeys (one contract suite, run over every domain).

Values are compared by what a caller can observe (emptiness and the bounds of a fixed set of
questions), since each domain has its own representation.  Integer systems include the grid
box so that branch and bound always finishes.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from certify.domains.base import NumericDomain
from certify.domains.classify import DOMAINS
from certify.domains.conflict import check_farkas
from certify.domains.linear import LinearDomain
from certify.numeric import EMPTY, EVERYTHING, LinearConstraint

from .systems import FRAGMENT_OF, NAMES, grid_box, observe, probes, solutions, systems

LAWS = settings(max_examples=40, deadline=None)


def draw_value(
    data: st.DataObject, name: str, integer: bool, *, foreign: bool = False
) -> tuple[NumericDomain, list[LinearConstraint]]:
    """A value of the named domain, from constraints of its fragment (or, with ``foreign``,
    sometimes outside it)."""
    kind = FRAGMENT_OF[name]
    if foreign and data.draw(st.booleans()):
        kind = "linear"
    constraints = data.draw(systems(kind, integer=integer, max_size=4))
    if integer:
        constraints += grid_box(NAMES)
    integers = frozenset(NAMES) if integer else frozenset()
    return DOMAINS[name].from_constraints(constraints, integers), constraints


@pytest.mark.parametrize("name", list(DOMAINS))
@LAWS
@given(data=st.data(), integer=st.booleans())
def test_meet_is_commutative_idempotent_and_lower(
    name: str, data: st.DataObject, integer: bool
) -> None:
    first, _ = draw_value(data, name, integer, foreign=True)
    second, _ = draw_value(data, name, integer, foreign=True)
    both = first.meet(second)
    assert observe(both, NAMES) == observe(second.meet(first), NAMES)
    assert observe(first.meet(first), NAMES) == observe(first, NAMES)
    for expr in probes(NAMES):
        assert first.bound(expr).includes(both.bound(expr))
        assert second.bound(expr).includes(both.bound(expr))


@pytest.mark.parametrize("name", list(DOMAINS))
@LAWS
@given(data=st.data(), integer=st.booleans())
def test_assuming_an_entailed_constraint_changes_nothing(
    name: str, data: st.DataObject, integer: bool
) -> None:
    value, _ = draw_value(data, name, integer, foreign=True)
    candidates = data.draw(systems(FRAGMENT_OF[name], integer=integer, max_size=4))
    closed = list(value.to_constraints())
    candidates += data.draw(st.permutations(closed))[:4] if closed else []
    for constraint in candidates:
        if value.entails(constraint):
            assert observe(value.assume(constraint), NAMES) == observe(value, NAMES)


@pytest.mark.parametrize("name", list(DOMAINS))
@LAWS
@given(data=st.data(), integer=st.booleans())
def test_closure_is_idempotent(name: str, data: st.DataObject, integer: bool) -> None:
    value, _ = draw_value(data, name, integer, foreign=True)
    again = type(value).from_constraints(value.to_constraints(), value.integers)
    for expr in probes(NAMES):
        assert again.bound(expr) == value.bound(expr), expr
    if value.exact:
        assert again.is_bottom() == value.is_bottom()
        assert set(again.to_constraints()) == set(value.to_constraints())


@pytest.mark.parametrize("name", list(DOMAINS))
@LAWS
@given(data=st.data(), integer=st.booleans())
def test_bottom_is_least_and_top_is_greatest(name: str, data: st.DataObject, integer: bool) -> None:
    value, _ = draw_value(data, name, integer, foreign=True)
    cls = DOMAINS[name]
    bottom, top = cls.bottom(), cls.top()
    assert bottom.is_bottom() is True
    assert bottom.meet(value).is_bottom() is True
    assert value.meet(bottom).is_bottom() is True
    assert bottom.witness() is None
    conflict = bottom.conflict()
    assert conflict is not None and check_farkas(conflict)
    assert top.is_bottom() is False and top.exact
    assert observe(value.meet(top), NAMES) == observe(value, NAMES)
    for expr in probes(NAMES):
        assert bottom.bound(expr) == EMPTY
        assert top.bound(expr) == EVERYTHING
        assert value.bound(expr).includes(value.meet(bottom).bound(expr))


@pytest.mark.parametrize("name", list(DOMAINS))
@LAWS
@given(data=st.data(), integer=st.booleans())
def test_entailment_is_sound(name: str, data: st.DataObject, integer: bool) -> None:
    value, constraints = draw_value(data, name, integer, foreign=True)
    questions = data.draw(systems("linear", integer=integer, max_size=4))
    for question in questions:
        if not value.entails(question):
            continue
        if integer:
            assert all(question.holds(p) for p in solutions(constraints, NAMES)), question
        else:
            for negation in question.negations():
                reference = LinearDomain.from_constraints([*constraints, negation])
                assert reference.is_bottom() is True, question
