"""Exact arithmetic for ``certify aggregate``: sums of square roots, rational bounds on them,
and a least-norm linear solve over the rationals.

The worst-case error of rational coefficients is ``R_W √A + δ √B`` with ``A`` and ``B``
rational (seed paper section 4), so it is held exactly as a :class:`Surd`, a finite sum
``Σ c_i √r_i`` with rational ``c_i`` and integer radicands.  Radicands are reduced by pulling
out square factors found by trial division (primes below 1000), so that ``√8`` and ``2√2``
meet as one term; a radicand with a larger square factor stays unreduced, which only makes the
printed form longer, never a comparison wrong: equality of two surds is claimed only when
their reduced terms are identical, and every inequality goes through :meth:`Surd.bounds`,
rational enclosures computed with integer square roots.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from math import isqrt, lcm

from certify.records import Record

_SMALL_PRIMES = tuple(p for p in range(2, 1000) if all(p % q for q in range(2, isqrt(p) + 1)))


def sqrt_bounds(x: Fraction, bits: int = 96) -> tuple[Fraction, Fraction]:
    """Rationals ``low <= √x <= high`` with ``high - low <= 2**-bits / denominator(x)``.

    ``√(n/d) = √(n·d)/d``, and the integer square root of ``n·d·4**bits`` rounds it down.
    """
    if x < 0:
        raise ValueError(f"no real square root of {x}")
    scaled = (x.numerator * x.denominator) << (2 * bits)
    root = isqrt(scaled)
    unit = x.denominator << bits
    if root * root == scaled:
        return Fraction(root, unit), Fraction(root, unit)
    return Fraction(root, unit), Fraction(root + 1, unit)


def _split_square(n: int) -> tuple[int, int]:
    """``(outside, inside)`` with ``n = outside**2 * inside``, small square factors pulled out."""
    root = isqrt(n)
    if root * root == n:
        return root, 1
    outside = 1
    for prime in _SMALL_PRIMES:
        if prime * prime > n:
            break
        while n % (prime * prime) == 0:
            n //= prime * prime
            outside *= prime
    root = isqrt(n)
    if root * root == n:
        return outside * root, 1
    return outside, n


class Surd(Record):
    """An exact real ``Σ c·√r``: ``terms`` pairs each reduced radicand ``r`` (1 for the
    rational part) with its non-zero coefficient ``c``, sorted by radicand."""

    terms: tuple[tuple[int, Fraction], ...] = ()

    @staticmethod
    def of(value: Fraction | int) -> Surd:
        """The rational ``value`` as a surd."""
        return Surd.root(Fraction(1), Fraction(value))

    @staticmethod
    def root(radicand: Fraction, coefficient: Fraction | int = 1) -> Surd:
        """``coefficient · √radicand`` for a rational ``radicand >= 0``."""
        if radicand < 0:
            raise ValueError(f"no real square root of {radicand}")
        outside, inside = _split_square(radicand.numerator * radicand.denominator)
        value = Fraction(coefficient) * outside / radicand.denominator
        return Surd(((inside, value),) if value else ())

    def __add__(self, other: Surd) -> Surd:
        merged = dict(self.terms)
        for radicand, coefficient in other.terms:
            merged[radicand] = merged.get(radicand, Fraction(0)) + coefficient
        return Surd(tuple(sorted((r, c) for r, c in merged.items() if c)))

    def __neg__(self) -> Surd:
        return Surd(tuple((r, -c) for r, c in self.terms))

    def __sub__(self, other: Surd) -> Surd:
        return self + (-other)

    def __mul__(self, other: Surd) -> Surd:
        if len(self.terms) == len(other.terms) == 1 and self.terms[0][0] == other.terms[0][0]:
            (radicand, c1), (_, c2) = self.terms[0], other.terms[0]
            return Surd.of(c1 * c2 * radicand)  # c1√r · c2√r, without reducing r² again
        product = Surd()
        for r1, c1 in self.terms:
            for r2, c2 in other.terms:
                product = product + Surd.root(Fraction(r1 * r2), c1 * c2)
        return product

    def scaled(self, factor: Fraction | int) -> Surd:
        """``factor`` times this surd."""
        return Surd(tuple((r, c * factor) for r, c in self.terms)) if factor else Surd()

    def rational(self) -> Fraction | None:
        """The value when it is rational, else None."""
        if not self.terms:
            return Fraction(0)
        if len(self.terms) == 1 and self.terms[0][0] == 1:
            return self.terms[0][1]
        return None

    def bounds(self, bits: int = 96) -> tuple[Fraction, Fraction]:
        """Rationals ``low <= value <= high`` (each root enclosed by :func:`sqrt_bounds`)."""
        low = high = Fraction(0)
        for radicand, coefficient in self.terms:
            root_low, root_high = sqrt_bounds(Fraction(radicand), bits)
            ends = (coefficient * root_low, coefficient * root_high)
            low += min(ends)
            high += max(ends)
        return low, high

    def __float__(self) -> float:
        low, high = self.bounds(64)
        return float((low + high) / 2)

    def __str__(self) -> str:
        """``3``, ``2√(2)``, ``1 - (1/2)√(3)``: each root written as ``√(value)``."""
        if not self.terms:
            return "0"
        parts: list[str] = []
        for radicand, coefficient in self.terms:
            size = abs(coefficient)
            if radicand == 1:
                text = str(size)
            else:
                factor = "" if size == 1 else str(size) if size.denominator == 1 else f"({size})"
                text = f"{factor}√({radicand})"
            sign = "-" if coefficient < 0 else "+"
            parts.append(f"{sign} {text}" if parts else ("-" if sign == "-" else "") + text)
        return " ".join(parts)


def solve(matrix: list[list[Fraction]], rhs: list[Fraction]) -> list[Fraction] | None:
    """The solution of the square system ``matrix · x = rhs``, or None when it is singular.

    Gaussian elimination over the rationals with a non-zero pivot: exact, ``O(n³)``.
    """
    size = len(matrix)
    rows = [[*row, value] for row, value in zip(matrix, rhs)]
    for column in range(size):
        pivot = next((r for r in range(column, size) if rows[r][column]), None)
        if pivot is None:
            return None
        rows[column], rows[pivot] = rows[pivot], rows[column]
        head = rows[column][column]
        rows[column] = [value / head for value in rows[column]]
        for r in range(size):
            if r != column and rows[r][column]:
                factor = rows[r][column]
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[column])]
    return [row[size] for row in rows]


def _pivot_columns(matrix: list[list[Fraction]]) -> list[int]:
    """The indices of columns that form a basis of the column space (row echelon form)."""
    rows = [list(row) for row in matrix]
    pivots: list[int] = []
    top = 0
    for column in range(len(matrix[0]) if matrix else 0):
        pivot = next((r for r in range(top, len(rows)) if rows[r][column]), None)
        if pivot is None:
            continue
        rows[top], rows[pivot] = rows[pivot], rows[top]
        for r in range(top + 1, len(rows)):
            factor = rows[r][column] / rows[top][column]
            if factor:
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[top])]
        pivots.append(column)
        top += 1
    return pivots


def least_norm_solution(matrix: list[list[Fraction]], rhs: list[Fraction]) -> list[Fraction] | None:
    """The least-norm ``x`` with ``matrix · x = rhs`` for a symmetric positive semidefinite
    ``matrix``, or None when the system has no solution.

    The least-norm solution lies in the range of the matrix, spanned by its pivot columns
    ``B``: ``x = B z`` with ``(Bᵀ M B) z = Bᵀ b`` (``Bᵀ M B`` is positive definite), then
    ``M x = b`` is checked exactly.
    """
    size = len(matrix)
    basis = [[matrix[i][c] for i in range(size)] for c in _pivot_columns(matrix)]
    image = [
        [sum((matrix[i][k] * column[k] for k in range(size)), Fraction(0)) for i in range(size)]
        for column in basis
    ]
    normal = [[sum((a * b for a, b in zip(u, mv)), Fraction(0)) for mv in image] for u in basis]
    projected = [sum((a * b for a, b in zip(u, rhs)), Fraction(0)) for u in basis]
    weights = solve(normal, projected) if basis else []
    if weights is None:
        return None
    solution = [sum((w * u[i] for w, u in zip(weights, basis)), Fraction(0)) for i in range(size)]
    reached = [
        sum((matrix[i][k] * solution[k] for k in range(size)), Fraction(0)) for i in range(size)
    ]
    return solution if reached == list(rhs) else None


def _over_common(values: Sequence[Fraction]) -> tuple[list[int], int]:
    """The numerators of ``values`` over their least common denominator, and that denominator."""
    denominator = lcm(*(v.denominator for v in values)) if values else 1
    return [v.numerator * (denominator // v.denominator) for v in values], denominator


def combine_rows(weights: Sequence[Fraction], rows: Sequence[Sequence[Fraction]]) -> list[Fraction]:
    """``Σ_j weights[j] · rows[j]``, exactly, in integers over common denominators (a rational
    sum term by term would reduce a fraction at every step: ~50 times slower)."""
    size = len(rows[0]) if rows else 0
    numerators, scale = _over_common(weights)
    entries, unit = _over_common([x for row in rows for x in row])
    totals = [0] * size
    for j, weight in enumerate(numerators):
        if weight:
            base = j * size
            for i in range(size):
                totals[i] += weight * entries[base + i]
    return [Fraction(total, scale * unit) for total in totals]


def row_products(rows: Sequence[Sequence[Fraction]], vector: Sequence[Fraction]) -> list[Fraction]:
    """``rows[j] · vector`` for every row, exactly, in integers over common denominators."""
    size = len(vector)
    numerators, scale = _over_common(vector)
    entries, unit = _over_common([x for row in rows for x in row])
    return [
        Fraction(sum(entries[j * size + i] * numerators[i] for i in range(size)), scale * unit)
        for j in range(len(rows))
    ]


def second_moment(
    weights: Sequence[Fraction], rows: Sequence[Sequence[Fraction]]
) -> list[list[Fraction]]:
    """``Σ_j weights[j] · rows[j] rows[j]ᵀ``, exactly (integers over common denominators)."""
    size = len(rows[0]) if rows else 0
    numerators, scale = _over_common(weights)
    entries, unit = _over_common([x for row in rows for x in row])
    totals = [[0] * size for _ in range(size)]
    for j, weight in enumerate(numerators):
        if weight:
            row = entries[j * size : (j + 1) * size]
            for a in range(size):
                scaled = weight * row[a]
                target = totals[a]
                for b in range(a, size):
                    target[b] += scaled * row[b]
    denominator = scale * unit * unit
    return [
        [Fraction(totals[min(a, b)][max(a, b)], denominator) for b in range(size)]
        for a in range(size)
    ]
