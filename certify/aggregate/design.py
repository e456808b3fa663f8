"""The exact worst-case error of an aggregation whose coefficients sum to one (seed paper §4).

Model.  Values are read at keys ``k_j`` and obey ``v_j = b* + W*ᵀ(k_j − q) + ε_j`` with
``‖W*‖₂ <= R_W``, the truth ``b*`` at the query ``q`` unknown, and the perturbation ``ε`` in a
tolerance set ``E``.  An aggregation is ``sᵀv`` with ``Σ_j s_j = 1``.

Error.  Because the coefficients sum to one, ``b*`` cancels:
``sᵀv − b* = W*ᵀa + sᵀε`` with ``a = Σ_j s_j (k_j − q)``.  ``W*`` and ``ε`` range over
independent symmetric sets, so ``sup |b* − sᵀv| = R_W ‖a‖₂ + h_E(s)`` where ``h_E`` is the
support function of ``E`` (the dual norm of the tolerance):

- weighted, ``E = {ε : ‖P^{1/2} ε‖₂ <= δ}`` with ``P = diag(P_j)``, ``P_j > 0``:
  ``h_E(s) = δ ‖P^{-1/2} s‖₂``, attained (Cauchy–Schwarz on ``P^{1/2}ε`` and ``P^{-1/2}s``) at
  ``ε = δ P^{-1} s / ‖P^{-1/2} s‖₂``, for which ``‖P^{1/2} ε‖₂ = δ`` exactly;
- per-statement, ``E = {ε : |ε_j| <= δ_j}``: ``h_E(s) = Σ_j |s_j| δ_j``, attained at
  ``ε_j = sign(s_j) δ_j``.

The first term is attained at ``W = R_W a / ‖a‖₂`` (any ``W`` when ``a = 0``; we take ``0``).
With ``b* = 0`` and the data ``v_j = W·(k_j − q) + ε_j`` the estimate overshoots the truth by
exactly the error: the supremum is a maximum.  :func:`worst_case_error` builds that ``W`` and
``ε`` and *evaluates* ``Σ_j s_j (W·(k_j − q) + ε_j)``, ``‖W‖²`` and the tolerance it uses, in
exact arithmetic (square roots as :class:`~certify.aggregate.exact.Surd`): the attainment is
checked, not assumed.  For rational coefficients every figure is exact.

The seed paper's reading of ``P`` is the softmax weights ``p`` (``Σ p_j = 1``); it reproduces
the paper's numbers (keys 0 and 2, query 0, ``R_W = 1``, ``δ = 2``, ``p = (1/2, 1/2)``: the
plain average 3, the exact local fit ``2√2``, the optimum ``1 + √3``).  Weights that do not
sum to one are accepted: ``‖P^{-1/2}s‖ = ‖p^{-1/2}s‖ / √Z`` with ``Z = Σ P_j`` and
``p = P/Z``, so they mean the softmax weights ``p`` with the radius ``δ/√Z``.

The optimum (:func:`optimal_coefficients`, in :mod:`certify.aggregate.optimum`) is the
corrected-average form of §4 for the weighted model and an LP with cutting planes for the
per-statement one; both come with a dual certificate, a rational lower bound that no
sum-to-one coefficients can beat.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import field
from fractions import Fraction
from functools import wraps
from typing import TypeVar

from certify.aggregate.exact import (
    Surd,
    combine_rows,
    least_norm_solution,
    row_products,
    second_moment,
)
from certify.records import Record

_T = TypeVar("_T")

Number = Fraction | int | float | str
"""An input number: a Fraction, an int, a float (read as the decimal it prints as) or a
string such as ``"1/3"`` or ``"0.25"``."""


def rational(value: Number) -> Fraction:
    """``value`` as an exact rational; a float is read as its shortest decimal (``0.1`` is 1/10)."""
    if isinstance(value, bool):
        raise ValueError("a truth value is not a number")
    if isinstance(value, float):
        if value != value or value in (float("inf"), float("-inf")):
            raise ValueError(f"{value} is not a finite number")
        return Fraction(repr(value))
    return Fraction(value)


class Weighted(Record):
    """The weighted tolerance ``‖P^{1/2} ε‖₂ <= delta`` with ``P = diag(weights)``."""

    delta: Fraction
    weights: tuple[Fraction, ...]


class PerStatement(Record):
    """Per-statement tolerances ``|ε_j| <= deltas[j]``."""

    deltas: tuple[Fraction, ...]


Tolerance = Weighted | PerStatement


class Design(Record):
    """Where the values were read (``keys``), where the truth is wanted (``query``), the
    radius ``R_W`` of the slopes and the tolerance of the data."""

    keys: tuple[tuple[Fraction, ...], ...]
    query: tuple[Fraction, ...]
    radius: Fraction
    tolerance: Tolerance
    offsets: tuple[tuple[Fraction, ...], ...] = field(init=False, repr=False, compare=False)
    """The key offsets ``k_j − q``."""

    def __post_init__(self) -> None:
        if not self.keys:
            raise ValueError("there must be at least one key")
        if not self.query or any(len(key) != len(self.query) for key in self.keys):
            raise ValueError("every key must have the query's dimension (at least 1)")
        if self.radius <= 0:
            raise ValueError("R_W must be positive")
        if isinstance(self.tolerance, Weighted):
            sizes, name = len(self.tolerance.weights), "P"
            if self.tolerance.delta <= 0:
                raise ValueError("delta must be positive")
            if any(weight <= 0 for weight in self.tolerance.weights):
                raise ValueError("every entry of P must be positive")
        else:
            sizes, name = len(self.tolerance.deltas), "deltas"
            if any(delta < 0 for delta in self.tolerance.deltas):
                raise ValueError("every per-statement delta must be at least 0")
        if sizes != len(self.keys):
            raise ValueError(f"{name} has {sizes} entries for {len(self.keys)} keys")
        offsets = tuple(tuple(k - c for k, c in zip(key, self.query)) for key in self.keys)
        object.__setattr__(self, "offsets", offsets)

    @staticmethod
    def weighted(
        keys: Sequence[Sequence[Number]],
        query: Sequence[Number],
        radius: Number,
        delta: Number,
        weights: Sequence[Number],
    ) -> Design:
        """A design under the weighted tolerance ``‖P^{1/2} ε‖₂ <= delta``, P = diag(weights)."""
        tolerance = Weighted(rational(delta), tuple(rational(w) for w in weights))
        return Design(_points(keys), tuple(map(rational, query)), rational(radius), tolerance)

    @staticmethod
    def per_statement(
        keys: Sequence[Sequence[Number]],
        query: Sequence[Number],
        radius: Number,
        deltas: Sequence[Number],
    ) -> Design:
        """A design under per-statement tolerances ``|ε_j| <= deltas[j]``."""
        tolerance = PerStatement(tuple(rational(d) for d in deltas))
        return Design(_points(keys), tuple(map(rational, query)), rational(radius), tolerance)

    @property
    def size(self) -> int:
        """The number of values."""
        return len(self.keys)


def _points(keys: Sequence[Sequence[Number]]) -> tuple[tuple[Fraction, ...], ...]:
    return tuple(tuple(rational(x) for x in key) for key in keys)


class Pricing(Record):
    """The worst-case error of given coefficients, and the slope ``W`` and perturbation ``ε``
    that attain it, with the attained error evaluated from them."""

    coefficients: tuple[Fraction, ...]
    reproduction: Surd  # R_W ‖Σ_j s_j (k_j − q)‖₂: the query offset the coefficients miss
    amplification: Surd  # δ ‖P^{-1/2} s‖₂ or Σ_j |s_j| δ_j: how much they amplify data error
    gradient: tuple[Surd, ...]  # the attaining W
    perturbation: tuple[Surd, ...]  # the attaining ε
    attained: Surd  # Σ_j s_j (W·(k_j − q) + ε_j), evaluated
    within_radius: bool  # ‖W‖₂² <= R_W², checked exactly
    within_tolerance: bool  # ε is in the tolerance set, checked exactly

    @property
    def error(self) -> Surd:
        """The exact worst-case error (the formula)."""
        return self.reproduction + self.amplification

    @property
    def attains(self) -> bool:
        """Whether ``W`` and ``ε`` are admissible and attain exactly the formula's error."""
        return self.within_radius and self.within_tolerance and self.attained == self.error


