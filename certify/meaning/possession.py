"""The possession events of a story, and the questions about them (bAbI 5, 7, 8).

Each taking, dropping or giving is an *event*: besides where it puts the object
(``carrying.py``), its statement asserts an event atom of its own line, ``event:took@3(Mary,
the football)`` (shown as "Mary took the football (line 3)").  The atoms are facts of the
statements that tell them, so the questions below are formulas over them and a certificate
names the events it uses:

* ``What is X carrying?`` — the objects whose latest event made X their holder (a taking by
  X, or a giving to X): for each object, "some event made X its holder and no later event
  about it made someone else (or no one) its holder".  ``nothing`` when none.
* ``How many objects is X carrying?`` — the number of those objects (``queries.AskCount``).
* ``Who gave O to Y?`` · ``Who gave O?`` · ``Who received O?`` · ``What did X give to Y?`` ·
  ``Who did X give O to?`` — the role asked for in the *latest* giving told before the
  question that matches the roles given: "an event gave it, and no later matching event gave
  something else".  A story tells every giving, so with no matching one the answer is
  ``nobody`` (``nothing`` for *what*).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from certify.meaning import ir, queries
from certify.records import Record
from certify.syntax import ast
from certify.syntax.errors import SentenceError

EVENT = "event:"
"""Prefix of the verb of an event atom (never a verb of the language: it has a colon)."""

_VERBS = {"take": "took", "drop": "dropped", "give": "gave"}


class Event(Record):
    """One taking, dropping or giving, with the atom its statement asserts."""

    line: int
    mode: str  # take, drop, give
    agent: str
    thing: str
    receiver: str | None = None

    @property
    def atom(self) -> ir.Related:
        """``event:took@3(Mary, football)``; a giving names its receiver in the verb."""
        verb = f"{EVENT}{_VERBS[self.mode]}@{self.line}"
        if self.receiver is not None:
            verb += f":{self.receiver}"
        return ir.Related(verb, self.agent, self.thing)

    @property
    def holder(self) -> str | None:
        """Who carries the object after the event."""
        return {"take": self.agent, "give": self.receiver}.get(self.mode)


def is_event(atom: ir.Formula) -> bool:
    """Whether an atom is a possession event (a fact of its statement, asked about only by
    the questions of this module)."""
    return isinstance(atom, ir.Related) and atom.verb.startswith(EVENT)


def event_text(atom: ir.Related, label: Callable[[str], str]) -> str:
    """``Mary gave the football to John (line 4)``."""
    verb, _, receiver = atom.verb.removeprefix(EVENT).partition(":")
    word, _, line = verb.partition("@")
    to = f" to {label(receiver)}" if receiver else ""
    return f"{label(atom.subject)} {word} {label(atom.object)}{to} (line {line})"


def _latest(
    events: list[Event], answer: Callable[[Event], str | None]
) -> tuple[tuple[str, ...], tuple[ir.Formula, ...]]:
    """The answers ``answer`` gives to the events, each with the formula "an event gave this
    answer and no later event gave another" (in order of first appearance; None: no answer)."""
    candidates: dict[str, list[ir.Formula]] = {}
    for k, event in enumerate(events):
        value = answer(event)
        if value is None:
            continue
        later = [ir.Not(e.atom) for e in events[k + 1 :] if answer(e) != value]
        candidates.setdefault(value, []).append(ir.And((event.atom, *later)))
    names = tuple(candidates)
    return names, tuple(_or(parts) for parts in candidates.values())


def _or(parts: list[ir.Formula]) -> ir.Formula:
    return parts[0] if len(parts) == 1 else ir.Or(tuple(parts))


def carrying(events: list[Event], carrier: str, count: bool) -> queries.Query:
    """What is X carrying? (or how many objects): per object, its latest event made X its
    holder."""
    things = list(dict.fromkeys(e.thing for e in events))
    names: list[str] = []
    formulas: list[ir.Formula] = []
    for thing in things:
        about = [e for e in events if e.thing == thing]
        found, formula = _latest(about, lambda e: "held" if e.holder == carrier else "not")
        if "held" in found:
            names.append(thing)
            formulas.append(formula[found.index("held")])
    if count:
        return queries.AskCount(tuple(names), tuple(formulas))
    return queries.AskWhich(tuple(names), tuple(formulas), "nothing")


def giving(
    events: list[Event],
    asked: str,
    giver: str | None,
    thing: str | None,
    receiver: str | None,
) -> queries.AskWhich:
    """The role ``asked`` of the latest giving that matches the roles given."""
    gifts = [
        e
        for e in events
        if e.mode == "give"
        and giver in (None, e.agent)
        and thing in (None, e.thing)
        and receiver in (None, e.receiver)
    ]
    role: dict[str, Callable[[Event], str | None]] = {
        "giver": lambda e: e.agent,
        "thing": lambda e: e.thing,
        "receiver": lambda e: e.receiver,
    }
    names, formulas = _latest(gifts, role[asked])
    return queries.AskWhich(names, formulas, "nothing" if asked == "thing" else "nobody")


def question(
    node: ast.QCarrying | ast.QGiving, events: list[Event], thing: Callable[[ast.NP], str]
) -> queries.Query:
    """The query of a question about possession, over the events told before it."""
    if isinstance(node, ast.QCarrying):
        return carrying(events, _named(node.carrier, thing), node.count)
    given = [_named(np, thing) if np is not None else None for np in (node.giver, node.thing)]
    receiver = _named(node.receiver, thing) if node.receiver is not None else None
    return giving(events, node.asked, given[0], given[1], receiver)


def _named(np: ast.NP, thing: Callable[[ast.NP], str]) -> str:
    key = thing(np)
    if key.startswith(ir.BOUND) or ir.is_anonymous(key):
        raise SentenceError(
            "a question about possession names who or what it asks about",
            np.span,
            "What is Mary carrying?",
            expected="a name or 'the' and a noun",
        )
    return key


def asks_events(query: queries.Query | None) -> bool:
    """Whether a question asks about possession events (only then does its problem keep
    their atoms, ``without_events``)."""
    if query is None:
        return False
    found = list(queries.asked_formulas(query))
    while found:
        formula = found.pop()
        if is_event(formula):
            return True
        if isinstance(formula, (ir.And, ir.Or)):
            found.extend(formula.parts)
        elif isinstance(formula, ir.Not):
            found.append(formula.body)
    return False


def without_events(statement: ir.Statement) -> ir.Statement:
    """The statement without its event atom: a fresh atom no other statement constrains and no
    question asks about changes no answer, support or conflict (it only grows the space)."""
    formula = statement.formula
    if not isinstance(formula, ir.And) or not any(is_event(p) for p in formula.parts):
        return statement
    kept = tuple(p for p in formula.parts if not is_event(p))
    return replace(statement, formula=kept[0] if len(kept) == 1 else ir.And(kept))
