"""``python -m certify`` and the ``certify`` command.

``main`` imports the command line only when called, inside a handler for Ctrl-C: importing
typer and rich takes a noticeable moment, and an interrupt during it should print one line and
exit 130 like any other, not a traceback of the import machinery.  ``certify --version`` alone
is answered before that, since typer's import is most of its cost.

The command also sets the cyclic garbage collector for a short process (``collect_less``); the
API (``certify.check``) leaves its host's collector alone.
"""

from __future__ import annotations

import gc
import sys

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
    try:
        from certify.cli.app import main as run
    except KeyboardInterrupt:
        sys.stderr.write("certify: interrupted\n")
        sys.exit(130)
    collect_less()
    run()


if __name__ == "__main__":
    main()
