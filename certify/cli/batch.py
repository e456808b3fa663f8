"""Files and folders: read each text safely, certify it, check its expectations, count.

One bad file never hides the others: every failure to read (missing, binary, not UTF-8,
empty, too large, a sentence that cannot be parsed) becomes a ``FileResult`` with an error,
and the batch goes on.  Internal errors (bugs) are caught per file too and reported as such.
One process certifies the whole batch, so the parser is built once; ``jobs > 1`` hands the
files to worker processes (``certify.cli.parallel``) and gives back the same results in the same
order.  ``Summary`` and ``exit_code`` turn a finished batch into SPEC section 8's numbers.
"""

from __future__ import annotations

import fnmatch
import os
import time
import traceback
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from certify import run_limits
from certify.errors import TextError, UnreadableFile, UsageError
from certify.files import read_text as read_text
from certify.files import text_digest
from certify.limits import MAX_BYTES as MAX_BYTES
from certify.limits import MAX_SENTENCES as MAX_SENTENCES
from certify.output.results import FileResult, Outcome, Summary, exit_code, result_json, summarize

if TYPE_CHECKING:
    from certify.readout.answer import Options

__all__ = ["FileResult", "Outcome", "Summary", "exit_code", "result_json", "summarize"]

Entry = tuple[str, TextError | None]
"""A path to certify, or the reason it cannot even be opened (a missing path, an empty folder)."""


def collect(paths: Sequence[str], pattern: str = "*.txt") -> list[Entry]:
    """Expand folders into files matching ``pattern``; a missing path is an error entry.

    Folders are searched recursively in sorted order, skipping hidden folders (``.git``,
    ``.venv``) and never following symbolic links to folders; a file named twice is
    certified once, where it first appears (by its real path).
    """
    found: list[Entry] = []
    seen: set[str] = set()

    def add(path: str, real: str) -> None:
        if real not in seen:
            seen.add(real)
            found.append((path, None))

    for raw in paths:
        if os.path.isdir(raw):
            files = _walk(str(Path(raw)), pattern)
            if not files:
                found.append((raw, UnreadableFile(f"no {pattern} files in this folder", file=raw)))
            for file, real in files:
                add(file, real)
        elif os.path.exists(raw):
            add(raw, os.path.realpath(raw))
        else:
            found.append((raw, UnreadableFile("no such file or folder", file=raw)))
    return found


def _walk(root: str, pattern: str) -> list[tuple[str, str]]:
    """Each file under ``root`` whose name matches ``pattern``, with its real path, in the
    order of their path components; hidden folders and links to folders are not entered.

    One real path per folder: a file that is not a link is really in its folder's real path,
    so only links are resolved one by one (``os.path.realpath`` on each of 1,000 files was
    two thirds of listing them)."""
    found: list[tuple[str, str]] = []
    _walk_into(root, os.path.realpath(root), pattern, found)
    return found


def _walk_into(folder: str, real: str, pattern: str, found: list[tuple[str, str]]) -> None:
    try:
        with os.scandir(folder) as listing:
            entries = sorted(listing, key=lambda entry: entry.name)
    except OSError:  # unreadable: skipped, as os.walk does
        return
    for entry in entries:  # sorted by name: files and folders mixed, as their paths sort
        path = os.path.join(folder, entry.name)
        if _is(entry.is_dir):
            if not entry.name.startswith(".") and not _is(entry.is_symlink):
                _walk_into(path, os.path.join(real, entry.name), pattern, found)
        elif fnmatch.fnmatch(entry.name, pattern):
            link = _is(entry.is_symlink)
            found.append((path, os.path.realpath(path) if link else os.path.join(real, entry.name)))


def _is(test: Callable[[], bool]) -> bool:
    """``DirEntry.is_dir`` or ``is_symlink``, false where the entry cannot be looked at."""
    try:
        return test()
    except OSError:
        return False


def run_text(
    text: str, path: str, asks: Sequence[str], options: Options, checking: bool
) -> FileResult:
    """Certify one text and check its expectations."""
    from dataclasses import replace

    from certify.pipeline import check_document, stopped_reading
    from certify.syntax.parse import read_document

    digest = text_digest(text)
    try:
        document = read_document(text, path, options.grid)  # refuses more than MAX_SENTENCES
    except run_limits.LimitReached as stop:
        return FileResult(path, replace(stopped_reading(path, stop), text_sha256=digest))
    report = replace(check_document(document, asks, path, options), text_sha256=digest)
    outcomes: list[Outcome] = []
    if checking:
        from certify.output.expect import mismatch, parse_expectation

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
    path: str,
    asks: Sequence[str],
    options: Options,
    checking: bool,
    debug: bool = False,
    text: str | None = None,
) -> FileResult:
    """Certify one file; never raises for a bad file or a bug.

    ``text`` is the file's text when it was read already (a Dask worker gets it from the
    client, which may be on another machine than the worker).
    """
    started = time.perf_counter()
    digest = None
    try:
        with run_limits.run(options.timeout):  # one clock for reading, parsing and certifying
            text = read_text(path) if text is None else text
            digest = text_digest(text)
            result = run_text(text, path, asks, options, checking)
    except UsageError:
        raise
    except TextError as error:
        error.file = error.file or path
        for inner in getattr(error, "errors", []):
            inner.file = inner.file or path
        result = FileResult(path, error=error)
    except Exception as error:  # a bug: reported per file, the batch goes on
        if run_limits.interrupted(error):  # Ctrl-C in a SAT call the solver sites missed
            raise KeyboardInterrupt from None
        detail = traceback.format_exc() if debug else f"{type(error).__name__}: {error}"
        result = FileResult(path, internal=detail)
        digest = None  # checked again by --resume: the bug may be fixed by then
    return FileResult(
        result.path,
        result.report,
        result.error,
        result.internal,
        result.outcomes,
        time.perf_counter() - started,
        digest,
    )


def read_or_refuse(path: str) -> str | FileResult:
    """The file's text, or the result that says why it cannot be read (as ``run_file``'s)."""
    try:
        return read_text(path)
    except TextError as error:
        error.file = error.file or path
        return FileResult(path, error=error)
