"""The two inputs of the 20-worker projection, measured inside an installed certify.

    PY benchmarks/corpus_probe.py cost FOLDER [--sample 2000]
    PY benchmarks/corpus_probe.py overhead FOLDER [--tasks 400] [--workers 2]

Run by ``benchmarks/corpus_throughput.py`` with the interpreter of the install (``--python``),
never with the source tree on the path.  Each prints one JSON object on stdout.

``cost``: seconds of CPU per text in one process, through the public API only, after one
warm-up text (a worker builds its parser once): ``certify.check(text)`` — what a worker does
— apart from reading the file and ``Report.to_json()`` — what the client does with a result.

``overhead``: wall seconds per task of ``Client.submit`` on a LocalCluster configured as
``--executor dask`` configures it (``certify.cli.dask_batch._cluster``), with the batch's
pattern — ``IN_FLIGHT`` tasks per worker ahead, gathered with ``as_completed`` — where each
task carries ``CHUNK`` real texts of the corpus and returns ``CHUNK`` results of the corpus's
mean JSON size, but checks nothing.  ``cpu_per_task`` is the CPU of this process — the
client and the LocalCluster's scheduler, which runs in it; not the workers — per task: the
serial cost that bounds a cluster, robust to other load on the machine; ``seconds_per_task``
is the wall time.  The cluster's start is not timed.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from pathlib import Path


def texts(folder: Path, sample: int) -> list[Path]:
    """Every ``*.txt`` of the corpus in batch order, or ``sample`` of them spread evenly."""
    paths = sorted(folder.rglob("*.txt"), key=lambda p: p.parts)
    if sample and len(paths) > sample:
        step = len(paths) / sample
        paths = [paths[int(i * step)] for i in range(sample)]
    return paths


def cost(folder: Path, sample: int) -> dict[str, object]:
    """CPU seconds per text: check (worker), read + JSON (client); refusals counted."""
    import certify

    paths = texts(folder, sample)
    certify.check(paths[0].read_text(encoding="utf-8"))  # warm: parser, imports
    check = render = 0.0
    refused = 0
    for path in paths:
        started = time.process_time()
        text = path.read_text(encoding="utf-8")
        between = time.process_time()
        try:
            report = certify.check(text, file=str(path))
        except certify.CertifyError:
            refused += 1
            render += between - started
            continue
        checked = time.process_time()
        report.to_json()
        render += time.process_time() - checked + between - started
        check += checked - between
    return {
        "certify": os.path.dirname(certify.__file__),
        "texts": len(paths),
        "refused": refused,
        "check_cpu_per_text": check / len(paths),
        "client_cpu_per_text": render / len(paths),
    }


def noop(items: list[tuple[int, str, str]], size: int) -> list[tuple[int, bytes]]:
    """A task that carries a chunk of texts and returns results of the usual size."""
    return [(index, b"x" * size) for index, _, _ in items]


def overhead(folder: Path, tasks: int, workers: int, size: int) -> dict[str, object]:
    """Wall seconds per no-op task on a LocalCluster of ``workers`` processes, each task
    returning ``size`` bytes per text."""
    from distributed import Client, as_completed

    from certify.cli.dask_batch import CHUNK, IN_FLIGHT, _cluster

    paths = texts(folder, CHUNK)
    chunk = [(i, str(p), p.read_text(encoding="utf-8")) for i, p in enumerate(paths)]
    cluster = _cluster(workers)
    client = Client(cluster)
    try:
        client.submit(noop, chunk, size, pure=False).result()  # warm: workers, function
        limit = IN_FLIGHT * workers
        started, cpu = time.perf_counter(), time.process_time()
        done = as_completed()
        sent = 0
        while sent < min(limit, tasks):
            done.add(client.submit(noop, chunk, size, pure=False))
            sent += 1
        for future in done:
            future.result()
            if sent < tasks:
                done.add(client.submit(noop, chunk, size, pure=False))
                sent += 1
        elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu
    finally:
        client.close()
        cluster.close()
    return {
        "workers": workers,
        "tasks": tasks,
        "chunk": CHUNK,
        "in_flight": IN_FLIGHT,
        "result_bytes": size,
        "seconds_per_task": elapsed / tasks,
        "cpu_per_task": cpu / tasks,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("what", choices=("cost", "overhead"))
    parser.add_argument("folder", type=Path)
    parser.add_argument("--sample", type=int, default=2000, help="texts for cost (0: all)")
    parser.add_argument("--tasks", type=int, default=400, help="no-op tasks for overhead")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--result-bytes", type=int, default=2000, help="per text, for overhead")
    args = parser.parse_args()
    if args.what == "cost":
        found = cost(args.folder, args.sample)
    else:
        found = overhead(args.folder, args.tasks, args.workers, args.result_bytes)
    print(json.dumps(found))


if __name__ == "__main__":
    main()
