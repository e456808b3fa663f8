"""One exception tree for everything a user can get wrong, turned into exit codes in one place.

Leaves carry where the problem is (file, line, column) and, for text errors, the closest
supported sentence form.  The command line (``certify.cli``) turns them into exit codes (SPEC
section 8: exit 3 for text that cannot be read, 2 for usage, 70 for our own bugs); the batch,
the pipeline and the parser catch them only to attach a file or line, or to report one file's
error and go on with the others.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import IntEnum


def hidden(char: str) -> bool:
    """Whether a terminal could act on ``char`` or show it as something else.

    True for Unicode categories Cc (controls: escape sequences, carriage returns), Cf
    (format: the bidi overrides and isolates U+202A-202E and U+2066-2069, the marks U+200E,
    U+200F and U+061C, zero-width characters), Zl, Zp, every space but U+0020, surrogates,
    private-use and unassigned code points: exactly those ``str.isprintable`` rejects.
    """
    return not char.isprintable()


def printable(text: str, *, newlines: bool = False) -> str:
    """``text`` with every ``hidden`` character written as its escape (``\\u202e``).

    The one function every piece of user-controlled text passes through on its way to a
    terminal: sentences, names, file names, suggestions, warnings, internal errors and
    ``certify verify``'s output.  With ``newlines``, line breaks are kept (a traceback).
    """
    if text.isprintable():  # the usual case: one scan in C
        return text
    if newlines:
        return "\n".join(printable(line) for line in text.split("\n"))
    return "".join(repr(c)[1:-1] if hidden(c) else c for c in text)


def json_text(document: object) -> str:
    """``document`` as one line of JSON in which no ``hidden`` character appears raw.

    Non-ASCII text stays readable; hidden characters become ``\\uXXXX`` escapes (surrogate
    pairs beyond the BMP), which every JSON reader turns back into the same string.
    """
    import json

    raw = json.dumps(document, ensure_ascii=False)
    if raw.isprintable():  # the usual case: one scan in C instead of a call per character
        return raw
    return "".join(_json_escape(c) if hidden(c) else c for c in raw)


def _json_escape(char: str) -> str:
    code = ord(char)
    if code < 0x10000:
        return f"\\u{code:04x}"
    code -= 0x10000
    return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"


class ExitCode(IntEnum):
    """The process exit codes of SPEC section 8 (and 130, interrupted, as shells expect)."""

    OK = 0
    EXPECTATION_FAILED = 1
    USAGE = 2
    BAD_TEXT = 3
    INTERNAL = 70
    INTERRUPTED = 130


class CertifyError(Exception):
    """Root of every error certify reports to a user."""

    exit_code = ExitCode.INTERNAL

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class UsageError(CertifyError):
    """The command line asks for something impossible."""

    exit_code = ExitCode.USAGE


class TextError(CertifyError):
    """A text that cannot be read: where, what, and what would have been understood."""

    exit_code = ExitCode.BAD_TEXT
    invertible = False
    """A question's syntax error that ``syntax.inversion`` may read past (``parse._built``)."""

    def __init__(
        self,
        message: str,
        *,
        file: str = "",
        line: int = 0,
        column: int = 0,
        end_column: int = 0,
        source_line: str = "",
        expected: str = "",
        suggestion: str = "",
    ) -> None:
        super().__init__(message)
        self.file = file
        self.line = line
        self.column = column
        self.end_column = end_column
        self.source_line = source_line
        self.expected = expected
        self.suggestion = suggestion

    def located(self, file: str, source_line: str) -> TextError:
        """The same error, with the file name and the text of its line filled in."""
        self.file = self.file or file
        self.source_line = self.source_line or source_line
        return self

    def render(self) -> str:
        """The message as plain text: ``file:line:column: message``, the line, a caret."""
        where = ":".join(str(p) for p in (self.file or "<text>", self.line, self.column) if p)
        lines = [f"{printable(where)}: error: {printable(self.message)}"]
        if self.source_line:
            before = printable(self.source_line[: max(0, self.column - 1)])
            start = max(0, self.column - 1)
            marked = self.source_line[start : max(self.column, self.end_column - 1)]
            lines.append(f"  {printable(self.source_line)}")
            lines.append("  " + " " * len(before) + "^" * max(1, len(printable(marked))))
        if self.expected:
            lines.append(f"  expected: {printable(self.expected)}")
        if self.suggestion:
            lines.append(f"  closest supported form: {printable(self.suggestion)}")
        return "\n".join(lines)

    @property
    def errors(self) -> tuple[TextError, ...]:
        """Every error this one stands for, each with its own file, line and column: itself."""
        return (self,)


class TextErrors(TextError):
    """Several sentences of one text that cannot be read, reported together.

    It is located where the first one is (``line``, ``column``); ``errors`` lists every one,
    in the order of the text, each with its own file, line and column.  Setting ``file``
    gives it to every error that has none yet.
    """

    def __init__(self, errors: Sequence[TextError]) -> None:
        first = errors[0]
        self._errors = tuple(errors)
        super().__init__(
            first.message,
            file=first.file,
            line=first.line,
            column=first.column,
            end_column=first.end_column,
            source_line=first.source_line,
            expected=first.expected,
            suggestion=first.suggestion,
        )

    @property
    def file(self) -> str:
        """The file of the first error."""
        return self._errors[0].file

    @file.setter
    def file(self, value: str) -> None:
        for error in self._errors:
            error.file = error.file or value

    @property
    def errors(self) -> tuple[TextError, ...]:
        """Every error, in the order of the text."""
        return self._errors

    def render(self) -> str:
        """Every error, one after the other."""
        return "\n".join(e.render() for e in self._errors)


class UnreadableFile(TextError):
    """A file that is missing, binary, not UTF-8, empty or too large."""
