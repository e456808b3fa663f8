"""The seed paper's §4 as laws: the exact worst-case error of sum-to-one coefficients is attained
by the printed W and ε, no sum-to-one coefficients beat the printed optimum, the error is
non-negative and convex, the paper's numbers come out, and the two tolerance models differ
when a position is added (per-statement only shrinks; weighted, renormalized, can readmit).

Figures are checked independently of the module where it matters: the attainment in floating
point from the printed W and ε, the optimum against random coefficients and a fine grid.
"""

from __future__ import annotations

import math
from fractions import Fraction as F

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from certify.aggregate import (
    Design,
    PerStatement,
    Weighted,
    local_fit,
    moments,
    optimal_coefficients,
    softmax_weights,
    worst_case_error,
)
from certify.aggregate.exact import Surd, least_norm_solution, sqrt_bounds
from certify.aggregate.optimum import LOCAL_FIT, TOLERANCE

SMALL = st.fractions(min_value=-3, max_value=3, max_denominator=4)
POSITIVE = st.fractions(min_value=F(1, 4), max_value=3, max_denominator=4)
LAWS = settings(max_examples=60, deadline=None)


@st.composite
def designs(draw: st.DrawFn, model: str | None = None, dimension: int | None = None) -> Design:
    """Small designs with rational keys, of either model."""
    d = dimension or draw(st.integers(1, 3))
    n = draw(st.integers(1, 5))
    keys = draw(st.lists(st.lists(SMALL, min_size=d, max_size=d), min_size=n, max_size=n))
    query = draw(st.lists(SMALL, min_size=d, max_size=d))
    radius = draw(POSITIVE)
    if (model or draw(st.sampled_from(["weighted", "per-statement"]))) == "weighted":
        weights = draw(st.lists(POSITIVE, min_size=n, max_size=n))
        return Design.weighted(keys, query, radius, draw(POSITIVE), weights)
    deltas = draw(st.lists(st.fractions(0, 3, max_denominator=4), min_size=n, max_size=n))
    return Design.per_statement(keys, query, radius, deltas)


@st.composite
def coefficients(draw: st.DrawFn, size: int) -> list[F]:
    """Rational coefficients that sum to exactly one (possibly negative)."""
    free = draw(
        st.lists(st.fractions(-2, 2, max_denominator=8), min_size=size - 1, max_size=size - 1)
    )
    return [*free, 1 - sum(free, F(0))]


def float_error(design: Design, s: list[F]) -> float:
    """The worst-case error formula in floating point, written out again here."""
    offsets = np.array(design.offsets, dtype=float)
    x = np.array(s, dtype=float)
    miss = float(design.radius) * float(np.linalg.norm(offsets.T @ x))
    tolerance = design.tolerance
    if isinstance(tolerance, Weighted):
        weights = np.array(tolerance.weights, dtype=float)
        return miss + float(tolerance.delta) * float(np.sqrt(np.sum(x**2 / weights)))
    return miss + float(np.array(tolerance.deltas, dtype=float) @ np.abs(x))


def test_the_papers_example() -> None:
    """Keys 0 and 2, query 0, R_W = 1, δ = 2, P = diag(p), p = (1/2, 1/2): 3, 2.828, 2.732."""
    design = Design.weighted([[0], [2]], [0], 1, 2, ["1/2", "1/2"])
    plain = worst_case_error(design, softmax_weights(design))
    assert plain.error == Surd.of(3) and plain.attains
    fit = local_fit(design)
    assert fit is not None and fit.coefficients == (1, 0) and not fit.optimal
    exact_fit = worst_case_error(design, fit.coefficients)
    assert exact_fit.error == Surd.root(F(8)) and round(float(exact_fit.error), 3) == 2.828
    best = optimal_coefficients(design)
    assert round(float(best.pricing.error), 3) == 2.732
    assert [round(float(c), 3) for c in best.pricing.coefficients] == [0.789, 0.211]
    assert best.ridge is not None and abs(best.ridge[1] - (math.sqrt(3) - 1)) < 1e-12
    root_low, root_high = Surd.root(F(3)).bounds()  # the optimum is 1 + √3
    assert 1 + root_low - F(1, 10**12) <= best.lower_bound <= 1 + root_high
    assert float(best.pricing.error) == pytest.approx(1 + math.sqrt(3), abs=1e-12)
    assert best.gap < F(1, 10**12)
    # P is a precision weight: read as a covariance, ‖P^{-1/2} ε‖ <= δ, the plain average
    # would cost 1 + 2·(1/2) = 2, not the paper's 3.
    as_covariance = Design.weighted([[0], [2]], [0], 1, 2, [2, 2])
    assert worst_case_error(as_covariance, ["1/2", "1/2"]).error == Surd.of(2)


