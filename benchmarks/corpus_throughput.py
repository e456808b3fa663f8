"""Texts per second of ``certify DIR --json`` on the differential corpus: one process,
``--jobs 2``, a LocalCluster of 2 workers, and a projection for a 20-worker cluster.

    python benchmarks/corpus_throughput.py --python /tmp/venv/bin/python \\
        [--count 100000] [--corpus DIR] [--seed 1]

The corpus is drawn from the differential generators of "Forced must mean forced" (issue 8),
in turn: the finite texts of tests/reference/finite_strategies.py (Hypothesis, ``@given`` with
a fixed ``@seed``, no database, generation phase only, as benchmarks/differential.py draws
them) and the numeric texts of tests/reference/numeric_generate.py (``RandomChooser`` with the
same seed).  Each text is written with its ``--ask`` questions as question lines after it, to
``DIR/NNN/NNNNNN.txt`` (1,000 a folder); ``DIR/corpus.json`` records how.  ``--corpus DIR``
keeps the corpus and reuses it when it was made with the same count, seed and kinds (drawing
100,000 takes some minutes; it is not timed).

Each configuration is one ``PY -m certify DIR --json`` process (``PY`` the interpreter of an
installed wheel: ``pip install 'dist/certify-*.whl[dask]'`` into a fresh venv; an editable
install recompiles under ``PYTHONDONTWRITEBYTECODE``, which the runs unset) started from a
temporary folder, outside the checkout.  Its wall time includes start-up (and, for Dask, the
cluster's start); its stdout is hashed, and the three hashes must be equal (else exit 1).

The projection: a batch on W workers is bounded by the workers, and by the one process that
serves them all — the client, which reads each file, submits and gathers each chunk and
renders each JSON line, and the scheduler, which places each chunk (one process on a
LocalCluster, as measured here; two on a real cluster, each doing a part of it, so this bound
is conservative)::

    texts/s(W) = min(W / worker, 1 / (serving + render))

All three are CPU seconds per text, so other load on the machine does not change them:
``worker`` of the worker processes and ``serving`` of the client-and-scheduler process, both
on a LocalCluster of 2 checking ``--sample`` texts of the corpus in chunks of ``CHUNK``
through ``--executor dask``'s own task function; ``render`` of reading the file and
``Report.to_json`` in one process (benchmarks/corpus_probe.py, which also gives the bare
``certify.check`` per text, to show Dask's share of ``worker``).  The model is printed at 2
workers too, beside the measured LocalCluster, and the ``cores`` column (CPU over wall
seconds) shows how much of the machine each run got.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from startup import environment

ROOT = Path(__file__).resolve().parent.parent
PROBE = Path(__file__).resolve().parent / "corpus_probe.py"
PER_FOLDER = 1000
KINDS = ("finite", "numeric")
CONFIGURATIONS = (
    ("one process (--jobs 1)", ["--jobs", "1"]),
    ("--jobs 2", ["--jobs", "2"]),
    ("LocalCluster, 2 workers (--executor dask --jobs 2)", ["--executor", "dask", "--jobs", "2"]),
)


def finite(count: int, seed: int) -> list[str]:
    """``count`` finite texts, each with its ``--ask`` questions as lines after it."""
    sys.path.insert(0, str(ROOT))
    from hypothesis import HealthCheck, Phase, given, settings
    from hypothesis import seed as fixed

    from tests.reference.finite_english import render
    from tests.reference.finite_strategies import finite_texts

    found: list[str] = []
    chosen = seed
    while len(found) < count:  # one run per seed; more seeds only if a run stops early
        wanted = count - len(found)

        @settings(
            max_examples=wanted,
            database=None,
            deadline=None,
            phases=[Phase.generate],
            suppress_health_check=list(HealthCheck),
        )
        @fixed(chosen)
        @given(finite_texts())
        def draw(text: object) -> None:
            english, asks = render(text)  # type: ignore[arg-type]
            found.append(english + "".join(f"{q}\n" for q in asks))

        draw()
        chosen += 1
    return found[:count]


def numeric(count: int, seed: int) -> list[str]:
    """``count`` numeric texts, each with its ``--ask`` questions as lines after it."""
    sys.path.insert(0, str(ROOT))
    from tests.reference import numeric_english as ne
    from tests.reference.numeric_generate import RandomChooser, numeric_text

    choose = RandomChooser(seed)
    found = []
    for _ in range(count):
        text = numeric_text(choose)
        asks = "".join(f"{ne.render_question(q)}\n" for q in text.asked)
        found.append(ne.render_text(text) + asks)
    return found


GENERATORS: dict[str, Callable[[int, int], list[str]]] = {"finite": finite, "numeric": numeric}


def path_of(folder: Path, index: int) -> Path:
    return folder / f"{index // PER_FOLDER:03d}" / f"{index:06d}.txt"


def manifest(count: int, seed: int, kinds: tuple[str, ...]) -> dict[str, object]:
    import hypothesis

    return {
        "count": count,
        "seed": seed,
        "kinds": list(kinds),
        "hypothesis": hypothesis.__version__,
    }


def generate(folder: Path, count: int, seed: int, kinds: tuple[str, ...]) -> float:
    """Write the corpus (kinds in turn); seconds it took."""
    started = time.perf_counter()
    drawn = [
        iter(GENERATORS[k](len(range(i, count, len(kinds))), seed)) for i, k in enumerate(kinds)
    ]
    for index in range(count):
        path = path_of(folder, index)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(next(drawn[index % len(kinds)]), encoding="utf-8")
    (folder / "corpus.json").write_text(json.dumps(manifest(count, seed, kinds)) + "\n")
    return time.perf_counter() - started


def prepare(folder: Path, count: int, seed: int, kinds: tuple[str, ...]) -> str:
    """Reuse the corpus in ``folder`` if it is this one, else draw it into an empty folder."""
    recorded = folder / "corpus.json"
    if recorded.exists() and json.loads(recorded.read_text()) == manifest(count, seed, kinds):
        return f"reused {folder}"
    if folder.exists() and any(folder.iterdir()):
        raise SystemExit(f"{folder} holds something else than this corpus: name an empty folder")
    folder.mkdir(parents=True, exist_ok=True)
    return f"generated in {generate(folder, count, seed, kinds):.0f} s into {folder}"


@dataclass(frozen=True)
class Run:
    """One ``certify DIR --json`` process: wall and CPU seconds, what it printed."""

    label: str
    seconds: float
    cpu: float
    returncode: int
    sha256: str
    lines: int
    refused: int
    size: int


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run(python: str, folder: Path, label: str, flags: list[str]) -> Run:
    """Time one configuration, from outside the checkout, its stdout hashed."""
    with tempfile.TemporaryDirectory(prefix="certify-throughput-") as where:
        out = Path(where) / "out.jsonl"
        cpu, started = children_cpu(), time.perf_counter()
        with out.open("wb") as sink:
            done = subprocess.run(
                [python, "-m", "certify", str(folder), "--json", *flags],
                stdout=sink,
                stderr=subprocess.PIPE,
                cwd=where,
                env=environment(),
            )
        seconds, cpu = time.perf_counter() - started, children_cpu() - cpu
        digest, lines, refused, size = hashlib.sha256(), 0, 0, 0
        with out.open("rb") as printed:  # line by line: 100,000 reports are some 300 MB
            for line in printed:
                digest.update(line)
                lines, size = lines + 1, size + len(line)
                refused += line.startswith(b'{"schema": "certify.error/1"')
    if done.returncode not in (0, 3):  # 3: some text refused, reported as its error line
        raise SystemExit(f"{label}: certify exited {done.returncode}:\n{done.stderr.decode()}")
    return Run(label, seconds, cpu, done.returncode, digest.hexdigest(), lines, refused, size)


def same_output(runs: list[Run], count: int) -> str:
    """The one hash of every run's output (one line per text), or SystemExit naming them."""
    digests = {r.sha256 for r in runs}
    if len(digests) != 1 or any(r.lines != count for r in runs):
        shown = "\n".join(f"  {r.sha256}  {r.lines} lines  {r.label}" for r in runs)
        raise SystemExit(f"the outputs differ (or miss texts):\n{shown}")
    return digests.pop()


