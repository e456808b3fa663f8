"""``python -m certify`` and the ``certify`` command.

``main`` imports the command line only when called, inside a handler for Ctrl-C: importing
typer and rich takes a noticeable moment, and an interrupt during it should print one line and
exit 130 like any other, not a traceback of the import machinery.
"""

from __future__ import annotations

import sys


def main() -> None:
    """Run the command line; Ctrl-C at any moment after start-up exits 130 with one line."""
    try:
        from certify.cli.app import main as run
    except KeyboardInterrupt:
        sys.stderr.write("certify: interrupted\n")
        sys.exit(130)
    run()


if __name__ == "__main__":
    main()
