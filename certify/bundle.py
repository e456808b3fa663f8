"""certify's modules (and typer's) loaded from one file of their compiled code (issue 9).

A ``certify FILE`` run imports some 95 of certify's modules and 24 of typer's.  For each,
Python's import system looks through the package folder, builds the path of its cached
bytecode, checks the source's time and size, opens and reads the ``.pyc`` and only then
decodes the code: some 40-60 µs a module in Python code of the import system, 3-6 ms of a
110-130 ms run.  The finder here
(``install``) keeps the code of those modules a run imported in one ``marshal`` file per
version of certify and of Python (``modules-*.bin`` beside ``certify.compiled``'s caches),
read once on the first import of a module of certify's, and gives Python a spec whose loader
returns that code.

A module's code is taken only when its source file still has the modification time (to the
nanosecond) and size recorded with it, which is what Python itself checks before it runs a
``.pyc``; otherwise, and for any module the file lacks, the usual finders load it, and the
file is written again at exit with what they loaded.  The loader is a
``importlib.machinery.SourceFileLoader`` of the same path, so tracebacks, ``inspect``,
``__file__`` and package resources behave as before; only where the code comes from changes.
The file is read and written as ``certify.compiled`` reads and writes its own (owned by the
user, nobody else may write it, written atomically; not written under
``PYTHONDONTWRITEBYTECODE``), and any failure to read or decode it means importing as usual.
"""

from __future__ import annotations

import marshal
import os
import sys

try:  # importlib.machinery's own classes, without importing ``importlib`` (and ``warnings``)
    from _frozen_importlib import ModuleSpec
    from _frozen_importlib_external import SourceFileLoader
except ImportError:  # pragma: no cover - a Python without CPython's frozen import system
    from importlib.machinery import ModuleSpec, SourceFileLoader

from certify.compiled import cache_file, read_cache, write_cache

TYPE_CHECKING = False  # typing itself is not imported: ``certify --version`` needs none of it
if TYPE_CHECKING:
    from types import CodeType, ModuleType
    from typing import Any

    Entry = tuple[str, int, int, bool, bytes]
    """A module's source path, its modification time (ns) and size, whether it is a package,
    and its code as ``marshal`` bytes."""

PREFIXES = ("certify.", "typer.")
"""Whose submodules the finder gives: certify's, and typer's (the command line imports 24)."""
KIND = "modules"
"""The cache's kind: its files are ``modules-<folder>-<certify>-<tag>-<python>.bin``, where
``<folder>`` is the hash of the installed package's folder (two copies of one version of
certify, in two environments, keep two files)."""

try:
    from _imp import _fix_co_filename  # type: ignore[attr-defined]  # CPython, undocumented
except ImportError:  # pragma: no cover - CPython has it; another Python keeps the recorded name

    def _fix_co_filename(code: CodeType, path: str) -> None:
        return None


class Bundled(SourceFileLoader):
    """A source loader whose code comes from the bundle (the rest is ``SourceFileLoader``'s)."""

    def __init__(self, fullname: str, path: str, code: bytes) -> None:
        super().__init__(fullname, path)
        self.code = code

    def get_code(self, fullname: str) -> CodeType:
        """The recorded code, named after the path as a ``.pyc``'s is (``_fix_co_filename``)."""
        if fullname != self.name:  # another module asked through this loader: the usual way
            return super().get_code(fullname)  # type: ignore[return-value]
        code = marshal.loads(self.code)
        _fix_co_filename(code, self.path)
        return code  # type: ignore[no-any-return]


