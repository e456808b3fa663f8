"""Running a program in a fresh Python whose per-user cache is a folder of the test's own."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from tests.paths import SAMPLES


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


def modules_file(cache: Path) -> Path:
    (found,) = (cache / "certify").glob("modules-*.bin")
    return found


LOADERS = """
import json, sys
from certify.__main__ import main
sys.argv = ["certify", sys.argv[1]]
try:
    main()
except SystemExit:
    pass
print("\\n" + json.dumps({n: type(m.__spec__.loader).__name__ for n, m in sys.modules.items()
                          if n.startswith(("certify.", "typer", "difflib", "inspect"))
                          and m.__spec__ is not None}))
"""


def certify_run(cache: Path, *flags: str, cwd: Path | None = None) -> tuple[str, dict[str, str]]:
    """What a fresh ``certify samples/ana.txt`` prints, and the loader of each of certify's
    modules (and of two of the standard library's), run in ``cwd`` (first on ``sys.path``)."""
    done = subprocess.run(
        [sys.executable, *flags, "-c", LOADERS, str(SAMPLES / "ana.txt")],
        capture_output=True,
        text=True,
        env=with_cache(cache),
        check=True,
        cwd=cwd,
    )
    shown, _, loaders = done.stdout.rpartition("\n{")
    return shown, json.loads("{" + loaders)
