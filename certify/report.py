"""The Report: one frozen result per text, rendered as text or as JSON (SPEC section 5).

Everything the renderer shows is decided before it gets here; ``to_json`` is the contract
(``schema: certify.report/1``, described by the JSON Schema in ``certify/schema/``).  Answer
sets are names (strings) for finite questions and a ``Range`` of exact fractions for numeric
ones; witnesses carry the full state in words, already re-checked by the evaluator.
``error_json`` is the document of a text that could not be read (``certify.error/1``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any, Literal, Union

from certify.errors import TextError
from certify.numeric import Interval, format_number
from certify.records import Record

Status = Literal["forced", "open", "contradictory", "unresolved"]
Consistency = Literal["consistent", "contradictory", "unresolved"]
Unit = Literal["number", "clock", "minutes", "years"]
SCHEMA = "certify.report/1"
ERROR_SCHEMA = "certify.error/1"


@dataclass(frozen=True, slots=True, eq=False)
class Range(Interval):
    """A numeric answer set: every value from ``low`` to ``high``, as exact fractions.

    ``low`` and ``high`` are ``fractions.Fraction`` (``None`` for -inf / inf); ``low_closed``
    and ``high_closed`` say whether the ends belong to it, so ``x > 3`` gives ``(3, inf)``.
    ``unit`` says what the numbers measure: ``"clock"`` (minutes since midnight, shown as
    ``9:05``), ``"minutes"`` (a duration), ``"years"`` (an age) or ``"number"``.  Two ranges
    with the same values are equal whatever their units.
    """

    unit: Unit = "number"

    @staticmethod
    def of(interval: Interval, unit: Unit = "number") -> Range:
        """The interval as a public answer set measured in ``unit``."""
        return Range(
            interval.low, interval.high, interval.low_closed, interval.high_closed, unit=unit
        )

    @property
    def shown(self) -> str:
        """The range as the text output writes it: ``[9:05, 9:25]``, ``(3, inf)``, ``6``."""
        from certify.numeric import show_interval

        return show_interval(self, self.unit == "clock")

    def to_dict(self) -> dict[str, Any]:
        """The range as JSON: exact values as strings, the unit, and how it is shown."""
        return {**interval_json(self), "unit": self.unit, "shown": self.shown}

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Interval):
            return NotImplemented
        return _ends(self) == _ends(other)

    def __hash__(self) -> int:
        return hash(_ends(self))


def _ends(interval: Interval) -> tuple[Fraction | None, Fraction | None, bool, bool]:
    return (interval.low, interval.high, interval.low_closed, interval.high_closed)


AnswerSet = Union[tuple[str, ...], Interval, None]  # noqa: UP007 (a runtime alias)
"""Names for a finite question, a ``Range`` for a numeric one, ``None`` when not known."""


class TextWarning(Record):
    """Something that does not stop the text from being read, and where it is.

    ``line`` is ``None`` for a question given with ``--ask`` (``questions=`` in the API);
    ``column`` counts from 1 within that line (or within the asked question).
    """

    message: str
    line: int | None = None
    column: int | None = None

    def render(self, file: str) -> str:
        """``file:line:column: warning: message`` (``file: warning: --ask: ...`` for --ask)."""
        if self.line is None and self.column is None:  # about the whole text
            return f"{file}: warning: {self.message}"
        if self.line is None:
            return f"{file}: warning: --ask: {self.message}"
        return f"{file}:{self.line}:{self.column or 1}: warning: {self.message}"

    def to_dict(self) -> dict[str, Any]:
        """The warning as JSON."""
        return {"message": self.message, "line": self.line, "column": self.column}


class Witness(Record):
    """A complete state in which the question has ``answer``, checked against the text.

    ``state`` is the state in words as (key, value) pairs (``("location of Ana", "the
    kitchen")``), ``sentences`` the same as short sentences, and ``assignment`` the canonical
    form ``certify verify`` rebuilds it from.
    """

    answer: str
    state: tuple[tuple[str, str], ...]
    sentences: tuple[str, ...]
    assignment: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)


class Conflict(Record):
    """A minimal set of contradicting statements, with what re-checked it.

    ``lines`` are the statements' lines; ``minimal`` says which kind of minimal
    (``subset-minimal`` or ``smallest``); ``witnesses`` pairs each line with a state that
    satisfies the rest; ``detail`` is a numeric certificate (the negative cycle, the Farkas
    multipliers); ``alternatives`` are the other minimal conflicts found by
    ``--all-conflicts`` (``complete`` when that list is all of them).
    """

    lines: tuple[int, ...]
    minimal: str = "subset-minimal"
    witnesses: tuple[tuple[int, Witness], ...] = ()
    detail: str = ""
    alternatives: tuple[tuple[int, ...], ...] = ()
    complete: bool = True


class Measured(Record):
    """A question about a measured quantity under both laws (seed paper §2): ``law`` is the
    one in force; ``interval`` the readings intersected (conjunction; None when disjoint),
    ``mean``/``variance`` their information-form combination (accumulation)."""

    law: str
    interval: Interval | None
    mean: Fraction
    variance: Fraction
    lines: tuple[int, ...]

    def to_dict(self) -> dict[str, Any]:
        """The ``measurement`` key of a question in JSON."""
        return {
            "law": self.law,
            "conjunction": None if self.interval is None else interval_json(self.interval),
            "accumulation": {
                "mean": format_number(self.mean),
                "variance": format_number(self.variance),
                "deviation": f"{math.sqrt(self.variance):.6g}",
            },
            "readings": list(self.lines),
        }


class Answer(Record):
    """What the text permits for one question, and how that is certified.

    ``status`` is ``forced``, ``open``, ``contradictory`` or ``unresolved``; ``answers`` is the
    outer set (a tuple of names, a ``Range`` for a numeric question, ``None`` when not known)
    and ``witnessed`` the answers a checked ``Witness`` shows; ``support`` (the lines that
    force a forced answer) and ``how`` (``stated``, ``compositional``) or ``conflict`` say why.
    ``line`` is ``None`` for a question given with ``questions=`` / ``--ask``; ``domain`` and
    ``reason`` say where a numeric answer was computed; ``stopped`` is ``(limit, reason)`` when
    a budget or a timeout cut the work short.
    """

    question: str
    line: int | None
    status: Status
    answers: AnswerSet
    witnessed: tuple[str, ...]
    witnesses: tuple[Witness, ...]
    support: tuple[int, ...] | None = None
    conflict: Conflict | None = None
    how: str | None = None
    domain: str = "boolean"
    reason: str = ""
    clock: bool = False
    generated: bool = False
    stopped: tuple[str, str] | None = None
    measurement: Measured | None = None

    def measured(self, unit: Unit) -> Answer:
        """The same answer with a numeric answer set as a ``Range`` measured in ``unit``."""
        if isinstance(self.answers, Interval):
            return replace(self, answers=Range.of(self.answers, unit))
        return self


class ReadingLine(Record):
    """How one statement was read: its ``line`` and ``text``, the constraint it was read as
    (``reading``), and the ``domain`` it went to."""

    line: int
    text: str
    reading: str
    domain: str


class Report(Record):
    """Everything certify says about one text: what ``certify FILE`` prints and ``--json`` writes.

    ``consistent`` is ``True`` or ``False`` when that is proven and ``None`` when a budget or
    a domain left it undecided (``consistency`` says the same in one word).
    """

    file: str
    law: str
    consistent: bool | None
    questions: tuple[Answer, ...]
    reading: tuple[ReadingLine, ...] = ()
    warnings: tuple[TextWarning, ...] = ()
    conflict: Conflict | None = None
    engine: str = "sat"
    story: bool = False
    grid: bool = False
    closed_world: bool = False
    """Read with ``--closed-world`` (``certify.meaning.closed``); in JSON only when true."""
    extra: dict[str, Any] = field(default_factory=dict, compare=False)
    text_sha256: str | None = field(default=None, compare=False)
    """The SHA-256 of the text certified (``certify.files.text_digest``), set by ``check`` and
    the command line; ``--resume`` matches recorded reports by it."""

    @property
    def consistency(self) -> Consistency:
        """``"consistent"``, ``"contradictory"`` or ``"unresolved"``."""
        if self.consistent is None:
            return "unresolved"
        return "consistent" if self.consistent else "contradictory"

    def to_dict(self) -> dict[str, Any]:
        """The report as the JSON document ``certify --json`` prints (``certify.report/1``)."""
        return to_json(self)

    def to_json(self, indent: int | None = None) -> str:
        """The report as JSON text: without ``indent``, exactly the line ``--json`` prints (``json``
        is imported here: text output needs none of it)."""
        import json

        return json.dumps(self.to_dict(), ensure_ascii=False, indent=indent)


def interval_json(interval: Interval) -> dict[str, Any]:
    """``{"low": "5", "high": "9", "low_closed": true, "high_closed": true}``."""
    return {
        "low": "-inf" if interval.low is None else format_number(interval.low),
        "high": "inf" if interval.high is None else format_number(interval.high),
        "low_closed": interval.low is not None and interval.low_closed,
        "high_closed": interval.high is not None and interval.high_closed,
    }


def _witness_json(witness: Witness) -> dict[str, Any]:
    return {
        "answer": witness.answer,
        "state": dict(witness.state),
        "sentences": list(witness.sentences),
        "assignment": witness.assignment,
    }


def _conflict_json(conflict: Conflict | None) -> list[int] | None:
    return None if conflict is None else list(conflict.lines)


def answer_json(answer: Answer) -> dict[str, Any]:
    """One question of the report as JSON."""
    answers: Any
    if isinstance(answer.answers, Range):
        answers = answer.answers.to_dict()
    elif isinstance(answer.answers, Interval):
        answers = Range.of(answer.answers, "clock" if answer.clock else "number").to_dict()
    elif answer.answers is None:
        answers = None
    else:
        answers = list(answer.answers)
    data: dict[str, Any] = {
        "question": answer.question,
        "line": answer.line,
        "status": answer.status,
        "answers": answers,
        "witnessed": list(answer.witnessed),
        "witnesses": [_witness_json(w) for w in answer.witnesses],
        "support": None if answer.support is None else list(answer.support),
        "conflict": _conflict_json(answer.conflict),
        "how": answer.how,
        "domain": answer.domain,
    }
    if answer.conflict is not None:
        data["conflict_detail"] = {
            "minimal": answer.conflict.minimal,
            "detail": answer.conflict.detail,
            "subset_witnesses": [
                {"without": line, **_witness_json(w)} for line, w in answer.conflict.witnesses
            ],
            "all_conflicts": [list(c) for c in answer.conflict.alternatives] or None,
            "all_conflicts_complete": answer.conflict.complete,
        }
    if answer.reason:
        data["reason"] = answer.reason
    if answer.generated:
        data["generated"] = True
    if answer.stopped:
        data["stopped"] = {"limit": answer.stopped[0], "reason": answer.stopped[1]}
    if answer.measurement is not None:
        data["measurement"] = answer.measurement.to_dict()
    return data


def to_json(report: Report) -> dict[str, Any]:
    """The report as the JSON document of SPEC section 5.

    ``consistent`` is a boolean, as SPEC shows it, and is left out when it is not known;
    ``consistency`` is always there: ``consistent``, ``contradictory`` or ``unresolved``.
    """
    known = {} if report.consistent is None else {"consistent": report.consistent}
    digest = {} if report.text_sha256 is None else {"text_sha256": report.text_sha256}
    return {
        "schema": SCHEMA,
        "file": report.file,
        **digest,
        "law": report.law,
        **known,
        "consistency": report.consistency,
        "engine": report.engine,
        "story": report.story,
        **({"grid": True} if report.grid else {}),
        **({"closed_world": True} if report.closed_world else {}),
        "questions": [answer_json(a) for a in report.questions],
        "reading": [
            {"line": r.line, "text": r.text, "reading": r.reading, "domain": r.domain}
            for r in report.reading
        ],
        "warnings": [w.to_dict() for w in report.warnings],
        **report.extra,
    }


def error_json(file: str, error: TextError | None, internal: str | None = None) -> dict[str, Any]:
    """The ``certify.error/1`` document of a file with no report: why, and where.

    ``error`` is the first problem (its line and column, ``null`` when the problem is the
    whole file, as for a missing or binary file); ``errors`` lists every sentence that could
    not be read, each located.  A bug in certify is ``kind: InternalError``.
    """
    if error is None:
        return {
            "schema": ERROR_SCHEMA,
            "file": file,
            "error": {
                "kind": "InternalError",
                "message": "internal error (a bug in certify)",
                "line": None,
                "column": None,
                "text": internal or "",
            },
            "errors": [],
        }
    return {
        "schema": ERROR_SCHEMA,
        "file": file,
        "error": {
            "kind": type(error).__name__,
            "message": error.message,
            "line": error.line or None,
            "column": error.column or None,
            "text": error.render(),
        },
        "errors": [_located(each, file) for each in error.errors],
    }


def _located(error: TextError, file: str) -> dict[str, Any]:
    return {
        "file": error.file or file,
        "line": error.line or None,
        "column": error.column or None,
        "message": error.message,
        "source": error.source_line or None,
        "expected": error.expected or None,
        "suggestion": error.suggestion or None,
    }
