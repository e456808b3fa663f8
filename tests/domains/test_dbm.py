"""Difference-bound matrices: brute force, the linear domain, partial closures and paths."""

from __future__ import annotations

import math
import random
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from certify.domains.conflict import ZERO, check_cycle, check_farkas
from certify.domains.dbm import DifferenceBoundMatrix
from certify.domains.dbm_pairs import PairOracle, johnson_closure
from certify.domains.dbm_paths import (
    INF,
    DifferenceGraph,
    floyd_warshall,
    floyd_warshall_array,
    has_negative_diagonal,
    negative_cycle,
    square_closure,
)
from certify.domains.linear import LinearDomain
from certify.numeric import Interval, LinearConstraint, LinearExpr

from .checks import check_against_linear, check_integer_system, valid_point
from .systems import NAMES, constraint, grid_box, probes, systems, var

PROPERTIES = settings(max_examples=150, deadline=None)


@PROPERTIES
@given(systems("differences", integer=True, max_size=6))
def test_integer_differences_match_brute_force(constraints: list[LinearConstraint]) -> None:
    domain = check_integer_system(DifferenceBoundMatrix, constraints, NAMES)
    assert domain.exact


@PROPERTIES
@given(systems("differences", integer=False, max_size=6))
def test_real_differences_match_the_linear_domain(constraints: list[LinearConstraint]) -> None:
    domain = check_against_linear(DifferenceBoundMatrix, constraints, NAMES)
    assert domain.exact


@settings(max_examples=80, deadline=None)
@given(
    systems("octagonal", integer=False, max_size=4) | systems("linear", integer=False, max_size=3)
)
def test_constraints_outside_the_fragment_are_relaxed_soundly(
    constraints: list[LinearConstraint],
) -> None:
    check_against_linear(DifferenceBoundMatrix, constraints, NAMES)


@settings(max_examples=80, deadline=None)
@given(systems("differences", integer=False, max_size=5), st.sets(st.sampled_from(NAMES)))
def test_mixed_integer_and_real_differences_stay_sound(
    constraints: list[LinearConstraint], integers: set[str]
) -> None:
    system = [*constraints, *grid_box(NAMES)]
    domain = DifferenceBoundMatrix.from_constraints(system, frozenset(integers))
    reference = LinearDomain.from_constraints(system, frozenset(integers))
    assert reference.exact
    assert domain.is_bottom() in (None, reference.is_bottom())
    for expr in probes(NAMES):
        assert domain.bound(expr).includes(reference.bound(expr)), expr
    point = domain.witness()
    assert point is None or valid_point(point, system, frozenset(integers))


@settings(max_examples=100, deadline=None)
@given(systems("differences", integer=False, max_size=8), st.integers(0, 3))
def test_every_partial_closure_contains_the_full_closure(
    constraints: list[LinearConstraint], rounds: int
) -> None:
    full = DifferenceBoundMatrix.from_constraints(constraints)
    partial = DifferenceBoundMatrix.from_constraints(constraints, budget=rounds)
    assert partial.is_bottom() in (True, None) if partial.stopped else partial.exact
    if partial.is_bottom() is True:
        assert full.is_bottom() is True
    if partial.stopped:
        assert not partial.exact and partial.is_bottom() is None
    for expr in probes(NAMES):
        assert partial.bound(expr).includes(full.bound(expr)), expr
        if partial.exact:
            assert partial.bound(expr) == full.bound(expr)


def test_a_chain_of_l_edges_closes_in_log2_l_squaring_rounds() -> None:
    length = 12
    chain = [
        constraint(var(f"v{i}").plus(var(f"v{i + 1}"), -1), "<=", 1, i + 1) for i in range(length)
    ]
    question = var("v0").plus(var(f"v{length}"), -1)
    rounds = math.ceil(math.log2(length))
    short = DifferenceBoundMatrix.from_constraints(chain, budget=rounds - 1)
    enough = DifferenceBoundMatrix.from_constraints(chain, budget=rounds)
    assert short.stopped and not short.exact
    assert short.bound(question).high is None
    assert enough.bound(question) == Interval(None, Fraction(length), False, True)
    assert DifferenceBoundMatrix.from_constraints(chain).bound(question) == enough.bound(question)


def test_a_negative_cycle_is_the_conflict() -> None:
    cycle = [
        constraint(var("x").plus(var("y"), -1), "<=", -1, 1),
        constraint(var("y").plus(var("z"), -1), "<", 0, 2),
        constraint(var("z").plus(var("x"), -1), "<=", 1, 3),
        constraint(var("w"), ">=", 7, 4),
    ]
    dbm = DifferenceBoundMatrix.from_constraints(cycle)
    assert dbm.is_bottom() is True
    conflict = dbm.conflict()
    assert conflict is not None and conflict.kind == "cycle"
    assert conflict.tags() == {1, 2, 3}
    assert conflict.cycle is not None and set(conflict.cycle) == {"x", "y", "z"}
    assert check_farkas(conflict) and check_cycle(conflict)


