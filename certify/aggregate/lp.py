"""The per-statement optimum: an LP with cutting planes for the slope ball, polished on its
active set (see :mod:`certify.aggregate.optimum` for the duality and the certificate).

``min_s R_W ‖Σ_j s_j (k_j − q)‖₂ + Σ_j |s_j| δ_j`` over ``Σ_j s_j = 1`` is the dual of
``max t`` over ``(t, W)`` with ``|t − Wᵀ(k_j − q)| <= δ_j`` and ``‖W‖₂ <= R_W``.  The ball is
replaced by tangent cuts (the box ``|W_i| <= R_W`` first, then a cut at each LP optimum that
lies outside the ball: Kelley's method), each LP is solved by HiGHS through
``scipy.optimize.linprog``, and its dual values are coefficients ``s``.  Kelley's method
converges slowly on a round set, so each round is also *polished*: on the LP's active
constraints ``t − Wᵀ(k_j − q) = σ_j δ_j`` with the ball active, the best ``W`` is the point of
that affine set in the ball furthest along the objective (closed form), and the KKT system
``Σ s_j = 1``, ``Σ s_j (k_j − q) = γ W/R_W`` gives its coefficients.  In one dimension the box
is the ball and the first LP is exact.  The coefficients of least error and the slope of
highest level are kept apart (a polished slope may pair with an LP's coefficients); both are
then priced and certified exactly by :func:`certify.aggregate.optimum.certificate`.
"""

from __future__ import annotations

import numpy as np

from certify.aggregate.design import Design, PerStatement, worst_case_error
from certify.aggregate.optimum import (
    TOLERANCE,
    Optimum,
    certificate,
    exact_coefficients,
    feasible_scale,
)

MAX_CUTS = 100
"""The most LP rounds (cutting planes) the search makes."""

ACTIVE = 1e-9
"""A constraint is active in the polishing step when its slack is below this, relative."""


class _Problem:
    """The design as floating-point arrays, with the floating-point error and lower bound."""

    def __init__(self, design: Design) -> None:
        assert isinstance(design.tolerance, PerStatement)
        self.offsets = np.array(design.offsets, dtype=float)
        self.deltas = np.array(design.tolerance.deltas, dtype=float)
        self.radius = float(design.radius)
        self.tolerance = design.tolerance
        pinned = np.flatnonzero(self.deltas == 0)  # ε_j = 0 there: wᵀ(k_j − q) must be equal
        differences = self.offsets[pinned[1:]] - self.offsets[pinned[0]] if pinned.size else None
        dimension = self.offsets.shape[1]
        self.free = np.eye(dimension)
        if differences is not None and differences.size:
            self.free = self.free - np.linalg.pinv(differences) @ differences
        self.scale = max(1.0, float(np.max(np.abs(self.offsets))) * self.radius)
        self.scale = max(self.scale, float(np.max(self.deltas)))

    def error(self, s: np.ndarray) -> float:
        """The worst-case error of ``s`` (normalized to sum to one)."""
        s = s / s.sum()
        miss = float(np.linalg.norm(self.offsets.T @ s))
        return self.radius * miss + float(self.deltas @ np.abs(s))

    def level(self, w: np.ndarray) -> float:
        """The largest ``t`` the slope ``w`` certifies, about: projected so that it is equal at
        the positions with a zero tolerance, pulled into the ball, shrunk until it has a level."""
        w = self.free @ w  # as the certificate projects it, exactly
        length = float(np.linalg.norm(w))
        if length > self.radius:
            w = w * (self.radius / length)
        reached = self.offsets @ w
        reached = reached * feasible_scale(reached, self.tolerance, 1e-12 * self.scale)
        return float(np.min(self.deltas + reached))


