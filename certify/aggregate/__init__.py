"""The seed paper's §4 as an API: the exact worst-case error of an aggregation whose
coefficients sum to one, and the coefficients that minimize it (``certify aggregate``).

The design and the pricing of given coefficients are in ``design``; the weighted optimum
(exact local fit or ridge) in ``optimum``; the per-statement optimum (an LP) in ``lp``.
"""

from __future__ import annotations

from certify.aggregate.design import (
    Design,
    LocalFit,
    Moments,
    PerStatement,
    Pricing,
    Weighted,
    corrected_average,
    estimate,
    local_fit,
    moments,
    rational,
    softmax_weights,
    worst_case_error,
)
from certify.aggregate.design import Number as Number
from certify.aggregate.lp import per_statement_optimum
from certify.aggregate.optimum import Optimum, weighted_optimum


def optimal_coefficients(design: Design) -> Optimum:
    """The coefficients of least worst-case error, priced, with a dual lower bound.

    Weighted: the corrected average with the exact local fit when §4's condition holds, else
    the ridge fixed point ``(C + λI)ρ = m`` with ``λ`` found by bisection.  Per-statement: an
    LP with cutting planes for the ball ``‖W‖ <= R_W`` (HiGHS).  See
    :mod:`certify.aggregate.optimum`.
    """
    if isinstance(design.tolerance, Weighted):
        return weighted_optimum(design)
    return per_statement_optimum(design)


__all__ = [
    "Design",
    "LocalFit",
    "Moments",
    "Number",
    "Optimum",
    "PerStatement",
    "Pricing",
    "Weighted",
    "corrected_average",
    "estimate",
    "local_fit",
    "moments",
    "optimal_coefficients",
    "rational",
    "softmax_weights",
    "worst_case_error",
]
