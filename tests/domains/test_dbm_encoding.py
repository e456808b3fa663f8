"""A difference-bound matrix encodes its bounds as it did: the scaling chosen from the edges
themselves (no pair made per edge), one key per edge for the weights and the origins.

The old ``scaling_for`` and ``encode_edges`` are kept here; on drawn systems of bounds and
differences, strict and not, integral and not, with equalities and repeated pairs, the
matrix's scaling, weights and origins must be theirs, and its answers and witnesses checked.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable
from fractions import Fraction

from certify.domains.dbm import DifferenceBoundMatrix
from certify.domains.dbm_paths import INF, Edge, Origin, Scaling
from certify.numeric import LinearConstraint, LinearExpr


def old_scaling_for(bounds: Iterable[tuple[Fraction, bool]], cycle_length: int) -> Scaling:
    listed = list(bounds)
    unit = math.lcm(1, *(value.denominator for value, _ in listed))
    if not any(flag for _, flag in listed):
        return Scaling(unit, 1)
    return Scaling(unit, cycle_length + 2 - cycle_length % 2)


def old_encode_edges(
    edges: Iterable[Edge], scaling: Scaling
) -> tuple[dict[tuple[int, int], int], Origin]:
    weights: dict[tuple[int, int], int] = {}
    origin: Origin = {}
    for tail, head, value, strict, position, factor in edges:
        weight = scaling.encode(value, strict)
        if weight < weights.get((tail, head), INF):
            weights[(tail, head)] = weight
            origin[(tail, head)] = (position, factor)
    return weights, origin


def drawn(pick: random.Random) -> list[LinearConstraint]:
    names = ["x", "y", "z", "w", "v"][: pick.randint(2, 5)]
    found = []
    for line in range(pick.randint(1, 12)):
        first, second = pick.sample(names, 2)
        value = Fraction(pick.randint(-9, 9), pick.choice([1, 1, 1, 2, 3]))
        left = LinearExpr.of({first: 1, second: -1} if pick.random() < 0.8 else {first: 1})
        relation = pick.choice(["<=", "<", "=", ">=", ">", "<=", "<="])
        found.append(LinearConstraint.make(left, relation, LinearExpr((), value), (line,)))
    return found


def test_the_encoding_is_the_old_one() -> None:
    pick = random.Random(3)
    strict = fractional = 0
    for _ in range(3000):
        constraints = drawn(pick)
        dbm = DifferenceBoundMatrix(constraints)
        edges = [
            e
            for i, c in enumerate(dbm.constraints)
            if c.terms and len(c.terms) <= 2
            for e in dbm._edges_of(i, c)
        ]
        scaling = old_scaling_for(((e[2], e[3]) for e in edges), len(dbm._nodes))
        assert dbm._scaling == scaling, constraints
        weights, origin = old_encode_edges(edges, scaling)
        assert dbm._graph.edges == weights and dbm._origin == origin, constraints
        point = dbm.witness()
        assert point is None or all(c.holds(point) for c in constraints)
        strict += scaling.slack > 1
        fractional += scaling.unit > 1
    assert strict > 500 and fractional > 500
