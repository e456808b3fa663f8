"""``--update``: freeze a text's current answers into its ``# expect:`` lines (SPEC section 7).

A corpus is grown by writing texts and questions, running ``certify --update`` once, reading
the frozen answers, and from then on running ``certify --check``.  The rewrite is
line-based and conservative: after each question line comes exactly one expectation — an
existing one is replaced in place (its ``# expect:`` prefix kept as written, later duplicates
dropped), a missing one is inserted right after the question — and every other byte of the
file stays as it was: line endings, the byte order mark and encoding, a missing final newline.
A file that cannot be read or parsed is never touched (the caller only passes certified
texts), and a file is only ever replaced whole, never rewritten in place.

An answer that could not be read back from its own expectation (a clock time before
midnight, say) is frozen as its status alone, and said so, rather than as a line that would
fail the next ``--check``.
"""

from __future__ import annotations

import re

from certify.output.verdict import written
from certify.records import Record
from certify.report import Answer, Report

_PREFIX = re.compile(r"^\s*#\s*expect\s*:\s*", re.IGNORECASE)


class Update(Record):
    """What ``--update`` did to one file."""

    path: str
    written: int
    changed: int
    status_only: tuple[int, ...] = ()

    @property
    def touched(self) -> bool:
        """Whether the file's bytes changed."""
        return self.changed > 0


def expectation(answer: Answer) -> tuple[str, bool]:
    """The expectation to freeze for ``answer``, and whether it had to fall back to the status.

    The full form is used only if it reads back as an expectation that ``answer`` meets.
    """
    from certify.errors import TextError
    from certify.output.expect import mismatch, parse_expectation

    full = written(answer)
    try:
        if mismatch(parse_expectation(full, 0), answer) is None:
            return full, False
    except TextError:
        pass
    return answer.status, True


def rewrite(text: str, report: Report) -> tuple[str, Update]:
    """The text with one expectation after each question of ``report``; unchanged elsewhere.

    Lines are numbered as ``certify.syntax.parse.read_document`` numbers them
    (``str.splitlines``), so questions and expectations are found where the checker finds them.
    """
    from certify.syntax.parse import read_document

    document = read_document(text, report.file, report.grid)
    answers = {a.line: a for a in report.questions if a.line}
    owned: dict[int, list[int]] = {}
    for item in document.expectations:
        if item.question_line in answers:
            owned.setdefault(item.question_line, []).append(item.line)
    first = {lines[0]: question for question, lines in owned.items()}
    dropped = {line for lines in owned.values() for line in lines[1:]}
    lines = text.splitlines(keepends=True)
    newline = next((_ending(line) for line in lines if _ending(line)), "\n")
    out: list[str] = []
    count = changed = 0
    fallbacks: list[int] = []
    for number, line in enumerate(lines, start=1):
        body, ending = line[: len(line) - len(_ending(line))], _ending(line)
        if number in dropped:
            changed += 1
            continue
        if number in first:
            wanted, fell_back = expectation(answers[first[number]])
            fallbacks += [first[number]] if fell_back else []
            prefix = _PREFIX.match(body)
            new_body = (prefix.group(0) if prefix else "# expect: ") + wanted
            count += 1
            changed += new_body != body
            out.append(new_body + ending)
            continue
        out.append(line)
        if number in answers and number not in owned:
            wanted, fell_back = expectation(answers[number])
            fallbacks += [number] if fell_back else []
            inserted = "# expect: " + wanted
            if ending:
                out.append(inserted + ending)
            else:  # the question is the last line and has no newline: keep it that way
                out[-1] = line + newline
                out.append(inserted)
            count += 1
            changed += 1
    return "".join(out), Update(report.file, count, changed, tuple(fallbacks))


def update_file(path: str, report: Report) -> Update:
    """Rewrite ``path``'s expectations from ``report``; write only if something changed.

    The file is read and decoded as it was for certifying (same byte order mark, same
    encoding) and replaced atomically (``certify.files.write_atomically``): an interrupt or a
    full disk leaves the old text or the new one, never a truncated file.  Raises
    ``UnreadableFile`` or ``OSError``.
    """
    from certify.files import decode, read_bytes, write_atomically

    text, encoding = decode(read_bytes(path), path)
    new_text, update = rewrite(text, report)
    if new_text != text:
        write_atomically(path, encoding.encode(new_text))
    return Update(path, update.written, update.changed, update.status_only)


def _ending(line: str) -> str:
    """The break that ends ``line``: ``\\r\\n``, ``\\n`` or another ``splitlines`` break."""
    if line.endswith("\r\n"):
        return "\r\n"
    if line and line[-1] in "\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029":
        return line[-1]
    return ""
