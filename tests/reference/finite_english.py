"""The English of a finite text: one sentence form of SPEC section 3 per statement.

Kept apart from the representation so that the oracle (``finite_semantics``) never sees a
sentence: it reads the dataclasses of ``finite_text``, certify reads only what this renders.
"""

from __future__ import annotations

from tests.reference.finite_text import (
    ATTRIBUTES,
    EVERYDAY,
    NOUNS,
    PLURAL_ATTRIBUTE,
    PRONOUNS,
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
    Kind,
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
    listing,
    questions_of,
    statements_of,
    subject_of,
)


def article(noun: str) -> str:
    return ("an " if noun[0] in "aeiou" else "a ") + noun


def sentence(clause: str) -> str:
    """Capitalize a clause's first letter: "the ball is big" -> "The ball is big"."""
    return clause[0].upper() + clause[1:]


def pronoun_for(name: str) -> str:
    return PRONOUNS.get(name, "it")


def clause(statement: Statement, subject: str | None = None) -> str:
    """The statement as a clause without its final period; ``subject`` replaces the subject
    (a pronoun)."""
    s = statement
    if isinstance(s, In | Move | Possess | Value | Prop | Kind | Relation | Truth | Act):
        x = subject or s.subject
    if isinstance(s, In):
        p = s.places
        return {
            "in": f"{x} is in {p[0]}",
            "or": f"{x} is in {listing(p, 'or')}",
            "either": f"{x} is either in {p[0]} or in {p[-1]}",
            "not": f"{x} is not in {p[0]}",
            "no longer": f"{x} is no longer in {p[0]}",
            "neither": f"{x} is neither in {p[0]} nor in {p[-1]}",
        }[s.form]
    if isinstance(s, Group):
        names, place = s.subjects, s.place
        return {
            "and": f"{listing(names)} are in {place}",
            "both": f"both {names[0]} and {names[1]} are in {place}",
            "or": f"{names[0]} or {names[1]} is in {place}",
            "exactly one": f"exactly one of {listing(names)} is in {place}",
            "at least one": f"at least one of {listing(names)} is in {place}",
            "neither": f"neither {names[0]} nor {names[1]} is in {place}",
        }[s.form]
    if isinstance(s, Nobody):
        return f"nobody is in {s.place}"
    if isinstance(s, Same):
        if s.form == "as":
            return f"{subject or s.first} is in the same place as {s.second}"
        return f"{s.first} and {s.second} are in the same place"
    if isinstance(s, Different):
        return f"{listing(s.names)} are in different places"
    if isinstance(s, Move):
        return f"{x} {s.verb} {s.place}"
    if isinstance(s, Possess):
        given = f" to {s.to}" if s.to is not None else ""
        return f"{x} {s.verb} {s.thing}{given}" + " there" * s.there
    if isinstance(s, PlacesAre):
        return f"the places are {listing(s.places)}"
    if isinstance(s, Declare):
        return f"the {PLURAL_ATTRIBUTE[s.attribute]} are {listing(ATTRIBUTES[s.attribute])}"
    if isinstance(s, Value):
        return f"{x} is not {s.values[0]}" if s.negated else f"{x} is {listing(s.values, 'or')}"
    if isinstance(s, SameValue):
        if s.same:
            return f"{s.first} has the same {s.attribute} as {s.second}"
        return f"{s.first} and {s.second} have different {PLURAL_ATTRIBUTE[s.attribute]}"
    if isinstance(s, Prop):
        return f"{x} is {'not ' if s.negated else ''}{s.adjective}"
    if isinstance(s, Kind):
        return f"{x} is {'not ' if s.negated else ''}{article(s.noun)}"
    if isinstance(s, Relation):
        if s.negated:
            return f"{x} does not {VERBS[s.verb]} {s.object}"
        return f"{x} {s.verb} {s.object}"
    if isinstance(s, Truth):
        return f"{x} tells the truth" if s.truthful else f"{x} lies"
    if isinstance(s, Act):
        return f"{x} does not {EVERYDAY[s.verb]}" if s.negated else f"{x} {s.verb}"
    if isinstance(s, Says):
        speaker = subject or s.speaker
        if s.form == "quoted":
            return f'{speaker} says: "{sentence(clause(s.said))}."'
        return f"{speaker} says {'that ' * (s.form == 'that')}{clause(s.said)}"
    if isinstance(s, Connective):
        return connective_clause(s)
    assert isinstance(s, Rule)
    return rule_clause(s)


def connective_clause(s: Connective) -> str:
    parts = [clause(p) for p in s.parts]
    if s.kind == "exactlyone":
        return "exactly one of the following is true: " + "; ".join(parts)
    if s.kind == "not":
        return f"it is not the case that {parts[0]}"
    first, second = parts
    return {
        "and": f"{first} and {second}",
        "if": f"if {first}, then {second}",
        "iff": f"{first} if and only if {second}",
        "either": f"either {first} or {second}",
        "or": f"{first} or {second}",
        "notboth": f"not both {first} and {second}",
    }[s.kind]


