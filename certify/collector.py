"""The cyclic garbage collector while certify makes what lives as long as the process.

The command imports its readout, the solver and the parser only once the command line is read
(``cli.app._options``), and loads the parser at the first sentence (``grammar.lalr``): tens of
thousands of objects (classes, functions, the parser's 671 states) that live until the process
ends.  With the collector on, making them triggered young collections that scanned them for
nothing: 4 of them, 8-12 ms, in a ``certify samples/ana.txt`` of about 180 ms.  ``long_lived``
makes them with the collector off; in the command, whose imports ``__main__.collect_less``
froze (``gc.freeze``: no collection scans them again), it freezes these too.  The API
(``certify.check``) never freezes its host's heap: there ``long_lived`` only pauses the
collector and puts it back as it was.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

_command = {"freezes": False}


def freeze_what_lives_on() -> None:
    """Called by the command (``__main__.collect_less``): ``long_lived`` freezes what it made."""
    _command["freezes"] = True


@contextmanager
def long_lived() -> Iterator[None]:
    """Make objects that live until the process ends without collecting while they are made;
    in the command, freeze them once made."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            if _command["freezes"]:
                gc.freeze()
            gc.enable()
