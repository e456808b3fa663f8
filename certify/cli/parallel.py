"""``--jobs N``: certify the files of a batch in worker processes, in the order given.

Texts are independent, so a batch parallelizes by file, in chunks (``chunks``).  The pipeline
is imported and the parser built in the parent before the workers start; on Linux the workers
are forked and inherit both, so a worker costs no second start-up, and they are fed chunk
numbers through pipes (``certify.cli.forked``); elsewhere they are spawned by a process pool.
Results come back in input order, so the output is the same, byte for byte, as a serial run.

A result with an error travels back pickled by ``_Pickler``: certify's exceptions take keyword
arguments that the default exception pickling drops, so every ``CertifyError`` in it is rebuilt
from its class, message and attributes instead.  Other results use the standard pickler.
"""

from __future__ import annotations

import io
import itertools
import os
import signal
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from functools import partial
from typing import TYPE_CHECKING, Any

from certify.cli.batch import Entry, FileResult, run_file
from certify.errors import CertifyError
from certify.pickling import Pickler, loads

# What the pipeline imports only when a text needs it (numbers, an expectation, a puzzle):
# imported in the parent before the fork, or every worker would import each of them again.
# Not a conflict's explanation (``readout.conflicts``, python-sat's OptUx and solvers): 24 ms
# that a batch of texts that all hold would pay before every fork, and that each worker pays
# in parallel, once, at its first contradictory text.  Nor python-sat's cardinality
# encodings (``pysat.card``, for `exactly`/`at least` over many atoms, ``clausify``): 4 ms
# before the fork that most batches never use.
# tests/test_parallel_imports.py checks that certifying the samples imports nothing more.
WORKER_IMPORTS = (
    "certify.domains.cadical",  # imported at the first SAT solver
    "pysolvers",
    "certify.readout.numeric_answer",
    "certify.domains.interval",  # each numeric domain at its first group (``classify.DOMAINS``)
    "certify.domains.dbm",
    "certify.domains.octagon",
    "certify.domains.linear",
    "certify.readout.numeric_conflict",
    "certify.output.expect",
    "certify.output.results",
    "certify.syntax.puzzle",  # imported for a puzzle text, a grid text, a sentence in error
    "certify.syntax.stepgame",
    "certify.syntax.forms",
)

# ``--jobs N`` starts workers only where they pay (``paying``): when the files left would take
# WORKERS_PAY seconds here, at the pace of the fastest file after the first.  Starting two
# workers (the imports they need, the forks, their first pages) costs 20-25 ms on 2 cores,
# and two workers make the rest about 1.5x faster, so they pay from about 60 ms of work
# left; measured by benchmarks/jobs_choice.py (``--jobs 2`` against ``--jobs 1`` on
# batches of 2 to 1,000 small texts).
WORKERS_PAY = 0.06
# ... or at once, when the files hold this much text: the small texts of
# benchmarks/batch_throughput.py take about 5 µs a byte (180 bytes in 1 ms), so 12 KB of
# them take WORKERS_PAY (a long text usually takes more a byte, not less).
WORKERS_PAY_BYTES = 12_000
PROBE_SECONDS = 0.02
FIRST_FILE_EXTRA = 0.04

# Forked workers fed through pipes (``certify.cli.forked``) where fork is safe and cheap;
# elsewhere, spawned ones in a process pool.
FORK = sys.platform.startswith("linux")

if TYPE_CHECKING:
    from certify.readout.answer import Options


def run_parallel(
    entries: Sequence[Entry],
    asks: Sequence[str],
    options: Options,
    checking: bool,
    debug: bool,
    jobs: int,
    counted: bool = False,
) -> Iterator[FileResult]:
    """Certify ``entries`` with ``jobs`` worker processes; yield results in input order.

    ``counted``: the caller only counts the results that nothing is printed for (``--quiet``
    text output, no report kept): a worker sends those back without their report
    (``FileResult.counted``), and the parent does not unpickle what it would throw away."""
    prepare_workers()
    paths = [path for path, error in entries if error is None]
    work = partial(
        certify_packed,
        asks=tuple(asks),
        options=options,
        checking=checking,
        debug=debug,
        counted=counted,
    )
    parts = chunks(paths, jobs)
    if FORK:
        from certify.cli.forked import Forked, Stopped

        with frozen_heap():
            forked = Forked(partial(_certify_chunk, work), parts, jobs)
        done = (result for chunk in forked.results() for result in chunk)
        return _gather(entries, done, forked.close, Stopped)
    return _pooled(entries, work, parts, jobs)