class Finder:
    """Specs from the bundle for the modules under ``prefixes`` (package names, each with a
    dot: submodules only, whose folder is their package's, never a top-level module, which
    any folder on ``sys.path`` before its own could hide)."""

    def __init__(self, prefixes: tuple[str, ...], path: str | None) -> None:
        self.prefix = prefixes
        self.path = path
        self.entries: dict[str, Entry] | None = None
        self.earlier = {name for name in sys.modules if name.startswith(prefixes)}
        """The modules imported before this finder was made (this one's, for one): no
        finder of this process could have loaded them, so they never call for a new file."""

    def find_spec(self, name: str, path: Any = None, target: ModuleType | None = None) -> Any:
        """A spec with a ``Bundled`` loader, or None: not ours, not kept, or changed since."""
        if not name.startswith(self.prefix):
            return None
        if self.entries is None:
            self.entries = _valid(read_cache(self.path))
        entry = self.entries.get(name)
        first = next(iter(path), None) if path is not None else None
        if entry is None or first is None:
            return None
        source, mtime, size, package, code = entry
        if source != _where(name, first, package):
            return None  # another install's module, or one the usual finders would not take
        try:
            status = os.stat(source)
        except OSError:
            return None
        if status.st_mtime_ns != mtime or status.st_size != size:
            return None
        spec = ModuleSpec(name, Bundled(name, source, code), origin=source, is_package=package)
        spec.has_location = True
        if package:
            spec.submodule_search_locations = [os.path.dirname(source)]
        return spec

    def save(self) -> None:
        """Write the file again when a module under the prefixes was loaded the usual way from
        its source (a module the file lacked, or whose source changed); never raises."""
        loaded = usual_modules(self.prefix)
        for name in self.earlier:
            loaded.pop(name, None)
        if not loaded:
            return
        found: dict[str, Entry] = {}
        for name, loader in loaded.items():
            entry = record(name, loader)
            if entry is not None:
                found[name] = entry
        if found:
            write_cache(self.path, found)


def usual_modules(prefix: tuple[str, ...]) -> dict[str, SourceFileLoader]:
    """The modules under ``prefix`` that Python's own source loader loaded in this process."""
    found = {}
    for name, module in list(sys.modules.items()):
        spec = getattr(module, "__spec__", None) if name.startswith(prefix) else None
        loader = getattr(spec, "loader", None)
        if type(loader) is SourceFileLoader:
            found[name] = loader
    return found


def record(name: str, loader: SourceFileLoader) -> Entry | None:
    """The entry of a module: its source's time and size, and the code Python has for it
    (its ``.pyc``, or the source compiled); None when the source changes meanwhile or the code
    cannot be had."""
    path = loader.path
    try:
        before = os.stat(path)
        code = loader.get_code(name)
        after = os.stat(path)
    except (OSError, ImportError, SyntaxError, ValueError):
        return None
    if code is None or (before.st_mtime_ns, before.st_size) != (after.st_mtime_ns, after.st_size):
        return None
    package = os.path.basename(path) == "__init__.py"
    return (path, before.st_mtime_ns, before.st_size, package, marshal.dumps(code))


def _where(name: str, folder: str, package: bool) -> str:
    """Where the usual finders look first for module ``name`` in its parent's ``folder``."""
    tail = name.rpartition(".")[2]
    if package:
        return os.path.join(folder, tail, "__init__.py")
    return os.path.join(folder, tail + ".py")


def fnv(text: str) -> int:
    """The 32-bit FNV-1a hash of ``text`` (``hash`` differs between processes; ``zlib`` and
    ``hashlib`` are extension modules, which take longer to load than this takes to run)."""
    value = 0x811C9DC5
    for byte in text.encode("utf-8", "surrogateescape"):
        value = ((value ^ byte) * 0x01000193) & 0xFFFFFFFF
    return value


def _valid(found: dict[Any, Any]) -> dict[str, Entry]:
    """The well-formed entries of a file's dictionary (a damaged one is left out)."""
    kept = {}
    for name, entry in found.items():
        if (
            isinstance(name, str)
            and isinstance(entry, tuple)
            and len(entry) == 5
            and isinstance(entry[0], str)
            and isinstance(entry[1], int)
            and isinstance(entry[2], int)
            and isinstance(entry[3], bool)
            and isinstance(entry[4], bytes)
        ):
            kept[name] = entry
    return kept


_installed: list[Finder] = []


def install() -> None:
    """Put the finder of certify's modules first on ``sys.meta_path`` (once per process) and,
    unless Python is told not to write bytecode, save the file at exit."""
    if _installed:
        return
    folder = os.path.dirname(os.path.abspath(__file__))  # one file per installed copy
    finder = Finder(PREFIXES, cache_file(f"{KIND}-{fnv(folder):08x}"))
    _installed.append(finder)
    if finder.path is None:
        return
    sys.meta_path.insert(0, finder)
    if not sys.dont_write_bytecode:
        import atexit

        atexit.register(finder.save)
