"""Whether ``--jobs 2`` picks the faster way for batches of every size, and says so.

    python benchmarks/jobs_choice.py [--sizes 2 5 10 20 40 80 160 1000] [--long 2 3]
                                     [--pairs 15] [--python PY]

Issue 9's target for ``--jobs``: ``--jobs 2`` at least 1.6x ``--jobs 1`` on 2 cores, "or
``--jobs`` picks the faster by itself and says so".  Workers cost a fixed 20-25 ms to start
(the imports they need, the forks, their first pages), which a batch of a few small texts
never wins back.  ``--jobs N`` therefore certifies the first files itself and starts workers
only when the files left would take long enough here (``certify.cli.parallel.paying``);
otherwise it keeps the batch in one process and says so on stderr.

For each batch size this writes that many small texts (``batch_throughput.write_corpus``,
with their ``# expect:`` lines), then times ``certify --check FOLDER --quiet`` with
``--jobs 1`` and ``--jobs 2`` in ``--pairs`` rounds (the order shuffled in each round) and
prints the median of the rounds' wall-time ratios, ``--jobs 2`` over ``--jobs 1``, beside
the target (at most 1.05: no slower, within the noise of one pair), and whether the batch
was kept in one process: ``--jobs 2`` without ``--quiet`` is run once more for that, and
its stderr must say so exactly when no worker was started.  Then the same for batches of
``--long`` long texts (``LONG_PEOPLE`` people each in one of two rooms, about 0.4 s a text),
where workers pay from two texts on.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from batch_throughput import spread, throughput, write_corpus
from machine import line as machine_line
from startup import environment

TARGET = 1.05  # --jobs 2's wall time over --jobs 1's, at most
LONG_PEOPLE = 1500
ROOMS = ("the kitchen", "the garden", "the hall", "the attic")
SAID = "certified in this process"


def write_long(folder: Path, count: int) -> None:
    """``count`` long texts: each of ``LONG_PEOPLE`` people in one of two rooms."""
    rng = random.Random(count)
    for index in range(count):
        lines = [
            f"P{person} is in {' or '.join(rng.sample(ROOMS, 2))}." for person in range(LONG_PEOPLE)
        ]
        (folder / f"long{index}.txt").write_text("\n".join([*lines, "Where is P1?", ""]))


def wall(certify: str, folder: Path, jobs: int) -> float:
    """Seconds of one ``certify --check FOLDER --quiet --jobs N`` process."""
    return 1 / throughput(certify, folder, 1, jobs)[0]


def kept_here(certify: str, folder: Path) -> bool:
    """Whether ``--jobs 2`` says it kept the batch in one process."""
    done = subprocess.run(
        [certify, "--check", str(folder), "--jobs", "2"],
        capture_output=True,
        text=True,
        env=environment(),
    )
    return SAID in done.stderr


def main() -> None:
    """Generate, time, print."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[2, 5, 10, 20, 40, 80, 160, 1000])
    parser.add_argument("--long", type=int, nargs="*", default=[2, 3], help="long-text batches")
    parser.add_argument("--pairs", type=int, default=15, help="rounds of --jobs 1 and 2")
    parser.add_argument("--python", default=sys.executable, help="interpreter of the install")
    args = parser.parse_args()
    print(machine_line())
    certify = str(Path(args.python).with_name("certify"))
    shuffled = random.Random(11)
    worst = 0.0
    with tempfile.TemporaryDirectory(prefix="certify-jobs-") as temporary:
        warm = Path(temporary) / "warm"
        warm.mkdir()
        write_corpus(warm, 10)
        wall(certify, warm, 1)  # a new install's first run saves its parser: not a batch's cost
        batches = [(size, False) for size in args.sizes] + [(size, True) for size in args.long]
        for size, long in batches:
            folder = Path(temporary) / f"batch{size}{'long' if long else ''}"
            folder.mkdir()
            if long:
                write_long(folder, size)
            else:
                write_corpus(folder, size, seed=size)
            ratios, serial = [], []
            for _ in range(args.pairs):
                seconds = {}
                for jobs in shuffled.sample([1, 2], 2):
                    seconds[jobs] = wall(certify, folder, jobs)
                ratios.append(seconds[2] / seconds[1])
                serial.append(seconds[1])
            ratio = statistics.median(ratios)
            worst = max(worst, ratio)
            how = "kept in one process" if kept_here(certify, folder) else "workers started"
            print(
                f"{size:5d} {'long' if long else 'small'} texts: --jobs 1 "
                f"{statistics.median(serial) * 1000:6.0f} ms; --jobs 2 {ratio:.2f}× its wall "
                f"time ({spread(ratios, '.2f')}), {how}; target ≤ {TARGET}"
            )
    print(f"worst size: --jobs 2 at {worst:.2f}× the wall time of --jobs 1 (target ≤ {TARGET})")


if __name__ == "__main__":
    main()
