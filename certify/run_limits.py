"""One deadline and one memory ceiling per run (issue 16, "limits that hold").

(``limits.py`` holds the limits of what certify *reads*; this module the limits of a run.)

A run is one file of the command line, or one call of ``certify.check``: ``run(seconds)``
starts its ``Deadline`` and every stage that can take long reads it with ``current()`` — the
numeric closures, Fourier-Motzkin and branch and bound (through ``Effort``), the SAT encoding
and every SAT call (in slices of conflicts), witness searches, conflict and support
shrinking.  A stage that runs out either stops gracefully (a domain becomes inexact, a search
reports what it found) or raises ``LimitReached``, which the readout turns into an
``unresolved`` answer naming the limit and the stage.  Nothing a stopped stage leaves behind is
ever read as ``forced`` or ``contradictory``: only finished, exact computations certify those.

The deadline lives in a context variable rather than in every signature: the domains are
built in many places (dispatch, certificates, the SAT theory) and all of them must see the
same end time.  ``memory_ceiling`` caps the address space of the process (``RLIMIT_AS``), so a
runaway encoding raises ``MemoryError`` — caught like a stopped stage — instead of swapping.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

DEFAULT_TIMEOUT = 10.0
"""Seconds of wall-clock time per file unless ``--timeout`` says otherwise."""

DEFAULT_MEMORY = 4096
"""Megabytes of address space the command-line process may use unless ``--memory`` says."""

MIN_MEMORY = 512
"""The smallest ceiling accepted: numpy, scipy and OpenBLAS map about 300 MB when loaded."""


class LimitReached(Exception):
    """A limit ran out during ``stage``: ``limit`` is ``timeout``, ``budget`` or ``memory``."""

    def __init__(self, limit: str, stage: str, detail: str = "") -> None:
        self.limit = limit
        self.stage = stage
        self.detail = detail
        super().__init__(self.reason)

    @property
    def reason(self) -> str:
        """The limit and the stage in words."""
        what = self.detail or {
            "timeout": "the timeout ran out",
            "memory": "the memory ceiling was reached",
        }.get(self.limit, "the budget ran out")
        return f"{what} during {self.stage}"


class Deadline:
    """The wall-clock end of one run (``seconds`` None: no end)."""

    __slots__ = ("end", "seconds")

    def __init__(self, seconds: float | None) -> None:
        self.seconds = seconds
        self.end = None if seconds is None else time.monotonic() + seconds

    def expired(self) -> bool:
        """Whether the run is out of time."""
        return self.end is not None and time.monotonic() > self.end

    def remaining(self) -> float | None:
        """Seconds left (never negative), None without a deadline."""
        return None if self.end is None else max(0.0, self.end - time.monotonic())

    def describe(self) -> str:
        """``the 2 s timeout ran out``."""
        shown = f"{self.seconds:g}" if self.seconds is not None else "?"
        return f"the {shown} s timeout ran out"

    def check(self, stage: str) -> None:
        """Raise ``LimitReached`` when the run is out of time."""
        if self.expired():
            raise LimitReached("timeout", stage, self.describe())


_CURRENT: ContextVar[Deadline | None] = ContextVar("certify_deadline", default=None)
_NONE = Deadline(None)


def current() -> Deadline:
    """The deadline of the run in progress (one without an end outside any run)."""
    return _CURRENT.get() or _NONE


@contextmanager
def run(seconds: float | None) -> Iterator[Deadline]:
    """Give the code inside a deadline ``seconds`` from now (None: none).

    Inside a run already under way the outer deadline stays: the command line starts the
    clock before reading a file, and the ``certify.check`` it calls keeps that clock.
    """
    outer = _CURRENT.get()
    if outer is not None:
        yield outer
        return
    deadline = Deadline(seconds)
    token = _CURRENT.set(deadline)
    try:
        yield deadline
    finally:
        _CURRENT.reset(token)


@contextmanager
def memory_ceiling(megabytes: int | None) -> Iterator[bool]:
    """Cap this process's address space while the block runs (whether it could: False where
    the platform cannot, or None given); the old soft limit comes back afterwards, so what the
    process starts later (a browser in a test, a worker) is not held to it."""
    try:
        import resource
    except ImportError:  # not on this platform
        yield False
        return
    if megabytes is None:
        yield False
        return
    wanted = megabytes * 1024 * 1024
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    if hard != resource.RLIM_INFINITY:
        wanted = min(wanted, hard)
    try:
        resource.setrlimit(resource.RLIMIT_AS, (wanted, hard))
    except (ValueError, OSError):
        yield False
        return
    try:
        yield True
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


@contextmanager
def sat_interrupts() -> Iterator[None]:
    """Ctrl-C during a SAT call, as the ``KeyboardInterrupt`` it is.

    python-sat catches SIGINT while its solver runs in the main thread, and raises its own
    ``pysolvers.error("Caught keyboard interrupt")``: an ordinary exception, which a batch
    would report as a failure of certify on that file (exit 70) and go on, instead of
    stopping as Ctrl-C does everywhere else (exit 130).
    """
    try:
        yield
    except Exception as error:
        if interrupted(error):
            raise KeyboardInterrupt from None
        raise


def interrupted(error: BaseException) -> bool:
    """Whether ``error`` is python-sat's report of a SIGINT during a solver call."""
    kind = type(error)
    return kind.__module__ == "pysolvers" and str(error) == "Caught keyboard interrupt"
