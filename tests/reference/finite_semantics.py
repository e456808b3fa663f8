"""The oracle: every question of a finite text answered by brute force, from SPEC section 2.

It shares nothing with certify. Its state is a plain dict from variables to values:

- ``("loc", X, m)``: the innermost place of located individual X at moment m (a named place,
  or ``("other", v)``: the unnamed place that variable v opened; unnamed places lie outside
  every named place and there are as many as needed, so each variable may open its own and
  later variables may share an opened one: every partition up to renaming, once);
- ``("edge", P, Q)``: whether P is directly in Q, one Boolean for each pair some statement
  puts in place-in-place position (containment holds nowhere else; it is transitive and must
  be acyclic);
- ``("attr", X, A)``: X's value of a declared attribute A (closed: one declared value);
- ``("prop", X, A)``, ``("kind", X, N)``, ``("rel", X, V, Y)``: free Booleans.

A moment starts at every update of an individual's location (movement verbs; in a story every
location statement about its subject); a statement refers to the moment current where it
stands, a question to the moment current where it is asked. Rules are ground over the named
individuals of the prefix. ``finite_search`` enumerates the states exactly.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from tests.reference.finite_search import Assignment, Term, Var, components, models, satisfiable
from tests.reference.finite_text import (
    ATTRIBUTES,
    DROPS,
    GIVES,
    TAKES,
    TIMES,
    Act,
    Carrying,
    Connective,
    CountIn,
    Declare,
    Different,
    FiniteText,
    Gave,
    Group,
    In,
    IsIn,
    IsTrue,
    Kind,
    Line,
    Literal,
    Mentions,
    Move,
    Nobody,
    PlacesAre,
    Possess,
    Prop,
    Question,
    Relation,
    Rule,
    Same,
    SameValue,
    Says,
    Statement,
    Truth,
    Value,
    WasBefore,
    WhatValue,
    Where,
    Who,
    WhoDoes,
    WhoIs,
    WhomRel,
    WhoRel,
    Whose,
    is_place_noun,
    listing,
    mention,
    owner_of,
    questions_of,
    statements_of,
    text_places,
)

OTHER = "(other)"


@dataclass(frozen=True)
class Outcome:
    status: str
    answers: frozenset[str]


@dataclass(frozen=True)
class Expected:
    """Whole-text consistency, then one outcome per in-file question and per ``--ask``."""

    consistent: bool
    outcomes: tuple[Outcome, ...]


def expected(text: FiniteText) -> Expected:
    """Answer every question of ``text`` from SPEC section 2."""
    outcomes = []
    for index, line in enumerate(text.lines):
        for question in questions_of([line]):
            outcomes.append(World(text, index, question).outcome())
    for question in text.asks:
        outcomes.append(World(text, len(text.lines), question).outcome())
    return Expected(World(text, len(text.lines), None).consistent(), tuple(outcomes))


def status_of(answers: set[str] | frozenset[str]) -> str:
    """SPEC 2: no state is contradictory; one named answer is forced; anything else open."""
    if not answers:
        return "contradictory"
    return "forced" if len(answers) == 1 and OTHER not in answers else "open"


class World:
    """The state space of a text's first ``upto`` lines, as seen by ``question``."""

    def __init__(self, text: FiniteText, upto: int, question: Question | None) -> None:
        self.story = text.story
        self.places = text_places(text)
        items = statements_of(text.lines[:upto])
        self.items = items
        seen = Mentions()
        for item in items:
            mention(item, seen)
        asked = mention(question, Mentions()) if question is not None else Mentions()
        names = seen.places | seen.located | seen.named | asked.places | asked.located
        self.named = sorted(n for n in names if n in self.places or is_place_noun(n))
        self.closed = seen.closed
        self.located = sorted(seen.located - self.places)
        holders = {name for name, _ in seen.holders}
        self.individuals = sorted((seen.located | seen.named | holders) - self.places)
        # "Who lies?": the capitalized names (not possessives) the statements before it name
        self.persons = [n for n in self.individuals if n[:1].isupper() and "'" not in n]
        self.edges = sorted(
            ("edge", s, p) for s, p in _containments(items) if s in self.places and s != p
        )
        self._above: dict[tuple[object, ...], dict[str, frozenset[str]]] = {}
        self.moments: dict[str, int] = {}
        self.carrier: dict[str, str] = {}  # object -> who carries it now
        self.constraints: list[Term] = []
        periods = _periods(text.lines[:upto])
        if any(periods):
            self._add_in_time(items, periods)
        for item in items if not any(periods) else ():
            self._add(item)
        if self.edges:
            edges = frozenset(self.edges)
            self.constraints.append((edges, self._acyclic))
        self.question = question

    # --- the state ---------------------------------------------------------------------------

    def _add(self, statement: Statement) -> None:
        mover = self._mover(statement)
        now = dict(self.moments)
        along = self._carried_by(mover) if mover is not None else []
        for name in [mover, *(o for o, _ in along)] if mover is not None else []:
            now[name] = now.get(name, 0) + 1
        self.constraints.append(self.term(statement, now))
        for thing, holder in along:  # a carried object is where its carrier is
            self.constraints.append(self._together(thing, holder, now))
        self.moments = now
        if isinstance(statement, Possess):
            self.carrier.pop(statement.thing, None)
            if statement.verb in TAKES:
                self.carrier[statement.thing] = statement.subject
            elif statement.verb in GIVES and statement.to is not None:
                self.carrier[statement.thing] = statement.to

    def _add_in_time(self, items: list[Statement], periods: list[int]) -> None:
        """With time adverbs (no possession), X's moments are X's updates in story time:
        by period, then text order; a statement speaks of the moment current at its place."""
        keys = list(zip(periods, range(len(items))))
        movers = [self._mover(s) for s in items]
        for key, statement in zip(keys, items):
            now = {
                x: sum(1 for k, m in zip(keys, movers) if m == x and k <= key)
                for x in set(movers)
                if x is not None
            }
            self.constraints.append(self.term(statement, now))
        self.moments = {x: movers.count(x) for x in set(movers) if x is not None}

    def _carried_by(self, mover: str) -> list[tuple[str, str]]:
        """Every object that goes where ``mover`` goes, with its immediate carrier: what it
        carries, what those carry, and so on."""
        found: list[tuple[str, str]] = []
        seen, frontier = {mover}, [mover]
        while frontier:
            holder = frontier.pop(0)
            for thing, by in self.carrier.items():
                if by == holder and thing not in seen:
                    seen.add(thing)
                    found.append((thing, holder))
                    frontier.append(thing)
        return found

    def _together(self, first: str, second: str, now: dict[str, int]) -> Term:
        one, two = self.loc(first, now), self.loc(second, now)
        return frozenset({one, two}), lambda a: a[one] == a[two]

    def _mover(self, s: Statement) -> str | None:
        """The individual whose location this statement replaces (SPEC 2, update law)."""
        if isinstance(s, Move):
            return s.subject
        if isinstance(s, Possess):
            return None if s.verb in DROPS else s.thing
        if self.story and isinstance(s, In) and s.subject not in self.places:
            return s.subject
        if self.story and isinstance(s, Same):
            return s.first
        return None

    def above(self, a: Assignment) -> dict[str, frozenset[str]]:
        """Every place's strict ancestors under the edges that hold in ``a`` (memoized)."""
        key = tuple(a[e] for e in self.edges)
        found = self._above.get(key)
        if found is None:
            parents: dict[str, list[str]] = {}
            for edge, holds in zip(self.edges, key):
                if holds:
                    parents.setdefault(str(edge[1]), []).append(str(edge[2]))
            found = {p: frozenset(_reach(p, parents)) for p in parents}
            self._above[key] = found
        return found

    def _acyclic(self, a: Assignment) -> bool:
        return all(p not in ancestors for p, ancestors in self.above(a).items())

    def loc(self, name: str, now: dict[str, int]) -> Var:
        return ("loc", name, now.get(name, 0))

    def inside(self, name: str, place: str, now: dict[str, int]) -> Term:
        """SPEC 2: X is in P iff X's own place is P or a place inside P."""
        edges = frozenset(self.edges)
        if name in self.places:
            return edges, lambda a: place in self.above(a).get(name, ())
        var = self.loc(name, now)

        def holds(a: Assignment) -> bool:
            value = a[var]
            return value == place or (
                isinstance(value, str) and place in self.above(a).get(value, ())
            )

        return edges | {var}, holds

    def term(self, s: Statement, now: dict[str, int]) -> Term:
        """What ``s`` says, as a test on a state, with the variables it reads."""
        if isinstance(s, Possess):  # the object is with its new holder (dropped: its dropper)
            holder = s.to if s.verb in GIVES and s.to is not None else s.subject
            return self._together(s.thing, holder, now)
        if isinstance(s, In | Move):
            places = (s.place,) if isinstance(s, Move) else s.places
            form = "in" if isinstance(s, Move) else s.form
            return _count([self.inside(s.subject, p, now) for p in places], _PLACES[form])
        if isinstance(s, Group):
            terms = [self.inside(x, s.place, now) for x in s.subjects]
            rule = _GROUP[s.form]
            return _count(terms, lambda n: rule(n, len(terms)))
        if isinstance(s, Nobody):
            return _count([self.inside(x, s.place, now) for x in self.located], lambda n: n == 0)
        if isinstance(s, Same | Different):
            names = (s.first, s.second) if isinstance(s, Same) else s.names
            vars_ = [self.loc(x, now) for x in names]
            if isinstance(s, Same):
                return frozenset(vars_), lambda a: a[vars_[0]] == a[vars_[1]]
            return frozenset(vars_), lambda a: len({a[v] for v in vars_}) == len(vars_)
        if isinstance(s, PlacesAre | Declare):
            return frozenset(), lambda a: True
        if isinstance(s, Connective):
            return _connect(s.kind, [self.term(p, now) for p in s.parts])
        if isinstance(s, Says):  # said holds exactly when the speaker tells the truth
            return _connect("iff", [_fact(Truth(s.speaker, True)), self.term(s.said, now)])
        if isinstance(s, Rule):
            return self._rule(s)
        return _fact(s)

    def _rule(self, s: Rule) -> Term:
        ground = []
        for x in self.individuals:
            literals = [_literal(x, lit) for lit in (*s.premises, s.conclusion)]
            ground.append(_connect("if", [_connect("and", literals[:-1]), literals[-1]]))
        return _connect("and", ground) if ground else (frozenset(), lambda a: True)

    # --- reading a question ------------------------------------------------------------------

    def ask(self, q: Question) -> Term:
        """The question as a function from a state to its answer (a string)."""
        now = self.moments
        if isinstance(q, Where):
            var = self.loc(q.subject, now)
            return frozenset({var}), lambda a: a[var] if isinstance(a[var], str) else OTHER
        if isinstance(q, IsIn):
            return _yes_no(self.inside(q.subject, q.place, now))
        if isinstance(q, WasBefore):
            return self._was_before(q, now)
        if isinstance(q, Who):
            terms = [(x, self.inside(x, q.place, now)) for x in self.located]
            return _names(terms, "nobody")
        if isinstance(q, CountIn):  # SPEC §3: the named individuals in P
            tests = [self.inside(x, q.place, now) for x in self.located]
            variables = frozenset().union(*(t[0] for t in tests)) if tests else frozenset()
            return variables, lambda a: str(sum(1 for _, test in tests if test(a)))
        if isinstance(q, Whose):
            houses = [(p, owner_of(p)) for p in self.named]
            terms = [
                (o[0], self.inside(q.subject, p, now)) for p, o in houses if o and o[1] == q.noun
            ]
            return _names(terms, "(none)")
        if isinstance(q, WhatValue):
            var = ("attr", q.subject, q.attribute)
            return frozenset({var}), lambda a: a[var]
        if isinstance(q, WhoDoes):
            truth = {"lies": False, "truth": True}
            made: list[Statement] = [
                Truth(x, truth[q.kind]) if q.kind in truth else Act(x, q.kind) for x in self.persons
            ]
            return _names([(x, _fact(m)) for x, m in zip(self.persons, made)], "nobody")
        if isinstance(q, WhoRel):  # "X likes Bob." of each person, as its own statement reads
            related = [_fact(Relation(x, q.verb, q.object)) for x in self.persons]
            return _names(list(zip(self.persons, related)), "nobody")
        if isinstance(q, WhomRel):  # "Ana likes X." of each person
            liked = [_fact(Relation(q.subject, q.verb, x)) for x in self.persons]
            return _names(list(zip(self.persons, liked)), "nobody")
        if isinstance(q, WhoIs):  # "X is W." of each person, as its own statement reads
            said: list[Statement] = [
                Value(x, q.attribute, (q.word,)) if q.attribute else Prop(x, q.word)
                for x in self.persons
            ]
            return _names([(x, _fact(m)) for x, m in zip(self.persons, said)], "nobody")
        if isinstance(q, Carrying | Gave):
            answer = self._possession(q)
            return frozenset(), lambda a: answer
        assert isinstance(q, IsTrue)
        return _yes_no(self.term(q.statement, now))

    def _possession(self, q: Carrying | Gave) -> str:
        """Over the prefix's takings, droppings and givings in text order: what X holds after
        them (SPEC §3 "Stories"), or the asked role of the last matching giving."""
        events = [s for s in self.items if isinstance(s, Possess)]
        if isinstance(q, Carrying):
            holder: dict[str, str | None] = {}
            for e in events:
                holder.pop(e.thing, None)  # insertion order: the order of the last events
                holder[e.thing] = (
                    e.to if e.verb in GIVES else None if e.verb in DROPS else e.subject
                )
            first = list(dict.fromkeys(e.thing for e in events))
            held = [t for t in first if holder[t] == q.subject]
            return str(len(held)) if q.count else listing(held) if held else "nothing"
        gifts = [
            e
            for e in events
            if e.verb in GIVES
            and q.giver in (None, e.subject)
            and q.thing in (None, e.thing)
            and q.receiver in (None, e.to)
        ]
        if not gifts:
            return "nothing" if q.asked == "thing" else "nobody"
        last = gifts[-1]
        return {"giver": last.subject, "thing": last.thing, "receiver": str(last.to)}[q.asked]

    def _was_before(self, q: WasBefore, now: dict[str, int]) -> Term:
        """X's moments are those some statement speaks of, then X now; the answer is X's place
        at the moment that ends X's last stay in P (``(none)`` without one)."""
        current = now.get(q.subject, 0)
        said = {
            int(str(v[2]))
            for variables, _ in self.constraints
            for v in variables
            if v[0] == "loc" and v[1] == q.subject
        }
        moments = [*sorted(m for m in said if m < current), current]
        terms = [self.inside(q.subject, q.place, {**now, q.subject: m}) for m in moments]
        places = [self.loc(q.subject, {**now, q.subject: m}) for m in moments]

        def answer(a: Assignment) -> str:
            inside = [holds(a) for _, holds in terms]
            at = max((i for i, yes in enumerate(inside) if yes), default=-1)
            while at >= 0 and inside[at]:
                at -= 1
            if at < 0:
                return "(none)"
            value = a[places[at]]
            return value if isinstance(value, str) else OTHER

        return frozenset(places).union(*(variables for variables, _ in terms)), answer

    # --- enumeration -------------------------------------------------------------------------

    def domain(self, var: Var, earlier: list[Var], a: Assignment) -> list[object]:
        kind = var[0]
        if kind == "loc":
            values: list[object] = list(self.named)
            if not self.closed:
                values += [a[u] for u in earlier if a[u] == ("other", u)]
                values.append(("other", var))
            return values
        if kind == "attr":
            return list(ATTRIBUTES[str(var[2])])
        return [False, True]

    def consistent(self) -> bool:
        parts = components(self.constraints, frozenset())
        return all(satisfiable(*part, self.domain) for part in parts)

    def outcome(self) -> Outcome:
        assert self.question is not None
        asked, answer = self.ask(self.question)
        parts = components(self.constraints, asked)
        if not all(satisfiable(*part, self.domain) for part in parts[1:]):
            return Outcome("contradictory", frozenset())
        variables, terms = parts[0]
        answers = {str(answer(a)) for a in models(variables, terms, self.domain)}
        return Outcome(status_of(answers), frozenset(answers))


