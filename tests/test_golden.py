"""Output pinned byte for byte: every sample and conformance case, as text and as JSON.

Restructuring the code (issue 14) must not change what a user sees. ``tests/golden/`` holds
the outputs; after a deliberate change of output, refresh them with
``python -m tests.test_golden`` and review the diff like any other change.
"""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest
from rich.console import Console

from certify.batch import run_file
from certify.readout.answer import Options
from certify.render import render_result
from tests.paths import CONFORMANCE, ROOT, SAMPLES, pending

GOLDEN = ROOT / "tests" / "golden"
TEXTS = sorted(SAMPLES.rglob("*.txt")) + [
    p for p in sorted(CONFORMANCE.glob("*.txt")) if p.stem not in pending()
]


def _name(path: Path) -> str:
    base = SAMPLES if path.is_relative_to(SAMPLES) else CONFORMANCE
    prefix = "samples" if base == SAMPLES else "conformance"
    return prefix + "__" + str(path.relative_to(base)).replace("/", "__").removesuffix(".txt")


def outputs(path: Path) -> tuple[str, str]:
    """The text rendering (80 columns, no colour) and the JSON of one file."""
    result = run_file(str(path), [], Options(), checking=True)
    assert result.report is not None, path
    shown = io.StringIO()
    Console(file=shown, width=80, color_system=None, force_terminal=False).print(
        render_result(result, explain=True, checking=True)
    )
    data = result.report.to_dict()
    data["file"] = _name(path)
    return shown.getvalue().replace(str(path), _name(path)), json.dumps(data, indent=1) + "\n"


@pytest.mark.parametrize("path", TEXTS, ids=_name)
def test_output_is_unchanged(path: Path) -> None:
    text, document = outputs(path)
    assert text == (GOLDEN / f"{_name(path)}.txt").read_text(encoding="utf-8")
    assert document == (GOLDEN / f"{_name(path)}.json").read_text(encoding="utf-8")


if __name__ == "__main__":  # refresh: python -m tests.test_golden
    GOLDEN.mkdir(exist_ok=True)
    for old in GOLDEN.iterdir():
        old.unlink()
    for path in TEXTS:
        text, document = outputs(path)
        (GOLDEN / f"{_name(path)}.txt").write_text(text, encoding="utf-8")
        (GOLDEN / f"{_name(path)}.json").write_text(document, encoding="utf-8")
    sys.stdout.write(f"{len(TEXTS)} texts written to {GOLDEN}\n")
