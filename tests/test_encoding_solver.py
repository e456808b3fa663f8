"""The SAT solver of an ``Encoding`` is made on first use, and a numbers-only encoding needs
none: what the solver sees, and so every model and witness, is what a solver made at once saw.

* a lazily made solver answers a sequence of calls (with clauses and atoms added between
  them) exactly as a solver bootstrapped with the encoding's clauses at build time does;
* ``trivial``: an encoding of nothing finite answers ``[true]`` without a solver, the model a
  real solver gives for the same clauses; one with anything more is not trivial.
"""

from __future__ import annotations

from pysat.solvers import Solver

from certify.domains.boolean import Encoding
from certify.meaning import ir
from certify.meaning.moments import problem_at
from certify.pipeline import read
from certify.readout.answer import Certifier
from certify.syntax.parse import read_document

FINITE = (
    "The places are the kitchen, the garden and the hall.\n"
    "Ana is in the kitchen or the garden.\nBea is not in the hall.\n"
    "If Ana is in the garden, then Bea is in the kitchen.\nCarl is tall or Ana is happy.\n"
)


def _encoding(text: str) -> Encoding:
    reading, _, _ = read(read_document(text))
    return Encoding(problem_at(reading, None, ()))


def _eager(encoding: Encoding) -> Solver:
    """A solver made the old way: at build time, with the build's clauses and phases."""
    solver = Solver(name="cadical153", bootstrap_with=encoding.clauses[: encoding._first])
    solver.set_phases(encoding._first_phases)
    return solver


def test_a_lazy_solver_answers_as_one_made_at_once() -> None:
    encoding = _encoding(FINITE)
    eager = _eager(encoding)  # before anything is added, as the old constructor did
    free = [-lit for lit in encoding.atoms.values()]
    assert encoding._solver is None
    calls = [encoding.all_selectors(), [-s for s in encoding.selectors], encoding.selectors[:1]]
    try:
        for assumptions in calls:
            eager.solve(assumptions=assumptions)
            assert encoding.solve(assumptions) == eager.get_model()
        extra = encoding.literal(ir.Holds("tall", "Bea"))  # a new atom and its clauses
        encoding.add([[extra]])
        eager.append_formula(encoding.clauses[len(encoding.clauses) - 1 :])
        eager.set_phases([*free, -extra])
        eager.solve(assumptions=encoding.all_selectors())
        assert encoding.solve(encoding.all_selectors()) == eager.get_model()
    finally:
        eager.delete()
        encoding.close()


def test_a_numbers_only_encoding_needs_no_solver() -> None:
    reading, _, _ = read(read_document("x + y = 7.\nx - y = 1.\nWhat is x?\n"))
    certifier = Certifier(problem_at(reading, None, ()))  # it encodes the finite statements
    encoding = certifier.encoding
    assert encoding.trivial()
    model = encoding.solve(encoding.all_selectors())
    assert encoding._solver is None  # answered without one
    real = Solver(name="cadical153", bootstrap_with=encoding.clauses)
    try:
        assert real.solve() and model == real.get_model() == [encoding.true]
    finally:
        real.delete()
    assert certifier.consistency.consistent
    encoding.close()  # nothing to free
    fresh = Certifier(problem_at(reading, None, ())).encoding
    fresh.variable(("a variable", "without a clause"))
    assert not fresh.trivial()  # what a model says of it is the solver's to say
    assert fresh.solve([]) == [fresh.true] and fresh._solver is not None
    fresh.close()


def test_anything_finite_is_not_trivial() -> None:
    for text in ("Ana is in the kitchen.\n", "Ana is tall.\n", "x = 1.\nAna is tall or x > 2.\n"):
        encoding = _encoding(text)
        try:
            assert not encoding.trivial()
            assert encoding.solve(encoding.all_selectors()) is not None
            assert encoding._solver is not None
        finally:
            encoding.close()
