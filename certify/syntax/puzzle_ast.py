"""The AST of the puzzle language (``grammar/puzzle.lark``): rows, references, relations.

Only structure: what a reference *says* ("the person in the green house" is a reference
``in`` another one), never which member it names; ``certify.meaning.puzzle`` decides that.
"""

from __future__ import annotations

from certify.records import Record
from certify.syntax.ast import Span


class Item(Record):
    """A member of a row or a declared value, as written: ``a red book``, ``the Dane``."""

    words: tuple[str, ...]
    article: str
    span: Span


class Row(Record):
    """``There are five houses.`` / ``On a shelf, there are three books: a, b and c.``"""

    count: int
    noun: str
    members: tuple[Item, ...]
    span: Span


class Ref(Record):
    """A reference to a member or a position.

    kind: ``words`` (``the red house``, ``Amy``), ``with`` / ``in`` (``the house with the
    horse``, ``the person in the green house``: ``head`` words and ``inner``), ``who``
    (``the person who enjoys reading``: ``relation``), ``next`` (``the house next to X``),
    ``poss`` (``the painter's house``: ``owner`` and ``head``).
    """

    kind: str
    words: tuple[str, ...]
    span: Span
    article: str = ""
    inner: Ref | None = None
    relation: Relation | None = None


class Relation(Record):
    """What a clause says of its subject.

    kind: ``side`` (``to the left of``: ``side``, ``immediately``), ``next``, ``the``
    (``the leftmost``, ``the second from the left``, ``the red house``: ``words``, ``side``),
    ``than`` (``newer than``), ``a`` (``a painter``), ``in`` (``lives in``), ``values``
    (``The colors are red, green and blue.``), ``finished`` (``third``), ``finished than``
    (``above``/``below``), ``link`` (``owns the dog``: ``verb``).
    """

    kind: str
    span: Span
    other: Ref | None = None
    words: tuple[str, ...] = ()
    side: str = ""
    immediately: bool = False
    negated: bool = False
    verb: str = ""
    values: tuple[Item, ...] = ()


class Clause(Record):
    """A subject and what is said of it."""

    subject: Ref
    relation: Relation
    span: Span


class Connected(Record):
    """``If S1, then S2.`` · ``S1 if and only if S2.`` · ``Either S1 or S2.``"""

    kind: str
    left: Clause
    right: Clause
    span: Span


PuzzleStatement = Row | Clause | Connected


class Ask(Record):
    """A puzzle question.

    kind: ``which`` (``Which book is the rightmost?``: ``noun``), ``who`` (``Who owns the
    fish?``), ``true`` (``Is it true that S?``: ``clause``), ``does`` (``Does the Dane own the
    fish?``: ``clause``).
    """

    kind: str
    span: Span
    relation: Relation | None = None
    noun: str = ""
    clause: Clause | None = None


PUZZLE_NODES = (Row, Clause, Connected, Ask)
