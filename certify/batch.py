"""Files and folders: read each text safely, certify it, check its expectations, count.

One bad file never hides the others: every failure to read (missing, binary, not UTF-8,
empty, too large, a sentence that cannot be parsed) becomes a ``FileResult`` with an error,
and the batch goes on.  Internal errors (bugs) are caught per file too and reported as such.
One process certifies the whole batch, so the parser is built once; ``jobs > 1`` hands the
files to worker processes (``certify.parallel``) and gives back the same results in the same
order.  ``Summary`` and ``exit_code`` turn a finished batch into SPEC section 8's numbers.
"""

from __future__ import annotations

import fnmatch
import os
import time
import traceback
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from certify import run_limits
from certify.errors import ExitCode, TextError, UnreadableFile, UsageError
from certify.files import read_text as read_text
from certify.limits import MAX_BYTES as MAX_BYTES
from certify.limits import MAX_SENTENCES as MAX_SENTENCES

if TYPE_CHECKING:
    from certify.expect import Expected
    from certify.readout.answer import Options
    from certify.report import Answer, Report

STATUSES = ("forced", "open", "contradictory", "unresolved")

Entry = tuple[str, TextError | None]
"""A path to certify, or the reason it cannot even be opened (a missing path, an empty folder)."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """One expectation and whether the answer met it."""

    expected: Expected
    answer: Answer | None
    problem: str | None

    @property
    def passed(self) -> bool:
        """Whether the expectation held."""
        return self.problem is None


@dataclass(frozen=True, slots=True)
class FileResult:
    """What happened to one file."""

    path: str
    report: Report | None = None
    error: TextError | None = None
    internal: str | None = None
    outcomes: tuple[Outcome, ...] = ()
    seconds: float = 0.0

    @property
    def failed(self) -> list[Outcome]:
        """The expectations that did not hold."""
        return [o for o in self.outcomes if not o.passed]


def collect(paths: Sequence[str], pattern: str = "*.txt") -> list[Entry]:
    """Expand folders into files matching ``pattern``; a missing path is an error entry.

    Folders are searched recursively in sorted order, skipping hidden folders (``.git``,
    ``.venv``) and never following symbolic links to folders; a file named twice is
    certified once, where it first appears.
    """
    found: list[Entry] = []
    seen: set[str] = set()

    def add(path: str) -> None:
        key = os.path.realpath(path)
        if key not in seen:
            seen.add(key)
            found.append((path, None))

    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            files = _walk(path, pattern)
            if not files:
                found.append((raw, UnreadableFile(f"no {pattern} files in this folder", file=raw)))
            for file in files:
                add(file)
        elif path.exists():
            add(raw)
        else:
            found.append((raw, UnreadableFile("no such file or folder", file=raw)))
    return found


def _walk(root: Path, pattern: str) -> list[str]:
    matches: list[str] = []
    for folder, subfolders, files in os.walk(root):
        subfolders[:] = sorted(d for d in subfolders if not d.startswith("."))
        matches.extend(
            os.path.join(folder, f) for f in sorted(files) if fnmatch.fnmatch(f, pattern)
        )
    return sorted(matches, key=lambda p: Path(p).parts)


def run_text(
    text: str, path: str, asks: Sequence[str], options: Options, checking: bool
) -> FileResult:
    """Certify one text and check its expectations."""
    from certify.expect import mismatch, parse_expectation
    from certify.pipeline import check_document, stopped_reading
    from certify.syntax.parse import read_document

    try:
        document = read_document(text, path)  # refuses more than MAX_SENTENCES while splitting
    except run_limits.LimitReached as stop:
        return FileResult(path, stopped_reading(path, stop))
    report = check_document(document, asks, path, options)
    outcomes: list[Outcome] = []
    if checking:
        by_line = {a.line: a for a in report.questions if a.line}
        for expectation in document.expectations:
            expected = parse_expectation(expectation.text, expectation.line)
            answer = by_line.get(expectation.question_line)
            problem = (
                "this expectation follows no question"
                if answer is None
                else mismatch(expected, answer)
            )
            outcomes.append(Outcome(expected, answer, problem))
    return FileResult(path, report, outcomes=tuple(outcomes))


def run_file(
    path: str, asks: Sequence[str], options: Options, checking: bool, debug: bool = False
) -> FileResult:
    """Certify one file; never raises for a bad file or a bug."""
    started = time.perf_counter()
    try:
        with run_limits.run(options.timeout):  # one clock for reading, parsing and certifying
            text = read_text(path)
            result = run_text(text, path, asks, options, checking)
    except UsageError:
        raise
    except TextError as error:
        error.file = error.file or path
        for inner in getattr(error, "errors", []):
            inner.file = inner.file or path
        result = FileResult(path, error=error)
    except Exception as error:  # a bug: reported per file, the batch goes on
        detail = traceback.format_exc() if debug else f"{type(error).__name__}: {error}"
        result = FileResult(path, internal=detail)
    return FileResult(
        result.path,
        result.report,
        result.error,
        result.internal,
        result.outcomes,
        time.perf_counter() - started,
    )


def run_all(
    entries: Iterable[Entry],
    asks: Sequence[str],
    options: Options,
    checking: bool,
    debug: bool = False,
    jobs: int = 1,
) -> Iterator[FileResult]:
    """Certify every file in order: here, or in ``jobs`` worker processes.

    The workers (if any) are started before this returns, so that they are forked before
    the caller starts anything else, such as the thread of a progress bar.
    """
    entries = list(entries)
    readable = sum(1 for _, error in entries if error is None)
    if jobs > 1 and readable > 1:
        from certify.parallel import run_parallel

        return run_parallel(entries, asks, options, checking, debug, min(jobs, readable))
    return _run_serially(entries, asks, options, checking, debug)


def _run_serially(
    entries: list[Entry], asks: Sequence[str], options: Options, checking: bool, debug: bool
) -> Iterator[FileResult]:
    for path, error in entries:
        if error is not None:
            yield FileResult(path, error=error)
        else:
            yield run_file(path, asks, options, checking, debug)


def result_json(result: FileResult, checking: bool) -> dict[str, Any]:
    """One line of ``--json`` output: the report (SPEC section 5), or the reason there is none.

    With ``--check`` the report gains ``expectations``: each ``# expect:`` line, whether it
    held, and why not.  A file that could not be read is a ``certify.error/1`` document, so a
    JSON Lines consumer sees every file of the batch.
    """
    if result.report is None:
        from certify.report import error_json

        return error_json(result.path, result.error, result.internal)
    from certify.report import to_json
    from certify.verdict import explain

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


@dataclass(frozen=True, slots=True)
class Summary:
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


def summarize(results: Iterable[FileResult]) -> Summary:
    """Count a finished batch."""
    texts = errors = internal = expectations = failed = 0
    statuses: Counter[str] = Counter()
    for result in results:
        texts += 1
        errors += result.error is not None
        internal += result.internal is not None
        expectations += len(result.outcomes)
        failed += len(result.failed)
        if result.report is not None:
            statuses.update(a.status for a in result.report.questions)
    return Summary(
        texts,
        errors,
        internal,
        tuple((s, statuses[s]) for s in STATUSES),
        expectations,
        failed,
    )


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
