"""The independent evaluator: does a complete state satisfy the original statements?

Every witness certify prints goes through ``check`` first (SPEC section 6).  The evaluator
works on the IR with plain Python semantics — sets, dictionaries, exact fractions — and
shares no code with the SAT encoding or the numeric domains, so a bug in an encoding
shows up as a rejected witness instead of a wrong certificate.  It is also the semantics
the enumeration engine averages over (the seed paper's indicator vectors, section 2).
"""

from __future__ import annotations

from fractions import Fraction
from itertools import pairwise

from certify.meaning.formulas import instance
from certify.meaning.ir import (
    NONE,
    OTHER,
    And,
    Atom,
    Closed,
    Compare,
    Const,
    Count,
    Exists,
    ForAll,
    Formula,
    HasValue,
    Holds,
    Iff,
    Implies,
    InPlace,
    Integral,
    Not,
    OneOf,
    Or,
    Problem,
    Related,
    SamePlace,
    SameValue,
    State,
    Vocabulary,
    is_anonymous,
)
from certify.meaning.positions import label_of, step_of
from certify.meaning.queries import (
    AskBefore,
    AskCount,
    AskCountIn,
    AskRelation,
    AskRoute,
    AskTruth,
    AskValue,
    AskWhere,
    AskWhich,
    AskWho,
    AskWhose,
    Query,
)


class Evaluation:
    """A state prepared for evaluation: containment closed once, lookups as dictionaries."""

    def __init__(self, problem: Problem, state: State) -> None:
        self.problem = problem
        self.state = state
        self.location = dict(state.location)
        self.values = dict(state.values)
        self.numbers = dict(state.numbers)
        self.inside = _transitive_closure(state.edges)
        self.individuals = tuple(e.key for e in problem.vocabulary.individuals)
        self.places = problem.vocabulary.place_keys

    def range(self, people: bool) -> tuple[str, ...]:
        """What a quantifier ranges over: the individuals (with the unnamed ones the text
        speaks of), and for a "thing" quantifier the places too (SPEC §2)."""
        return self.individuals if people else self.individuals + self.places

    def problems(self) -> list[str]:
        """Why the state is not a state of the problem's space at all (empty when it is)."""
        vocabulary = self.problem.vocabulary
        places = set(vocabulary.place_keys)
        found: list[str] = []
        for thing in vocabulary.located:
            where = self.location.get(thing)
            if where is None:
                found.append(f"{thing} has no place")
            elif where not in places and not where.startswith(OTHER):
                found.append(f"{thing} is in an unknown place {where}")
        for low, high in self.state.edges:
            if low not in places or high not in places:
                found.append(f"containment {low} in {high} is not between places")
        if any(p in self.inside.get(p, set()) for p in places):
            found.append("containment between places has a cycle")
        for (thing, attribute), value in self.values.items():
            if value not in vocabulary.value_domain(attribute):
                found.append(f"{thing} has undeclared {attribute} {value}")
        for name in vocabulary.numbers:
            number = self.numbers.get(name)
            if number is None:
                found.append(f"{name} has no value")
        return found

    def holds(self, formula: Formula) -> bool:
        """The truth value of a formula in this state."""
        if formula.__class__ is Compare:  # most statements of a numeric text (``atom``'s case)
            return formula.constraint.holds(self.numbers)
        if isinstance(formula, Const):
            return formula.value
        if isinstance(formula, Not):
            return not self.holds(formula.body)
        if isinstance(formula, And):
            return all(self.holds(p) for p in formula.parts)
        if isinstance(formula, Or):
            return any(self.holds(p) for p in formula.parts)
        if isinstance(formula, Implies):
            return not self.holds(formula.premise) or self.holds(formula.conclusion)
        if isinstance(formula, Iff):
            return self.holds(formula.left) == self.holds(formula.right)
        if isinstance(formula, Count):
            count = sum(1 for p in formula.parts if self.holds(p))
            return formula.low <= count <= formula.high
        if isinstance(formula, ForAll):
            return all(self.holds(instance(formula, who)) for who in self.range(formula.people))
        if isinstance(formula, Exists):
            return any(self.holds(instance(formula, who)) for who in self.range(formula.people))
        return self.atom(formula)

    def atom(self, atom: Atom) -> bool:
        """The truth value of an atom."""
        if isinstance(atom, InPlace):
            return self.is_in(atom.thing, atom.place)
        if isinstance(atom, SamePlace):
            first, second = self.location.get(atom.first), self.location.get(atom.second)
            return first is not None and first == second
        if isinstance(atom, HasValue):
            return self.values.get((atom.thing, atom.attribute)) == atom.value
        if isinstance(atom, SameValue):
            first = self.values.get((atom.first, atom.attribute))
            return first is not None and first == self.values.get((atom.second, atom.attribute))
        if isinstance(atom, (Holds, Related)):
            return atom in self.state.true_atoms
        if isinstance(atom, Compare):
            return atom.constraint.holds(self.numbers)
        if isinstance(atom, Integral):
            return self.numbers[atom.name].denominator == 1
        if isinstance(atom, Closed):
            located = self.problem.vocabulary.located
            return all(self.location.get(x) in atom.places for x in located)
        if isinstance(atom, OneOf):
            return all(
                value in atom.values
                for (thing, attribute), value in self.values.items()
                if attribute == atom.attribute
            )
        raise TypeError(f"not an atom: {atom!r}")

    def is_in(self, thing: str, place: str) -> bool:
        """Whether ``thing``'s place is ``place`` or lies inside it."""
        where = self.location.get(thing)
        if where is not None:
            return where == place or place in self.inside.get(where, set())
        return place in self.inside.get(thing, set())


