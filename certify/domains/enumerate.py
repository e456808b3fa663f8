"""The enumeration engine: the seed paper's indicator vectors, read at 1 (section 2).

Enumerate every state of the (small, finite) state space of ``space.py``; give each statement
its indicator vector (1 where the evaluator says the statement holds); average the vectors
with positive weights and keep the coordinates equal to 1.  A coordinate reaches 1 exactly
when every statement holds there, so what is kept is the exact meaning of the text — empty,
one state or many.  Weights are integers and the comparison is ``Σ wⱼvⱼ = Σ wⱼ``, which is
the average read at 1 without any rounding.

It shares the evaluator with the witness check but nothing with the SAT encoding, and it is
exponential: it exists as the independent oracle the tests compare every engine against.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import numpy as np

from certify.errors import UsageError
from certify.evaluate import Evaluation
from certify.meaning import ir
from certify.meaning.space import (
    boolean_atoms,
    candidate_edges,
    ground_in,
    grounded,
    location_domain,
)

LIMIT = 1 << 20
"""The largest state space the engine agrees to enumerate."""


def space_size(problem: ir.Problem, extra: tuple[ir.Formula, ...] = ()) -> int:
    """How many states the space has."""
    vocabulary = problem.vocabulary
    size = 1
    for thing in vocabulary.located:
        size *= len(location_domain(vocabulary, thing))
    for _, attribute in vocabulary.valued:
        size *= len(vocabulary.value_domain(attribute))
    size <<= len(candidate_edges(problem))
    size <<= len(_atoms(problem, extra))
    return size


def _atoms(problem: ir.Problem, extra: tuple[ir.Formula, ...]) -> tuple[ir.Holds | ir.Related, ...]:
    """The Boolean atoms of the statements and of the question, both grounded: a question's
    rule ("Is it true that everything is cold?") asks about atoms no statement may name."""
    asked = [ground_in(problem, f) for f in extra]
    return boolean_atoms([f for _, f in grounded(problem)] + asked)


def states(problem: ir.Problem, extra: tuple[ir.Formula, ...] = ()) -> Iterator[ir.State]:
    """Every state of the space (``extra`` formulas add the atoms a question mentions)."""
    if problem.vocabulary.numbers:
        raise UsageError("the enumeration engine handles finite texts only (this one has numbers)")
    size = space_size(problem, extra)
    if size > LIMIT:
        raise UsageError(
            f"the state space has {size} states; the enumeration engine stops at {LIMIT}"
        )
    vocabulary = problem.vocabulary
    located = vocabulary.located
    places = [location_domain(vocabulary, thing) for thing in located]
    valued = vocabulary.valued
    values = [vocabulary.value_domain(attribute) for _, attribute in valued]
    edges = candidate_edges(problem)
    atoms = _atoms(problem, extra)
    for where in itertools.product(*places):
        for chosen in itertools.product(*values):
            for edge_bits in itertools.product((False, True), repeat=len(edges)):
                for atom_bits in itertools.product((False, True), repeat=len(atoms)):
                    yield ir.State(
                        location=tuple(zip(located, where)),
                        edges=frozenset(e for e, on in zip(edges, edge_bits) if on),
                        values=tuple(zip(valued, chosen)),
                        true_atoms=frozenset(a for a, on in zip(atoms, atom_bits) if on),
                    )


def remaining(problem: ir.Problem, extra: tuple[ir.Formula, ...] = ()) -> list[ir.State]:
    """The states every statement allows: the weighted indicator average, read at 1."""
    all_states = list(states(problem, extra))
    if not all_states:
        return []
    weights = np.arange(1, len(problem.statements) + 1, dtype=np.int64)
    indicators = np.ones((len(problem.statements), len(all_states)), dtype=np.int64)
    valid = np.ones(len(all_states), dtype=bool)
    for column, state in enumerate(all_states):
        evaluation = Evaluation(problem, state)
        if evaluation.problems():
            valid[column] = False
            continue
        for row, statement in enumerate(problem.statements):
            indicators[row, column] = 1 if evaluation.holds(statement.formula) else 0
    average_is_one = weights @ indicators == int(weights.sum())
    return [s for s, keep in zip(all_states, average_is_one & valid) if keep]