def _solve(problem: _Problem, cuts: list[np.ndarray]) -> tuple[float, np.ndarray, np.ndarray]:
    """One LP over ``(t, W)`` with the ball replaced by ``cuts``: ``(t, W, s)``."""
    from scipy.optimize import linprog

    n, dimension = problem.offsets.shape
    reads = np.hstack([np.ones((n, 1)), -problem.offsets])  # t − Wᵀ(k_j − q) <= δ_j
    ball = np.hstack([np.zeros((len(cuts), 1)), np.array(cuts)])
    objective = np.zeros(dimension + 1)
    objective[0] = -1.0
    result = linprog(
        objective,
        A_ub=np.vstack([reads, -reads, ball]),
        b_ub=np.concatenate([problem.deltas, problem.deltas, np.full(len(cuts), problem.radius)]),
        bounds=[(None, None)] * (dimension + 1),
        method="highs",
    )
    if result.status != 0:
        raise RuntimeError(f"the LP solver failed: {result.message}")
    duals = -np.asarray(result.ineqlin.marginals)
    return float(result.x[0]), np.asarray(result.x[1:]), duals[:n] - duals[n : 2 * n]


def _polish(problem: _Problem, t: float, w: np.ndarray) -> tuple[np.ndarray, np.ndarray] | None:
    """The optimum on the active set of ``(t, w)`` with the ball active, or None."""
    slack = t - problem.offsets @ w
    upper = np.abs(slack - problem.deltas) <= ACTIVE * problem.scale
    lower = ~upper & (np.abs(slack + problem.deltas) <= ACTIVE * problem.scale)
    active = np.flatnonzero(upper | lower)
    if active.size == 0:
        return None
    signs = np.where(upper[active], 1.0, -1.0)
    levels = signs * problem.deltas[active]  # t = levels_j + Wᵀ(k_j − q) on the active set
    keys = problem.offsets[active]
    differences = keys[1:] - keys[0]
    targets = levels[0] - levels[1:]
    if differences.size:
        closest = np.linalg.lstsq(differences, targets, rcond=None)[0]
        if np.linalg.norm(differences @ closest - targets) > ACTIVE * problem.scale:
            return None
        along = keys[0] - np.linalg.pinv(differences) @ (differences @ keys[0])
    else:
        closest, along = np.zeros(keys.shape[1]), keys[0]
    room = problem.radius**2 - float(closest @ closest)
    length = float(np.linalg.norm(along))
    if room < 0:
        return None
    best = closest + (np.sqrt(room) / length) * along if length > 1e-15 else closest
    system = np.vstack(
        [np.append(np.ones(active.size), 0.0), np.hstack([keys.T, -best[:, None] / problem.radius])]
    )
    right = np.zeros(system.shape[0])
    right[0] = 1.0
    solution = np.linalg.lstsq(system, right, rcond=None)[0]
    s = np.zeros(problem.offsets.shape[0])
    s[active] = solution[:-1]
    return (s, best) if abs(s.sum()) > 1e-12 else None


def per_statement_optimum(design: Design) -> Optimum:
    """The per-statement optimum: cutting-plane LPs, polished, then certified exactly."""
    problem = _Problem(design)
    dimension = problem.offsets.shape[1]
    cuts = [sign * np.eye(dimension)[i] for i in range(dimension) for sign in (1.0, -1.0)]
    best_s: tuple[float, np.ndarray] | None = None  # the least error found, and its s
    best_w: tuple[float, np.ndarray] | None = None  # the highest level found, and its w
    rounds = 0
    for rounds in range(1, MAX_CUTS + 1):  # noqa: B007 (the count is reported)
        t, w, s = _solve(problem, cuts)
        candidates = [(s, w)]
        length = float(np.linalg.norm(w))
        if length > problem.radius:
            polished = _polish(problem, t, w)
            candidates += [polished] if polished is not None else []
        for cs, cw in candidates:
            error, level = problem.error(cs), problem.level(cw)
            if best_s is None or error < best_s[0]:
                best_s = (error, cs / cs.sum())
            if best_w is None or level > best_w[0]:
                best_w = (level, cw)
        assert best_s is not None and best_w is not None
        if length <= problem.radius or best_s[0] - best_w[0] <= TOLERANCE * max(1.0, best_s[0]):
            break
        cuts.append(w / length)
    assert best_s is not None and best_w is not None
    pricing = worst_case_error(design, exact_coefficients(list(best_s[1])))
    bound, witness = certificate(design, best_w[1])
    exact = pricing.error.rational() == bound
    method = "an LP over (t, W) with cutting planes for ‖W‖₂ ≤ R_W (HiGHS), polished"
    return Optimum(pricing, method, bound, witness, exact, rounds=rounds)
