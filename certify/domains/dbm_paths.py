"""Exact shortest paths over difference graphs, for the DBM and octagon domains.

A bound ``V_v - V_u <= c`` (or ``< c``) is an edge ``u -> v``.  Every weight is stored as one
integer: with ``unit`` the lcm of the bounds' denominators and ``slack`` larger than the number
of edges of any simple cycle, ``c`` becomes ``slack * unit * c`` and a strict bound one less.
This is the delta-rational encoding ``c - delta`` (Dutertre and de Moura, CAV 2006) with a
fixed positive infinitesimal: path sums order first by value and then by strictness, and a
stored weight ``w`` decodes to ``ceil(w / slack) / unit``, strict when ``slack`` does not divide
``w``.  All the algorithms below then run on plain integers.

Integer weights are exact in float64 while every path sum stays below ``2**53``; the scipy and
numpy methods are used only when ``float_safe`` proves that, and the pure-Python ones
(arbitrary-precision integers) otherwise.  Closures provided:

* ``floyd_warshall`` / ``floyd_warshall_array``: O(N^3);
* ``square_closure``: the paper's section 5, ``M <- min(M, M (x) M)`` repeated, O(N^3) per
  round and ``ceil(log2 L)`` rounds for shortest paths of ``L`` edges; every partial result is
  a valid outer bound;
* ``dbm_pairs.johnson_closure``: Bellman-Ford potentials then one Dijkstra per source
  (Johnson 1977), O(N E log N), via scipy;
* ``dbm_pairs.PairOracle``: potentials computed once, then a bound between two nodes by two
  single-source Dijkstra runs on the reweighted graph, without any closure.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from certify.records import Record
from certify.run_limits import Deadline, current

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt
    from scipy.sparse import csr_matrix

INF = math.inf
FLOAT_EXACT = 2**53

Matrix = list[list[float]]
"""A dense bound matrix of Python integers, with ``INF`` for a missing bound."""
if TYPE_CHECKING:
    Array = npt.NDArray[np.float64]
else:  # numpy is imported only where an array is built: small graphs never load it
    Array = object


class Scaling(Record):
    """The integer encoding of (value, strict) bounds described in the module docstring."""

    unit: int
    slack: int

    def encode(self, value: Fraction, strict: bool) -> int:
        """Return the integer weight of ``<= value`` (or ``< value``)."""
        if value.denominator == 1:  # the usual integer bound: no Fraction arithmetic
            return self.slack * value.numerator * self.unit - (1 if strict else 0)
        scaled = value * self.unit
        if scaled.denominator != 1:
            raise ValueError(f"{value} is not a multiple of 1/{self.unit}")
        return self.slack * scaled.numerator - (1 if strict else 0)

    def decode(self, weight: int) -> tuple[Fraction, bool]:
        """Return the (value, strict) bound an integer weight stands for."""
        return Fraction(-(-weight // self.slack), self.unit), weight % self.slack != 0


def scaling_for(edges: Sequence[Edge], cycle_length: int) -> Scaling:
    """Choose the encoding for the bounds of ``edges`` in a graph whose simple cycles have at
    most ``cycle_length`` edges.

    The slack is 1 when no bound is strict; otherwise it is even, so that the midpoint of two
    strict ends is still an encoded value (readable witnesses).
    """
    unit = math.lcm(1, *{edge[2].denominator for edge in edges})
    if not any(edge[3] for edge in edges):
        return Scaling(unit, 1)
    return Scaling(unit, cycle_length + 2 - cycle_length % 2)


class DifferenceGraph(Record):
    """A weighted digraph on nodes ``0 .. size - 1``, one (minimal) weight per ordered pair."""

    size: int
    edges: dict[tuple[int, int], int]

    def float_safe(self, factor: int = 8) -> bool:
        """Whether ``factor`` times the total absolute weight fits float64 integers exactly."""
        return factor * sum(abs(w) for w in self.edges.values()) < FLOAT_EXACT

    def matrix(self) -> Matrix:
        """The adjacency matrix with zero diagonal."""
        rows: Matrix = [[INF] * self.size for _ in range(self.size)]
        for i in range(self.size):
            rows[i][i] = 0
        for (u, v), w in self.edges.items():
            if w < rows[u][v]:
                rows[u][v] = w
        return rows

    def array(self) -> Array:
        """The adjacency matrix as a float64 array (only when ``float_safe``)."""
        import numpy as np

        out = np.full((self.size, self.size), np.inf)
        np.fill_diagonal(out, 0.0)
        for (u, v), w in self.edges.items():
            out[u, v] = min(out[u, v], float(w))
        return out

    def sparse(self, shift: Sequence[int] | None = None) -> csr_matrix:
        """The graph as a scipy sparse matrix, weights reweighted by potentials ``shift``.

        Explicit zeros are edges for scipy's sparse input, so zero weights are kept.
        """
        import numpy as np
        from scipy.sparse import csr_matrix

        if not self.edges:
            return csr_matrix((self.size, self.size))
        rows = np.fromiter((u for u, _ in self.edges), dtype=np.int64)
        cols = np.fromiter((v for _, v in self.edges), dtype=np.int64)
        data = np.fromiter(self.edges.values(), dtype=np.float64)
        if shift is not None:
            potential = np.asarray(shift, dtype=np.float64)
            data = data + potential[rows] - potential[cols]
        return csr_matrix((data, (rows, cols)), shape=(self.size, self.size))


def read(matrix: Matrix | Array, i: int, j: int) -> int | None:
    """The integer entry ``(i, j)`` of a closure, None for no bound."""
    weight = matrix[i][j]
    return None if weight == INF else int(weight)


Edge = tuple[int, int, Fraction, bool, int, Fraction]
"""An edge before encoding: tail, head, value, strict, source constraint, its multiplier."""

Origin = dict[tuple[int, int], tuple[int, Fraction]]
"""For each kept edge, the input constraint it came from and that constraint's multiplier."""


