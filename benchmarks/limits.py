"""Resource texts of issue 16 ("Limits do not hold"): each must end within its limit.

    python benchmarks/limits.py [--timeout 2] [--target 3] [NAME...]

Each text is certified by a fresh ``python -m certify --json --timeout T`` process (so start-up,
the memory ceiling and the whole-run deadline are measured as a user meets them); the table
gives the wall time, the peak resident memory of the child, its exit code and the statuses it
reported, beside the target (by default 3 s for ``--timeout 2``).  ``texts()`` is also the
reliability set of ``tests/test_limits.py``.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def chain(n: int = 100) -> str:
    """``x1 + x2 = 1. x2 + x3 = 2. ... `` with a question (an octagon witness of n variables)."""
    lines = [f"x{i} + x{i + 1} = {i}." for i in range(1, n + 1)]
    return "\n".join([*lines, f"What is x{n + 1}?", "What is x1 + x2?"]) + "\n"


def octagon(n: int = 100) -> str:
    """A 100-variable octagon: sums and differences of neighbours, bounds at both ends."""
    lines = ["x1 >= 0.", f"x{n} <= {n}."]
    for i in range(1, n):
        lines.append(f"x{i} + x{i + 1} <= {2 * i + 1}.")
        lines.append(f"x{i + 1} - x{i} >= 1/2.")
    return "\n".join([*lines, f"What is x1 + x{n}?", f"What is x{n // 2}?"]) + "\n"


def negative_cycle(n: int = 500) -> str:
    """``x1 - x2 <= 1, ..., x{n} - x1 <= -n``: every line is needed for the contradiction."""
    lines = [f"x{i} - x{i + 1} <= 1." for i in range(1, n)]
    lines.append(f"x{n} - x1 <= -{n}.")
    return "\n".join([*lines, "What is x1?"]) + "\n"


def pigeonhole(people: int = 11, places: int = 10) -> str:
    """More people than closed places, all in different places (exponential for resolution)."""
    rooms = [f"the room{i}" for i in range(1, places + 1)]
    names = [f"P{i}" for i in range(people)]
    listed = ", ".join(rooms[:-1]) + " and " + rooms[-1]
    everyone = ", ".join(names[:-1]) + " and " + names[-1]
    return f"The places are {listed}.\n{everyone} are in different places.\nWhere is P0?\n"


def many_different(people: int = 200) -> str:
    """``P0, P1, ..., P199 are in different places.`` (a large encoding)."""
    names = [f"P{i}" for i in range(people)]
    everyone = ", ".join(names[:-1]) + " and " + names[-1]
    return f"{everyone} are in different places.\nWhere is P0?\n"


def locations(lines: int = 4990) -> str:
    """Thousands of location lines: people in rooms, rooms in houses."""
    out = []
    for i in range(lines):
        if i % 5 == 4:
            out.append(f"The r{i} room is in the h{i % 97} house.")
        else:
            out.append(f"Q{i} is in the r{i - i % 5 + 4} room.")
    return "\n".join([*out, "Where is Q0?"]) + "\n"


def texts() -> dict[str, Callable[[], str]]:
    """The resource texts by name, as functions (some are large)."""
    return {
        "chain-100": chain,
        "octagon-100": octagon,
        "negative-cycle-500": negative_cycle,
        "pigeonhole-11-10": pigeonhole,
        "pigeonhole-13-12": lambda: pigeonhole(13, 12),
        "different-200": many_different,
        "locations-4990": locations,
    }


def measure(text: str, timeout: float, folder: Path) -> tuple[float, int, int, str]:
    """Wall seconds, peak resident MB of the child, its exit code and the statuses it gave."""
    path = folder / "text.txt"
    path.write_text(text, encoding="utf-8")
    out, err = folder / "stdout", folder / "stderr"
    command = [sys.executable, "-m", "certify", str(path), "--json", "--timeout", str(timeout)]
    started = time.perf_counter()
    with out.open("wb") as stdout, err.open("wb") as stderr:
        child = subprocess.Popen(command, stdout=stdout, stderr=stderr, cwd=ROOT)
        _, status, usage = os.wait4(child.pid, 0)
    seconds = time.perf_counter() - started
    child.returncode = os.waitstatus_to_exitcode(status)
    try:
        report = json.loads(out.read_text(encoding="utf-8"))
        statuses = ",".join(q["status"] for q in report["questions"])
    except (json.JSONDecodeError, KeyError, TypeError):
        lines = err.read_text(encoding="utf-8", errors="replace").strip().splitlines()
        statuses = (lines or ["(no output)"])[-1][:60]
    return seconds, usage.ru_maxrss // 1024, child.returncode, statuses


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", help="run only these texts")
    parser.add_argument("--timeout", type=float, default=2.0)
    parser.add_argument("--target", type=float, default=3.0)
    args = parser.parse_args()
    chosen = {k: v for k, v in texts().items() if not args.names or k in args.names}
    folder = Path(os.environ.get("TMPDIR", "/tmp")) / f"certify-limits-{os.getpid()}"
    folder.mkdir(parents=True, exist_ok=True)
    print(f"{'text':22} {'seconds':>8} {'target':>7} {'peak MB':>8} {'exit':>5}  statuses")
    for name, make in chosen.items():
        seconds, peak, code, statuses = measure(make(), args.timeout, folder)
        mark = "ok" if seconds <= args.target else "SLOW"
        print(
            f"{name:22} {seconds:8.2f} {args.target:7.1f} {peak:8d} {code:5d}  {statuses}  {mark}"
        )


if __name__ == "__main__":
    main()
