"""What lowering produces: each sentence's meaning with the names it mentions, and the small
formula helpers lowering needs (keys of names, negation, pairs, rule variables)."""

from __future__ import annotations

from dataclasses import dataclass

from certify import ir
from certify.syntax import ast

VAR = ir.BOUND + "x"
"""The variable of a rule ("something", "it", "they")."""


@dataclass(frozen=True, slots=True)
class Mention:
    """A name used in a role: ``thing``, ``place``, ``located``, ``valued``, ``number``..."""

    role: str
    key: str
    label: str = ""
    owner: str | None = None
    noun: str | None = None
    values: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Lowered:
    """One statement's meaning and the names it mentions."""

    statement: ir.Statement
    mentions: tuple[Mention, ...]


@dataclass(frozen=True, slots=True)
class LoweredQuestion:
    """One question's meaning and the names it mentions."""

    question: ir.Question
    mentions: tuple[Mention, ...]


def entity_key(np: ast.NP) -> tuple[str, str]:
    """The canonical key and the display label of a named thing."""
    if np.kind == "the":
        text = " ".join(np.words)
        return text, "the " + text
    if np.kind == "poss":
        owner = np.owner or ""
        return f"{owner.lower()}'s {' '.join(np.words)}", f"{owner}'s {' '.join(np.words)}"
    if np.kind == "name":
        return np.words[0], np.text
    return " ".join(np.words), np.text


def variable_np(subject: ast.NP) -> ast.NP:
    return ast.NP("pronoun", ("it",), "it", subject.span)


def negate(formula: ir.Formula) -> ir.Formula:
    """``not``; a single negated comparison becomes the opposite comparison."""
    if isinstance(formula, ir.Compare) and formula.constraint.op != "=":
        (flipped,) = formula.constraint.negations()
        return ir.Compare(flipped)
    if isinstance(formula, ir.Not):
        return formula.body
    return ir.Not(formula)


def pairwise(keys: list[str], together: bool, atom: object) -> list[ir.Formula]:
    make = atom  # a callable (a, b) -> atom
    assert callable(make)
    if together:
        return [make(keys[i], keys[i + 1]) for i in range(len(keys) - 1)]
    return [ir.Not(make(a, b)) for i, a in enumerate(keys) for b in keys[i + 1 :]]


def mentions_bound(formula: ir.Formula) -> bool:
    for atom in ir.atoms_of(formula):
        if isinstance(atom, ir.Compare):
            continue
        if VAR in fields_of(atom):
            return True
    return False


def fields_of(atom: ir.Atom) -> tuple[str, ...]:
    return tuple(
        getattr(atom, name) for name in atom.__slots__ if isinstance(getattr(atom, name), str)
    )
