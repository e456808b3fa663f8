"""The data files' TOML tables, decoded once per machine instead of at every start.

``tomllib`` decodes in Python: importing it and decoding ``grammar/lexicon.toml`` cost some
10 ms of every run, and the lexicon is needed by every run.  ``read_toml`` reads the file's
bytes and looks its table up by their SHA-256 digest in a per-user cache (``certify.compiled``'s
folder and checks, a third kind: one ``marshal`` file of tables); a file whose bytes changed
has another digest, so an edit to the lexicon is always read.  A table ``marshal`` cannot hold,
a missing or foreign cache, or Python told not to write bytecode all mean decoding as before.
"""

from __future__ import annotations

import marshal
import sys
from pathlib import Path
from typing import Any

from certify.compiled import cache_file, read_cache, write_cache
from certify.digests import sha256

KIND = "toml-tables"
LIMIT = 16
"""At most this many tables in the cache (three data files; the rest are older versions)."""


def read_toml(path: Path) -> dict[str, Any]:
    """The table of the TOML file at ``path``."""
    data = path.read_bytes()
    digest = sha256(data).hexdigest()
    where = cache_file(KIND)
    kept = read_cache(where).get(digest)
    if isinstance(kept, dict):
        return kept
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover - Python 3.10
        import tomli as tomllib
    table: dict[str, Any] = tomllib.loads(data.decode("utf-8"))
    if not sys.dont_write_bytecode:
        try:
            marshal.dumps(table)
        except ValueError:  # a date or a time in it: decode it every time
            return table
        write_cache(where, {digest: table}, LIMIT)
    return table
