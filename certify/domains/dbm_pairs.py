"""Johnson's reweighting: the default full closure, and single questions without any closure.

Potentials are computed once (the exact pure-Python Bellman-Ford of ``dbm_paths``, or
scipy's when that one needs too many passes and every path sum is exact in float64); a bound
between two nodes is then two single-source Dijkstra runs on the reweighted graph, whose
weights are nonnegative, and ``johnson_closure`` is one run from every node (Johnson 1977).
At n = 2000 this answers ``x_i - x_k`` in milliseconds where a full closure takes seconds.

numpy and scipy are imported only on the paths that use them: their import costs 0.35 to
0.65 s (measured on the 2-core test machine, ``import scipy.sparse.csgraph``), more than the
whole pure-Python answer of a 2,000-variable system.
"""

from __future__ import annotations

import heapq
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from certify.domains.dbm_paths import (
    INF,
    Array,
    DifferenceGraph,
    Matrix,
    potentials_within,
)
from certify.records import Record
from certify.run_limits import LimitReached

if TYPE_CHECKING:
    from scipy.sparse import csr_matrix

RELAXATIONS = 2_000_000
"""Edge relaxations the pure-Python Bellman-Ford may spend before scipy's takes over.

Measured (``benchmarks/difference_growth.py`` graphs and a chain listed against its path
order, process time on the 2-core test machine): one pure-Python relaxation costs about
150 ns, so 2,000,000 of them (0.3 s) cost about what importing numpy and scipy costs
(0.35-0.65 s).  scipy's Bellman-Ford always does N passes (2,000-node chain: 0.03 s, 8,000:
0.5 s, 32,000: 9 s) where the pure-Python one stops at the first pass that changes nothing
(32,000-node chain or random sparse system: 0.05-0.15 s); only graphs whose shortest paths
need many passes (a negative chain listed backwards: 2,000 nodes 0.6 s, 8,000 nodes 7.6 s
in pure Python) are faster in scipy, and those are the ones that run out of relaxations.
"""


