"""Errors raised while reading one sentence, with the span they point at."""

from __future__ import annotations

from certify.errors import TextError
from certify.syntax.ast import Span


class SentenceError(TextError):
    """A sentence that parses but cannot be understood (a span, a reason, a closest form)."""

    def __init__(self, message: str, span: Span, suggestion: str = "", expected: str = "") -> None:
        super().__init__(
            message,
            line=span.line,
            column=span.column,
            end_column=span.end_column,
            suggestion=suggestion,
            expected=expected,
        )
