"""The finite state space of a problem, defined once for every engine.

From SPEC §2 "Places and individuals": which names are places (once per text, from its
statements alone), which individuals are located, which place-in-place edges a statement could
make hold, and which places an individual can be in — for SAT, enumeration and the evaluator.

A state assigns each located individual a place — a named one or, unless the places are
closed, one of the unnamed places "somewhere else" — chooses which candidate containment
edges between places hold, gives each valued thing one declared value, and decides every
property and relation atom.  Unnamed places are interchangeable, so the i-th located
individual may only use the first i of them (value precedence): every partition of the
individuals into unnamed places is still reachable, and no state is counted twice.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import field, replace

from certify.errors import TextError, TextErrors
from certify.meaning import formulas, ir
from certify.meaning.formulas import instance, rebuild
from certify.meaning.mentions import VAR, Lowered, Mention
from certify.states import state
from certify.syntax import ast
from certify.syntax.errors import SentenceError
from certify.syntax.lexicon import place_nouns


def other(index: int) -> str:
    """The key of the ``index``-th unnamed place (1-based)."""
    return f"{ir.OTHER}{index}"


def location_domain(vocabulary: ir.Vocabulary, thing: str) -> tuple[str, ...]:
    """The places a located individual can be in."""
    return vocabulary.place_keys + tuple(other(i) for i in range(1, vocabulary.unnamed(thing) + 1))


def ground(formula: ir.Formula, individuals: Sequence[str], places: Sequence[str]) -> ir.Formula:
    """Replace every quantifier by the conjunction (rules) or disjunction ("someone") of its
    instances: over the individuals, and the places too for a "thing" quantifier."""
    if not formulas.mentions(formula, (ir.ForAll, ir.Exists)):
        return formula

    def quantified(q: ir.ForAll | ir.Exists) -> ir.Formula:
        body = ground(q.body, individuals, places)
        over = tuple(individuals) if q.people else (*individuals, *places)
        parts = tuple(instance(replace(q, body=body), who) for who in over)
        return ir.And(parts) if isinstance(q, ir.ForAll) else ir.Or(parts)

    return rebuild(formula, lambda atom: atom, quantified)


def individuals_of(problem: ir.Problem) -> tuple[str, ...]:
    """The keys "someone" rules are grounded over."""
    return tuple(e.key for e in problem.vocabulary.individuals)


def ground_in(problem: ir.Problem, formula: ir.Formula) -> ir.Formula:
    """A formula of the problem with its quantifiers grounded over the problem's names."""
    return ground(formula, individuals_of(problem), problem.vocabulary.place_keys)


def grounded(problem: ir.Problem) -> list[tuple[ir.Statement, ir.Formula]]:
    """Each statement with its quantifiers grounded (the names listed once, not per line)."""
    individuals, places = individuals_of(problem), problem.vocabulary.place_keys
    return [(s, ground(s.formula, individuals, places)) for s in problem.statements]


def candidate_edges(problem: ir.Problem) -> tuple[tuple[str, str], ...]:
    """Containment edges the text could make true: ``P is in Q`` between places.

    They belong to the vocabulary of the whole text (``moments.build_vocabulary``), so a subset
    of its statements — a support, a conflict — is read in the same state space: supports and
    conflicts are minimal *relative to the text's names, places and possible containments*,
    and removing a statement never makes a set of statements harder to satisfy.
    """
    return problem.vocabulary.edges


def mentioned_edges(
    statements: Iterable[ir.Statement], places: dict[str, None]
) -> tuple[tuple[str, str], ...]:
    """The place-in-place atoms of some statements: the containment a statement could make
    hold.  A "thing" quantifier ("If something is big, it is in the shed.") ranges over the
    places too, so it can put any place in the shed."""
    edges: dict[tuple[str, str], None] = {}
    ordered = list(places)
    for statement in statements if places else ():  # no places (a puzzle): nothing to scan
        formula = statement.formula
        over_places = isinstance(formula, (ir.ForAll, ir.Exists)) and not formula.people
        for atom in formulas.atoms_of(formula):
            if not isinstance(atom, ir.InPlace):
                continue
            if atom.thing in places and atom.thing != atom.place:
                edges[(atom.thing, atom.place)] = None
            elif over_places and atom.thing == VAR and atom.place in places:
                edges.update({(p, atom.place): None for p in ordered if p != atom.place})
    return tuple(edges)


def reachable(edges: Iterable[tuple[str, str]]) -> set[tuple[str, str]]:
    """Pairs (p, q) joined by a path of candidate edges (p may reach itself through a cycle)."""
    successors: dict[str, set[str]] = {}
    for low, high in edges:
        successors.setdefault(low, set()).add(high)
    pairs: set[tuple[str, str]] = set()
    for start in successors:
        stack, seen = list(successors[start]), set()
        while stack:
            node = stack.pop()
            if node in seen:
                continue
            seen.add(node)
            pairs.add((start, node))
            stack.extend(successors.get(node, ()))
    return pairs


