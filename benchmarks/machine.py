"""How fast this machine is right now: one fixed pure-Python workload, timed.

The VMs certify is measured on change speed by a third within an hour (the same wheel did 658
and 1,213 API texts/s on one day), so an absolute figure means little without the state the
machine was in.  ``reference()`` times a fixed workload of the kind certify's runs are made of
(dict and list operations, small objects, exact fractions), the median of a few rounds, and the
speed scripts print it beside their figures: two sittings can be compared by it, and a target
met only when the reference is low was met only on a fast machine.

    python benchmarks/machine.py
    python benchmarks/machine.py --split 2 --count 80   # 80 workloads in 2 forked processes

``split`` is the other half of a parallel figure: how much faster two processes finish a fixed
amount of this pure-Python work than one, with nothing of certify in it.  On a 2-core VM whose
cores are shared with other guests that is not 2: the same ``--jobs 2`` speed-up means
something else where the machine itself gives 1.7× than where it gives 1.95×.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from fractions import Fraction


def _workload() -> int:
    """About 20-30 ms of interpreter work on this project's machines."""
    table: dict[tuple[int, int], Fraction] = {}
    total = 0
    for i in range(3_000):
        key = (i % 97, i % 89)
        table[key] = table.get(key, Fraction(0)) + Fraction(i, 7)
        row = [j * i for j in range(12)]
        total += sum(row) % 13 + len(str(i))
    return total + len(table)


def reference(rounds: int = 7) -> float:
    """The workload's median time in milliseconds over ``rounds`` runs."""
    times = []
    for _ in range(rounds):
        started = time.perf_counter()
        _workload()
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


def line() -> str:
    """The line the speed scripts print first."""
    ms = reference()
    return f"machine: reference workload {ms:.1f} ms (benchmarks/machine.py; lower is faster)"


def split(processes: int, count: int) -> float:
    """Seconds to run ``count`` workloads in ``processes`` forked processes (1: this one), the
    count divided as evenly as it goes; the forks are part of the time, as in a ``--jobs`` run."""
    started = time.perf_counter()
    if processes == 1:
        for _ in range(count):
            _workload()
        return time.perf_counter() - started
    children = []
    for index in range(processes):
        share = count // processes + (index < count % processes)
        child = os.fork()
        if child == 0:
            for _ in range(share):
                _workload()
            os._exit(0)
        children.append(child)
    for child in children:
        _, status = os.waitpid(child, 0)
        if status != 0:
            raise SystemExit(f"a worker of the split workload failed ({status})")
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--split", type=int, help="processes for --count workloads")
    parser.add_argument("--count", type=int, default=80)
    args = parser.parse_args()
    if args.split is None:
        print(line())
    elif args.split < 1 or args.count < 1:
        sys.exit("--split and --count must be positive")
    else:
        print(f"{split(args.split, args.count):.6f}")


if __name__ == "__main__":
    main()
