"""Possession in a text: who carries what (SPEC §3 "Stories").

An object taken (``Mary got the football there.``) is carried: from then on, every statement
that updates its carrier's location updates the object's too, to the same place.  A dropped
object (``Mary dropped the football.``) is where its carrier is, and stays there; a given one
(``Mary passed the football to John.``) is carried by the receiver.  Possession is read in
text order, so a possession verb must be a statement of its own (or a conjunction of them),
never part of a disjunction or a rule.
"""

from __future__ import annotations

from dataclasses import field
from typing import TYPE_CHECKING

from certify.meaning import ir
from certify.meaning.possession import Event
from certify.states import state
from certify.syntax import ast
from certify.syntax.errors import SentenceError

if TYPE_CHECKING:
    from certify.meaning.names import Naming
    from certify.syntax.parse import Parsed


@state
class Carrying:
    """Each carrier's objects, in the order they were taken, and this statement's changes."""

    held: dict[str, list[str]] = field(default_factory=dict)
    since: dict[str, int] = field(default_factory=dict)  # the line each object was taken on
    events: list[Event] = field(default_factory=list)
    """Every taking, dropping and giving so far, in text order (``possession.py``)."""
    _changes: list[tuple[str, str | None]] = field(default_factory=list)

    def possess(self, names: Naming, clause: ast.Clause, predicate: ast.PPossess) -> ir.Formula:
        """``X took O``: O is where X is, and X carries it; ``X dropped O``: O is where X is,
        and no one carries it; ``X gave O to Y``: O is where Y is, and Y carries it."""
        carrier = names.thing(clause.subject, located=True)
        thing = names.thing(predicate.object, located=True)
        holder = carrier if predicate.mode == "take" else None
        if predicate.mode == "give":
            assert predicate.to is not None
            holder = names.thing(predicate.to, located=True)
        if predicate.mode != "drop":
            names.moves(thing)
        if any(
            k.startswith(ir.BOUND) or ir.is_anonymous(k) for k in (carrier, thing, holder or "")
        ):
            raise SentenceError(
                "possession is read of named individuals and objects only",
                clause.span,
                "Mary took the football.",
                expected="a name or 'the' and a noun for the one who takes and for the object",
            )
        if thing in (carrier, holder) or (predicate.mode == "give" and holder == carrier):
            raise SentenceError(
                "no one takes, drops or is given themselves",
                clause.span,
                "Mary took the football.",
            )
        self._changes.append((thing, holder))
        receiver = holder if predicate.mode == "give" else None
        event = Event(clause.span.line, predicate.mode, carrier, thing, receiver)
        self.events.append(event)
        return ir.And((ir.SamePlace(thing, holder or carrier), event.atom))

    def _along(self, updates: tuple[str, ...]) -> list[tuple[str, str]]:
        """The objects that go where the updated individuals go, each with its carrier: what
        they carry, what that carries, and so on."""
        found: list[tuple[str, str]] = []
        seen, frontier = set(updates), list(updates)
        while frontier:
            carrier = frontier.pop(0)
            for thing in self.held.get(carrier, ()):
                if thing not in seen:
                    seen.add(thing)
                    found.append((thing, carrier))
                    frontier.append(thing)
        return found

    @property
    def changing(self) -> bool:
        """Whether the statement being read takes, drops or gives something (an event)."""
        return bool(self._changes)

    def follow(self, parsed: Parsed, updates: tuple[str, ...]) -> tuple[ir.Statement, ...]:
        """The statements that move the carried objects along with this one's updates (one
        per object: "the football is where Mary is", naming the line that made it carried, so a
        certificate that uses it names that line too); then who carries what after it."""
        changes, self._changes = self._changes, []
        if not changes and not updates:  # nothing taken, dropped or given, and no one moved
            return ()
        if changes and not _plain(parsed.node):
            raise SentenceError(
                "a possession verb must be a statement of its own",
                ast.Span(parsed.line, parsed.column, parsed.column + len(parsed.text)),
                "Mary took the football.",
                expected="one statement per taking, dropping or giving",
            )
        along = tuple(
            ir.Statement(
                parsed.line,
                parsed.text,
                ir.SamePlace(thing, carrier),
                parsed.column,
                updates=(thing,),
                depends=(self.since[thing],),
            )
            for thing, carrier in self._along(updates)
        )
        for thing, holder in changes:
            for objects in self.held.values():
                if thing in objects:
                    objects.remove(thing)
            if holder is not None:
                self.held.setdefault(holder, []).append(thing)
                self.since[thing] = parsed.line
        return along


def _plain(node: object) -> bool:
    """A clause, or a conjunction of clauses: what happens, in order, without alternatives."""
    if isinstance(node, ast.Conj):
        return all(_plain(part) for part in node.parts)
    return isinstance(node, ast.Clause)