def test_the_papers_example_per_statement() -> None:
    """Per-statement δ_j = 2: the nearest value alone is exactly optimal, with error 2."""
    design = Design.per_statement([[0], [2]], [0], 1, [2, 2])
    best = optimal_coefficients(design)
    assert best.pricing.coefficients == (1, 0) and best.pricing.error == Surd.of(2)
    assert best.exact and best.gap == 0 and best.lower_bound == 2
    assert worst_case_error(design, ["1/2", "1/2"]).error == Surd.of(3)


@LAWS
@given(st.data())
def test_the_error_is_attained_by_the_printed_w_and_epsilon(data: st.DataObject) -> None:
    design = data.draw(designs())
    s = data.draw(coefficients(design.size))
    pricing = worst_case_error(design, s)
    assert pricing.attains
    w = np.array([float(g) for g in pricing.gradient])
    e = np.array([float(x) for x in pricing.perturbation])
    offsets = np.array(design.offsets, dtype=float)
    tolerance = design.tolerance
    assert np.linalg.norm(w) <= float(design.radius) * (1 + 1e-12)
    if isinstance(tolerance, Weighted):
        used = np.sqrt(np.array(tolerance.weights, dtype=float) @ e**2)
        assert used <= float(tolerance.delta) * (1 + 1e-12)
    else:
        assert np.all(np.abs(e) <= np.array(tolerance.deltas, dtype=float) * (1 + 1e-12))
    # The truth 0 and the data v_j = W·(k_j − q) + ε_j: the estimate overshoots by the error.
    overshoot = float(np.array(s, dtype=float) @ (offsets @ w + e))
    assert overshoot == pytest.approx(float_error(design, s), rel=1e-9, abs=1e-12)
    assert float(pricing.error) == pytest.approx(float_error(design, s), rel=1e-9, abs=1e-12)


@LAWS
@given(st.data())
def test_no_sum_to_one_coefficients_beat_the_printed_optimum(data: st.DataObject) -> None:
    design = data.draw(designs())
    best = optimal_coefficients(design)
    assert sum(best.pricing.coefficients) == 1 and best.pricing.attains
    assert best.gap <= F(TOLERANCE) * max(1, best.pricing.error.bounds()[1])
    for _ in range(20):
        rival = worst_case_error(design, data.draw(coefficients(design.size)))
        assert rival.error.bounds()[1] >= best.lower_bound  # the certificate holds
    for rival_s in (softmax_weights(design), *(c for c in _fits(design))):
        assert worst_case_error(design, rival_s).error.bounds()[1] >= best.lower_bound


def _fits(design: Design) -> list[tuple[F, ...]]:
    fit = local_fit(design)
    return [fit.coefficients] if fit is not None else []


@settings(max_examples=30, deadline=None)
@given(designs(dimension=1).filter(lambda d: d.size == 2))
def test_the_optimum_of_two_values_matches_a_fine_grid(design: Design) -> None:
    """With two values the coefficients are (1 − t, t): a grid over t cannot do better."""
    best = float(optimal_coefficients(design).pricing.error)
    t = np.linspace(-4, 5, 9001)
    first, second = (float(k[0]) for k in design.offsets)
    miss = float(design.radius) * np.abs((1 - t) * first + t * second)
    tolerance = design.tolerance
    if isinstance(tolerance, Weighted):
        p1, p2 = (float(w) for w in tolerance.weights)
        grid = miss + float(tolerance.delta) * np.sqrt((1 - t) ** 2 / p1 + t**2 / p2)
    else:
        d1, d2 = (float(d) for d in tolerance.deltas)
        grid = miss + np.abs(1 - t) * d1 + np.abs(t) * d2
    assert best <= float(np.min(grid)) + 1e-9


@LAWS
@given(st.data())
def test_the_error_is_nonnegative_and_convex_along_segments(data: st.DataObject) -> None:
    design = data.draw(designs())
    a, b = data.draw(coefficients(design.size)), data.draw(coefficients(design.size))
    theta = data.draw(st.fractions(0, 1, max_denominator=16))
    middle = [theta * x + (1 - theta) * y for x, y in zip(a, b)]
    fa, fb, fm = (worst_case_error(design, s).error for s in (a, b, middle))
    assert fa.bounds()[0] >= 0 and fm.bounds()[0] >= 0
    assert fm.bounds()[0] <= theta * fa.bounds()[1] + (1 - theta) * fb.bounds()[1]


