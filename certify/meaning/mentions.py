"""What lowering produces: each sentence's meaning with the names it mentions, and the small
formula helpers lowering needs (keys of names, negation, pairs, rule variables)."""

from __future__ import annotations

from certify.meaning import ir, queries
from certify.records import Record
from certify.syntax import ast
from certify.syntax.errors import SentenceError
from certify.syntax.parse import Parsed

VAR = ir.BOUND + "x"
"""The variable of a rule ("something", "it", "they")."""


class Mention(Record):
    """A name used in a role, and where.

    Roles: ``thing`` (any named thing), ``place`` (something is put in it), ``located`` (its
    location is spoken of), ``subject`` (a location statement says where it is: an update in a
    story), ``declared place`` (``The N is a place.``), ``closed``, ``valued``, ``number``...
    ``noun`` is the head noun of a ``the``/possessive name (``house`` in "Luis's house").
    """

    role: str
    key: str
    label: str = ""
    owner: str | None = None
    noun: str | None = None
    values: tuple[str, ...] = ()
    span: ast.Span | None = None


class Lowered(Record):
    """One statement's meaning and the names it mentions."""

    statement: ir.Statement
    mentions: tuple[Mention, ...]


class LoweredQuestion(Record):
    """One question's meaning and the names it mentions."""

    question: queries.Question
    mentions: tuple[Mention, ...]


def entity_key(np: ast.NP) -> tuple[str, str]:
    """The canonical key and the display label of a named thing."""
    if np.kind == "the":
        text = " ".join(np.words)
        return text, "the " + text
    if np.kind == "poss":
        return np.text.lower(), np.text
    if np.kind == "name":  # names are capitalized: "A" the knight is not "a" the number
        return np.text[:1].upper() + np.text[1:].lower(), np.text
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
    """Whether the rule variable occurs free (outside every "someone" it belongs to)."""
    stack = [formula]
    while stack:
        item = stack.pop()
        if isinstance(item, ir.Exists):
            continue
        if isinstance(item, (ir.Not, ir.ForAll)):
            stack.append(item.body)
        elif isinstance(item, (ir.And, ir.Or, ir.Count)):
            stack.extend(item.parts)
        elif isinstance(item, ir.Implies):
            stack += [item.premise, item.conclusion]
        elif isinstance(item, ir.Iff):
            stack += [item.left, item.right]
        elif isinstance(item, ir.Const):
            continue
        elif not isinstance(item, ir.Compare) and VAR in fields_of(item):
            return True
    return False


def fields_of(atom: ir.Atom) -> tuple[str, ...]:
    return tuple(
        getattr(atom, name) for name in atom.__match_args__ if isinstance(getattr(atom, name), str)
    )


def discourse_error(parsed: Parsed) -> SentenceError:
    """ "Then Ana is in the kitchen." outside a story: the word says the state changed, which
    only the update law reads; under conjunction it would be silently dropped."""
    word = parsed.discourse
    rest = parsed.text[len(word) :].lstrip(" ,")
    return SentenceError(
        f"'{word}' says that this comes after the sentence before it, which only a story "
        "reads (a text whose first line is 'Story:')",
        ast.Span(parsed.line, parsed.column, parsed.column + len(word)),
        rest[:1].upper() + rest[1:],
        expected="'Story:' as the text's first line, or the statement without it",
    )
