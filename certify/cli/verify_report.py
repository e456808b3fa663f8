"""One saved report against its text: shape first, then the text-wide claims, then each question.

``verify_report`` never trusts a field it has not checked: a report that is not shaped like
one (``certify.cli.verify_shape``) is answered with the fields that are wrong and nothing else.
The text-wide claims are re-derived too: ``law`` from the reading of the text, and
``consistent`` by the same second route the questions use (enumeration of small spaces,
Glucose and the exact linear domain otherwise), so that a consistent text reported as
``"consistent": false`` (or the other way round) does not verify.
"""

from __future__ import annotations

from typing import Any

from certify.cli.verify import Checker, finite_answers
from certify.cli.verify_shape import shape_problems
from certify.errors import UsageError
from certify.meaning import ir, queries
from certify.meaning.mentions import LoweredQuestion
from certify.meaning.moments import Reading, problem_at
from certify.meaning.possession import asks_events
from certify.pipeline import read
from certify.readout.remains import remaining_questions
from certify.report import SCHEMA
from certify.syntax.parse import read_document


def verify_document(data: Any, text: str, file: str = "<text>") -> list[str]:
    """Every broken claim of one JSON report about ``text`` (empty: the report holds).

    The report's shape is checked first (``certify.cli.verify_shape``), then its top-level
    claims, then every question (``Checker`` in ``certify.cli.verify``).
    """
    if not isinstance(data, dict) or data.get("schema") != SCHEMA:
        schema = data.get("schema") if isinstance(data, dict) else None
        return [f"not a certify report (schema {schema!r}, expected {SCHEMA!r})"]
    malformed = shape_problems(data)
    if malformed:
        return [f"malformed report: {problem}" for problem in malformed]
    questions: list[dict[str, Any]] = data["questions"]
    asks = [q["question"] for q in questions if not q.get("line") and not q.get("generated")]
    grid = bool(data.get("grid", False))
    document = read_document(text, file, grid)
    laws = {(q.get("measurement") or {}).get("law") for q in questions if isinstance(q, dict)}
    law = "accumulation" if "accumulation" in laws else None  # --law accumulation, reported
    closed_world = bool(data.get("closed_world", False))
    story = bool(data.get("story", False))
    reading, asked, _ = read(document, asks, story, law, closed_world, grid=grid)
    whole = problem_at(reading, None)
    broken = _text_claims(data, whole)
    by_line = {q.question.line: q for q in reading.questions}
    generated = {q.text: q for q in remaining_questions(whole)}
    asked_iter = iter(asked)
    for entry in questions:
        found = _locate(entry, reading, by_line, asked_iter, generated)
        if isinstance(found, str):
            broken.append(found)
            continue
        problem, query = found
        broken += Checker(problem, query, entry).run()
    return broken


def _text_claims(data: dict[str, Any], whole: ir.Problem) -> list[str]:
    """``law`` and ``consistent``, re-derived from the text."""
    broken = []
    if data["law"] != whole.law:
        broken.append(f"the text is read with the {whole.law} law, not {data['law']!r}")
    claimed = data["consistent"]
    if claimed is not None:
        consistent = bool(finite_answers(whole, queries.AskTruth(ir.Const(True))))
        if consistent != claimed:
            actual = "consistent" if consistent else "contradictory"
            broken.append(f"the text is {actual}, not '\"consistent\": {str(claimed).lower()}'")
    return broken


def _locate(
    entry: dict[str, Any],
    reading: Reading,
    by_line: dict[int, LoweredQuestion],
    asked: Any,
    generated: dict[str, queries.Question],
) -> tuple[ir.Problem, queries.Query] | str:
    """The problem and meaning of a reported question, read again from the text."""
    line = entry.get("line")
    if entry.get("generated"):
        question = generated.get(entry["question"])
        if question is None:
            return f"the question {entry['question']!r} is not one the text raises"
        return problem_at(reading, None, events=asks_events(question.query)), question.query
    if line:
        lowered = by_line.get(line)
        if lowered is None or lowered.question.text != entry["question"]:
            return f"line {line}: the text has no question {entry['question']!r} there"
        question = lowered.question
        events = asks_events(question.query)
        problem = problem_at(
            reading, question.line, lowered.mentions, question.column, events=events
        )
        return problem, question.query
    try:
        lowered = next(asked)
    except StopIteration:
        raise UsageError("the report's --ask questions do not match") from None
    query = lowered.question.query
    return problem_at(reading, None, lowered.mentions, events=asks_events(query)), query
