"""Files and folders: read each text safely, certify it, check its expectations.

One bad file never hides the others: every failure to read (missing, binary, not UTF-8,
empty, too large, a sentence that cannot be parsed) becomes a ``FileResult`` with an error,
and the batch goes on.  Internal errors (bugs) are caught per file too and reported as such.
"""

from __future__ import annotations

import traceback
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from certify.check import check
from certify.errors import TextError, UnreadableFile, UsageError
from certify.expect import Expected, mismatch, parse_expectation
from certify.readout.answer import Options
from certify.report import Answer, Report
from certify.syntax.parse import read_document

MAX_BYTES = 1_000_000
"""Texts larger than this are refused with a clear message (a 10 MB file is a mistake)."""

MAX_SENTENCES = 5_000
"""More sentences than this are refused: certify is for small texts."""


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

    @property
    def failed(self) -> list[Outcome]:
        """The expectations that did not hold."""
        return [o for o in self.outcomes if not o.passed]


def collect(paths: Sequence[str], pattern: str = "*.txt") -> list[tuple[str, TextError | None]]:
    """Expand folders (recursively, sorted) into files; a missing path is an error entry."""
    found: list[tuple[str, TextError | None]] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            files = sorted(p for p in path.rglob(pattern) if p.is_file())
            if not files:
                found.append((raw, UnreadableFile(f"no {pattern} files in this folder", file=raw)))
            found.extend((str(p), None) for p in files)
        elif path.exists():
            found.append((raw, None))
        else:
            found.append((raw, UnreadableFile("no such file or folder", file=raw)))
    return found


def read_text(path: str) -> str:
    """The file's text, or ``UnreadableFile`` saying exactly why not."""
    try:
        data = Path(path).read_bytes()
    except OSError as error:
        raise UnreadableFile(
            f"cannot read the file: {error.strerror or error}", file=path
        ) from None
    if len(data) > MAX_BYTES:
        raise UnreadableFile(
            f"the file has {len(data):,} bytes; certify reads texts up to {MAX_BYTES:,}", file=path
        )
    if b"\x00" in data:
        raise UnreadableFile("this is a binary file, not a text", file=path)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise UnreadableFile(
            f"the file is not UTF-8 (byte 0x{data[error.start]:02x} at offset {error.start})",
            file=path,
            suggestion="save the text as UTF-8",
        ) from None
    if not text.strip():
        raise UnreadableFile("the file is empty", file=path)
    return text


def run_text(
    text: str, path: str, asks: Sequence[str], options: Options, checking: bool
) -> FileResult:
    """Certify one text and check its expectations."""
    document = read_document(text, path)
    if len(document.sentences) > MAX_SENTENCES:
        raise UnreadableFile(
            f"the text has {len(document.sentences):,} sentences; "
            f"certify reads up to {MAX_SENTENCES:,}",
            file=path,
        )
    report = check(text, asks, file=path, options=options)
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
    try:
        text = read_text(path)
        return run_text(text, path, asks, options, checking)
    except UsageError:
        raise
    except TextError as error:
        error.file = error.file or path
        for inner in getattr(error, "errors", []):
            inner.file = inner.file or path
        return FileResult(path, error=error)
    except Exception as error:  # a bug: reported per file, the batch goes on
        detail = traceback.format_exc() if debug else f"{type(error).__name__}: {error}"
        return FileResult(path, internal=detail)


def run_all(
    entries: Iterable[tuple[str, TextError | None]],
    asks: Sequence[str],
    options: Options,
    checking: bool,
    debug: bool = False,
) -> Iterable[FileResult]:
    """Certify every file in order."""
    for path, error in entries:
        if error is not None:
            yield FileResult(path, error=error)
        else:
            yield run_file(path, asks, options, checking, debug)
