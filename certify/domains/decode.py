"""A SAT model read back as a state: which variables say where things are, found once.

A model from python-sat lists every variable of the solver in order (``[±1, ±2, ..., ±n]``),
and most of them are Tseitin gates and counter bits that say nothing about the state: a text
of 1,000 located individuals has some 100,000 of them, and reading each back through the
pool's keys took 40 ms a witness.  ``Readable`` keeps the few variables a state is made of
(where a thing is, a value, a containment edge, a property or relation), added as the pool
grows, and ``decode`` looks only at those; a model that does not list its variables in order
is read the long way, every literal through the pool's keys, as before.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from certify.meaning import ir

if TYPE_CHECKING:
    from certify.domains.variables import Variables

Layout = tuple[
    dict[str, dict[str, int]], dict[tuple[str, str], dict[str, int]], tuple[tuple[str, str], ...]
]
"""An encoding's located things, valued attributes and candidate containment edges."""

KINDS = ("loc", "val", "edge")
"""The tuple keys of the variables a state is made of (with ``ir.Holds`` and ``ir.Related``)."""


class Readable:
    """The variables a state is made of, in the order of their numbers."""

    __slots__ = ("keys", "upto")

    def __init__(self) -> None:
        self.keys: list[tuple[int, object]] = []
        self.upto = 0

    def of(self, pool: Variables) -> list[tuple[int, object]]:
        """Every readable variable of ``pool`` (the new ones looked at once)."""
        top = pool.top
        if top > self.upto:
            found = pool.id2obj
            for number in range(self.upto + 1, top + 1):
                key = found.get(number)
                if _readable(key):
                    self.keys.append((number, key))
            self.upto = top
        return self.keys


def _readable(key: object) -> bool:
    if isinstance(key, (ir.Holds, ir.Related)):
        return True
    return isinstance(key, tuple) and bool(key) and key[0] in KINDS


def decode(
    model: Sequence[int],
    pool: Variables,
    readable: Readable,
    layout: Layout,
    numbers: dict[str, Fraction] | None = None,
) -> ir.State:
    """The state ``model`` describes; ``layout`` is the encoding's located things, valued
    attributes and candidate edges."""
    things, attributes, edges_known = layout
    true = _true_keys(model, readable.of(pool))
    if true is None:  # not a model of every variable in order: each literal through the pool
        true = [pool.obj(lit) for lit in model if lit > 0]
    location = dict.fromkeys(things, "")
    values = dict.fromkeys(attributes, "")
    edges: set[tuple[str, str]] = set()
    atoms: set[ir.Holds | ir.Related] = set()
    for key in true:
        if isinstance(key, (ir.Holds, ir.Related)):
            atoms.add(key)
        elif not isinstance(key, tuple) or not key:
            continue
        elif key[0] == "loc" and key[1] in location:
            location[key[1]] = key[2]
        elif key[0] == "val" and (key[1], key[2]) in values:
            values[(key[1], key[2])] = key[3]
        elif key[0] == "edge" and (key[1], key[2]) in edges_known:
            edges.add((key[1], key[2]))
    return ir.State(
        tuple(location.items()),
        frozenset(edges),
        tuple(values.items()),
        frozenset(atoms),
        tuple(sorted((numbers or {}).items())),
    )


def _true_keys(model: Sequence[int], keys: list[tuple[int, object]]) -> list[object] | None:
    """The keys of the readable variables ``model`` makes true, in the order of the model; None
    when ``model`` does not list a readable variable at its place (``model[n - 1]`` is ``±n``)."""
    size = len(model)
    true = []
    for number, key in keys:
        if number > size:  # a variable made after this model: not in it, so not true
            continue
        literal = model[number - 1]
        if literal == number:
            true.append(key)
        elif literal != -number:
            return None
    return true