@LAWS
@given(designs(model="weighted"))
def test_the_weighted_optimum_is_a_corrected_average_with_lambda_found(design: Design) -> None:
    """§4: the local fit when δ‖ρ₀‖ <= R_W √(1 + ρ₀ᵀCρ₀), else (C + λI)ρ = m with λ the root."""
    best = optimal_coefficients(design)
    shape = moments(design)
    p = np.array(shape.weights, dtype=float)
    centred = np.array(design.keys, dtype=float) - np.array(shape.centre, dtype=float)
    assert best.direction is not None
    rho = np.array(best.direction)
    form = p * (1 - centred @ rho)
    assert np.allclose(form, [float(c) for c in best.pricing.coefficients], atol=1e-9)
    fit = local_fit(design)
    assert (best.method == LOCAL_FIT) == (fit is not None and fit.optimal)
    if best.method != LOCAL_FIT:
        assert best.ridge is not None
        ridge = best.ridge[1]
        covariance = np.array(shape.covariance, dtype=float)
        m = np.array(shape.offset, dtype=float)
        assert np.allclose((covariance + ridge * np.eye(len(m))) @ rho, m, atol=1e-9)
        assert isinstance(design.tolerance, Weighted)
        delta = float(design.tolerance.delta) / math.sqrt(float(sum(design.tolerance.weights)))
        left = delta * np.linalg.norm(rho)
        right = float(design.radius) * math.sqrt(1 + rho @ covariance @ rho)
        assert left == pytest.approx(right, rel=1e-7)


def consistent(design: Design, values: list[F], truth: F) -> bool:
    """Whether ``truth`` at the query is consistent with ``values`` (one-dimensional keys):
    some ``|W| <= R_W`` and ``ε`` in the tolerance give ``v_j = truth + W(k_j − q) + ε_j``.
    Decided exactly: per-statement, by intersecting the intervals each value allows for W;
    weighted, by minimizing the convex quadratic ``Σ P_j (v_j − truth − W k̃_j)²`` on
    ``[−R_W, R_W]``."""
    offsets = [k[0] for k in design.offsets]
    residuals = [v - truth for v in values]
    tolerance = design.tolerance
    if isinstance(tolerance, PerStatement):
        low, high = -design.radius, design.radius
        for x, r, d in zip(offsets, residuals, tolerance.deltas):
            if x == 0:
                if abs(r) > d:
                    return False
                continue
            ends = ((r - d) / x, (r + d) / x)
            low, high = max(low, min(ends)), min(high, max(ends))
        return low <= high
    weights = tolerance.weights
    curvature = sum((p * x * x for p, x in zip(weights, offsets)), F(0))
    slope = sum((p * r * x for p, r, x in zip(weights, residuals, offsets)), F(0))
    w = slope / curvature if curvature else F(0)
    w = max(-design.radius, min(design.radius, w))
    used = sum((p * (r - w * x) ** 2 for p, r, x in zip(weights, residuals, offsets)), F(0))
    return used <= tolerance.delta**2


def test_the_weighted_model_readmits_an_excluded_value_when_a_position_is_added() -> None:
    """The paper's remark, made precise.  The paper's design reads 0 at keys 0 and 2 with
    p = (1/2, 1/2).  The truth b = 14/5 is excluded: it needs W in [−8/5, −6/5], outside
    |W| <= 1.  Add a third reading, 0 at key 4: softmax renormalizes to p = (1/3, 1/3, 1/3),
    each old value's weight drops, and b = 14/5 is consistent again (W = −1 leaves
    Σ p_j ε_j² = 248/75 <= δ² = 4).  The
    same addition under per-statement tolerances keeps it excluded, and so does the weighted
    model without renormalization (the old weights kept, the new one appended).  In formula
    terms the optimal worst-case error — the half-width of the truths consistent with readings
    that are all 0 — grows from 1 + √3 to more than 14/5."""
    truth = F(14, 5)
    two = Design.weighted([[0], [2]], [0], 1, 2, ["1/2", "1/2"])
    three = Design.weighted([[0], [2], [4]], [0], 1, 2, ["1/3", "1/3", "1/3"])
    assert not consistent(two, [F(0)] * 2, truth)
    assert consistent(three, [F(0)] * 3, truth)
    kept = Design.weighted([[0], [2], [4]], [0], 1, 2, ["1/2", "1/2", "1/3"])
    assert not consistent(kept, [F(0)] * 3, truth)
    per_two = Design.per_statement([[0], [2]], [0], 1, [2, 2])
    per_three = Design.per_statement([[0], [2], [4]], [0], 1, [2, 2, 2])
    assert not consistent(per_two, [F(0)] * 2, truth)
    assert not consistent(per_three, [F(0)] * 3, truth)
    assert optimal_coefficients(two).pricing.error.bounds()[1] < truth
    assert optimal_coefficients(three).lower_bound >= truth - F(1, 10**9)


