"""Where the shared conformance cases and the repository's samples are."""

from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"
CONFORMANCE = Path(os.environ.get("CERTIFY_CONFORMANCE", ROOT.parent / "shared" / "conformance"))
