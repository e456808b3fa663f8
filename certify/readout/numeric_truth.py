"""Yes/no questions about numbers: ``Is it true that -0.25 < t < 5?``, with connectives.

The question's formula and its negation are put in disjunctive normal form over comparisons
(each negated comparison is the one or two comparisons of its complement, so no negation is
left); an answer is possible exactly when one of its conjunctions is consistent with the text's
constraints on those variables, decided by the exact linear domain, and it is witnessed by a
point of that conjunction, re-checked by the evaluator like every witness.  The normal form is
small for the questions people ask; past ``LIMIT`` conjunctions the question stays unresolved.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from certify.meaning import ir
from certify.numeric import LinearConstraint

LIMIT = 256
"""The most conjunctions a question's normal form may have."""

Conjunctions = list[tuple[LinearConstraint, ...]]


def normal_form(formula: ir.Formula, positive: bool = True) -> Conjunctions | None:
    """The conjunctions of comparisons whose disjunction is ``formula`` (or its negation);
    None when the formula speaks of more than numbers or is too large."""
    found = _form(formula, positive)
    return None if found is None or len(found) > LIMIT else found


def _form(formula: ir.Formula, positive: bool) -> Conjunctions | None:
    if isinstance(formula, ir.Compare):
        if positive:
            return [(formula.constraint,)]
        return [(negation,) for negation in formula.constraint.negations()]
    if isinstance(formula, ir.Const):
        return [()] if formula.value == positive else []
    if isinstance(formula, ir.Not):
        return _form(formula.body, not positive)
    if isinstance(formula, (ir.And, ir.Or)):
        parts = [_form(p, positive) for p in formula.parts]
        conjoined = isinstance(formula, ir.And) == positive
        return _product(parts) if conjoined else _union(parts)
    if isinstance(formula, ir.Implies):
        return _form(ir.Or((ir.Not(formula.premise), formula.conclusion)), positive)
    if isinstance(formula, ir.Iff):
        left, right = formula.left, formula.right
        both = ir.Or((ir.And((left, right)), ir.And((ir.Not(left), ir.Not(right)))))
        return _form(both, positive)
    if isinstance(formula, ir.Count) and len(formula.parts) <= 6:
        choices = [
            ir.And(tuple(p if on else ir.Not(p) for p, on in zip(formula.parts, pattern)))
            for pattern in itertools.product((True, False), repeat=len(formula.parts))
            if (formula.low <= sum(pattern) <= formula.high) == positive
        ]
        return _form(ir.Or(tuple(choices)), True)
    return None


def _union(parts: Sequence[Conjunctions | None]) -> Conjunctions | None:
    if any(p is None for p in parts):
        return None
    found = [c for p in parts if p is not None for c in p]
    return found if len(found) <= LIMIT else None


def _product(parts: Sequence[Conjunctions | None]) -> Conjunctions | None:
    found: Conjunctions = [()]
    for part in parts:
        if part is None:
            return None
        found = [a + b for a in found for b in part]
        if len(found) > LIMIT:
            return None
    return found
