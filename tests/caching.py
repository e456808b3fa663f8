"""Running a program in a fresh Python whose per-user cache is a folder of the test's own."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any


def with_cache(cache: Path) -> dict[str, str]:
    """This environment with ``$XDG_CACHE_HOME`` at ``cache`` and Python allowed to write caches
    (this machine's ``PYTHONDONTWRITEBYTECODE`` unset), as on a user's machine."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["XDG_CACHE_HOME"] = str(cache)
    return env


def run_with_cache(program: str, cache: Path) -> Any:
    """What ``program`` prints as JSON, run in the environment ``with_cache(cache)``."""
    env = with_cache(cache)
    done = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, env=env, check=True
    )
    return json.loads(done.stdout)
