"""The file of ``certify.bundle``: modules' compiled code, and the patterns each compiles.

The file is an index (``marshal``: each module's source path, time, size, whether it is a
package, and where its code is) after its length in 8 bytes, then the code of each module
(``marshal``); under the key ``PATTERNS``, the index also says where the patterns a module
compiles at import are (``certify.module_patterns``).  The index is read whole when the file is
opened; a module's code and patterns are read with ``os.pread`` when the module is loaded, on
the file kept open.  Only a file the user owns and nobody else may write is read
(``certify.compiled.owned``); a damaged entry is left out, a damaged index means no file.
"""

from __future__ import annotations

import marshal
import os

from certify.compiled import owned

TYPE_CHECKING = False  # typing itself is not imported: ``certify --version`` needs none of it
if TYPE_CHECKING:
    Entry = tuple[str, int, int, bool, int, int]
    """A module's source path, its modification time (ns) and size, whether it is a package,
    and where its code is in the file (offset after the index, length)."""
    Found = tuple[str, int, int, bool, bytes, bytes | None]
    """A module's entry to write: the same, with its code as ``marshal`` bytes, and its
    patterns (``module_patterns.programs``) or None."""

HEAD = 8
"""The file starts with the length of its index, in this many bytes (little-endian)."""
PATTERNS = ""
"""The index's key of the modules' patterns: name -> (offset, length); no module has this
name."""


class Store:
    """The file, kept open: its index, and each module's code read when asked."""

    def __init__(self, descriptor: int, index: dict[str, Entry], base: int) -> None:
        self.descriptor = descriptor
        self.index = index
        self.base = base
        self.patterns: dict[str, tuple[int, int]] = {}

    def read(self, offset: int, length: int) -> bytes | None:
        """The bytes of one module's code, or None (a short read, an error)."""
        try:
            data = os.pread(self.descriptor, length, self.base + offset)
        except OSError:
            return None
        return data if len(data) == length else None

    def close(self) -> None:
        try:
            os.close(self.descriptor)
        except OSError:
            return


def open_store(path: str | None) -> Store | None:
    """The file at ``path`` with its index read, or None: missing, another user's or writable
    by others (it holds code), damaged."""
    if path is None or not hasattr(os, "pread"):
        return None
    try:
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        return None
    store = Store(descriptor, {}, 0)
    try:
        status = os.fstat(descriptor)
        if not owned(status):
            raise ValueError("not the user's own")
        length = int.from_bytes(os.pread(descriptor, HEAD, 0), "little")
        if status.st_size < HEAD or length > status.st_size - HEAD:
            raise ValueError("not an index")
        found = marshal.loads(os.pread(descriptor, length, HEAD))
        store.base = HEAD + length
        store.index = _valid(found, status.st_size - store.base)
        store.patterns = _valid_places(found.get(PATTERNS), status.st_size - store.base)
    except (OSError, EOFError, ValueError, TypeError):
        store.close()
        return None
    return store


def file_bytes(found: dict[str, Found]) -> bytes:
    """The bytes of a file holding ``found``: the index's length, the index, the code and the
    patterns."""
    index: dict[str, object] = {}
    places: dict[str, tuple[int, int]] = {}
    parts, offset = [], 0
    for name, (source, mtime, size, package, code, patterns) in found.items():
        index[name] = (source, mtime, size, package, offset, len(code))
        parts.append(code)
        offset += len(code)
        if patterns:
            places[name] = (offset, len(patterns))
            parts.append(patterns)
            offset += len(patterns)
    if places:
        index[PATTERNS] = places
    head = marshal.dumps(index)
    return b"".join((len(head).to_bytes(HEAD, "little"), head, *parts))


def fnv(text: str) -> int:
    """The 32-bit FNV-1a hash of ``text`` (``hash`` differs between processes; ``zlib`` and
    ``hashlib`` are extension modules, which take longer to load than this takes to run)."""
    value = 0x811C9DC5
    for byte in text.encode("utf-8", "surrogateescape"):
        value = ((value ^ byte) * 0x01000193) & 0xFFFFFFFF
    return value


def _valid(found: object, room: int) -> dict[str, Entry]:
    """The well-formed entries of a file's index, whose code lies within the ``room`` bytes
    after it (a damaged one is left out); raises ``ValueError`` for an index that is not a
    dictionary."""
    if not isinstance(found, dict):
        raise ValueError("not an index")
    kept = {}
    for name, entry in found.items():
        if (
            isinstance(name, str)
            and name != PATTERNS
            and isinstance(entry, tuple)
            and len(entry) == 6
            and isinstance(entry[0], str)
            and all(type(number) is int for number in (entry[1], entry[2], entry[4], entry[5]))
            and isinstance(entry[3], bool)
            and entry[4] >= 0
            and entry[5] > 0
            and entry[4] + entry[5] <= room
        ):
            kept[name] = entry
    return kept


def _valid_places(found: object, room: int) -> dict[str, tuple[int, int]]:
    """The well-formed places of patterns (``PATTERNS``), within the ``room`` bytes."""
    if not isinstance(found, dict):
        return {}
    return {
        name: place
        for name, place in found.items()
        if isinstance(name, str)
        and isinstance(place, tuple)
        and len(place) == 2
        and all(type(number) is int for number in place)
        and place[0] >= 0
        and place[1] > 0
        and place[0] + place[1] <= room
    }