class PairOracle(Record):
    """Answers single questions ``V_v - V_u`` without a closure (Johnson's reweighting).

    Built once in O(N E) (the potentials); each question then costs one Dijkstra run per
    source, O(E log N), on the reweighted graph whose weights are all nonnegative.
    """

    graph: DifferenceGraph
    potential: list[int]
    reweighted: csr_matrix | None
    adjacency: list[list[tuple[int, int]]]

    @staticmethod
    def build(graph: DifferenceGraph, relaxations: int = RELAXATIONS) -> PairOracle | None:
        """Compute the potentials; None when the graph has a negative cycle.

        Pure Python first, within ``relaxations``; scipy only when that runs out and scipy is
        exact on the graph.  Both give the same potentials (the shortest distances from a
        virtual source), so the answers and witnesses do not depend on the path taken.
        """
        float_safe = graph.float_safe(factor=4 * max(graph.size, 1))
        passes = max(1, relaxations // max(len(graph.edges), 1)) if float_safe else None
        try:
            finished, exact = potentials_within(graph, passes)
        except LimitReached:
            if not float_safe:
                raise
            finished = False  # scipy's run cannot be stopped: it ends the job, as it always did
        if not finished:
            return _scipy_oracle(graph)
        if exact is None:
            return None
        adjacency: list[list[tuple[int, int]]] = [[] for _ in range(graph.size)]
        for (u, v), w in graph.edges.items():
            adjacency[u].append((v, w + exact[u] - exact[v]))
        return PairOracle(graph, exact, None, adjacency)

    def distances(self, source: int) -> list[float]:
        """Shortest distances from ``source`` to every node (``INF`` when unreachable)."""
        return self.distances_from([source])[0]

    def distances_from(self, sources: Sequence[int]) -> list[list[float]]:
        """Shortest distances from each source, one Dijkstra run per source."""
        h = self.potential
        if self.reweighted is not None:
            from scipy.sparse.csgraph import dijkstra

            found: Any = dijkstra(self.reweighted, directed=True, indices=list(sources))
            return [
                [INF if d == INF else int(d) - h[source] + h[v] for v, d in enumerate(row)]
                for row, source in zip(found, sources)
            ]
        return [self._dijkstra(source) for source in sources]

    def pair(self, u: int, v: int) -> tuple[int | None, int | None]:
        """The shortest distances ``u -> v`` and ``v -> u`` (None when unreachable)."""
        if self.reweighted is None:  # ``_dijkstra`` has undone the reweighting already
            there, back = self._dijkstra(u)[v], self._dijkstra(v)[u]
            return None if there == INF else int(there), None if back == INF else int(back)
        from scipy.sparse.csgraph import dijkstra

        h = self.potential
        found: Any = dijkstra(self.reweighted, directed=True, indices=[u, v])
        there, back = float(found[0][v]), float(found[1][u])
        return (
            None if there == INF else int(there) - h[u] + h[v],
            None if back == INF else int(back) - h[v] + h[u],
        )

    def _dijkstra(self, source: int) -> list[float]:
        h = self.potential
        best: list[float] = [INF] * self.graph.size
        best[source] = 0
        queue = [(0, source)]
        while queue:
            d, u = heapq.heappop(queue)
            if d > best[u]:
                continue
            for v, w in self.adjacency[u]:
                if d + w < best[v]:
                    best[v] = d + w
                    heapq.heappush(queue, (d + w, v))
        return [INF if d == INF else int(d) - h[source] + h[v] for v, d in enumerate(best)]


def with_edges(
    graph: DifferenceGraph, potential: list[int], edges: Sequence[tuple[int, int, int]]
) -> list[int] | None:
    """The potentials of ``graph`` plus ``edges`` from those of ``graph``; None on a negative
    cycle.  O(E log N) per edge, with no new graph (Cotton and Maler 2006).

    For an edge ``u -> v`` of weight ``w`` that ``h`` violates, ``d = h[v] - h[u] - w > 0``;
    a Dijkstra run from ``v`` on the reduced weights ``w' + h[a] - h[b] >= 0`` lowers every
    node ``x`` it reaches at ``r < d`` by ``d - r``, which is ``min(h[x], h[u] + w +
    dist(v, x))``: the shortest distances from the virtual source again, so the potentials
    (and the witness read off them) are those a rebuilt graph gets.  Reaching ``u`` itself
    closes a cycle of weight ``r - d < 0``.
    """
    h = list(potential)
    out: list[list[tuple[int, int]]] = [[] for _ in range(graph.size)]
    for (a, b), w in graph.edges.items():
        out[a].append((b, w))
    for u, v, w in edges:
        out[u].append((v, w))
        lack = h[v] - h[u] - w
        if lack <= 0:
            continue
        reached: dict[int, int] = {}
        queue = [(0, v)]
        while queue:
            r, a = heapq.heappop(queue)
            if a in reached or r >= lack:
                continue
            if a == u:
                return None
            reached[a] = r
            for b, weight in out[a]:
                step = r + weight + h[a] - h[b]
                if b not in reached and step < lack:
                    heapq.heappush(queue, (step, b))
        for a, r in reached.items():
            h[a] -= lack - r
    return h


def _scipy_oracle(graph: DifferenceGraph) -> PairOracle | None:
    """The oracle from scipy's potentials (float-safe graphs only); None on a negative cycle."""
    found = _scipy_potentials(graph)
    if not found:
        return None  # scipy found a negative cycle, exactly (float-safe weights)
    potential = [int(h) for h in found]  # finite: the extra node reaches every node
    return PairOracle(graph, potential, graph.sparse(potential), [])


def _scipy_potentials(graph: DifferenceGraph) -> list[float]:
    """Potentials by scipy's Bellman-Ford from an extra node with weight-1 edges to all.

    Every path from the extra node uses exactly one of its edges, so the weight 1 (kept
    nonzero so that scipy sees the edges) shifts all potentials alike.  Returns ``[]`` on a
    negative cycle.
    """
    from scipy.sparse.csgraph import NegativeCycleError, bellman_ford

    size = graph.size
    source_edges = {(size, v): 1 for v in range(size)}
    extended = DifferenceGraph(size + 1, {**graph.edges, **source_edges})
    try:
        found = bellman_ford(extended.sparse(), directed=True, indices=size)
    except NegativeCycleError:
        return []
    return [float(d) for d in found[:size]]


def johnson_closure(graph: DifferenceGraph) -> Array | Matrix | None:
    """Close with Johnson's algorithm (scipy when float-safe); None on a negative cycle.

    O(N E log N): potentials by Bellman-Ford, then Dijkstra from every node.
    """
    if graph.float_safe():
        from scipy.sparse.csgraph import NegativeCycleError, johnson

        try:
            result: Array = johnson(graph.sparse(), directed=True)
        except NegativeCycleError:
            return None
        return result
    oracle = PairOracle.build(graph)
    if oracle is None:
        return None
    return [oracle.distances(source) for source in range(graph.size)]