@pytest.mark.parametrize("size", [1, 2, 3])
@pytest.mark.parametrize("large", [False, True])
def test_a_cycle_of_scaled_differences_has_the_exact_farkas_multipliers(
    size: int, large: bool
) -> None:
    """``2x - 2y <= 6`` enters the graph as ``x - y <= 3`` with multiplier 1/2: the certificate
    must carry that factor (a wrong one fails ``check_farkas`` and the DBM drops the
    multipliers without a word), for inequalities and equalities, small graphs and large."""
    k = Fraction(size)
    x, y, z = var("x"), var("y"), var("z")
    cycle = [
        constraint(x.plus(y, -1).scaled(2 * k), "<=", 6 * k, 1),  # 2k(x - y) <= 6k
        constraint(y.plus(z, -1).scaled(-3), ">=", 3, 2),  # -3(y - z) >= 3: y - z <= -1
        constraint(z.plus(x, -1).scaled(k), "=", -3 * k, 3),  # k(z - x) = -3k
    ]
    filler = [constraint(var(f"w{i}").plus(x, -1), "<=", i, 10 + i) for i in range(45 * large)]
    dbm = DifferenceBoundMatrix.from_constraints([*cycle, *filler])
    assert dbm.is_bottom() is True  # x - y <= 3, y - z <= -1, z - x = -3: 0 <= -1
    conflict = dbm.conflict()
    assert conflict is not None and conflict.kind == "cycle" and conflict.tags() == {1, 2, 3}
    factors = dict(zip((min(c.tags) for c in conflict.constraints), conflict.multipliers or ()))
    assert factors == {1: 1 / (2 * k), 2: Fraction(1, 3), 3: 1 / k}
    assert check_farkas(conflict) and check_cycle(conflict)


def test_the_report_of_a_scaled_difference_cycle_shows_its_multipliers() -> None:
    from certify import check
    from certify.report import to_json

    report = to_json(check("2x - 2y <= 6.\ny - x <= -4.\nWhat is x?\n"))
    detail = report["questions"][0]["conflict_detail"]["detail"]
    assert "Farkas multipliers: 1/2 × (2*x - 2*y <= 6) + 1 × (-x + y <= -4)" in detail


def test_integer_cycles_through_the_zero_node_recheck_with_tightening() -> None:
    bounds = [
        constraint(var("x"), ">", 3, 1),
        constraint(var("x").plus(var("y"), -1), "<", 1, 2),
        constraint(var("y"), "<", 4, 3),
    ]
    dbm = DifferenceBoundMatrix.from_constraints(bounds, frozenset({"x", "y"}))
    conflict = dbm.conflict()
    assert conflict is not None and conflict.cycle is not None and ZERO in conflict.cycle
    assert conflict.multipliers is None
    assert check_cycle(conflict, frozenset({"x", "y"})) and not check_cycle(conflict)


@st.composite
def graphs(draw: st.DrawFn, huge: bool = False) -> DifferenceGraph:
    size = draw(st.integers(1, 7))
    scale = 2**60 if huge else 1
    edges = draw(
        st.dictionaries(
            st.tuples(st.integers(0, size - 1), st.integers(0, size - 1)).filter(
                lambda e: e[0] != e[1]
            ),
            st.integers(-5, 9).map(lambda w: w * scale),
            max_size=3 * size,
        )
    )
    return DifferenceGraph(size, edges)


def _as_lists(matrix: object) -> list[list[float]]:
    return [[INF if w == INF else int(w) for w in row] for row in matrix]  # type: ignore[attr-defined]


@settings(max_examples=150, deadline=None)
@given(graphs() | graphs(huge=True))
def test_every_closure_method_agrees(graph: DifferenceGraph) -> None:
    reference = floyd_warshall(graph)
    empty = has_negative_diagonal(reference)
    assert (negative_cycle(graph) is not None) == empty
    assert (johnson_closure(graph) is None) == empty
    assert (PairOracle.build(graph) is None) == empty
    squared = square_closure(graph)
    assert squared.closed and has_negative_diagonal(squared.matrix) == empty
    if empty:
        return
    assert _as_lists(squared.matrix) == reference
    assert _as_lists(johnson_closure(graph)) == reference
    if graph.float_safe():
        assert _as_lists(floyd_warshall_array(graph)) == reference
    oracle = PairOracle.build(graph)
    assert oracle is not None
    assert [_as_lists([oracle.distances(u)])[0] for u in range(graph.size)] == reference


