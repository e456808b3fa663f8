"""Report → rich renderables for people.  Decides nothing; shows what the Report says.

User text only ever enters ``rich.text.Text`` through ``append`` (never as markup), and
non-printable characters are shown escaped, so a sentence containing ``[bold]`` or a
terminal control sequence is printed as the characters it is.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.console import Group, RenderableType
from rich.text import Text

from certify.batch import FileResult, Summary
from certify.errors import printable
from certify.expect import show_interval
from certify.numeric import Interval
from certify.report import Answer, Report

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
    """The outer set as text: ``{the kitchen, the garden}`` or ``[9:05, 9:25]``."""
    if isinstance(answer.answers, Interval):
        return show_interval(answer.answers, answer.clock)
    if answer.answers is None:
        return "(not known)"
    return "{" + ", ".join(answer.answers) + "}"


def render_answer(answer: Answer, explain: bool) -> RenderableType:
    """One question: status, answer set, how it is certified, witnesses."""
    lines: list[RenderableType] = []
    head = Text("  ")
    head.append(
        f"line {answer.line}  "
        if answer.line
        else "--ask   "
        if not answer.generated
        else "        ",
        "dim",
    )
    head.append(safe(answer.question), "bold")
    lines.append(head)
    status = Text("    ")
    status.append(answer.status, COLORS[answer.status])
    if answer.status != "contradictory":
        status.append(": " + safe(answer_set(answer)))
    if answer.how and answer.support is not None:
        numbers = ", ".join(str(x) for x in answer.support)
        plural = "s" if len(answer.support) != 1 else ""
        how = (
            f"{answer.how}, by line{plural} {numbers}"
            if numbers
            else "by the meaning of the words alone"
        )
        status.append(f"  — {how}", "cyan")
    if answer.conflict is not None:
        lines_text = ", ".join(str(x) for x in answer.conflict.lines)
        status.append(
            f"  — lines {lines_text} contradict each other ({answer.conflict.minimal})", "red"
        )
    lines.append(status)
    if answer.conflict is not None and answer.conflict.detail:
        lines.append(Text("    " + safe(answer.conflict.detail), "red"))
    if answer.conflict is not None and explain:
        for line, witness in answer.conflict.witnesses:
            text = Text(f"    without line {line}: ", "dim")
            text.append(safe("; ".join(witness.sentences)))
            lines.append(text)
    for witness in answer.witnesses:
        text = Text("    witness ", "dim")
        text.append(f"({safe(witness.answer)})", "italic")
        text.append(": " + safe("; ".join(witness.sentences) or "(nothing to say)"))
        lines.append(text)
    if answer.status == "unresolved" and answer.reason:
        lines.append(Text("    why: " + safe(answer.reason), "magenta"))
    if explain and answer.reason and answer.status != "unresolved":
        lines.append(Text(f"    domain: {answer.domain} ({safe(answer.reason)})", "dim"))
    return Group(*lines)


def render_report(report: Report, explain: bool = False) -> RenderableType:
    """A whole report."""
    parts: list[RenderableType] = []
    title = Text()
    title.append(safe(report.file), "bold underline")
    consistent = {
        True: ("consistent", "green"),
        False: ("contradictory", "red"),
        None: ("consistency unresolved", "magenta"),
    }
    word, style = consistent[report.consistent]
    title.append(f"  (law: {report.law}; ", "dim")
    title.append(word, style)
    title.append(")", "dim")
    parts.append(title)
    if report.questions and report.questions[0].generated:
        parts.append(Text("  what remains (no question asked):", "dim"))
    if explain:
        for line in report.reading:
            text = Text(f"  read line {line.line}: ", "dim")
            text.append(safe(line.reading))
            text.append(f"   [{line.domain}]", "dim")
            parts.append(text)
    parts.extend(render_answer(a, explain) for a in report.questions)
    return Group(*parts)


def render_result(result: FileResult, explain: bool, checking: bool) -> RenderableType:
    """One file of a batch: its report and, with --check, its failed expectations."""
    if result.report is None:
        return Text("")
    parts: list[RenderableType] = [render_report(result.report, explain)]
    if checking and result.failed:
        parts.append(render_failures(result))
    return Group(*parts)


# ------------------------------------------------------------------ batch-level parts


def render_failures(result: FileResult) -> RenderableType:
    """Each failed expectation: where, the question, expected against got, and the refutation.

    ``FAIL samples/x.txt:4  Where is Ana?`` then ``expected forced: the garden, got open: ...,
    but the text also permits the kitchen: witness: Ana is in the kitchen``.
    """
    from certify.verdict import explain

    lines: list[RenderableType] = []
    for outcome in result.failed:
        head = Text("  FAIL ", "bold red")
        head.append(f"{safe(result.path)}:{outcome.expected.line}", "bold")
        if outcome.answer is not None:
            head.append("  " + safe(outcome.answer.question))
        lines.append(head)
        lines.append(Text("       " + safe(explain(outcome.expected, outcome.answer)), "red"))
    return Group(*lines)


def render_summary(summary: Summary, ok: bool) -> Text:
    """The batch in one line, green when it passed and red when it did not."""
    return Text(summary.line(), "bold green" if ok else "bold red")


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
