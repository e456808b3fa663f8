"""The JSON Schemas (draft 2020-12) of certify's two JSON documents, shipped in the package.

``certify.report/1`` (``report.schema.json``) is what ``certify --json`` prints for a text and
``Report.to_dict()`` returns; ``certify.error/1`` (``error.schema.json``) is the line printed
for a file that could not be read.  ``certify schema [report|error]`` prints them.  They are
strict (``additionalProperties: false``), so a key the code adds without describing it here
fails the test suite, which validates every document it produces.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any, Literal

Kind = Literal["report", "error"]

KINDS: dict[str, Kind] = {"certify.report/1": "report", "certify.error/1": "error"}
"""The schema of each document, by its ``schema`` key."""


def text(kind: Kind = "report") -> str:
    """The schema of ``kind`` as the JSON text shipped in the package."""
    return resources.files(__package__).joinpath(f"{kind}.schema.json").read_text("utf-8")


def load(kind: Kind = "report") -> dict[str, Any]:
    """The schema of ``kind`` as a dictionary."""
    loaded: dict[str, Any] = json.loads(text(kind))
    return loaded