def _combination(pairs: Iterable[tuple[Fraction, Surd]]) -> Surd:
    """``Σ factor · surd`` (one accumulation, not one surd per step)."""
    total: dict[int, Fraction] = {}
    for factor, surd in pairs:
        for radicand, coefficient in surd.terms:
            total[radicand] = total.get(radicand, Fraction(0)) + factor * coefficient
    return Surd(tuple(sorted((r, c) for r, c in total.items() if c)))


def _weighted_square(weights: Sequence[Fraction], vector: Sequence[Surd]) -> Surd:
    """``Σ_j weights[j] · vector[j]²``; when every entry is ``c_j √r`` for one ``r`` (as the
    attaining W and ε are), computed as ``(Σ_j weights[j] c_j²) · r``."""
    radicands = {r for surd in vector for r, _ in surd.terms}
    if len(radicands) == 1 and all(len(surd.terms) == 1 for surd in vector if surd.terms):
        (radicand,) = radicands
        total = sum(
            (w * s.terms[0][1] ** 2 for w, s in zip(weights, vector) if s.terms), Fraction(0)
        )
        return Surd.of(total * radicand)
    return _combination((w, e * e) for w, e in zip(weights, vector))


def worst_case_error(design: Design, coefficients: Sequence[Number]) -> Pricing:
    """Price ``coefficients`` (they must sum to one): the exact worst-case error
    ``R_W ‖Σ_j s_j (k_j − q)‖₂ + δ ‖P^{-1/2} s‖₂`` (weighted) or
    ``R_W ‖Σ_j s_j (k_j − q)‖₂ + Σ_j |s_j| δ_j`` (per-statement), with its attaining ``W``
    and ``ε`` (see the module docstring) and the error they attain, evaluated.

    Raises ValueError when the count is wrong or the coefficients do not sum to one.
    """
    s = tuple(rational(c) for c in coefficients)
    if len(s) != design.size:
        raise ValueError(f"{len(s)} coefficients for {design.size} values")
    if sum(s, Fraction(0)) != 1:
        raise ValueError(f"the coefficients sum to {sum(s, Fraction(0))}, not 1")
    radius = design.radius
    miss = combine_rows(s, design.offsets)
    miss_squared = sum((x * x for x in miss), Fraction(0))
    reproduction = Surd.root(miss_squared, radius)
    gradient = tuple(
        Surd.root(miss_squared, radius * x / miss_squared) if miss_squared else Surd() for x in miss
    )
    tolerance = design.tolerance
    if isinstance(tolerance, Weighted):
        spread = sum((sj * sj / w for sj, w in zip(s, tolerance.weights)), Fraction(0))
        root = Surd.root(spread)  # reduced once: every ε_j is a multiple of √spread
        amplification = root.scaled(tolerance.delta)
        perturbation = tuple(
            root.scaled(tolerance.delta * sj / (w * spread)) for sj, w in zip(s, tolerance.weights)
        )
        used = _weighted_square(tolerance.weights, perturbation)
        within_tolerance = used.rational() == tolerance.delta**2
    else:
        amplification = Surd.of(
            sum((abs(sj) * d for sj, d in zip(s, tolerance.deltas)), Fraction(0))
        )
        signs = [(sj > 0) - (sj < 0) for sj in s]
        perturbation = tuple(Surd.of(sign * d) for sign, d in zip(signs, tolerance.deltas))
        within_tolerance = all(
            abs(e.rational() or Fraction(0)) <= d for e, d in zip(perturbation, tolerance.deltas)
        )
    norm = _weighted_square([Fraction(1)] * len(gradient), gradient).rational()
    # Σ_j s_j (W·(k_j − q) + ε_j), summed as W·(Σ_j s_j (k_j − q)) + Σ_j s_j ε_j: the same
    # exact number, with n·d products of integers instead of surds.
    attained = _combination([*zip(miss, gradient), *zip(s, perturbation)])
    return Pricing(
        coefficients=s,
        reproduction=reproduction,
        amplification=amplification,
        gradient=gradient,
        perturbation=perturbation,
        attained=attained,
        within_radius=norm is not None and norm <= radius**2,
        within_tolerance=within_tolerance,
    )


