"""Output pinned byte for byte: every sample and conformance case, as text and as JSON.

Restructuring the code (issue 14) must not change what a user sees. ``tests/golden/`` holds
the outputs; after a deliberate change of output, refresh them with
``python -m tests.test_golden`` and review the diff like any other change.
"""

from __future__ import annotations

import io
import json
import os
import sys
from pathlib import Path

import pytest
from rich.console import Console

from certify.cli.batch import run_file
from certify.output.render import render_result
from certify.readout.answer import Options
from tests.paths import CONFORMANCE, ROOT, SAMPLES, pending

GOLDEN = ROOT / "tests" / "golden"
TEXTS = sorted(SAMPLES.rglob("*.txt")) + [
    p for p in sorted(CONFORMANCE.glob("*.txt")) if p.stem not in pending()
]


def _name(path: Path) -> str:
    base = SAMPLES if path.is_relative_to(SAMPLES) else CONFORMANCE
    prefix = "samples" if base == SAMPLES else "conformance"
    return prefix + "__" + str(path.relative_to(base)).replace("/", "__").removesuffix(".txt")


def _shown_as(path: Path) -> tuple[Path, str]:
    """The folder to run from and the path the output names, the same wherever the clone is.

    The path is part of the header line and so of where it wraps: an absolute path would make
    the golden files depend on the checkout's location.
    """
    base = SAMPLES if path.is_relative_to(SAMPLES) else CONFORMANCE
    return base.parent, f"{base.name}/{path.relative_to(base)}"


def outputs(path: Path) -> tuple[str, str]:
    """The text rendering (80 columns, no colour) and the JSON of one file."""
    folder, shown_path = _shown_as(path)
    here = Path.cwd()
    os.chdir(folder)
    try:
        result = run_file(shown_path, [], Options(), checking=True)
    finally:
        os.chdir(here)
    assert result.report is not None, path
    shown = io.StringIO()
    Console(file=shown, width=80, color_system=None, force_terminal=False).print(
        render_result(result, explain=True, checking=True)
    )
    return shown.getvalue(), json.dumps(result.report.to_dict(), indent=1) + "\n"


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