def _pooled(
    entries: Sequence[Entry],
    work: Callable[[str], FileResult | bytes],
    parts: list[Sequence[str]],
    jobs: int,
) -> Iterator[FileResult]:
    """``run_parallel`` where workers are spawned (not Linux): a process pool."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    context = multiprocessing.get_context("spawn")  # nothing inherited: no heap to freeze
    pool = ProcessPoolExecutor(jobs, mp_context=context, initializer=_ignore_interrupts)
    try:
        futures = [pool.submit(_certify_chunk, work, chunk) for chunk in parts]
    except BaseException:
        pool.shutdown(cancel_futures=True)
        raise
    results = (result for future in futures for result in future.result())
    return _gather(entries, results, partial(pool.shutdown, cancel_futures=True), BrokenProcessPool)


def chunks(paths: Sequence[str], jobs: int) -> list[Sequence[str]]:
    """The files in the order given, in chunks for the workers: at most 32 files, and an eighth
    of what remains per worker, so the last chunks hold one file each and no worker waits long
    for another's last chunk at the end (32 small texts take ~50 ms)."""
    found: list[Sequence[str]] = []
    start = 0
    while start < len(paths):
        size = max(1, min(32, (len(paths) - start) // (jobs * 8)))
        found.append(paths[start : start + size])
        start += size
    return found


def _certify_chunk(
    work: Callable[[str], FileResult | bytes], paths: Sequence[str]
) -> list[FileResult | bytes]:
    """One chunk's results, in a worker."""
    return [work(path) for path in paths]


@contextmanager
def frozen_heap() -> Iterator[None]:
    """Fork with the parent's objects out of the collector's sight (``gc.freeze``).

    A worker's collections would otherwise walk every object it inherited (modules, the
    parser) and write to each one's header, copying the pages it shares with the parent: a
    tenth of a worker's time went to collecting, a third of it for the inherited heap.  The
    parent's own collector sees them again once the workers are forked, unless they were
    frozen before (the command freezes its imports, ``certify.__main__.collect_less``; a host
    of the API may freeze its own): then they stay so."""
    import gc

    already = gc.get_freeze_count() > 0
    gc.freeze()
    try:
        yield
    finally:
        if not already:
            gc.unfreeze()


def prepare_workers() -> None:
    """Import what the workers will need and build the parser, once, before they fork."""
    import importlib

    import certify.pipeline  # noqa: F401
    from certify.syntax.parse import parser

    for name in WORKER_IMPORTS:
        importlib.import_module(name)
    parser()  # built once here, inherited too


def _gather(
    entries: Sequence[Entry],
    results: Iterator[FileResult | bytes],
    close: Callable[[], object],
    broken: type[BaseException],
) -> Iterator[FileResult]:
    try:
        for path, error in entries:
            if error is not None:
                yield FileResult(path, error=error)
            else:
                yield unpacked(next(results))
    except broken as error:
        raise CertifyError(f"a worker process stopped unexpectedly ({error})") from None
    finally:  # waits only for the files already started (after Ctrl-C, say)
        close()


def _ignore_interrupts() -> None:
    """Ctrl-C is the parent's to handle; workers finish their file and are shut down."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def certify_packed(
    path: str,
    asks: tuple[str, ...],
    options: Options,
    checking: bool,
    debug: bool,
    text: str | None = None,
    counted: bool = False,
) -> FileResult | bytes:
    """One file's result: as it is, or pre-pickled by ``_Pickler`` if it carries an error;
    with ``counted``, one whose expectations all held comes back counted, without its report
    (``run_parallel``)."""
    result = run_file(path, asks, options, checking, debug, text)
    if counted and result.report is not None and not result.failed:
        return counted_only(result)
    if result.error is None:
        return result  # the standard (C) pickler is faster, and enough here
    buffer = io.BytesIO()
    _Pickler(buffer).dump(result)
    return buffer.getvalue()


def counted_only(result: FileResult) -> FileResult:
    """What a batch counts of a certified file, without the report (``FileResult.counted``)."""
    assert result.report is not None
    statuses = tuple(answer.status for answer in result.report.questions)
    return FileResult(
        result.path,
        seconds=result.seconds,
        digest=result.digest,
        counted=(statuses, len(result.outcomes)),
    )


def unpacked(done: FileResult | bytes) -> FileResult:
    """A result as ``certify_packed`` sent it, back as a ``FileResult``."""
    return loads(done) if isinstance(done, bytes) else done


class _Pickler(Pickler):
    """Pickle certify's errors by their attributes, not their constructor arguments."""

    def reducer_override(self, obj: Any) -> Any:
        if isinstance(obj, CertifyError):
            return _rebuild_error, (type(obj), obj.message, dict(vars(obj)))
        return NotImplemented


def _rebuild_error(
    kind: type[CertifyError], message: str, attributes: dict[str, Any]
) -> CertifyError:
    """The error as it was raised: same class, same message, same file, line and column."""
    error = kind.__new__(kind, message)
    Exception.__init__(error, message)
    vars(error).update(attributes)
    return error


def run_all(
    entries: Iterable[Entry],
    asks: Sequence[str],
    options: Options,
    checking: bool,
    debug: bool = False,
    jobs: int = 1,
    counted: bool = False,
    say: Callable[[str], object] | None = None,
) -> Iterator[FileResult]:
    """Certify every file in order: here, or in up to ``jobs`` worker processes where they
    pay (``counted``: see ``run_parallel``).

    With ``jobs > 1`` workers start at once for files of ``sizeable`` size; otherwise the
    first files are certified here while ``paying`` weighs what is left against what
    workers cost to start, and where they would not pay, the batch stays here and ``say`` is
    told so.  The workers (if any) are started before this returns, so that they are forked
    before the caller starts anything else, such as the thread of a progress bar.
    """
    entries = list(entries)
    readable = sum(1 for _, error in entries if error is None)
    if jobs <= 1 or readable <= 1:
        return _run_serially(entries, asks, options, checking, debug)
    if sizeable(entries):
        return run_parallel(entries, asks, options, checking, debug, min(jobs, readable), counted)
    done: list[FileResult] = []
    seconds: list[float] = []
    for index, (path, error) in enumerate(entries):
        if error is not None:
            done.append(FileResult(path, error=error))
            continue
        left = readable - len(seconds)
        choice = paying(seconds, left)
        if choice is None:
            done.append(run_file(path, asks, options, checking, debug))
            seconds.append(done[-1].seconds)
            continue
        rest = entries[index:]
        if choice:
            more = run_parallel(rest, asks, options, checking, debug, min(jobs, left), counted)
            return itertools.chain(done, more)
        if say is not None:
            say(_kept(readable, seconds))
        return itertools.chain(done, _run_serially(rest, asks, options, checking, debug))
    return iter(done)  # not reached: ``paying`` says no before the last file


def sizeable(entries: Sequence[Entry]) -> bool:
    """Whether the readable files hold ``WORKERS_PAY_BYTES`` of text or more: enough that
    workers pay before any file is timed (two slow files would otherwise stay here, as the
    second is the only one left when the first is timed)."""
    total = 0
    for path, error in entries:
        if error is None:
            try:
                total += os.stat(path).st_size
            except OSError:  # read, and refused, by its worker in its turn
                continue
            if total >= WORKERS_PAY_BYTES:
                return True
    return False


def paying(seconds: Sequence[float], left: int) -> bool | None:
    """Whether workers would pay for the ``left`` files not certified yet, given the seconds
    each file certified so far took: ``None`` to certify one more file here and ask again.

    The pace of the files left is that of the fastest file after the first (the first also
    loads the parser and imports what the batch needs: ``FIRST_FILE_EXTRA``).  Yes when the
    files left would take ``WORKERS_PAY`` here at that pace, once two files after the first
    were timed (or one that took ``PROBE_SECONDS`` or more: a slow batch gains from workers
    at once); no when fewer than two files are left, or when the files after the first took
    ``PROBE_SECONDS``.  ``None`` before any file."""
    if not seconds:
        return None
    if left < 2:
        return False
    later = seconds[1:]
    pace = _pace(seconds)
    if pace * left >= WORKERS_PAY and (len(later) >= 2 or pace >= PROBE_SECONDS):
        return True
    return False if sum(later) >= PROBE_SECONDS else None


def _pace(seconds: Sequence[float]) -> float:
    """Seconds a file left will take here: the fastest file after the first, or the first
    without what only the first pays (``FIRST_FILE_EXTRA``)."""
    return min(seconds[1:]) if seconds[1:] else seconds[0] - FIRST_FILE_EXTRA


def _kept(readable: int, seconds: Sequence[float]) -> str:
    """What ``run_all`` says when it keeps a batch in one process."""
    left = readable - len(seconds)
    why = (
        "one file is left"
        if left < 2
        else f"the {left} left would take about {1000 * _pace(seconds) * left:.0f} ms here, "
        f"and workers pay from {1000 * WORKERS_PAY:.0f} ms"
    )
    return (
        f"the {readable} files are certified in this process, without workers: "
        f"after {len(seconds)}, {why}"
    )


def _run_serially(
    entries: list[Entry], asks: Sequence[str], options: Options, checking: bool, debug: bool
) -> Iterator[FileResult]:
    for path, error in entries:
        if error is not None:
            yield FileResult(path, error=error)
        else:
            yield run_file(path, asks, options, checking, debug)
