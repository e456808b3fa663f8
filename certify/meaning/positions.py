"""Positions in two dimensions (SPEC §3 "Stories", bAbI 17): difference constraints on two
axes, for the difference-bound domain.

As bAbI tells them: ``X is to the left of Y.`` puts X and Y on one row, X further left
(``x(X) < x(Y)``, ``y(X) = y(Y)``); ``X is above Y.`` puts them in one column, X higher.  A
question asks about its own axis only: ``Is X to the right of Y?`` is ``x(X) > x(Y)``.
"""

from __future__ import annotations

from certify.meaning.ir import And, Formula
from certify.meaning.lower_numbers import QuantityOf, compare
from certify.numeric import LinearExpr
from certify.syntax import ast

_AXES = {  # direction: (its axis, the other axis, whether the subject's coordinate is larger)
    "left": ("x", "y", False),
    "right": ("x", "y", True),
    "above": ("y", "x", True),
    "below": ("y", "x", False),
}
_LABELS = {"x": "the horizontal position of {}", "y": "the vertical position of {}"}


def position(clause: ast.Clause, predicate: ast.PNumeric, quantity_of: QuantityOf) -> Formula:
    """``position``: the statement (its axis ordered, the other equal); ``position_axis``: the
    question (its axis only)."""
    other = predicate.operands[0]
    assert isinstance(other, ast.NP)
    axis, across, larger = _AXES[predicate.word]
    line = clause.span.line

    def coordinate(np: ast.NP, name: str) -> LinearExpr:
        return LinearExpr.variable(quantity_of(np, name, _LABELS[name], False))

    ordered = compare(
        coordinate(clause.subject, axis), ">" if larger else "<", coordinate(other, axis), line
    )
    if predicate.kind == "position_axis":
        return ordered
    aligned = compare(coordinate(clause.subject, across), "=", coordinate(other, across), line)
    return And((ordered, aligned))
