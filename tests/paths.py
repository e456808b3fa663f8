"""Where the shared conformance cases and the repository's samples are."""

from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"
CONFORMANCE = Path(os.environ.get("CERTIFY_CONFORMANCE", ROOT.parent / "shared" / "conformance"))


def pending() -> dict[str, str]:
    """Conformance cases whose issue has not landed (tests/pending.txt): stem -> issue."""
    found: dict[str, str] = {}
    for line in (ROOT / "tests" / "pending.txt").read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            stem, _, issue = line.strip().partition(" ")
            found[stem] = issue.strip()
    return found
