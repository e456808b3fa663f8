"""Positions in two dimensions (SPEC §3 "Stories", bAbI 17 and 19, StepGame): difference
constraints on two axes, for the difference-bound domain.

Two readings, chosen by the caller (``Options(grid=...)``, ``--grid``), never guessed:

* the ordering reading (default, bAbI 17): ``X is to the left of Y.`` puts X and Y on one row,
  X further left, any distance (``x(X) < x(Y)``, ``y(X) = y(Y)``); ``X is above Y.`` and
  ``X is north of Y.`` put them in one column, X higher;
* the grid reading (bAbI 19, StepGame): every position statement is one step on a grid,
  ``x(X) - x(Y) = dx`` and ``y(X) - y(Y) = dy`` with the unit offset of its direction.

A yes/no question asks about its own axis only under both readings: ``Is X to the right of
Y?`` is ``x(X) > x(Y)``.  ``What is the relation of Z to U?`` asks the signs of the offset
(one of ``LABELS``); ``How do you go from A to B?`` asks the directions of a shortest route
(``certify.readout.grid``).
"""

from __future__ import annotations

from dataclasses import field
from fractions import Fraction

from certify.meaning import queries
from certify.meaning.ir import And, Const, Formula
from certify.meaning.lower_numbers import QuantityOf, compare
from certify.numeric import LinearExpr
from certify.states import state
from certify.syntax import ast

OFFSETS = {  # direction: the subject's offset from the other, one step (x right, y up)
    "left": (-1, 0),
    "right": (1, 0),
    "above": (0, 1),
    "below": (0, -1),
    "west": (-1, 0),
    "east": (1, 0),
    "north": (0, 1),
    "south": (0, -1),
}
LABELS = {  # StepGame's nine relations: the signs of (dx, dy)
    "upper-left": (-1, 1),
    "above": (0, 1),
    "upper-right": (1, 1),
    "left": (-1, 0),
    "overlap": (0, 0),
    "right": (1, 0),
    "lower-left": (-1, -1),
    "below": (0, -1),
    "lower-right": (1, -1),
}
COMPASS = {(0, 1): "north", (0, -1): "south", (1, 0): "east", (-1, 0): "west"}
"""How a route names its steps (bAbI 19's gold letters n, s, e, w)."""
POSITION_QUESTIONS = (ast.QRelation, ast.QRoute)
POSITION_KINDS = ("position", "position_axis", "offset")
_NAMES = {"x": "the horizontal position of {}", "y": "the vertical position of {}"}


@state
class Grid:
    """The reading in force (``unit``: the grid reading) and the places positioned so far."""

    unit: bool = False
    places: dict[str, tuple[str, str, str]] = field(default_factory=dict)
    """key → (label, horizontal variable, vertical variable), in order of mention."""
    links: dict[tuple[str, str], int] = field(default_factory=dict)
    """The pairs of places a statement relates (the steps of a route), with its line."""


def _sign(value: Fraction) -> int:
    return (value > 0) - (value < 0)


def label_of(dx: Fraction, dy: Fraction) -> str:
    """The StepGame label of an offset."""
    signs = (_sign(dx), _sign(dy))
    return next(label for label, offset in LABELS.items() if offset == signs)


def step_of(dx: Fraction, dy: Fraction, unit: bool) -> str | None:
    """The compass direction of a move by (dx, dy), if it is a step: along one axis, and by
    one unit when ``unit``."""
    if (dx == 0) == (dy == 0) or (unit and abs(dx + dy) != 1):
        return None
    return COMPASS[(_sign(dx), _sign(dy))]


class Positions:
    """Lowering positions against a ``Grid``, with variables from ``quantity_of``."""

    def __init__(self, grid: Grid, quantity_of: QuantityOf) -> None:
        self.grid = grid
        self.quantity_of = quantity_of

    def coordinates(self, np: ast.NP) -> tuple[LinearExpr, LinearExpr]:
        """The two position variables of a place or agent (remembered as a named place)."""
        x, y = (self.quantity_of(np, axis, _NAMES[axis], False) for axis in ("x", "y"))
        self.grid.places.setdefault(x.rsplit(".", 1)[0], (np.text.removeprefix("the "), x, y))
        return LinearExpr.variable(x), LinearExpr.variable(y)

    def statement(self, clause: ast.Clause, predicate: ast.PNumeric) -> Formula:
        """``position``: a statement; ``position_axis``: a yes/no question (its axis only);
        ``offset``: a StepGame statement (one of ``LABELS``, always one step)."""
        other = predicate.operands[0]
        assert isinstance(other, ast.NP)
        line = clause.span.line
        (x, y), (u, v) = self.coordinates(clause.subject), self.coordinates(other)
        if predicate.word == "there":  # "The objects X and Y are over there.": both exist
            return Const(True)
        if predicate.kind != "position_axis":
            self.grid.links.setdefault((_key(x), _key(u)), line)
        if predicate.kind == "offset":
            dx, dy = LABELS[predicate.word]
        else:
            dx, dy = OFFSETS[predicate.word]
        if predicate.kind == "offset" or (self.grid.unit and predicate.kind == "position"):
            return And(
                (
                    compare(x.plus(u, -1), "=", LinearExpr((), Fraction(dx)), line),
                    compare(y.plus(v, -1), "=", LinearExpr((), Fraction(dy)), line),
                )
            )
        mine, theirs, across = (x, u, (y, v)) if dx else (y, v, (x, u))
        ordered = compare(mine, ">" if dx + dy > 0 else "<", theirs, line)
        if predicate.kind == "position_axis":
            return ordered
        return And((ordered, compare(across[0], "=", across[1], line)))

    def question(self, node: ast.QRelation | ast.QRoute) -> queries.Query:
        """The query of a relation or route question."""
        if isinstance(node, ast.QRelation):
            return self.relation(node.thing, node.other)
        return self.route(node.start, node.end)

    def relation(self, thing: ast.NP, other: ast.NP) -> queries.AskRelation:
        """What is the relation of Z to U?"""
        (x, y), (u, v) = self.coordinates(thing), self.coordinates(other)
        return queries.AskRelation(x.plus(u, -1), y.plus(v, -1))

    def route(self, start: ast.NP, end: ast.NP) -> queries.AskRoute:
        """How do you go from A to B? — over the places and links stated so far."""
        first, last = self.coordinates(start), self.coordinates(end)
        index = {name: i for i, name in enumerate(self.grid.places)}
        links = frozenset((index[a], index[b], n) for (a, b), n in self.grid.links.items())
        places = tuple(self.grid.places.values())
        return queries.AskRoute(
            places, links, index[_key(first[0])], index[_key(last[0])], self.grid.unit
        )


def _key(coordinate: LinearExpr) -> str:
    """The place whose position variable this is (``kitchen.x`` → ``kitchen``)."""
    return coordinate.terms[0][0].rsplit(".", 1)[0]
