"""Choose the cheapest numeric domain that is exact for a group of constraints.

Dispatch is a classifier plus a table (pysmt's ``TheoryOracle``): ``components`` splits the
constraints into independent groups (connected by shared variables), ``classify`` names the
smallest fragment a group lies in, in the order interval -> dbm -> octagon -> linear, with the
reason in words, and ``DOMAINS`` maps the names to the domain classes.  ``build`` lets a caller
force any domain, including one too weak to be exact, which then answers with a sound outer
set and ``exact = False``.  A domain's module is imported when its class is first asked for: a
text of differences loads neither the octagon nor the linear domain (nor Fourier-Motzkin and
the integer search under it).
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping, Sequence

from certify.domains.base import NumericDomain
from certify.domains.fragments import mixed_components, representatives, shape
from certify.numeric import LinearConstraint, format_number
from certify.records import Record

_CLASSES = {
    "interval": ("certify.domains.interval", "IntervalDomain"),
    "dbm": ("certify.domains.dbm", "DifferenceBoundMatrix"),
    "octagon": ("certify.domains.octagon", "Octagon"),
    "linear": ("certify.domains.linear", "LinearDomain"),
}


class _Domains(Mapping[str, type[NumericDomain]]):
    """The domain classes by name, cheapest first; a class's module imported on first use."""

    def __getitem__(self, name: str) -> type[NumericDomain]:
        module, attribute = _CLASSES[name]
        found: type[NumericDomain] = getattr(importlib.import_module(module), attribute)
        return found

    def __iter__(self) -> Iterator[str]:
        return iter(_CLASSES)

    def __len__(self) -> int:
        return len(_CLASSES)


DOMAINS: Mapping[str, type[NumericDomain]] = _Domains()

RANK = {name: rank for rank, name in enumerate(DOMAINS)}
"""The domains from the cheapest (and weakest) to the most general."""

_FRAGMENTS = (
    ("interval", {"constant", "bound"}, "bounds only"),
    ("dbm", {"constant", "bound", "difference"}, "differences x - y <= c"),
    ("octagon", {"constant", "bound", "difference", "octagonal"}, "±x ± y <= c"),
)


class Choice(Record):
    """The domain picked for a group of constraints and why."""

    domain: str
    reason: str


def components(constraints: Sequence[LinearConstraint]) -> list[tuple[LinearConstraint, ...]]:
    """Split constraints into groups linked by shared variables, in first-appearance order.

    A constraint without variables forms a group of its own.
    """
    representative = representatives(constraints)
    groups: dict[object, list[LinearConstraint]] = {}
    for position, constraint in enumerate(constraints):
        key: object = representative[constraint.terms[0][0]] if constraint.terms else position
        groups.setdefault(key, []).append(constraint)
    return [tuple(group) for group in groups.values()]


def classify(
    constraints: Sequence[LinearConstraint], integers: frozenset[str] = frozenset()
) -> Choice:
    """Name the cheapest domain exact for ``constraints`` and the reason for it."""
    shapes = {shape(c) for c in constraints}
    mixed = mixed_components(constraints, integers)
    for name, fragment, reason in _FRAGMENTS:
        if shapes <= fragment:
            if name == "interval" or not mixed:
                return Choice(name, reason)
            return Choice("linear", f"{reason}, linking integer and real variables")
    if any(n in integers for c in constraints for n in c.variables):
        return Choice("linear", "integer variables with general linear constraints")
    general = next(c for c in constraints if shape(c) == "linear")
    if len(general.terms) > 2:
        return Choice(
            "linear", f"general linear ({len(general.terms)} variables in one constraint)"
        )
    first, second = (format_number(abs(c)) for _, c in general.terms)
    return Choice("linear", f"general linear (coefficients {first} and {second} in one constraint)")


def stronger(domain: str, constraint: LinearConstraint) -> str:
    """``classify(constraints + (constraint,)).domain`` from ``domain``, the choice for
    ``constraints``, when no variable of either is an integer.

    Without integers nothing is mixed, and the fragments are nested (interval, dbm, octagon,
    linear), so the cheapest domain for both is the stronger of the two.
    """
    kind = shape(constraint)
    needed = next((name for name, fragment, _ in _FRAGMENTS if kind in fragment), "linear")
    return needed if RANK[needed] > RANK[domain] else domain


def build(
    name: str,
    constraints: Sequence[LinearConstraint],
    integers: frozenset[str] = frozenset(),
    budget: int | None = None,
) -> NumericDomain:
    """Build the named domain on the constraints (``ValueError`` for an unknown name)."""
    try:
        domain = DOMAINS[name]
    except KeyError:
        known = ", ".join(DOMAINS)
        raise ValueError(f"unknown numeric domain {name!r} (known: {known})") from None
    return domain.from_constraints(constraints, integers, budget)
