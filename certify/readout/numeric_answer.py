"""Numeric questions: ``What is x - y?`` as an interval, ``Is it true that t > 4?`` as yes/no.

The expression's variables pick the numeric group(s) to read from (merged into one group when
the expression spans several); the other groups only contribute their witness point.  The
interval is the domain's sound outer bound, tightened to integers for integer-valued
expressions; witnesses pin the expression to chosen values (the ends first) and are checked
by the evaluator like every other witness.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from certify import run_limits
from certify.domains.classify import build
from certify.meaning import ir, queries
from certify.meaning.formulas import constraints_of
from certify.numeric import EVERYTHING, Interval, LinearConstraint, LinearExpr
from certify.readout.numbers import Group, integral, make_group, tighten
from certify.readout.numeric_certificates import support_for_truth, support_for_value
from certify.readout.numeric_truth import normal_form
from certify.readout.numeric_witnesses import WitnessSearch, state_with
from certify.readout.status import Consistency
from certify.report import Answer, Status, Witness

if TYPE_CHECKING:
    from certify.readout.answer import Certifier


def _group_for(certifier: Certifier, variables: set[str]) -> tuple[Group | None, list[Group]]:
    """The group holding the variables (merged if needed) and the others."""
    touching: list[Group] = []
    others: list[Group] = []
    for group in certifier.groups:  # ``variables`` walks every constraint: once per group
        (touching if group.variables & variables else others).append(group)
    if not touching:
        return None, others
    if len(touching) == 1:
        return touching[0], others
    constraints = [c for g in touching for c in g.constraints]
    options = certifier.options
    merged = make_group(
        constraints, certifier.problem.vocabulary.integers, options.domain, options.budget
    )
    return merged, others


def numeric_answer(certifier: Certifier, question: queries.Question) -> Answer:
    """Certify a numeric question."""
    consistency = certifier.consistency
    line = question.line or None
    if consistency.consistent is False:
        return Answer(
            question.text,
            line,
            "contradictory",
            (),
            (),
            (),
            conflict=consistency.conflict,
            domain="numeric",
        )
    query = question.query
    if consistency.consistent is None and (
        isinstance(query, queries.AskTruth) or not consistency.model
    ):
        return Answer(
            question.text,
            line,
            "unresolved",
            None,
            (),
            (),
            reason=consistency.reason,
            domain="numeric",
            stopped=consistency.stopped,
        )
    if isinstance(query, queries.AskTruth):
        return _truth(certifier, question, query.formula)
    assert isinstance(query, queries.AskNumber)
    return _number(certifier, question, query)


def _number(certifier: Certifier, question: queries.Question, query: queries.AskNumber) -> Answer:
    """``What is x - y?``: the tight interval, witnesses at (or near) its ends, the status."""
    consistency = certifier.consistency
    expr = query.expr
    group, _ = _group_for(certifier, set(expr.variables))
    whole = integral(expr, certifier.problem.vocabulary.integers)
    interval, finished = EVERYTHING, True
    if not expr.variables:  # "What is y - y?": the terms cancel, the value is the constant
        interval = Interval(expr.constant, expr.constant, True, True)
    elif group is not None:
        interval, finished = group.domain.tight_bound(expr)
    interval = tighten(interval, whole)
    # Without a witness for the whole text (an inexact domain, a budget), no state can be
    # completed: the interval is still a sound outer set, and the status stays unresolved.
    search = WitnessSearch(certifier, group, query)
    if consistency.consistent:
        search.run(interval, whole)
    witnesses = search.witnesses
    settled = (
        not finished and group is not None and _settled_by_ends(interval, search.reached, group)
    )
    finished = finished or settled
    values = {w.answer for w in witnesses}
    status: Status
    if interval.single is not None and witnesses:
        status = "forced"
    elif len(values) >= 2 and finished:
        status = "open"
    else:
        status = "unresolved"
    reason, stopped = _why(certifier, group, question, finished, settled)
    if search.stopped is not None and status == "unresolved":
        stopped = stopped or search.stopped
        reason = f"{reason}; {search.stopped[1]}"
    if status == "unresolved" and stopped is None:
        stopped, reason = _limit_behind(consistency, reason)
    support = how = None
    if status == "forced" and group is not None and interval.single is not None:
        support = _support(certifier, group, expr, interval.single, whole)
        how = _how(support)
    return Answer(
        question.text,
        question.line or None,
        status,
        interval,
        tuple(w.answer for w in witnesses),
        tuple(witnesses),
        domain=group.name if group else "interval",
        reason=reason,
        clock=query.clock,
        stopped=stopped,
        support=support,
        how=how,
    )


def _why(
    certifier: Certifier,
    group: Group | None,
    question: queries.Question,
    finished: bool,
    settled: bool,
) -> tuple[str, tuple[str, str] | None]:
    """The reason shown under a numeric answer, and the limit that stopped it (if one did)."""
    consistency = certifier.consistency
    reason = group.reason if group else "no statement constrains it"
    if consistency.consistent is None:
        reason = f"{consistency.reason}; the interval is a sound outer bound"
    domain = group.domain if group else None
    stopped = None
    if domain is not None and domain.stopped:
        stopped = (domain.limit or "budget", domain.stopped)
    if settled:
        reason = f"{reason}; witnesses at both ends of the sound outer interval make it exact"
    if not finished and domain is not None and domain.exact:
        # The domain decided the text, but the search for this question's ends ran out.
        deadline = run_limits.current()
        if deadline.expired():
            limit = f"{deadline.describe()} during the search for the bounds of {question.text!r}"
            stopped = stopped or ("timeout", limit)
        else:
            limit = f"the search for the bounds of {question.text!r} stopped at its budget"
            stopped = stopped or ("budget", limit)
        reason = f"{reason}; {limit}, the interval is a sound outer bound"
    elif not finished and stopped and consistency.consistent:
        reason = f"{reason}; {stopped[1]}, the interval is a sound outer bound"
    return reason, stopped


def _support(
    certifier: Certifier, group: Group, expr: LinearExpr, value: Fraction, whole: bool
) -> tuple[int, ...] | None:
    """A minimal support of a forced value; None when the deadline stopped its search."""
    try:
        declared = certifier.declarations
        return support_for_value(group.constraints, declared, expr, value, whole, certifier.built)
    except run_limits.LimitReached:
        return None


def _how(support: tuple[int, ...] | None) -> str | None:
    if support is None:
        return None
    return "stated" if len(support) == 1 else "compositional" if support else "implicit"


def _settled_by_ends(interval: Interval, reached: set[Fraction], group: Group) -> bool:
    """Whether witnesses at both closed ends of a sound outer interval make it exact.

    Over the reals the values of a linear expression on a conjunction of linear constraints
    form an interval (the projection of a convex set), so a witnessed low end and a witnessed
    high end leave no gap.  Integers can leave gaps (``t = 2k``), so groups with integer
    variables never settle this way.
    """
    return (
        interval.low is not None
        and interval.high is not None
        and interval.low_closed
        and interval.high_closed
        and {interval.low, interval.high} <= reached
        and not group.domain.integers & set(group.domain.variables)
    )


def _limit_behind(consistency: Consistency, reason: str) -> tuple[tuple[str, str] | None, str]:
    """The limit behind an unresolved answer that its own search did not report: the one that
    stopped consistency (no witness was searched for), or the deadline, which makes a witness
    search come back empty-handed without saying so."""
    if consistency.stopped is not None:
        return (
            consistency.stopped,
            f"{reason}; {consistency.reason}" if reason else consistency.reason,
        )
    deadline = run_limits.current()
    if deadline.expired():
        why = f"{deadline.describe()} during the witness search"
        return ("timeout", why), f"{reason}; {why}" if reason else why
    return None, reason


def _truth(certifier: Certifier, question: queries.Question, formula: ir.Formula) -> Answer:
    """Yes/no about numbers: an answer is possible iff a conjunction of its normal form is
    consistent with the text (exact linear domain), witnessed by a checked point of it."""
    line = question.line or None
    yes, no = normal_form(formula, True), normal_form(formula, False)
    if yes is None or no is None:
        return Answer(
            question.text,
            line,
            "unresolved",
            None,
            (),
            (),
            reason="this question mixes numbers with other statements, or is too large",
            domain="numeric",
        )
    variables = {v for form in (yes, no) for conj in form for c in conj for v in c.variables}
    group, _ = _group_for(certifier, variables)
    outer: list[str] = []
    witnesses: list[Witness] = []
    stopped: tuple[str, str] | None = None
    for answer, form in (("yes", yes), ("no", no)):
        possible, witness, late = _side(certifier, question, group, form, answer)
        stopped = stopped or late
        if possible:
            outer.append(answer)
        if witness is not None:
            witnesses.append(witness)
    from certify.readout.status import decide

    witnessed = tuple(w.answer for w in witnesses)
    status = decide(tuple(outer), witnessed)
    support = None
    single = constraints_of(formula)
    if status == "forced" and group is not None and single is not None and len(single) == 1:
        (wanted,) = single
        impossible = wanted.negations() if outer == ["yes"] else (wanted,)
        try:
            support = support_for_truth(
                group.constraints, certifier.declarations, impossible, certifier.built
            )
        except run_limits.LimitReached:
            support = None
    reason = group.reason if group else ""
    if stopped is not None:
        reason = f"{reason}; {stopped[1]}" if reason else stopped[1]
    return Answer(
        question.text,
        line,
        status,
        tuple(outer),
        witnessed,
        tuple(witnesses),
        domain=group.name if group else "interval",
        reason=reason,
        support=support,
        how=_how(support),
        stopped=stopped if status == "unresolved" else None,
    )


def _side(
    certifier: Certifier,
    question: queries.Question,
    group: Group | None,
    form: list[tuple[LinearConstraint, ...]],
    answer: str,
) -> tuple[bool, Witness | None, tuple[str, str] | None]:
    """Whether one answer is possible (not shown impossible), with its checked witness."""
    integers = certifier.problem.vocabulary.integers
    base = group.constraints if group is not None else ()
    possible = False
    for conjunction in form:
        deadline = run_limits.current()
        if deadline.expired():
            # Not shown impossible: the side stays in the outer set, unwitnessed.
            return True, None, ("timeout", f"{deadline.describe()} during the witness search")
        domain = build("linear", (*base, *conjunction), integers, certifier.options.budget)
        empty = domain.is_bottom()
        if empty is True:
            continue
        possible = True
        point = domain.witness() if empty is False else None
        if point is None:
            continue
        state = state_with(certifier, dict(point))
        numbers = dict(state.numbers)
        if all(c.holds(numbers) for c in conjunction):
            return True, certifier.witness(question.query, state, answer), None
    return possible, None, None


__all__ = ["LinearExpr", "numeric_answer"]
