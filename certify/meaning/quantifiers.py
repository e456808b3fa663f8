"""Which words of a sentence quantify, and what a pronoun outside a rule refers to.

SPEC §3 "Strict reading": a pronoun (``it``, ``he``, ``she``, ``they``) in a sentence with no
quantifier word refers to the subject of the previous statement; in a rule ("If something is
big then it is red.") it is the rule's variable.  "Someone is in the kitchen." outside a
condition is existential (at least one individual, named or not); inside one it is universal,
as in "If someone is kind then they are nice.".  Person words ("someone", "everyone",
"nobody", "people") range over individuals; thing words ("something", "all cats") over the
individuals and the places.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from dataclasses import dataclass

from certify.syntax import ast
from certify.syntax.lexicon import anaphors

SOME = frozenset({"someone", "somebody", "something"})
ANAPHORS = anaphors()  # the lexicon's [pronouns]
_PERSON = frozenset(
    {"someone", "somebody", "everyone", "everybody", "nobody", "people", "person", "persons"}
)
_UNIVERSAL_KINDS = frozenset({"generic", "every", "all", "everyone", "nobody"})


@dataclass(frozen=True, slots=True)
class Quantifiers:
    """What a sentence's noun phrases say about its variable."""

    quantified: bool
    """A quantifier word occurs: pronouns are the variable, not references."""
    people: bool
    """The quantifier is a person word: it ranges over individuals only."""
    conditional: bool
    """The sentence is a condition ("If ..., then ...", "... if and only if ..."): "someone"
    in it is universal."""


NO_QUANTIFIERS = Quantifiers(False, False, False)


_FIELDS: dict[type, tuple[str, ...]] = {}


def _parts(item: object) -> list[object]:
    """The field values of a dataclass instance, in order (names looked up once per class)."""
    kind = type(item)
    names = _FIELDS.get(kind)
    if names is None:
        names = _FIELDS[kind] = tuple(f.name for f in dataclasses.fields(item))  # type: ignore[arg-type]
    return [getattr(item, name) for name in names]


def noun_phrases(node: object) -> Iterator[ast.NP]:
    """Every noun phrase of an AST node, in order (iteratively: no recursion limit).

    A comparison of numbers (``ast.Arith``) names variables, never noun phrases: the walk
    does not go into its expressions (most of the sentences of a numeric text).
    """
    stack = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, ast.NP):
            yield item
        elif isinstance(item, ast.Arith):
            continue
        elif isinstance(item, tuple):
            stack.extend(reversed(item))
        elif dataclasses.is_dataclass(item) and not isinstance(item, type):
            stack.extend(reversed(_parts(item)))


def _plural_name_subjects(node: object) -> Iterator[ast.Clause]:
    stack = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, ast.Clause):
            if item.plural and item.subject.kind == "name" and item.subject.text[:1].isupper():
                yield item
        elif isinstance(item, ast.Arith):
            continue  # no clause inside a comparison of numbers
        elif isinstance(item, tuple):
            stack.extend(item)
        elif dataclasses.is_dataclass(item) and not isinstance(item, (type, ast.NP)):
            stack.extend(_parts(item))


def quantifiers(node: object) -> Quantifiers:
    """Classify the quantifier words of one sentence."""
    quantified = people = False
    for np in noun_phrases(node):
        word = np.words[0] if np.words else ""
        if np.kind in _UNIVERSAL_KINDS or (np.kind == "pronoun" and word in SOME):
            quantified = True
            people = people or word in _PERSON or np.text.split()[-1] in _PERSON
    if any(True for _ in _plural_name_subjects(node)):
        quantified = True  # "Cats are animals."
    conditional = isinstance(node, (ast.IfThen, ast.Iff))
    return Quantifiers(quantified, people, conditional)


def subjects_of(node: object) -> tuple[ast.NP, ...]:
    """The named subjects a statement speaks of, for the next sentence's pronoun."""
    found: dict[str, ast.NP] = {}
    stack = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, ast.Clause):
            nps: tuple[ast.NP, ...] = (item.subject,)
        elif isinstance(item, ast.Collective):
            nps = item.subjects
        else:
            if isinstance(item, (ast.Conj, ast.Disj, ast.Xor, ast.Nor)):
                stack.extend(reversed(item.parts))
            elif isinstance(item, ast.Neg):
                stack.append(item.part)
            continue
        for np in nps:
            if np.kind in ("name", "the", "poss") or is_anaphor(np):
                found.setdefault(np.text.lower(), np)
    return tuple(found.values())


def is_anaphor(np: ast.NP) -> bool:
    """Whether a noun phrase is a pronoun that refers back (``it``, ``she``, ``they``...)."""
    return np.kind == "pronoun" and bool(np.words) and np.words[0] in ANAPHORS
