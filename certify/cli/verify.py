"""``certify verify REPORT.json [TEXT]``: re-check a saved report without trusting its engine.

The text is read again from scratch; every claim of the report is then checked by a
*different* route than the one that produced it:

* each witness is rebuilt from its assignment and re-evaluated on the IR (and its words must
  match its assignment);
* the status must be certified by what the report itself shows (two witnesses for ``open``...);
* the answer set, supports and conflicts are re-derived with another engine: the enumeration
  engine when the state space is small, otherwise a second SAT solver (Glucose instead of
  CaDiCaL); numeric claims with the exact linear domain.

``verify_document`` returns the broken claims, each naming the question and the line.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction
from typing import Any

from certify.domains.base import NumericDomain
from certify.domains.boolean import Encoding
from certify.domains.enumerate import LIMIT, remaining, space_size
from certify.evaluate import answer_in, check, route_answers
from certify.meaning import formulas, ir, queries
from certify.meaning.positions import LABELS
from certify.numeric import EMPTY, Interval, LinearConstraint, LinearExpr, show_interval
from certify.output.expect import parse_interval
from certify.readout.answer import Certifier, Options, is_numeric
from certify.readout.finite import answer_set, project
from certify.readout.mixed import asks_numbers
from certify.readout.numeric_certificates import by_statement, exact_domain
from certify.readout.theory import linear_checker
from certify.readout.witness import describe, state_from

SMALL = min(LIMIT, 1 << 12)
"""State spaces up to this size are re-derived by enumeration, larger ones by Glucose."""


def _subset(problem: ir.Problem, lines: Sequence[int]) -> ir.Problem:
    kept = set(lines)
    return replace(
        problem, statements=tuple(s for s in problem.statements if kept.issuperset(s.lines))
    )


def finite_answers(problem: ir.Problem, query: queries.Query) -> set[str]:
    """The exact answer set by enumeration (small spaces) or a second SAT solver.

    Numeric statements are checked by the exact linear domain: if they contradict each
    other, nothing is permitted; otherwise the answer depends on the finite ones only.
    """
    numeric = [
        s
        for s in problem.statements
        if formulas.constraints_of(s.formula) is not None or bool(s.declares)
    ]
    if isinstance(query, (queries.AskRelation, queries.AskRoute)):
        return _grid_values(problem, query)
    if numeric and not mixed(problem) and not asks_numbers(query):
        if _numeric(problem).is_bottom() is True:
            return set()
        if (
            isinstance(query, queries.AskTruth)
            and formulas.constraints_of(query.formula) is not None
        ):
            return _truth_values(problem, query)
        problem = replace(
            problem, statements=tuple(s for s in problem.statements if s not in numeric)
        )
        problem = replace(problem, vocabulary=replace(problem.vocabulary, numbers=()))
    extra = queries.asked_formulas(query)
    if not problem.vocabulary.numbers and space_size(problem, extra) <= SMALL:
        return {answer_in(problem, s, query) for s in remaining(problem, extra)}
    encoding = Encoding(problem, solver="glucose4")
    if encoding.theory:
        encoding.checker = linear_checker(problem.vocabulary.numbers, None)
    try:
        result = answer_set(encoding, project(encoding, query), encoding.all_selectors(), 1 << 30)
        return {f.answer for f in result.found}
    finally:
        encoding.close()


def mixed(problem: ir.Problem) -> bool:
    """Whether comparisons sit inside connectives (SAT with the linear theory decides them)."""
    return any(
        formulas.constraints_of(s.formula) is None and is_numeric(s.formula)
        for s in problem.statements
    )


def mixed_interval(problem: ir.Problem, query: queries.AskNumber) -> Interval | None:
    """The exact interval of a numeric question in a mixed text, re-derived with Glucose."""
    certifier = Certifier(problem, Options(solver="glucose4"))
    answer = certifier.answer(queries.Question("", 0, query))
    if answer.status == "contradictory":
        return EMPTY
    if answer.status == "unresolved" or not isinstance(answer.answers, Interval):
        return None
    return answer.answers


def _declared(problem: ir.Problem) -> dict[int, tuple[str, ...]]:
    return {s.line: s.declares for s in problem.statements if s.declares}


def _numeric(problem: ir.Problem, lines: Sequence[int] | None = None) -> NumericDomain:
    constraints = [c for s in problem.statements for c in formulas.constraints_of(s.formula) or []]
    grouped = by_statement(constraints)
    chosen = list(grouped) + list(_declared(problem)) if lines is None else list(lines)
    return exact_domain(grouped, chosen, _declared(problem))


def _value(text: str, clock: bool) -> Fraction | None:
    interval = parse_interval(text)
    return None if interval is None else interval.single


class Checker:
    """Re-checks the claims about one question."""

    def __init__(self, problem: ir.Problem, query: queries.Query, entry: dict[str, Any]) -> None:
        self.problem = problem
        self.query = query
        self.entry = entry
        self.mixed = mixed(problem)
        where = f"line {entry.get('line')}" if entry.get("line") else "--ask"
        self.name = f"{where} {entry.get('question')!r}"
        self.broken: list[str] = []

    def fail(self, claim: str) -> None:
        """Record a broken claim."""
        self.broken.append(f"{self.name}: {claim}")

    def run(self) -> list[str]:
        """Check everything; return the broken claims."""
        entry = self.entry
        status = entry.get("status")
        if status not in ("forced", "open", "contradictory", "unresolved"):
            self.fail(f"unknown status {status!r}")
            return self.broken
        numeric = isinstance(self.query, queries.AskNumber)
        self.witnesses(numeric)
        self.status(status, numeric)
        if numeric:
            self.numeric_outer(status)
        else:
            self.finite_outer(status)
        if entry.get("support"):
            self.support(entry["support"], numeric)
        if entry.get("conflict"):
            self.conflict(entry["conflict"], entry.get("conflict_detail") or {})
        return self.broken

    def witnesses(self, numeric: bool) -> None:
        """Every witness satisfies the text and has the answer it claims."""
        witnesses = self.entry.get("witnesses") or []
        for witness in witnesses:
            answer = witness.get("answer")
            try:
                state = state_from(witness.get("assignment") or {})
            except ValueError as error:
                self.fail(f"witness for {answer!r}: {error}")
                continue
            problems = check(self.problem, state)
            if problems:
                self.fail(f"witness for {answer!r} does not satisfy the text: {problems[0]}")
                continue
            pairs, sentences = describe(self.problem, state)
            if dict(pairs) != witness.get("state") or list(sentences) != witness.get("sentences"):
                self.fail(f"witness for {answer!r}: its words do not match its assignment")
            if numeric:
                assert isinstance(self.query, queries.AskNumber)
                actual = self.query.expr.evaluate(dict(state.numbers))
                if _value(str(answer), self.query.clock) != actual:
                    self.fail(f"witness for {answer!r} gives the value {actual}")
            elif isinstance(self.query, queries.AskRoute):
                if answer not in route_answers(self.query, dict(state.numbers)):
                    self.fail(f"witness for {answer!r}: no shortest route there goes so")
            elif answer_in(self.problem, state, self.query) != answer:
                real = answer_in(self.problem, state, self.query)
                self.fail(f"witness for {answer!r} actually answers {real!r}")
        if sorted({w.get("answer") for w in witnesses}) != sorted(
            set(self.entry.get("witnessed") or [])
        ):
            self.fail("'witnessed' does not list exactly the answers of the witnesses")

    def status(self, status: str, numeric: bool) -> None:
        """The status is certified by what the report shows."""
        witnessed = set(self.entry.get("witnessed") or [])
        answers = self.entry.get("answers")
        if status == "forced":
            single = _single(answers, numeric)
            if numeric and single is not None and isinstance(answers, dict):
                clock = isinstance(self.query, queries.AskNumber) and self.query.clock
                values = {_value(str(w), clock) for w in witnessed}
                if values != {_interval(answers).single}:
                    self.fail("'forced' needs a witness with the single value")
            elif single is None or single not in witnessed:
                self.fail("'forced' needs a single answer with a witness")
        elif status == "open":
            if len(witnessed) < 2 and "(other)" not in witnessed:
                self.fail("'open' needs two witnesses with different answers")
        elif status == "contradictory" and not self.entry.get("conflict"):
            self.fail("'contradictory' needs a conflict")

    def finite_outer(self, status: str) -> None:
        """The claimed answer set contains the true one (equals it when forced or open)."""
        truth = finite_answers(self.problem, self.query)
        answers = self.entry.get("answers")
        if status == "contradictory":
            if truth:
                self.fail(f"the text is not contradictory: it permits {sorted(truth)}")
            return
        if answers is None:
            return
        if not truth <= set(answers):
            self.fail(f"the text also permits {sorted(truth - set(answers))}")
        if status in ("forced", "open") and set(answers) != truth:
            self.fail(f"the answer set is {sorted(truth)}, not {sorted(answers)}")

    def numeric_outer(self, status: str) -> None:
        """The claimed interval contains the exact one (equals it when forced)."""
        assert isinstance(self.query, queries.AskNumber)
        if self.mixed:
            self.mixed_outer(status)
            return
        domain = _numeric(self.problem)
        empty = domain.is_bottom()
        if status == "contradictory":
            if empty is not True:
                self.fail("the numbers are not contradictory")
            return
        data = self.entry.get("answers")
        if not isinstance(data, dict):
            return
        exact, finished = domain.tight_bound(self.query.expr)
        if not finished:
            return
        claimed = _interval(data)
        if not claimed.includes(exact):
            self.fail(
                f"the values reach {show_interval(exact, self.query.clock)}, outside the answer"
            )

    def mixed_outer(self, status: str) -> None:
        """As ``numeric_outer``, for comparisons inside connectives."""
        assert isinstance(self.query, queries.AskNumber)
        exact = mixed_interval(self.problem, self.query)
        if exact is None:
            return
        if status == "contradictory":
            if not exact.is_empty:
                self.fail("the numbers are not contradictory")
            return
        data = self.entry.get("answers")
        if isinstance(data, dict) and not _interval(data).includes(exact):
            self.fail(
                f"the values reach {show_interval(exact, self.query.clock)}, outside the answer"
            )

    def support(self, lines: list[int], numeric: bool) -> None:
        """The support forces the answer on its own, and no smaller part of it does."""

        claimed = _single(self.entry.get("answers"), numeric)
        if claimed is None:
            self.fail("a support is claimed, but the answer is not one value")
            return

        def forces(keep: Sequence[int]) -> bool:
            sub = _subset(self.problem, keep)
            if numeric and self.mixed:
                assert isinstance(self.query, queries.AskNumber)
                exact = mixed_interval(sub, self.query)
                wanted = _interval(self.entry["answers"]).single
                return exact is not None and exact.single == wanted
            if numeric:
                assert isinstance(self.query, queries.AskNumber)
                domain = _numeric(sub, keep)
                wanted = _interval(self.entry["answers"]).single
                interval, finished = domain.tight_bound(self.query.expr)
                return finished and interval.single == wanted
            return finite_answers(sub, self.query) == {claimed}

        if not forces(lines):
            self.fail(f"lines {lines} do not force the answer on their own")
            return
        for line in lines:
            if forces([x for x in lines if x != line]):
                self.fail(f"the support is not minimal: line {line} is not needed")

    def conflict(self, lines: list[int], detail: dict[str, Any]) -> None:
        """The conflict is unsatisfiable and every one-smaller part is satisfiable."""

        def contradictory(keep: Sequence[int]) -> bool:
            sub = _subset(self.problem, keep)
            if self.mixed:
                return not finite_answers(sub, queries.AskTruth(ir.Const(True)))
            if any(formulas.constraints_of(s.formula) is not None for s in sub.statements):
                if _numeric(sub, keep).is_bottom() is True:
                    return True
                finite = replace(
                    sub,
                    statements=tuple(
                        s for s in sub.statements if formulas.constraints_of(s.formula) is None
                    ),
                )
                return not finite_answers(finite, queries.AskTruth(ir.Const(True)))
            return not finite_answers(sub, queries.AskTruth(ir.Const(True)))

        if not contradictory(lines):
            self.fail(f"lines {lines} do not contradict each other")
            return
        for line in lines:
            if contradictory([x for x in lines if x != line]):
                self.fail(f"the conflict is not minimal: line {line} is not needed")
        for item in detail.get("subset_witnesses") or []:
            without = item.get("without")
            sub = _subset(self.problem, [x for x in lines if x != without])
            try:
                state = state_from(item.get("assignment") or {})
            except ValueError as error:
                self.fail(f"the witness without line {without}: {error}")
                continue
            if check(sub, state):
                self.fail(f"the witness without line {without} does not satisfy the other lines")


def _truth_values(problem: ir.Problem, query: queries.AskTruth) -> set[str]:
    """Which of yes/no the numbers permit (exact domain: exactly; else an outer set)."""
    domain = _numeric(problem)
    values = set()
    for constraint in formulas.constraints_of(query.formula) or []:
        if domain.assume(constraint).is_bottom() is not True:
            values.add("yes")
        if any(domain.assume(n).is_bottom() is not True for n in constraint.negations()):
            values.add("no")
    return values


def _grid_values(problem: ir.Problem, query: queries.AskRelation | queries.AskRoute) -> set[str]:
    """The labels the exact linear domain has a point for, or the routes of one of its points
    (a route's steps are the pairs of places one statement relates: that statement alone
    fixes the step, so every point has the same routes)."""
    domain = _numeric(problem)
    if domain.is_bottom() is True:
        return set()
    if isinstance(query, queries.AskRoute):
        point = domain.witness() or {}
        numbers = {
            name: point.get(name, Fraction(0)) for _, x, y in query.places for name in (x, y)
        }
        return route_answers(query, numbers)
    zero = LinearExpr((), Fraction(0))
    found = set()
    for label, (sx, sy) in LABELS.items():
        signs = [(query.dx, sx), (query.dy, sy)]
        narrowed = domain
        for expr, sign in signs:
            op = {-1: "<", 0: "=", 1: ">"}[sign]
            narrowed = narrowed.assume(LinearConstraint.make(expr, op, zero, ()))
        if narrowed.is_bottom() is not True:
            found.add(label)
    return found


def _single(answers: Any, numeric: bool) -> str | None:
    if numeric and isinstance(answers, dict):
        interval = _interval(answers)
        return None if interval is None or interval.single is None else "single"
    if isinstance(answers, list) and len(answers) == 1 and answers[0] != "(other)":
        return str(answers[0])
    return None


def _interval(data: dict[str, Any]) -> Interval:
    low = None if data.get("low") == "-inf" else Fraction(str(data.get("low")))
    high = None if data.get("high") == "inf" else Fraction(str(data.get("high")))
    return Interval(low, high, bool(data.get("low_closed")), bool(data.get("high_closed")))
