"""From a problem and a question to a certified ``Answer``: the readout of the seed paper.

``Certifier`` holds one problem's engines — the SAT encoding of its finite statements and a
numeric domain per group of numeric constraints — and answers any number of questions with
them.  Whatever an engine proposes, a witness is only printed after the independent
evaluator has checked the complete state against every original statement, and a status
is only claimed with its certificate (SPEC section 1):

* ``contradictory`` — an exact refutation (SAT, or an exact numeric domain), with a conflict;
* ``forced`` — the outer set is one value and a witness for it exists;
* ``open`` — two witnesses with different answers (or one in an unnamed place);
* ``unresolved`` — anything less, with the partial sets.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction
from functools import cached_property
from typing import TYPE_CHECKING

from certify import run_limits
from certify.domains.boolean import Encoding, TheoryUndecided
from certify.evaluate import answer_in, check
from certify.meaning import ir, queries
from certify.readout.certificates import lines_of, minimal_core, subset_models
from certify.readout.finite import (
    FiniteAnswers,
    Projection,
    answer_set,
    answer_sets,
    condition,
    project,
)
from certify.readout.status import Consistency, EvaluatorDisagrees, Options, decide, is_numeric
from certify.readout.witness import witness_of
from certify.report import Answer, Conflict, Status, Witness

if TYPE_CHECKING:
    from certify.readout.numbers import Group
    from certify.readout.numeric_certificates import Built

__all__ = ["Certifier", "Consistency", "EvaluatorDisagrees", "Options", "decide", "is_numeric"]


class Certifier:
    """Answers questions about one problem."""

    def __init__(self, problem: ir.Problem, options: Options | None = None) -> None:
        from certify.meaning.formulas import constraints_of

        self.problem = problem
        self.options = options or Options()
        finite: list[ir.Statement] = []
        self.numeric: list[ir.Statement] = []
        self.mixed = False
        for statement in problem.statements:
            if constraints_of(statement.formula) is not None:
                self.numeric.append(statement)
            else:
                self.mixed = self.mixed or is_numeric(statement.formula)
                finite.append(statement)
        if self.mixed:
            # Comparisons inside connectives: every statement goes to SAT + linear theory.
            finite, self.numeric = list(problem.statements), []
        self.finite = replace(problem, statements=tuple(finite))
        self.expected: list[queries.Question] = []
        self.joint: dict[int, tuple[queries.Question, FiniteAnswers]] = {}
        """Answer sets found together for the questions this certifier expects (``expect``)."""
        self.built: Built = {}
        """The exact linear domains its numeric supports built (``exact_domain``)."""

    def expect(self, question: queries.Question) -> None:
        """Say that ``question`` will be asked: the finite questions asked of one certifier
        are then enumerated together (``finite.answer_sets``) when the first is answered."""
        self.expected.append(question)

    @cached_property
    def encoding(self) -> Encoding:
        """The SAT encoding of the finite statements (with the linear theory when mixed)."""
        encoding = Encoding(self.finite, solver=self.options.solver)
        if encoding.theory:
            from certify.readout.theory import linear_checker

            vocabulary = self.problem.vocabulary
            encoding.checker = linear_checker(vocabulary.numbers, self.options.budget)
        return encoding

    @cached_property
    def declarations(self) -> dict[int, tuple[str, ...]]:
        """Integer declarations by line."""
        return {s.line: s.declares for s in self.problem.statements if s.declares}

    @cached_property
    def groups(self) -> list[Group]:
        """The numeric groups with their domains."""
        if not self.numeric:
            return []
        from certify.meaning.formulas import constraints_of
        from certify.readout.numbers import make_groups

        constraints = [c for s in self.numeric for c in constraints_of(s.formula) or []]
        vocabulary = self.problem.vocabulary
        return make_groups(
            constraints, vocabulary.integers, self.options.domain, self.options.budget
        )

    # ------------------------------------------------------------------ consistency

    @cached_property
    def consistency(self) -> Consistency:
        """Is there any state at all?  With a minimal conflict when there is not.

        A limit that runs out on the way leaves the question undecided (never decided by it).
        """
        try:
            return self._consistency()
        except run_limits.LimitReached as stop:
            return Consistency(None, None, reason=stop.reason, stopped=(stop.limit, stop.reason))
        except MemoryError:
            memory = run_limits.LimitReached("memory", "the consistency check")
            return Consistency(None, None, reason=memory.reason, stopped=("memory", memory.reason))

    def _consistency(self) -> Consistency:
        encoding = self.encoding
        try:
            model = encoding.solve(encoding.all_selectors())
            if model is None:
                unshrunk = [s for s in encoding.core() if s in encoding.statement_of]
                try:
                    return Consistency(False, self._boolean_conflict())
                except run_limits.LimitReached as stop:
                    # Refuted all the same: the core of the refutation, as it came.
                    shown = f"not shown minimal: {stop.reason}"
                    return Consistency(False, Conflict(lines_of(encoding, unshrunk), shown))
        except TheoryUndecided as error:
            return Consistency(None, None, reason=str(error))
        point: dict[str, Fraction] = dict(encoding.numbers)
        empties = [g for g in self.groups if g.domain.is_bottom() is True]
        for group in self.groups:
            empty = group.domain.is_bottom()
            if empty is True:
                from certify.readout.numeric_conflict import (
                    ElsewhereContradictory,
                    numeric_conflict,
                )

                try:
                    return Consistency(False, numeric_conflict(self, group, tuple(model)))
                except ElsewhereContradictory:
                    if group is not empties[-1]:
                        continue  # another empty group holds a conflict minimal on its own
                    raise EvaluatorDisagrees("no numeric conflict is minimal") from None
                except run_limits.LimitReached as stop:  # refuted all the same: the group's lines
                    declared = {
                        n for n, names in self.declarations.items() if group.variables & set(names)
                    }
                    lines = tuple(sorted({t for c in group.constraints for t in c.tags} | declared))
                    shown = f"not shown minimal: {stop.reason}"
                    return Consistency(False, Conflict(lines, shown))
            # A witness is checked exactly against the group's own constraints, so it proves
            # consistency even where a budget kept the domain from deciding emptiness.
            found = group.domain.witness()
            if found is None:
                domain = group.domain
                reason = domain.stopped or f"the {group.name} domain found no witness"
                stopped = (domain.limit or "budget", reason) if domain.stopped else None
                deadline = run_limits.current()
                if stopped is None and deadline.expired():
                    reason = f"{deadline.describe()} during the witness search"
                    stopped = ("timeout", reason)
                return Consistency(None, None, tuple(model), reason=reason, stopped=stopped)
            point.update(found)
        zero = Fraction(0)
        for name in self.problem.vocabulary.numbers:
            point.setdefault(name, zero)
        return Consistency(True, None, tuple(model), tuple(sorted(point.items())))

    def _numbers(self, found: dict[str, Fraction]) -> dict[str, Fraction]:
        """A value for every numeric variable (0 where nothing constrains it)."""
        return {name: found.get(name, Fraction(0)) for name in self.problem.vocabulary.numbers}

    def _boolean_conflict(self) -> Conflict:
        from certify.readout import conflicts

        encoding = self.encoding
        kind = "subset-minimal"
        alternatives: tuple[tuple[int, ...], ...] = ()
        complete = True
        exact_sat = not encoding.theory  # OptUx sees clauses only, not the linear theory
        if self.options.all_conflicts and exact_sat:
            found, complete = conflicts.every(encoding, self.options.budget or 50)
            alternatives = tuple(lines_of(encoding, c) for c in found)
        if self.options.smallest and exact_sat:
            core = conflicts.smallest(encoding) or []
            kind = "smallest (minimum number of statements)"
        else:
            core = minimal_core(encoding) or []
        witnesses = []
        for member, model, numbers in subset_models(encoding, core):
            rest = replace(
                self.finite,
                statements=tuple(
                    s for sel, s in encoding.statement_of.items() if sel in core and sel != member
                ),
            )
            state = encoding.decode(model, self._numbers(numbers))
            if check(rest, state):
                raise EvaluatorDisagrees("a conflict's subset witness does not satisfy its subset")
            line = encoding.statement_of[member].line
            witnesses.append((line, witness_of(self.problem, state, "")))
        return Conflict(
            lines_of(encoding, core), kind, tuple(witnesses), "", alternatives, complete
        )

    # ------------------------------------------------------------------ answers

    def answer(self, question: queries.Question) -> Answer:
        """Certify one question; a limit that runs out makes it ``unresolved``, naming both."""
        try:
            return self._answer(question)
        except run_limits.LimitReached as stop:
            return self._stopped(question, stop)
        except MemoryError:
            return self._stopped(question, run_limits.LimitReached("memory", "this question"))

    def _stopped(self, question: queries.Question, stop: run_limits.LimitReached) -> Answer:
        """The answer of a question whose work a limit stopped: nothing is claimed."""
        return self._base(
            question,
            "unresolved",
            answers=None,
            witnessed=(),
            witnesses=(),
            reason=stop.reason,
            stopped=(stop.limit, stop.reason),
        )

    def _answer(self, question: queries.Question) -> Answer:
        query = question.query
        if isinstance(query, queries.AskNumber) and self.mixed:
            from certify.readout.theory import mixed_number_answer

            return self._undecided(question, lambda: mixed_number_answer(self, question))
        if isinstance(query, (queries.AskRelation, queries.AskRoute)):
            from certify.readout.grid import grid_answer

            return grid_answer(self, question)
        if not self.mixed and (
            isinstance(query, queries.AskNumber)
            or (isinstance(query, queries.AskTruth) and is_numeric(query.formula))
        ):
            from certify.readout.numeric_answer import numeric_answer

            return numeric_answer(self, question)
        return self._undecided(question, lambda: self.finite_answer(question))

    def _undecided(self, question: queries.Question, work: Callable[[], Answer]) -> Answer:
        """Run ``work``; if the numeric theory cannot decide, the answer is unresolved."""
        try:
            return work()
        except TheoryUndecided as error:
            deadline = run_limits.current()
            limit, reason = "budget", str(error)
            if deadline.expired():
                limit, reason = "timeout", f"{deadline.describe()}: {error}"
            return self._base(
                question,
                "unresolved",
                answers=None,
                witnessed=(),
                witnesses=(),
                reason=reason,
                stopped=(limit, reason),
            )

    def _base(self, question: queries.Question, status: Status, **fields: object) -> Answer:
        return Answer(question.text, question.line or None, status, **fields)  # type: ignore[arg-type]

    def finite_answer(self, question: queries.Question) -> Answer:
        """A finite question by incremental SAT: exact answers, one checked witness each."""
        if self.options.engine == "enumerate":
            from certify.readout.by_enumeration import enumerated_answer

            return enumerated_answer(self.problem, question)
        consistency = self.consistency
        if consistency.consistent is False:
            return self._base(
                question,
                "contradictory",
                answers=(),
                witnessed=(),
                witnesses=(),
                conflict=consistency.conflict,
            )
        encoding = self.encoding
        projection = project(encoding, question.query)
        calls = self.options.budget or self.options.calls
        result = self._found(question, projection)
        witnesses: list[Witness] = []
        for found in result.found:
            if consistency.consistent is None:
                break
            numbers = dict(found.numbers) if self.mixed else dict(consistency.point)
            state = encoding.decode(found.model, self._numbers(numbers))
            witnesses.append(self.witness(question.query, state, found.answer))
        answers = tuple(f.answer for f in result.found) if result.complete else result.candidates
        witnessed = tuple(w.answer for w in witnesses)
        status = decide(answers, witnessed)
        support = how = None
        if status == "forced":
            support, how = self._finite_support(projection, result.found[0].values)
        reason = consistency.reason if consistency.consistent is None else ""
        stopped: tuple[str, str] | None = consistency.stopped
        if not result.complete:
            done = f"after {len(result.found)} answer(s) were witnessed"
            if result.stopped is not None:
                reason = f"{result.stopped.reason} {done}"
                stopped = (result.stopped.limit, reason)
            else:
                reason = f"the budget of {calls} solver calls ran out {done}"
                stopped = ("budget", reason)
        return self._base(
            question,
            status,
            answers=answers,
            witnessed=witnessed,
            witnesses=tuple(witnesses),
            support=support,
            how=how,
            reason=reason,
            stopped=stopped,
        )

    def _found(self, question: queries.Question, projection: Projection) -> FiniteAnswers:
        """The question's answers, in the candidates' order (not the solver's: stable output)."""
        joint = self.joint.pop(id(question), None)
        if joint is not None and joint[0] is question:
            result = joint[1]
        else:
            result = self._answer_sets(question, projection)
        if not result.candidates:
            return result
        rank = {c: i for i, c in enumerate(result.candidates)}
        ordered = sorted(result.found, key=lambda f: rank.get(f.answer, len(rank)))
        return replace(result, found=tuple(ordered))

    def _answer_sets(self, question: queries.Question, projection: Projection) -> FiniteAnswers:
        """The question's answer set, found together with the other expected finite ones."""
        encoding = self.encoding
        calls = self.options.budget or self.options.calls
        others = [q for q in dict.fromkeys(self.expected) if q is not question and self._finite(q)]
        self.expected = []
        if not others:
            return answer_set(encoding, projection, encoding.all_selectors(), calls)
        projections = [projection, *(project(encoding, q.query) for q in others)]
        results = answer_sets(encoding, projections, encoding.all_selectors(), calls)
        self.joint.update({id(q): (q, r) for q, r in zip(others, results[1:])})
        return results[0]

    def _finite(self, question: queries.Question) -> bool:
        """Whether ``_answer`` sends the question to ``finite_answer`` (the SAT readout)."""
        query = question.query
        if isinstance(query, queries.AskNumber) or self.options.engine == "enumerate":
            return False
        return self.mixed or not (isinstance(query, queries.AskTruth) and is_numeric(query.formula))

    def _finite_support(
        self, projection: Projection, values: tuple[bool, ...]
    ) -> tuple[tuple[int, ...] | None, str | None]:
        """A minimal support of a forced finite answer; none when a limit stopped its search."""
        encoding = self.encoding
        cond = condition(encoding, projection, values)
        try:
            core = minimal_core(encoding, [-cond]) or []
        except run_limits.LimitReached:
            return None, None
        support = lines_of(encoding, core)
        return support, "stated" if len(
            support
        ) == 1 else "compositional" if support else "implicit"

    def witness(self, query: queries.Query | None, state: ir.State, answer: str) -> Witness:
        """Check a proposed state with the evaluator, then put it in words."""
        problems = check(self.problem, state)
        if problems:
            raise EvaluatorDisagrees(
                "an engine proposed a state the evaluator rejects: " + "; ".join(problems)
            )
        if query is not None and not isinstance(query, queries.AskNumber):
            actual = answer_in(self.problem, state, query)
            if actual != answer:
                raise EvaluatorDisagrees(f"witness answers {actual!r}, engine said {answer!r}")
        return witness_of(self.problem, state, answer)

    def close(self) -> None:
        """Free solver memory."""
        if "encoding" in self.__dict__:
            self.encoding.close()
