"""The reading of a text, as the report shows it: each statement's formula and domain."""

from __future__ import annotations

from certify.meaning.text import shown_by
from certify.readout.answer import Certifier
from certify.report import ReadingLine


def reading_lines(certifier: Certifier) -> list[ReadingLine]:
    """How the certifier read each statement of the text: its formula and its domain."""
    numeric = {id(s) for s in certifier.numeric}
    shown = shown_by(certifier.problem.vocabulary)
    group_of: dict[int, str] = {}
    for group in certifier.groups if certifier.numeric else []:
        domain = f"{group.name} ({group.reason})"
        for constraint in group.constraints:
            for tag in constraint.tags:
                group_of[tag] = domain
    lines = []
    for statement in certifier.problem.statements:
        if statement.closure:  # the completion is no sentence of the text
            continue
        domain = (
            group_of.get(statement.line, "numeric") if id(statement) in numeric else "boolean (SAT)"
        )
        lines.append(ReadingLine(statement.line, statement.text, shown(statement.formula), domain))
    return lines
