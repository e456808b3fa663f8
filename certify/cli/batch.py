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
from collections.abc import Sequence
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
