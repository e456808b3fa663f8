"""How fast this machine is right now: one fixed pure-Python workload, timed.

The VMs certify is measured on change speed by a third within an hour (the same wheel did 658
and 1,213 API texts/s on one day), so an absolute figure means little without the state the
machine was in.  ``reference()`` times a fixed workload of the kind certify's runs are made of
(dict and list operations, small objects, exact fractions), the median of a few rounds, and the
speed scripts print it beside their figures: two sittings can be compared by it, and a target
met only when the reference is low was met only on a fast machine.

    python benchmarks/machine.py
"""

from __future__ import annotations

import statistics
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


if __name__ == "__main__":
    print(line())
