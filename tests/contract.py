"""The JSON contract, checked: every document the test suite produces must match the schema
shipped in the package (``certify/schema/``).

``tests/conftest.py`` wraps the functions that build documents (``certify.report.to_json``,
``error_json``) with ``validated`` before any test module is imported, so a test that makes
JSON in-process cannot skip the check; ``run_cli`` also validates every line a ``--json``
command prints.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache, wraps
from typing import Any, TypeVar

from jsonschema import Draft202012Validator, ValidationError
from typer.testing import CliRunner, Result

from certify import schema

Document = dict[str, Any]
F = TypeVar("F", bound=Callable[..., Document])


@cache
def validator(kind: schema.Kind) -> Draft202012Validator:
    """The validator of one shipped schema (checked to be a valid draft 2020-12 schema)."""
    loaded = schema.load(kind)
    Draft202012Validator.check_schema(loaded)
    return Draft202012Validator(loaded)


def validate(document: Document) -> Document:
    """Fail the test unless ``document`` matches the schema its ``schema`` key names."""
    kind = schema.KINDS.get(document.get("schema", ""))
    assert kind is not None, f"not a certify document: schema={document.get('schema')!r}"
    problems = sorted(validator(kind).iter_errors(document), key=lambda e: list(e.path))
    assert not problems, "\n".join(_explain(e) for e in problems)
    return document


def _explain(error: ValidationError) -> str:
    """Where the document is wrong and why, with the reasons inside a ``oneOf``."""
    where = "/".join(str(p) for p in error.absolute_path) or "(top)"
    inner = [
        f"\n    {'/'.join(str(p) for p in c.absolute_path)}: {c.message}" for c in error.context
    ]
    return f"{where}: {error.message}" + "".join(inner)


def validated(build: F) -> F:
    """``build``, with every document it returns validated (after a JSON round trip)."""

    @wraps(build)
    def checked(*args: Any, **kwargs: Any) -> Document:
        document = build(*args, **kwargs)
        validate(json.loads(json.dumps(document)))
        return document

    checked.__wrapped_by_contract__ = True  # type: ignore[attr-defined]
    return checked  # type: ignore[return-value]


def run_cli(*args: object, **kwargs: Any) -> Result:
    """Run ``certify ARGS`` in-process; with ``--json``, validate every line it prints."""
    from certify.cli.app import app

    result = CliRunner().invoke(app, [str(a) for a in args], **kwargs)
    if "--json" in args:
        for line in result.stdout.splitlines():
            if line.strip():
                validate(json.loads(line))
    return result
