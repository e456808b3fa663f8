"""Measurements under the two laws of the seed paper's §2 that apply to them.

Conjunction (the default) reads each reading ``v ± δ`` as the interval [v − δ, v + δ]; the
readings intersect, saying one twice changes nothing, and disjoint readings contradict each
other.  Accumulation (``The readings are independent measurements.`` or ``--law
accumulation``) reads them as independent evidence in information form: precisions add,
``1/σ² = Σ 1/σⱼ²``, and the estimate is the precision-weighted mean ``Σ vⱼ/σⱼ² / Σ 1/σⱼ²``
(the Gaussian information form row of the paper's table).  It is commutative but not
idempotent: a repeated reading tightens the estimate.  Both are exact rationals; only the
standard deviation, a square root, is shown as a float.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction

from certify.meaning import ir
from certify.numeric import Interval
from certify.records import Record

CONJUNCTION = "conjunction"
ACCUMULATION = "accumulation"


class Estimate(Record):
    """What independent readings of one quantity say together (information form)."""

    mean: Fraction
    variance: Fraction
    readings: int

    @property
    def deviation(self) -> float:
        """The standard deviation, √variance."""
        return math.sqrt(self.variance)


def accumulate(measures: Sequence[ir.Measure]) -> Estimate:
    """Precisions add; the mean is precision-weighted: ``Σ vⱼ/σⱼ² / Σ 1/σⱼ²``."""
    precision = sum((1 / m.variance for m in measures), Fraction(0))
    weighted = sum((m.value / m.variance for m in measures), Fraction(0))
    return Estimate(weighted / precision, 1 / precision, len(measures))


def intersect(measures: Sequence[ir.Measure]) -> Interval | None:
    """The readings read as intervals and intersected; None when they are disjoint."""
    low = max(m.value - m.tolerance for m in measures)
    high = min(m.value + m.tolerance for m in measures)
    return Interval(low, high, True, True) if low <= high else None


def readings_of(statements: Sequence[ir.Statement], quantity: str) -> list[ir.Measure]:
    """Every reading of ``quantity`` among the statements, in order."""
    return [m for s in statements for m in s.measures if m.quantity == quantity]