def estimate(coefficients: Sequence[Number], values: Sequence[Number]) -> Fraction:
    """The aggregate ``sᵀv``; the truth at the query lies within its worst-case error of it."""
    return sum((rational(c) * rational(v) for c, v in zip(coefficients, values)), Fraction(0))


def softmax_weights(design: Design) -> tuple[Fraction, ...]:
    """The plain average's coefficients: ``p = P / Σ P`` (weighted) or ``1/n`` each."""
    tolerance = design.tolerance
    if isinstance(tolerance, Weighted):
        total = sum(tolerance.weights, Fraction(0))
        return tuple(w / total for w in tolerance.weights)
    return tuple(Fraction(1, design.size) for _ in design.keys)


class Moments(Record):
    """The attended moments of §4 under the weights ``p``: the centre ``k̄ = Σ p_j k_j``, the
    query offset ``m = k̄ − q`` and the key covariance ``C = Σ p_j (k_j − k̄)(k_j − k̄)ᵀ``."""

    weights: tuple[Fraction, ...]
    centre: tuple[Fraction, ...]
    offset: tuple[Fraction, ...]
    covariance: tuple[tuple[Fraction, ...], ...]


def _per_design(function: Callable[[Design], _T]) -> Callable[[Design], _T]:
    """Remember ``function``'s last results by the design's identity (hashing a design hashes
    every coordinate, slower than the moments themselves)."""
    remembered: list[tuple[Design, _T]] = []

    @wraps(function)
    def cached(design: Design) -> _T:
        for seen, result in remembered:
            if seen is design:
                return result
        result = function(design)
        remembered[:] = [(design, result), *remembered[:3]]
        return result

    return cached


