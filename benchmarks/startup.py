"""Start-up of one ``certify`` run against ``python -c pass``, with what the difference is made of.

    python benchmarks/startup.py [--python PY] [--runs 21] [TEXT]

Each row is timed in *paired* runs — the baseline ``PY -c pass`` and the command, one right
after the other, ``--runs`` times — and reported as the median wall time, the median of the
per-pair ratios, which cancels most of the noise of a shared machine, and the median peak
memory (the child's maximum resident set).  The rows peel the cost apart: importing typer;
importing the two packages a finite text's run cannot do without (typer for the command
line, python-sat's compiled solvers ``pysolvers`` to solve: ``certify.domains.cadical``;
the parser is Lark's standalone code inside certify, ``certify.syntax.lark_runtime``, and the
``lark`` package is imported only to build a parser no earlier run saved), which is the
floor under every text row into a pipe, and the same with rich, which a terminal's output
adds; ``certify --version`` (answered before typer);
``certify missing.txt`` (typer parsing arguments and the solver layer that ``Options`` lives
in, but no text read); ``--json``; the full text run (into a pipe, so without rich either);
and a three-line time text (the difference domain).  Issue 9's targets are printed beside
their rows: ``--version`` ≤ 3×, the text ≤ 8×, the time text ≤ 10×, and a small text's peak
memory ≤ 30 MiB.
``--importtime`` adds the top packages by ``python -X importtime`` self time.

Measure an installed wheel in a fresh virtual environment (``--python /tmp/venv/bin/python``),
not an editable install: an editable install with ``PYTHONDONTWRITEBYTECODE`` set recompiles
certify's modules on every run.  This script unsets that variable for the runs it makes.
"""

from __future__ import annotations

import argparse
import collections
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from machine import line as machine_line

ROOT = Path(__file__).resolve().parent.parent


def environment() -> dict[str, str]:
    """The runs' environment: bytecode caches allowed, no colours."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["NO_COLOR"] = "1"
    return env


TIME_TEXT = (
    "Bob arrives at least 10 minutes after Ana.\n"
    "Carl arrives 5 minutes before Bob.\n"
    "When does Carl arrive?\n"
)

# Issue 9's targets: (ratio to ``python -c pass``, peak MiB) by row; None for no target.
VERSION_TARGET = 3.0
TEXT_TARGET = 8.0
TIME_TARGET = 10.0
MEMORY_TARGET = 30.0


def measured(command: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Seconds one run of ``command`` takes, start to exit, and its peak memory in MiB."""
    started = time.perf_counter()
    child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    _, _, usage = os.wait4(child.pid, 0)
    child.returncode = 0  # reaped here; keeps Popen from waiting again
    return time.perf_counter() - started, usage.ru_maxrss / 1024


def wall(command: list[str], env: dict[str, str]) -> float:
    """Seconds one run of ``command`` takes, start to exit."""
    return measured(command, env)[0]


def paired_with_memory(
    command: list[str], baseline: list[str], runs: int
) -> tuple[float, float, float, float]:
    """Median baseline seconds, command seconds, per-pair ratio, and command peak MiB."""
    env = environment()
    for _ in range(3):  # warm the file cache, the bytecode cache, Lark's grammar cache and the
        # modules file (one run writes the code, the next the patterns its modules compile)
        wall(command, env)
    bases, times, peaks = [], [], []
    for _ in range(runs):
        bases.append(wall(baseline, env))
        seconds, peak = measured(command, env)
        times.append(seconds)
        peaks.append(peak)
    ratios = [t / b for t, b in zip(times, bases)]
    return (
        statistics.median(bases),
        statistics.median(times),
        statistics.median(ratios),
        statistics.median(peaks),
    )


def paired(command: list[str], baseline: list[str], runs: int) -> tuple[float, float, float]:
    """Median baseline seconds, median command seconds, median per-pair ratio."""
    return paired_with_memory(command, baseline, runs)[:3]


