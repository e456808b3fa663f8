"""The numeric oracle's restatement of integer comparisons (tests/reference/z3_integral.py):
the same truth at every integer point, and a system Z3 gave up on decided."""

from __future__ import annotations

import itertools
import random

import z3

from tests.reference.z3_integral import integral

X, Y = z3.Int("x"), z3.Int("y")
RX, RY = z3.ToReal(X), z3.ToReal(Y)
R = z3.Real("r")


def _rational(rng: random.Random) -> z3.ArithRef:
    return z3.RealVal(f"{rng.randint(-7, 7)}/{rng.randint(1, 4)}")


def _truth(formula: z3.BoolRef, x: int, y: int) -> bool:
    return z3.is_true(z3.simplify(z3.substitute(formula, (X, z3.IntVal(x)), (Y, z3.IntVal(y)))))


def test_every_comparison_keeps_its_truth_at_every_integer_point() -> None:
    rng = random.Random(5)
    comparisons = [
        lambda a, b: a < b,
        lambda a, b: a <= b,
        lambda a, b: a > b,
        lambda a, b: a >= b,
        lambda a, b: a == b,
    ]
    restated = 0
    for _ in range(200):
        left = _rational(rng) * RX + _rational(rng) * RY + _rational(rng)
        right = _rational(rng) * RY - RX / rng.randint(1, 3) + _rational(rng)
        atom = rng.choice(comparisons)(left, right)
        inside = z3.Or(atom, z3.Not(_rational(rng) < RX - RY))
        for formula in (atom, inside):
            new = integral(formula)
            restated += not new.eq(formula)
            for x, y in itertools.product(range(-4, 5), repeat=2):
                assert _truth(formula, x, y) == _truth(new, x, y), (formula, new, x, y)
    assert restated == 400  # every one was restated: the check above compared two forms


def test_a_real_variable_leaves_the_comparison_as_it_is() -> None:
    atom = RX + R < 3
    assert integral(atom).eq(atom)
    assert str(integral(z3.And(atom, RX < 2))) == "And(ToReal(x) + r < 3, 0 + 1*x <= 1)"


def test_strict_comparisons_z3_gave_up_on_are_decided() -> None:
    """Z3 timed out on these over ToReal (a drawn text's question, 2026-12-04)."""
    solver = z3.Solver()
    solver.set(timeout=20_000)
    solver.add(integral(RY - RX < 0), integral(-1 * (RX - RY) > -1))
    assert solver.check() == z3.unsat