def boolean_atoms(grounded: Iterable[ir.Formula]) -> tuple[ir.Holds | ir.Related, ...]:
    """The property and relation atoms of some grounded formulas, in order."""
    found: dict[ir.Holds | ir.Related, None] = {}
    for formula in grounded:
        for atom in formulas.atoms_of(formula):
            if isinstance(atom, (ir.Holds, ir.Related)):
                found[atom] = None
    return tuple(found)


FULL_SPACE_UP_TO = 40
"""Up to this many located individuals each keeps its i unnamed places: the space is small,
and a witness stays the one earlier versions printed (another encoding, another witness)."""


def compared_in(
    said: Iterable[ir.Formula], located: Sequence[str]
) -> tuple[tuple[str, ...], ...] | None:
    """The located individuals "in the same place as" atoms compare, in groups no atom joins
    (the connected parts of the comparisons), each in the order of ``located``.

    Only they can tell unnamed places apart, each group among itself: every other atom sees
    an unnamed place only as "not in any named place" (unnamed places contain nothing and
    are in nothing).  None when an atom compares a quantifier's variable or a name that is
    not located, or for a small text: then every located individual may be told apart.
    """
    if len(located) <= FULL_SPACE_UP_TO:
        return None
    parent: dict[str, str] = {}

    def root(key: str) -> str:
        while parent.setdefault(key, key) != key:
            parent[key] = parent[parent[key]]
            key = parent[key]
        return key

    for formula in said:
        for atom in formulas.atoms_of(formula):
            if isinstance(atom, ir.SamePlace):
                parent[root(atom.first)] = root(atom.second)
    if not set(parent) <= set(located):
        return None
    groups: dict[str, list[str]] = {}
    for key in located:
        if key in parent:
            groups.setdefault(root(key), []).append(key)
    return tuple(tuple(group) for group in groups.values())


# ---------------------------------------------------------------------------- places


def is_place_noun(noun: str | None) -> bool:
    """Whether a head noun makes a name a place (the lexicon's place nouns)."""
    return noun is not None and noun in place_nouns()


def decide_places(statements: Sequence[Lowered]) -> frozenset[str]:
    """Which names are places, from the statements of the whole text (SPEC §2).

    A place is a name some statement puts something in, a name ``The places are ...`` lists or
    ``The N is a place.`` declares, or a name whose head noun is a place noun.  A name that is
    put in something *and* has something put in it, with neither a place noun nor a
    declaration to say which it is, could be an individual or a place: it is refused, naming
    both lines, with the declaration that settles it.
    """
    containers: dict[str, tuple[int, Mention]] = {}
    contained: dict[str, tuple[int, Mention]] = {}
    declared: set[str] = set()
    nouns: set[str] = set()
    for lowered in statements:
        line = lowered.statement.line
        for m in lowered.mentions:
            if m.role == "place":
                containers.setdefault(m.key, (line, m))
            elif m.role == "subject":
                contained.setdefault(m.key, (line, m))
            elif m.role == "declared place":
                declared.add(m.key)
            elif m.role == "closed":
                declared.update(m.values)
            if m.role in ("thing", "place") and is_place_noun(m.noun):
                nouns.add(m.key)
    errors: list[TextError] = []
    for key, (line, mention) in containers.items():
        if key in contained and key not in declared and key not in nouns:
            errors.append(_two_roles(mention, line, contained[key][0]))
    if errors:
        raise TextErrors(errors)
    return frozenset(containers) | declared | nouns


def _two_roles(mention: Mention, line: int, other_line: int) -> SentenceError:
    label = mention.label or mention.key
    span = mention.span or ast.Span(line, 1, 1)
    return SentenceError(
        f"{label} has something put in it here (a place) and is put in something on line "
        f"{other_line} (an individual, or a place inside another): say which it is",
        span,
        f"{label[:1].upper()}{label[1:]} is a place.",
        expected="a declaration above that makes it a place, or another name for one of the two",
    )


# ---------------------------------------------------------------------------- vocabulary


