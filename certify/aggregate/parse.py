"""Reading the JSON file of ``certify aggregate``: every field checked, every problem named.

The file is one JSON object::

    {"keys": [[0], [2]], "values": [0, 0], "query": [0], "R_W": 1, "delta": 2,
     "model": "weighted", "P": [0.5, 0.5]}

or ``"model": "per-statement"`` with ``"deltas": [...]`` instead of ``delta`` and ``P``;
``"coefficients"`` (optional) are priced too and must sum to exactly one; ``"values"`` is
optional (without it there is no estimate).  Numbers are JSON numbers, read exactly as the
decimals they are written as (``0.1`` is 1/10), or strings such as ``"1/3"``.  Anything else
is a :class:`~certify.errors.TextError` naming the field (exit 3, SPEC section 9).
"""

from __future__ import annotations

import difflib
import json
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from pathlib import Path
from typing import Any

from certify.aggregate.design import Design, PerStatement, Weighted
from certify.errors import TextError
from certify.records import Record

MAX_BYTES = 10 * 1024 * 1024
MAX_POSITIONS = 10_000
MAX_DIMENSION = 32
MAX_MAGNITUDE = Fraction(10**12)
MAX_DENOMINATOR = 10**18
MAX_DIGITS = 40
MAX_EXPONENT = 30

MODELS = {"weighted": ("delta", "P"), "per-statement": ("deltas",)}
FIELDS = ("keys", "values", "query", "R_W", "model", "delta", "P", "deltas", "coefficients")


class Request(Record):
    """What a file asks: the design, the values read (if given) and coefficients to price."""

    design: Design
    values: tuple[Fraction, ...] | None
    coefficients: tuple[Fraction, ...] | None


def read_request(path: str) -> Request:
    """Read and check the file at ``path``."""
    try:
        file = Path(path)
        if file.is_dir():
            raise TextError("is a folder, not a JSON file", file=path)
        if file.stat().st_size > MAX_BYTES:
            raise TextError(f"is larger than {MAX_BYTES // (1024 * 1024)} MB", file=path)
        raw = file.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise TextError("no such file", file=path) from None
    except UnicodeDecodeError:
        raise TextError("is not UTF-8 text", file=path) from None
    except OSError as error:
        raise TextError(f"cannot be read: {error.strerror or error}", file=path) from None
    try:
        document = json.loads(raw, parse_float=_decimal, parse_constant=_no_constant)
    except json.JSONDecodeError as error:
        raise TextError(
            f"is not JSON: {error.msg}", file=path, line=error.lineno, column=error.colno
        ) from None
    except ValueError as error:
        raise TextError(str(error), file=path) from None
    return parse_request(document, path)


class _Constant(Record):
    """``NaN``, ``Infinity``, ``-Infinity`` or a number out of range (``1e999999``) in the
    file: kept to be refused by the field it is in."""

    name: str


def _no_constant(name: str) -> Any:
    return _Constant(name)


def _decimal(text: str) -> Fraction | _Constant:
    """A decimal numeral as an exact rational, looked at before it is expanded: ``1e999999999``
    would be a billion-digit integer."""
    try:
        number = Decimal(text)
    except InvalidOperation:
        return _Constant(json.dumps(text[:40]))
    if not number.is_finite():
        return _Constant(text.strip())
    if len(number.as_tuple().digits) > MAX_DIGITS or abs(number.adjusted()) > MAX_EXPONENT:
        return _Constant(f"{text.strip()[:40]} (outside the supported range)")
    return Fraction(*number.as_integer_ratio())


