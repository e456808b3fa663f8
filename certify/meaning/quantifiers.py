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
from dataclasses import is_dataclass

from certify.records import Record
from certify.syntax import ast
from certify.syntax.lexicon import anaphors

SOME = frozenset({"someone", "somebody", "something"})
ANAPHORS = anaphors()  # the lexicon's [pronouns]
_PERSON = frozenset(
    {"someone", "somebody", "everyone", "everybody", "nobody", "people", "person", "persons"}
)
_UNIVERSAL_KINDS = frozenset({"generic", "every", "all", "everyone", "nobody"})


class Quantifiers(Record):
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


def _fields(kind: type) -> tuple[str, ...]:
    """The field names of a dataclass, () for any other type (looked up once per type)."""
    names = _FIELDS.get(kind)
    if names is None:
        names = tuple(f.name for f in dataclasses.fields(kind)) if is_dataclass(kind) else ()
        _FIELDS[kind] = names
    return names


MEMO_SIZE = 4096
_memo: dict[int, tuple[object, Quantifiers]] = {}
"""``quantifiers`` of the nodes seen last, by identity: a remembered sentence
(``parse_sentence``) is the same node each time.  Each entry keeps its node alive, so that
no other object can have its ``id`` while the entry is there."""


def quantifiers(node: object) -> Quantifiers:
    """Classify the quantifier words of one sentence (``classify``), remembered by identity."""
    kept = _memo.get(id(node))
    if kept is not None and kept[0] is node:
        return kept[1]
    found = classify(node)
    if len(_memo) >= MEMO_SIZE:
        _memo.clear()
    _memo[id(node)] = (node, found)
    return found


def classify(node: object) -> Quantifiers:
    """Classify the quantifier words of one sentence.

    One walk of the node (iteratively: no recursion limit), not into a noun phrase nor into a
    comparison of numbers (``ast.Arith``, most of the sentences of a numeric text): a noun
    phrase with a universal or "some" word quantifies, and so does a plural clause with a
    capitalized name as subject that is not inside another clause ("Cats are animals.").
    The clauses below a clause are walked after the rest (``inner``), for their noun phrases.
    """
    quantified = people = False
    outer: list[object] = [node]
    inner: list[object] = []
    for stack, top in ((outer, True), (inner, False)):
        while stack:
            item = stack.pop()
            if isinstance(item, tuple):
                stack.extend(item)
            elif isinstance(item, ast.NP):
                word = item.words[0] if item.words else ""
                if item.kind in _UNIVERSAL_KINDS or (item.kind == "pronoun" and word in SOME):
                    quantified = True
                    people = people or word in _PERSON or item.text.split()[-1] in _PERSON
            elif not isinstance(item, ast.Arith):
                names = _fields(type(item))
                if top and isinstance(item, ast.Clause):
                    subject = item.subject
                    if item.plural and subject.kind == "name" and subject.text[:1].isupper():
                        quantified = True
                    inner.extend([getattr(item, name) for name in names])
                else:
                    stack.extend([getattr(item, name) for name in names])
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
