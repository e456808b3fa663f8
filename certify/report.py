"""The Report: one frozen result per text, rendered as text or as JSON (SPEC section 5).

Everything the renderer shows is decided before it gets here; ``to_json`` is the contract
(``schema: certify.report/1``).  Answer sets are strings for finite questions and an
``Interval`` for numeric ones; witnesses carry the full state in words, already re-checked
by the evaluator.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal, Union

from certify.numeric import Interval, format_number

Status = Literal["forced", "open", "contradictory", "unresolved"]
AnswerSet = Union[tuple[str, ...], Interval, None]  # noqa: UP007 (a runtime alias)
SCHEMA = "certify.report/1"


@dataclass(frozen=True, slots=True)
class Witness:
    """A complete state in which the question has ``answer``, checked against the text."""

    answer: str
    state: tuple[tuple[str, str], ...]
    sentences: tuple[str, ...]
    assignment: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)


@dataclass(frozen=True, slots=True)
class Conflict:
    """A minimal set of contradicting statements, with what re-checked it."""

    lines: tuple[int, ...]
    minimal: str = "subset-minimal"
    witnesses: tuple[tuple[int, Witness], ...] = ()
    detail: str = ""
    alternatives: tuple[tuple[int, ...], ...] = ()
    complete: bool = True


@dataclass(frozen=True, slots=True)
class Answer:
    """What the text permits for one question, and how that is certified."""

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


@dataclass(frozen=True, slots=True)
class ReadingLine:
    """How one statement was read: the constraint and the domain it went to."""

    line: int
    text: str
    reading: str
    domain: str


@dataclass(frozen=True, slots=True)
class Report:
    """Everything certify says about one text."""

    file: str
    law: str
    consistent: bool | None
    questions: tuple[Answer, ...]
    reading: tuple[ReadingLine, ...] = ()
    warnings: tuple[str, ...] = ()
    conflict: Conflict | None = None
    engine: str = "sat"
    story: bool = False
    extra: dict[str, Any] = field(default_factory=dict, compare=False)


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
    if isinstance(answer.answers, Interval):
        answers = interval_json(answer.answers)
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
    return data


def to_json(report: Report) -> dict[str, Any]:
    """The report as the JSON document of SPEC section 5."""
    return {
        "schema": SCHEMA,
        "file": report.file,
        "law": report.law,
        "consistent": report.consistent,
        "engine": report.engine,
        "story": report.story,
        "questions": [answer_json(a) for a in report.questions],
        "reading": [
            {"line": r.line, "text": r.text, "reading": r.reading, "domain": r.domain}
            for r in report.reading
        ],
        "warnings": list(report.warnings),
        **report.extra,
    }
