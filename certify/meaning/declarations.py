"""Declarations and measurements: the lists of values and places a text declares, and the
readings of measured quantities (SPEC §3 "Declarations", "Measurements").

``Declaring`` is the part of the running reading (``lower.Lowering``) that keeps the declared
attributes and closes the places, and turns a reading into its interval under conjunction.
"""

from __future__ import annotations

from dataclasses import field

from certify.meaning import ir
from certify.meaning.lower_numbers import compare
from certify.meaning.mentions import Mention
from certify.meaning.names import Naming
from certify.numeric import LinearExpr
from certify.states import state
from certify.syntax import ast
from certify.syntax.errors import SentenceError


@state
class Declaring(Naming):
    """The declared attributes and their values, on top of the names (``Naming``)."""

    attributes: dict[str, tuple[str, ...]] = field(default_factory=dict)

    def declaration(self, node: ast.Declaration) -> ir.Formula:
        """``The places are ...`` closes the places; ``The colors are ...`` declares values."""
        if node.noun == "place":
            self.closed = None
            keys = tuple(self.place(v) for v in node.values)
            self.closed = keys
            self._mentions.append(Mention("closed", "places", values=keys))
            return ir.Closed(keys)
        values = tuple(" ".join(v.words) for v in node.values)
        for value, np in zip(values, node.values):
            self._claim(value, "value", np.span)
        self.attributes[node.noun] = values
        self._mentions.append(Mention("attribute", node.noun, values=values))
        return ir.OneOf(node.noun, values)

    def _measured_of(self, node: ast.QAttribute) -> str | None:
        """``What is the weight of the box?`` asks for a measured quantity, not an attribute."""
        quantity = f"the {node.attribute} of {node.thing.text}"
        if node.attribute in self.attributes or self.roles.get(quantity, ("",))[0] != "number":
            return None
        return quantity

    def measured(self, quantity: str, span: ast.Span) -> str:
        """The variable of a quantity a reading measures, or an error saying how to read one."""
        if self.roles.get(quantity, ("",))[0] != "number":
            raise SentenceError(
                f"no reading above measures {quantity}",
                span,
                f"Sensor A reads {quantity} as 20 ± 1.",
                expected="a reading of the quantity above the question",
            )
        return self.number(quantity, span)

    def measure(self, node: ast.Measurement) -> ir.Measure:
        """The reading a measurement statement reports."""
        return ir.Measure(
            self.number(node.quantity, node.span),
            node.value,
            node.tolerance,
            node.sigmas,
            node.source,
        )

    def measurement(self, node: ast.Measurement) -> ir.Formula:
        """Under conjunction a reading is the interval [v − δ, v + δ] (``pipeline`` replaces it
        by true under accumulation, where readings are evidence, not constraints)."""
        quantity = LinearExpr.variable(self.number(node.quantity, node.span))
        low = LinearExpr((), node.value - node.tolerance)
        high = LinearExpr((), node.value + node.tolerance)
        line = node.span.line
        return ir.And((compare(quantity, ">=", low, line), compare(quantity, "<=", high, line)))

    def attribute(self, name: str, span: ast.Span) -> str:
        """A declared attribute, or an error saying how to declare it."""
        if name not in self.attributes:
            raise SentenceError(
                f"'{name}' is not a declared attribute",
                span,
                f"The {name}s are red, green and blue.",
                expected="a declaration such as this one above the sentence",
            )
        return name