def encode_edges(
    edges: Iterable[Edge], scaling: Scaling
) -> tuple[dict[tuple[int, int], int], Origin]:
    """The tightest encoded weight of every edge, and the constraint each one came from."""
    weights: dict[tuple[int, int], int] = {}
    origin: Origin = {}
    for tail, head, value, strict, position, factor in edges:
        weight = scaling.encode(value, strict)
        pair = (tail, head)  # one key for both tables
        if weight < weights.get(pair, INF):
            weights[pair] = weight
            origin[pair] = (position, factor)
    return weights, origin


def cycle_factors(cycle: Sequence[int], origin: Origin) -> dict[int, Fraction]:
    """The Farkas multiplier of each input constraint along a cycle (its edges' sum)."""
    factors: dict[int, Fraction] = {}
    for tail, head in zip(cycle, [*cycle[1:], *cycle[:1]]):
        position, factor = origin[(tail, head)]
        factors[position] = factors.get(position, Fraction(0)) + factor
    return factors


def has_negative_diagonal(matrix: Matrix | Array) -> bool:
    """Whether some node reaches itself with negative weight (a contradiction)."""
    return any(matrix[i][i] < 0 for i in range(len(matrix)))


def floyd_warshall(graph: DifferenceGraph) -> Matrix:
    """Close the graph exactly in pure Python; O(N^3).

    Stops as soon as a negative diagonal appears, since entries on a negative cycle can grow
    exponentially; the caller checks ``has_negative_diagonal``.
    """
    m = graph.matrix()
    size = graph.size
    for k in range(size):
        row_k = m[k]
        for i in range(size):
            through = m[i][k]
            if through == INF:
                continue
            row_i = m[i]
            for j in range(size):
                step = row_k[j]
                if step != INF and through + step < row_i[j]:
                    row_i[j] = through + step
        if m[k][k] < 0 or any(m[i][i] < 0 for i in range(size)):
            break
    return m


def floyd_warshall_array(graph: DifferenceGraph) -> Array:
    """Close the graph with numpy, one vectorized O(N^2) step per pivot; O(N^3) total."""
    import numpy as np

    m = graph.array()
    for k in range(graph.size):
        np.minimum(m, m[:, k : k + 1] + m[k : k + 1, :], out=m)
        if m[k, k] < 0:
            break
    return m


def square(matrix: Matrix) -> tuple[Matrix, bool]:
    """One round ``M <- min(M, M (x) M)`` in pure Python; O(N^3).  Returns (M, changed)."""
    size = len(matrix)
    out = [row[:] for row in matrix]
    changed = False
    for i in range(size):
        row_i = matrix[i]
        target = out[i]
        for k in range(size):
            through = row_i[k]
            if through == INF:
                continue
            row_k = matrix[k]
            for j in range(size):
                step = row_k[j]
                if step != INF and through + step < target[j]:
                    target[j] = through + step
                    changed = True
    return out, changed


def square_array(matrix: Array, deadline: Deadline | None = None) -> tuple[Array, bool]:
    """One round ``M <- min(M, M (x) M)`` with numpy; O(N^3).  Returns (M, changed).

    At the ``deadline`` the round stops part-way: every entry is still a path weight (a sound
    bound), and ``deadline.expired()`` tells the caller the round is not complete.
    """
    import numpy as np

    out = matrix.copy()
    for k in range(matrix.shape[0]):
        np.minimum(out, matrix[:, k : k + 1] + matrix[k : k + 1, :], out=out)
        if deadline is not None and k % 32 == 31 and deadline.expired():
            break
    return out, bool((out < matrix).any())


class PartialClosure(Record):
    """The result of squaring rounds: a valid outer bound, and whether it is the closure."""

    matrix: Matrix | Array
    rounds: int
    needed: int
    closed: bool


def rounds_needed(size: int) -> int:
    """Squaring rounds that cover every simple path and cycle: ``ceil(log2 size)``."""
    return max(1, math.ceil(math.log2(max(size, 2))))