def check(problem: Problem, state: State) -> list[str]:
    """Everything wrong with ``state`` as a witness for ``problem`` (empty: it satisfies all)."""
    evaluation = Evaluation(problem, state)
    found = evaluation.problems()
    for statement in problem.statements:
        try:
            ok = evaluation.holds(statement.formula)
        except KeyError as missing:
            found.append(f"line {statement.line}: no value for {missing}")
            continue
        if not ok:
            found.append(f"line {statement.line} is false: {statement.text}")
    return found


def _transitive_closure(edges: frozenset[tuple[str, str]]) -> dict[str, set[str]]:
    """Map each place to every place it lies inside (cycles show up as self-membership)."""
    parents: dict[str, set[str]] = {}
    for low, high in edges:
        parents.setdefault(low, set()).add(high)
    inside: dict[str, set[str]] = {}
    for start in parents:
        seen: set[str] = set()
        stack = list(parents[start])
        while stack:
            node = stack.pop()
            if node in seen:
                continue
            seen.add(node)
            stack.extend(parents.get(node, ()))
        inside[start] = seen
    return inside


def answer_in(problem: Problem, state: State, query: Query) -> str:
    """The answer a finite question has in one state: the question map g of the seed paper."""
    evaluation = Evaluation(problem, state)
    vocabulary = problem.vocabulary
    if isinstance(query, AskWhere) and query.thing in vocabulary.place_keys:
        return innermost(query.thing, evaluation.inside, vocabulary)
    if isinstance(query, AskWhere):
        where = evaluation.location.get(query.thing)
        if where is None:
            return NONE
        return OTHER if where.startswith(OTHER) else vocabulary.label(where)
    if isinstance(query, AskBefore):
        return _before(evaluation, query, vocabulary)
    if isinstance(query, AskValue):
        return evaluation.values.get((query.thing, query.attribute), NONE)
    if isinstance(query, AskTruth):
        return "yes" if evaluation.holds(query.formula) else "no"
    if isinstance(query, AskWhich):
        named = query.named(vocabulary.label)
        chosen = [n for n, f in zip(named, query.formulas) if evaluation.holds(f)]
        return _join(list(dict.fromkeys(chosen)), query.empty)
    if isinstance(query, AskCount):
        return str(sum(1 for f in query.formulas if evaluation.holds(f)))
    if isinstance(query, AskWho):
        names = [
            OTHER if is_anonymous(x) else vocabulary.label(x)
            for x in vocabulary.located
            if "@" not in x and evaluation.is_in(x, query.place)  # not earlier selves
        ]
        return _join(list(dict.fromkeys(names)), "nobody")
    if isinstance(query, AskCountIn):
        return str(
            sum(
                1
                for x in vocabulary.located
                if "@" not in x and not is_anonymous(x) and evaluation.is_in(x, query.place)
            )
        )
    if isinstance(query, AskWhose):
        owners = [
            p.owner
            for p in vocabulary.places
            if p.noun == query.noun and p.owner and evaluation.is_in(query.thing, p.key)
        ]
        return _join(list(dict.fromkeys(o for o in owners if o)), NONE)
    if isinstance(query, (AskRelation, AskRoute)):
        return _position(query, dict(state.numbers))
    raise TypeError(f"not a finite question: {query!r}")