# --- small pieces ----------------------------------------------------------------------------


def _periods(lines: Sequence[Line]) -> list[int]:
    """Each statement's period (1 for yesterday ... 0 before any adverb), one per statement."""
    found, period = [], 0
    for line in lines:
        if line.time:
            period = TIMES.index(line.time.lower()) + 1
        found.extend(period for _ in statements_of([line]))
    return found


_PLACES: dict[str, Callable[[int], bool]] = {
    "in": lambda n: n >= 1,
    "or": lambda n: n >= 1,
    "either": lambda n: n == 1,
    "not": lambda n: n == 0,
    "no longer": lambda n: n == 0,
    "neither": lambda n: n == 0,
}
_GROUP: dict[str, Callable[[int, int], bool]] = {
    "and": lambda n, total: n == total,
    "both": lambda n, total: n == total,
    "or": lambda n, total: n >= 1,
    "at least one": lambda n, total: n >= 1,
    "exactly one": lambda n, total: n == 1,
    "neither": lambda n, total: n == 0,
}


def _containments(items: Sequence[object]) -> Iterator[tuple[str, str]]:
    """Every (subject, place) pair a statement puts in location position, at any depth."""
    for item in items:
        if isinstance(item, In):
            yield from ((item.subject, p) for p in item.places)
        elif isinstance(item, Group):
            yield from ((x, item.place) for x in item.subjects)
        elif isinstance(item, Connective):
            yield from _containments(item.parts)


