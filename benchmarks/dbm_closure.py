"""Time the closures of difference-bound matrices against scipy's Johnson (all pairs).

Random sparse consistent difference systems (a hidden integer solution, ``x_v - x_u <= c`` with
some slack, one in ten strict, a few bounds) with ``n`` variables and about ``3n`` constraints
are built with a fixed seed.  For each ``n`` the script prints the time of every closure method
on the same encoded graph (the paper's squaring, Floyd-Warshall with numpy and in pure Python,
the default Johnson closure on the exact integer encoding), scipy's ``johnson`` on that graph,
their ratio, the construction of the domain (encoding and potentials) and the engine time of
one question ``x_i - x_k`` without any closure; then the growth exponent of each method (the
slope of log time against log n).  Methods expected to take longer than ``--limit`` seconds at
a size are skipped.

Run: ``python benchmarks/dbm_closure.py [--sizes 50 200 1000 2000] [--repeats 3]``.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

import numpy as np
from scipy.sparse.csgraph import johnson

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from certify.domains.dbm import DifferenceBoundMatrix
from certify.domains.dbm_pairs import johnson_closure
from certify.domains.dbm_paths import (
    DifferenceGraph,
    floyd_warshall,
    floyd_warshall_array,
    square_closure,
)
from certify.numeric import LinearConstraint, LinearExpr

METHODS: dict[str, tuple[Callable[[DifferenceGraph], object], float]] = {
    # name: (closure, exponent assumed before two sizes are measured)
    "squaring": (lambda g: square_closure(g).matrix, 3.0),
    "fw-numpy": (floyd_warshall_array, 3.0),
    "fw-python": (floyd_warshall, 3.0),
    "default": (johnson_closure, 2.2),
    "scipy-johnson": (lambda g: johnson(g.sparse(), directed=True), 2.2),
}


def random_system(n: int, rng: random.Random) -> list[LinearConstraint]:
    """About ``3n`` consistent difference constraints and bounds on ``n`` variables."""
    names = [f"x{i}" for i in range(n)]
    hidden = {name: rng.randint(-1000, 1000) for name in names}
    constraints = []
    for tag in range(3 * n - max(1, n // 10)):
        u, v = rng.sample(names, 2)
        strict = rng.random() < 0.1
        slack = rng.randint(1 if strict else 0, 20)
        expr = LinearExpr.of({v: 1, u: -1})
        bound = LinearExpr.of({}, hidden[v] - hidden[u] + slack)
        constraints.append(LinearConstraint.make(expr, "<" if strict else "<=", bound, [tag]))
    for tag in range(max(1, n // 10)):
        name = rng.choice(names)
        relation = rng.choice(["<=", ">="])
        offset = rng.randint(0, 50) * (1 if relation == "<=" else -1)
        bound = LinearExpr.of({}, hidden[name] + offset)
        constraints.append(LinearConstraint.make(LinearExpr.variable(name), relation, bound, [tag]))
    return constraints


def timed(action: Callable[[], object], repeats: int) -> tuple[float, object]:
    """The best wall time of ``repeats`` runs, and the last result."""
    best = math.inf
    result: object = None
    for _ in range(repeats):
        start = time.perf_counter()
        result = action()
        best = min(best, time.perf_counter() - start)
    return best, result


def estimate(history: list[tuple[int, float]], n: int, exponent: float) -> float:
    """Extrapolate a method's time to size ``n`` from its measured sizes."""
    if not history:
        return 0.0
    if len(history) >= 2:
        (n0, t0), (n1, t1) = history[-2:]
        exponent = max(exponent, math.log(t1 / t0) / math.log(n1 / n0))
    last_n, last_t = history[-1]
    return float(last_t * (n / last_n) ** exponent)


def question_time(domain: DifferenceBoundMatrix, n: int, rng: random.Random) -> float:
    """Median engine time of one ``x_i - x_k`` bound on a freshly built (unclosed) value."""
    times = []
    for _ in range(25):
        i, k = rng.sample(range(n), 2)
        question = LinearExpr.of({f"x{i}": 1, f"x{k}": -1})
        start = time.perf_counter()
        domain.bound(question)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


TARGET_SIZE = 1000
"""Issue 9: the default closure at this n takes at most scipy's Johnson's time."""


def main() -> None:
    """Run the benchmark and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[50, 200, 1000, 2000])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--seed", type=int, default=20240601)
    parser.add_argument(
        "--limit", type=float, default=30.0, help="skip runs expected to exceed this"
    )
    args = parser.parse_args()
    rng = random.Random(args.seed)
    history: dict[str, list[tuple[int, float]]] = {name: [] for name in METHODS}
    questions: list[tuple[int, float]] = []
    header = f"{'n':>6} {'edges':>6} {'build':>8}" + "".join(f" {m:>13}" for m in METHODS)
    print(header + f" {'default/johnson':>16} {'question':>10}")
    for n in args.sizes:
        constraints = random_system(n, rng)
        start = time.perf_counter()
        built = DifferenceBoundMatrix.from_constraints(constraints)
        build = time.perf_counter() - start
        assert built.is_bottom() is False
        graph = built.graph
        row = f"{n:>6} {len(graph.edges):>6} {build:>7.3f}s"
        results: dict[str, object] = {}
        for name, (closure, exponent) in METHODS.items():
            if estimate(history[name], n, exponent) > args.limit:
                row += f" {'skipped':>13}"
                continue
            repeats = 1 if estimate(history[name], n, exponent) > 5 else args.repeats
            seconds, results[name] = timed(partial(closure, graph), repeats)
            history[name].append((n, seconds))
            row += f" {seconds:>12.4f}s"
        ratio = history["default"][-1][1] / history["scipy-johnson"][-1][1]
        agree = np.array_equal(np.asarray(results["default"]), np.asarray(results["scipy-johnson"]))
        seconds = question_time(built, n, rng)
        questions.append((n, seconds))
        target = ""
        if n == TARGET_SIZE:
            target = f"  target ≤ 1x at n = {TARGET_SIZE}: {'ok' if ratio <= 1 else 'MISSED'}"
        print(
            row
            + f" {ratio:>15.2f}x {seconds * 1000:>8.3f}ms"
            + ("" if agree else "  MISMATCH")
            + target
        )
    print("\ngrowth exponent (slope of log time against log n):")
    for name, points in [*history.items(), ("question", questions)]:
        if len(points) < 2:
            print(f"  {name:>14}: not enough sizes")
            continue
        slope = np.polyfit([math.log(n) for n, _ in points], [math.log(t) for _, t in points], 1)[0]
        print(f"  {name:>14}: {slope:.2f}  (sizes {', '.join(str(n) for n, _ in points)})")


if __name__ == "__main__":
    main()
