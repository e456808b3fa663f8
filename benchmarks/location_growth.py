"""Issue 9, location texts: N individuals in closed places, certified end to end.

    python benchmarks/location_growth.py [--certify PATH] [--runs 15] [N...]

Each text (``The places are the kitchen, the hall and the garden.`` then N individuals, a
third put in a place, a third kept out of one, a third in the same place as the one before,
and ``Where is P1?``) is certified by the installed ``certify`` command, run from a
temporary folder outside the repository.  The table gives the wall time and the peak
resident memory of the child beside the target (N = 1,000: 0.5 s, 150 MB), and the growth
exponent of the time from a log-log fit over the Ns (target: at most 1.2).
"""

from __future__ import annotations

import argparse
import math
import os
import shutil
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

from machine import line as machine_line

ROOMS = ("the kitchen", "the hall", "the garden")
TARGET_SECONDS = 0.5
TARGET_MB = 150
TARGET_EXPONENT = 1.2


def text(n: int) -> str:
    """The location text of ``n`` individuals in closed places, with one question."""
    lines = ["The places are the kitchen, the hall and the garden."]
    for i in range(n):
        if i % 3 == 0:
            lines.append(f"P{i} is in {ROOMS[i % 3]}.")
        elif i % 3 == 1:
            lines.append(f"P{i} is not in {ROOMS[i % 3]}.")
        else:
            lines.append(f"P{i} is in the same place as P{i - 1}.")
    return "\n".join([*lines, "Where is P1?"]) + "\n"


def measure(command: str, source: str, folder: Path) -> tuple[float, float, int, int]:
    """Wall seconds, CPU seconds (user + system), peak resident MB of the child, exit code."""
    path = folder / "text.txt"
    path.write_text(source, encoding="utf-8")
    started = time.perf_counter()
    child = subprocess.Popen(
        [command, path.name], cwd=folder, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    _, status, usage = os.wait4(child.pid, 0)
    seconds = time.perf_counter() - started
    cpu = usage.ru_utime + usage.ru_stime
    return seconds, cpu, usage.ru_maxrss // 1024, os.waitstatus_to_exitcode(status)


def median_of(command: str, source: str, folder: Path, runs: int) -> tuple[float, float, int, int]:
    """``measure`` run ``runs`` times: the median wall and CPU seconds, the largest peak, and
    the first nonzero exit code (0 when every run passed)."""
    done = [measure(command, source, folder) for _ in range(runs)]
    codes = [code for *_, code in done if code]
    return (
        statistics.median(seconds for seconds, *_ in done),
        statistics.median(cpu for _, cpu, *_ in done),
        max(peak for *_, peak, _ in done),
        codes[0] if codes else 0,
    )


def exponent(points: list[tuple[int, float]]) -> float:
    """The slope of log(seconds) against log(n) (least squares)."""
    xs = [math.log(n) for n, _ in points]
    ys = [math.log(s) for _, s in points]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sum((x - mx) ** 2 for x in xs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sizes", nargs="*", type=int, default=[100, 200, 400, 700, 1000])
    parser.add_argument("--certify", default=shutil.which("certify") or "certify")
    parser.add_argument("--runs", type=int, default=15, help="runs per size (median)")
    args = parser.parse_args()
    print(machine_line())
    points = []
    with tempfile.TemporaryDirectory() as name:
        print(f"{'N':>6} {'seconds':>8} {'cpu s':>8} {'peak MB':>8} {'exit':>5}")
        for n in args.sizes:
            seconds, cpu, peak, code = median_of(args.certify, text(n), Path(name), args.runs)
            points.append((n, seconds))
            mark = ""
            if n == 1000:
                fine = seconds <= TARGET_SECONDS and peak <= TARGET_MB
                mark = f"  target {TARGET_SECONDS} s, {TARGET_MB} MB: {'ok' if fine else 'MISSED'}"
            print(f"{n:6d} {seconds:8.2f} {cpu:8.2f} {peak:8d} {code:5d}{mark}")
    if len(points) > 1:
        slope = exponent(points)
        verdict = "ok" if slope <= TARGET_EXPONENT else "MISSED"
        print(f"growth exponent {slope:.2f} (target <= {TARGET_EXPONENT}): {verdict}")


if __name__ == "__main__":
    main()