@_per_design
def moments(design: Design) -> Moments:
    """The attended centre, query offset and key covariance under :func:`softmax_weights`.

    ``C = Σ p_j k_j k_jᵀ − k̄ k̄ᵀ`` (``Σ p_j = 1``), in integers over common denominators.
    """
    p = softmax_weights(design)
    centre = tuple(combine_rows(p, design.keys))
    second = second_moment(p, design.keys)
    covariance = tuple(
        tuple(second[a][b] - centre[a] * centre[b] for b in range(len(centre)))
        for a in range(len(centre))
    )
    offset = tuple(c - q for c, q in zip(centre, design.query))
    return Moments(p, centre, offset, covariance)


def corrected_average(design: Design, direction: Sequence[Fraction]) -> tuple[Fraction, ...]:
    """The covariance-corrected average ``s_j = p_j (1 − (k_j − k̄)ᵀρ)``: sums to one."""
    shape = moments(design)
    level = 1 + sum((c * r for c, r in zip(shape.centre, direction)), Fraction(0))
    return tuple(
        pj * (level - along)
        for pj, along in zip(shape.weights, row_products(design.keys, direction))
    )


class LocalFit(Record):
    """The exact local fit ``ρ₀ = C⁻¹m`` (the least-norm solution of ``Cρ = m`` when ``C`` is
    singular), its coefficients, and §4's test of whether it is the weighted optimum:
    ``δ‖ρ₀‖ <= R_W √(1 + ρ₀ᵀCρ₀)`` (with ``δ/√Z`` for ``δ`` when ``Z = Σ P_j != 1``)."""

    direction: tuple[Fraction, ...]
    coefficients: tuple[Fraction, ...]
    left: Surd  # δ ‖ρ₀‖
    right: Surd  # R_W √(1 + ρ₀ᵀ C ρ₀)
    optimal: bool  # left <= right, decided exactly on the squares


@_per_design
def local_fit(design: Design) -> LocalFit | None:
    """The exact local fit of a weighted design, or None when the query is off the affine hull
    of the keys (no sum-to-one coefficients reproduce it) or the tolerance is per-statement."""
    tolerance = design.tolerance
    if not isinstance(tolerance, Weighted):
        return None
    shape = moments(design)
    covariance = [list(row) for row in shape.covariance]
    direction = least_norm_solution(covariance, list(shape.offset))
    if direction is None:
        return None
    total = sum(tolerance.weights, Fraction(0))
    length = sum((r * r for r in direction), Fraction(0))
    curvature = sum(
        (
            direction[i] * covariance[i][j] * direction[j]
            for i in range(len(direction))
            for j in range(len(direction))
        ),
        Fraction(0),
    )
    left_squared = tolerance.delta**2 * length / total
    right_squared = design.radius**2 * (1 + curvature)
    return LocalFit(
        direction=tuple(direction),
        coefficients=corrected_average(design, direction),
        left=Surd.root(left_squared),
        right=Surd.root(right_squared),
        optimal=left_squared <= right_squared,
    )
