"""Hypothesis strategies over the abstract finite texts of ``finite_text``.

A text draws a small cast first (at most 5 individuals, at most 5 places, a few adjectives,
nouns and verbs, maybe a declared attribute, maybe closed places, maybe a story), then its
statements, then questions: in-file questions only about names their prefix mentions, and
``--ask`` questions about the whole text. Places in questions are place nouns or places the
prefix mentions, so no question asks about a name that is not a place. Simpler choices come
first in every choice so that counterexamples shrink toward short, plain texts.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeVar

from hypothesis import strategies as st

from tests.reference.finite_text import (
    ADJECTIVES,
    ATTRIBUTES,
    DROPS,
    EVERYDAY,
    GIVES,
    MOVES,
    NOUNS,
    PEOPLE,
    PLACES,
    TAKES,
    THINGS,
    TIMES,
    VERBS,
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
    is_question,
    mention,
    owner_of,
    statements_of,
    subject_of,
    text_places,
)

T = TypeVar("T")


@dataclass(frozen=True)
class Cast:
    individuals: tuple[str, ...]
    places: tuple[str, ...]
    adjectives: tuple[str, ...]
    nouns: tuple[str, ...]
    verbs: tuple[str, ...]
    attribute: str | None
    closed: bool
    story: bool

    @property
    def containers(self) -> tuple[str, ...]:
        """Places that may stand as the subject of a containment statement."""
        return tuple(p for p in self.places if is_place_noun(p))


INDEX = [st.integers(0, n) for n in range(32)]  # built once: a draw is then cheap


def pick(draw: st.DrawFn, pool: tuple[T, ...] | list[T]) -> T:
    """One element of ``pool``; shrinks toward the first."""
    return pool[draw(INDEX[len(pool) - 1])]


def _some(draw: st.DrawFn, pool: tuple[str, ...], low: int, high: int) -> tuple[str, ...]:
    """``low`` to ``high`` distinct elements of ``pool``, in the order drawn."""
    left = list(pool)
    count = min(draw(st.integers(low, high)) if low < high else low, len(left))
    return tuple(left.pop(draw(INDEX[len(left) - 1])) for _ in range(count))


def cast_of(draw: st.DrawFn) -> Cast:
    story = draw(st.integers(0, 5)) == 5
    individuals = _some(draw, PEOPLE + THINGS, 1, 4)
    places = _some(draw, PLACES, 1, 4)
    if not any(is_place_noun(p) for p in places):
        places = ("the kitchen", *places)
    closed = draw(st.integers(0, 3)) == 3
    if closed and len(places) < 2:
        places = (*places, "the garden" if places[0] != "the garden" else "the hall")
    attribute = pick(draw, (None, None, "color", "shape"))
    return Cast(
        individuals=individuals,
        places=places,
        adjectives=_some(draw, ADJECTIVES, 3, 3),
        nouns=_some(draw, tuple(NOUNS), 2, 2),
        verbs=_some(draw, tuple(VERBS), 1, 2),
        attribute=attribute,
        closed=closed,
        story=story,
    )


def _pair(draw: st.DrawFn, pool: tuple[str, ...]) -> tuple[str, str]:
    first, second = _some(draw, pool, 2, 2)
    return first, second


def located_in(draw: st.DrawFn, cast: Cast, x: str) -> In:
    form = pick(draw, ("in", "or", "not", "either", "no longer", "neither", "or3"))
    size = {"in": 1, "not": 1, "no longer": 1, "or3": 3}.get(form, 2)
    size = min(size, len(cast.places))
    places = _some(draw, cast.places, size, size)
    if len(places) == 1:
        form = form if form in ("in", "not", "no longer") else "in"
    return In(x, places, "or" if form == "or3" else form)


def containment(draw: st.DrawFn, cast: Cast) -> Statement:
    if len(cast.places) < 2:
        return located_in(draw, cast, pick(draw, cast.individuals))
    subject = pick(draw, cast.containers)
    place = pick(draw, tuple(p for p in cast.places if p != subject))
    form = pick(draw, ("in", "not", "or", "both"))
    others = [p for p in cast.places if p not in (subject, place)]
    if form == "both":
        second = [p for p in cast.containers if p not in (subject, place)]
        if second:
            return Group((subject, pick(draw, second)), place, "both")
        form = "in"
    if form == "or" and others:
        return In(subject, (place, pick(draw, others)), "or")
    return In(subject, (place,), "not" if form == "not" else "in")


def group(draw: st.DrawFn, cast: Cast) -> Statement:
    form = pick(draw, ("and", "or", "exactly one", "at least one", "neither"))
    three = form == "at least one" and len(cast.individuals) > 2 and draw(st.booleans())
    size = 3 if three else 2  # both sizes, whatever the seed
    names = _some(draw, cast.individuals, size, size)
    return Group(names, pick(draw, cast.places), form)


def together(draw: st.DrawFn, cast: Cast, x: str) -> Statement:
    others = tuple(n for n in cast.individuals if n != x)
    form = pick(draw, ("as", "and", "different", "different3"))
    if form.startswith("different"):
        size = 3 if form == "different3" and len(others) > 1 else 2
        return Different((x, *_some(draw, others, size - 1, size - 1)))
    return Same(x, pick(draw, others), form)


def fact(draw: st.DrawFn, cast: Cast, x: str, negated: bool | None = None) -> Statement:
    """A property, class, relation or attribute value of ``x`` (negated if drawn so)."""
    kinds = ["prop", "kind"] + ["relation"] * (len(cast.individuals) > 1)
    kinds += ["value", "same value"] * (cast.attribute is not None)
    kinds += ["truth", "act"]
    kind = pick(draw, kinds)
    negated = draw(st.booleans()) if negated is None else negated
    others = tuple(n for n in cast.individuals if n != x)
    if kind == "truth":  # "X tells the truth" / "X lies" (in a question too)
        return Truth(x, draw(st.booleans()))
    if kind == "act":
        return Act(x, pick(draw, tuple(EVERYDAY)), negated)
    if kind == "prop":
        return Prop(x, pick(draw, cast.adjectives), negated)
    if kind == "kind":
        return Kind(x, pick(draw, cast.nouns), negated)
    if kind == "relation":
        verb = pick(draw, cast.verbs)
        return Relation(x, verb, pick(draw, others), negated)
    assert cast.attribute is not None
    values = ATTRIBUTES[cast.attribute]
    if kind == "same value" and others:
        return SameValue(x, pick(draw, others), cast.attribute, draw(st.booleans()))
    chosen = _some(draw, values, 1, 1 if negated else 2)
    return Value(x, cast.attribute, chosen, negated and len(chosen) == 1)


def atom(draw: st.DrawFn, cast: Cast, located: tuple[str, ...] | None = None) -> Statement:
    """A simple statement that reads well inside a connective."""
    pool = cast.individuals if located is None else located
    kind = pick(draw, ("in", "fact", "containment", "same"))
    if kind == "fact" or not pool:
        return fact(draw, cast, pick(draw, cast.individuals))
    x = pick(draw, pool)
    if kind == "containment" and located is None and len(cast.containers) > 1:
        subject, place = _pair(draw, cast.containers)
        return In(subject, (place,), pick(draw, ("in", "not")))
    if kind == "same" and len(pool) > 1:
        return Same(x, pick(draw, tuple(n for n in pool if n != x)))
    return In(x, (pick(draw, cast.places),), pick(draw, ("in", "not")))


CONNECTIVES = ("and", "if", "or", "either", "iff", "notboth", "not", "exactlyone")


def connective(draw: st.DrawFn, cast: Cast, located: tuple[str, ...] | None = None) -> Statement:
    kind = pick(draw, CONNECTIVES)
    size = {"not": 1, "exactlyone": draw(st.integers(2, 3))}.get(kind, 2)
    return Connective(kind, tuple(atom(draw, cast, located) for _ in range(size)))


def rule(draw: st.DrawFn, cast: Cast) -> Rule:
    form = pick(
        draw, ("if", "all", "someone", "things", "every", "each", "plural", "symmetric", "chain")
    )
    a, b, c = (Literal("prop", w) for w in _some(draw, cast.adjectives, 3, 3))
    n1, n2 = (Literal("kind", w) for w in _some(draw, cast.nouns, 2, 2))
    if form in ("if", "all"):
        return Rule(form, (a,), b)
    if form == "someone":
        return Rule(form, (a, Literal("prop", b.word, positive=False)), c)
    if form == "things":
        return Rule(form, (a, b), c)
    if form in ("every", "plural"):
        return Rule(form, (n1,), n2)
    if form == "each":
        return Rule(form, (n1,), a)
    verb = pick(draw, cast.verbs)
    y = pick(draw, cast.individuals)
    if form == "symmetric":
        return Rule(form, (Literal("rel", verb, y),), Literal("rel_back", verb, y))
    verbs = [pick(draw, cast.verbs) for _ in range(3)]
    ends = [pick(draw, cast.individuals) for _ in range(3)]
    first, second, goal = (Literal("rel", v, o) for v, o in zip(verbs, ends))
    return Rule("chain", (first, second), goal)


def says(draw: st.DrawFn, cast: Cast, x: str, depth: int = 0) -> Says:
    """``x`` says a fact, a location or (once) what someone else says; never an event."""
    form = pick(draw, ("says", "that", "quoted"))
    kind = pick(draw, ("fact", "in", "says") if depth == 0 else ("fact", "in"))
    y = pick(draw, cast.individuals)
    if kind == "says" and form != "quoted":
        return Says(x, says(draw, cast, y, depth + 1), form)
    if kind == "in":
        return Says(x, In(y, (pick(draw, cast.places),), pick(draw, ("in", "not"))), form)
    return Says(x, fact(draw, cast, y), form)


def statement(draw: st.DrawFn, cast: Cast, previous: str | None) -> Statement:
    """One statement; its subject is often the previous one's, so pronouns can stand in."""
    pool = cast.individuals
    x = pick(draw, (previous, *pool) if previous in pool else pool)
    if cast.story:
        kind = pick(draw, ("in", "move", "fact", "same", "possess", "says"))
        if kind == "same" and len(pool) > 1:
            return Same(x, pick(draw, tuple(n for n in pool if n != x)))
    else:
        kinds = ("in", "fact", "containment", "group", "together", "connective", "rule")
        kind = pick(draw, (*kinds, "nobody", "move", "possess", "says"))
        if len(pool) < 2 and kind in ("group", "together"):
            kind = "in"
    if kind == "possess":
        found = possess(draw, cast, x)
        if found is not None:
            return found
        kind = "move"
    if kind == "says":
        return says(draw, cast, x)
    if kind == "move":
        return Move(x, pick(draw, cast.places), pick(draw, MOVES))
    if kind == "fact":
        return fact(draw, cast, x)
    if kind == "containment":
        return containment(draw, cast)
    if kind == "group":
        return group(draw, cast)
    if kind == "together":
        return together(draw, cast, x)
    if kind == "connective":
        return connective(draw, cast)
    if kind == "rule":
        return rule(draw, cast)
    if kind == "nobody":
        return Nobody(pick(draw, cast.places))
    return located_in(draw, cast, x)


