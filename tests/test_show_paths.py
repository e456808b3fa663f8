"""A comparison in words (``meaning.text``) reads its signs off the numerators and is shown
first: it must read as the Fraction arithmetic it replaced.

``_comparison`` is compared with that arithmetic (kept here) on thousands of drawn constraints,
integral or not, of every sign, size and operator, and ``show`` of a comparison with it; the
comparison is tested first in ``show`` and in the evaluator's ``holds``, which is right only while
no other class of the IR is one and it is no other.
"""

from __future__ import annotations

import inspect
import random
from collections.abc import Callable
from fractions import Fraction

from certify.meaning import ir, text
from certify.numeric import LinearConstraint


def reference(constraint: LinearConstraint, label: Callable[[str], str]) -> str:
    """``text._comparison`` as it was, in Fraction arithmetic."""
    terms = constraint.terms
    op: str = constraint.op
    limit: Fraction = constraint.bound
    if terms and all(c < 0 for _, c in terms):
        terms = tuple((n, -c) for n, c in terms)
        op = {"<": ">", "<=": ">=", "=": "="}[op]
        limit = -limit
    shown = " ".join(
        ("+ " if c > 0 else "- ") + (f"{abs(c)}·" if abs(c) != 1 else "") + label(n)
        for n, c in terms
    )
    return f"{shown.removeprefix('+ ') or '0'} {op} {limit}"


def drawn(count: int) -> list[LinearConstraint]:
    pick = random.Random(5)
    sizes = [1, 1, 1, 2, 3, 7, 10**20]
    found = []
    for _ in range(count):
        names = pick.sample(["x", "y", "z", "Ana.age", "w"], pick.randint(0, 4))
        terms = tuple(
            (n, Fraction(pick.choice([-1, 1]) * pick.choice(sizes), pick.choice([1, 1, 2, 3])))
            for n in sorted(names)
        )
        bound = Fraction(pick.randint(-20, 20), pick.choice([1, 1, 4]))
        found.append(LinearConstraint(terms, pick.choice(["<=", "<", "="]), bound))
    return found


def test_a_comparison_reads_as_in_fraction_arithmetic() -> None:
    vocabulary = ir.Vocabulary(number_labels=(("Ana.age", "Ana's age"),))
    shown = 0
    for constraint in drawn(20000):
        expected = reference(constraint, vocabulary.label)
        assert text._comparison(constraint, vocabulary.label) == expected, constraint
        assert text.show(ir.Compare(constraint), vocabulary) == expected, constraint
        shown += "·" in expected and ">" in expected
    assert shown > 100


def test_no_other_class_of_the_ir_is_a_comparison() -> None:
    classes = [c for _, c in inspect.getmembers(ir, inspect.isclass) if c.__module__ == ir.__name__]
    assert ir.Compare in classes and ir.Compare.__bases__ == (object,)
    assert [c for c in classes if issubclass(c, ir.Compare)] == [ir.Compare]