def square_closure(
    graph: DifferenceGraph, budget: int | None = None, deadline: Deadline | None = None
) -> PartialClosure:
    """Close by repeated squaring, at most ``budget`` rounds; O(N^3) per round.

    After ``r`` rounds every entry is the shortest walk of at most ``2**r`` edges, so the
    result is closed once a round changes nothing or ``2**r`` reaches the node count, and is
    an outer bound (never tighter than the truth) at every step.  No round starts after the
    ``deadline``.
    """
    needed = rounds_needed(graph.size)
    use_numpy = graph.size > 40 and graph.float_safe()
    matrix: Matrix | Array = graph.array() if use_numpy else graph.matrix()
    rounds = 0
    closed = graph.size <= 1
    while not closed and (budget is None or rounds < budget):
        if deadline is not None and deadline.expired():
            break
        if isinstance(matrix, list):
            matrix, changed = square(matrix)
        else:
            matrix, changed = square_array(matrix, deadline)
        if deadline is not None and deadline.expired():
            closed = has_negative_diagonal(matrix)  # a cut round proves only a contradiction
            break
        rounds += 1
        closed = not changed or rounds >= needed or has_negative_diagonal(matrix)
    return PartialClosure(matrix, rounds, needed, closed)


def potentials(graph: DifferenceGraph) -> list[int] | None:
    """Exact Bellman-Ford from a virtual source; None when there is a negative cycle.

    O(N E) worst case, usually a few passes.  The result ``h`` satisfies
    ``h[v] <= h[u] + w(u, v)`` on every edge, so it is itself a solution of the system.
    """
    found = _bellman_ford(graph)
    assert found is not None  # no pass limit
    return None if isinstance(found, _Cycle) else found


def potentials_within(graph: DifferenceGraph, passes: int | None) -> tuple[bool, list[int] | None]:
    """``potentials`` in at most ``passes`` passes: (False, None) when they did not suffice."""
    found = _bellman_ford(graph, passes)
    if found is None:
        return False, None
    return True, None if isinstance(found, _Cycle) else found


def negative_cycle(graph: DifferenceGraph) -> list[int] | None:
    """Return the nodes of a negative cycle in edge order, or None when there is none."""
    found = _bellman_ford(graph)
    return found.cycle if isinstance(found, _Cycle) else None


class _Cycle(Record):
    cycle: list[int]


def _bellman_ford(graph: DifferenceGraph, passes: int | None = None) -> list[int] | _Cycle | None:
    """Bellman-Ford with a cycle check of the predecessor graph after passes 1, 2, 4, 8, ...

    A cycle among predecessor pointers always has negative weight, so checking them finds a
    contradiction long before the N-th pass.  Checking after every pass would cost O(N) per
    pass, most of the time on a long chain; checking after passes 1, 2, 4, ... and every pass
    from the N-th on costs O(N log N) in all and still ends by pass N + 1 on a negative cycle,
    as checking every pass did.  Raises ``LimitReached`` at the run's deadline; returns None
    when ``passes`` passes end without either.
    """
    size = graph.size
    distance = [0] * size
    parent = [-1] * size
    edges = list(graph.edges.items())
    deadline = current()
    for done in range(1, size + 2):
        deadline.check("Bellman-Ford")
        changed = False
        for (u, v), w in edges:
            if distance[u] + w < distance[v]:
                distance[v] = distance[u] + w
                parent[v] = u
                changed = True
        if not changed:
            return distance
        if done & (done - 1) == 0 or done >= size:
            cycle = _parent_cycle(parent)
            if cycle is not None:
                return _Cycle(cycle)
        if passes is not None and done >= passes:
            return None
    raise AssertionError("Bellman-Ford neither converged nor found a cycle")


def _parent_cycle(parent: list[int]) -> list[int] | None:
    """A cycle of the predecessor graph, in edge order, if it has one."""
    state = [0] * len(parent)
    for start in range(len(parent)):
        path: list[int] = []
        node = start
        while node != -1 and state[node] == 0:
            state[node] = 1
            path.append(node)
            node = parent[node]
        if node != -1 and state[node] == 1:
            cycle = path[path.index(node) :]
            cycle.reverse()
            return cycle
        for visited in path:
            state[visited] = 2
    return None


def add_edge(matrix: Matrix, u: int, v: int, weight: int) -> None:
    """Incrementally close a closed matrix after adding ``u -> v``; O(N^2) (in place).

    ``m[i][j] <- min(m[i][j], m[i][u] + w + m[v][j])``: a new shortest path uses the new edge
    at most once.
    """
    size = len(matrix)
    into_u = [matrix[i][u] for i in range(size)]
    from_v = matrix[v][:]
    for i in range(size):
        head = into_u[i]
        if head == INF:
            continue
        row = matrix[i]
        for j in range(size):
            tail = from_v[j]
            if tail != INF and head + weight + tail < row[j]:
                row[j] = head + weight + tail