@settings(max_examples=100, deadline=None)
@given(graphs())
def test_pure_python_and_scipy_potentials_give_the_same_oracle(graph: DifferenceGraph) -> None:
    pure = PairOracle.build(graph)
    hurried = PairOracle.build(graph, relaxations=1)  # one pass, then scipy's Bellman-Ford
    assert (pure is None) == (hurried is None)
    if pure is None or hurried is None:
        return
    assert pure.reweighted is None
    shift = hurried.potential[0] - pure.potential[0]  # scipy's potentials are shifted alike
    assert [h + shift for h in pure.potential] == hurried.potential
    for u in range(graph.size):
        assert _as_lists(pure.distances_from([u])) == _as_lists(hurried.distances_from([u]))
        assert all(pure.pair(u, v) == hurried.pair(u, v) for v in range(graph.size))


def test_a_graph_needing_many_passes_goes_to_scipy_and_an_easy_one_does_not() -> None:
    backwards = DifferenceGraph(200, {(i, i + 1): -1 for i in range(198, 0, -1)})
    forwards = DifferenceGraph(200, {(i, i + 1): -1 for i in range(1, 199)})
    hurried = PairOracle.build(backwards, relaxations=10 * len(backwards.edges))
    assert hurried is not None and hurried.reweighted is not None
    assert PairOracle.build(backwards).reweighted is None  # type: ignore[union-attr]
    easy = PairOracle.build(forwards, relaxations=2 * len(forwards.edges))  # a pass, a check
    assert easy is not None and easy.reweighted is None
    assert hurried.pair(1, 199) == PairOracle.build(backwards).pair(1, 199) == (-198, None)  # type: ignore[union-attr]


def test_large_systems_use_potentials_and_agree_with_floyd_warshall() -> None:
    rng = random.Random(7)
    size = 60
    solution = {f"v{i}": Fraction(rng.randint(-50, 50), 2) for i in range(size)}
    constraints = []
    for tag in range(3 * size):
        a, b = rng.sample(sorted(solution), 2)
        gap = solution[a] - solution[b] + rng.randint(0, 6)
        relation = "<" if tag % 5 == 0 else "<="
        constraints.append(
            constraint(var(a).plus(var(b), -1), relation, gap + (relation == "<"), tag)
        )
    constraints.append(constraint(var("v0"), "<=", 3, 999))
    big = DifferenceBoundMatrix.from_constraints(constraints)
    small = DifferenceBoundMatrix.from_constraints(constraints, budget=10)
    assert big.exact and small.exact
    for a, b in [("v1", "v2"), ("v3", "v0"), ("v10", "v59")]:
        question = var(a).plus(var(b), -1)
        assert big.bound(question) == small.bound(question)
    assert big.bound(var("v7")) == small.bound(var("v7"))
    assert valid_point(big.witness(), constraints, frozenset())
    assert big.to_constraints() and np.isfinite(0)
    assert big.bound(LinearExpr.of({"v1": 1, "v2": 1})) == small.bound(
        LinearExpr.of({"v1": 1, "v2": 1})
    )


def test_a_large_system_with_huge_bounds_reads_its_pairs_exactly() -> None:
    # Bounds past float64's exact integers keep the pure-Python oracle; its pair readout once
    # undid the reweighting twice and answered x45 - x1 >= 88e18 for a true 44e18.
    step = 10**18
    chain = [
        constraint(var(f"x{i}").plus(var(f"x{i + 1}"), -1), "<=", -step, i) for i in range(1, 45)
    ]
    domain = DifferenceBoundMatrix.from_constraints(chain)
    assert not domain.graph.float_safe()
    assert domain.bound(var("x45").plus(var("x1"), -1)) == Interval(
        Fraction(44 * step), None, True, False
    )
    assert domain.bound(var("x1").plus(var("x45"), -1)) == Interval(
        None, Fraction(-44 * step), False, True
    )


def test_a_pinned_witness_of_a_large_system_is_the_rebuilt_ones() -> None:
    # witness([extra]) of a graph past Floyd-Warshall lowers the potentials it has
    # (dbm_pairs.with_edges) instead of building the meet: same point, same emptiness.
    rng = random.Random(11)
    names = [f"v{i}" for i in range(60)]
    for trial in range(30):
        solution = {name: rng.randint(-20, 20) for name in names}
        constraints = []
        for tag in range(90):
            a, b = rng.sample(names, 2)
            relation = "=" if tag % 17 == 0 else "<" if tag % 5 == 0 and trial % 2 else "<="
            gap = solution[a] - solution[b] + (0 if relation == "=" else rng.randint(1, 6))
            constraints.append(constraint(var(a).plus(var(b), -1), relation, gap, tag))
        integers = frozenset(names) if trial % 3 == 0 else frozenset()
        domain = DifferenceBoundMatrix.from_constraints(constraints, integers)
        for _ in range(6):
            a, b = rng.sample(names, 2)
            expr = var(a).plus(var(b), -1) if rng.random() < 0.7 else var(a)
            relation = rng.choice(["=", "<=", ">=", "<", ">"])
            extra = constraint(expr, relation, rng.randint(-30, 30), 1000)
            rebuilt = domain.meet(DifferenceBoundMatrix.from_constraints([extra])).witness()
            assert domain.witness([extra]) == rebuilt