def build_vocabulary(
    mentions: Sequence[Mention],
    extra: Sequence[Mention] = (),
    earlier: Sequence[tuple[str, str]] = (),
    statements: Sequence[ir.Statement] = (),
    places: frozenset[str] = frozenset(),
    asked: Sequence[ir.Formula] | None = None,
) -> ir.Vocabulary:
    """The names of a prefix of the text by role, in order of first mention.

    ``mentions`` come from the statements, ``extra`` from the question being answered: a
    question can add a place it names (a place noun) and a located individual it asks about,
    but never an individual that rules range over, so it cannot change consistency.
    ``asked``: the formulas every question put to this vocabulary may encode (None: any).
    """
    seen = _Mentioned()
    for m in mentions:
        seen.take(m, m.key in places)
    for m in extra:
        seen.take(m, m.key in places or is_place_noun(m.noun), from_question=True)
    labels, found, located = seen.labels, seen.found, seen.located
    for key, template in earlier:  # an earlier self is located; rules range over its person
        labels[key] = template.format(labels.get(key.rsplit("@", 1)[0], key))
        located.append(key)
    individuals = [k for k in dict.fromkeys(seen.things) if k not in found]
    edges = mentioned_edges(statements, dict.fromkeys(found))
    if any(_locates_everyone(s.formula) for s in statements):
        located += individuals
    unknown = [
        k for k in dict.fromkeys(seen.asked_things) if k not in found and k not in individuals
    ]
    unknown += [key for key, _ in earlier]
    kept = tuple(k for k in dict.fromkeys(located) if k not in found)
    said = [s.formula for s in statements]
    return ir.Vocabulary(
        compared=None if asked is None else compared_in([*said, *asked], kept),
        individuals=tuple(ir.Entity(k, labels.get(k, k)) for k in individuals),
        others=tuple(ir.Entity(k, labels.get(k, k)) for k in unknown),
        places=tuple(found.values()),
        located=kept,
        closed=seen.closed,
        edges=edges,
        attributes=tuple(seen.attributes.items()),
        valued=tuple(p for p in dict.fromkeys(seen.valued) if p[1] in seen.attributes),
        numbers=tuple(dict.fromkeys(seen.numbers)),
        integers=frozenset(seen.integers),
        clocks=frozenset(seen.clocks),
        nouns=frozenset(seen.nouns),
        number_labels=tuple((k, labels.get(k, k)) for k in dict.fromkeys(seen.numbers)),
    )


@state
class _Mentioned:
    """The names mentions give, by role, in order of first mention."""

    labels: dict[str, str] = field(default_factory=dict)
    found: dict[str, ir.Entity] = field(default_factory=dict)  # the places
    things: list[str] = field(default_factory=list)
    asked_things: list[str] = field(default_factory=list)
    located: list[str] = field(default_factory=list)
    valued: list[tuple[str, str]] = field(default_factory=list)
    attributes: dict[str, tuple[str, ...]] = field(default_factory=dict)
    numbers: list[str] = field(default_factory=list)
    integers: set[str] = field(default_factory=set)
    clocks: set[str] = field(default_factory=set)
    nouns: set[str] = field(default_factory=set)
    closed: tuple[str, ...] = ()

    def take(self, m: Mention, place: bool, from_question: bool = False) -> None:
        """Record one mention (``place``: whether its name is a place)."""
        if m.label and m.key not in self.labels:
            self.labels[m.key] = m.label
        if m.role == "number" or m.role == "clock":  # most mentions of a numeric text: first
            self.numbers.append(m.key)
            if m.role == "clock":
                self.clocks.add(m.key)
        elif m.role in ("thing", "place", "declared place") and place and m.key not in self.found:
            self.found[m.key] = ir.Entity(m.key, m.label or m.key, m.owner, m.noun)
        elif m.role == "thing":
            (self.asked_things if from_question else self.things).append(m.key)
        elif m.role == "located":
            self.located.append(m.key)
        elif m.role == "valued" and m.noun is not None:
            self.valued.append((m.key, m.noun))
        elif m.role == "attribute":
            self.attributes[m.key] = m.values
        elif m.role == "integer":
            self.integers.add(m.key)
        elif m.role == "noun":
            self.nouns.add(m.key)
        elif m.role == "closed":
            self.closed = m.values


def _locates_everyone(formula: ir.Formula) -> bool:
    """Whether a rule can only hold by putting individuals somewhere: a location atom about its
    variable in a positive position ("Everyone is in the house.", "If something is big, then it
    is in the shed.").  "Nobody is in the hall." locates no one: it speaks of the located
    individuals only (SPEC §2: an individual no location statement mentions has no location)."""
    if not isinstance(formula, ir.ForAll):
        return False
    stack: list[tuple[ir.Formula, bool]] = [(formula.body, True)]
    while stack:
        item, positive = stack.pop()
        if isinstance(item, ir.Not):
            stack.append((item.body, not positive))
        elif isinstance(item, (ir.And, ir.Or)):
            stack.extend((p, positive) for p in item.parts)
        elif isinstance(item, ir.Implies):
            stack += [(item.premise, not positive), (item.conclusion, positive)]
        elif isinstance(item, (ir.Iff, ir.Count)):
            parts = (item.left, item.right) if isinstance(item, ir.Iff) else item.parts
            stack.extend((p, side) for p in parts for side in (True, False))
        elif isinstance(item, (ir.ForAll, ir.Exists)):
            stack.append((item.body, positive))
        elif positive and (
            (isinstance(item, ir.InPlace) and item.thing == VAR)
            or (isinstance(item, ir.SamePlace) and VAR in (item.first, item.second))
        ):
            return True
    return False
