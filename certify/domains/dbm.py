"""Difference-bound matrices: exact reasoning on ``x - y <= c``, ``x - y < c`` and bounds.

A DBM is the paper's section 5 element: the bound matrix of a graph with one node per
variable plus a zero node (so that ``x <= c`` is ``x - 0 <= c``).  Conjunction is entrywise
minimum, closure is the min-plus (shortest-path) closure, the readout for ``x_i - x_k`` is
``[-b_ki, b_ik]`` and a negative diagonal entry is a contradiction, certified by the negative
cycle it comes from.  Strict and non-strict bounds are kept apart by the integer encoding of
``dbm_paths`` (value first, then strictness).

Closure is chosen by size and budget:

* with a ``budget`` of ``k``, at most ``k`` rounds of the paper's squaring
  ``M <- min(M, M (x) M)``; every partial closure is a valid outer bound, so an unfinished one
  is reported as ``stopped`` and inexact, never wrong;
* small graphs (up to 40 nodes): Floyd-Warshall at construction, O(N^3);
* larger graphs: Bellman-Ford potentials at construction, O(N E) (in pure Python unless that
  needs many passes: ``dbm_pairs.RELAXATIONS``); a question then costs two Dijkstra runs
  (Johnson's reweighting) and the full closure, computed only if a caller needs it, is
  Johnson's algorithm, O(N E log N).

Integers: constraints whose variables are all integers are tightened (``< c`` to
``<= ceil(c) - 1``, ``<= c`` to ``<= floor(c)``), after which shortest paths are exact over the
integers (the constraint matrix is totally unimodular).  Groups of linked variables must be all
integer or all real for the result to be exact; a mixed group is over-approximated soundly.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING

from certify.domains.base import NumericDomain
from certify.domains.conflict import ZERO, NumericConflict, check_farkas
from certify.domains.dbm_paths import (
    Array,
    DifferenceGraph,
    Edge,
    Matrix,
    add_edge,
    cycle_factors,
    encode_edges,
    floyd_warshall,
    has_negative_diagonal,
    negative_cycle,
    potentials,
    read,
    scaling_for,
    square_closure,
)
from certify.domains.encoded import EncodedGraph
from certify.domains.fragments import (
    affine,
    from_ends,
    interval_sum,
    mixed_components,
    shape,
    tighten,
    unit_form,
)
from certify.numeric import Interval, LinearConstraint, LinearExpr, fraction
from certify.run_limits import current

if TYPE_CHECKING:
    from certify.domains.dbm_pairs import PairOracle
    from certify.domains.linear import LinearDomain

SMALL = 40
"""Graphs up to this many nodes are closed eagerly by Floyd-Warshall in pure Python."""

ONE = Fraction(1)


class DifferenceBoundMatrix(EncodedGraph, NumericDomain):
    """A conjunction of difference bounds, closed by shortest paths."""

    __slots__ = (
        "_delegate",
        "_empty",
        "_gcd_failure",
        "_graph",
        "_ignored",
        "_index",
        "_matrix",
        "_mixed",
        "_nodes",
        "_oracle",
        "_origin",
        "_scaling",
        "_stopped",
    )

    name = "dbm"

    def __init__(
        self,
        constraints: Sequence[LinearConstraint],
        integers: frozenset[str] = frozenset(),
        budget: int | None = None,
    ) -> None:
        super().__init__(constraints, integers, budget)
        fragment: list[int] = []  # positions: no pair per constraint to make and keep
        ignored: list[LinearConstraint] = []
        for i, c in enumerate(self._constraints):  # one pass, one ``shape`` per constraint
            kind = shape(c)
            if kind == "bound" or kind == "difference":
                fragment.append(i)
            elif kind != "constant":
                ignored.append(c)
        self._ignored = tuple(ignored)
        given = self._constraints
        self._mixed = mixed_components((given[i] for i in fragment), self._integers)
        self._nodes = (ZERO, *self.variables)
        self._index = {name: i for i, name in enumerate(self._nodes)}
        self._gcd_failure: LinearConstraint | None = None
        edges: list[Edge] = []
        for position in fragment:
            edges.extend(self._edges_of(position, given[position]))
        self._scaling = scaling_for(edges, len(self._nodes))
        weights, self._origin = encode_edges(edges, self._scaling)
        self._graph = DifferenceGraph(len(self._nodes), weights)
        self._matrix: Matrix | Array | None = None
        self._oracle: PairOracle | None = None
        self._stopped: str | None = None
        self._delegate: LinearDomain | None = None
        self._empty = self._gcd_failure is not None or self._contradiction is not None
        if not self._empty:
            self._close()

    def _edges_of(self, position: int, constraint: LinearConstraint) -> list[Edge]:
        """Translate one bound or difference into graph edges ``tail -> head``."""
        tightened = tighten(constraint, self._integers)
        form = unit_form(tightened)
        if form is None:
            self._gcd_failure = constraint
            return []
        signs, value = form
        first = constraint.terms[0][1]
        factor = ONE if abs(first.numerator) == first.denominator == 1 else 1 / abs(first)
        head = tail = 0
        for name, sign in signs:
            if sign > 0:
                head = self._index[name]
            else:
                tail = self._index[name]
        strict = tightened.op == "<"
        edges: list[Edge] = [(tail, head, value, strict, position, factor)]
        if tightened.op == "=":
            edges.append((head, tail, -value, False, position, -factor))
        return edges

    def _close(self) -> None:
        """Compute the closure (or the potentials) the size and budget call for."""
        if self._budget is not None:
            deadline = current()
            partial = square_closure(self._graph, self._budget, deadline)
            self._matrix = partial.matrix
            self._empty = has_negative_diagonal(partial.matrix)
            if not partial.closed and not self._empty:
                rounds = f"{partial.rounds} of {partial.needed} squaring rounds"
                self._stopped = (
                    f"{deadline.describe()} during the closure, after {rounds}"
                    if deadline.expired()
                    else f"closure stopped after {rounds}"
                )
        elif self._graph.size <= SMALL:
            self._matrix = floyd_warshall(self._graph)
            self._empty = has_negative_diagonal(self._matrix)
        else:
            from certify.domains.dbm_pairs import PairOracle

            self._oracle = PairOracle.build(self._graph)
            self._empty = self._oracle is None

    def _closure(self) -> Matrix | Array:
        """The full (or budget-partial) closure, computed on first use and kept."""
        if self._matrix is None:
            from certify.domains.dbm_pairs import johnson_closure

            closed = johnson_closure(self._graph)
            if closed is None:
                raise AssertionError("a consistent graph has no negative cycle")
            self._matrix = closed
        return self._matrix

    def _distances(self, u: int, v: int) -> tuple[tuple[Fraction, bool] | None, ...]:
        """Decoded shortest distances ``u -> v`` and ``v -> u``."""
        if self._matrix is not None:
            found = (read(self._matrix, u, v), read(self._matrix, v, u))
        else:
            assert self._oracle is not None
            found = self._oracle.pair(u, v)
        return tuple(None if w is None else self._scaling.decode(w) for w in found)

    def _difference(self, head: str, tail: str) -> Interval:
        """The interval of ``head - tail`` (either may be the zero node)."""
        h, t = self._index[head], self._index[tail]
        upper, lower = self._distances(t, h)
        return from_ends(upper, lower)

    def _bound(self, expr: LinearExpr) -> Interval:
        terms = expr.terms
        if len(terms) == 1:
            name, factor = terms[0]
            return affine(self._difference(name, ZERO), factor, expr.constant)
        if len(terms) == 2 and terms[0][1] == -terms[1][1]:
            (first, factor), (second, _) = terms
            return affine(self._difference(first, second), factor, expr.constant)
        if all(c > 0 for _, c in terms) or all(c < 0 for _, c in terms):
            # At the closure, the point of all upper (or all lower) bounds is feasible.
            parts = (affine(self._difference(n, ZERO), c) for n, c in terms)
            return affine(interval_sum(parts), Fraction(1), expr.constant)
        if self._delegate is None:
            # Closed integer bounds make the polyhedron integral (the constraint matrix is
            # totally unimodular), so the real optimum is the integer one.
            from certify.domains.linear import LinearDomain

            self._delegate = LinearDomain.from_constraints(self.to_constraints())
        return self._delegate.bound(expr)

    def _conflict(self) -> NumericConflict:
        if self._gcd_failure is not None:
            return NumericConflict((self._gcd_failure,), "integer")
        cycle = negative_cycle(self._graph)
        if cycle is None:
            raise AssertionError("an empty difference graph has a negative cycle")
        factors = cycle_factors(cycle, self._origin)
        conflict = NumericConflict(
            tuple(self._constraints[p] for p in factors),
            "cycle",
            tuple(self._nodes[n] for n in cycle),
            tuple(factors.values()),
        )
        return conflict if check_farkas(conflict) else replace(conflict, multipliers=None)

    def _closed_constraints(self) -> tuple[LinearConstraint, ...]:
        matrix = self._closure()
        size = len(self._nodes)
        out: list[LinearConstraint] = []
        for i in range(size):
            for j in range(size):
                weight = read(matrix, i, j)
                if i == j or weight is None:
                    continue
                value, strict = self._scaling.decode(weight)
                back = read(matrix, j, i)
                if (
                    not strict
                    and back is not None
                    and self._scaling.decode(back) == (-value, False)
                ):
                    if i < j:
                        out.append(self._constraint(i, j, "=", value))
                    continue
                out.append(self._constraint(i, j, "<" if strict else "<=", value))
        return tuple(out)

    def _constraint(self, tail: int, head: int, op: str, value: Fraction) -> LinearConstraint:
        """The constraint ``V_head - V_tail OP value``."""
        terms: dict[str, Fraction] = {}
        if head:
            terms[self._nodes[head]] = Fraction(1)
        if tail:
            terms[self._nodes[tail]] = Fraction(-1)
        return LinearConstraint.make(LinearExpr.of(terms), op, LinearExpr.of({}, value))

    def _candidate(self, extra: tuple[LinearConstraint, ...]) -> dict[str, Fraction] | None:
        if extra and self._oracle is not None:
            edges = self._extra_edges(extra)
            if edges is not None:  # the meet's potentials, from these ones: no new graph
                from certify.domains.dbm_pairs import with_edges

                found = with_edges(self._graph, self._oracle.potential, edges)
                return None if found is None else self._point_of(found)
        target = self if not extra else self.meet(type(self).from_constraints(extra))
        if target.is_bottom() is True:
            return None
        matrix = target._matrix
        if isinstance(matrix, list) and target._stopped is None:
            return target._sequential_point(matrix)
        return target._potential_point()

    def _extra_edges(
        self, extra: tuple[LinearConstraint, ...]
    ) -> list[tuple[int, int, int]] | None:
        """The encoded edges of ``extra`` when the meet keeps this graph's nodes and encoding
        (bounds and differences of known variables, each with a unit form, no new denominator,
        no strict bound where there was none); None when the meet must be built instead."""
        if any(shape(c) not in ("bound", "difference") for c in extra):
            return None
        if any(n not in self._index for c in extra for n in c.variables):
            return None
        if any(unit_form(tighten(c, self._integers)) is None for c in extra):
            return None
        edges = [e for c in extra for e in self._edges_of(0, c)]
        scaling = self._scaling
        for _, _, value, strict, _, _ in edges:
            if (value * scaling.unit).denominator != 1 or (strict and scaling.slack == 1):
                return None
        return [(tail, head, scaling.encode(v, s)) for tail, head, v, s, _, _ in edges]

    def _point_of(self, potential: list[int]) -> dict[str, Fraction]:
        """The solution a potential stands for, in the user's units."""
        whole = self._scaling.slack * self._scaling.unit
        base = potential[0]
        if whole == 1:  # integer weights: no gcd to take, and small values shared
            return {name: fraction(potential[i] - base) for i, name in enumerate(self._nodes) if i}
        return {
            name: Fraction(potential[i] - base, whole) for i, name in enumerate(self._nodes) if i
        }

    def _sequential_point(self, closed: Matrix) -> dict[str, Fraction] | None:
        """Fix the variables one by one inside their closed bounds, re-closing in O(N^2) each.

        Works in the encoded integers, where every integer between a node's bounds extends to a
        solution; values that are integers in the user's units are preferred.
        """
        matrix = [row[:] for row in closed]
        whole = self._scaling.slack * self._scaling.unit
        point: dict[str, Fraction] = {}
        for node in range(1, len(self._nodes)):
            name = self._nodes[node]
            low, high = read(matrix, node, 0), read(matrix, 0, node)
            chosen = _choose_encoded(
                None if low is None else -low, high, whole, name in self._integers
            )
            if chosen is None:
                return None
            add_edge(matrix, 0, node, chosen)
            add_edge(matrix, node, 0, -chosen)
            point[name] = Fraction(chosen, whole)
        return point

    def _potential_point(self) -> dict[str, Fraction] | None:
        """A solution read off Bellman-Ford potentials, O(N E) (those of the pair oracle when
        there is one: they were computed at construction)."""
        found: list[int] | None
        if self._oracle is not None:
            found = self._oracle.potential
        elif self._graph.size <= SMALL:
            found = potentials(self._graph)  # exact, and no numpy to load for a small graph
        else:
            from certify.domains.dbm_pairs import PairOracle

            oracle = PairOracle.build(self._graph)
            found = None if oracle is None else oracle.potential
        return None if found is None else self._point_of(found)


def _choose_encoded(low: int | None, high: int | None, whole: int, integer: bool) -> int | None:
    """An encoded value in ``[low, high]``: a multiple of ``whole`` closest to 0 if any."""
    first = None if low is None else -(-low // whole)
    last = None if high is None else high // whole
    if first is None or last is None or first <= last:
        k = 0 if first is None or first <= 0 else first
        if last is not None and k > last:
            k = last
        return k * whole
    if integer or low is None or high is None or low > high:
        return None
    return (low + high) // 2
