"""Where the conformance cases and the repository's samples are.

The conformance cases are ``../shared/conformance`` when that folder exists beside the
repository (the project's workspace and CI), else the repository's own copy in
``tests/conformance`` (a fresh clone); ``$CERTIFY_CONFORMANCE`` overrides both.
"""

from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"
SHARED_CONFORMANCE = ROOT.parent / "shared" / "conformance"
COPIED_CONFORMANCE = ROOT / "tests" / "conformance"
CONFORMANCE = Path(
    os.environ.get(
        "CERTIFY_CONFORMANCE",
        SHARED_CONFORMANCE if SHARED_CONFORMANCE.is_dir() else COPIED_CONFORMANCE,
    )
)


def pending() -> dict[str, str]:
    """Conformance cases whose issue has not landed (tests/pending.txt): stem -> issue."""
    found: dict[str, str] = {}
    for line in (ROOT / "tests" / "pending.txt").read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            stem, _, issue = line.strip().partition(" ")
            found[stem] = issue.strip()
    return found
