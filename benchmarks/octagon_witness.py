"""Where numpy starts to pay in the octagon: closure and one witness, lists against numpy.

    python benchmarks/octagon_witness.py [--sizes 4 8 16 24 32 48] [--repeats 5]

For a chain of sums ``x_i + x_{i+1} = i`` over n variables (2n signed nodes), times building
the octagon (its closure) and one witness with the steps on Python lists and with numpy, in
this process, and prints the cost of importing numpy (median of fresh interpreters).  A text
pays numpy's import once, so numpy pays from the size where the list steps cost more than the
numpy steps plus the import; ``octagon_point.NUMPY_NODES`` is set from this table.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from unittest import mock

from certify.domains import octagon, octagon_point
from certify.domains.octagon import Octagon
from certify.numeric import LinearConstraint, LinearExpr


def chain(n: int) -> list[LinearConstraint]:
    """``x_i + x_{i+1} = i`` for i < n."""
    return [
        LinearConstraint.make(
            LinearExpr.variable(f"x{i}").plus(LinearExpr.variable(f"x{i + 1}")),
            "=",
            LinearExpr.of({}, i),
            [i],
        )
        for i in range(1, n)
    ]


def seconds(constraints: list[LinearConstraint], past: int, repeats: int) -> float:
    """Median seconds of closure and witness with numpy past ``past`` nodes."""
    times = []
    with (
        mock.patch.object(octagon, "NUMPY_NODES", past),
        mock.patch.object(octagon_point, "NUMPY_NODES", past),
    ):
        for _ in range(repeats):
            started = time.perf_counter()
            assert Octagon.from_constraints(constraints).witness() is not None
            times.append(time.perf_counter() - started)
    return statistics.median(times)


def numpy_import(repeats: int) -> float:
    """Median seconds ``import numpy`` adds to a fresh interpreter."""
    program = "import time; t = time.perf_counter(); import numpy; print(time.perf_counter() - t)"
    runs = [
        float(
            subprocess.run(
                [sys.executable, "-c", program], capture_output=True, text=True, check=True
            ).stdout
        )
        for _ in range(repeats)
    ]
    return statistics.median(runs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[4, 8, 16, 24, 32, 48, 64])
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    imported = numpy_import(args.repeats)
    print(f"import numpy: {imported * 1000:.1f} ms; numpy past {octagon_point.NUMPY_NODES} nodes")
    print(" vars  nodes   lists ms   numpy ms  numpy+import ms  faster")
    for n in args.sizes:
        constraints = chain(n)
        lists = seconds(constraints, 10**9, args.repeats)
        array = seconds(constraints, 0, args.repeats)
        faster = "lists" if lists <= array + imported else "numpy"
        print(
            f"{n:5d} {2 * n:6d} {lists * 1000:10.2f} {array * 1000:10.2f} "
            f"{(array + imported) * 1000:16.2f}  {faster}"
        )


if __name__ == "__main__":
    main()
