"""Report → styled lines for people.  Decides nothing; shows what the Report says.

Every line is a ``Hanging`` row, never a pre-joined string: a label (``witness (Luis): ``) and
a body that a terminal wraps at its width, continuing under the body (a hanging indent,
``row``), so nothing is broken in the middle of a word.  Supports and conflicts list their
statements with their line numbers.  The lines are ``certify.output.styled`` values: rich
shows them on a terminal, and into a pipe they are written without importing rich.

User text only ever enters a line as the characters it is (``Styled``, never rich markup), and
non-printable characters are shown escaped, so a sentence containing ``[bold]`` or a
terminal control sequence is printed as the characters it is.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from certify.errors import printable
from certify.numeric import Interval, format_number, show_interval
from certify.output.results import FileResult, Summary
from certify.output.styled import Block, Hanging, Shown, Styled
from certify.report import Answer, ReadingLine, Report

if TYPE_CHECKING:
    from rich.console import Console
    from rich.progress import Progress

COLORS = {
    "forced": "bold green",
    "open": "bold yellow",
    "contradictory": "bold red",
    "unresolved": "bold magenta",
}


safe = printable
"""Escape anything a terminal would interpret (``certify.errors.printable``, the one function)."""


def answer_set(answer: Answer) -> str:
    """The outer set as text: ``{the kitchen, the garden}`` or ``[9:05, 9:25]``; answers that
    hold a comma themselves (routes: ``south, east``) are kept apart by `` | ``."""
    if isinstance(answer.answers, Interval):
        return show_interval(answer.answers, answer.clock)
    if answer.answers is None:
        return "(not known)"
    apart = " | " if any("," in a for a in answer.answers) else ", "
    return "{" + apart.join(answer.answers) + "}"


def row(indent: int, label: Styled | str, body: Styled | str = "") -> Hanging:
    """One line of the report: ``label`` and a ``body`` that wraps under itself."""
    return Hanging(
        indent,
        label if isinstance(label, Styled) else Styled(label),
        body if isinstance(body, Styled) else Styled(body),
    )


def _plain(text: str, style: str = "") -> Styled:
    """User text, escaped, as a piece of text (never read as markup)."""
    return Styled(safe(text), style)


def _statements(lines: tuple[int, ...], reading: tuple[ReadingLine, ...]) -> list[Hanging]:
    """``line 2  Ana is in the kitchen or the garden.`` for each line of a support or conflict."""
    texts: dict[int, list[str]] = {}
    for statement in reading:  # a line's readings share its text when one sentence has several
        shown = texts.setdefault(statement.line, [])
        if statement.text not in shown:
            shown.append(statement.text)
    return [
        row(6, Styled(f"line {line}  ", "dim"), _plain(" ".join(texts[line])))
        for line in lines
        if line in texts
    ]


def _status(answer: Answer, closed: bool = False) -> Hanging:
    """The status line; ``closed``: under --closed-world, where nothing derived is false."""
    label = Styled()
    label.append(answer.status, COLORS[answer.status])
    body = Styled()
    if answer.status != "contradictory":
        label.append(": ")
        body.append(safe(answer_set(answer)))
    if answer.how and answer.support is not None:
        numbers = ", ".join(str(x) for x in answer.support)
        plural = "s" if len(answer.support) != 1 else ""
        how = (
            f"{answer.how}, by line{plural} {numbers}"
            if numbers
            else "by the closed world alone: nothing derives it"
            if closed
            else "by the meaning of the words alone"
        )
        body.append(f"  — {how}", "cyan")
    if answer.conflict is not None:
        lines_text = ", ".join(str(x) for x in answer.conflict.lines)
        said = (
            f"line {lines_text} contradicts itself"
            if len(answer.conflict.lines) == 1
            else f"lines {lines_text} contradict each other"
        )
        body.append(f"  — {said} ({answer.conflict.minimal})", "red")
    return row(4, label, body)


def _measurement(answer: Answer, explain: bool) -> list[Hanging]:
    """A measured quantity: the law in force first; the other one with ``--explain``."""
    measured = answer.measurement
    if measured is None:
        return []
    readings = ", ".join(str(x) for x in measured.lines)
    deviation = f"{math.sqrt(measured.variance):.4g}"
    estimate = (
        f"mean {format_number(measured.mean)}, standard deviation {deviation} "
        f"(variance {format_number(measured.variance)}; lines {readings})"
    )
    interval = "disjoint" if measured.interval is None else show_interval(measured.interval)
    conjunction = f"the readings intersected: {interval} (lines {readings})"
    shown = [("accumulation", estimate), ("conjunction", conjunction)]
    if measured.law == "conjunction":
        shown.reverse()
    rows = [row(4, Styled(f"law ({shown[0][0]}): ", "cyan"), _plain(shown[0][1]))]
    if explain:
        rows.append(row(4, Styled(f"under {shown[1][0]}: ", "dim"), _plain(shown[1][1], "dim")))
    return rows


def render_answer(
    answer: Answer, explain: bool, reading: tuple[ReadingLine, ...] = (), closed: bool = False
) -> Shown:
    """One question: status, answer set, how it is certified (with its sentences), witnesses."""
    where = (
        f"line {answer.line}  " if answer.line else "--ask   " if not answer.generated else " " * 8
    )
    lines: list[Shown] = [
        row(2, Styled(where, "dim"), _plain(answer.question, "bold")),
        _status(answer, closed),
    ]
    if answer.support:
        lines.extend(_statements(answer.support, reading))
    conflict = answer.conflict
    if conflict is not None:
        lines.extend(_statements(conflict.lines, reading))
        if conflict.detail:
            lines.append(row(4, "", _plain(conflict.detail, "red")))
        if conflict.alternatives:  # --all-conflicts
            every = "; ".join("lines " + ", ".join(map(str, c)) for c in conflict.alternatives)
            every += "" if conflict.complete else " (the budget stopped the search here)"
            count = len(conflict.alternatives)
            lines.append(
                row(4, Styled(f"every minimal conflict ({count}): ", "dim"), _plain(every))
            )
        if explain:
            for line, witness in conflict.witnesses:
                shown = _plain("; ".join(witness.sentences))
                lines.append(row(4, Styled(f"without line {line}: ", "dim"), shown))
    for witness in answer.witnesses:
        label = Styled("witness ", "dim")
        label.append(f"({safe(witness.answer)})", "italic")
        label.append(": ")
        lines.append(row(4, label, _plain("; ".join(witness.sentences) or "(nothing to say)")))
    lines.extend(_measurement(answer, explain))
    if answer.status == "unresolved" and answer.reason:
        lines.append(row(4, Styled("why: ", "magenta"), _plain(answer.reason, "magenta")))
    if explain and answer.reason and answer.status != "unresolved":
        body = _plain(f"{answer.domain} ({answer.reason})", "dim")
        lines.append(row(4, Styled("domain: ", "dim"), body))
    return Block(*lines)


def render_report(report: Report, explain: bool = False) -> Shown:
    """A whole report."""
    parts: list[Shown] = []
    consistent = {
        True: ("consistent", "green"),
        False: ("contradictory", "red"),
        None: ("consistency unresolved", "magenta"),
    }
    word, style = consistent[report.consistent]
    closed = "closed world; " if report.closed_world else ""
    law = Styled(f"  (law: {report.law}; {closed}", "dim")
    law.append(word, style)
    law.append(")", "dim")
    parts.append(row(0, _plain(report.file, "bold underline"), law))
    if report.questions and report.questions[0].generated:
        parts.append(Styled("  what remains (no question asked):", "dim"))
    if explain:
        for line in report.reading:
            text = _plain(line.reading)
            text.append(f"   [{line.domain}]", "dim")
            parts.append(row(2, Styled(f"read line {line.line}: ", "dim"), text))
    closed_world = report.closed_world
    parts.extend(render_answer(a, explain, report.reading, closed_world) for a in report.questions)
    if "unique" in report.extra:
        parts.extend(_well_posed(report.extra["unique"]))
    return Block(*parts)


_SOLUTIONS = {
    "forced": ("exactly one solution", "green"),
    "open": ("more than one solution; two of them:", "yellow"),
    "contradictory": ("no solution", "red"),
    "unresolved": ("the number of solutions is unresolved", "magenta"),
}


def _well_posed(found: dict[str, Any]) -> list[Shown]:
    """``--unique``: the solutions, then every redundant statement with why."""
    said, style = _SOLUTIONS[found["status"]]
    head = Styled(said, style)
    if found["reason"]:
        head.append(f" ({found['reason']})", "magenta")
    parts: list[Shown] = [row(2, Styled("well posed? ", "bold"), head)]
    for number, solution in enumerate(found["solutions"], start=1):
        shown = _plain("; ".join(solution["sentences"]) or "(nothing to say)")
        parts.append(row(4, Styled(f"solution {number}: ", "dim"), shown))
    if not found["redundant"]:
        parts.append(row(4, Styled("redundant: ", "dim"), _plain("none")))
    for entry in found["redundant"]:
        if entry["given"] is not None:
            why = "follows from lines " + ", ".join(map(str, entry["given"]))
        else:
            why = "every question's answer is the same without it"
        said_line = _plain(entry["text"])
        said_line.append(f"  ({why})", "dim")
        parts.append(row(4, Styled(f"redundant line {entry['line']}: ", "dim"), said_line))
    return parts


def render_result(result: FileResult, explain: bool, checking: bool) -> Shown:
    """One file of a batch: its report and, with --check, its failed expectations."""
    if result.report is None:
        return Styled("")
    parts: list[Shown] = [render_report(result.report, explain)]
    if checking and result.failed:
        parts.append(render_failures(result))
    return Block(*parts)


# ------------------------------------------------------------------ batch-level parts


def render_failures(result: FileResult) -> Shown:
    """Each failed expectation: where, the question, expected against got, and the refutation.

    ``FAIL samples/x.txt:4  Where is Ana?`` then ``expected forced: the garden, got open: ...,
    but the text also permits the kitchen: witness: Ana is in the kitchen``.
    """
    from certify.output.verdict import explain

    lines: list[Shown] = []
    for outcome in result.failed:
        head = Styled()
        head.append(f"{safe(result.path)}:{outcome.expected.line}", "bold")
        if outcome.answer is not None:
            head.append("  " + safe(outcome.answer.question))
        lines.append(row(2, Styled("FAIL ", "bold red"), head))
        lines.append(row(7, "", _plain(explain(outcome.expected, outcome.answer), "red")))
    return Block(*lines)


def render_summary(summary: Summary, ok: bool) -> Styled:
    """The batch in one line, green when it passed and red when it did not."""
    return Styled(summary.line(), "bold green" if ok else "bold red")


def progress_bar(console: Console, total: int, follows_stdout: bool) -> Progress:
    """A transient bar (files done, elapsed time, the file just finished) for long batches.

    With ``follows_stdout`` the bar shares the results' console and whatever is printed goes
    above it; otherwise it lives on stderr and leaves stdout alone.  File names are shown as
    plain text, never as markup.
    """
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    bar = Progress(
        TextColumn("certifying"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TextColumn("{task.fields[file]}", markup=False),
        console=console,
        transient=True,
        redirect_stdout=follows_stdout,
        redirect_stderr=follows_stdout,
    )
    bar.add_task("certifying", total=total, file="")
    return bar
