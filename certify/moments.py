"""From a lowered text to the ``Problem`` a question is answered against.

A question written in the file is answered against the statements above it, with the names
mentioned above it (SPEC section 2); ``--ask`` questions against the whole text.  This is also
where the combining law is applied: under the *update* law (a ``Story:`` text, or any
movement verb) a statement that moves an individual starts a new moment for it, and what was
said of its location before refers to its earlier self (``Ana@0``), so nothing said earlier
is lost and nothing said earlier constrains where it is now.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Literal

from certify import ir
from certify.evaluate import substitute
from certify.mentions import VAR, Lowered, LoweredQuestion, Mention
from certify.space import mentioned_edges


@dataclass(frozen=True, slots=True)
class Reading:
    """A whole text, lowered: statements and in-file questions, in order."""

    statements: tuple[Lowered, ...]
    questions: tuple[LoweredQuestion, ...]
    story: bool = False


def problem_at(reading: Reading, line: int | None, extra: Iterable[Mention] = ()) -> ir.Problem:
    """The problem of the statements before ``line`` (all of them when ``line`` is None)."""
    lowered = [
        s for s in reading.statements if line is None or line <= 0 or s.statement.line < line
    ]
    statements = [s.statement for s in lowered]
    mentions = [m for s in lowered for m in s.mentions] + list(extra)
    statements, earlier = _moments(statements)
    law: Literal["conjunction", "update"] = (
        "update" if reading.story or any(s.updates for s in statements) else "conjunction"
    )
    vocabulary = build_vocabulary(mentions, earlier, statements)
    said = {m.key for s in lowered for m in s.mentions if m.role == "place"}
    empty = tuple(p for p in vocabulary.place_keys if p not in said)
    if empty:  # places only a question names have nothing in them (SPEC section 2)
        vocabulary = replace(vocabulary, empty=empty)
    return ir.Problem(tuple(statements), vocabulary, law)


def build_vocabulary(
    mentions: Sequence[Mention],
    earlier: Sequence[tuple[str, str]] = (),
    statements: Sequence[ir.Statement] = (),
) -> ir.Vocabulary:
    """Collect names by role, in order of first mention."""
    labels: dict[str, str] = {}
    places: dict[str, ir.Entity] = {}
    things: list[str] = []
    located: list[str] = []
    valued: list[tuple[str, str]] = []
    attributes: dict[str, tuple[str, ...]] = {}
    numbers: list[str] = []
    integers: set[str] = set()
    clocks: set[str] = set()
    nouns: set[str] = set()
    closed: tuple[str, ...] = ()
    for m in mentions:
        if m.label and m.key not in labels:
            labels[m.key] = m.label
        if m.role == "place" and m.key not in places:
            places[m.key] = ir.Entity(m.key, m.label, m.owner, m.noun)
        elif m.role == "thing":
            things.append(m.key)
        elif m.role == "located":
            located.append(m.key)
        elif m.role == "valued" and m.noun is not None:
            valued.append((m.key, m.noun))
        elif m.role == "attribute":
            attributes[m.key] = m.values
        elif m.role in ("number", "clock"):
            numbers.append(m.key)
            if m.role == "clock":
                clocks.add(m.key)
        elif m.role == "integer":
            integers.add(m.key)
        elif m.role == "noun":
            nouns.add(m.key)
        elif m.role == "closed":
            closed = m.values
    for key, template in earlier:
        labels[key] = template.format(labels.get(key.rsplit("@", 1)[0], key))
        located.append(key)
        things.append(key)
    individuals = [k for k in dict.fromkeys(things) if k not in places]
    edges = mentioned_edges(statements, set(places))
    if any(_locates_everyone(s.formula) for s in statements):
        located += individuals
    return ir.Vocabulary(
        individuals=tuple(ir.Entity(k, labels.get(k, k)) for k in individuals),
        places=tuple(places.values()),
        located=tuple(k for k in dict.fromkeys(located) if k not in places),
        closed=closed,
        edges=edges,
        attributes=tuple(attributes.items()),
        valued=tuple(p for p in dict.fromkeys(valued) if p[1] in attributes),
        numbers=tuple(dict.fromkeys(numbers)),
        integers=frozenset(integers),
        clocks=frozenset(clocks),
        nouns=frozenset(nouns),
        number_labels=tuple((k, labels.get(k, k)) for k in dict.fromkeys(numbers)),
    )


def _moments(statements: list[ir.Statement]) -> tuple[list[ir.Statement], list[tuple[str, str]]]:
    """Rename each individual's location before its last update to an earlier self."""
    updates: dict[str, list[int]] = {}
    for s in statements:
        for who in s.updates:
            updates.setdefault(who, []).append(s.line)
    if not updates:
        return statements, []
    earlier: dict[str, str] = {}
    result: list[ir.Statement] = []
    for s in statements:
        formula = s.formula
        for who, lines in updates.items():
            era = sum(1 for u in lines if u <= s.line)
            if era < len(lines):
                self_then = f"{who}@{era}"
                renamed = rename_location(formula, who, self_then)
                if renamed != formula:
                    earlier[self_then] = "{} (until line " + str(lines[era]) + ")"
                    formula = renamed
        result.append(ir.Statement(s.line, s.text, formula, s.column, s.updates, s.declares))
    return result, list(earlier.items())


def rename_location(formula: ir.Formula, old: str, new: str) -> ir.Formula:
    """Replace ``old`` by ``new`` where it is the located thing of a location atom."""
    if isinstance(formula, ir.InPlace):
        return ir.InPlace(new, formula.place) if formula.thing == old else formula
    if isinstance(formula, ir.SamePlace):
        first = new if formula.first == old else formula.first
        second = new if formula.second == old else formula.second
        return ir.SamePlace(first, second)
    if isinstance(formula, ir.Not):
        return ir.Not(rename_location(formula.body, old, new))
    if isinstance(formula, (ir.And, ir.Or)):
        return type(formula)(tuple(rename_location(p, old, new) for p in formula.parts))
    if isinstance(formula, ir.Count):
        parts = tuple(rename_location(p, old, new) for p in formula.parts)
        return ir.Count(parts, formula.low, formula.high)
    if isinstance(formula, ir.Implies):
        return ir.Implies(
            rename_location(formula.premise, old, new),
            rename_location(formula.conclusion, old, new),
        )
    if isinstance(formula, ir.Iff):
        return ir.Iff(
            rename_location(formula.left, old, new), rename_location(formula.right, old, new)
        )
    if isinstance(formula, ir.ForAll):
        return ir.ForAll(formula.variable, rename_location(formula.body, old, new))
    return formula


def _locates_everyone(formula: ir.Formula) -> bool:
    """Whether a rule puts every individual somewhere ("if something is big, it is in P")."""
    if not isinstance(formula, ir.ForAll):
        return False
    return any(
        (isinstance(a, ir.InPlace) and a.thing == VAR)
        or (isinstance(a, ir.SamePlace) and VAR in (a.first, a.second))
        for a in ir.atoms_of(formula.body)
    )


__all__ = ["Reading", "build_vocabulary", "problem_at", "rename_location", "substitute"]
