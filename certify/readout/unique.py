"""Is a text well posed? Its solutions over the values it mentions, and the statements the
others entail (SPEC §3 "Well-posedness"; ``certify FILE --unique``).

A *solution* is one value of every variable of the finite state space: each located thing's
place, each valued thing's value (a puzzle member's position), each containment edge and
each atom.  The readout enumerates solutions by SAT under the text's statements, blocking
each one found, until the solver says there is no other (then the count is exact) or two are
found; every solution is decoded and re-checked by the independent evaluator before it is
shown.  A statement is *entailed* when the others with its negation are unsatisfiable; the
lines it follows from are a minimal core of that, shrunk by deletion like every support.
"""

from __future__ import annotations

from certify import run_limits
from certify.evaluate import check
from certify.readout.answer import Certifier
from certify.readout.certificates import lines_of, shrink
from certify.readout.finite import Projection, answer_set
from certify.readout.status import EvaluatorDisagrees
from certify.readout.witness import witness_of
from certify.records import Record
from certify.report import Status, Witness


class Solutions(Record):
    """``forced``: exactly one solution; ``open``: two (at least); ``contradictory``: none;
    ``unresolved``: a limit or a numeric part left it undecided (``reason``)."""

    status: Status
    witnesses: tuple[Witness, ...]
    reason: str = ""


def solutions(certifier: Certifier) -> Solutions:
    """At most two solutions of the text, each re-checked, and what their count proves."""
    problem = certifier.problem
    if problem.vocabulary.numbers:
        reason = "--unique counts the solutions of finite texts; this one has numbers"
        return Solutions("unresolved", (), reason)
    encoding = certifier.encoding
    literals = [lit for options in encoding.location.values() for lit in options.values()]
    literals += [lit for options in encoding.values.values() for lit in options.values()]
    literals += [encoding.variable(("edge", low, high)) for low, high in sorted(encoding.edges)]
    literals += list(encoding.atoms.values())
    projection = Projection(tuple(literals), lambda v: "".join("01"[b] for b in v))
    try:
        found = answer_set(encoding, projection, encoding.all_selectors(), 2)
    except run_limits.LimitReached as stop:
        return Solutions("unresolved", (), stop.reason)
    witnesses = []
    for number, solution in enumerate(found.found, start=1):
        state = encoding.decode(solution.model)
        if check(problem, state):
            raise EvaluatorDisagrees("a solution does not satisfy the text")
        witnesses.append(witness_of(problem, state, f"solution {number}"))
    if len(witnesses) >= 2:
        return Solutions("open", tuple(witnesses[:2]))
    if not found.complete:
        reason = found.stopped.reason if found.stopped else "the solver's budget ran out"
        return Solutions("unresolved", tuple(witnesses), reason)
    return Solutions("forced" if witnesses else "contradictory", tuple(witnesses))


def entailed_by(certifier: Certifier, line: int, column: int) -> tuple[int, ...] | None:
    """The lines that entail the statement at (line, column) — a minimal set of the other
    statements that cannot hold with its negation — or None when they do not entail it."""
    encoding = certifier.encoding
    chosen = [
        (selector, formula)
        for selector, (statement, formula) in zip(encoding.selectors, encoding.grounded)
        if (statement.line, statement.column) == (line, column)
    ]
    if not chosen:
        return None
    negations = [-encoding.literal(formula) for _, formula in chosen]
    mine = {selector for selector, _ in chosen}
    others = [s for s in encoding.all_selectors() if s not in mine]
    for negation in negations:  # a statement split in parts: entailed when every part is
        encoding.sync()
        if encoding.solve([*others, negation]) is not None:
            return None
    encoding.sync()
    given: set[int] = set()
    for negation in negations:
        encoding.solve([*others, negation])
        core = [s for s in encoding.core() if s in encoding.statement_of]
        given.update(lines_of(encoding, shrink(encoding, core, [negation])))
    return tuple(sorted(given))
