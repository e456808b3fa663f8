"""One exception tree for everything a user can get wrong, turned into exit codes in one place.

Leaves carry where the problem is (file, line, column) and, for text errors, the closest
supported sentence form.  Only ``cli.py`` catches them (SPEC section 8: exit 3 for text that
cannot be read, 2 for usage, 70 for our own bugs).
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import IntEnum


def printable(text: str) -> str:
    """``text`` with every character a terminal would interpret shown escaped."""
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


class ExitCode(IntEnum):
    """The process exit codes of SPEC section 8."""

    OK = 0
    EXPECTATION_FAILED = 1
    USAGE = 2
    BAD_TEXT = 3
    INTERNAL = 70


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
            lines.append(f"  expected: {self.expected}")
        if self.suggestion:
            lines.append(f"  closest supported form: {self.suggestion}")
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
