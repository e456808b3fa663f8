"""What the readout decides with: its options, the verdict a pair (H⁺, H⁻) certifies, and the
one error that is always a bug (an engine's state the evaluator rejects).

Below every readout module, so the engines of each kind of question (finite, numeric,
enumerated) import it without importing the ``Certifier`` that dispatches to them.
"""

from __future__ import annotations

from fractions import Fraction

from certify.errors import CertifyError
from certify.meaning import formulas, ir
from certify.records import Record
from certify.report import Conflict, Status
from certify.run_limits import DEFAULT_TIMEOUT


class EvaluatorDisagrees(CertifyError):
    """An engine proposed a state the evaluator rejects: a bug, never shown as an answer."""


class Options(Record):
    """How hard and with what to work."""

    engine: str = "sat"
    domain: str | None = None
    budget: int | None = None
    calls: int = 100_000
    story: bool = False
    grid: bool = False
    """``--grid``: each position statement is one step on a grid (``meaning.positions``)."""
    timeout: float | None = DEFAULT_TIMEOUT
    """Wall-clock seconds for the whole text (None: no limit); see ``certify.run_limits``."""
    smallest: bool = False
    all_conflicts: bool = False
    law: str | None = None
    """``--law accumulation``: measurements are independent evidence (``accumulate.py``)."""
    strict: bool = False
    """``--strict``: a question about a name the text never mentions is an error."""
    solver: str = "cadical153"
    """The python-sat solver (``certify verify`` re-derives with ``glucose4``)."""
    unique: bool = False
    """``--unique``: count the solutions and list the redundant statements (``wellposed``)."""
    closed_world: bool = False
    """``--closed-world``: a kind, property or relation holds only when the text's facts and
    rules derive it (the completion of ``certify.meaning.closed``)."""


class Consistency(Record):
    """Whether the whole problem has a state, with a base state when it does."""

    consistent: bool | None
    conflict: Conflict | None
    model: tuple[int, ...] = ()
    point: tuple[tuple[str, Fraction], ...] = ()
    reason: str = ""
    stopped: tuple[str, str] | None = None
    """The limit (``timeout``, ``budget``, ``memory``) and stage that left it undecided."""


def decide(outer: tuple[str, ...] | None, witnessed: tuple[str, ...]) -> Status:
    """The status a pair (H⁺, H⁻) certifies.

    An answer that involves "(other)" (a place or an individual no name fixes) stands for
    many values, so it never forces and one witness of it shows the question open.
    """
    many = [w for w in witnessed if ir.OTHER in w]
    if outer is not None and len(outer) == 1 and ir.OTHER not in outer[0] and outer[0] in witnessed:
        return "forced"
    if len(set(witnessed)) >= 2 or many:
        return "open"
    return "unresolved"


def is_numeric(formula: ir.Formula) -> bool:
    """Whether a formula mentions numbers at all."""
    return formulas.mentions(formula, ir.Compare)
