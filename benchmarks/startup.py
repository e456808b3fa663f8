"""Start-up of one ``certify`` run against ``python -c pass``, with what the difference is made of.

    python benchmarks/startup.py [--python PY] [--runs 21] [TEXT]

Each row is timed in *paired* runs — the baseline ``PY -c pass`` and the command, one right
after the other, ``--runs`` times — and reported as the median wall time and the median of
the per-pair ratios, which cancels most of the noise of a shared machine.  The rows peel the
cost apart: the bare interpreter, importing typer, ``certify --version`` (typer without
parsing any value), ``certify missing.txt`` (typer parsing arguments, which in typer 0.29
builds a pydantic validator per option, and the solver layer that ``Options`` lives in, but no
text read), ``--json`` (the whole pipeline without rich), and the full text run.
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
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def environment() -> dict[str, str]:
    """The runs' environment: bytecode caches allowed, no colours."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["NO_COLOR"] = "1"
    return env


def wall(command: list[str], env: dict[str, str]) -> float:
    """Seconds one run of ``command`` takes, start to exit."""
    started = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    return time.perf_counter() - started


def paired(command: list[str], baseline: list[str], runs: int) -> tuple[float, float, float]:
    """Median baseline seconds, median command seconds, median per-pair ratio."""
    env = environment()
    for _ in range(2):  # warm the file cache, the bytecode cache and Lark's grammar cache
        wall(command, env)
    bases, times = [], []
    for _ in range(runs):
        bases.append(wall(baseline, env))
        times.append(wall(command, env))
    ratios = [t / b for t, b in zip(times, bases)]
    return statistics.median(bases), statistics.median(times), statistics.median(ratios)


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


def rows(python: str, certify: str, text: str) -> list[tuple[str, list[str]]]:
    """The commands whose start-up is compared, cheapest first."""
    return [
        ("python -c 'import typer'", [python, "-c", "import typer"]),
        ("certify --version", [certify, "--version"]),
        ("certify missing.txt (typer parses; no text read)", [certify, "missing.txt"]),
        (f"certify {text} --json (no rich)", [certify, text, "--json"]),
        (f"certify {text}", [certify, text]),
    ]


def main() -> None:
    """Print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("text", nargs="?", default=str(ROOT / "samples" / "ana.txt"))
    parser.add_argument("--python", default=sys.executable, help="interpreter of the install")
    parser.add_argument("--runs", type=int, default=21, help="paired runs per row")
    parser.add_argument("--importtime", action="store_true", help="add the import breakdown")
    args = parser.parse_args()
    certify = str(Path(args.python).with_name("certify"))
    baseline = [args.python, "-c", "pass"]
    print(f"python: {args.python}  runs: {args.runs} paired")
    print(f"{'command':58s} {'median':>9s} {'× pass':>7s}")
    for label, command in rows(args.python, certify, args.text):
        base, seconds, ratio = paired(command, baseline, args.runs)
        print(f"{label:58s} {seconds * 1000:7.1f}ms {ratio:6.1f}×   (pass: {base * 1000:.1f}ms)")
    if args.importtime:
        print("\nimport self time by package (median, ms):")
        for package, ms in import_breakdown(args.python, args.text):
            print(f"  {ms:6.1f}  {package}")


if __name__ == "__main__":
    main()
