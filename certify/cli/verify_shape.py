"""The shape of a saved report, checked before ``certify verify`` believes any of it.

A report is data from anywhere: hand-edited, truncated, or written by another tool.  Every
field that ``verify`` reads is checked here first against the shape ``report.to_json``
writes (SPEC section 5), and each problem is named by its path in the document
(``questions[0].answers.low``), so that a malformed report is a list of broken claims rather
than a traceback.  Numbers are exact decimal or fraction strings of bounded length (a string
like ``1e999999999`` would otherwise be turned into a 400 MB integer).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

STATUSES = ("forced", "open", "contradictory", "unresolved")

MAX_NUMBER_CHARS = 4_000
"""Longer number strings are refused (Python's own int conversion limit is 4,300 digits)."""

_NUMBER = re.compile(r"-?\d+(?:\.\d+)?(?:/\d+)?")


def is_number(text: object) -> bool:
    """Whether ``text`` is a number as reports write them: ``3``, ``-5/2``, ``2.5``."""
    return (
        isinstance(text, str)
        and len(text) <= MAX_NUMBER_CHARS
        and _NUMBER.fullmatch(text) is not None
        and not re.fullmatch(r".*/0+", text)
    )


def shape_problems(data: object) -> list[str]:
    """Every field of ``data`` that is not shaped like a certify report, by its path."""
    problems: list[str] = []
    if not isinstance(data, dict):
        return [f"the report is {_kind(data)}, not an object"]
    _field(problems, data, "file", "", _is_str)
    _field(problems, data, "law", "", _is_str)
    _field(problems, data, "consistent", "", _is_optional_bool)
    _field(problems, data, "story", "", _is_bool, required=False)
    _field(problems, data, "grid", "", _is_bool, required=False)
    _field(problems, data, "closed_world", "", _is_bool, required=False)
    _field(problems, data, "engine", "", _is_str, required=False)
    questions = data.get("questions")
    if not isinstance(questions, list):
        problems.append(f"questions: expected a list of questions, got {_kind(questions)}")
        return problems
    for index, entry in enumerate(questions):
        problems += _question(entry, f"questions[{index}]")
    return problems


def _question(entry: object, where: str) -> list[str]:
    if not isinstance(entry, dict):
        return [f"{where}: expected a question object, got {_kind(entry)}"]
    problems: list[str] = []
    _field(problems, entry, "question", where, _is_str)
    _field(problems, entry, "line", where, _is_line, "a line number or null")
    _field(problems, entry, "status", where, _is_status, "one of " + ", ".join(STATUSES))
    _field(problems, entry, "generated", where, _is_bool, required=False)
    answers = entry.get("answers")
    if "answers" not in entry:
        problems.append(f"{where}.answers: missing (SPEC section 5: null when not known)")
    elif isinstance(answers, dict):
        problems += _interval(answers, f"{where}.answers")
    elif answers is not None and not _is_strings(answers):
        problems.append(
            f"{where}.answers: expected a list of strings, an interval or null, got "
            f"{_kind(answers)}"
        )
    _field(problems, entry, "witnessed", where, _is_strings, "a list of strings")
    witnesses = entry.get("witnesses")
    if not isinstance(witnesses, list):
        problems.append(f"{where}.witnesses: expected a list of witnesses, got {_kind(witnesses)}")
    else:
        for index, witness in enumerate(witnesses):
            problems += _witness(witness, f"{where}.witnesses[{index}]")
    for key in ("support", "conflict"):
        _field(problems, entry, key, where, _is_lines, "a list of line numbers or null")
    detail = entry.get("conflict_detail")
    if detail is not None:
        problems += _conflict_detail(detail, f"{where}.conflict_detail")
    return problems


def _interval(data: dict[str, Any], where: str) -> list[str]:
    problems: list[str] = []
    for key, infinite in (("low", "-inf"), ("high", "inf")):
        value = data.get(key)
        if value != infinite and not is_number(value):
            problems.append(
                f"{where}.{key}: expected a number as a string or {infinite!r}, got {_shown(value)}"
            )
    for key in ("low_closed", "high_closed"):
        _field(problems, data, key, where, _is_bool)
    return problems


def _witness(data: object, where: str) -> list[str]:
    if not isinstance(data, dict):
        return [f"{where}: expected a witness object, got {_kind(data)}"]
    problems: list[str] = []
    _field(problems, data, "answer", where, _is_str)
    _field(problems, data, "state", where, _is_string_map, "an object of strings")
    _field(problems, data, "sentences", where, _is_strings, "a list of strings")
    assignment = data.get("assignment")
    if assignment is None:
        return problems
    if not isinstance(assignment, dict):
        return [*problems, f"{where}.assignment: expected an object, got {_kind(assignment)}"]
    return problems + _assignment(assignment, f"{where}.assignment")


def _assignment(data: dict[str, Any], where: str) -> list[str]:
    problems: list[str] = []
    _field(problems, data, "location", where, _is_string_map, "an object of strings", False)
    for key, size in (("edges", 2), ("values", 3)):
        _field(problems, data, key, where, _rows(size), f"a list of {size}-string lists", False)
    atoms = data.get("atoms", [])
    if not isinstance(atoms, list) or not all(_is_atom(a) for a in atoms):
        problems.append(f"{where}.atoms: expected a list of holds/related atoms")
    numbers = data.get("numbers", {})
    if not isinstance(numbers, dict) or not all(is_number(v) for v in numbers.values()):
        problems.append(f"{where}.numbers: expected an object of numbers as strings")
    return problems


def _conflict_detail(data: object, where: str) -> list[str]:
    if not isinstance(data, dict):
        return [f"{where}: expected an object, got {_kind(data)}"]
    items = data.get("subset_witnesses")
    if items is None:
        return []
    if not isinstance(items, list):
        return [f"{where}.subset_witnesses: expected a list, got {_kind(items)}"]
    problems: list[str] = []
    for index, item in enumerate(items):
        place = f"{where}.subset_witnesses[{index}]"
        if isinstance(item, dict):
            _field(problems, item, "without", place, _is_line, "a line number")
        problems += _witness(item, place)
    return problems


def _field(
    problems: list[str],
    data: dict[str, Any],
    key: str,
    where: str,
    test: Callable[[Any], bool],
    wanted: str = "",
    required: bool = True,
) -> None:
    path = f"{where}.{key}" if where else key
    if key not in data:
        if required:
            problems.append(f"{path}: missing")
        return
    if not test(data[key]):
        wanted = wanted or _WANTED.get(test, "a value")
        problems.append(f"{path}: expected {wanted}, got {_shown(data[key])}")


def _is_str(value: object) -> bool:
    return isinstance(value, str)


def _is_bool(value: object) -> bool:
    return isinstance(value, bool)


def _is_optional_bool(value: object) -> bool:
    return value is None or isinstance(value, bool)


def _is_status(value: object) -> bool:
    return value in STATUSES


def _is_line(value: object) -> bool:
    return value is None or (isinstance(value, int) and not isinstance(value, bool) and value >= 0)


def _is_lines(value: object) -> bool:
    return value is None or (isinstance(value, list) and all(_is_line(v) and v for v in value))


def _is_strings(value: object) -> bool:
    return isinstance(value, list) and all(isinstance(v, str) for v in value)


def _is_string_map(value: object) -> bool:
    return isinstance(value, dict) and all(isinstance(v, str) for v in value.values())


def _rows(size: int) -> Callable[[object], bool]:
    def test(value: object) -> bool:
        return isinstance(value, list) and all(
            isinstance(row, list) and len(row) == size and all(isinstance(c, str) for c in row)
            for row in value
        )

    return test


def _is_atom(value: object) -> bool:
    if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
        return False
    return (len(value) == 3 and value[:1] == ["holds"]) or (
        len(value) == 4 and value[:1] == ["related"]
    )


_WANTED: dict[Callable[[Any], bool], str] = {
    _is_str: "a string",
    _is_bool: "true or false",
    _is_optional_bool: "true, false or null",
}


def _kind(value: object) -> str:
    names = {dict: "an object", list: "a list", str: "a string", bool: "true or false"}
    if value is None:
        return "null"
    return names.get(type(value), "a number")


def _shown(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."
