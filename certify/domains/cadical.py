"""CaDiCaL 1.5.3 through python-sat's compiled module, without ``pysat.solvers`` around it.

``pysat.solvers`` is a 300 KB module of some twenty solver classes; importing it (with
``pysat.formula`` and its own compiled module, which it needs for ``CNFPlus``) costs a small
text 4-8 ms and 1-2 MiB of its 35 at every start, for the one solver certify uses.  ``Cadical``
makes the same calls to ``pysolvers`` that ``pysat.solvers.Cadical153`` makes, with the same
arguments, and keeps the same state (the status of the last call, the assumptions of the last
call, for ``get_core``): the solver is the same C++ object either way, so every model and core
is the one ``pysat.solvers.Solver(name="cadical153")`` gives (``tests/test_cadical.py`` runs
both on the same calls and compares every answer).

``make`` gives a ``Cadical`` for ``cadical153`` when the compiled module has every function
used here, and ``pysat.solvers.Solver`` for any other name (``certify verify`` re-derives with
``glucose4``) or a python-sat whose compiled module differs.
"""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Iterable, Sequence
from typing import Any, Protocol

NAME = "cadical153"
CALLS = (
    "new",
    "add_cl",
    "solve",
    "solve_lim",
    "cbudget",
    "set",
    "setphases",
    "model",
    "core",
    "del",
)
"""The ``pysolvers.cadical153_*`` functions ``Cadical`` calls."""


class SatSolver(Protocol):
    """What ``Encoding`` asks of a solver: ``Cadical``, or any of ``pysat.solvers``."""

    def append_formula(self, clauses: Iterable[Sequence[int]]) -> Any: ...
    def solve(self, assumptions: Sequence[int] = ...) -> Any: ...
    def solve_limited(self, assumptions: Sequence[int] = ...) -> Any: ...
    def conf_budget(self, budget: int) -> Any: ...
    def set_phases(self, literals: Sequence[int]) -> Any: ...
    def get_model(self) -> Any: ...
    def get_core(self) -> Any: ...
    def delete(self) -> Any: ...


def _module() -> Any:
    """python-sat's compiled module when it has every call ``Cadical`` makes, else None."""
    try:
        pysolvers = _load()
    except ImportError:  # pragma: no cover - python-sat always ships it
        return None
    if all(callable(getattr(pysolvers, f"{NAME}_{call}", None)) for call in CALLS):
        return pysolvers
    return None


def _load() -> Any:
    """``import pysolvers``, its C++ functions bound when first called rather than all at once.

    The module is 8.8 MB of some twenty solvers; Python opens compiled modules with
    ``RTLD_NOW``, which resolves every symbol they use before the import returns: 5.9 M of the
    instructions of a ``certify samples/ana.txt`` (1.5 %), for the handful of CaDiCaL's
    functions a run calls.  ``RTLD_LAZY`` (the C linker's default) binds each function the
    first time it is called instead; Python's own flags are put back at once, so no other
    module is opened this way.
    """
    if "pysolvers" in sys.modules or not hasattr(sys, "getdlopenflags"):  # loaded; Windows
        import pysolvers  # type: ignore[import-not-found]

        return pysolvers
    flags = sys.getdlopenflags()
    sys.setdlopenflags((flags & ~os.RTLD_NOW) | os.RTLD_LAZY)
    try:
        import pysolvers
    finally:
        sys.setdlopenflags(flags)
    return pysolvers


def make(name: str, clauses: Iterable[Sequence[int]]) -> SatSolver:
    """A solver called ``name`` (python-sat's names) holding ``clauses``."""
    if name == NAME:
        module = _module()
        if module is not None:
            return Cadical(module, clauses)
    from pysat.solvers import Solver

    solver: SatSolver = Solver(name=name, bootstrap_with=clauses)
    return solver


def _main_thread() -> int:
    """1 in the main thread: python-sat then catches SIGINT during a call (``run_limits``)."""
    return int(threading.current_thread() is threading.main_thread())


class Cadical:
    """The part of ``pysat.solvers.Solver``'s interface that ``Encoding`` uses, for CaDiCaL."""

    def __init__(self, module: Any, clauses: Iterable[Sequence[int]] = ()) -> None:
        self._api = module
        self._handle: Any = module.cadical153_new()
        self._status: bool | None = None
        self._assumptions: list[int] = []
        self.append_formula(clauses)

    def append_formula(self, clauses: Iterable[Sequence[int]]) -> None:
        """Add ``clauses``; a clause the solver refuses outright makes the status false."""
        add, handle = self._api.cadical153_add_cl, self._handle
        for clause in clauses:
            if add(handle, clause) is False:
                self._status = False

    def solve(self, assumptions: Sequence[int] = ()) -> bool:
        """Whether the clauses have a model under ``assumptions``."""
        self._assumptions = list(assumptions)
        self._status = bool(
            self._api.cadical153_solve(self._handle, self._assumptions, _main_thread())
        )
        return self._status

    def solve_limited(self, assumptions: Sequence[int] = ()) -> bool | None:
        """As ``solve``, within the budget ``conf_budget`` set; None when it ran out."""
        self._assumptions = list(assumptions)
        found = self._api.cadical153_solve_lim(self._handle, self._assumptions, _main_thread())
        self._status = None if found == 0 else bool((found + 1) / 2)  # 1, -1 or 0 (unknown)
        return self._status

    def conf_budget(self, budget: int) -> None:
        """At most ``budget`` conflicts in the next ``solve_limited``."""
        self._api.cadical153_cbudget(self._handle, budget)

    def set_phases(self, literals: Sequence[int]) -> None:
        """Prefer these literals' values in decisions ("lucky" phases off, as python-sat does)."""
        self._api.cadical153_set(self._handle, "lucky", 0)
        self._api.cadical153_setphases(self._handle, list(literals))

    def get_model(self) -> list[int] | None:
        """The model of the last call, when it found one."""
        if self._status is not True:
            return None
        model = self._api.cadical153_model(self._handle)
        return model if model is not None else []

    def get_core(self) -> list[int] | None:
        """The assumptions the last call's refutation used, when it found none."""
        if self._status is not False:
            return None
        core: list[int] | None = self._api.cadical153_core(self._handle, self._assumptions)
        return core

    def delete(self) -> None:
        """Free the solver (once; nothing when ``__init__`` did not get to make it)."""
        if getattr(self, "_handle", None) is not None:
            self._api.cadical153_del(self._handle, None)
            self._handle = None

    def __del__(self) -> None:
        self.delete()
