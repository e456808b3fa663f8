"""The conflict of a contradictory numeric group, as statements with checked subset witnesses.

``numeric_certificates.minimal_conflict`` finds the lines and a point for each one-smaller
subset; here each point is completed into a state of the whole text (the consistency model
for the rest) and re-checked by the evaluator before it is shown.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING

from certify import run_limits
from certify.evaluate import check
from certify.readout.numeric_certificates import (
    by_statement,
    candidates,
    exact_domain,
    minimal_conflict,
)
from certify.readout.witness import witness_of
from certify.report import Conflict

if TYPE_CHECKING:
    from certify.readout.answer import Certifier
    from certify.readout.numbers import Group


class ElsewhereContradictory(Exception):
    """A one-smaller subset of this group's conflict is contradictory through another group."""


def numeric_conflict(certifier: Certifier, group: Group, model: tuple[int, ...]) -> Conflict:
    """The minimal conflict of an empty numeric group, each subset witness checked as a state.

    Not shown minimal (and without subset witnesses) when the run's deadline stopped the
    shrinking or the checking: the lines still contradict each other.
    """
    from certify.readout.status import EvaluatorDisagrees

    vocabulary = certifier.problem.vocabulary
    shrunk = minimal_conflict(
        group.domain,
        group.constraints,
        certifier.declarations,
        vocabulary.label,
        smallest=certifier.options.smallest or certifier.options.all_conflicts,
        limit=certifier.options.budget or 2000,
    )
    lines, detail = shrunk.lines, shrunk.detail
    deadline = run_limits.current()
    if not shrunk.minimal:
        # Proven contradictory all the same: every deletion kept was checked exactly.
        why = deadline.describe() if deadline.expired() else "a part could not be decided"
        return Conflict(lines, f"not shown minimal: {why}", (), detail)
    witnesses = []
    everything = by_statement([c for g in certifier.groups for c in g.constraints])
    for line, point in shrunk.points:
        if deadline.expired():
            return Conflict(lines, f"not shown minimal: {deadline.describe()}", (), detail)
        keep = tuple(s for s in certifier.problem.statements if s.line in lines and s.line != line)
        # The point covers this group; a kept statement may also constrain other groups
        # ("x is 0 and Ana arrives at 0:01."), so the rest comes from all of its constraints.
        kept = [s.line for s in keep]
        rest = exact_domain(everything, kept, certifier.declarations).witness() or {}
        numbers = {
            name: point.get(name, rest.get(name, Fraction(0))) for name in vocabulary.numbers
        }
        state = certifier.encoding.decode(model, numbers)
        if check(replace(certifier.problem, statements=keep), state):
            if exact_domain(everything, kept, certifier.declarations).is_bottom() is True:
                # The rest contradicts itself through another group: that group's conflict
                # is the one to show (``Certifier.consistency`` tries the next).
                raise ElsewhereContradictory(line)
            raise EvaluatorDisagrees("a numeric conflict's subset witness is wrong")
        witnesses.append((line, witness_of(certifier.problem, state, "")))
    kind = (
        "smallest (minimum number of statements)"
        if certifier.options.smallest
        else "subset-minimal"
    )
    if certifier.options.all_conflicts:
        others, complete = _alternatives(certifier, group)
        return Conflict(lines, kind, tuple(witnesses), detail, others, complete)
    return Conflict(lines, kind, tuple(witnesses), detail)


def _alternatives(certifier: Certifier, group: Group) -> tuple[tuple[tuple[int, ...], ...], bool]:
    """Every minimal conflict of the group (``--all-conflicts``), within the budget."""
    from certify.readout.conflicts import every_by_subsets

    grouped = by_statement(group.constraints)

    def infeasible(lines: tuple[int, ...]) -> bool:
        return exact_domain(grouped, lines, certifier.declarations).is_bottom() is True

    found, complete = every_by_subsets(
        candidates(grouped, certifier.declarations), infeasible, certifier.options.budget or 2000
    )
    return tuple(found), complete
