"""What a batch comes to: each file's result, its expectations, the summary and exit code.

The vocabulary the batch (``certify.cli.batch``) fills in and the renderers, JUnit and the
HTML page read; kept below both so that output never imports the command line.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from certify.errors import ExitCode, TextError
from certify.records import Record

if TYPE_CHECKING:
    from certify.output.expect import Expected
    from certify.report import Answer, Report

STATUSES = ("forced", "open", "contradictory", "unresolved")


class Outcome(Record):
    """One expectation and whether the answer met it."""

    expected: Expected
    answer: Answer | None
    problem: str | None

    @property
    def passed(self) -> bool:
        """Whether the expectation held."""
        return self.problem is None


class FileResult(Record):
    """What happened to one file."""

    path: str
    report: Report | None = None
    error: TextError | None = None
    internal: str | None = None
    outcomes: tuple[Outcome, ...] = ()
    seconds: float = 0.0
    digest: str | None = None
    """The SHA-256 of the text (``certify.files.text_digest``) when it was read and either
    certified or refused for its sentences; ``None`` when it must be checked again."""
    counted: tuple[tuple[str, ...], int] | None = None
    """Instead of the report, for a batch that prints nothing of a certified file whose
    expectations all held (``--quiet`` text with ``--jobs``): its questions' statuses and how
    many expectations it had."""

    @property
    def failed(self) -> list[Outcome]:
        """The expectations that did not hold."""
        return [o for o in self.outcomes if not o.passed]


def result_json(result: FileResult, checking: bool) -> dict[str, Any]:
    """One line of ``--json`` output: the report (SPEC section 5), or the reason there is none.

    With ``--check`` the report gains ``expectations``: each ``# expect:`` line, whether it
    held, and why not.  ``text_sha256`` follows ``file`` when the text was read (the report's,
    or ``FileResult.digest`` for sentences that could not be read).  A file that could not be
    read is a ``certify.error/1`` document, so a JSON Lines consumer sees every file of the
    batch.
    """
    if result.report is None:
        from certify.report import error_json

        return _with_digest(error_json(result.path, result.error, result.internal), result)
    from certify.output.verdict import explain
    from certify.report import to_json

    document = to_json(result.report)
    if checking:
        document["expectations"] = [
            {
                "line": o.expected.line,
                "question_line": o.answer.line if o.answer is not None else None,
                "expect": o.expected.text,
                "passed": o.passed,
                "message": None if o.passed else explain(o.expected, o.answer),
            }
            for o in result.outcomes
        ]
    return document


def _with_digest(document: dict[str, Any], result: FileResult) -> dict[str, Any]:
    """``text_sha256`` right after ``file`` when the text was read and its sentences refused
    (a report has its own, ``Report.text_sha256``)."""
    if result.digest is None:
        return document
    items = list(document.items())
    at = next(i for i, (key, _) in enumerate(items) if key == "file") + 1
    return dict([*items[:at], ("text_sha256", result.digest), *items[at:]])


class Summary(Record):
    """What a batch came to: texts, questions per status, expectations, errors."""

    texts: int
    errors: int
    internal: int
    questions: tuple[tuple[str, int], ...]
    expectations: int
    failed: int

    @property
    def question_count(self) -> int:
        """How many questions were answered in all."""
        return sum(n for _, n in self.questions)

    def line(self) -> str:
        """``3 texts, 7 questions (4 forced, 3 open); 5 expectations, 0 failed; 0 errors``."""
        per_status = ", ".join(f"{n} {status}" for status, n in self.questions if n)
        parts = [
            _count(self.texts, "text"),
            _count(self.question_count, "question") + (f" ({per_status})" if per_status else ""),
        ]
        head = ", ".join(parts)
        checked = f"; {_count(self.expectations, 'expectation')} checked, {self.failed} failed"
        errors = f"; {_count(self.errors, 'error')}"
        bugs = f", {self.internal} internal" if self.internal else ""
        return head + checked + errors + bugs


class Tally:
    """A batch's counts, kept as its results arrive: a batch need not keep its reports to be
    summed up (a corpus of a million texts would hold them all in memory)."""

    def __init__(self) -> None:
        self.texts = self.errors = self.internal = self.expectations = self.failed = 0
        self.statuses: Counter[str] = Counter()

    def add(self, result: FileResult) -> None:
        """Count one file's result."""
        self.texts += 1
        self.errors += result.error is not None
        self.internal += result.internal is not None
        self.expectations += len(result.outcomes)
        self.failed += len(result.failed)
        if result.report is not None:
            self.statuses.update(a.status for a in result.report.questions)
        elif result.counted is not None:
            statuses, expectations = result.counted
            self.statuses.update(statuses)
            self.expectations += expectations

    def summary(self) -> Summary:
        """The counts so far."""
        per_status = tuple((s, self.statuses[s]) for s in STATUSES)
        return Summary(
            self.texts, self.errors, self.internal, per_status, self.expectations, self.failed
        )


def summarize(results: Iterable[FileResult]) -> Summary:
    """Count a finished batch."""
    tally = Tally()
    for result in results:
        tally.add(result)
    return tally.summary()


def exit_code(summary: Summary) -> ExitCode:
    """SPEC section 8: a bug beats an unreadable text, which beats a failed expectation."""
    if summary.internal:
        return ExitCode.INTERNAL
    if summary.errors:
        return ExitCode.BAD_TEXT
    if summary.failed:
        return ExitCode.EXPECTATION_FAILED
    return ExitCode.OK


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'s' if n != 1 else ''}"
