"""``certify.domains.cadical`` answers every call as ``pysat.solvers.Solver("cadical153")``.

The two are driven through the same random sequences of calls (clauses added between calls,
assumptions, phases, conflict budgets) and must agree on every answer, model and core; each
model is also checked against the clauses here, and each core refuted by another solver
(Glucose), so that agreeing on a wrong answer would not pass.  ``make`` falls back to
python-sat's own class for another solver or a compiled module that lacks a call, and a
whole text certifies to the same report either way.
"""

from __future__ import annotations

import gc
import json
import random
import sys
from pathlib import Path

import pytest
from pysat.solvers import Solver

from certify.cli.batch import run_file
from certify.domains import cadical
from certify.domains.cadical import Cadical
from certify.output.results import result_json
from certify.readout.answer import Options
from tests.paths import SAMPLES

VARIABLES = 12


def _clause(rng: random.Random) -> list[int]:
    size = rng.choice((1, 2, 3, 3, 3, 4))
    chosen = rng.sample(range(1, VARIABLES + 1), size)
    return [v if rng.random() < 0.5 else -v for v in chosen]


def _satisfies(model: list[int], clauses: list[list[int]], assumptions: list[int]) -> bool:
    true = {lit for lit in model}
    return all(any(lit in true for lit in clause) for clause in clauses) and all(
        lit in true for lit in assumptions
    )


def _refuted(clauses: list[list[int]], core: list[int]) -> bool:
    with Solver(name="glucose4", bootstrap_with=clauses) as other:
        return not other.solve(assumptions=core)


@pytest.mark.parametrize("seed", range(40))
def test_the_direct_solver_answers_as_python_sats_class(seed: int) -> None:
    rng = random.Random(seed)
    clauses = [_clause(rng) for _ in range(rng.randint(3, 30))]
    ours = cadical.make("cadical153", clauses)
    assert isinstance(ours, Cadical)
    theirs = Solver(name="cadical153", bootstrap_with=clauses)
    phases = [-v for v in range(1, VARIABLES + 1) if rng.random() < 0.5]
    ours.set_phases(phases)
    theirs.set_phases(phases)
    answers = {True: 0, False: 0}
    for _ in range(8):
        more = [_clause(rng) for _ in range(rng.randint(0, 4))]
        clauses += more
        ours.append_formula(more)
        theirs.append_formula(more)
        assumptions = [_clause(rng)[0] for _ in range(rng.randint(0, 4))]
        if rng.random() < 0.5:
            ours.conf_budget(1000)
            theirs.conf_budget(1000)
            found = ours.solve_limited(assumptions=assumptions)
            assert found == theirs.solve_limited(assumptions=assumptions)
        else:
            found = ours.solve(assumptions=assumptions)
            assert found == theirs.solve(assumptions=assumptions)
        assert found is not None  # 1,000 conflicts decide 12 variables
        answers[found] += 1
        model, core = ours.get_model(), ours.get_core()
        assert model == theirs.get_model()
        assert core == theirs.get_core()
        if found:
            assert core is None and model is not None
            assert _satisfies(model, clauses, assumptions)
        else:
            # no core when the clauses alone have no model: then the empty set is one
            assert model is None and set(core or []) <= set(assumptions)
            assert _refuted(clauses, core or [])
    ours.delete()
    ours.delete()  # a second delete does nothing
    theirs.delete()


def test_both_answers_occur_over_the_seeds() -> None:
    """The random calls above are not all satisfiable, nor all not."""
    seen = set()
    for seed in range(40):
        rng = random.Random(seed)
        clauses = [_clause(rng) for _ in range(rng.randint(3, 30))]
        seen.add(cadical.make("cadical153", clauses).solve())
    assert seen == {True, False}