@LAWS
@given(st.data())
def test_a_per_statement_position_only_ever_shrinks_the_consistent_truths(
    data: st.DataObject,
) -> None:
    """Per-statement tolerances: adding a reading adds a constraint, so every truth consistent
    with n + 1 readings is consistent with the first n; and the optimal error never grows
    (the old coefficients, padded with 0, cost the same)."""
    design = data.draw(designs(model="per-statement", dimension=1))
    values = data.draw(st.lists(SMALL, min_size=design.size, max_size=design.size))
    key, value = data.draw(SMALL), data.draw(SMALL)
    delta = data.draw(st.fractions(0, 3, max_denominator=4))
    assert isinstance(design.tolerance, PerStatement)
    longer = Design(
        (*design.keys, (key,)),
        design.query,
        design.radius,
        PerStatement((*design.tolerance.deltas, delta)),
    )
    for truth in (data.draw(SMALL) for _ in range(10)):
        if consistent(longer, [*values, value], truth):
            assert consistent(design, values, truth)
    best = optimal_coefficients(design)
    padded = worst_case_error(longer, [*best.pricing.coefficients, F(0)])
    assert padded.error == best.pricing.error
    assert optimal_coefficients(longer).lower_bound <= best.pricing.error.bounds()[1]


@settings(max_examples=200, deadline=None)
@given(st.fractions(0, 10**6), st.integers(0, 80))
def test_square_root_bounds_enclose_the_root(x: F, bits: int) -> None:
    low, high = sqrt_bounds(x, bits)
    assert low * low <= x <= high * high and high - low <= F(1, x.denominator << bits)


def test_surds_reduce_and_print_their_roots() -> None:
    assert Surd.root(F(8)) == Surd.root(F(2), 2) and str(Surd.root(F(8))) == "2√(2)"
    assert str(Surd.of(1) - Surd.root(F(3), F(1, 2))) == "1 - (1/2)√(3)"
    assert Surd.root(F(1, 2)) * Surd.root(F(2)) == Surd.of(1)
    assert Surd.root(F(9, 4)).rational() == F(3, 2) and str(Surd()) == "0"


@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(SMALL, min_size=3, max_size=3), min_size=1, max_size=4), st.data())
def test_least_norm_solution_matches_the_pseudo_inverse(
    rows: list[list[F]], data: st.DataObject
) -> None:
    matrix = [[sum((r[i] * r[j] for r in rows), F(0)) for j in range(3)] for i in range(3)]
    rhs = data.draw(st.lists(SMALL, min_size=3, max_size=3))
    solution = least_norm_solution(matrix, rhs)
    dense = np.array(matrix, dtype=float)
    expected = np.linalg.pinv(dense) @ np.array(rhs, dtype=float)
    if solution is None:
        assert np.linalg.norm(dense @ expected - np.array(rhs, dtype=float)) > 1e-9
    else:
        assert np.allclose(np.array(solution, dtype=float), expected, atol=1e-9)


def test_the_api_refuses_coefficients_that_do_not_sum_to_one() -> None:
    design = Design.weighted([[0], [2]], [0], 1, 2, ["1/2", "1/2"])
    with pytest.raises(ValueError, match="sum to 3/5"):
        worst_case_error(design, [0.3, 0.3])
    with pytest.raises(ValueError, match="3 coefficients for 2 values"):
        worst_case_error(design, [1, 0, 0])
    with pytest.raises(ValueError, match="P must be positive"):
        Design.weighted([[0], [2]], [0], 1, 2, [1, 0])


HARD = [
    # A slope rounded to rationals needed shrinking by 2^-28 before it certified (gap 4e-8).
    Design.per_statement(
        [
            [F(-2, 3), 5, 5, F(1, 3)],
            [-4, F(1, 2), -6, 2],
            [F(5, 3), F(1, 2), F(-3, 2), -5],
            [2, -5, -1, F(-3, 2)],
            [-1, 6, -5, -5],
        ],
        [F(1, 2), -1, F(-1, 4), 3],
        5,
        [1, F(2, 3), 3, 0, 2],
    ),
    # Two exact readings: the slope must be equal on them, which floats never are (gap 0.12).
    Design.per_statement(
        [[F(1, 3), 5, -2], [0, 0, 1], [-3, F(-4, 3), 3]], [-2, 4, F(5, 3)], 2, [0, 1, 0]
    ),
    # Only exact readings, in four dimensions (100 LPs, gap 9e-8).
    Design.per_statement(
        [[-1, 6, 3, 2], [0, 3, -4, 0]], [-1, F(3, 4), F(-5, 3), -1], F(3, 4), [0, 0]
    ),
]


@pytest.mark.parametrize("design", HARD, ids=["rounded-slope", "two-exact", "all-exact"])
def test_per_statement_counterexamples_are_certified_within_tolerance(design: Design) -> None:
    best = optimal_coefficients(design)
    assert best.pricing.attains
    assert best.gap <= F(TOLERANCE) * max(1, best.pricing.error.bounds()[1])