POSSESSION = {"take": TAKES, "drop": DROPS, "give": GIVES}


def possess(draw: st.DrawFn, cast: Cast, x: str) -> Possess | None:
    """``x`` takes, drops or gives an individual that is no place noun (None if there is none);
    a receiver may be someone the cast has not named yet."""
    things = tuple(n for n in cast.individuals if n != x and not is_place_noun(n))
    if not things:
        return None
    thing = pick(draw, things)
    mode = draw(st.sampled_from(("give", "take", "drop")))
    verb = pick(draw, POSSESSION[mode])
    if mode != "give":
        return Possess(x, thing, verb, None, there=draw(st.booleans()))
    pool = dict.fromkeys((*cast.individuals, *PEOPLE))
    receivers = tuple(n for n in pool if n not in (x, thing) and not is_place_noun(n))
    return Possess(x, thing, verb, pick(draw, receivers))


def question(
    draw: st.DrawFn, cast: Cast, prefix: list[Statement], places: frozenset[str]
) -> Question:
    """A question about names the prefix mentions (places: also any place noun)."""
    seen = Mentions()
    for statement in prefix:
        mention(statement, seen)
    located = tuple(sorted(seen.located - places))
    individuals = tuple(sorted((seen.located | seen.named | {h for h, _ in seen.holders}) - places))
    askable = tuple(p for p in cast.places if is_place_noun(p) or p in seen.places)
    houses = tuple(sorted({o[1] for p in seen.places if (o := owner_of(p)) and p in places}))
    kinds = ["who", "true", "who does", "how many", "who is"]
    kinds += ["where", "is in", "is in", "whose", "was before"] * bool(located)
    kinds += ["fact", "fact", "who rel"] * bool(individuals)
    kinds += ["value"] * 4 * bool(seen.holders and seen.declared)  # rare otherwise: any seed
    events = [s for s in prefix if isinstance(s, Possess)]
    kinds += ["carrying", "carrying", "gave", "gave", "gave", "gave", "gave"] * bool(events)
    kind = pick(draw, kinds)
    if kind == "who does":
        return WhoDoes(pick(draw, ("lies", "truth", *EVERYDAY)))
    if kind == "carrying":  # someone of the events, or anyone
        people = tuple(dict.fromkeys(n for e in events for n in (e.subject, e.to) if n))
        return Carrying(pick(draw, people + individuals), draw(st.booleans()))
    if kind == "gave":
        return gave(draw, events, individuals)
    if kind == "where":
        return Where(pick(draw, located))
    if kind == "was before":
        return WasBefore(pick(draw, located), pick(draw, askable))
    if kind == "is in":
        subjects = located + tuple(p for p in cast.containers if p in seen.places)
        x = pick(draw, subjects)
        targets = tuple(p for p in askable if p != x)
        if targets:
            return IsIn(x, pick(draw, targets))
    if kind == "whose" and houses:
        return Whose(pick(draw, located), pick(draw, houses))
    if kind == "value":
        x, attribute = pick(draw, sorted(seen.holders))
        if draw(st.booleans()):
            return WhatValue(x, attribute)
        return IsTrue(Value(x, attribute, (pick(draw, ATTRIBUTES[attribute]),)))
    if kind == "fact":
        x = pick(draw, individuals)
        local = Cast(**{**cast.__dict__, "individuals": individuals, "attribute": None})
        return IsTrue(fact(draw, local, x, negated=False))
    if kind == "true" and (located or individuals):
        local = Cast(**{**cast.__dict__, "individuals": individuals or located, "attribute": None})
        local = Cast(**{**local.__dict__, "places": askable})
        maker = pick(draw, (atom, connective))
        return IsTrue(maker(draw, local, located), "it is true")
    if kind == "who rel" and draw(st.booleans()):
        return WhomRel(pick(draw, individuals), pick(draw, cast.verbs))
    if kind == "who rel":
        return WhoRel(pick(draw, cast.verbs), pick(draw, individuals))
    if kind == "who is":
        values = [(v, a) for a in sorted(seen.declared) for v in ATTRIBUTES[a]]
        word, attribute = pick(draw, [*((w, None) for w in cast.adjectives), *values])
        return WhoIs(word, attribute)
    if kind == "how many":
        return CountIn(pick(draw, askable))
    return Who(pick(draw, askable))


