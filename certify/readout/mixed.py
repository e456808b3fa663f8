"""A certifier that reads every statement by SAT with the linear theory.

``Certifier`` does so when a statement mixes comparisons with finite facts (``Ana is taller
than Bea or Ana is in the kitchen.``).  A question can mix them too (``Who is the tallest?``
asks for a set of names over comparisons, ``meaning.superlative``): its certifier is this
one, made for it alone (``pipeline.Certifiers.at``), whatever the statements are.
"""

from __future__ import annotations

from certify.meaning import ir, queries
from certify.readout.answer import Certifier, Options, is_numeric


class MixedCertifier(Certifier):
    """``Certifier`` with ``mixed`` set: no statement goes to a numeric domain alone."""

    def __init__(self, problem: ir.Problem, options: Options | None = None) -> None:
        super().__init__(problem, options)
        if not self.mixed:
            self.mixed, self.numeric, self.finite = True, [], problem


def asks_numbers(query: queries.Query | None) -> bool:
    """Whether a question is a finite one about comparisons (``Who is the tallest?``): its
    certifier, and ``certify verify``, read the text by SAT with the linear theory."""
    return isinstance(query, queries.AskWhich) and any(map(is_numeric, query.formulas))
