"""``certify schema [report|error]``: print the JSON Schema of certify's --json documents."""

from __future__ import annotations

import sys
from enum import Enum
from typing import Annotated

import typer


class Document(str, Enum):
    """Which JSON Schema ``certify schema`` prints."""

    REPORT = "report"
    ERROR = "error"


schema_app = typer.Typer(
    add_completion=False,
    context_settings={"help_option_names": ["-h", "--help"]},
    pretty_exceptions_enable=False,
)


@schema_app.command()
def schema(
    document: Annotated[
        Document,
        typer.Argument(
            case_sensitive=False,
            help="report: certify.report/1 (a text's --json); error: certify.error/1.",
        ),
    ] = Document.REPORT,
) -> None:
    """Print the JSON Schema (draft 2020-12) of certify's --json documents."""
    from certify import schema as schemas

    sys.stdout.write(schemas.text(document.value))
