"""The command sets the garbage collector for a short process; the API leaves it alone.

``certify.__main__.collect_less`` freezes what the imports made and collects young objects
less often (a tenth of a small run was the collector scanning the same modules again).  These
tests look at the collector of real processes when they end; they do not time anything.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from certify.__main__ import MIDDLE, YOUNG
from tests.paths import SAMPLES

REPORT = """
import atexit, gc, json, sys
out = sys.argv.pop(1)
def report():
    with open(out, "w") as stream:
        json.dump({"frozen": gc.get_freeze_count(), "threshold": gc.get_threshold(),
                   "enabled": gc.isenabled()}, stream)
atexit.register(report)
"""

COMMAND = (
    REPORT
    + """
sys.argv = ["certify", *sys.argv[1:]]
from certify.__main__ import main
main()
"""
)

API = (
    REPORT
    + """
import certify
certify.check("Ana is in the kitchen or the garden.\\nWhere is Ana?\\n")
"""
)


def collector(tmp_path: Path, program: str, *args: str) -> dict[str, object]:
    out = tmp_path / "gc.json"
    subprocess.run([sys.executable, "-c", program, str(out), *args], capture_output=True)
    found: dict[str, object] = json.loads(out.read_text())
    return found


def test_the_command_freezes_its_imports_and_collects_young_objects_less_often(
    tmp_path: Path,
) -> None:
    state = collector(tmp_path, COMMAND, str(SAMPLES / "ana.txt"))
    assert state["enabled"] is True
    assert isinstance(state["frozen"], int) and state["frozen"] > 10_000  # the modules' objects
    assert state["threshold"] == [YOUNG, MIDDLE, 10]


def test_the_api_leaves_its_hosts_collector_alone(tmp_path: Path) -> None:
    import gc

    state = collector(tmp_path, API)
    assert state == {"frozen": 0, "threshold": list(gc.get_threshold()), "enabled": True}