def probe(python: str, *arguments: str) -> dict[str, Any]:
    """One JSON object from benchmarks/corpus_probe.py under the install's interpreter."""
    with tempfile.TemporaryDirectory(prefix="certify-probe-") as where:
        done = subprocess.run(
            [python, str(PROBE), *arguments],
            capture_output=True,
            text=True,
            cwd=where,
            env=environment(),
        )
    if done.returncode != 0:
        raise SystemExit(f"corpus_probe {arguments[0]} failed:\n{done.stderr}")
    found: dict[str, Any] = json.loads(done.stdout)
    return found


def table(runs: list[Run], count: int) -> Iterator[str]:
    """One row per configuration; ``cores`` is CPU over wall time, all processes of the run
    (well under the workers' number on a machine that others are using)."""
    yield (
        f"{'configuration':52s} {'wall s':>8s} {'texts/s':>8s} {'× one':>6s} "
        f"{'CPU s/text':>10s} {'cores':>5s}"
    )
    for r in runs:
        rate, ratio = count / r.seconds, runs[0].seconds / r.seconds
        yield (
            f"{r.label:52s} {r.seconds:8.1f} {rate:8.1f} {ratio:6.2f} "
            f"{r.cpu / count:10.4f} {r.cpu / r.seconds:5.2f}"
        )


