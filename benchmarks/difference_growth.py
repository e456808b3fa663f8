"""Issue 9, difference systems: chains and random sparse systems, certified end to end.

    python benchmarks/difference_growth.py [--certify PATH] [--runs 15] [N...]

A chain ``x2 - x1 <= 1. x3 - x2 <= 2. ...`` and a random sparse system (a random tree of
differences plus N/2 more, seeded) of N variables, each with the one question
``What is xN - x1?``, are certified by the installed ``certify`` command from a temporary
folder outside the repository, parse included, ``--runs`` times each.  The table gives the
median wall and CPU seconds and the largest peak memory beside the target (N = 2,000: 0.3 s),
and the growth exponent of each kind.
"""

from __future__ import annotations

import argparse
import random
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path

from location_growth import exponent, median_of
from machine import line as machine_line

TARGET_SECONDS = 0.3


def chain(n: int) -> str:
    """``x{i+1} - x{i} <= c`` for i < n, and one question."""
    lines = [f"x{i + 1} - x{i} <= {i % 7 + 1}." for i in range(1, n)]
    return "\n".join([*lines, f"What is x{n} - x1?"]) + "\n"


def sparse(n: int) -> str:
    """A random tree of differences over n variables plus n/2 more, and one question."""
    pick = random.Random(n)
    lines = [f"x{i} - x{pick.randint(1, i - 1)} <= {pick.randint(1, 9)}." for i in range(2, n + 1)]
    for _ in range(n // 2):
        a, b = pick.sample(range(1, n + 1), 2)
        lines.append(f"x{a} - x{b} <= {pick.randint(1, 20)}.")
    return "\n".join([*lines, f"What is x{n} - x1?"]) + "\n"


KINDS: dict[str, Callable[[int], str]] = {"chain": chain, "sparse": sparse}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sizes", nargs="*", type=int, default=[250, 500, 1000, 2000])
    parser.add_argument("--certify", default=shutil.which("certify") or "certify")
    parser.add_argument("--runs", type=int, default=15, help="runs per text (median)")
    args = parser.parse_args()
    print(machine_line())
    with tempfile.TemporaryDirectory() as name:
        print(f"{'text':>7} {'N':>6} {'seconds':>8} {'cpu s':>8} {'peak MB':>8} {'exit':>5}")
        for kind, make in KINDS.items():
            points = []
            for n in args.sizes:
                seconds, cpu, peak, code = median_of(args.certify, make(n), Path(name), args.runs)
                points.append((n, seconds))
                mark = ""
                if n == 2000:
                    verdict = "ok" if seconds <= TARGET_SECONDS else "MISSED"
                    mark = f"  target {TARGET_SECONDS} s: {verdict}"
                print(f"{kind:>7} {n:6d} {seconds:8.2f} {cpu:8.2f} {peak:8d} {code:5d}{mark}")
            if len(points) > 1:
                print(f"{kind:>7} growth exponent {exponent(points):.2f}")


if __name__ == "__main__":
    main()
