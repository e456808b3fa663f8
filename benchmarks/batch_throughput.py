"""Texts per second of ``certify --check`` on a generated corpus, serial and with ``--jobs``.

    python benchmarks/batch_throughput.py [--count 1000] [--jobs 1 2] [--pairs 15] [--python PY]

Writes ``--count`` small texts (locations, attributes, rules, numbers, clock times — each with
its ``# expect:`` lines, known by construction) to a temporary folder, then times
``certify --check FOLDER --quiet`` processes, one per ``--jobs`` value in each of ``--pairs``
rounds (the order shuffled in each round), after one untimed run over ten texts of the same
kinds (a new install's first run saves its parser and compiled patterns: that is not the
batch's cost).  Each rate is the median over the rounds, and each speed-up the median of
the rounds' own ratios (issue 9: ratios in one run, medians of at least 15 pairs), with the
rounds' range beside it.  One process checks the whole batch, so start-up is paid once; the
per-run start-up of a single text against ``python -c pass`` is printed after (see
``benchmarks/startup.py`` for its breakdown).  The same texts through the API,
``certify.check`` in one process of the installed wheel, give the first line (the median of
``--pairs`` processes).  Each figure is printed beside issue 9's target.

Two figures say what a ``--jobs`` speed-up is made of.  The CPU seconds of each run (the
process and its workers, from ``getrusage``): a parallel run that costs no more CPU than a
serial one loses nothing to its workers' pipes, forks or imports.  And the machine's own
speed-up: in each round, in the same shuffled order, ``benchmarks/machine.py --split N``
runs ``--machine-count`` pure-Python workloads in N forked processes, nothing of certify in
it; the median of the rounds' ratios is the most two processes gain on this machine at
that moment (a 2-core VM that shares its cores gives less than 2, and not the same from one
hour to the next).  And the part no worker can share: in each round, ``certify --check`` over
a folder of one text (the interpreter, typer, the imports and the parser, which ``--jobs 1``
pays once and ``--jobs N`` pays before it forks).  With that start-up serial and the rest at
the machine's own speed-up, Amdahl's law gives the most ``--jobs N`` can reach
(``T1 / (start + (T1 - start) / own)``), printed beside the speed-up measured.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from machine import line as machine_line
from startup import environment, paired

API_TARGET = 1000
CHECK_TARGET = 500
JOBS_TARGET = 1.6
NAMES = ("Ana", "Bea", "Carl", "Dan", "Eve", "Finn", "Gina", "Hugo")
PLACES = ("the kitchen", "the garden", "the hall", "the attic", "the cellar", "the office")


def location(rng: random.Random) -> str:
    """A choice of places, then one ruled out."""
    who = rng.choice(NAMES)
    first, second, third = rng.sample(PLACES, 3)
    return (
        f"{who} is in {first}, {second} or {third}.\nWhere is {who}?\n"
        f"# expect: open: {first} | {second} | {third}\n"
        f"{who} is not in {first} and {who} is not in {third}.\nWhere is {who}?\n"
        f"# expect: forced: {second}\n"
    )


def attributes(rng: random.Random) -> str:
    """Declared colours and a difference between two things."""
    a, b = rng.sample(("car", "bike", "van", "boat"), 2)
    return (
        "The colors are red, green and blue.\n"
        f"The {a} is red or blue.\nThe {b} is not blue.\n"
        f"The {a} and the {b} have different colors.\nThe {b} is not green.\n"
        f"What color is the {a}?\n# expect: forced: blue\n"
    )


def rules(rng: random.Random) -> str:
    """A chain of rules read backwards."""
    who = rng.choice(NAMES)
    return (
        f"{who} is not cold.\nRough things are green.\nGreen, rough things are quiet.\n"
        f"All quiet things are cold.\nIs {who} rough?\n# expect: forced: no\n"
    )


def numbers(rng: random.Random) -> str:
    """Two equations that force both numbers."""
    x, y = rng.randint(1, 50), rng.randint(1, 50)
    return (
        f"x + y = {x + y}.\nx - y = {x - y}.\n"
        f"What is x?\n# expect: forced: {x}\nWhat is y?\n# expect: forced: {y}\n"
    )


def times(rng: random.Random) -> str:
    """Arrivals bounded by minutes after one another."""
    gap = rng.randint(5, 20)
    return (
        "Ana arrives at 9:00.\n"
        f"Bob arrives at least {gap} minutes after Ana.\nBob arrives no later than 9:30.\n"
        f"When does Bob arrive?\n# expect: open: [9:{gap:02d}, 9:30]\n"
    )


def write_corpus(folder: Path, count: int, seed: int = 5) -> None:
    """``count`` texts, cycling through the kinds above."""
    rng = random.Random(seed)
    kinds = (location, attributes, rules, numbers, times)
    for index in range(count):
        (folder / f"text{index:05d}.txt").write_text(kinds[index % len(kinds)](rng))


def throughput(certify: str, folder: Path, count: int, jobs: int) -> tuple[float, float]:
    """Texts per second of one ``certify --check`` process over the folder, and the CPU
    seconds it and its workers took."""
    before = _children_cpu()
    started = time.perf_counter()
    done = subprocess.run(
        [certify, "--check", str(folder), "--quiet", "--jobs", str(jobs)],
        capture_output=True,
        text=True,
        env=environment(),
    )
    elapsed = time.perf_counter() - started
    if done.returncode != 0:
        raise SystemExit(f"certify failed ({done.returncode}):\n{done.stdout}{done.stderr}")
    return count / elapsed, _children_cpu() - before


def _children_cpu() -> float:
    """User and system seconds of the processes this one has waited for (a ``certify``
    process counts its workers, which it waits for, in its own)."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def machine_split(python: str, processes: int, count: int) -> float:
    """Seconds of ``machine.py --split``: ``count`` pure-Python workloads in ``processes``."""
    script = str(Path(__file__).resolve().parent / "machine.py")
    done = subprocess.run(
        [python, script, "--split", str(processes), "--count", str(count)],
        capture_output=True,
        text=True,
        env=environment(),
    )
    if done.returncode != 0:
        raise SystemExit(f"machine.py --split failed ({done.returncode}):\n{done.stderr}")
    return float(done.stdout)