def test_a_core_names_the_assumptions_that_clash() -> None:
    solver = cadical.make("cadical153", [[1, 2], [3, 4]])
    assert not solver.solve(assumptions=[-1, 5, -2])
    core = solver.get_core() or []
    assert set(core) == {-1, -2} and solver.get_model() is None
    assert solver.solve(assumptions=[5])  # the assumptions hold for one call only
    assert solver.get_core() is None and 5 in (solver.get_model() or [])


def test_phases_decide_the_free_variables() -> None:
    solver = cadical.make("cadical153", [[1, 2, 3]])
    solver.set_phases([-1, -2, 3, -4])
    assert solver.solve() and set(solver.get_model() or []) >= {-1, -2, 3}


def test_other_solvers_and_other_modules_fall_back(monkeypatch: pytest.MonkeyPatch) -> None:
    glucose = cadical.make("glucose4", [[1], [-1, 2]])
    assert not isinstance(glucose, Cadical) and glucose.solve()
    assert 2 in (glucose.get_model() or [])
    monkeypatch.setattr(cadical, "CALLS", (*cadical.CALLS, "no_such_call"))
    assert not isinstance(cadical.make("cadical153", [[1]]), Cadical)


def _report(path: Path) -> dict[str, object]:
    result = run_file(str(path), (), Options(), True)
    found: dict[str, object] = json.loads(json.dumps(result_json(result, True)))
    found.pop("seconds", None)
    return found


def test_a_text_certifies_the_same_with_either_class(monkeypatch: pytest.MonkeyPatch) -> None:
    paths = sorted(SAMPLES.glob("*.txt"))
    direct = [_report(path) for path in paths]
    monkeypatch.setattr(cadical, "_module", lambda: None)
    assert direct == [_report(path) for path in paths]


def test_a_solver_that_could_not_be_made_is_not_freed(monkeypatch: pytest.MonkeyPatch) -> None:
    """``__del__`` of a ``Cadical`` whose ``__init__`` failed raises nothing (no handle yet)."""

    class Failing:
        def cadical153_new(self) -> None:
            raise MemoryError("no solver")

    ignored: list[object] = []
    monkeypatch.setattr(sys, "unraisablehook", ignored.append)
    with pytest.raises(MemoryError):
        Cadical(Failing())
    gc.collect()
    assert ignored == []


LOAD = """
import sys
set_flags, seen = sys.setdlopenflags, []
def recording(flags):
    seen.append(flags)
    set_flags(flags)
sys.setdlopenflags = recording
before = sys.getdlopenflags()
from certify.domains import cadical
module = cadical._load()
assert "pysolvers" in sys.modules and module is sys.modules["pysolvers"]
assert sys.getdlopenflags() == before, (sys.getdlopenflags(), before)
print(before, *seen)
solver = cadical.make("cadical153", [[1, 2], [-1]])
print(solver.solve(), solver.get_model())
"""


@pytest.mark.skipif(not hasattr(sys, "getdlopenflags"), reason="no dlopen flags (Windows)")
def test_pysolvers_is_opened_lazily_and_the_flags_put_back() -> None:
    """Opened with ``RTLD_LAZY`` instead of ``RTLD_NOW``; Python's flags are restored after."""
    import os
    import subprocess

    done = subprocess.run(
        [sys.executable, "-c", LOAD], capture_output=True, text=True, check=True
    ).stdout.split("\n")
    before, during, after = (int(word) for word in done[0].split())
    assert before & os.RTLD_NOW and not during & os.RTLD_NOW and during & os.RTLD_LAZY
    assert during | os.RTLD_NOW == before | os.RTLD_LAZY and after == before
    assert done[1] == "True [-1, 2]"


def test_pysolvers_loaded_already_is_taken_as_it_is(monkeypatch: pytest.MonkeyPatch) -> None:
    import pysolvers  # type: ignore[import-not-found]

    monkeypatch.setattr(sys, "setdlopenflags", lambda flags: pytest.fail("flags changed"))
    assert cadical._load() is pysolvers
