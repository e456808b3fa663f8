"""``--executor dask``: certify a batch on a Dask distributed cluster, in the order given.

Imported only for ``--executor dask`` (start-up never loads dask).  The client reads every
text itself (an unreadable file is reported here, as the local batch reports it) and sends
chunks of ``CHUNK`` texts to the cluster with ``Client.submit``, so the workers need certify
installed but no access to the files.  At most ``IN_FLIGHT`` chunks per worker are
submitted at a time, so a large corpus is never all in memory.  Results are gathered with
``as_completed`` and yielded in input order: the printer, JSON Lines, JUnit and the summary
are the local batch's, byte for byte.  Each worker builds the parser once, when it joins
(``Warm``), not per text.

A worker that dies (a crash, or its memory limit) is the scheduler's to retry: on the local
cluster ``allowed-failures`` is 1, so a chunk is tried once more on another worker (and a worker
takes a task only when it is free: ``worker-saturation`` 1.0).  A chunk
that still fails with ``KilledWorker`` is split and its texts are sent one by one; a text that
kills its worker on its own, twice, is reported as that file's error (exit 3), and every
other result is kept.  Nothing is dropped silently.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Iterator, Sequence
from concurrent.futures import CancelledError
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from distributed import Client, Future, LocalCluster, as_completed
from distributed.diagnostics.plugin import WorkerPlugin
from distributed.scheduler import KilledWorker

from certify.cli.batch import Entry, FileResult, read_or_refuse
from certify.cli.parallel import certify_packed, unpacked
from certify.errors import CertifyError, TextError, UsageError

if TYPE_CHECKING:
    from certify.readout.answer import Options

CHUNK = 32
"""Texts per task at most (fewer in a small batch, so that every worker gets some): on
samples/ copied to 2,000 files and two workers, 8 texts per task took 51 s, 16 took 45 s,
32 took 39 s and 64 took 38 s (the local pool: 26 s); see README, Batch checking.  32 gives
the first result sooner than 64."""

IN_FLIGHT = 4
"""Chunks submitted ahead per worker."""

DIED = (
    "the Dask worker checking this text died, and again on another worker (a crash, or the "
    "worker's memory limit); the text was not certified"
)

DOMAINS = ("interval", "dbm", "octagon", "linear", "enumerate")

Item = tuple[int, str, str]
"""A text to certify: its index in the batch, its path and its text."""


WARM = ("certify.pipeline", *(f"certify.domains.{d}" for d in (*DOMAINS, "cadical")), "pysolvers")
"""What a worker imports when it joins (numpy and scipy come with the numeric domains)."""


class Warm(WorkerPlugin):
    """Import the pipeline and build the parser once per worker, when it joins, not per text
    (the local pool does the same in the parent before it forks)."""

    def setup(self, worker: Any) -> None:
        import importlib

        from certify.syntax.parse import parser

        for module in WARM:
            importlib.import_module(module)
        parser()


def check_chunk(
    items: list[Item], asks: tuple[str, ...], options: Options, checking: bool, debug: bool
) -> list[tuple[int, FileResult | bytes]]:
    """On a worker: the results of one chunk, each packed as the local pool packs it."""
    done = []
    for index, path, text in items:
        _test_exit(path)
        done.append((index, certify_packed(path, asks, options, checking, debug, text)))
    return done


def _test_exit(path: str) -> None:
    """Test-only: ``CERTIFY_TEST_EXIT=NAME,...`` makes the worker checking a file named NAME
    exit at once, as a crash would; ``NAME:MARKER`` does it only while the file MARKER does
    not exist (and creates it), so that the retry succeeds."""
    for wanted in filter(None, os.environ.get("CERTIFY_TEST_EXIT", "").split(",")):
        name, _, marker = wanted.partition(":")
        if os.path.basename(path) != name:
            continue
        if marker:
            if os.path.exists(marker):
                continue
            open(marker, "w").close()
        os._exit(1)


def run_dask(
    entries: Sequence[Entry],
    asks: Sequence[str],
    options: Options,
    checking: bool,
    debug: bool,
    scheduler: str | None,
    jobs: int,
) -> Iterator[FileResult]:
    """Certify ``entries`` on the cluster at ``scheduler`` (or a local one of ``jobs``
    worker processes); yield the results in input order."""
    cluster = _cluster(jobs) if scheduler is None else None
    try:
        client = Client(cluster if cluster is not None else scheduler, timeout="10s")
    except (OSError, TimeoutError) as error:
        if cluster is not None:
            cluster.close()
        raise UsageError(f"--scheduler: cannot reach {scheduler}: {error}") from None
    client.register_plugin(Warm(), name="certify-warm")
    run = _Run(client, cluster, list(entries), (tuple(asks), options, checking, debug))
    return run.results()


def _cluster(jobs: int) -> LocalCluster:
    """A cluster of ``jobs`` single-threaded worker processes on this machine."""
    import dask

    # one retry on another worker; a worker takes a task only when it is free, so that a
    # worker's death counts against the text it was checking only
    once = {
        "distributed.scheduler.allowed-failures": 1,
        "distributed.scheduler.worker-saturation": 1.0,
    }
    with dask.config.set(once):
        return LocalCluster(
            n_workers=jobs,
            threads_per_worker=1,
            processes=True,
            dashboard_address=":0",
            silence_logs=logging.ERROR,
        )


@dataclass
class _Run:
    """One batch on the cluster: what is submitted, what has come back."""

    client: Client
    cluster: LocalCluster | None
    entries: list[Entry]
    arguments: tuple[tuple[str, ...], Options, bool, bool]
    ready: dict[int, FileResult] = field(default_factory=dict)
    running: dict[Future[Any], list[Item]] = field(default_factory=dict)
    done: as_completed = field(default_factory=as_completed)

    def results(self) -> Iterator[FileResult]:
        limit = IN_FLIGHT * max(1, len(self.client.scheduler_info().get("workers", {})))
        readable = sum(1 for _, error in self.entries if error is None)
        chunks = self._chunks(max(1, min(CHUNK, readable // limit)))
        try:
            for index in range(len(self.entries)):
                while index not in self.ready:
                    self._submit(chunks, limit)
                    future = next(self.done)
                    self._collect(future, self.running.pop(future))
                yield self.ready.pop(index)
        finally:
            self.client.cancel(list(self.running))
            self.client.close()
            if self.cluster is not None:
                self.cluster.close()

    def _chunks(self, size: int) -> Iterator[list[Item]]:
        """The readable texts in chunks, read as they are needed; the rest are results now."""
        chunk: list[Item] = []
        for index, (path, error) in enumerate(self.entries):
            text = FileResult(path, error=error) if error is not None else read_or_refuse(path)
            if isinstance(text, FileResult):
                self.ready[index] = text
                continue
            chunk.append((index, path, text))
            if len(chunk) == size:
                yield chunk
                chunk = []
        if chunk:
            yield chunk

    def _submit(self, chunks: Iterator[list[Item]], limit: int) -> None:
        """Keep ``limit`` chunks running (at least one, if any is left)."""
        while len(self.running) < limit:
            chunk = next(chunks, None)
            if chunk is None:
                return
            self._send(chunk)

    def _send(self, chunk: list[Item], priority: int = 0) -> None:
        future = self.client.submit(
            check_chunk, chunk, *self.arguments, pure=False, priority=priority
        )
        self.running[future] = chunk
        self.done.add(future)

    def _collect(self, future: Future[Any], chunk: list[Item]) -> None:
        """One finished chunk: its results, or what became of its texts."""
        try:
            results = future.result()  # waits if a lost result is being computed again
        except CancelledError:
            raise CertifyError("the Dask cluster went away before the batch was done") from None
        except KilledWorker:
            if len(chunk) > 1:
                for item in chunk:  # find the text that kills its worker: one by one, first
                    self._send([item], priority=1)
                return
            index, path, _ = chunk[0]
            self.ready[index] = FileResult(path, error=TextError(DIED, file=path))
            return
        except Exception as error:  # a bug (or a worker that cannot import certify)
            detail = f"{type(error).__name__}: {error}"
            self.ready.update((i, FileResult(p, internal=detail)) for i, p, _ in chunk)
            return
        self.ready.update((i, unpacked(r)) for i, r in results)
