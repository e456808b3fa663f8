"""Worker processes forked from the command and fed chunk numbers through pipes (Linux).

A forked worker already holds everything a chunk needs: the chunks themselves and the work to
do on each file.  So the parent only writes a chunk's number (4 bytes) to an idle worker and
reads the chunk's results back, pickled, from the worker's own pipe, two chunks in flight per
worker so that none waits for the parent.  ``concurrent.futures.ProcessPoolExecutor`` did the
same with a manager thread, a feeder thread and a queue that pickled every chunk's paths: its
import was 8 ms before the fork, and its threads took 0.4-0.6 ms of CPU per chunk from the two
cores the workers ran on (1,000 small texts make about 100 chunks).

A worker that stops (killed, out of memory) closes its pipe: the parent raises ``Stopped``
with the reason.  ``close`` closes the pipes and waits for the workers: each finishes the
chunk at hand, finds no more, and leaves with ``os._exit`` (no ``atexit`` of the parent's
runs twice).
"""

from __future__ import annotations

import contextlib
import os
import pickle
import select
import signal
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import Any

Work = Callable[[Sequence[str]], list[Any]]

IN_FLIGHT = 2  # chunks given to a worker before its first result comes back


class Stopped(Exception):
    """A worker ended before it sent the results it owed."""


class Worker:
    """One forked worker: its process, the pipe it reads chunk numbers from, the pipe it
    writes results to, the chunks it was given and has not answered yet, and whether it is
    still there."""

    __slots__ = ("alive", "owed", "pid", "results", "tasks")

    def __init__(self, pid: int, tasks: int, results: int) -> None:
        self.pid, self.tasks, self.results = pid, tasks, results
        self.owed: list[int] = []
        self.alive = True


class Failed:
    """What a chunk came to when a worker raised, or ended, instead of answering it: raised
    when the chunk's turn comes, so that every chunk before it is given first."""

    __slots__ = ("error",)

    def __init__(self, error: BaseException) -> None:
        self.error = error


class Forked:
    """``jobs`` workers forked now; ``results()`` gives each chunk's results in chunk order."""

    def __init__(self, work: Work, chunks: Sequence[Sequence[str]], jobs: int) -> None:
        self.chunks = chunks
        self.workers: list[Worker] = []
        self.given = 0
        self.done: dict[int, list[Any] | Failed] = {}
        try:
            for _ in range(jobs):
                self.workers.append(_fork(work, chunks, self.workers))
        except BaseException:
            self.close()
            raise

    def results(self) -> Iterator[list[Any]]:
        """Each chunk's list of results, in order.  A chunk whose worker raised raises that
        error; one whose worker ended raises ``Stopped``."""
        for depth in range(1, IN_FLIGHT + 1):  # a chunk to each worker in turn, then more
            for worker in self.workers:
                self._give(worker, depth)
        for wanted in range(len(self.chunks)):
            while wanted not in self.done:
                busy = {w.results: w for w in self.workers if w.owed}
                if not busy:  # every worker ended, and the chunk was never given
                    raise Stopped("no worker is left")
                waiting = select.poll()  # not select.select: a host's fds may pass 1,024
                for fd in busy:
                    waiting.register(fd, select.POLLIN)
                for fd, _ in waiting.poll():
                    self._receive(busy[fd])
            answer = self.done.pop(wanted)
            if isinstance(answer, Failed):
                raise answer.error
            yield answer

    def close(self) -> None:
        """Close the pipes and wait for every worker to leave."""
        for worker in self.workers:
            for fd in (worker.tasks, worker.results):
                with contextlib.suppress(OSError):  # closed already
                    os.close(fd)
        for worker in self.workers:
            _reap(worker.pid)
        self.workers = []

    def _give(self, worker: Worker, depth: int = IN_FLIGHT) -> None:
        """Give the worker chunks until it owes ``depth``."""
        while worker.alive and len(worker.owed) < depth and self.given < len(self.chunks):
            worker.owed.append(self.given)
            self.given += 1
            try:
                os.write(worker.tasks, worker.owed[-1].to_bytes(4, "little"))
            except BrokenPipeError:  # it ended after its last results
                self._ended(worker)

    def _receive(self, worker: Worker) -> None:
        head = _read(worker.results, 8)
        size = int.from_bytes(head, "little") if len(head) == 8 else 0
        data = _read(worker.results, size)
        if not size or len(data) < size:  # it ended before, or while, it wrote them
            self._ended(worker)
            return
        ok, value = pickle.loads(data)
        self.done[worker.owed.pop(0)] = value if ok else Failed(value)
        self._give(worker)

    def _ended(self, worker: Worker) -> None:
        """The chunks a worker that ended owes fail with how it ended."""
        error = Stopped(_how_it_ended(worker.pid))
        for index in worker.owed:
            self.done[index] = Failed(error)
        worker.owed.clear()
        worker.alive = False


def _fork(work: Work, chunks: Sequence[Sequence[str]], others: list[Worker]) -> Worker:
    tasks_read, tasks_write = os.pipe()
    results_read, results_write = os.pipe()
    _flush_streams()  # or the worker would inherit, and write again, what waits in them
    pid = os.fork()
    if pid == 0:  # the worker: never returns
        code = 1
        try:
            for fd in (tasks_write, results_read):
                os.close(fd)
            for other in others:  # or the other workers would never see their pipes close
                os.close(other.tasks)
                os.close(other.results)
            signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
            _serve(work, chunks, tasks_read, results_write)
            code = 0
        finally:
            _flush_streams()  # what the work printed; os._exit flushes nothing
            os._exit(code)
    os.close(tasks_read)
    os.close(results_write)
    return Worker(pid, tasks_write, results_read)


def _flush_streams() -> None:
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):  # closed, or None (pythonw)
            stream.flush()


def _serve(work: Work, chunks: Sequence[Sequence[str]], tasks: int, results: int) -> None:
    """Certify each chunk whose number comes in, until the parent closes the pipe."""
    while len(head := _read(tasks, 4)) == 4:
        try:
            data = pickle.dumps((True, work(chunks[int.from_bytes(head, "little")])), -1)
        except BaseException as error:  # sent to the parent, which raises it
            data = _pickled_error(error)
        try:
            _write(results, len(data).to_bytes(8, "little") + data)
        except BrokenPipeError:  # the parent stopped reading: nothing more to do
            return


def _pickled_error(error: BaseException) -> bytes:
    try:
        return pickle.dumps((False, error), -1)
    except Exception:  # an error that does not pickle is sent by its description
        return pickle.dumps((False, RuntimeError(f"{type(error).__name__}: {error}")), -1)


def _read(fd: int, size: int) -> bytes:
    """``size`` bytes, or fewer where the pipe was closed."""
    parts = []
    while size > 0:
        part = os.read(fd, min(size, 1 << 20))
        if not part:
            break
        parts.append(part)
        size -= len(part)
    return b"".join(parts)


def _write(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


def _how_it_ended(pid: int) -> str:
    """How a worker that closed its pipe ended."""
    status = _reap(pid)
    if status is None:
        return "it closed its pipe"
    if os.WIFSIGNALED(status):
        number = os.WTERMSIG(status)
        return f"killed by {signal.Signals(number).name if number in _NAMED else number}"
    return f"exit code {os.WEXITSTATUS(status)}"


_NAMED = {int(named) for named in signal.Signals}


def _reap(pid: int) -> int | None:
    try:
        return os.waitpid(pid, 0)[1]
    except ChildProcessError:  # reaped already
        return None
