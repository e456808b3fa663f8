"""``--unique``: is the text well posed? (SPEC §3 "Well-posedness")

Two findings, for a puzzle author before publishing:

* the *solutions* (``certify.readout.unique``): exactly one (forced), two witnessed (open),
  none (contradictory);
* the *redundant* statements: one whose removal leaves every question's answer the same.
  A statement the others entail is redundant whatever is asked, and is shown with the lines
  it follows from; with questions, a statement is also redundant when the text without it,
  read and certified again from its sentences, gives every question the same status and
  answer set (shown as redundant "for the questions").  Declarations (a row, a category, a
  list of values or places) set up the state space and are not clues: they are never listed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from certify.errors import TextError
from certify.readout.answer import Certifier
from certify.readout.unique import entailed_by, solutions
from certify.report import Report, answer_json
from certify.syntax import ast
from certify.syntax import puzzle_ast as pz
from certify.syntax.parse import Document, Parsed

Recheck = Callable[[Document], Report]


def is_declaration(parsed: Parsed) -> bool:
    """A row, a category of values, ``The colors are ...``, ``The places are ...``."""
    node = parsed.node
    if isinstance(node, (pz.Row, ast.Declaration)):
        return True
    return isinstance(node, pz.Clause) and node.relation.kind == "values"


def _answers(report: Report) -> list[tuple[str, tuple[str, ...]]]:
    return [(a.status, tuple(answer_json(a)["answers"] or ())) for a in report.questions]


def well_posed(
    document: Document, whole: Certifier, report: Report, recheck: Recheck
) -> dict[str, Any]:
    """The ``unique`` section of the report (JSON), for ``--unique``."""
    found = solutions(whole)
    asked = [a for a in report.questions if not a.generated]
    expected = _answers(report) if asked else None
    redundant: list[dict[str, Any]] = []
    for parsed in document.sentences:
        if parsed.is_question or is_declaration(parsed):
            continue
        given = entailed_by(whole, parsed.line, parsed.column)
        if given is not None:
            redundant.append(_entry(parsed, "entailed", list(given)))
        elif expected is not None and _same_without(document, parsed, recheck, expected):
            redundant.append(_entry(parsed, "questions", None))
    return {
        "status": found.status,
        "solutions": [
            {"sentences": list(w.sentences), "state": dict(w.state)} for w in found.witnesses
        ],
        "reason": found.reason,
        "redundant": redundant,
    }


def _entry(parsed: Parsed, why: str, given: list[int] | None) -> dict[str, Any]:
    return {"line": parsed.line, "text": parsed.text, "why": why, "given": given}


def _same_without(
    document: Document,
    parsed: Parsed,
    recheck: Recheck,
    expected: list[tuple[str, tuple[str, ...]]],
) -> bool:
    """Whether every question keeps its status and answers without this statement."""
    rest = tuple(s for s in document.sentences if s is not parsed)
    try:
        other = recheck(replace(document, sentences=rest))
    except TextError:  # the rest no longer reads (a name it declared is gone)
        return False
    return _answers(other) == expected