def rule_clause(s: Rule) -> str:
    words = [literal.word for literal in s.premises]
    goal = s.conclusion
    if s.form == "if":
        return f"if something is {words[0]} then it is {goal.word}"
    if s.form == "someone":
        return f"if someone is {words[0]} and not {words[1]} then they are {goal.word}"
    if s.form == "all":
        return f"all {words[0]} things are {goal.word}"
    if s.form == "things":
        return f"{words[0]}, {words[1]} things are {goal.word}"
    if s.form == "every":
        return f"every {words[0]} is {article(goal.word)}"
    if s.form == "each":
        return f"each {words[0]} is {goal.word}"
    if s.form == "plural":
        return f"{NOUNS[words[0]]} are {NOUNS[goal.word]}"
    if s.form == "symmetric":
        return f"if something {words[0]} {goal.other} then {goal.other} {goal.word} it"
    first, second = s.premises
    return (
        f"if someone {first.word} {first.other} and they {VERBS[second.word]} {second.other}"
        f" then they {VERBS[goal.word]} {goal.other}"
    )


def question_text(q: Question) -> str:
    if isinstance(q, Where):
        return f"Where is {q.subject}?"
    if isinstance(q, IsIn):
        return f"Is {q.subject} in {q.place}?"
    if isinstance(q, WasBefore):
        return f"Where was {q.subject} before {q.place}?"
    if isinstance(q, Carrying):
        return (
            f"How many objects is {q.subject} carrying?"
            if q.count
            else (f"What is {q.subject} carrying?")
        )
    if isinstance(q, Gave):
        return _gave_text(q)
    if isinstance(q, Who):
        return f"Who is in {q.place}?"
    if isinstance(q, WhoIs):
        return f"Who is {q.word}?"
    if isinstance(q, WhoRel):
        return f"Who {q.verb} {q.object}?"
    if isinstance(q, WhomRel):
        return f"Who does {q.subject} {VERBS[q.verb]}?"
    if isinstance(q, CountIn):
        return f"How many people are in {q.place}?"
    if isinstance(q, Whose):
        return f"Whose {q.noun} is {q.subject} in?"
    if isinstance(q, WhatValue):
        return f"What {q.attribute} is {q.subject}?"
    if isinstance(q, WhoDoes):
        return {"lies": "Who lies?", "truth": "Who tells the truth?"}.get(q.kind, f"Who {q.kind}?")
    s = q.statement
    if q.form == "direct" and isinstance(s, Truth):
        return f"Does {s.subject} {'tell the truth' if s.truthful else 'lie'}?"
    if q.form == "direct" and isinstance(s, Act):
        return f"Does {s.subject} {EVERYDAY[s.verb]}?"
    if q.form == "direct" and isinstance(s, Relation):
        return f"Does {s.subject} {VERBS[s.verb]} {s.object}?"
    if q.form == "direct" and isinstance(s, Kind):
        return f"Is {s.subject} {article(s.noun)}?"
    if q.form == "direct" and isinstance(s, Prop):
        return f"Is {s.subject} {s.adjective}?"
    if q.form == "direct" and isinstance(s, Value):
        return f"Is {s.subject} {s.values[0]}?"
    return f"Is it true that {clause(s)}?"


def _gave_text(q: Gave) -> str:
    if q.asked == "giver":
        return f"Who gave {q.thing}" + (f" to {q.receiver}?" if q.receiver else "?")
    if q.asked == "thing":
        return f"What did {q.giver} give to {q.receiver}?"
    if q.giver is not None:
        return f"Who did {q.giver} give {q.thing} to?"
    return f"Who received {q.thing}?"


def render(text: FiniteText) -> tuple[str, list[str]]:
    """The text's English (one sentence per line) and its ``--ask`` questions."""
    out = ["Story:"] if text.story else []
    previous: Statement | None = None
    for line in text.lines:
        asked, said = questions_of([line]), statements_of([line])
        if asked:
            out.append(question_text(asked[0]))
        for statement in said:
            subject = pronoun_for(subject_of(previous) or "") if line.pronoun else None
            opening = f"{line.discourse} " if line.discourse else ""
            said_when = clause(statement, subject)
            if line.time and line.time_last:
                said_when = f"{said_when} {line.time}"
            elif line.time:
                said_when = f"{line.time} {said_when}"
            written = sentence(opening + said_when)
            quoted = isinstance(statement, Says) and statement.form == "quoted"
            out.append(written if quoted else written + ".")  # 'A says: "B."' ends at its quote
        previous = said[0] if said else previous
    return "\n".join(out) + "\n", [question_text(q) for q in text.asks]
