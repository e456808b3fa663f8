"""Which minimal conflict: subset-minimal (default), smallest, or all of them.

Two tools can each call different sets "minimal"; certify says which kind it returns.
*Subset-minimal* (deletion-based, ``certificates.shrink``) is cheap.  The *smallest*
(minimum-cardinality) conflict and the enumeration of *all* minimal conflicts use python-sat's
OptUx — an implicit hitting-set loop over the selector literals, which yields MUSes in order
of size — on the CNF of the text (hard) with one soft unit clause per statement.  Numeric
groups use the same idea by brute force over statements, checked by the exact linear domain.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence

from pysat.examples.optux import OptUx
from pysat.formula import WCNF

from certify import run_limits
from certify.domains.boolean import Encoding


def _wcnf(encoding: Encoding) -> tuple[WCNF, list[int]]:
    encoding.sync()
    formula = WCNF()
    for clause in encoding.clauses:
        formula.append(clause)
    selectors = encoding.all_selectors()
    for selector in selectors:
        formula.append([selector], weight=1)
    return formula, selectors


def smallest(encoding: Encoding) -> list[int] | None:
    """A minimum-cardinality set of statement selectors that is unsatisfiable (None if SAT)."""
    if encoding.solve(encoding.all_selectors()) is not None:
        return None
    formula, selectors = _wcnf(encoding)
    with run_limits.sat_interrupts(), OptUx(formula) as optux:
        found = optux.compute()
    return [selectors[i - 1] for i in found or []]


def every(encoding: Encoding, limit: int) -> tuple[list[list[int]], bool]:
    """All minimal conflicts (smallest first), at most ``limit``; and whether that is all."""
    if encoding.solve(encoding.all_selectors()) is not None:
        return [], True
    formula, selectors = _wcnf(encoding)
    found: list[list[int]] = []
    complete = True
    with run_limits.sat_interrupts(), OptUx(formula) as optux:
        for mus in optux.enumerate():
            if len(found) >= limit:
                complete = False
                break
            found.append([selectors[i - 1] for i in mus])
    return found, complete


def every_by_subsets(
    lines: Sequence[int], infeasible: Callable[[tuple[int, ...]], bool], limit: int
) -> tuple[list[tuple[int, ...]], bool]:
    """Minimal infeasible sets of statements, smallest first (brute force, ``limit`` tests)."""
    found: list[tuple[int, ...]] = []
    tests = 0
    for size in range(1, len(lines) + 1):
        for subset in itertools.combinations(sorted(lines), size):
            if any(set(m) <= set(subset) for m in found):
                continue
            tests += 1
            if tests > limit:
                return found, False
            if infeasible(subset):
                found.append(subset)
    return found, True
