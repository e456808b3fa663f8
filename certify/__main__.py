"""``python -m certify`` and the ``certify`` command.

``main`` imports the command line only when called, inside a handler for Ctrl-C: importing
typer and rich takes a noticeable moment, and an interrupt during it should print one line and
exit 130 like any other, not a traceback of the import machinery.  ``certify --version`` alone
is answered before that, since typer's import is most of its cost.
"""

from __future__ import annotations

import sys


def main() -> None:
    """Run the command line; Ctrl-C at any moment after start-up exits 130 with one line."""
    if sys.argv[1:] == ["--version"]:  # the same line as the option's, without typer's start
        from certify import __version__

        sys.stdout.write(f"certify {__version__}\n")
        return
    try:
        from certify.cli.app import main as run
    except KeyboardInterrupt:
        sys.stderr.write("certify: interrupted\n")
        sys.exit(130)
    run()


if __name__ == "__main__":
    main()