@dataclass(frozen=True)
class Model:
    """The inputs of the projection: CPU seconds per text."""

    worker: float  # in a Dask worker: the check and Dask's work around it
    serving: float  # in the client-and-scheduler process: submit, schedule, gather, unpickle
    render: float  # in the client: read the file, render the JSON line

    def bounds(self, workers: int) -> dict[str, float]:
        return {
            f"workers: {workers} / worker": workers / self.worker,
            "client and scheduler: 1 / (serving + render)": 1 / (self.serving + self.render),
        }

    def rate(self, workers: int) -> float:
        return min(self.bounds(workers).values())


def model(cost: dict[str, Any], cluster: dict[str, Any]) -> Model:
    least = 1e-6  # /proc counts in ticks of 10 ms: a tiny sample may read 0
    return Model(
        max(least, float(cluster["worker_cpu_per_text"])),
        max(least, float(cluster["serving_cpu_per_text"])),
        max(least, float(cost["client_cpu_per_text"])),
    )


def projection(cost: dict[str, Any], cluster: dict[str, Any], workers: int) -> Iterator[str]:
    """The formula, its inputs and the figure for ``workers`` workers."""
    m = model(cost, cluster)
    yield f"projection, {workers} workers: texts/s = min(W / worker, 1 / (serving + render))"
    yield (
        f"  worker  = {m.worker * 1000:.2f} ms CPU per text in a Dask worker "
        f"(certify.check alone: {cost['check_cpu_per_text'] * 1000:.2f} ms; {cost['refused']} "
        f"of {cost['texts']} refused)"
    )
    yield (
        f"  serving = {m.serving * 1000:.3f} ms CPU per text in the client-and-scheduler "
        f"process (chunks of {cluster['chunk']}, {cluster['texts']} texts, LocalCluster of "
        f"{cluster['workers']}: {cluster['texts_per_second']:.0f} texts/s after its start)"
    )
    yield f"  render  = {m.render * 1000:.3f} ms CPU per text in the client (read, to_json)"
    bounds = m.bounds(workers)
    for name, bound in bounds.items():
        yield f"  {name:46s} {bound:8.0f} texts/s"
    binding = min(bounds, key=bounds.__getitem__).split(":")[0]
    yield f"  => {m.rate(workers):.0f} texts/s for {workers} workers, bound by the {binding}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--kinds", nargs="+", choices=KINDS, default=list(KINDS))
    parser.add_argument("--corpus", type=Path, help="keep (and reuse) the corpus here")
    parser.add_argument("--python", default=sys.executable, help="interpreter of the install")
    parser.add_argument("--workers", type=int, default=20, help="cluster size to project")
    parser.add_argument("--sample", type=int, default=2000, help="texts for the CPU per text")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="certify-corpus-") as temporary:
        folder = (args.corpus or Path(temporary)).resolve()
        print(
            f"corpus: {args.count} texts ({', '.join(args.kinds)} in turn, seed {args.seed}), "
            f"{prepare(folder, args.count, args.seed, tuple(args.kinds))}"
        )
        runs = [run(args.python, folder, label, flags) for label, flags in CONFIGURATIONS]
        digest = same_output(runs, args.count)
        cost = probe(args.python, "cost", str(folder), "--sample", str(args.sample))
        cluster = probe(args.python, "cluster", str(folder), "--sample", str(args.sample))
    where = Path(cost["certify"])
    source = " -- the source tree, not an installed wheel" if ROOT in where.parents else ""
    print(f"certify: {where}{source} (exit {runs[0].returncode}, {runs[0].refused} refused)")
    print("\n".join(table(runs, args.count)))
    print(f"outputs: byte-identical, sha256 {digest} ({runs[0].lines} lines)")
    print("\n".join(projection(cost, cluster, args.workers)))
    measured = args.count / runs[2].seconds
    print(
        f"  (the model at 2 workers: {model(cost, cluster).rate(2):.0f} texts/s; measured on the "
        f"LocalCluster above: {measured:.0f}, with its start and a client sharing the cores)"
    )


if __name__ == "__main__":
    main()
