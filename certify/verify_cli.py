"""The ``certify verify`` command: the command-line face of ``certify.verify``.

Reads a saved report (one JSON document, or JSON Lines for a batch), reads each text again
(the report's ``file``, or the TEXT given), and exits 0 only when every claim holds; every
broken claim is printed to stderr, naming the file, the question and what is wrong.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from certify.errors import CertifyError, ExitCode

app = typer.Typer(
    add_completion=False,
    help="Re-check a saved JSON report against its text without trusting the engine that wrote it.",
    context_settings={"help_option_names": ["-h", "--help"]},
    pretty_exceptions_enable=False,
)


def _documents(path: str) -> list[dict[str, Any]]:
    try:
        raw = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise CertifyError(f"cannot read the report {path}: {error}") from None
    documents: list[dict[str, Any]] = []
    try:
        stripped = raw.strip()
        if stripped.startswith("{") and "\n{" not in stripped:
            documents.append(json.loads(stripped))
        else:
            documents.extend(json.loads(line) for line in raw.splitlines() if line.strip())
    except json.JSONDecodeError as error:
        raise CertifyError(f"the report {path} is not JSON: {error}") from None
    if not all(isinstance(d, dict) for d in documents) or not documents:
        raise CertifyError(f"the report {path} holds no certify report")
    return documents


@app.command()
def verify(
    report: Annotated[str, typer.Argument(help="A JSON report written by 'certify --json'.")],
    text: Annotated[
        str | None,
        typer.Argument(help="The text it is about (default: the report's 'file')."),
    ] = None,
) -> None:
    """Re-check every witness, status, answer set, support and conflict of a report."""
    from certify.batch import read_text
    from certify.errors import TextError
    from certify.verify import verify_document

    try:
        documents = _documents(report)
    except CertifyError as error:
        sys.stderr.write(f"certify verify: {error.message}\n")
        raise typer.Exit(int(ExitCode.BAD_TEXT)) from None
    broken_total = 0
    for document in documents:
        path = text or str(document.get("file", ""))
        try:
            source = read_text(path)
            broken = verify_document(document, source, path)
        except TextError as error:
            sys.stderr.write(error.render() + "\n")
            raise typer.Exit(int(ExitCode.BAD_TEXT)) from None
        except CertifyError as error:
            sys.stderr.write(f"certify verify: {error.message}\n")
            raise typer.Exit(int(ExitCode.BAD_TEXT)) from None
        for claim in broken:
            sys.stderr.write(f"{path}: broken claim: {claim}\n")
        broken_total += len(broken)
        questions = len(document.get("questions") or [])
        if not broken:
            sys.stdout.write(f"{path}: verified {questions} question(s): every claim holds\n")
    raise typer.Exit(int(ExitCode.EXPECTATION_FAILED if broken_total else ExitCode.OK))


def main(argv: list[str]) -> None:
    """Run ``certify verify`` with these arguments."""
    app(args=argv, prog_name="certify verify")