def gave(draw: st.DrawFn, events: list[Possess], individuals: tuple[str, ...]) -> Gave:
    """A giving question: its given roles from a giving of the prefix when there is one, or
    from anyone (so that 'nobody' answers too)."""
    gifts = [e for e in events if e.to is not None]
    base = pick(draw, gifts) if gifts and draw(st.integers(0, 3)) else None
    giver, thing, to = (
        (base.subject, base.thing, base.to)
        if base is not None
        else tuple(pick(draw, individuals or ("Ana",)) for _ in range(3))
    )
    form = draw(st.sampled_from(("to", "giver", "receiver", "thing", "whom")))
    if form == "to":
        return Gave("giver", thing=thing, receiver=to)
    if form == "giver":
        return Gave("giver", thing=thing)
    if form == "receiver":
        return Gave("receiver", thing=thing)
    if form == "thing":
        return Gave("thing", giver=giver, receiver=to)
    return Gave("receiver", giver=giver, thing=thing)


@st.composite
def finite_texts(draw: st.DrawFn) -> FiniteText:
    """A random finite text of SPEC section 3's forms, with in-file and ``--ask`` questions."""
    cast = cast_of(draw)
    body: list[Statement] = []
    for _ in range(draw(st.integers(1, 6))):
        body.append(statement(draw, cast, subject_of(body[-1]) if body else None))
    if cast.closed:
        body.insert(draw(st.integers(0, len(body))), PlacesAre(cast.places))
    if cast.attribute is not None:
        body.insert(0, Declare(cast.attribute))
    lines = _pronouns(draw, body, cast)
    draft = FiniteText(tuple(lines), (), cast.story)
    places = text_places(draft)
    for _ in range(draw(st.integers(0, 2))):
        at = draw(st.integers(1, len(lines)))
        if at < len(lines) and lines[at].pronoun:  # a pronoun's antecedent is the line before
            lines[at] = Line(lines[at].item)
        prefix = statements_of(lines[:at])
        lines.insert(at, Line(question(draw, cast, prefix, places)))
    asks = [question(draw, cast, body, places) for _ in range(draw(st.integers(1, 3)))]
    return FiniteText(tuple(lines), tuple(asks), cast.story)


