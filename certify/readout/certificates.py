"""Supports and conflicts: minimal sets of statements, shrunk by deletion and re-checked.

An unsat core over selector literals is a set of statements; deletion-based shrinking
(try each statement once without it; keep it only if the rest becomes satisfiable) makes it
subset-minimal in at most one solver call per statement (pysat ``examples/musx.py``).  A
*conflict* is a minimal core of the text alone; a *support* of a forced answer y is a minimal
core of the text plus "the answer is not y".  Both are re-checked: the set is unsatisfiable,
and every one-smaller subset is satisfiable, with the model that shows it.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from certify.domains.boolean import Encoding


def shrink(encoding: Encoding, core: Sequence[int], fixed: Sequence[int] = ()) -> list[int]:
    """Deletion-based shrinking of an unsatisfiable set of selectors to a subset-minimal one."""
    kept = list(dict.fromkeys(core))
    index = 0
    while index < len(kept):
        trial = kept[:index] + kept[index + 1 :]
        if encoding.solve([*fixed, *trial]) is None:
            smaller = set(encoding.core())
            kept = [s for s in trial if s in smaller] if smaller else trial
        else:
            index += 1
    return kept


def minimal_core(encoding: Encoding, fixed: Sequence[int] = ()) -> list[int] | None:
    """A subset-minimal set of statement selectors unsatisfiable together with ``fixed``."""
    selectors = encoding.all_selectors()
    if encoding.solve([*fixed, *selectors]) is not None:
        return None
    core = [s for s in encoding.core() if s in encoding.statement_of]
    return shrink(encoding, core, fixed)


def subset_models(
    encoding: Encoding, kept: Sequence[int], fixed: Sequence[int] = ()
) -> list[tuple[int, list[int], dict[str, Fraction]]]:
    """For each member, a model of the set without it (proof of minimality), with its numbers."""
    models: list[tuple[int, list[int], dict[str, Fraction]]] = []
    for member in kept:
        rest = [s for s in kept if s != member]
        model = encoding.solve([*fixed, *rest])
        if model is None:
            raise AssertionError("a shrunk core is not minimal")
        models.append((member, model, dict(encoding.numbers)))
    return models


def lines_of(encoding: Encoding, selectors: Sequence[int]) -> tuple[int, ...]:
    """The line numbers of the statements behind some selectors, sorted."""
    return tuple(sorted({n for s in selectors for n in encoding.statement_of[s].lines}))
