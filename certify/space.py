"""The finite state space of a problem, defined once for every engine.

A state assigns each located individual a place — a named one or, unless the places are
closed, one of the unnamed places "somewhere else" — chooses which candidate containment
edges between places hold, gives each valued thing one declared value, and decides every
property and relation atom.  Unnamed places are interchangeable, so the i-th located
individual may only use the first i of them (value precedence): every partition of the
individuals into unnamed places is still reachable, and no state is counted twice.
"""

from __future__ import annotations

from collections.abc import Iterable

from certify import ir
from certify.evaluate import substitute


def other(index: int) -> str:
    """The key of the ``index``-th unnamed place (1-based)."""
    return f"{ir.OTHER}{index}"


def location_domain(vocabulary: ir.Vocabulary, thing: str) -> tuple[str, ...]:
    """The places a located individual can be in."""
    position = vocabulary.located.index(thing) + 1
    named = tuple(p for p in vocabulary.place_keys if p not in vocabulary.empty)
    return named + tuple(other(i) for i in range(1, position + 1))


def ground(formula: ir.Formula, individuals: tuple[str, ...]) -> ir.Formula:
    """Replace every rule by the conjunction of its instances over the named individuals."""
    if isinstance(formula, ir.ForAll):
        body = ground(formula.body, individuals)
        return ir.And(tuple(substitute(body, formula.variable, who) for who in individuals))
    if isinstance(formula, ir.Not):
        return ir.Not(ground(formula.body, individuals))
    if isinstance(formula, (ir.And, ir.Or)):
        return type(formula)(tuple(ground(p, individuals) for p in formula.parts))
    if isinstance(formula, ir.Count):
        return ir.Count(
            tuple(ground(p, individuals) for p in formula.parts), formula.low, formula.high
        )
    if isinstance(formula, ir.Implies):
        return ir.Implies(
            ground(formula.premise, individuals), ground(formula.conclusion, individuals)
        )
    if isinstance(formula, ir.Iff):
        return ir.Iff(ground(formula.left, individuals), ground(formula.right, individuals))
    return formula


def individuals_of(problem: ir.Problem) -> tuple[str, ...]:
    """The keys rules are grounded over."""
    return tuple(e.key for e in problem.vocabulary.individuals)


def grounded(problem: ir.Problem) -> list[tuple[ir.Statement, ir.Formula]]:
    """Each statement with its rules grounded."""
    who = individuals_of(problem)
    return [(s, ground(s.formula, who)) for s in problem.statements]


def candidate_edges(problem: ir.Problem) -> tuple[tuple[str, str], ...]:
    """Containment edges the text could make true: ``P is in Q`` between places.

    They belong to the vocabulary of the whole text (``moments.build_vocabulary``), so a subset
    of its statements — a support, a conflict — is read in the same state space: supports and
    conflicts are minimal *relative to the text's names, places and possible containments*,
    and removing a statement never makes a set of statements harder to satisfy.
    """
    return problem.vocabulary.edges


def mentioned_edges(
    statements: Iterable[ir.Statement], places: set[str]
) -> tuple[tuple[str, str], ...]:
    """The place-in-place atoms of some statements."""
    edges: dict[tuple[str, str], None] = {}
    for statement in statements:
        for atom in ir.atoms_of(statement.formula):
            if isinstance(atom, ir.InPlace) and atom.thing in places and atom.thing != atom.place:
                edges[(atom.thing, atom.place)] = None
    return tuple(edges)


def reachable(edges: Iterable[tuple[str, str]]) -> set[tuple[str, str]]:
    """Pairs (p, q) joined by a path of candidate edges (p may reach itself through a cycle)."""
    successors: dict[str, set[str]] = {}
    for low, high in edges:
        successors.setdefault(low, set()).add(high)
    pairs: set[tuple[str, str]] = set()
    for start in successors:
        stack, seen = list(successors[start]), set()
        while stack:
            node = stack.pop()
            if node in seen:
                continue
            seen.add(node)
            pairs.add((start, node))
            stack.extend(successors.get(node, ()))
    return pairs


def boolean_atoms(formulas: Iterable[ir.Formula]) -> tuple[ir.Holds | ir.Related, ...]:
    """The property and relation atoms of some grounded formulas, in order."""
    found: dict[ir.Holds | ir.Related, None] = {}
    for formula in formulas:
        for atom in ir.atoms_of(formula):
            if isinstance(atom, (ir.Holds, ir.Related)):
                found[atom] = None
    return tuple(found)
