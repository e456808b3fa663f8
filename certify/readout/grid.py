"""Questions about positions in the plane, answered by the difference-bound domain.

``What is the relation of Z to U?``: the DBM's tight bounds of ``dx = x(Z) - x(U)`` and
``dy = y(Z) - y(U)`` give the signs each can take; a label (``positions.LABELS``) is possible
when the DBM has a point with its signs, which the evaluator re-checks.  The label is forced
when the bounds leave one sign on each axis; its support is the statements that force dx and
dy.

``How do you go from A to B?``: a *step* between two named places is an offset the domain
proves: one axis equal and the other of one sign (by exactly one unit under the grid
reading).  The answer is the directions along a shortest route of steps from A to B; forced
when every shortest route gives the same directions, open when they differ (the
alternatives listed), unresolved when no route of proved steps joins A to B.  Each route is
checked by the evaluator on a point of the domain.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from fractions import Fraction
from itertools import pairwise
from typing import TYPE_CHECKING

from certify.domains.classify import build
from certify.meaning import queries
from certify.meaning.positions import COMPASS, LABELS
from certify.numeric import Interval, LinearConstraint, LinearExpr
from certify.readout.numbers import Group
from certify.readout.numeric_answer import _group_for
from certify.readout.numeric_certificates import support_for_value
from certify.readout.numeric_witnesses import state_with
from certify.readout.status import decide
from certify.report import Answer, Status, Witness

if TYPE_CHECKING:
    from certify.readout.answer import Certifier

ROUTES = 64
"""At most this many shortest routes are compared (the answer is unresolved beyond)."""
ZERO = LinearExpr((), Fraction(0))


def grid_answer(certifier: Certifier, question: queries.Question) -> Answer:
    """Certify a relation or route question."""
    consistency = certifier.consistency
    if consistency.consistent is not True:
        status: Status = "contradictory" if consistency.consistent is False else "unresolved"
        return Answer(
            question.text,
            question.line or None,
            status,
            None if status == "unresolved" else (),
            (),
            (),
            conflict=consistency.conflict,
            domain="numeric",
            reason=consistency.reason,
            stopped=consistency.stopped,
        )
    if isinstance(question.query, queries.AskRelation):
        return _relation(certifier, question, question.query)
    assert isinstance(question.query, queries.AskRoute)
    return _route(certifier, question, question.query)


def _signs(interval: Interval) -> tuple[int, ...]:
    """The signs a value in the interval can have."""
    low, high = interval.low, interval.high
    found = []
    if low is None or low < 0:
        found.append(-1)
    if interval.contains(Fraction(0)):
        found.append(0)
    if high is None or high > 0:
        found.append(1)
    return tuple(found)


def _sign_constraint(expr: LinearExpr, sign: int) -> LinearConstraint:
    return LinearConstraint.make(expr, {-1: "<", 0: "=", 1: ">"}[sign], ZERO, ())


def _relation(
    certifier: Certifier, question: queries.Question, query: queries.AskRelation
) -> Answer:
    group, _ = _group_for(certifier, {*query.dx.variables, *query.dy.variables})
    integers = certifier.problem.vocabulary.integers
    domain = group.domain if group else build("dbm", (), integers, certifier.options.budget)
    x_bound, _ = domain.tight_bound(query.dx)
    y_bound, _ = domain.tight_bound(query.dy)
    outer: list[str] = []
    witnesses: list[Witness] = []
    for label, (sx, sy) in LABELS.items():
        if sx not in _signs(x_bound) or sy not in _signs(y_bound):
            continue
        extra = (_sign_constraint(query.dx, sx), _sign_constraint(query.dy, sy))
        if domain.assume(extra[0]).assume(extra[1]).is_bottom() is True:
            continue  # the domain proves these signs impossible together
        outer.append(label)
        point = domain.witness(extra)
        if point is not None:
            state = state_with(certifier, dict(point))
            witnesses.append(certifier.witness(query, state, label))
    witnessed = tuple(w.answer for w in witnesses)
    status = decide(tuple(outer), witnessed)
    support = None
    if status == "forced" and group is not None:
        support = _support(certifier, group, [(query.dx, x_bound), (query.dy, y_bound)])
    return Answer(
        question.text,
        question.line or None,
        status,
        tuple(outer),
        witnessed,
        tuple(witnesses),
        support=support,
        how=None if support is None else "stated" if len(support) == 1 else "compositional",
        domain=group.name if group else "interval",
        reason=group.reason if group else "no statement places them",
    )


def _support(
    certifier: Certifier, group: Group, pinned: list[tuple[LinearExpr, Interval]]
) -> tuple[int, ...] | None:
    """The statements that force each pinned expression's value (None when one is not a
    single value, as under the ordering reading)."""
    lines: set[int] = set()
    for expr, interval in pinned:
        if interval.single is None:
            return None
        found = support_for_value(
            group.constraints, certifier.declarations, expr, interval.single, False, certifier.built
        )
        if found is None:
            return None
        lines.update(found)
    return tuple(sorted(lines))


def _steps(certifier: Certifier, query: queries.AskRoute) -> dict[int, list[tuple[int, str]]]:
    """From each place, the places one proved step away and the step's direction."""
    steps: dict[int, list[tuple[int, str]]] = {i: [] for i in range(len(query.places))}
    pairs = sorted({pair for a, b, _ in query.links for pair in ((a, b), (b, a)) if a != b})
    for i, j in pairs:
        (_, x, y), (_, u, v) = query.places[i], query.places[j]
        group, _ = _group_for(certifier, {x, y, u, v})
        if group is None or not {x, y, u, v} <= group.variables:
            continue
        dx = LinearExpr.variable(u).plus(LinearExpr.variable(x), -1)
        dy = LinearExpr.variable(v).plus(LinearExpr.variable(y), -1)
        x_signs = _signs(group.domain.tight_bound(dx)[0])
        y_signs = _signs(group.domain.tight_bound(dy)[0])
        if len(x_signs) != 1 or len(y_signs) != 1 or (x_signs[0] == 0) == (y_signs[0] == 0):
            continue
        if query.unit and group.domain.tight_bound(dx.plus(dy))[0].single not in (-1, 1):
            continue
        steps[i].append((j, COMPASS[(x_signs[0], y_signs[0])]))
    return steps


