"""The coefficients of least worst-case error, and a certificate that nothing does better.

Weighted model (seed paper §4).  With ``p = P/Z`` and ``δ' = δ/√Z`` (``Z = Σ P_j``), every
minimizer is a corrected average ``s_j = p_j (1 − (k_j − k̄)ᵀρ)``: for a fixed
``a = Σ s_j (k_j − q)`` and ``Σ s_j = 1``, the strictly convex ``Σ s_j²/p_j`` is least at an
``s`` that is ``p`` times an affine function of the keys (Lagrange).  In ``ρ`` the objective is
``f(ρ) = R_W ‖m − Cρ‖ + δ' √(1 + ρᵀCρ)``, convex, and strictly convex on the range of ``C``
(directions in its null space change no coefficient).  Where ``m − Cρ != 0`` stationarity is
``R_W (m − Cρ)/‖m − Cρ‖ = δ' ρ/√(1 + ρᵀCρ)`` on the range of ``C``, that is
``(C + λI)ρ = m`` with ``λ > 0`` fixed by ``h(λ) = δ'‖ρ_λ‖ − R_W √(1 + ρ_λᵀCρ_λ) = 0``.
At ``ρ₀ = C⁺m`` (when ``Cρ₀ = m``: the query is in the affine hull of the keys) the
subgradient of ``‖·‖`` is the unit ball, so the local fit is optimal exactly when
``δ'‖ρ₀‖ <= R_W √(1 + ρ₀ᵀCρ₀)`` — §4's condition, decided in rationals by
:func:`certify.aggregate.local_fit`.  Otherwise ``h > 0`` near ``0`` and
``h(λ) <= δ'‖m‖/λ − R_W``, so the root lies in ``(0, δ'‖m‖/R_W]``; it is unique (distinct
``λ`` give distinct ``ρ_λ``, and the minimizer is unique), so ``h`` changes sign once and
bisection in floating point finds it, stopping when the bracket is as narrow as doubles allow
(at most 200 halvings).  ``λ`` is found, never chosen.

Per-statement model (:mod:`certify.aggregate.lp`).  ``min R_W‖Σ s_j(k_j − q)‖ + Σ |s_j| δ_j``
over ``Σ s_j = 1`` is the dual of ``max t`` over ``(t, W)`` with ``|t − Wᵀ(k_j − q)| <= δ_j``
and ``‖W‖₂ <= R_W``: LPs with cutting planes for the ball (HiGHS), polished on their active
set.  In one dimension the first LP is exact.

Certificate (both models).  For any ``w`` with ``‖w‖ <= R_W`` and ``t`` such that
``ε_j = t − wᵀ(k_j − q)`` is within the tolerance, every ``s`` with ``Σ s_j = 1`` has error at
least ``sᵀ(K̃w + ε) = t``.  The ``w`` found above is turned into rationals, pulled into the
ball, and given its largest ``t`` (rounded down where a square root appears), all exactly: the
``lower_bound``.  The printed coefficients are rationals summing exactly to one, priced
exactly; ``gap`` bounds their excess over the true minimum.  The per-statement search stops
once its floating-point gap is at most ``TOLERANCE`` times ``max(1, error)``; the bisection
runs to the precision of doubles.  The proved gap is reported either way, and the command
says when it exceeds the tolerance.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction

import numpy as np

from certify.aggregate.design import (
    Design,
    PerStatement,
    Pricing,
    Weighted,
    local_fit,
    moments,
    worst_case_error,
)
from certify.aggregate.exact import combine_rows, least_norm_solution, row_products, sqrt_bounds
from certify.records import Record

LOCAL_FIT = "the exact local fit (§4's condition holds)"

TOLERANCE = 1e-9
"""The relative gap at which the search for the optimum stops."""


class Optimum(Record):
    """The optimal coefficients (as exact rationals summing to one), priced, and how they were
    found; ``lower_bound`` is a proved bound no sum-to-one coefficients beat."""

    pricing: Pricing
    method: str
    lower_bound: Fraction
    witness: tuple[Fraction, ...]  # the slope w of the certificate
    exact: bool  # proved optimal exactly (§4's condition, or the bound meets the error)
    direction: tuple[float, ...] | None = None  # weighted: ρ
    ridge: tuple[float, float] | None = None  # weighted ridge: the final bracket of λ
    rounds: int = 0  # per-statement: the LPs solved

    @property
    def gap(self) -> Fraction:
        """A proved upper bound on how far the error exceeds the true minimum."""
        return max(Fraction(0), self.pricing.error.bounds()[1] - self.lower_bound)


def _close_rational(x: float) -> Fraction:
    """``x`` as the simple rational it rounds from, when one is within float noise of it."""
    simple = Fraction(x).limit_denominator(10**6)
    return (
        simple
        if abs(simple - Fraction(x)) <= Fraction(1, 10**12) * max(Fraction(1), abs(simple))
        else Fraction(x)
    )


def exact_coefficients(values: Sequence[float]) -> tuple[Fraction, ...]:
    """Rationals summing exactly to one, within rounding of ``values`` (which nearly do)."""
    simple = tuple(_close_rational(x) for x in values)
    if sum(simple, Fraction(0)) == 1:
        return simple
    unit = 2**64
    numerators = [round(Fraction(x) * unit) for x in values]
    largest = max(range(len(numerators)), key=lambda j: abs(numerators[j]))
    numerators[largest] += unit - sum(numerators)
    return tuple(Fraction(n, unit) for n in numerators)


def _dyadic(x: float | Fraction) -> Fraction:
    """``x`` rounded toward zero to a multiple of ``2**-64`` (small exact denominators)."""
    scaled = Fraction(x) * 2**64
    return Fraction(int(scaled), 2**64)


def _into_ball(design: Design, slope: Sequence[float] | np.ndarray) -> list[Fraction]:
    """The slope as rationals (simple ones when the floats round from them), pulled into the
    ball ``‖w‖ <= R_W`` by a factor rounded down."""
    w = [_close_rational(float(x)) for x in slope]
    length = sum((x * x for x in w), Fraction(0))
    if length > design.radius**2:
        factor = _dyadic(design.radius / sqrt_bounds(length)[1])
        w = [_dyadic(x * factor) for x in w]
    return w


def _on_exact_positions(design: Design, w: list[Fraction]) -> list[Fraction]:
    """``w`` projected (exactly) so that ``wᵀ(k_j − q)`` is equal at every position with a zero
    per-statement tolerance, as a certificate needs there: ``ε_j = 0`` pins ``t = wᵀ(k_j − q)``."""
    tolerance = design.tolerance
    if isinstance(tolerance, Weighted):
        return w
    pinned = [k for k, d in zip(design.offsets, tolerance.deltas) if d == 0]
    rows = [[a - b for a, b in zip(k, pinned[0])] for k in pinned[1:]]
    if not rows:
        return w
    gram = [[sum((a * b for a, b in zip(r1, r2)), Fraction(0)) for r2 in rows] for r1 in rows]
    reached = [sum((a * b for a, b in zip(r, w)), Fraction(0)) for r in rows]
    weights = least_norm_solution(gram, reached)
    assert weights is not None  # D w lies in the range of D Dᵀ
    return [
        x - sum((y * r[i] for y, r in zip(weights, rows)), Fraction(0)) for i, x in enumerate(w)
    ]


def feasible_scale(
    reached: np.ndarray, tolerance: Weighted | PerStatement, slack: float = 0.0
) -> float:
    """About the largest ``c`` in ``[0, 1]`` for which the slope ``c·w`` has a level ``t``,
    where ``reached[j] = wᵀ(k_j − q)`` (floating point; the certificate then checks exactly).

    Weighted: ``c² · Σ P_j (u_j − ū)² <= δ²``.  Per-statement: ``F(c) = max_j (c u_j − δ_j) −
    min_j (c u_j + δ_j) <= 0``; ``F`` is convex with ``F(0) <= 0``, so the feasible ``c`` form an
    interval from 0 and bisection finds its end.  ``slack`` forgives rounding in ``F``.
    """
    if isinstance(tolerance, Weighted):
        weights = np.array(tolerance.weights, dtype=float)
        mean = float(weights @ reached) / float(weights.sum())
        spread = float(weights @ (reached - mean) ** 2)
        delta = float(tolerance.delta)
        return 1.0 if spread <= delta**2 else delta / math.sqrt(spread)
    deltas = np.array(tolerance.deltas, dtype=float)

    def excess(c: float) -> float:
        return float(np.max(c * reached - deltas) - np.min(c * reached + deltas)) - slack

    if excess(1.0) <= 0:
        return 1.0
    low, high = 0.0, 1.0
    for _ in range(100):
        middle = (low + high) / 2
        if middle in (low, high):
            break
        low, high = (middle, high) if excess(middle) <= 0 else (low, middle)
    return low


def _scales(reached: np.ndarray, tolerance: Weighted | PerStatement) -> list[Fraction]:
    """The factors a rounded slope is tried with, largest first; 0 always has a certificate."""
    largest = Fraction(feasible_scale(reached, tolerance))
    near = [largest * (1 - Fraction(1, 2**k)) for k in (50, 44, 36, 28, 20, 12, 4)]
    return [largest, *near, Fraction(1, 2) * largest, Fraction(0)]


def _level(design: Design, values: Sequence[Fraction]) -> Fraction | None:
    """The largest ``t`` with ``ε_j = t − values[j]`` within the tolerance, or None
    (``values[j] = wᵀ(k_j − q)``)."""
    tolerance = design.tolerance
    if isinstance(tolerance, Weighted):
        weights, delta = tolerance.weights, tolerance.delta
        total = sum(weights, Fraction(0))
        mean = sum((p * u for p, u in zip(weights, values)), Fraction(0)) / total
        spread = sum((p * (u - mean) ** 2 for p, u in zip(weights, values)), Fraction(0))
        if spread > delta**2:
            return None
        t = mean + sqrt_bounds((delta**2 - spread) / total)[0]
        used = sum((p * (t - u) ** 2 for p, u in zip(weights, values)), Fraction(0))
        return t if used <= delta**2 else None
    t = min(d + u for d, u in zip(tolerance.deltas, values))
    return t if all(abs(t - u) <= d for d, u in zip(tolerance.deltas, values)) else None


def certificate(
    design: Design, slope: Sequence[float] | np.ndarray
) -> tuple[Fraction, tuple[Fraction, ...]]:
    """A proved lower bound on every sum-to-one error, from a slope near the optimal ``W``.

    Returns ``(t, w)`` with ``‖w‖ <= R_W`` and ``ε_j = t − wᵀ(k_j − q)`` within the tolerance,
    both checked exactly; the rounded slope is shrunk, by about the largest factor that admits a
    level (:func:`feasible_scale`) and then by smaller ones, until such a ``t`` exists.
    """
    w = _on_exact_positions(design, _into_ball(design, slope))
    values = row_products(design.offsets, w)
    reached = np.array([float(u) for u in values])
    for factor in _scales(reached, design.tolerance):
        shrunk = [x * factor for x in w]
        level = _level(design, [u * factor for u in values])
        if level is not None:
            assert sum((x * x for x in shrunk), Fraction(0)) <= design.radius**2
            return level, tuple(shrunk)
    raise AssertionError("w = 0 always has a certificate")


def weighted_optimum(design: Design) -> Optimum:
    assert isinstance(design.tolerance, Weighted)
    fit = local_fit(design)
    shape = moments(design)
    total = float(sum(design.tolerance.weights, Fraction(0)))
    delta = float(design.tolerance.delta) / math.sqrt(total)
    radius = float(design.radius)
    covariance = np.array(shape.covariance, dtype=float)
    offset = np.array(shape.offset, dtype=float)
    if fit is not None and fit.optimal:
        rho = np.array(fit.direction, dtype=float)
        # At the local fit the optimal W is the subgradient δ'ρ₀/√(1 + ρ₀ᵀCρ₀) (norm <= R_W).
        slope = delta * rho / np.sqrt(1 + rho @ covariance @ rho)
        pricing = worst_case_error(design, fit.coefficients)
        bound, witness = certificate(design, slope)
        return Optimum(pricing, LOCAL_FIT, bound, witness, True, tuple(map(float, rho)))
    eigenvalues, vectors = np.linalg.eigh(covariance)
    eigenvalues = np.clip(eigenvalues, 0.0, None)
    along = vectors.T @ offset

    def excess(ridge: float) -> float:
        coordinates = along / (eigenvalues + ridge)
        length = float(np.linalg.norm(coordinates))
        curvature = float(eigenvalues @ coordinates**2)
        return delta * length - radius * float(np.sqrt(1 + curvature))

    low, high = 0.0, delta * float(np.linalg.norm(offset)) / radius
    for _ in range(200):
        middle = (low + high) / 2
        if middle in (low, high):
            break
        low, high = (middle, high) if excess(middle) > 0 else (low, middle)
    rho = vectors @ (along / (eigenvalues + high))
    floats = corrected_average_floats(shape.weights, shape.centre, design.keys, rho)
    pricing = worst_case_error(design, exact_coefficients(floats))
    miss = np.array([float(x) for x in _miss(design, pricing.coefficients)])
    slope = radius * miss / np.linalg.norm(miss)
    bound, witness = certificate(design, slope)
    exact = pricing.error.rational() == bound
    method = "the ridge fixed point (C + λI)ρ = m, λ found by bisection"
    return Optimum(pricing, method, bound, witness, exact, tuple(map(float, rho)), (low, high))


def corrected_average_floats(
    weights: Sequence[Fraction],
    centre: Sequence[Fraction],
    keys: Sequence[Sequence[Fraction]],
    rho: np.ndarray,
) -> list[float]:
    """:func:`certify.aggregate.corrected_average` in floating point, for a float ``ρ``."""
    centred = np.array(keys, dtype=float) - np.array(centre, dtype=float)
    return list(np.array(weights, dtype=float) * (1 - centred @ rho))


def _miss(design: Design, s: Sequence[Fraction]) -> list[Fraction]:
    return combine_rows(s, design.offsets)