API = """
import sys, time, pathlib
import certify
files = sorted(pathlib.Path(sys.argv[1]).glob("*.txt"))
texts = [(str(f), f.read_text()) for f in files]
certify.check(texts[0][1], file=texts[0][0])  # the parser built, the modules imported
started, cpu = time.perf_counter(), time.process_time()
for path, text in texts:
    certify.check(text, file=path)
print(len(texts) / (time.perf_counter() - started), len(texts) / (time.process_time() - cpu))
"""


def api_throughput(python: str, folder: Path) -> tuple[float, float]:
    """Texts per wall second and per CPU second of ``certify.check`` in one process (the
    installed wheel's), after one warm-up text."""
    done = subprocess.run(
        [python, "-c", API, str(folder)], capture_output=True, text=True, env=environment()
    )
    if done.returncode != 0:
        raise SystemExit(f"the API run failed ({done.returncode}):\n{done.stderr}")
    wall, cpu = (float(x) for x in done.stdout.split())
    return wall, cpu


def main() -> None:
    """Generate, time, print."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--pairs", type=int, default=15, help="rounds of one run per --jobs")
    parser.add_argument("--python", default=sys.executable, help="interpreter of the install")
    parser.add_argument("--runs", type=int, default=11, help="paired start-up runs")
    parser.add_argument(
        "--machine-count", type=int, default=80, help="workloads of the machine's own speed-up"
    )
    args = parser.parse_args()
    print(machine_line())
    certify = str(Path(args.python).with_name("certify"))
    rounds: list[dict[int, tuple[float, float]]] = []
    machine: list[dict[int, float]] = []
    apis: list[tuple[float, float]] = []
    starts: list[float] = []  # seconds of a one-text batch
    shuffled = random.Random(9)
    with tempfile.TemporaryDirectory(prefix="certify-bench-") as temporary:
        folder, warm = Path(temporary) / "corpus", Path(temporary) / "warm"
        folder.mkdir()
        warm.mkdir()
        write_corpus(folder, args.count)
        write_corpus(warm, 10)  # each kind twice: the caches a first run writes, written first
        throughput(certify, warm, 10, 1)
        single = Path(temporary) / "single"
        single.mkdir()
        write_corpus(single, 1)
        kinds = ("certify", "machine") if hasattr(os, "fork") else ("certify",)
        runs = [(kind, jobs) for kind in kinds for jobs in args.jobs] + [("start", 1)]
        for _ in range(args.pairs):
            rounds.append({})
            machine.append({})
            for kind, jobs in shuffled.sample(runs, len(runs)):
                if kind == "certify":
                    rounds[-1][jobs] = throughput(certify, folder, args.count, jobs)
                elif kind == "start":
                    starts.append(1 / throughput(certify, single, 1, 1)[0])
                else:
                    machine[-1][jobs] = machine_split(args.python, jobs, args.machine_count)
            apis.append(api_throughput(args.python, folder))
    api_wall = statistics.median(wall for wall, _ in apis)
    api_cpu = statistics.median(cpu for _, cpu in apis)
    print(
        f"API, one process: {api_wall:7.1f} texts/s ({api_cpu:.1f} per CPU second; "
        f"{spread([wall for wall, _ in apis], '.0f')}; target ≥ {API_TARGET})"
    )
    first = args.jobs[0]
    for jobs in args.jobs:
        rate = statistics.median(one[jobs][0] for one in rounds)
        ratios = [one[jobs][0] / one[first][0] for one in rounds]
        target = f"target ≥ {CHECK_TARGET}" if jobs == 1 else f"target ≥ {JOBS_TARGET}×"
        print(
            f"certify DIR --check --jobs {jobs}: {rate:7.1f} texts/s  "
            f"({statistics.median(ratios):.2f}× --jobs {first}, {spread(ratios, '.2f')}; "
            f"{target})"
        )
    for jobs in args.jobs[1:]:
        cpu = [one[jobs][1] / one[first][1] for one in rounds]
        line = f"  --jobs {jobs}: {statistics.median(cpu):.2f}× the CPU seconds of --jobs {first} "
        line += f"({spread(cpu, '.2f')})"
        if all(machine):  # machine.py --split forks: not where there is no fork
            own = [one[first] / one[jobs] for one in machine]
            line += (
                f"; the machine's own speed-up, {args.machine_count} pure-Python workloads in "
                f"{jobs} processes against {first}: "
                f"{statistics.median(own):.2f}× ({spread(own, '.2f')})"
            )
            bound = [
                amdahl(args.count / one[first][0], start, machine_ratio)
                for one, start, machine_ratio in zip(rounds, starts, own)
            ]
            line += (
                f"\n  start-up of a one-text batch {statistics.median(starts) * 1000:.0f} ms "
                f"({spread([s * 1000 for s in starts], '.0f')}): serial, it leaves --jobs {jobs} "
                f"at most {statistics.median(bound):.2f}× ({spread(bound, '.2f')}; Amdahl "
                "with the machine's own speed-up)"
            )
        print(line)
    text = str(Path(__file__).resolve().parent.parent / "samples" / "ana.txt")
    base, seconds, ratio = paired([certify, text], [args.python, "-c", "pass"], args.runs)
    print(
        f"start-up: certify samples/ana.txt {seconds * 1000:.0f} ms, "
        f"python -c pass {base * 1000:.0f} ms: {ratio:.1f}× (median of {args.runs} pairs)"
    )


def amdahl(serial_run: float, start: float, own: float) -> float:
    """The most a parallel run can gain over ``serial_run`` seconds when ``start`` of them
    cannot be shared and the rest runs ``own`` times faster."""
    start = min(start, serial_run)
    return serial_run / (start + (serial_run - start) / own)


def spread(values: list[float], form: str) -> str:
    """The range of a median's values, and how many there were."""
    return f"{min(values):{form}}-{max(values):{form}} over {len(values)}"


if __name__ == "__main__":
    main()