def parse_request(document: object, path: str = "") -> Request:
    """Check a parsed JSON document and build the request it describes."""
    if not isinstance(document, dict):
        raise TextError("the file must hold one JSON object {...}", file=path)
    _check_fields(document, path)
    keys = _list(document, "keys", path)
    if not keys or len(keys) > MAX_POSITIONS:
        raise TextError(f"keys: give between 1 and {MAX_POSITIONS} keys", file=path)
    query = [_number(x, f"query[{i}]", path) for i, x in enumerate(_list(document, "query", path))]
    if not 1 <= len(query) <= MAX_DIMENSION:
        raise TextError(f"query: give between 1 and {MAX_DIMENSION} coordinates", file=path)
    points = []
    for j, key in enumerate(keys):
        if not isinstance(key, list) or len(key) != len(query):
            raise TextError(
                f"keys[{j}]: expected a list of {len(query)} number"
                f"{'s' if len(query) > 1 else ''} (the query's dimension)",
                file=path,
            )
        points.append(tuple(_number(x, f"keys[{j}][{i}]", path) for i, x in enumerate(key)))
    radius = _positive(_number(_field(document, "R_W", path), "R_W", path), "R_W", path)
    model = document["model"]
    if model == "weighted":
        delta = _positive(_number(_field(document, "delta", path), "delta", path), "delta", path)
        weights = _numbers(document, "P", len(points), path)
        for j, weight in enumerate(weights):
            _positive(weight, f"P[{j}]", path)
        tolerance: Weighted | PerStatement = Weighted(delta, weights)
    else:
        deltas = _numbers(document, "deltas", len(points), path)
        for j, value in enumerate(deltas):
            if value < 0:
                raise TextError(f"deltas[{j}]: a tolerance must be at least 0", file=path)
        tolerance = PerStatement(deltas)
    design = Design(tuple(points), tuple(query), radius, tolerance)
    values = _numbers(document, "values", len(points), path) if "values" in document else None
    coefficients = None
    if "coefficients" in document:
        coefficients = _numbers(document, "coefficients", len(points), path)
        total = sum(coefficients, Fraction(0))
        if total != 1:
            raise TextError(
                f"coefficients: they sum to {total} (≈ {float(total):.6g}), not 1; the "
                "worst-case error is defined for coefficients that sum to one",
                file=path,
            )
    return Request(design, values, coefficients)


def _check_fields(document: dict[str, Any], path: str) -> None:
    for name in document:
        if name not in FIELDS:
            close = difflib.get_close_matches(str(name), FIELDS, n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            raise TextError(f"unknown field {str(name)!r}{hint}", file=path)
    for name in ("keys", "query", "R_W", "model"):
        _field(document, name, path)
    model = document["model"]
    if not isinstance(model, str) or model not in MODELS:
        raise TextError(
            f'model: must be "weighted" or "per-statement", not {_kind(model)}', file=path
        )
    for other, fields in MODELS.items():
        for name in fields:
            if other != model and name in document:
                raise TextError(
                    f"field {name!r} belongs to the {other} model, not the {model} one", file=path
                )


def _field(document: dict[str, Any], name: str, path: str) -> Any:
    if name not in document:
        raise TextError(f"missing field {name!r}", file=path)
    return document[name]


def _list(document: dict[str, Any], name: str, path: str) -> list[Any]:
    value = _field(document, name, path)
    if not isinstance(value, list):
        raise TextError(f"{name}: expected a list, got {_kind(value)}", file=path)
    return value


def _numbers(document: dict[str, Any], name: str, size: int, path: str) -> tuple[Fraction, ...]:
    values = _list(document, name, path)
    if len(values) != size:
        raise TextError(
            f"{name}: expected {size} numbers (one per key), got {len(values)}", file=path
        )
    return tuple(_number(x, f"{name}[{j}]", path) for j, x in enumerate(values))


def _number(value: object, where: str, path: str) -> Fraction:
    """A JSON number, or a string such as "1/3", as an exact rational in the supported range."""
    number: Fraction | None = None
    if isinstance(value, Fraction):
        number = value
    elif isinstance(value, int) and not isinstance(value, bool):
        number = Fraction(value)
    elif isinstance(value, str) and len(value) <= 100 and "/" in value:
        try:
            number = Fraction(value.strip())
        except (ValueError, ZeroDivisionError):
            number = None
    elif isinstance(value, str) and len(value) <= 100:
        read = _decimal(value)
        number = read if isinstance(read, Fraction) else None
    if number is None:
        raise TextError(f"{where}: expected a number, got {_kind(value)}", file=path)
    if abs(number) > MAX_MAGNITUDE or number.denominator > MAX_DENOMINATOR:
        raise TextError(
            f"{where}: {_size(number)} is outside the supported range "
            f"(magnitude at most 1e12, at most 18 decimals)",
            file=path,
        )
    return number


def _positive(value: Fraction, where: str, path: str) -> Fraction:
    if value <= 0:
        raise TextError(f"{where}: must be positive, got {value}", file=path)
    return value


def _size(number: Fraction) -> str:
    try:
        return f"{float(number):.6g}"
    except OverflowError:
        return f"a number of {len(str(abs(number.numerator)))} digits"


def _kind(value: object) -> str:
    if isinstance(value, _Constant):
        return value.name
    if isinstance(value, bool) or value is None:
        return json.dumps(value)
    if isinstance(value, str):
        return json.dumps(value[:40] + ("…" if len(value) > 40 else ""), ensure_ascii=False)
    if isinstance(value, list):
        return "a list"
    return "an object" if isinstance(value, dict) else "a number"
