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


WHERE = """
import gc, sys, traceback
out = sys.argv.pop(1)
found = []
def where(phase, info):
    if phase == "start":
        found.append([frame.name for frame in traceback.extract_stack()])
gc.callbacks.append(where)
import atexit, json
atexit.register(lambda: json.dump(found, open(out, "w")))
sys.argv = ["certify", *sys.argv[1:]]
from certify.__main__ import command
command()
"""


def test_no_collection_scans_what_the_command_makes_to_live_on(tmp_path: Path) -> None:
    out = tmp_path / "where.json"
    text = tmp_path / "many.txt"  # enough work to collect while it is certified
    text.write_text("".join(f"P{i} is in the kitchen or the hall.\n" for i in range(400)))
    subprocess.run([sys.executable, "-c", WHERE, str(out), str(text)], capture_output=True)
    stacks = json.loads(out.read_text())
    assert stacks  # the run did collect (a probe that saw nothing would prove nothing)
    making = [s for s in stacks if {"_options", "lalr"} & set(s)]
    assert making == []  # none while the readout was imported or the parser loaded


LONG_LIVED = """
import gc, json, sys
from certify import collector
command = sys.argv[1] == "command"
if command:
    collector.freeze_what_lives_on()
gc.enable()
before = gc.get_freeze_count()
with collector.long_lived():
    paused = not gc.isenabled()
    kept = [[] for _ in range(1000)]
after = gc.get_freeze_count()
gc.disable()
with collector.long_lived():
    pass
print(json.dumps([paused, after - before, gc.isenabled()]))
"""


def test_long_lived_pauses_the_collector_and_freezes_only_in_the_command() -> None:
    def run(mode: str) -> list[object]:
        done = subprocess.run(
            [sys.executable, "-c", LONG_LIVED, mode], capture_output=True, text=True, check=True
        )
        found: list[object] = json.loads(done.stdout)
        return found

    paused, frozen, enabled_after_disabled = run("command")
    assert paused is True and isinstance(frozen, int) and frozen >= 1000
    assert enabled_after_disabled is False  # a collector that was off stays off
    assert run("api") == [True, 0, False]  # the host's heap is never frozen