def _shortest(
    steps: dict[int, list[tuple[int, str]]], start: int, end: int
) -> Iterator[tuple[int, ...]]:
    """Every shortest route from start to end (breadth first, then back from the end)."""
    depth = {start: 0}
    frontier = [start]
    while frontier and end not in depth:
        following = []
        for node in frontier:
            for other, _ in steps[node]:
                if other not in depth:
                    depth[other] = depth[node] + 1
                    following.append(other)
        frontier = following
    if end not in depth:
        return

    def back(node: int) -> Iterator[tuple[int, ...]]:
        if node == start:
            yield (start,)
            return
        for before, after in steps.items():
            if depth.get(before) == depth[node] - 1 and any(o == node for o, _ in after):
                for route in back(before):
                    yield (*route, node)

    yield from back(end)


def _route(certifier: Certifier, question: queries.Question, query: queries.AskRoute) -> Answer:
    steps = _steps(certifier, query)
    routes: dict[str, tuple[int, ...]] = {}
    for count, route in enumerate(_shortest(steps, query.start, query.end)):
        if count == ROUTES:
            break
        directions = [dict(steps[here])[there] for here, there in pairwise(route)]
        routes.setdefault(", ".join(directions), route)
    witnesses: list[Witness] = []
    point = dict(certifier.consistency.point)
    state = state_with(certifier, point)
    for answer, route in routes.items():
        witnesses.append(certifier.witness(replace(query, via=route), state, answer))
    witnessed = tuple(w.answer for w in witnesses)
    status = decide(tuple(routes), witnessed)
    start, end = query.places[query.start][0], query.places[query.end][0]
    reason = "steps proved by the difference-bound domain"
    if not routes:
        reason = f"no route of proved steps joins {start} to {end}"
    group, _ = _group_for(certifier, {query.places[query.start][1]})
    support = _route_support(query, routes) if status == "forced" else None
    return Answer(
        question.text,
        question.line or None,
        status,
        tuple(routes),
        witnessed,
        tuple(witnesses),
        domain=group.name if group else "interval",
        reason=reason,
        support=support,
        how=None if support is None else "stated" if len(support) == 1 else "compositional",
    )


def _route_support(query: queries.AskRoute, routes: dict[str, tuple[int, ...]]) -> tuple[int, ...]:
    """The statements along the forced route: each forces its own step (its axis equal, the
    other of one sign, by one unit on the grid), so together they force the directions."""
    line: dict[frozenset[int], int] = {}
    for a, b, n in sorted(query.links, key=lambda link: link[2]):
        line.setdefault(frozenset((a, b)), n)  # the first statement that relates them
    route = next(iter(routes.values()))
    return tuple(sorted({line[frozenset(pair)] for pair in pairwise(route)}))
