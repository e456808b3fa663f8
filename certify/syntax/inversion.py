"""A yes/no question read as the statement it inverts: ``Is Ana in the same place as Bob?``,
``Are Ana and Bob in the garden?``, ``Is someone guilty?``.

No question form of the grammar reads these, though each statement does.  When a question
that opens with ``Is`` or ``Are`` does not parse, the copula is put back after each possible
subject in turn (``Ana is in the same place as Bob``) and the result read as ``Is it true
that S?``.  It is read so only when exactly one placing gives a statement certify reads, or
all that do give the same meaning; two meanings are refused, each written out.  A question
with ``or`` can ask whether (``Is it true that Ana is in the kitchen or the garden?``) or
which (``Where is Ana?``): refused, with both ways to ask.  Spans are given back in the
question's own columns, so a later error's caret lands on the word as written.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from typing import Any

from certify.errors import TextError
from certify.syntax import ast
from certify.syntax.ast import QuestionAst
from certify.syntax.regexes import compile_cached

OPENING = compile_cached(r"(Is|Are)(\s+)(?=\S)")
EXPLICIT = compile_cached(r"is\s+it\s+true\s+that\b", re.IGNORECASE)
OR = compile_cached(r"\bor\b", re.IGNORECASE)
GAP = compile_cached(r"\s+")
PREFIX = "Is it true that "
MAX_GAPS = 24  # a longer question is refused as it was written, not parsed that many times


def inverted(
    text: str, line: int, column: int, parse: Callable[[str, int], QuestionAst]
) -> QuestionAst | None:
    """The question ``text`` (at ``line``, ``column``; without its "?") read as ``Is it true
    that S?``, or None when no placing of its copula gives a statement certify reads.
    ``parse(question, column)`` reads one question of the grammar's own forms."""
    opening = OPENING.match(text)
    if opening is None or EXPLICIT.match(text):
        return None
    copula, rest = opening.group(1).lower(), text[opening.end() :]
    gaps = [m.start() for m in GAP.finditer(rest)]
    if not gaps or len(gaps) > MAX_GAPS:
        return None
    base = column + opening.end() - len(PREFIX)  # so that rest keeps its own columns
    readings: list[tuple[str, QuestionAst]] = []
    for gap in gaps:
        statement = f"{rest[:gap]} {copula}{rest[gap:]}"
        try:
            node = parse(PREFIX + statement, base)
        except TextError:
            continue
        back = _back(column, base + len(PREFIX), base + len(PREFIX) + gap, len(copula) + 1)
        readings.append((statement, back.node(node)))
    if not readings:
        return None
    meanings = {_unplaced(node) for _, node in readings}
    if len(meanings) > 1:
        first, second = (f"Is it true that {s}?" for s, _ in readings[:2])
        raise TextError(
            f"this question can be read two ways: '{first}' or '{second}'",
            line=line,
            column=column,
            end_column=column + len(text),
            expected="one subject before the rest of the question",
            suggestion=first,
        )
    statement, node = readings[0]
    found = OR.search(rest)
    if found is not None:
        at = column + opening.end() + found.start()
        raise TextError(
            f"'{text}?' can ask whether or which: write 'Is it true that {statement}?' to ask "
            "whether, or ask which with a wh-question ('Where is Ana?', 'Who is in the "
            "kitchen?')",
            line=line,
            column=at,
            end_column=at + 2,
            expected="a question without 'or', or 'Is it true that ...?'",
            suggestion=f"Is it true that {statement}?",
        )
    return node


class _Respan:
    """A value with every span in it given new columns by ``column``."""

    def __init__(self, column: Callable[[int], int]) -> None:
        self.column = column

    def node(self, value: Any) -> Any:
        """``value`` with every span in it moved."""
        if isinstance(value, ast.Span):
            return ast.Span(value.line, self.column(value.column), self.column(value.end_column))
        if isinstance(value, tuple):
            return tuple(self.node(v) for v in value)
        if isinstance(value, list):
            return [self.node(v) for v in value]
        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            changes = {f.name: self.node(getattr(value, f.name)) for f in dataclasses.fields(value)}
            return dataclasses.replace(value, **changes)
        return value


def _back(first: int, start: int, gap: int, width: int) -> _Respan:
    """Columns of the rewritten question back to the question as written: the ``Is it true
    that`` before the subject to the question's first column, the copula put back to the
    gap it was put in, what follows it back by the copula's width."""

    def column(at: int) -> int:
        if at >= gap + width:
            return at - width
        if at > gap:
            return gap
        return at if at >= start else first

    return _Respan(column)


def _unplaced(value: Any) -> Any:
    """``value`` with every span the same, to compare two readings' meanings."""
    return _Respan(lambda _: 0).node(value)
