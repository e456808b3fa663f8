"""``python -m certify`` and the ``certify`` command.

``main`` imports the command line only when called, inside a handler for Ctrl-C: importing
typer and rich takes a noticeable moment, and an interrupt during it should print one line and
exit 130 like any other, not a traceback of the import machinery.  ``certify --version`` alone
is answered before that, since typer's import is most of its cost.

The command also sets the cyclic garbage collector for a short process (``collect_less``), and
ends without the interpreter's teardown (``command``, ``exit_now``); the API
(``certify.check``) leaves its host's collector and exit alone.
"""

from __future__ import annotations

import atexit
import gc
import os
import sys

TYPE_CHECKING = False  # typing itself is not imported: ``certify --version`` needs none of it
if TYPE_CHECKING:
    from typing import NoReturn

YOUNG = 10_000
"""Allocations between two collections of the youngest generation (Python's default is 700)."""
MIDDLE = 100
"""Young collections between two of the middle generation (Python's default is 10)."""


def collect_less() -> None:
    """After the imports: set what they made aside, and collect young objects less often.

    The modules, classes, functions and the parser live until the process ends, yet every
    full collection scanned them again: 131 collections took 46-69 ms of CPU in a
    ``certify samples/ana.txt`` of about 400 ms, 210 ms in a 2,000-variable difference chain.
    ``gc.freeze`` moves everything alive now to a generation no collection scans, and a
    threshold of ``YOUNG`` makes 5 collections of that run instead of 131 (8-10 ms); peak memory
    is unchanged, since the garbage of a run is mostly freed by reference counting anyway.
    The middle generation is collected every ``MIDDLE`` young collections instead of 10: it
    holds what a text built and still uses (its statements, constraints, clauses), and a
    collection of it scanned all of them for nothing (20 ms of a 2,000-variable sparse
    difference text; cycles that die young are still collected young).  The
    batch's forked workers inherit both (and ``gc.freeze`` before a fork also keeps the
    collector from writing to the parent's pages).
    """
    from certify.collector import freeze_what_lives_on

    freeze_what_lives_on()  # and what is imported later, and the parser (``certify.collector``)
    gc.freeze()
    gc.set_threshold(YOUNG, MIDDLE, 10)
    gc.enable()


def main() -> None:
    """Run the command line; Ctrl-C at any moment after start-up exits 130 with one line."""
    if sys.argv[1:] == ["--version"]:  # the same line as the option's, without typer's start
        from certify import __version__

        sys.stdout.write(f"certify {__version__}\n")
        return
    gc.disable()  # the imports make objects that live as long as the process: nothing to collect
    from certify.bundle import include_top_level

    include_top_level()  # the standard library's modules too, from the file (certify/bundle.py)
    try:
        from certify.cli.app import main as run
    except KeyboardInterrupt:
        sys.stderr.write("certify: interrupted\n")
        sys.exit(130)
    collect_less()
    run()


def command() -> None:
    """The console script and ``python -m certify``: ``main``, then ``exit_now`` with its exit
    status.  An exception other than ``SystemExit`` (a bug) goes up as it would from ``main``."""
    try:
        main()
    except SystemExit as stop:
        exit_now(stop.code)
    exit_now(0)


def exit_now(code: object) -> NoReturn:
    """Exit with ``code`` as ``sys.exit(code)`` would, without tearing the interpreter down.

    Python frees every module, class and object before a process ends: 20-45 ms of a
    ``certify samples/ana.txt`` of 160-270 ms, for memory the kernel takes back at once anyway
    (mypy ends the same way).  What an exit must do is done first, in the interpreter's order:
    the ``atexit`` functions (the caches of ``certify.compiled`` and ``regexes``, logging's,
    multiprocessing's, a ``weakref.finalize``'s), then stdout and stderr flushed, then
    ``os._exit``.  Where that would not be the same exit, the interpreter's own is taken: a
    status that is not a number (``sys.exit`` prints it), another thread still running (the
    interpreter would wait for it), or a stream that cannot be flushed (a closed pipe, whose
    error Python reports as before): then it raises ``SystemExit(code)``.
    """
    if code is None:
        code = 0
    if not isinstance(code, int) or _other_threads():
        raise SystemExit(code)
    atexit._run_exitfuncs()
    try:
        for stream in (sys.stdout, sys.stderr):
            if stream is not None:
                stream.flush()
    except (OSError, ValueError):
        raise SystemExit(code) from None
    os._exit(code & 0xFF)


def _other_threads() -> bool:
    """Whether a thread other than this one is alive and not a daemon."""
    threading = sys.modules.get("threading")
    if threading is None:
        return False
    current = threading.current_thread()
    return any(t is not current and not t.daemon and t.is_alive() for t in threading.enumerate())


if __name__ == "__main__":
    command()
