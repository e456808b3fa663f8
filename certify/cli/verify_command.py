"""The ``certify verify`` command: the command-line face of ``certify.cli.verify``.

Reads a saved report (one JSON document, or JSON Lines for a batch), reads each text again
(the report's ``file``, or the TEXT given), and exits 0 only when every claim holds; every
broken claim is printed to stderr, naming the file, the question and what is wrong.
"""

from __future__ import annotations

import json
import sys
from typing import Annotated, Any

import typer

from certify.errors import CertifyError, ExitCode, printable

ERROR_SCHEMA = "certify.error/1"

app = typer.Typer(
    add_completion=False,
    help="Re-check a saved JSON report against its text without trusting the engine that wrote it.",
    context_settings={"help_option_names": ["-h", "--help"]},
    pretty_exceptions_enable=False,
)


def _documents(path: str) -> list[Any]:
    """The JSON documents of a report file: one document, or one per line (JSON Lines)."""
    from certify.files import decode, read_bytes

    try:
        raw, _ = decode(read_bytes(path), path)
    except CertifyError as error:
        raise CertifyError(f"cannot read the report {path!r}: {error.message}") from None
    documents: list[Any] = []
    try:
        stripped = raw.strip()
        if stripped.startswith("{") and "\n{" not in stripped:
            documents.append(json.loads(stripped))
        else:
            documents.extend(json.loads(line) for line in raw.splitlines() if line.strip())
    except (json.JSONDecodeError, RecursionError) as error:
        raise CertifyError(f"the report {path!r} is not JSON: {error}") from None
    except ValueError as error:  # a number beyond Python's integer conversion limit
        raise CertifyError(f"the report {path!r} is not usable JSON: {error}") from None
    if not documents:
        raise CertifyError(f"the report {path!r} holds no certify report")
    return documents


@app.command()
def verify(
    report: Annotated[str, typer.Argument(help="A JSON report written by 'certify --json'.")],
    text: Annotated[
        str | None,
        typer.Argument(help="The text it is about (default: the report's 'file')."),
    ] = None,
) -> None:
    """Re-check every witness, status, answer set, support and conflict of a report.

    Every document of a JSON Lines report is checked and reported on its own line; the exit
    code is 3 if a report or a text could not be read, else 1 if a claim is broken, else 0.
    """
    try:
        documents = _documents(report)
    except CertifyError as error:
        _say(f"certify verify: {error.message}")
        raise typer.Exit(int(ExitCode.BAD_TEXT)) from None
    codes = [
        _verify_one(document, text, index, len(documents))
        for index, document in enumerate(documents)
    ]
    raise typer.Exit(int(max(codes, default=ExitCode.OK)))


def _verify_one(document: Any, text: str | None, index: int, count: int) -> ExitCode:
    """Check one document, print what holds or what is broken, and return its exit code."""
    from certify.errors import TextError

    where = f"document {index + 1}" if count > 1 else "the report"
    named = document.get("file") if isinstance(document, dict) else None
    path = text or (named if isinstance(named, str) else "")
    if not path:
        _say(f"certify verify: {where} names no text file ('file'); give the TEXT argument")
        return ExitCode.BAD_TEXT
    if isinstance(document, dict) and document.get("schema") == ERROR_SCHEMA:
        return _verify_error(document, path)
    try:
        broken = _claims(document, path)
    except TextError as error:
        sys.stderr.write(error.render() + "\n")
        return ExitCode.BAD_TEXT
    except CertifyError as error:
        _say(f"certify verify: {path}: {error.message}")
        return ExitCode.BAD_TEXT
    except Exception as error:  # a bug: one line, as for certify itself (SPEC section 8)
        _say(f"certify verify: {path}: internal error (a bug in certify): {error!r}")
        return ExitCode.INTERNAL
    for claim in broken:
        _say(f"{path}: broken claim: {claim}")
    if broken:
        return ExitCode.EXPECTATION_FAILED
    questions = len(document.get("questions") or [])
    _say(f"{path}: verified {questions} question(s): every claim holds", out=True)
    return ExitCode.OK


def _claims(document: Any, path: str) -> list[str]:
    from certify.cli.verify_report import verify_document
    from certify.files import read_text

    return verify_document(document, read_text(path), path)


def _verify_error(document: dict[str, Any], path: str) -> ExitCode:
    """An error document claims the text cannot be read: check that it still cannot."""
    from certify.files import read_text
    from certify.pipeline import read
    from certify.syntax.parse import read_document

    error = document.get("error")
    kind = error.get("kind") if isinstance(error, dict) else None
    if kind == "InternalError" or not isinstance(kind, str):
        _say(f"{path}: not verified: the report holds an internal error for this file")
        return ExitCode.EXPECTATION_FAILED
    try:
        read(read_document(read_text(path), path))
    except CertifyError as failure:
        _say(f"{path}: verified: the text cannot be read ({failure.message})", out=True)
        return ExitCode.OK
    _say(f"{path}: broken claim: the report says the text cannot be read ({kind}), but it can")
    return ExitCode.EXPECTATION_FAILED


def _say(line: str, out: bool = False) -> None:
    """One line of user-controlled text, escaped, on stdout or stderr."""
    (sys.stdout if out else sys.stderr).write(printable(line) + "\n")


def main(argv: list[str]) -> None:
    """Run ``certify verify`` with these arguments."""
    app(args=argv, prog_name="certify verify")
