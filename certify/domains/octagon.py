"""Octagons: exact reasoning on ``±x ± y <= c`` (strict or not) and bounds.

Miné's octagon domain ("The octagon abstract domain", HOSC 19, 2006): a DBM over 2n signed
nodes ``+x`` and ``-x`` (``V_{+x} = x``, ``V_{-x} = -x``), where ``x + y <= c`` is the edge
``-y -> +x`` together with its coherent twin ``-x -> +y``, and ``x <= c`` is ``-x -> +x`` with
weight ``2c``.  Closure is the shortest-path closure followed by one strengthening pass
``m[i][j] <- min(m[i][j], (m[i][bar i] + m[bar j][j]) / 2)``, which Bagnara, Hill and
Zaffanella proved computes the strong closure ("Weakly-relational shapes for numeric
abstractions", FMSD 2009); every entry of the strong closure is then tight over the reals.
Emptiness over the reals is a negative cycle, reported as its statements.

Integers (Bagnara, Hill and Zaffanella, "An improved tight closure algorithm for integer
octagonal constraints", VMCAI 2008): tighten the input to integral bounds, close, round every
unary entry ``m[i][bar i]`` down to an even number, check ``m[i][bar i] + m[bar i][i] >= 0``,
then strengthen; the result is the tight closure, exact over the integers.  Bounds are encoded
as in ``dbm_paths`` with an even unit, so that the halving of strengthening stays integral.

Cost: O(n^3) in pure Python on the 2n nodes (octagons serve text-sized groups), or O(n^3) per
squaring round under a ``budget``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING

from certify.domains.base import NumericDomain
from certify.domains.conflict import NumericConflict, check_cycle, check_farkas, shrink
from certify.domains.dbm_paths import (
    FLOAT_EXACT,
    INF,
    DifferenceGraph,
    Edge,
    Matrix,
    Scaling,
    cycle_factors,
    encode_edges,
    floyd_warshall,
    has_negative_diagonal,
    negative_cycle,
    read,
    square_closure,
)
from certify.domains.encoded import EncodedGraph
from certify.domains.fragments import affine, from_ends, mixed_components, shape, tighten, unit_form
from certify.domains.linear import LinearDomain
from certify.domains.octagon_lists import strengthen
from certify.domains.octagon_point import NUMPY_NODES, sequential_point
from certify.numeric import Interval, LinearConstraint, LinearExpr
from certify.run_limits import current

if TYPE_CHECKING:
    from certify.domains.octagon_point import Encoded


def float_safe(graph: DifferenceGraph, extra: int = 0) -> bool:
    """Whether every path sum (with ``extra`` more weight) is an exact float64 integer."""
    total = sum(abs(w) for w in graph.edges.values()) + abs(extra)
    return 16 * (graph.size + 1) * total < FLOAT_EXACT


def _node(index: int, sign: int) -> int:
    """The signed node of variable ``index``: ``2i`` for ``+x``, ``2i + 1`` for ``-x``."""
    return 2 * index + (0 if sign > 0 else 1)


class Octagon(EncodedGraph, NumericDomain):
    """A conjunction of octagonal constraints, strongly (or tightly) closed."""

    __slots__ = (
        "_delegate",
        "_empty",
        "_gcd_failure",
        "_graph",
        "_ignored",
        "_index",
        "_matrix",
        "_mixed",
        "_origin",
        "_scaling",
        "_stopped",
    )

    name = "octagon"

    def __init__(
        self,
        constraints: Sequence[LinearConstraint],
        integers: frozenset[str] = frozenset(),
        budget: int | None = None,
    ) -> None:
        super().__init__(constraints, integers, budget)
        fragment = [
            (i, c)
            for i, c in enumerate(self._constraints)
            if shape(c) in ("bound", "difference", "octagonal")
        ]
        self._ignored = tuple(c for c in self._constraints if shape(c) == "linear")
        self._mixed = mixed_components((c for _, c in fragment), self._integers)
        self._index = {name: i for i, name in enumerate(self.variables)}
        self._gcd_failure: LinearConstraint | None = None
        edges: list[Edge] = []
        for position, constraint in fragment:
            edges.extend(self._edges_of(position, constraint))
        size = 2 * len(self._index)
        unit = 2 * math.lcm(1, *(e[2].denominator for e in edges))
        strict = any(e[3] for e in edges)
        self._scaling = Scaling(unit, size + 2 - size % 2 if strict else 1)
        weights, self._origin = encode_edges(edges, self._scaling)
        self._graph = DifferenceGraph(size, weights)
        self._stopped: str | None = None
        self._delegate: LinearDomain | None = None
        self._matrix: Matrix = []
        self._empty = self._gcd_failure is not None or self._contradiction is not None
        if not self._empty:
            self._close()

    def _edges_of(self, position: int, constraint: LinearConstraint) -> list[Edge]:
        """Translate one octagonal constraint into its coherent pair of edges."""
        edges = self._edges_or_none(position, constraint)
        if edges is None:
            self._gcd_failure = constraint
            return []
        return edges

    def _edges_or_none(self, position: int, constraint: LinearConstraint) -> list[Edge] | None:
        """The edges of a constraint; None when integrality alone refutes it."""
        tightened = tighten(constraint, self._integers)
        form = unit_form(tightened)
        if form is None:
            return None
        factor = 1 / abs(constraint.terms[0][1])
        strict = tightened.op == "<"
        edges: list[Edge] = []
        for direction in (1, -1) if tightened.op == "=" else (1,):
            signs = [(self._index[name], sign * direction) for name, sign in form[0]]
            value = form[1] * direction
            if len(signs) == 1:
                x, s = signs[0]
                edges.append(
                    (_node(x, -s), _node(x, s), 2 * value, strict, position, 2 * factor * direction)
                )
                continue
            (x, s), (y, t) = signs
            edges.append((_node(y, -t), _node(x, s), value, strict, position, factor * direction))
            edges.append((_node(x, -s), _node(y, t), value, strict, position, factor * direction))
        return edges

    def _close(self) -> None:
        """Shortest-path closure (all of it, or ``budget`` squaring rounds), then
        integer tightening and strengthening.

        Every stage stops at the run's deadline; a partial closure is still a sound outer
        bound (its entries are path weights), so its emptiness is real and the rest inexact.
        """
        deadline = current()
        if self._budget is not None:
            partial = square_closure(self._graph, self._budget, deadline)
            matrix: Matrix = [[INF if w == INF else int(w) for w in row] for row in partial.matrix]
            if not partial.closed:
                rounds = f"{partial.rounds} of {partial.needed} squaring rounds"
                self._stopped = (
                    deadline.describe() + " during the octagon closure"
                    if deadline.expired()
                    else f"closure stopped after {rounds}"
                )
        elif self._graph.size > NUMPY_NODES and float_safe(self._graph):
            from certify.domains.octagon_closure import close, to_lists  # numpy

            closed, finished = close(self._graph, deadline)
            matrix = to_lists(closed)
            if not finished:
                self._stopped = deadline.describe() + " during the octagon closure"
        else:
            matrix = floyd_warshall(self._graph)
        if has_negative_diagonal(matrix):
            self._empty = True
            self._stopped = None
            return
        names = list(self._index)
        for x, name in enumerate(names):
            if name in self._integers:
                for i in (2 * x, 2 * x + 1):
                    matrix[i][i ^ 1] = self._round_even(matrix[i][i ^ 1])
                if _total(matrix[2 * x][2 * x + 1], matrix[2 * x + 1][2 * x]) < 0:
                    self._empty = True
                    self._stopped = None
                    return
        self._matrix = self._strengthen(matrix)

    def _round_even(self, weight: float) -> float:
        """Round an integer variable's ``±2x <= w`` down to an even integer, non-strict."""
        if weight == INF:
            return weight
        value, strict = self._scaling.decode(int(weight))
        half = value / 2
        rounded = math.ceil(half) - 1 if strict else math.floor(half)
        return self._scaling.encode(Fraction(2 * rounded), False)

    def _strengthen(self, matrix: Matrix) -> Matrix:
        """One strengthening pass through the unary entries; O(n^2)."""
        strengthen(matrix, self._scaling.slack)
        return matrix

    def _entry(self, tail: int, head: int) -> tuple[Fraction, bool] | None:
        weight = read(self._matrix, tail, head)
        return None if weight is None else self._scaling.decode(weight)

    def _pair(self, first: tuple[str, int], second: tuple[str, int] | None) -> Interval:
        """The interval of ``s*x + t*y`` (or of ``s*x`` when ``second`` is None)."""
        x, s = self._index[first[0]], first[1]
        if second is None:
            upper, lower = (
                self._entry(_node(x, -s), _node(x, s)),
                self._entry(_node(x, s), _node(x, -s)),
            )
            return affine(from_ends(upper, lower), Fraction(1, 2))
        y, t = self._index[second[0]], second[1]
        upper = self._entry(_node(y, -t), _node(x, s))
        lower = self._entry(_node(y, t), _node(x, -s))
        return from_ends(upper, lower)

    def _bound(self, expr: LinearExpr) -> Interval:
        terms = expr.terms
        if len(terms) == 1:
            name, factor = terms[0]
            return affine(self._pair((name, 1), None), factor, expr.constant)
        if len(terms) == 2 and abs(terms[0][1]) == abs(terms[1][1]):
            (x, a), (y, b) = terms
            sign = 1 if a * b > 0 else -1
            return affine(self._pair((x, 1), (y, sign)), a, expr.constant)
        if self._delegate is None:
            integers = self._integers & set(self.variables)
            self._delegate = LinearDomain.from_constraints(self.to_constraints(), integers)
        return self._delegate.bound(expr)

    def _conflict(self) -> NumericConflict:
        if self._gcd_failure is not None:
            return NumericConflict((self._gcd_failure,), "integer")
        conflict = self._cycle_conflict()
        if conflict is not None and len(conflict.constraints) > 2:
            smaller = shrink(conflict.constraints, self._infeasible)
            if len(smaller) < len(conflict.constraints):
                again = type(self)(smaller, self._integers)._cycle_conflict()
                conflict = again if again is not None else conflict
        if conflict is not None:
            return conflict
        fragment = [c for c in self._constraints if c not in self._ignored]
        return NumericConflict(shrink(fragment, self._infeasible), "integer")

    def _infeasible(self, subset: tuple[LinearConstraint, ...]) -> bool:
        return type(self)(subset, self._integers).is_bottom() is True

    def _cycle_conflict(self) -> NumericConflict | None:
        """A negative cycle among the (tightened) input edges, when there is one."""
        cycle = negative_cycle(self._graph)
        if cycle is None:
            return None
        factors = cycle_factors(cycle, self._origin)
        names = list(self._index)
        nodes = tuple(("+" if n % 2 == 0 else "-") + names[n // 2] for n in cycle)
        kept = {p: f for p, f in factors.items() if f != 0}
        conflict = NumericConflict(
            tuple(self._constraints[p] for p in kept), "cycle", nodes, tuple(kept.values())
        )
        if not check_farkas(conflict):
            conflict = replace(conflict, multipliers=None)
        return conflict if check_cycle(conflict, self._integers) else None

    def _candidate(self, extra: tuple[LinearConstraint, ...]) -> dict[str, Fraction] | None:
        """Fix the variables one at a time on the closed matrix, closing incrementally.

        ``extra`` constraints are added as edges first when they are octagonal over the
        octagon's variables and fit its encoding; otherwise the octagon is rebuilt with them.
        Without float-exact weights the exact linear domain proposes the point instead.
        """
        target, edges = self, self._encoded(extra)
        if edges is None:
            target, edges = self.meet(type(self).from_constraints(extra)), []
        if target.is_bottom() is True:
            return None
        largest = max((abs(w) for _, _, w in edges), default=0)
        every = (*target._constraints, *extra)
        if not float_safe(target._graph, largest * (len(target._index) + 1)):
            return LinearDomain(every, target._integers).witness()
        names = list(target._index)
        point = sequential_point(
            target._matrix, names, target._integers, target._scaling, current(), edges
        )
        if point is None and not target._integers & set(names) and not current().expired():
            # Real values are fixed on the encoding's grid (multiples of 1 / 2·unit): a value
            # chosen next to a strict bound can leave the next variable an open interval with
            # no grid point in it ("x + y < 0, z < y - 1, -y <= z": x = -1 leaves y in (1/2, 1)).
            # The octagon is not empty, so the exact linear domain finds a point.
            return LinearDomain(every, target._integers).witness()
        return point

    def _encoded(self, extra: tuple[LinearConstraint, ...]) -> list[Encoded] | None:
        """The encoded edges of extra constraints, or None when they do not fit."""
        edges: list[Encoded] = []
        for constraint in extra:
            if shape(constraint) not in ("bound", "difference", "octagonal"):
                return None
            if any(name not in self._index for name in constraint.variables):
                return None
            found = self._edges_or_none(-1, constraint)
            if found is None:
                return None
            for tail, head, value, strict, _, _ in found:
                units = value * self._scaling.unit
                # Strict edges need the slack, and halving needs even units (see _strengthen).
                if (strict and self._scaling.slack == 1) or units.denominator != 1 or units % 2:
                    return None
                edges.append((tail, head, self._scaling.encode(value, strict)))
        return edges

    def _closed_constraints(self) -> tuple[LinearConstraint, ...]:
        names = list(self._index)
        found: dict[LinearConstraint, LinearConstraint] = {}
        size = len(self._matrix)
        for tail in range(size):
            for head in range(size):
                entry = self._entry(tail, head)
                if tail == head or entry is None:
                    continue
                value, strict = entry
                terms: dict[str, Fraction] = {}
                for node, sign in ((head, 1), (tail, -1)):
                    name = names[node // 2]
                    side = sign if node % 2 == 0 else -sign
                    terms[name] = terms.get(name, Fraction(0)) + side
                expr = LinearExpr.of(terms)
                if not expr.terms:
                    continue
                constraint = LinearConstraint.make(
                    expr, "<" if strict else "<=", LinearExpr.of({}, value)
                )
                found.setdefault(constraint, constraint)
        return tuple(found)


def _total(first: float, second: float) -> float:
    return INF if INF in (first, second) else first + second