def import_breakdown(
    python: str, text: str, runs: int = 5, top: int = 12
) -> list[tuple[str, float]]:
    """Median ``-X importtime`` self time (ms) per top-level package of ``certify TEXT``."""
    totals: list[collections.Counter[str]] = []
    for _ in range(runs):
        done = subprocess.run(
            [python, "-X", "importtime", "-m", "certify", text],
            capture_output=True,
            text=True,
            env=environment(),
        )
        counter: collections.Counter[str] = collections.Counter()
        for line in done.stderr.splitlines():
            if not line.startswith("import time:") or "self [us]" in line:
                continue
            self_us, _, name = line.removeprefix("import time:").split("|")
            parts = name.strip().split(".")
            package = ".".join(parts[:2]) if parts[0] == "certify" else parts[0]
            counter[package] += int(self_us)
        totals.append(counter)
    names = set().union(*totals)
    medians = {n: statistics.median(t.get(n, 0) for t in totals) / 1000 for n in names}
    return sorted(medians.items(), key=lambda item: -item[1])[:top]


Row = tuple[str, list[str], float | None, float | None]
"""A label, a command, its target ratio and its target peak MiB."""


def rows(python: str, certify: str, text: str, time_text: str) -> list[Row]:
    """The commands whose start-up is compared, cheapest first."""
    # The command imports with the collector off (certify/__main__.py), so the floors do too.
    floor = "import gc; gc.disable(); import typer, pysolvers"
    terminal = floor + ", rich.console"
    return [
        ("python -c 'import typer'", [python, "-c", "import typer"], None, None),
        ("floor: import typer, pysolvers", [python, "-c", floor], None, None),
        ("floor on a terminal: and rich", [python, "-c", terminal], None, None),
        ("certify --version", [certify, "--version"], VERSION_TARGET, None),
        ("certify missing.txt (typer parses; no text read)", [certify, "missing.txt"], None, None),
        (f"certify {Path(text).name} --json (no rich)", [certify, text, "--json"], None, None),
        (f"certify {Path(text).name}", [certify, text], TEXT_TARGET, MEMORY_TARGET),
        (
            "certify time.txt (3 lines, differences)",
            [certify, time_text],
            TIME_TARGET,
            MEMORY_TARGET,
        ),
    ]


def verdict(value: float, target: float | None, unit: str) -> str:
    """``≤ target: ok`` or ``≤ target: MISSED``; nothing without a target."""
    if target is None:
        return ""
    return f"≤ {target:g}{unit}: {'ok' if value <= target else 'MISSED'}"


def main() -> None:
    """Print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("text", nargs="?", default=str(ROOT / "samples" / "ana.txt"))
    parser.add_argument("--python", default=sys.executable, help="interpreter of the install")
    parser.add_argument("--runs", type=int, default=21, help="paired runs per row")
    parser.add_argument("--importtime", action="store_true", help="add the import breakdown")
    parser.add_argument(
        "--home-cache",
        action="store_true",
        help="use the user's ~/.cache/certify (default: a new one, warmed by the first runs)",
    )
    args = parser.parse_args()
    print(machine_line())
    certify = str(Path(args.python).with_name("certify"))
    baseline = [args.python, "-c", "pass"]
    print(f"python: {args.python}  runs: {args.runs} paired")
    heads = ("median", "× pass", "target", "peak", "target")
    print(f"{'command':50s} " + " ".join(f"{h:>{w}s}" for h, w in zip(heads, (9, 7, 13, 9, 15))))
    with tempfile.TemporaryDirectory(prefix="certify-startup-") as folder:
        if not args.home_cache:  # the caches of this install alone, as after a user's first run
            os.environ["XDG_CACHE_HOME"] = str(Path(folder) / "cache")
        time_text = Path(folder) / "time.txt"
        time_text.write_text(TIME_TEXT)
        for label, command, target, memory in rows(args.python, certify, args.text, str(time_text)):
            base, seconds, ratio, peak = paired_with_memory(command, baseline, args.runs)
            speed, size = verdict(ratio, target, "×"), verdict(peak, memory, " MiB")
            print(
                f"{label:50s} {seconds * 1000:7.1f}ms {ratio:6.1f}× {speed:>13s} "
                f"{peak:6.1f}MiB {size:>15s}   (pass: {base * 1000:.1f}ms)"
            )
        if args.importtime:
            print("\nimport self time by package (median, ms):")
            for package, ms in import_breakdown(args.python, args.text):
                print(f"  {ms:6.1f}  {package}")


if __name__ == "__main__":
    main()
