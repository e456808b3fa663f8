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

from certify import ir
from certify.ir import constraints_of
from certify.numeric import EVERYTHING, Interval, LinearConstraint, LinearExpr
from certify.readout.numbers import Group, integral, make_group, pin, probe_values, tighten
from certify.readout.numeric_certificates import support_for_truth, support_for_value
from certify.readout.witness import number_text
from certify.report import Answer, Status, Witness

if TYPE_CHECKING:
    from certify.readout.answer import Certifier


def _group_for(certifier: Certifier, variables: set[str]) -> tuple[Group | None, list[Group]]:
    """The group holding the variables (merged if needed) and the others."""
    touching = [g for g in certifier.groups if g.variables & variables]
    others = [g for g in certifier.groups if not g.variables & variables]
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


def _state_with(certifier: Certifier, point: dict[str, Fraction]) -> ir.State:
    base = dict(certifier.consistency.point)
    base.update(point)
    for name in certifier.problem.vocabulary.numbers:
        base.setdefault(name, Fraction(0))
    return certifier.encoding.decode(certifier.consistency.model, base)


def numeric_answer(certifier: Certifier, question: ir.Question) -> Answer:
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
    if consistency.consistent is None and (isinstance(query, ir.AskTruth) or not consistency.model):
        return Answer(
            question.text,
            line,
            "unresolved",
            None,
            (),
            (),
            reason=consistency.reason,
            domain="numeric",
        )
    if isinstance(query, ir.AskTruth):
        return _truth(certifier, question, query.formula)
    assert isinstance(query, ir.AskNumber)
    expr = query.expr
    group, _ = _group_for(certifier, set(expr.variables))
    integers = certifier.problem.vocabulary.integers
    whole = integral(expr, integers)
    interval, finished = EVERYTHING, True
    if group is not None:
        interval, finished = group.domain.tight_bound(expr)
    if expr.constant and group is not None:
        interval = _shift(interval, Fraction(0))
    interval = tighten(interval, whole)
    witnesses: list[Witness] = []
    reached: set[Fraction] = set()
    # Without a witness for the whole text (an inexact domain, a budget), no state can be
    # completed: the interval is still a sound outer set, and the status stays unresolved.
    probes = probe_values(interval, whole) if consistency.consistent else []
    for value in probes:
        point = _propose(group, pin(expr, value))
        if point is None:
            continue
        state = _state_with(certifier, point)
        if expr.evaluate(dict(state.numbers)) != value:
            continue
        shown = (
            number_text(certifier.problem.vocabulary, expr.variables[0], value)
            if query.clock
            else _plain(value)
        )
        witnesses.append(certifier.witness(None, state, shown))
        reached.add(value)
        if len(witnesses) == 2 or interval.single is not None:
            break
    settled = not finished and group is not None and _settled_by_ends(interval, reached, group)
    finished = finished or settled
    values = {w.answer for w in witnesses}
    status: Status
    if interval.single is not None and witnesses:
        status = "forced"
    elif len(values) >= 2 and finished:
        status = "open"
    else:
        status = "unresolved"
    name = group.name if group else "interval"
    reason = group.reason if group else "no statement constrains it"
    if consistency.consistent is None:
        reason = f"{consistency.reason}; the interval is a sound outer bound"
    stopped = ("budget", group.domain.stopped) if group and group.domain.stopped else None
    if settled:
        reason = f"{reason}; witnesses at both ends of the sound outer interval make it exact"
    if not finished and group is not None and group.domain.exact:
        # The domain decided the text, but the search for this question's ends ran out.
        limit = f"the search for the bounds of {question.text!r} stopped at its budget"
        stopped = stopped or ("budget", limit)
        reason = f"{reason}; {limit}, the interval is a sound outer bound"
    elif not finished and stopped and consistency.consistent:
        reason = f"{reason}; {stopped[1]}, the interval is a sound outer bound"
    support = how = None
    if status == "forced" and group is not None and interval.single is not None:
        support = support_for_value(
            group.constraints, certifier.declarations, expr, interval.single, whole
        )
        how = _how(support)
    return Answer(
        question.text,
        line,
        status,
        interval,
        tuple(w.answer for w in witnesses),
        tuple(witnesses),
        domain=name,
        reason=reason,
        clock=query.clock,
        stopped=stopped,
        support=support,
        how=how,
    )


def _how(support: tuple[int, ...] | None) -> str | None:
    if support is None:
        return None
    return "stated" if len(support) == 1 else "compositional" if support else "implicit"


def _plain(value: Fraction) -> str:
    from certify.numeric import format_number

    return format_number(value)


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


def _shift(interval: Interval, by: Fraction) -> Interval:
    def move(end: Fraction | None) -> Fraction | None:
        return None if end is None else end + by

    return Interval(
        move(interval.low), move(interval.high), interval.low_closed, interval.high_closed
    )


def _propose(group: Group | None, extra: LinearConstraint) -> dict[str, Fraction] | None:
    if group is None:
        return _free_point(extra)
    point = group.domain.witness([extra])
    return None if point is None else dict(point)


def _free_point(extra: LinearConstraint) -> dict[str, Fraction] | None:
    """A point for unconstrained variables: put everything on the first variable."""
    if not extra.terms:
        return {}
    (first, c), *rest = extra.terms
    point = {name: Fraction(0) for name, _ in rest}
    point[first] = extra.bound / c
    return point if extra.holds(point) else None


def _truth(certifier: Certifier, question: ir.Question, formula: ir.Formula) -> Answer:
    """Yes/no about numbers: each side is possible iff the domain has a checked witness for it."""
    constraints = constraints_of(formula)
    line = question.line or None
    if constraints is None or len(constraints) != 1:
        return Answer(
            question.text,
            line,
            "unresolved",
            None,
            (),
            (),
            reason="only single comparisons can be asked about numbers yet",
            domain="numeric",
        )
    (wanted,) = constraints
    group, _ = _group_for(certifier, set(wanted.variables))
    sides: list[tuple[str, tuple[LinearConstraint, ...]]] = [
        ("yes", (wanted,)),
        ("no", wanted.negations()),
    ]
    outer: list[str] = []
    witnesses: list[Witness] = []
    for answer, options in sides:
        excluded = True
        for option in options:
            domain = None if group is None else group.domain.assume(option)
            if domain is not None and domain.is_bottom() is True:
                continue
            excluded = False
            point = _propose(group, option)
            if point is None:
                continue
            state = _state_with(certifier, point)
            if option.holds(dict(state.numbers)):
                witnesses.append(certifier.witness(question.query, state, answer))
                break
        if not excluded:
            outer.append(answer)
    from certify.readout.answer import decide

    witnessed = tuple(w.answer for w in witnesses)
    status = decide(tuple(outer), witnessed)
    name = group.name if group else "interval"
    support = None
    if status == "forced" and group is not None:
        impossible = wanted.negations() if outer == ["yes"] else (wanted,)
        support = support_for_truth(group.constraints, certifier.declarations, impossible)
    return Answer(
        question.text,
        line,
        status,
        tuple(outer),
        witnessed,
        tuple(witnesses),
        domain=name,
        reason=group.reason if group else "",
        support=support,
        how=_how(support),
    )


__all__ = ["LinearExpr", "numeric_answer"]
