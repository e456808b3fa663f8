"""A state in words: the witness a person reads ("Ana is in the garden; x = 6").

Two views of the same state: a flat mapping for JSON (``"location of Ana": "the garden"``)
and short sentences for people.  Unnamed places are shown as ``(other)`` / "somewhere else";
clock variables as ``9:05``.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from certify.meaning import ir
from certify.meaning.possession import event_text, is_event
from certify.meaning.speech import TRUTHFUL, third_persons
from certify.numeric import clock, format_number
from certify.report import Witness


def number_text(vocabulary: ir.Vocabulary, name: str, value: Fraction) -> str:
    """A numeric value as the text shows it (clock times for time variables)."""
    return clock(value) if name in vocabulary.clocks else format_number(value)


def place_label(vocabulary: ir.Vocabulary, key: str) -> str:
    """A place's label, or ``(other)`` for an unnamed one."""
    return ir.OTHER if key.startswith(ir.OTHER) else vocabulary.label(key)


def witness_of(problem: ir.Problem, state: ir.State, answer: str) -> Witness:
    """A witness: the state in words, in JSON pairs, and as a machine-readable assignment."""
    written = _written(state)  # each number written once, for the words and the assignment
    pairs, sentences = describe(problem, state, written)
    return Witness(answer, pairs, sentences, assignment(state, written))


def _written(state: ir.State) -> dict[str, str]:
    return {name: format_number(value) for name, value in state.numbers}


def describe(
    problem: ir.Problem, state: ir.State, written: dict[str, str] | None = None
) -> tuple[tuple[tuple[str, str], ...], tuple[str, ...]]:
    """The state as (JSON pairs, sentences); ``written``: each number as ``format_number``
    writes it, when the caller has it."""
    vocabulary = problem.vocabulary
    pairs: list[tuple[str, str]] = []
    sentences: list[str] = []
    for thing, where in state.location:
        label, place = vocabulary.label(thing), place_label(vocabulary, where)
        pairs.append((f"location of {label}", place))
        if where.startswith(ir.OTHER):
            sentences.append(f"{label} is somewhere else ({where[len(ir.OTHER) :] or '1'})")
        else:
            sentences.append(f"{label} is in {place}")
    for low, high in sorted(state.edges):
        pairs.append((f"{vocabulary.label(low)} is inside", vocabulary.label(high)))
        sentences.append(f"{vocabulary.label(low)} is in {vocabulary.label(high)}")
    rows: dict[str, list[str]] = {}
    for (thing, attribute), value in state.values:
        pairs.append((f"{attribute} of {vocabulary.label(thing)}", value))
        if attribute == "position":  # a puzzle's row (certify.meaning.puzzle): by position
            rows.setdefault(value, []).append(vocabulary.label(thing))
        else:
            sentences.append(f"{vocabulary.label(thing)} is {value}")
    for value in sorted(rows, key=lambda v: (not v.isdigit(), int(v) if v.isdigit() else 0)):
        sentences.append(f"position {value}: " + ", ".join(rows[value]))
    for atom in sorted(state.true_atoms, key=str):
        text = _atom_text(vocabulary, atom)
        pairs.append((text, "true"))
        sentences.append(text)
    written = _written(state) if written is None else written
    clocks, label_of = vocabulary.clocks, vocabulary.label
    for name, number in state.numbers:  # number_text's reading, with the number written once
        label = label_of(name)
        if name in clocks:
            shown = clock(number)
            sentences.append(f"{label} at {shown}")
        else:
            shown = written[name]
            sentences.append(f"{label} = {shown}")
        pairs.append((label, shown))
    return tuple(pairs), tuple(sentences)


def _atom_text(vocabulary: ir.Vocabulary, atom: ir.Holds | ir.Related) -> str:
    if isinstance(atom, ir.Holds) and atom.predicate == TRUTHFUL:
        return f"{vocabulary.label(atom.thing)} tells the truth"
    if isinstance(atom, ir.Holds) and atom.predicate in third_persons():
        return f"{vocabulary.label(atom.thing)} {atom.predicate}"  # "Tweety flies"
    if isinstance(atom, ir.Holds):
        article = (
            ("an " if atom.predicate[:1] in "aeiou" else "a ")
            if atom.predicate in vocabulary.nouns
            else ""
        )
        return f"{vocabulary.label(atom.thing)} is {article}{atom.predicate}"
    if atom.verb.endswith(" of"):  # "Tom is afraid of the dog"
        return f"{vocabulary.label(atom.subject)} is {atom.verb} {vocabulary.label(atom.object)}"
    if is_event(atom):
        return event_text(atom, vocabulary.label)
    verb = atom.verb + ("es" if atom.verb.endswith(("s", "sh", "ch", "x", "z", "o")) else "s")
    verb = "has" if atom.verb == "have" else verb
    return f"{vocabulary.label(atom.subject)} {verb} {vocabulary.label(atom.object)}"


def assignment(state: ir.State, written: dict[str, str] | None = None) -> dict[str, Any]:
    """The state in canonical keys, for ``certify verify`` to rebuild it exactly
    (``written``: each number as ``format_number`` writes it, when the caller has it)."""
    return {
        "location": dict(state.location),
        "edges": sorted([low, high] for low, high in state.edges),
        "values": [[thing, attribute, value] for (thing, attribute), value in state.values],
        "atoms": sorted(
            (
                ["holds", a.predicate, a.thing]
                if isinstance(a, ir.Holds)
                else ["related", a.verb, a.subject, a.object]
            )
            for a in state.true_atoms
        ),
        "numbers": _written(state) if written is None else written,
    }


def state_from(data: dict[str, Any]) -> ir.State:
    """Rebuild a state from ``assignment`` output; raises ValueError on malformed data."""
    try:
        atoms: set[ir.Holds | ir.Related] = set()
        for item in data.get("atoms", []):
            if item[0] == "holds":
                atoms.add(ir.Holds(str(item[1]), str(item[2])))
            elif item[0] == "related":
                atoms.add(ir.Related(str(item[1]), str(item[2]), str(item[3])))
            else:
                raise ValueError(f"unknown atom {item!r}")
        return ir.State(
            location=tuple((str(k), str(v)) for k, v in data.get("location", {}).items()),
            edges=frozenset((str(a), str(b)) for a, b in data.get("edges", [])),
            values=tuple(((str(t), str(a)), str(v)) for t, a, v in data.get("values", [])),
            true_atoms=frozenset(atoms),
            numbers=tuple(
                sorted((str(k), Fraction(str(v))) for k, v in data.get("numbers", {}).items())
            ),
        )
    except (TypeError, KeyError, IndexError, ZeroDivisionError, AttributeError) as error:
        raise ValueError(f"malformed assignment: {error}") from None
