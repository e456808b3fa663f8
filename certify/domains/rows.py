"""The rows of an exact Fourier-Motzkin elimination: ``sum(a_i x_i) OP b`` with its origin.

Each row carries the multipliers of the input constraints whose combination it is, so a
violated row without variables is a Farkas certificate read off its origin
(``certify.domains.fourier_motzkin``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import field
from fractions import Fraction
from typing import TypeVar

from certify.numeric import LinearConstraint, Op
from certify.records import Record

_K = TypeVar("_K", str, int)


class Row(Record):
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
    """Return ``a * first + b * second`` (``a``, ``b`` positive on inequalities).

    A factor of 1 (every substitution's ``a``) is not multiplied through: ``Fraction``
    arithmetic is most of an elimination's time, and ``1 * v`` is ``v``."""
    coefficients = _scaled(first.coefficients, a)
    _add_scaled(coefficients, second.coefficients, b)
    origin = _scaled(first.origin, a)
    _add_scaled(origin, second.origin, b)
    ops = {first.op if a else "=", second.op if b else "="}
    op: Op = "<" if "<" in ops else "<=" if "<=" in ops else "="
    return Row(
        {n: c for n, c in coefficients.items() if c},
        op,
        (first.bound if a == 1 else a * first.bound)
        + (second.bound if b == 1 else b * second.bound),
        {i: m for i, m in origin.items() if m},
        (first.support if a else frozenset()) | (second.support if b else frozenset()),
    )


def _scaled(values: Mapping[_K, Fraction], factor: Fraction) -> dict[_K, Fraction]:
    """``factor * values``, as a new dictionary."""
    if factor == 1:
        return dict(values)
    return {key: factor * value for key, value in values.items()}


def _add_scaled(total: dict[_K, Fraction], values: Mapping[_K, Fraction], factor: Fraction) -> None:
    """``total += factor * values``, in place (new keys after the old, in ``values``' order)."""
    one = factor == 1
    for key, value in values.items():
        term = value if one else factor * value
        old = total.get(key)
        total[key] = term if old is None else old + term
