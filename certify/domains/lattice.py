"""Which equality an elimination substitutes first, and how it stays on the integer lattice.

Substitution (Gaussian elimination) is exact over the reals whichever variable goes; over the
integers the choice matters.  ``pick_equality`` prefers a real variable, then an integer with
coefficient ±1, whose substitution keeps every integral point integral; without one,
``lattice_step`` applies the Omega test's unimodular change of variable (Pugh 1991) until a
coefficient ±1 appears.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction

from certify.domains.rows import Row, combine

FRESH = "\x00lattice:"
"""The prefix of the integer variables ``lattice_step`` introduces (no text can name one)."""


def lattice_step(
    equality: Row, name: str, keep: frozenset[str], integers: frozenset[str], count: int
) -> tuple[Row, str, str] | None:
    """A unimodular change of variable that shrinks an integer equality's coefficients.

    For ``a x + sum(b_j y_j) = c`` over integers with no coefficient ±1 on a variable that may
    go (``pick_equality`` prefers those), the variable ``x`` with the least ``|a|`` is
    replaced by ``x = t - sum(q_j y_j)``, ``q_j`` the nearest integer to ``b_j / a`` and ``t``
    a fresh integer: ``x`` and the ``y_j`` are integral exactly when ``t`` and the ``y_j`` are,
    and the equality becomes ``a t + sum((b_j - q_j a) y_j) = c`` with every ``|b_j - q_j a|
    <= |a| / 2`` (the Omega test's step, Pugh 1991).  Repeated (``eliminate`` repeats it on one
    equality until it returns None), it reaches a coefficient ±1,
    whose substitution keeps every integral point integral: the relaxation's points then lie
    on the equality's integer lattice, and branch and bound no longer splits a variable that
    the equality keeps fractional along a whole unbounded line (``-2x - 2y - 3z = 5``).

    None when the step does not apply: a real variable, fewer than two variables that may go
    (substitution is then exact enough: the others are kept), or a coefficient ±1 already.
    Returns the definition ``x - t + sum(q_j y_j) = 0``, ``x`` and ``t``.
    """
    if not integers or not equality.coefficients.keys() <= integers:
        return None
    movable = [n for n in equality.coefficients if n not in keep]  # each step: min |a| falls
    if len(movable) < 2 or abs(equality.coefficients[name]) == 1:
        return None
    if any(c.denominator != 1 for c in equality.coefficients.values()):
        return None  # not yet cut to integral coefficients
    least = min(movable, key=lambda n: (abs(equality.coefficients[n]), n))
    pivot = equality.coefficients[least]
    fresh = f"{FRESH}{least}:{count}"
    definition = {least: Fraction(1), fresh: Fraction(-1)}
    for other, coefficient in equality.coefficients.items():
        quotient = math.floor(coefficient / pivot + Fraction(1, 2))
        if other != least and quotient:
            definition[other] = Fraction(quotient)
    return Row(definition, "=", Fraction(0)), least, fresh


def pick_equality(
    rows: Sequence[Row], keep: frozenset[str], integers: frozenset[str] = frozenset()
) -> tuple[Row, str] | None:
    """An equality and one of its variables to substitute away (fewest variables first).

    Within the equality, a real variable goes first, then an integer with coefficient ±1, then
    the rest by name: substituting ``z`` out of ``-2x - 2y - z = 5`` keeps every point that is
    integral in ``x`` and ``y`` integral in ``z``, where substituting ``x`` would make the
    relaxation's points half-integral along a whole unbounded line (branch and bound could then
    split on ``x`` forever without meeting the integral points beside it).
    """
    options = [
        (len(r.coefficients), [n for n in r.coefficients if n not in keep], r)
        for r in rows
        if r.op == "="
    ]
    options = [o for o in options if o[1]]
    if not options:
        return None
    _, _, row = min(options, key=lambda o: o[0])
    return row, pick_name(row, keep, integers)


def pick_name(row: Row, keep: frozenset[str], integers: frozenset[str]) -> str:
    """The variable of an equality to substitute away: real, then integer ±1, then by name."""

    def rank(name: str) -> tuple[int, str]:
        if name not in integers:
            return 0, name
        return (1 if abs(row.coefficients[name]) == 1 else 2), name

    return min((n for n in row.coefficients if n not in keep), key=rank)


def substitute(row: Row, name: str, definition: Row) -> Row:
    """``row`` with ``name`` replaced through ``definition`` (whose ``name`` coefficient is 1)."""
    factor = row.coefficients.get(name)
    return row if factor is None else combine(row, Fraction(1), definition, -factor)