def _position(query: AskRelation | AskRoute, numbers: dict[str, Fraction]) -> str:
    """The label of an offset in one state, or the directions along the route ``via`` (with
    no ``via``: the directions of the state's shortest routes, when they agree)."""
    if isinstance(query, AskRelation):
        return label_of(query.dx.evaluate(numbers), query.dy.evaluate(numbers))
    if not query.via:
        found = route_answers(query, numbers)
        return found.pop() if len(found) == 1 else NONE
    directions = []
    for here, there in pairwise(query.via):
        _, x, y = query.places[here]
        _, u, v = query.places[there]
        step = step_of(numbers[u] - numbers[x], numbers[v] - numbers[y], query.unit)
        if step is None:
            return NONE
        directions.append(step)
    return ", ".join(directions)


def route_answers(query: AskRoute, numbers: dict[str, Fraction]) -> set[str]:
    """The directions of every shortest route from start to end in one state: over the pairs
    a statement relates (``links``) that are a step in this state."""
    steps: dict[int, dict[int, str]] = {}
    for a, b, _ in query.links:
        for here, there in ((a, b), (b, a)):
            _, x, y = query.places[here]
            _, u, v = query.places[there]
            step = step_of(numbers[u] - numbers[x], numbers[v] - numbers[y], query.unit)
            if step is not None:
                steps.setdefault(here, {})[there] = step
    frontier: dict[int, set[str]] = {query.start: {""}}
    seen = {query.start}
    while query.end not in frontier and frontier:
        following: dict[int, set[str]] = {}
        for here, sofar in frontier.items():
            for there, step in steps.get(here, {}).items():
                if there not in seen:
                    found = following.setdefault(there, set())
                    found.update(f"{s}, {step}" if s else step for s in sofar)
        seen |= following.keys()
        frontier = following
    return frontier.get(query.end, set())


def _before(evaluation: Evaluation, query: AskBefore, vocabulary: Vocabulary) -> str:
    """Where was X before P? in one state: go back from X's last moment in P to the moment
    that ends that stay; its place is the answer, ``(none)`` when there is no such moment."""
    prefix = query.thing + "@"
    moments = sorted(
        (int(k[len(prefix) :]), k)
        for k in evaluation.location
        if k.startswith(prefix) and k[len(prefix) :].isdigit()
    )
    selves = [k for _, k in moments] + [query.thing] * (query.thing in evaluation.location)
    inside = [evaluation.is_in(s, query.place) for s in selves]
    if True not in inside:
        return NONE
    j = len(inside) - 1 - inside[::-1].index(True)
    while j >= 0 and inside[j]:
        j -= 1
    if j < 0:
        return NONE
    where = evaluation.location[selves[j]]
    return OTHER if where.startswith(OTHER) else vocabulary.label(where)


def innermost(place: str, inside: dict[str, set[str]], vocabulary: Vocabulary) -> str:
    """``Where is P?`` for a place: the innermost places that contain it, or ``(none)``."""
    around = inside.get(place, set())
    inner = [
        q
        for q in vocabulary.place_keys
        if q in around and not any(q in inside.get(r, set()) for r in around if r != q)
    ]
    return _join([vocabulary.label(q) for q in inner], NONE)


def _join(names: list[str], empty: str) -> str:
    if not names:
        return empty
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
