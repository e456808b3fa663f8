"""Pickle's C pickler and unpickler, without importing the ``pickle`` module.

``pickle`` itself is a large Python module (with ``struct`` and ``_compat_pickle``: 1.5-2.5 ms
of a ``certify FILE`` start) around the C accelerator ``_pickle``, whose ``Pickler`` and
``loads`` are the very objects ``pickle.Pickler`` and ``pickle.loads`` are.  certify loads its
saved parser (``syntax.saved_parser``) and a worker's result (``cli.parallel``) with these;
a Python without the accelerator gets ``pickle``'s.
"""

from __future__ import annotations

try:
    from _pickle import Pickler, loads
except ImportError:  # pragma: no cover  (an implementation without the C accelerator)
    from pickle import Pickler, loads

HIGHEST = -1
"""A negative protocol is ``pickle.HIGHEST_PROTOCOL`` (``pickle.Pickler``'s documentation)."""

__all__ = ["HIGHEST", "Pickler", "loads"]
