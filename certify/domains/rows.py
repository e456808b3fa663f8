"""The rows of an exact Fourier-Motzkin elimination: ``sum(a_i x_i) OP b`` with its origin.

Each row carries the multipliers of the input constraints whose combination it is, so a
violated row without variables is a Farkas certificate read off its origin
(``certify.domains.fourier_motzkin``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from certify.numeric import LinearConstraint, Op


@dataclass(frozen=True, slots=True)
class Row:
    """``sum(coefficients) OP bound``, equal to ``sum(origin[i] * input_i)``.

    ``support`` lists the inequalities of the current elimination the row combines (its
    history, for Chernikov's redundancy rule).
    """

    coefficients: Mapping[str, Fraction]
    op: Op
    bound: Fraction
    origin: Mapping[int, Fraction] = field(default_factory=dict)
    support: frozenset[int] = frozenset()

    @staticmethod
    def of(constraint: LinearConstraint, index: int | None = None) -> Row:
        """The row of an input constraint (``index`` None: a row outside the inputs)."""
        origin = {} if index is None else {index: Fraction(1)}
        return Row(dict(constraint.terms), constraint.op, constraint.bound, origin)

    def violated(self) -> bool:
        """Whether a row without variables is false."""
        if self.op == "<=":
            return self.bound < 0
        if self.op == "<":
            return self.bound <= 0
        return self.bound != 0


def combine(first: Row, a: Fraction, second: Row, b: Fraction) -> Row:
    """Return ``a * first + b * second`` (``a``, ``b`` positive on inequalities)."""
    coefficients = {name: a * value for name, value in first.coefficients.items()}
    for name, value in second.coefficients.items():
        coefficients[name] = coefficients.get(name, Fraction(0)) + b * value
    origin = {i: a * m for i, m in first.origin.items()}
    for i, m in second.origin.items():
        origin[i] = origin.get(i, Fraction(0)) + b * m
    ops = {first.op if a else "=", second.op if b else "="}
    op: Op = "<" if "<" in ops else "<=" if "<=" in ops else "="
    return Row(
        {n: c for n, c in coefficients.items() if c},
        op,
        a * first.bound + b * second.bound,
        {i: m for i, m in origin.items() if m},
        (first.support if a else frozenset()) | (second.support if b else frozenset()),
    )
