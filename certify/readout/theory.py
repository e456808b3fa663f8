"""Numbers inside connectives: SAT enumerates the Boolean part, the linear domain checks it.

"If Ana is in the kitchen, then x > 3." or "x = 1 or x = 2." cannot go to a numeric domain
alone.  The SAT encoding treats each comparison as a literal; ``check`` is the theory: it
takes a model, conjoins the comparisons the model makes true and the negations of those it
makes false (every literal's negation is one constraint: ``e = c`` was split into two strict
comparisons), and asks the exact linear domain.  An infeasible combination comes back as a
lemma — the negation of the literals of an infeasible subset (the domain's certificate) —
which holds in every state, so the solver never proposes it again (lazy SMT, DPLL(T)).

Numeric questions then range over the theory assignments the solver can reach: the answer
is the hull of the intervals of each, with witnesses checked like every other.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING

from certify import run_limits
from certify.domains.boolean import Encoding
from certify.domains.classify import build
from certify.meaning import queries
from certify.numeric import Interval, LinearConstraint, LinearExpr
from certify.readout.certificates import lines_of, minimal_core
from certify.readout.numbers import integral, pin, probe_values, tighten
from certify.readout.witness import number_text
from certify.report import Answer, Status, Witness

if TYPE_CHECKING:
    from certify.readout.answer import Certifier

Checker = Callable[[Encoding, list[int]], "bool | list[int] | None"]


def asserted(
    encoding: Encoding, model: list[int] | tuple[int, ...]
) -> list[tuple[int, LinearConstraint]]:
    """The comparisons a model asserts, each with the literal that asserts it."""
    true = set(model)
    chosen: list[tuple[int, LinearConstraint]] = []
    for literal, atom in encoding.theory.items():
        constraint = atom.constraint
        if literal in true:
            chosen.append((literal, constraint))
        else:
            (negation,) = constraint.negations()
            chosen.append((-literal, negation))
    return chosen


def tagged(chosen: list[tuple[int, LinearConstraint]]) -> tuple[LinearConstraint, ...]:
    """The constraints, each tagged with its position (so a conflict names literals)."""
    return tuple(
        LinearConstraint(c.terms, c.op, c.bound, frozenset({i})) for i, (_, c) in enumerate(chosen)
    )


def declaration_selectors(encoding: Encoding) -> dict[int, tuple[str, ...]]:
    """The selector of every integer declaration, with the variables it declares."""
    return {
        selector: statement.declares
        for selector, statement in encoding.statement_of.items()
        if statement.declares
    }


def linear_checker(numbers: tuple[str, ...], budget: int | None) -> Checker:
    """The theory callback for an encoding: True (point kept), a lemma, or None (undecided).

    A variable is an integer only while the model switches its declaration on: integer
    declarations are statements like the others, so they can be left out of a support or a
    conflict, and a lemma that needed integrality names their selectors.
    """

    declared: dict[int, dict[int, tuple[str, ...]]] = {}  # per encoding, found once

    def check(encoding: Encoding, model: list[int]) -> bool | list[int] | None:
        chosen = asserted(encoding, model)
        true = set(model)
        if id(encoding) not in declared:
            declared[id(encoding)] = declaration_selectors(encoding)
        active = {s: names for s, names in declared[id(encoding)].items() if s in true}
        integers = frozenset(name for names in active.values() for name in names)
        domain = build("linear", tagged(chosen), integers, budget)
        empty = domain.is_bottom()
        if empty is None:
            return None
        if empty:
            conflict = domain.conflict()
            indices = sorted(conflict.tags()) if conflict is not None else range(len(chosen))
            lemma = [-chosen[i][0] for i in indices]
            if conflict is None or conflict.kind != "farkas":
                lemma += [-selector for selector in active]  # integrality may have been used
            return lemma
        point = domain.witness()
        if point is None:
            return None
        encoding.numbers = {name: point.get(name, Fraction(0)) for name in numbers}
        return True

    return check


def _hull(intervals: list[Interval]) -> Interval:
    lows = [i for i in intervals]
    low_end = (
        None if any(i.low is None for i in lows) else min(i.low for i in lows if i.low is not None)
    )
    high_end = (
        None
        if any(i.high is None for i in lows)
        else max(i.high for i in lows if i.high is not None)
    )
    low_closed = (
        any(i.low == low_end and i.low_closed for i in intervals) if low_end is not None else False
    )
    high_closed = (
        any(i.high == high_end and i.high_closed for i in intervals)
        if high_end is not None
        else False
    )
    return Interval(low_end, high_end, low_closed, high_closed)


def mixed_number_answer(certifier: Certifier, question: queries.Question) -> Answer:
    """``What is x?`` when comparisons sit inside connectives."""
    query = question.query
    assert isinstance(query, queries.AskNumber)
    consistency = certifier.consistency
    if consistency.consistent is not True:
        status: Status = "contradictory" if consistency.consistent is False else "unresolved"
        return Answer(
            question.text,
            question.line or None,
            status,
            () if status == "contradictory" else None,
            (),
            (),
            conflict=consistency.conflict,
            domain="boolean + linear",
            reason=consistency.reason,
            clock=query.clock,
        )
    seen = _combinations(certifier, question, query)
    hull = _hull(seen.intervals) if seen.intervals and seen.complete else None
    values = {w.answer for w in seen.witnesses}
    status = "unresolved"
    if hull is not None and hull.single is not None and seen.witnesses:
        status = "forced"
    elif len(values) >= 2 and seen.exact:
        status = "open"
    limit, reason = seen.stopped_by()
    encoding = certifier.encoding
    support = how = None
    if status == "forced" and hull is not None and hull.single is not None:
        support = _forcing_lines(encoding, query.expr, hull.single)
        how = None if support is None else "stated" if len(support) == 1 else "compositional"
    return Answer(
        question.text,
        question.line or None,
        status,
        hull,
        tuple(w.answer for w in seen.witnesses),
        tuple(seen.witnesses),
        domain="boolean + linear",
        reason=reason or "comparisons inside connectives",
        clock=query.clock,
        support=support,
        how=how,
        stopped=None if seen.complete and seen.exact else (limit, reason),
    )


@dataclass
class _Seen:
    """What the combinations of comparisons seen so far give: one interval each, witnesses."""

    intervals: list[Interval] = field(default_factory=list)
    witnesses: list[Witness] = field(default_factory=list)
    values: list[Fraction] = field(default_factory=list)  # the witnessed values, in order
    complete: bool = False  # every combination was seen
    exact: bool = True  # every combination's own bound search finished
    stopped: run_limits.LimitReached | None = None

    def stopped_by(self) -> tuple[str, str]:
        """The limit that stopped the search and why ("" when nothing did)."""
        reason = (
            ""
            if self.complete
            else ("the budget ran out before every combination of comparisons was seen")
        )
        limit = "budget"
        if self.stopped is not None:
            limit = self.stopped.limit
            reason = f"{self.stopped.reason}, before every combination was seen"
        if not self.exact:
            reason = (
                "the integer search for a combination's bounds ran out; the hull is an outer set"
            )
        return limit, reason


def _combinations(
    certifier: Certifier, question: queries.Question, query: queries.AskNumber
) -> _Seen:
    """Each combination of true comparisons the boolean part allows, with its exact interval
    and up to two witnessed values; every model found is blocked for this question only."""
    encoding = certifier.encoding
    vocabulary = certifier.problem.vocabulary
    # The integers its own statements declare (a verifier asks about parts of a text).
    integers = frozenset(n for s in certifier.problem.statements for n in s.declares)
    whole = integral(query.expr, integers)
    literals = tuple(encoding.theory)
    activation = encoding.variable(("numbers", question.line, question.text, len(encoding.clauses)))
    seen = _Seen()
    for _ in range(certifier.options.budget or certifier.options.calls):
        try:
            model = encoding.solve([*encoding.all_selectors(), activation])
        except run_limits.LimitReached as stop:
            seen.stopped = stop  # the witnesses found so far are kept
            break
        if model is None:
            seen.complete = True
            break
        chosen = asserted(encoding, model)
        domain = build("linear", tagged(chosen), integers, certifier.options.budget)
        bound, finished = domain.tight_bound(query.expr)
        seen.exact = seen.exact and finished
        interval = tighten(bound, whole)
        seen.intervals.append(interval)
        for extra in _probes(query.expr, interval, whole, seen):
            if len({w.answer for w in seen.witnesses}) >= 2:
                break
            point = domain.witness([extra])
            if point is None:
                continue
            numbers = {name: point.get(name, Fraction(0)) for name in vocabulary.numbers}
            state = encoding.decode(model, numbers)
            value = query.expr.evaluate(numbers)
            shown = (
                number_text(vocabulary, query.expr.variables[0], value)
                if query.clock
                else str(value)
            )
            if shown not in {w.answer for w in seen.witnesses}:
                seen.witnesses.append(certifier.witness(None, state, shown))
                seen.values.append(value)
        true = set(model)
        encoding.add([[-activation, *(-lit if lit in true else lit for lit in literals)]])
    encoding.add([[-activation]])
    return seen


def _probes(
    expr: LinearExpr, interval: Interval, whole: bool, seen: _Seen
) -> Iterator[LinearConstraint]:
    """What to ask a combination's domain for a witness: ``expr`` pinned to each probe value,
    then, while one value only is witnessed, ``expr`` above or below it (``y + y`` over an
    integer y never takes the probe 1, and one witness cannot show a question open)."""
    for value in probe_values(interval, whole):
        yield pin(expr, value)
    if interval.single is not None or len(set(seen.values)) != 1:
        return
    value = seen.values[0]
    for relation, bound in ((">=", value + 1), ("<=", value - 1)):
        if interval.contains(bound):
            yield LinearConstraint.make(expr, relation, LinearExpr((), bound))


def _forcing_lines(encoding: Encoding, expr: LinearExpr, value: Fraction) -> tuple[int, ...] | None:
    """A minimal set of statements under which ``expr`` cannot differ from ``value``."""
    equal = encoding.comparison(pin(expr, value))
    core = minimal_core(encoding, [-equal])
    return None if not core else lines_of(encoding, core)
