"""``--resume REPORT.jsonl``: a batch that keeps its results in a file and picks up where it
stopped.

REPORT.jsonl holds the lines ``--json`` prints, one per file.  A file whose line is already
there, with the same path and the same ``text_sha256`` (the SHA-256 of its text), is not
checked again; every other file is, and its line is appended the moment its result arrives,
in one ``write`` on a file opened for appending, so a killed run keeps every finished line
and a line is whole or absent (a torn last line, after a power cut say, is ignored on reading).
When the batch finishes, REPORT.jsonl is replaced, atomically, by one line per file in input
order: the same bytes as ``certify SAME-PATHS --json`` would print.

Lines of files no longer in the batch, or whose text changed, are dropped; error lines carry
no ``text_sha256`` unless the text was read and its sentences refused, so unreadable files,
internal errors and dead workers are always checked again.  The options are not recorded:
resume with the ones the record was made with (a ``--check`` record has ``expectations``,
and a line without them is not reused by ``--check``, nor one with them without it).
"""

from __future__ import annotations

import json
import os
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from certify.cli.batch import Entry, FileResult, Summary, read_or_refuse, result_json
from certify.errors import json_text
from certify.files import text_digest, write_atomically
from certify.output.results import STATUSES


@dataclass
class Record:
    """The results already in REPORT.jsonl for this batch, and the file open for appending."""

    path: str
    checking: bool
    kept: dict[int, str] = field(default_factory=dict)
    """Entry index -> the line reused for it."""
    lines: dict[int, str] = field(default_factory=dict)
    """Entry index -> its line: the kept ones, then every new one."""
    descriptor: int = -1

    def to_check(self, entries: list[Entry]) -> list[tuple[int, Entry]]:
        """Read the record, keep the lines that still match, and say which entries remain."""
        recorded = _read(self.path, self.checking)
        remaining: list[tuple[int, Entry]] = []
        for index, (path, error) in enumerate(entries):
            line = recorded.get(path) if error is None else None
            if line is not None:
                text = read_or_refuse(path)
                if isinstance(text, str) and text_digest(text) == line[0]:
                    self.kept[index] = line[1]
                    continue
            remaining.append((index, (path, error)))
        self.lines = dict(self.kept)
        write_atomically(self.path, "".join(self.kept.values()).encode("utf-8"))
        self.descriptor = os.open(self.path, os.O_WRONLY | os.O_APPEND)
        return remaining

    def add(self, index: int, result: FileResult) -> None:
        """Append one new result, as one write."""
        line = json_text(result_json(result, self.checking)) + "\n"
        self.lines[index] = line
        data = line.encode("utf-8")
        while data:
            data = data[os.write(self.descriptor, data) :]

    def finish(self) -> None:
        """Every file done: the record becomes one line per file, in input order."""
        self.close()
        write_atomically(self.path, "".join(self.lines[i] for i in sorted(self.lines)).encode())

    def close(self) -> None:
        """Make what was appended durable and let the file go."""
        if self.descriptor >= 0:
            os.fsync(self.descriptor)
            os.close(self.descriptor)
            self.descriptor = -1

    def summary(self, new: Summary) -> Summary:
        """``new`` (this run's results) with the kept lines counted in."""
        statuses: Counter[str] = Counter(dict(new.questions))
        texts, errors, expectations, failed = new.texts, new.errors, new.expectations, new.failed
        for line in self.kept.values():
            document = json.loads(line)
            texts += 1
            errors += document.get("schema") == "certify.error/1"
            statuses.update(q["status"] for q in document.get("questions", []))
            checked = document.get("expectations", [])
            expectations += len(checked)
            failed += sum(1 for e in checked if not e["passed"])
        questions = tuple((s, statuses[s]) for s in STATUSES)
        return Summary(texts, errors, new.internal, questions, expectations, failed)


def _read(path: str, checking: bool) -> dict[str, tuple[str, str]]:
    """The reusable lines of the record: file -> (text_sha256, line); none if it is missing."""
    try:
        with open(path, encoding="utf-8") as stream:
            raw = stream.read()
    except FileNotFoundError:
        return {}
    except (OSError, UnicodeDecodeError) as error:
        from certify.errors import UsageError

        raise UsageError(f"--resume: cannot read {path!r}: {error}") from None
    found: dict[str, tuple[str, str]] = {}
    for line in raw.splitlines(keepends=True):
        document = _document(line)
        if document is None or not isinstance(document.get("text_sha256"), str):
            continue
        is_report = document.get("schema") == "certify.report/1"
        if is_report and ("expectations" in document) != checking:
            continue
        found[str(document.get("file"))] = (document["text_sha256"], line)
    return found


def _document(line: str) -> dict[str, Any] | None:
    """One whole line's JSON object, or None (a torn or foreign line)."""
    if not line.endswith("\n"):
        return None
    try:
        document = json.loads(line)
    except (json.JSONDecodeError, RecursionError):
        return None
    return document if isinstance(document, dict) else None
