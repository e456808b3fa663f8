"""The two inputs of the 20-worker projection, measured inside an installed certify.

    PY benchmarks/corpus_probe.py cost FOLDER [--sample 2000]
    PY benchmarks/corpus_probe.py cluster FOLDER [--sample 2000] [--workers 2]

Run by ``benchmarks/corpus_throughput.py`` with the interpreter of the install (``--python``),
never with the source tree on the path.  Each prints one JSON object on stdout.

``cost``: seconds of CPU per text in one process, through the public API only, after one
warm-up text (a worker builds its parser once): ``certify.check(text)`` — what a worker does
— apart from reading the file and ``Report.to_json()`` — what the client does with a result.

``cluster``: the same texts on a LocalCluster configured as ``--executor dask`` configures it
(``certify.cli.dask_batch._cluster``, ``Warm``), in chunks of ``CHUNK`` through the batch's own
``check_chunk``, ``IN_FLIGHT`` chunks per worker ahead, gathered with ``as_completed``; not
timed: the cluster's start.  ``worker_cpu_per_text`` is the CPU of the worker processes
(the nannies run in this process and start them) per text, read from ``/proc`` (Linux): the
check and Dask's work around it.
``serving_cpu_per_text`` is the CPU of this process — the client, which submits, gathers and
unpickles, and the LocalCluster's scheduler, which runs in it — per text.  CPU, not wall, so
that other load on the machine does not change them.
"""

from __future__ import annotations

import argparse
import itertools
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


def tree_cpu(parents: set[int]) -> float:
    """CPU seconds of the processes whose parent is in ``parents`` (Linux ``/proc``)."""
    tick, total = os.sysconf("SC_CLK_TCK"), 0.0
    for entry in os.listdir("/proc"):
        try:
            fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if int(fields[1]) in parents:
            total += (int(fields[11]) + int(fields[12])) / tick
    return total


def children(parent: int) -> set[int]:
    found = set()
    for entry in filter(str.isdigit, os.listdir("/proc")):
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        if int(stat.rsplit(")", 1)[1].split()[1]) == parent:
            found.add(int(entry))
    return found


def cluster(folder: Path, sample: int, workers: int) -> dict[str, object]:
    """CPU per text of the workers and of this process (client and scheduler) on a
    LocalCluster of ``workers``, checking real chunks as the batch does."""
    from distributed import Client, as_completed

    from certify.cli.dask_batch import CHUNK, IN_FLIGHT, Warm, _cluster, check_chunk
    from certify.readout.answer import Options

    paths = texts(folder, sample)
    items = [(i, str(p), p.read_text(encoding="utf-8")) for i, p in enumerate(paths)]
    chunks = iter([items[i : i + CHUNK] for i in range(0, len(items), CHUNK)])
    arguments = ((), Options(), False, False)
    local = _cluster(workers)
    client = Client(local)
    client.register_plugin(Warm(), name="certify-warm")
    spawned = {os.getpid(), *children(os.getpid())}  # the workers (and what they started)
    try:
        started, cpu, pool = time.perf_counter(), time.process_time(), tree_cpu(spawned)
        done = as_completed()
        for chunk in itertools.islice(chunks, IN_FLIGHT * workers):
            done.add(client.submit(check_chunk, chunk, *arguments, pure=False))
        for future in done:
            future.result()
            for chunk in itertools.islice(chunks, 1):
                done.add(client.submit(check_chunk, chunk, *arguments, pure=False))
        elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu
        pool = tree_cpu(spawned) - pool
    finally:
        client.close()
        local.close()
    return {
        "workers": workers,
        "texts": len(items),
        "chunk": CHUNK,
        "in_flight": IN_FLIGHT,
        "texts_per_second": len(items) / elapsed,
        "serving_cpu_per_text": cpu / len(items),
        "worker_cpu_per_text": pool / len(items),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("what", choices=("cost", "cluster"))
    parser.add_argument("folder", type=Path)
    parser.add_argument("--sample", type=int, default=2000, help="texts to measure (0: all)")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    if args.what == "cost":
        found = cost(args.folder, args.sample)
    else:
        found = cluster(args.folder, args.sample, args.workers)
    print(json.dumps(found))


if __name__ == "__main__":
    main()