def _pronouns(draw: st.DrawFn, body: list[Statement], cast: Cast) -> list[Line]:
    lines = []
    possessions = any(isinstance(s, Possess) for s in body)
    for index, statement in enumerate(body):
        subject = subject_of(statement)
        before = subject_of(body[index - 1]) if index else None
        same = subject is not None and subject == before and subject in cast.individuals
        pronoun = same and draw(st.integers(0, 2)) == 0
        # A discourse word adds nothing to a story or to a movement (SPEC §3 "Stories").
        ordered = cast.story or isinstance(statement, Move | Possess)
        opening = draw(st.sampled_from(DISCOURSE)) if ordered and draw(st.booleans()) else ""
        # A time adverb on a movement (possession is read in text order: never with one).
        timed = not opening and isinstance(statement, Move) and not possessions
        time = draw(st.sampled_from(("", *TIMES))) if timed else ""
        last = bool(time) and draw(st.booleans())
        lines.append(Line(statement, pronoun, opening, time if last else time.capitalize(), last))
    return lines


DISCOURSE = ("", "Then", "After that,", "After that", "Following that", "Afterwards", "Later")


def forms_of(text: FiniteText) -> set[str]:
    """The sentence forms, question forms and name shapes a text uses (for coverage checks)."""
    found = {"story"} if text.story else set()
    items = [line.item for line in text.lines] + list(text.asks)
    found.update("pronoun" for line in text.lines if line.pronoun)
    found.update("discourse" for line in text.lines if line.discourse)
    found.update(f"time {line.time.lower()}" for line in text.lines if line.time)
    found.update("in-file question" for item in items[: len(text.lines)] if is_question(item))
    while items:
        item = items.pop()
        name = type(item).__name__
        form = getattr(item, "form", getattr(item, "kind", ""))
        if isinstance(item, In):
            form = f"{form}{len(item.places)}" + (" containment" * is_place_noun(item.subject))
        if isinstance(item, Different | Group):
            form = f"{form}{len(getattr(item, 'names', getattr(item, 'subjects', ())))}"
        if isinstance(item, Move):
            form = item.verb
        if isinstance(item, Possess):
            form = next(m for m, verbs in POSSESSION.items() if item.verb in verbs)
        if isinstance(item, Carrying):
            form = "count" if item.count else "what"
        if isinstance(item, Gave):
            given = [r for r in ("giver", "thing", "receiver") if getattr(item, r) is not None]
            form = f"{item.asked} of {' '.join(given)}"
        found.add(f"{name} {form}".strip())
        if isinstance(item, Connective):
            items.extend(item.parts)
        if isinstance(item, Says):
            items.append(item.said)
        if isinstance(item, IsTrue):
            found.add(f"IsTrue {item.form} {type(item.statement).__name__}")
            items.append(item.statement)
        for value in vars(item).values():
            for word in value if isinstance(value, tuple) else (value,):
                if isinstance(word, str) and (len(word) == 1 or word in PLACES + THINGS):
                    found.add(f"name {word}")
    return found
