"""Run certify through its public API and compare what it says with the oracle.

Only ``certify.check``, ``certify.TextError``, ``certify.CertifyError`` and
``certify.report.to_json`` are used: the JSON contract of SPEC section 5 is all this module
reads (status, answers, witnessed, consistent). Answers are compared in a canonical form:
case-free, and a set of names ("Ana and Bea", "nobody", "(none)") as a sorted set.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from certify import CertifyError, Options, TextError, check
from certify.report import to_json
from tests.reference.finite_english import question_text, render
from tests.reference.finite_semantics import Expected, expected
from tests.reference.finite_text import FiniteText, questions_of

EMPTY_GROUP = "(nobody)"


def canonical(answer: str) -> str:
    """One spelling per answer: lower case, and a set of names sorted ("bea & ana")."""
    text = answer.strip().lower()
    if text in ("nobody", "(none)"):
        return EMPTY_GROUP
    parts = [p for p in re.split(r",\s*|\s+and\s+", text) if p]
    return " & ".join(sorted(parts))


@dataclass(frozen=True)
class Answered:
    """One question as certify's JSON reports it."""

    question: str
    line: int | None
    status: str
    answers: frozenset[str] | None
    witnessed: frozenset[str]
    limit: str | None = None  # what stopped an unresolved question: budget, timeout, memory


@dataclass(frozen=True)
class Observed:
    consistent: bool | None  # None: certify left consistency unresolved (sound, never wrong)
    questions: tuple[Answered, ...]


def _answer_set(values: Any) -> frozenset[str] | None:
    if not isinstance(values, list):
        return None
    return frozenset(canonical(str(v)) for v in values)


TIMEOUT = 120.0
"""Seconds per text: far above any generated text's time, so that only a hang (or a machine
loaded beyond reason) meets it; a question it stops is not counted as a weak answer."""


def observe(text: str, asks: list[str]) -> Observed:
    """certify's consistency and answers for ``text`` (raises TextError when it refuses)."""
    report = to_json(check(text, questions=asks, options=Options(timeout=TIMEOUT)))
    answered = tuple(
        Answered(
            question=q["question"],
            line=q["line"],
            status=q["status"],
            answers=_answer_set(q["answers"]),
            witnessed=_answer_set(q["witnessed"]) or frozenset(),
            limit=(q.get("stopped") or {}).get("limit"),
        )
        for q in report["questions"]
    )
    consistent = report.get("consistent")
    return Observed(None if consistent is None else bool(consistent), answered)


@dataclass(frozen=True)
class Finding:
    """One difference between certify and the oracle, with a kind to count it by."""

    kind: str
    detail: str


@dataclass
class Comparison:
    english: str
    asks: list[str]
    questions: int = 0
    unresolved: list[str] = field(default_factory=list)  # stopped by a budget: a weak answer
    timed_out: list[str] = field(default_factory=list)  # stopped by the clock: the machine's
    findings: list[Finding] = field(default_factory=list)


def compare(text: FiniteText) -> Comparison:
    """Render ``text``, ask certify, answer with the oracle, and list every difference."""
    english, asks = render(text)
    result = Comparison(english, asks)
    truth = expected(text)
    result.questions = len(truth.outcomes)
    try:
        seen = observe(english, asks)
    except TextError as error:
        first = str(error).splitlines()[0] if str(error) else type(error).__name__
        result.findings.append(Finding("refused", first))
        return result
    except CertifyError as error:
        result.findings.append(Finding("certify error", f"{type(error).__name__}: {error}"))
        return result
    except Exception as error:  # an internal error of certify is a finding, not a crash here
        result.findings.append(Finding("internal error", f"{type(error).__name__}: {error}"))
        return result
    wanted = [question_text(q) for q in questions_of(text.lines)]
    wanted += asks
    if [q.question.lower() for q in seen.questions] != [q.lower() for q in wanted]:
        result.findings.append(Finding("questions out of order", repr(seen.questions)))
        return result
    _compare_report(truth, seen, result)
    return result


def _compare_report(truth: Expected, seen: Observed, result: Comparison) -> None:
    if seen.consistent is not None and truth.consistent != seen.consistent:
        kind = f"consistent: oracle {truth.consistent}, certify {seen.consistent}"
        result.findings.append(Finding(kind, ""))
    if len(seen.questions) != len(truth.outcomes):
        detail = f"{len(seen.questions)} answered, {len(truth.outcomes)} asked"
        result.findings.append(Finding("question count", detail))
        return
    for want, got in zip(truth.outcomes, seen.questions):
        answers = frozenset(canonical(a) for a in want.answers)
        where = f"line {got.line}: {got.question}" if got.line else f"--ask {got.question}"
        shape = got.question.split()[0].lower()
        said = f"certify {got.status} {sorted(got.answers or ())}"
        detail = f"{where} -- oracle {want.status} {sorted(answers)}, {said}"
        if not got.witnessed <= answers:
            result.findings.append(Finding(f"witness outside the true set ({shape})", detail))
        if not _certified(got):
            result.findings.append(Finding(f"{got.status} without its witnesses ({shape})", detail))
        if got.status == "unresolved":
            (result.timed_out if got.limit == "timeout" else result.unresolved).append(detail)
            if got.answers is not None and not answers <= got.answers:
                result.findings.append(Finding(f"outer set misses answers ({shape})", detail))
            continue
        if got.status != want.status:
            kind = f"status: oracle {want.status}, certify {got.status} ({shape})"
            result.findings.append(Finding(kind, detail))
        elif want.status != "contradictory" and got.answers != answers:
            result.findings.append(Finding(f"answer set ({shape})", detail))


def _certified(got: Answered) -> bool:
    """SPEC 1: forced needs a witness of its one answer; open needs two different witnessed
    answers, or one in an unnamed place (it stands for many)."""
    if got.status == "forced":
        return got.witnessed == got.answers and len(got.witnessed) == 1
    if got.status == "open":
        return len(got.witnessed) >= 2 or "(other)" in got.witnessed
    return got.status != "contradictory" or not got.witnessed
