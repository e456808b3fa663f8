"""What a rule of ``grammar/certify.lark`` receives: the typed contract of the transformer.

Lark calls each rule of ``Build`` with its children: the tokens it matched and what the rules
below it returned.  ``Child`` names every such value, and a rule takes its children out with
the accessors here (``_of``, ``_as``, ...), which check the type the grammar promises.  The
values a rule returns that are no node of the AST (a predicate with its negation, a reading,
a time phrase) are named tuples, so that a rule reads their fields by name or unpacks them.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import NamedTuple, TypeAlias, TypeVar

from certify.numeric import LinearExpr
from certify.syntax import ast
from certify.syntax.coordinate import Chain, Element
from certify.syntax.lark_runtime import Token

T = TypeVar("T")


class PredicateParts(NamedTuple):
    """What a ``predicate`` rule returns (``Located._pred``)."""

    predicate: ast.Predicate
    negated: bool
    plural: bool
    """The number of the verb: "are", "have", "do" and a verb's base form are plural."""
    flag: str
    """"", "either" or "neither" ("is either in P or Q")."""


class TimePhrase(NamedTuple):
    """What a ``time_phrase`` rule returns: the fields of ``ast.PEvent`` after its verb."""

    kind: str
    numbers: tuple[Fraction, ...]
    other: ast.NP | None
    direction: str


class Duration(NamedTuple):
    """``duration``: ``20 minutes`` is the amount 20 of a unit of 1 minute."""

    amount: Fraction
    minutes: Fraction
    """The minutes of one unit, from the lexicon (``hours`` → 60)."""


class Reading(NamedTuple):
    """``reading``: ``20 ± 2 kg (two standard deviations)``, the fields of ``ast.Measurement``
    after its source and quantity."""

    value: Fraction
    tolerance: Fraction
    sigmas: Fraction
    unit: str


Child: TypeAlias = (
    Token
    | list[Token]  # words, tokens
    | str  # sep, movement, relation, source, source_pair, quantity
    | Fraction  # number
    | LinearExpr  # the arithmetic rules (constant, plus, term, ...)
    | ast.NP  # the noun phrases, subject
    | PredicateParts
    | TimePhrase
    | Duration
    | Reading
    | Element  # clause, bare, in_fragment, a_fragment, arith
    | Chain
    | ast.Body  # the rules of a body (if_then, either, ...), says
)
Children: TypeAlias = list[Child]


def _unexpected(child: object, expected: str) -> TypeError:
    """A child the grammar does not give here: a rule of the grammar and its callback disagree."""
    return TypeError(f"a rule expected {expected} and received {type(child).__name__}")


def _tokens(children: Sequence[object]) -> list[Token]:
    return [c for c in children if isinstance(c, Token)]


def _has(children: Sequence[object], kind: str) -> bool:
    return any(isinstance(c, Token) and c.type == kind for c in children)


def _of(children: Sequence[object], kind: type[T]) -> list[T]:
    """The children of one kind, in order."""
    return [c for c in children if isinstance(c, kind)]


def _as(child: object, kind: type[T]) -> T:
    """One child, of the kind its place in the rule promises."""
    if isinstance(child, kind):
        return child
    raise _unexpected(child, kind.__name__)


def _run(child: Child) -> list[Token]:
    """A run of tokens: what the ``words`` and ``tokens`` rules return."""
    if isinstance(child, list):
        return child
    raise _unexpected(child, "a run of words")


def _operand(child: Child) -> ast.Operand:
    """An ``operand``: a noun phrase or a number."""
    if isinstance(child, ast.Operand):
        return child
    raise _unexpected(child, "a noun phrase or a number")


def _element(child: Child) -> Element:
    """An element of a ``chain``: a clause, a bare noun phrase, a fragment or a comparison."""
    if isinstance(child, Element):
        return child
    raise _unexpected(child, "an element of a chain")


def _body(child: Child) -> Chain | ast.Body:
    """A ``body``: a chain still to coordinate, or the body its own rule built."""
    if isinstance(child, Chain | ast.Body):
        return child
    raise _unexpected(child, "a sentence")
