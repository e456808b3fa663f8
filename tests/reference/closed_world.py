"""A least-model oracle for closed-world texts, written from the README's "closed-world
reading" alone; it shares nothing with certify (no completion, no SAT, no grounding code).

A text is drawn as data: facts (``Ana is big.``, ``Bea is a wumpus.``, ``Ana likes Bea.``),
rules over every named individual (``All big things are heavy.``, ``Big, heavy things are
quiet.``, ``Every wumpus is a tumpus.``, ``Tumpuses are animals.``, ``If someone likes Bea then
they are happy.``) and ground implications (``If Ana is big or rough, then Bea is nice.``).
Predicates are ranked and every rule concludes a higher rank than its premises, so there is
no cycle. The least model is computed by forward chaining to a fixpoint over the individuals
the statements name; every question (``Is Ana quiet?``, ``Does Bea like Ana?``) is then
forced: yes when its atom is in the least model, no otherwise.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

PEOPLE = ("Ana", "Bea", "Carl", "Dan")
ADJECTIVES = ("big", "heavy", "quiet", "cold", "kind", "rough", "happy", "nice")
NOUNS = {"wumpus": "wumpuses", "tumpus": "tumpuses", "animal": "animals", "pet": "pets"}
VERBS = {"likes": "like", "sees": "see", "chases": "chase"}


def _is(predicate: str) -> str:
    """``big`` or ``a wumpus`` / ``an animal``: how 'X is ...' says a predicate."""
    if predicate not in NOUNS:
        return predicate
    return ("an " if predicate[0] in "aeiou" else "a ") + predicate


@dataclass(frozen=True)
class Fact:
    subject: str
    predicate: str


@dataclass(frozen=True)
class Likes:
    subject: str
    verb: str
    object: str


@dataclass(frozen=True)
class Rule:
    """For every named x: every premise of x ⇒ the conclusion of x (``form`` is the English)."""

    form: str
    premises: tuple[str, ...]
    conclusion: str


@dataclass(frozen=True)
class ByRelation:
    """For every named x: x VERB OBJECT ⇒ the conclusion of x."""

    verb: str
    object: str
    conclusion: str


@dataclass(frozen=True)
class Ground:
    """(a₁ of x₁ or/and a₂ of x₂) ⇒ c of y."""

    premises: tuple[tuple[str, str], ...]
    either: bool
    conclusion: tuple[str, str]


Statement = Fact | Likes | Rule | ByRelation | Ground


def _are(predicate: str) -> str:
    """``big`` or ``wumpuses``: how 'Xs are ...' says a predicate."""
    return NOUNS.get(predicate, predicate)


def english(s: Statement) -> str:
    if isinstance(s, Fact):
        return f"{s.subject} is {_is(s.predicate)}."
    if isinstance(s, Likes):
        return f"{s.subject} {s.verb} {s.object}."
    if isinstance(s, ByRelation):
        return f"If someone {s.verb} {s.object} then they are {_are(s.conclusion)}."
    if isinstance(s, Ground):
        joined = " or " if s.either else " and "
        said = joined.join(f"{x} is {_is(p)}" for x, p in s.premises)
        return f"If {said}, then {s.conclusion[0]} is {_is(s.conclusion[1])}."
    first, goal = s.premises[0], s.conclusion
    if s.form == "all":
        return f"All {first} things are {_are(goal)}."
    if s.form == "things":
        return f"{first.capitalize()}, {s.premises[1]} things are {_are(goal)}."
    if s.form == "every":
        return f"Every {first} is {_is(goal)}."
    return f"{NOUNS[first].capitalize()} are {NOUNS[goal]}."  # plural


@dataclass(frozen=True)
class Text:
    statements: tuple[Statement, ...]
    questions: tuple[tuple[str, ...], ...]
    """("is", X, predicate) or ("likes", X, verb, Y)."""

    def english(self) -> str:
        lines = [english(s) for s in self.statements]
        for q in self.questions:
            if q[0] == "is":
                lines.append(f"Is {q[1]} {_is(q[2])}?")
            else:
                lines.append(f"Does {q[1]} {VERBS[q[2]]} {q[3]}?")
        return "\n".join(lines) + "\n"


def _named(statements: tuple[Statement, ...]) -> set[str]:
    found: set[str] = set()
    for s in statements:
        if isinstance(s, Fact):
            found.add(s.subject)
        elif isinstance(s, Likes):
            found |= {s.subject, s.object}
        elif isinstance(s, ByRelation):
            found.add(s.object)
        elif isinstance(s, Ground):
            found |= {x for x, _ in s.premises} | {s.conclusion[0]}
    return found


def least_model(statements: tuple[Statement, ...]) -> set[tuple[str, ...]]:
    """The atoms the facts and rules derive, by forward chaining to a fixpoint."""
    people = _named(statements)
    model: set[tuple[str, ...]] = set()
    for s in statements:
        if isinstance(s, Fact):
            model.add((s.predicate, s.subject))
        elif isinstance(s, Likes):
            model.add((s.verb, s.subject, s.object))
    changed = True
    while changed:
        before = len(model)
        for s in statements:
            if isinstance(s, Rule):
                model |= {
                    (s.conclusion, x) for x in people if all((p, x) in model for p in s.premises)
                }
            elif isinstance(s, ByRelation):
                model |= {(s.conclusion, x) for x in people if (s.verb, x, s.object) in model}
            elif isinstance(s, Ground):
                held = [(p, x) in model for x, p in s.premises]
                if any(held) if s.either else all(held):
                    model.add((s.conclusion[1], s.conclusion[0]))
        changed = len(model) != before
    return model


def answers(text: Text) -> list[str]:
    """yes or no for each question: whether its atom is in the least model."""
    model = least_model(text.statements)
    found = []
    for q in text.questions:
        atom = (q[2], q[1]) if q[0] == "is" else (q[2], q[1], q[3])
        found.append("yes" if atom in model else "no")
    return found


def draw(seed: int) -> Text:
    """A random acyclic closed-world text with a few questions."""
    rng = random.Random(seed)
    people = PEOPLE[: rng.randint(2, 4)]
    ranked = rng.sample([*ADJECTIVES, *NOUNS], 7)  # premises rank below conclusions
    statements: list[Statement] = []
    for _ in range(rng.randint(1, 4)):
        statements.append(Fact(rng.choice(people), rng.choice(ranked[:4])))
    for _ in range(rng.randint(0, 2)):
        x, y = rng.sample(people, 2)
        statements.append(Likes(x, rng.choice(list(VERBS)), y))
    for _ in range(rng.randint(1, 4)):
        statements.append(_rule(rng, ranked, people))
    rng.shuffle(statements)
    questions: list[tuple[str, ...]] = []
    for _ in range(3):
        if rng.random() < 0.8:
            questions.append(("is", rng.choice(people), rng.choice(ranked)))
        else:
            x, y = rng.sample(people, 2)
            questions.append(("likes", x, rng.choice(list(VERBS)), y))
    return Text(tuple(statements), tuple(questions))


def _rule(rng: random.Random, ranked: list[str], people: tuple[str, ...]) -> Statement:
    high = rng.randint(1, len(ranked) - 1)
    goal, lower = ranked[high], ranked[:high]
    kind = rng.choice(["all", "things", "every", "plural", "relation", "ground"])
    adjectives = [p for p in lower if p not in NOUNS]
    nouns = [p for p in lower if p in NOUNS]
    if kind == "things" and len(adjectives) >= 2:
        return Rule("things", tuple(rng.sample(adjectives, 2)), goal)
    if kind == "all" and adjectives:
        return Rule("all", (rng.choice(adjectives),), goal)
    if kind == "plural" and nouns and goal in NOUNS:
        return Rule("plural", (rng.choice(nouns),), goal)
    if kind == "every" and nouns:
        return Rule("every", (rng.choice(nouns),), goal)
    if kind == "relation":
        return ByRelation(rng.choice(list(VERBS)), rng.choice(people), goal)
    count = min(len(lower), rng.randint(1, 2))
    premises = tuple((rng.choice(people), p) for p in rng.sample(lower, count))
    return Ground(premises, rng.random() < 0.5, (rng.choice(people), goal))
