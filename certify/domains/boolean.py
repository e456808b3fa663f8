"""The Boolean / finite domain: a problem as CNF for python-sat, one selector per statement.

Every state variable of ``space.py`` becomes SAT literals (one-hot location and value
variables, containment edges with a reachability relation, property atoms); every statement
is guarded by its own selector literal — clauses for ``s → statement``, written directly at
its top levels (``clausify.py``) and Tseitin-encoded below — so solving under assumptions
switches statements on and off, and an unsat core *is* a set of statements
(STYLE convention 7, pysat's ``examples/musx.py``).  Reachability is the completion
``reach(p,q) ⇔ edge(p,q) ∨ ∃r edge(p,r) ∧ reach(r,q)`` with ``¬reach(p,p)``: for acyclic
edges its only model is the transitive closure, and any cycle of edges is refuted.

Numeric comparisons inside connectives are *theory atoms*: plain literals here, checked by
the exact linear domain (``theory.py``) on each model.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from certify import run_limits
from certify.domains import clausify
from certify.domains.decode import Readable, decode
from certify.domains.variables import Variables
from certify.meaning import ir
from certify.meaning.space import candidate_edges, grounded, location_domain, reachable
from certify.numeric import LinearConstraint, LinearExpr

if TYPE_CHECKING:
    from certify.domains.cadical import SatSolver

SLICE = 1_000
"""Conflicts of the first solver slice between two looks at the deadline."""
SLICE_SECONDS = 0.05
"""Slices grow or shrink towards this duration: a SAT call overruns the deadline by about
this much."""


class TheoryUndecided(Exception):
    """The numeric theory could not decide a model (integer budget, too many lemmas)."""


class Encoding:
    """The CNF of one problem, with a live incremental solver."""

    def __init__(self, problem: ir.Problem, solver: str = "cadical153") -> None:
        self.problem = problem
        self.vocabulary = problem.vocabulary
        self.pool = Variables()
        self.clauses: list[list[int]] = []
        self.cache: dict[object, int] = {}
        self.theory: dict[int, ir.Compare] = {}
        self.checker: Callable[[Encoding, list[int]], bool | list[int] | None] | None = None
        self.numbers: dict[str, Fraction] = {}
        self.theory_rounds = 10_000
        self.deadline = run_limits.current()
        self._work = 0
        self.true = self.variable(("true",))
        self.clauses.append([self.true])
        self.edges = candidate_edges(problem)
        self.reach_pairs = reachable(self.edges)
        self.location: dict[str, dict[str, int]] = {}
        self.values: dict[tuple[str, str], dict[str, int]] = {}
        self.atoms: dict[ir.Holds | ir.Related, int] = {}
        self.selectors: list[int] = []
        self.readable = Readable()  # the variables a model is read back through (``decode``)
        self.grounded = grounded(problem)
        try:
            self._space()
            for index, (_, formula) in enumerate(self.grounded):
                self.deadline.check("the SAT encoding")
                selector = self.variable(("selector", index))
                self.selectors.append(selector)
                clausify.require(self, (selector,), formula)
        except MemoryError:  # free what was built, so that the error can be reported
            self.clauses, self.cache, self.pool = [], {}, Variables()
            raise
        self.statement_of = {sel: s for sel, (s, _) in zip(self.selectors, self.grounded)}
        self._solver: SatSolver | None = None  # made on first use (``solver``)
        self._solver_name = solver
        self._first = self._added = len(self.clauses)
        self._phased = len(self.atoms)
        self._first_phases = self._free()

    # ------------------------------------------------------------------ state space

    def _exactly_one(self, literals: list[int]) -> None:
        self.deadline.check("the SAT encoding of the state space")
        if not literals:
            self.clauses.append([-self.true])
            return
        if len(literals) <= clausify.PAIRWISE:  # a clause per pair: no auxiliary variables
            self.clauses.append(list(literals))
            self.clauses.extend(
                [[-a, -b] for i, a in enumerate(literals) for b in literals[i + 1 :]]
            )
            return
        self.clauses += clausify.cardinality("atleast", literals, 1, self.pool)
        self.clauses += clausify.cardinality("atmost", literals, 1, self.pool)

    def _space(self) -> None:
        for thing in self.vocabulary.located:
            domain = location_domain(self.vocabulary, thing)
            self.location[thing] = {v: self.variable(("loc", thing, v)) for v in domain}
            self._exactly_one(list(self.location[thing].values()))
        for thing, attribute in self.vocabulary.valued:
            values = self.vocabulary.value_domain(attribute)
            self.values[(thing, attribute)] = {
                v: self.variable(("val", thing, attribute, v)) for v in values
            }
            self._exactly_one(list(self.values[(thing, attribute)].values()))
        for low, high in sorted(self.reach_pairs):
            reach = self.reach(low, high)
            options = [self._edge(low, high)] if (low, high) in self.edges else []
            for mid_low, mid in self.edges:
                if mid_low == low and (mid, high) in self.reach_pairs:
                    options.append(self.and_of([self._edge(low, mid), self.reach(mid, high)]))
            self.clauses.append([-reach, *options])
            self.clauses.extend([[reach, -o] for o in options])
            if low == high:
                self.clauses.append([-reach])

    def variable(self, key: object) -> int:
        """The SAT variable of ``key`` (a fresh one the first time it is asked for)."""
        return self.pool.id(key)

    def _edge(self, low: str, high: str) -> int:
        return self.variable(("edge", low, high))

    def reach(self, low: str, high: str) -> int:
        """The literal "``low`` is inside ``high``" (through any chain of containments)."""
        return self.variable(("reach", low, high))

    # ------------------------------------------------------------------ Tseitin

    def and_of(self, parts: Sequence[int]) -> int:
        """A literal true iff every part is (Tseitin; shared between equal conjunctions)."""
        if len(parts) <= 1:  # no gate: the part itself, or the constant true
            return parts[0] if parts else self.true
        self._work += 1
        if not self._work % 1024:
            self.deadline.check("the SAT encoding")
        key = ("and", tuple(sorted(parts)))
        if key in self.cache:
            return self.cache[key]
        out = self.variable(key)
        self.clauses.extend([[-out, p] for p in parts])
        self.clauses.append([out, *(-p for p in parts)])
        self.cache[key] = out
        return out

    def or_of(self, parts: Sequence[int]) -> int:
        """A literal true iff some part is."""
        if len(parts) == 1:
            return parts[0]
        return -self.and_of([-p for p in parts])

    def _count(self, parts: Sequence[int], low: int, high: int) -> int:
        """A literal true iff ``low`` to ``high`` of ``parts`` are true (a sequential counter)."""
        # Only the counts up to high + 1 matter, so the counter stops there (exactly one: two
        # levels).
        top = min(len(parts), max(low, high + 1))
        at_least = self.at_least(parts, top)
        upper = -at_least[high + 1] if high + 1 <= top else self.true
        return self.and_of([at_least[low], upper]) if low > 0 else upper

    def at_least(self, parts: Sequence[int], top: int) -> list[int]:
        """For j = 0..``top``, a literal true iff at least j of ``parts`` are (a sequential
        counter: after i parts, ``at_least[j]`` says so of the first i)."""
        at_least: list[int] = [self.true] + [-self.true] * top
        for part in parts:
            updated = [self.true]
            for j in range(1, top + 1):
                updated.append(self.or_of([at_least[j], self.and_of([at_least[j - 1], part])]))
            at_least = updated
        return at_least

    def literal(self, formula: ir.Formula) -> int:
        """A literal equivalent to ``formula`` (rules must already be grounded)."""
        if isinstance(formula, ir.Const):
            return self.true if formula.value else -self.true
        if isinstance(formula, ir.Not):
            return -self.literal(formula.body)
        if isinstance(formula, ir.And):
            return self.and_of([self.literal(p) for p in formula.parts])
        if isinstance(formula, ir.Or):
            return self.or_of([self.literal(p) for p in formula.parts])
        if isinstance(formula, ir.Implies):
            return self.or_of([-self.literal(formula.premise), self.literal(formula.conclusion)])
        if isinstance(formula, ir.Iff):
            left, right = self.literal(formula.left), self.literal(formula.right)
            return self.and_of([self.or_of([-left, right]), self.or_of([left, -right])])
        if isinstance(formula, ir.Count):
            return self._count([self.literal(p) for p in formula.parts], formula.low, formula.high)
        if isinstance(formula, (ir.ForAll, ir.Exists)):
            raise ValueError("rules must be grounded before encoding")
        return self.atom(formula)

    def atom(self, atom: ir.Atom) -> int:
        """The literal of an atom over the state variables."""
        if isinstance(atom, ir.InPlace):
            return self.is_in(atom.thing, atom.place)
        if isinstance(atom, ir.SamePlace):
            first, second = self.location.get(atom.first, {}), self.location.get(atom.second, {})
            return self.or_of(
                [self.and_of([lit, second[v]]) for v, lit in first.items() if v in second]
            )
        if isinstance(atom, ir.HasValue):
            return self.values.get((atom.thing, atom.attribute), {}).get(atom.value, -self.true)
        if isinstance(atom, ir.SameValue):
            first = self.values.get((atom.first, atom.attribute), {})
            second = self.values.get((atom.second, atom.attribute), {})
            return self.or_of(
                [self.and_of([lit, second[v]]) for v, lit in first.items() if v in second]
            )
        if isinstance(atom, ir.Integral):
            return self.true
        if isinstance(atom, ir.Closed):
            return self.and_of(
                [
                    self.or_of([lit for v, lit in options.items() if v in atom.places])
                    for options in self.location.values()
                ]
            )
        if isinstance(atom, ir.OneOf):
            return self.and_of(
                [
                    self.or_of([lit for v, lit in options.items() if v in atom.values])
                    for (_, attribute), options in self.values.items()
                    if attribute == atom.attribute
                ]
            )
        if isinstance(atom, (ir.Holds, ir.Related)):
            if atom not in self.atoms:
                self.atoms[atom] = self.variable(atom)
            return self.atoms[atom]
        return self.comparison(atom.constraint)

    def comparison(self, constraint: LinearConstraint) -> int:
        """A theory literal; ``e = c`` is ``¬(e < c) ∧ ¬(e > c)`` so every literal's negation is
        again a single constraint."""
        key = (constraint.terms, constraint.op, constraint.bound)
        if constraint.op != "=":
            if key not in self.cache:
                literal = self.variable(("theory", key))
                self.cache[key] = literal
                self.theory[literal] = ir.Compare(
                    LinearConstraint(constraint.terms, constraint.op, constraint.bound)
                )
            return self.cache[key]
        below = LinearConstraint(constraint.terms, "<", constraint.bound)
        above = LinearConstraint(
            LinearExpr(constraint.terms).scaled(-1).terms, "<", -constraint.bound
        )
        low, high = self.comparison(below), self.comparison(above)
        self.clauses.append([-low, -high])
        return self.and_of([-low, -high])

    def is_in(self, thing: str, place: str) -> int:
        """``thing`` is at ``place`` or somewhere inside it."""
        if thing in self.location:
            options = []
            for value, lit in self.location[thing].items():
                if value == place:
                    options.append(lit)
                elif (value, place) in self.reach_pairs:
                    options.append(self.and_of([lit, self.reach(value, place)]))
            return self.or_of(options)
        if (thing, place) in self.reach_pairs:
            return self.reach(thing, place)
        return -self.true

    # ------------------------------------------------------------------ solving

    def add(self, clauses: Iterable[list[int]]) -> None:
        """Add clauses to the live solver (new Tseitin definitions included)."""
        self.clauses.extend(clauses)
        self.sync()

    def sync(self) -> None:
        """Send clauses created since the last call to the solver (in one call)."""
        if len(self.clauses) > self._added:
            self.solver.append_formula(self.clauses[self._added :])
            self._added = len(self.clauses)
        if len(self.atoms) != self._phased:
            self._prefer_false()

    @property
    def solver(self) -> SatSolver:
        """The solver, made on first use with the clauses and phases the encoding was built with
        (``sync`` sends it the rest); a ``trivial`` encoding (numbers only) never needs one,
        nor imports python-sat (``variables``)."""
        if self._solver is None:
            from certify.domains import cadical

            self._solver = cadical.make(self._solver_name, self.clauses[: self._first])
            self._set_phases(self._first_phases)
        return self._solver

    def _free(self) -> list[int]:
        return [-lit for lit in self.atoms.values()] + [-self._edge(*e) for e in self.edges]

    def _prefer_false(self) -> None:
        """Let free properties and edges default to false, so witnesses say only what they must."""
        self._set_phases(self._free())
        self._phased = len(self.atoms)

    def _set_phases(self, free: list[int]) -> None:
        with contextlib.suppress(NotImplementedError):  # no phase hints: witnesses stay correct
            self.solver.set_phases(free)

    def trivial(self) -> bool:
        """Whether the CNF is the unit clause ``true`` alone (no variable but ``true``): its one
        model is ``[true]``, what any SAT solver returns for it."""
        return len(self.clauses) == 1 and self.pool.top == self.true

    def all_selectors(self) -> list[int]:
        """Every statement switched on."""
        return list(self.selectors)

    def solve(self, assumptions: Sequence[int]) -> list[int] | None:
        """A model under the assumptions, or None (then ``core()`` explains it).

        With theory atoms, a model is only returned once the linear theory accepts the
        comparisons it makes true and false (``self.numbers`` then holds the point); each
        refused model teaches the solver a lemma — the literals of an infeasible subset,
        valid in every state — so an answer of None is a proof, as without numbers.
        """
        self.sync()
        if self._solver is None and not assumptions and self.trivial():
            if self.deadline.end is not None:  # as ``_satisfiable`` would
                self.deadline.check("the SAT search")
            return [self.true]
        for _ in range(self.theory_rounds):
            if not self._satisfiable(list(assumptions)):
                return None
            model = list(self.solver.get_model() or [])
            if not self.theory or self.checker is None:
                return model
            verdict = self.checker(self, model)
            if verdict is True:
                return model
            if verdict is None or verdict is False:
                raise TheoryUndecided(
                    "the linear theory could not decide a combination of comparisons"
                )
            self.add([verdict])
        raise TheoryUndecided(f"more than {self.theory_rounds} theory lemmas were needed")

    def _satisfiable(self, assumptions: list[int]) -> bool:
        """One SAT call, in slices of conflicts so that the run's deadline can stop it.

        CaDiCaL in python-sat cannot be interrupted from a timer, but every solver takes a
        conflict budget (``solve_limited``); learnt clauses are kept between slices, so the
        search goes on where it stopped.  Raises ``LimitReached`` when the time is up, and
        ``KeyboardInterrupt`` on Ctrl-C (``run_limits.sat_interrupts``).
        """
        with run_limits.sat_interrupts():
            return self._sliced(assumptions)

    def _sliced(self, assumptions: list[int]) -> bool:
        if self.deadline.end is None:
            return bool(self.solver.solve(assumptions=assumptions))
        size = SLICE
        while True:
            self.deadline.check("the SAT search")
            try:
                self.solver.conf_budget(size)
            except NotImplementedError:  # a solver without budgets: one call, as before
                return bool(self.solver.solve(assumptions=assumptions))
            started = time.monotonic()
            result = self.solver.solve_limited(assumptions=assumptions)
            if result is not None:
                return bool(result)
            spent = max(time.monotonic() - started, 1e-4)
            size = max(100, min(4 * size, int(size * SLICE_SECONDS / spent)))

    def core(self) -> list[int]:
        """The assumptions of the last unsatisfiable call that the refutation used."""
        return list(self.solver.get_core() or [])

    def decode(self, model: Sequence[int], numbers: dict[str, Fraction] | None = None) -> ir.State:
        """The state a model describes (``certify/domains/decode.py``)."""
        layout = (self.location, self.values, self.edges)
        return decode(model, self.pool, self.readable, layout, numbers)

    def close(self) -> None:
        """Free the solver."""
        if self._solver is not None:
            self._solver.delete()
