"""SHA-256 from Python's own implementation, without loading OpenSSL.

Importing ``hashlib`` loads OpenSSL's libcrypto: 3.7 MiB of a small run's peak memory and about
2 ms of its start, for the few SHA-256 digests a run takes (the text's, and the keys of the
caches of the lexicon's tables and of the saved parser).  Python's own SHA-256 (the ``_sha2``
module from Python 3.12, ``_sha256`` before: what ``hashlib`` itself falls back to without
OpenSSL) gives the same digests (``tests/test_digests.py``); a Python built without it uses
``hashlib``'s.
"""

from __future__ import annotations

import importlib
from typing import Any


def _builtin_sha256() -> Any:
    """The constructor of Python's own SHA-256, or ``hashlib``'s when there is none."""
    for name in ("_sha2", "_sha256"):
        try:
            module = importlib.import_module(name)
        except ImportError:
            continue
        constructor = getattr(module, "sha256", None)
        if constructor is not None:
            return constructor
    import hashlib  # pragma: no cover - a Python without its own SHA-256

    return hashlib.sha256  # pragma: no cover


sha256: Any = _builtin_sha256()
"""``hashlib.sha256``'s equal: ``sha256(data).hexdigest()``, ``update``, ``digest``."""
