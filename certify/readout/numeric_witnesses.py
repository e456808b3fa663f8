"""Witnesses for numeric answers: points pinned to chosen values, checked, put in words.

A numeric answer's witnesses are states of the whole text: the consistency model with a point
of the question's group for the numbers.  The point is the consistency state's own where that
already gives the value (``WitnessSearch._from_base``), or comes from a domain exact for the
group *and* the extra constraint that pins the value (``with_constraint``); every state is
re-checked by the evaluator (``Certifier.witness``).  ``WitnessSearch`` chooses the values:
the ends of the interval first, then inner values, then either side of a value it has.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from certify import run_limits
from certify.domains.base import NumericDomain
from certify.domains.classify import RANK, build, classify, stronger
from certify.meaning import ir, queries
from certify.numeric import Interval, LinearConstraint, LinearExpr, format_number
from certify.readout.numbers import Group, pin, probe_values
from certify.readout.status import EvaluatorDisagrees
from certify.readout.witness import number_text
from certify.report import Witness

if TYPE_CHECKING:
    from certify.readout.answer import Certifier


def state_with(certifier: Certifier, point: dict[str, Fraction]) -> ir.State:
    """The consistency state with ``point`` for the numbers (0 for the rest)."""
    base = dict(certifier.consistency.point)
    base.update(point)
    zero = Fraction(0)
    for name in certifier.problem.vocabulary.numbers:
        base.setdefault(name, zero)
    return certifier.encoding.decode(certifier.consistency.model, base)


class WitnessSearch:
    """Witnesses for a numeric question: pinned to the interval's ends, then next to them.

    Each proposal comes from a domain exact for the group *and* the pinned value (a box
    cannot pin ``y - x``, a difference-bound matrix can), and the evaluator checks every
    state.  When pinning finds fewer than two values, the search asks for a point on either
    side of a value it has (``expr < v``, ``expr > v``), which finds the lattice of values
    an integer leaves to a real (``y = 1/2 - x``).  The run's deadline stops the search; the
    witnesses found so far are kept.
    """

    def __init__(self, certifier: Certifier, group: Group | None, query: queries.AskNumber) -> None:
        self.certifier = certifier
        self.group = group
        self.query = query
        self.witnesses: list[Witness] = []
        self.reached: set[Fraction] = set()
        self.stopped: tuple[str, str] | None = None
        self.base: tuple[ir.State, dict[str, Fraction], Fraction] | None = None
        """The consistency state, its numbers and the question's value there (``_from_base``),
        read when first needed (``based``); None where it cannot serve."""
        self.based = False

    def run(self, interval: Interval, whole: bool) -> None:
        """Pin the ends and some inner values, then look on both sides of a value found."""
        expr = self.query.expr
        wanted = 1 if interval.single is not None else 2
        for value in probe_values(interval, whole):
            if len(self.witnesses) >= wanted or self._late():
                return
            self._try(pin(expr, value))
        if len(self.witnesses) >= wanted or interval.is_empty:
            return
        if not self.witnesses:
            self._try(None)
        for value in sorted(self.reached):
            for relation in ("<", ">"):
                if len(self.witnesses) >= wanted or self._late():
                    return
                self._try(LinearConstraint.make(expr, relation, LinearExpr((), value)))

    def _late(self) -> bool:
        deadline = run_limits.current()
        if deadline.expired():
            self.stopped = ("timeout", f"{deadline.describe()} during the witness search")
            return True
        return False

    def _try(self, extra: LinearConstraint | None) -> None:
        """Propose a point (with ``extra`` when given) and keep it if it gives a new value.

        The domain's own check of its point (``NumericDomain.witness``) is left to the
        evaluator, which checks every statement at it, the group's among them: only the
        integrality the evaluator may not see (an integer declared in a question) is checked
        first, and ``extra`` below.  When the evaluator refuses the state, the domain's check
        tells a point that was never one (the domain proposed none) from a disagreement."""
        if self._from_base(extra):
            return
        certifier, expr = self.certifier, self.query.expr
        proposer = None if self.group is None else _proposer(certifier, self.group, extra)
        if proposer is None:
            point = propose(certifier, None, extra)
        else:
            point = proposer[0].proposal(proposer[1])
            if point is not None and not proposer[0].integral(point):
                point = None
        if point is None:
            return
        state = state_with(certifier, point)
        value = expr.evaluate(dict(state.numbers))
        if value in self.reached or (extra is not None and not extra.holds(dict(state.numbers))):
            return
        try:
            witness = certifier.witness(None, state, self._shown(value))
        except EvaluatorDisagrees:
            if proposer is None or proposer[0].satisfies(point, proposer[1]):
                raise
            return  # not a point of the group: as if the domain had proposed none
        self.witnesses.append(witness)
        self.reached.add(value)

    def _from_base(self, extra: LinearConstraint | None) -> bool:
        """Keep the consistency state itself when it satisfies ``extra`` and gives a value not
        reached yet: no domain is asked for a point (a forced value is the consistency
        state's own, and an interval's end often is).  The evaluator checks it as any other
        witness; where it refuses it, or an integer of the group is not whole there, the
        domain is asked as usual.  Only for a group (the consistency point holds each group's
        witness, checked against the group's constraints) and a pinned or bounded value."""
        if extra is None or self.group is None:
            return False
        if not self.based:
            self.base, self.based = self._base(), True
        if self.base is None:
            return False
        state, numbers, value = self.base
        if value in self.reached or not extra.holds(numbers):
            return False
        try:
            witness = self.certifier.witness(None, state, self._shown(value))
        except EvaluatorDisagrees:
            self.base = None
            return False
        self.witnesses.append(witness)
        self.reached.add(value)
        return True

    def _base(self) -> tuple[ir.State, dict[str, Fraction], Fraction] | None:
        certifier, group = self.certifier, self.group
        assert group is not None
        if certifier.consistency.consistent is not True:
            return None
        state = state_with(certifier, {})
        numbers = dict(state.numbers)
        integers = certifier.problem.vocabulary.integers
        if any(numbers[n].denominator != 1 for n in group.variables & integers if n in numbers):
            return None
        return state, numbers, self.query.expr.evaluate(numbers)

    def _shown(self, value: Fraction) -> str:
        """The value in words: a clock time for a clock question."""
        if self.query.clock:
            vocabulary = self.certifier.problem.vocabulary
            return number_text(vocabulary, self.query.expr.variables[0], value)
        return format_number(value)


def with_constraint(certifier: Certifier, group: Group, extra: LinearConstraint) -> NumericDomain:
    """The group's constraints and ``extra`` in the cheapest domain exact for both.

    The group's own domain is kept when it already is (or was forced stronger); a box asked
    to pin ``y - x`` becomes a difference-bound matrix, an octagon asked to pin ``x + y + z``
    the linear domain.  Soundness does not depend on the choice: witnesses are checked.
    """
    name = _domain_for(certifier, group, extra)
    if name == group.name:
        return group.domain.assume(extra)
    integers = certifier.problem.vocabulary.integers
    return build(name, (*group.constraints, extra), integers, certifier.options.budget)


def _domain_for(certifier: Certifier, group: Group, extra: LinearConstraint) -> str:
    """The group's domain, or a stronger one when ``extra`` is outside its fragment."""
    integers = certifier.problem.vocabulary.integers
    if group.chosen and not (integers and integers & (group.variables | set(extra.variables))):
        needed = stronger(group.chosen, extra)  # no integer variable: classify's answer, O(1)
    else:
        needed = classify((*group.constraints, extra), integers).domain
    return needed if RANK[needed] > RANK[group.name] else group.name


def propose(
    certifier: Certifier, group: Group | None, extra: LinearConstraint | None
) -> dict[str, Fraction] | None:
    """A point of the group (satisfying ``extra`` when given), checked by its domain."""
    if group is None:
        point = {} if extra is None else _free_point(extra)
        integers = certifier.problem.vocabulary.integers
        if point is not None and any(v.denominator != 1 for n, v in point.items() if n in integers):
            return None  # "z is an integer. What is z + z?": 2z = 1 has no integer point
        return point
    domain, extras = _proposer(certifier, group, extra)
    found = domain.witness(extras)
    return None if found is None else dict(found)


def _proposer(
    certifier: Certifier, group: Group, extra: LinearConstraint | None
) -> tuple[NumericDomain, tuple[LinearConstraint, ...]]:
    """The domain that proposes a point of the group pinned by ``extra``, and the constraints
    it is asked for beyond its own."""
    if extra is None:
        return group.domain, ()
    if _domain_for(certifier, group, extra) == group.name:
        return group.domain, (extra,)
    return with_constraint(certifier, group, extra), ()


def _free_point(extra: LinearConstraint) -> dict[str, Fraction] | None:
    """A point for unconstrained variables: put everything on the first variable."""
    if not extra.terms:
        return {}
    (first, c), *rest = extra.terms
    point = {name: Fraction(0) for name, _ in rest}
    for value in (extra.bound / c, extra.bound / c + 1, extra.bound / c - 1):
        point[first] = value  # the bound itself, or a step past it for a strict comparison
        if extra.holds(point):
            return point
    return None