def _reach(start: str, parents: dict[str, list[str]]) -> set[str]:
    seen: set[str] = set()
    todo = list(parents.get(start, ()))
    while todo:
        place = todo.pop()
        if place not in seen:
            seen.add(place)
            todo.extend(parents.get(place, ()))
    return seen


def _count(terms: list[Term], rule: Callable[[int], bool]) -> Term:
    tests = [t for _, t in terms]
    variables = frozenset().union(*(v for v, _ in terms)) if terms else frozenset()
    return variables, lambda a: rule(sum(1 for t in tests if t(a)))


def _connect(kind: str, terms: list[Term]) -> Term:
    tests = [t for _, t in terms]
    variables = frozenset().union(*(v for v, _ in terms)) if terms else frozenset()
    combine: dict[str, Callable[[list[bool]], bool]] = {
        "and": all,
        "or": any,
        "if": lambda v: (not v[0]) or v[1],
        "iff": lambda v: v[0] == v[1],
        "either": lambda v: sum(v) == 1,
        "exactlyone": lambda v: sum(v) == 1,
        "notboth": lambda v: not all(v),
        "not": lambda v: not v[0],
    }
    rule = combine[kind]
    return variables, lambda a: rule([bool(t(a)) for t in tests])


def _fact(s: Statement) -> Term:
    if isinstance(s, Value):
        var: Var = ("attr", s.subject, s.attribute)
        if s.negated:
            return frozenset({var}), lambda a: a[var] != s.values[0]
        return frozenset({var}), lambda a: a[var] in s.values
    if isinstance(s, SameValue):
        first, second = ("attr", s.first, s.attribute), ("attr", s.second, s.attribute)
        return frozenset({first, second}), lambda a: (a[first] == a[second]) == s.same
    if isinstance(s, Truth):
        truth: Var = ("truthful", s.subject)
        return frozenset({truth}), lambda a: a[truth] is s.truthful
    if isinstance(s, Act):
        var = ("act", s.subject, s.verb)
    elif isinstance(s, Prop):
        var = ("prop", s.subject, s.adjective)
    elif isinstance(s, Kind):
        var = ("kind", s.subject, s.noun)
    else:
        assert isinstance(s, Relation)
        var = ("rel", s.subject, s.verb, s.object)
    negated = s.negated
    return frozenset({var}), lambda a: a[var] is not negated


def _literal(x: str, lit: Literal) -> Term:
    if lit.kind == "rel":
        var: Var = ("rel", x, lit.word, lit.other)
    elif lit.kind == "rel_back":
        var = ("rel", lit.other, lit.word, x)
    else:
        var = (lit.kind, x, lit.word)
    positive = lit.positive
    return frozenset({var}), lambda a: a[var] is positive


def _yes_no(term: Term) -> Term:
    variables, test = term
    return variables, lambda a: "yes" if test(a) else "no"


def _names(terms: list[tuple[str, Term]], empty: str) -> Term:
    variables = frozenset().union(*(t[0] for _, t in terms)) if terms else frozenset()

    def answer(a: Assignment) -> str:
        inside = sorted(name for name, (_, test) in terms if test(a))
        return listing(inside) if inside else empty

    return variables, answer
