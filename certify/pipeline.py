"""The pipeline of one text: read → lower → problem per question → certify → Report.

``check`` is also the Python API (``from certify import check``): it returns the same
``Report`` the command line renders.
"""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from dataclasses import replace

from certify import ir, limits
from certify.errors import TextError
from certify.lower import Lowering
from certify.mentions import Lowered, LoweredQuestion, Mention
from certify.moments import Reading, problem_at
from certify.readout.answer import Certifier, Options
from certify.readout.remains import remaining_questions
from certify.report import Answer, ReadingLine, Report
from certify.syntax.parse import Document, parse_sentence, read_document
from certify.text import show


def normalize_question(text: str) -> tuple[str, str]:
    """``--ask "where is ana"`` → ("where is ana", "?") — any case, final ``?`` optional."""
    stripped = text.strip()
    while stripped and stripped[-1] in "?.":
        stripped = stripped[:-1].rstrip()
    return stripped, "?"


def read(
    document: Document, asks: Sequence[str] = (), story: bool = False
) -> tuple[Reading, list[LoweredQuestion], Lowering]:
    """Lower a document, and the ``--ask`` questions against its final declarations."""
    lowering = Lowering(story=document.story or story)
    statements: list[Lowered] = []
    questions: list[LoweredQuestion] = []
    errors: list[TextError] = []
    for parsed in document.sentences:
        try:
            if parsed.is_question:
                questions.append(lowering.question(parsed))
            else:
                statements.append(lowering.statement(parsed))
        except TextError as error:
            errors.append(error)
    asked: list[LoweredQuestion] = []
    for text in asks:
        body, end = normalize_question(text)
        try:
            parsed = parse_sentence(body, 0, 1, end)
            asked.append(lowering.question(parsed, line=0))
        except TextError as error:
            error.source_line = error.source_line or body + end
            error.file = "--ask"
            errors.append(error)
    if errors:
        from certify.syntax.parse import TextErrors

        raise TextErrors(errors)
    return Reading(tuple(statements), tuple(questions), document.story or story), asked, lowering


def check(
    text: str,
    questions: Sequence[str] = (),
    *,
    file: str = "<text>",
    options: Options | None = None,
) -> Report:
    """Certify a text: its own questions, then ``questions`` against the whole text.

    With no question at all, report what remains of every variable (SPEC section 1).
    Raises ``TextError`` (with line, column and the closest form) for unreadable text.
    ``options.timeout`` is one deadline for the whole text (``certify.limits``).
    """
    options = options or Options()
    with limits.run(options.timeout):
        return _check(text, questions, file, options)


def _check(text: str, questions: Sequence[str], file: str, options: Options) -> Report:
    document = read_document(text, file)
    try:
        reading, asked, _ = read(document, questions, options.story)
    except TextError as error:
        for inner in getattr(error, "errors", [error]):
            if inner.line and not inner.source_line and inner.line <= len(document.lines):
                inner.located(file, document.lines[inner.line - 1])
            inner.file = inner.file or file
        raise
    certifiers: dict[int | None, Certifier] = {}
    answers: list[Answer] = []
    warnings: list[str] = []

    def certifier_at(line: int | None, extra: tuple[Mention, ...]) -> Certifier:
        problem = problem_at(reading, line, extra)
        # The number of statements the problem holds, counted as ``problem_at`` does: a
        # question after the last statement shares the whole text's certifier (and its work).
        key = len(
            [s for s in reading.statements if line is None or line <= 0 or s.statement.line < line]
        )
        cached = certifiers.get(key)
        if cached is not None and cached.problem.vocabulary == problem.vocabulary:
            return cached
        made = Certifier(problem, options)
        if cached is None:
            certifiers[key] = made
        return made

    for lowered in (*reading.questions, *asked):
        line = lowered.question.line or None
        certifier = certifier_at(line, lowered.mentions)
        warnings += _unknown_names(reading, lowered, line)
        answers.append(certifier.answer(lowered.question))
    whole = certifier_at(None, ())
    if not reading.questions and not asked:
        answers = [
            replace(whole.answer(q), generated=True) for q in remaining_questions(whole.problem)
        ]
    consistency = whole.consistency
    report = Report(
        file=file,
        law=whole.problem.law,
        consistent=consistency.consistent,
        questions=tuple(answers),
        reading=tuple(_reading(whole)),
        warnings=tuple(warnings),
        conflict=consistency.conflict,
        engine=options.engine,
        story=reading.story,
    )
    for certifier in certifiers.values():
        certifier.close()
    return report


def _reading(certifier: Certifier) -> list[ReadingLine]:
    numeric = {id(s) for s in certifier.numeric}
    vocabulary = certifier.problem.vocabulary
    group_of: dict[int, str] = {}
    for group in certifier.groups if certifier.numeric else []:
        for constraint in group.constraints:
            for tag in constraint.tags:
                group_of[tag] = f"{group.name} ({group.reason})"
    lines = []
    for statement in certifier.problem.statements:
        domain = (
            group_of.get(statement.line, "numeric") if id(statement) in numeric else "boolean (SAT)"
        )
        lines.append(
            ReadingLine(statement.line, statement.text, show(statement.formula, vocabulary), domain)
        )
    return lines


def _unknown_names(reading: Reading, lowered: LoweredQuestion, line: int | None) -> list[str]:
    """Warn about names a question uses that no statement above mentions (often a typo)."""
    known = {
        m.key: m.label
        for s in reading.statements
        if line is None or s.statement.line < line
        for m in s.mentions
        if m.label
    }
    warnings = []
    for mention in lowered.mentions:
        if (
            mention.label
            and mention.key not in known
            and mention.role in ("thing", "place", "number", "clock")
        ):
            close = difflib.get_close_matches(mention.key, list(known), n=1)
            hint = f"; did you mean {known[close[0]]!r}?" if close else ""
            where = f"line {line}" if line else "--ask"
            warnings.append(f"{where}: {mention.label!r} is not mentioned above{hint}")
    return list(dict.fromkeys(warnings))


__all__ = ["check", "ir"]
