"""certify's modules (and typer's) loaded from one file of their compiled code (issue 9).

A ``certify FILE`` run imports some 95 of certify's modules and 24 of typer's.  For each,
Python's import system looks through the package folder, builds the path of its cached
bytecode, checks the source's time and size, opens and reads the ``.pyc`` and only then
decodes the code: some 40-60 µs a module in Python code of the import system, 3-6 ms of a
110-130 ms run.  The finder here (``install``) keeps the code of those modules a run imported
in one file per version of certify and of Python (``modules-*.bin`` beside
``certify.compiled``'s caches), and gives Python a spec whose loader returns that code
(``certify.bundle_file``: the index is read on the first import of a module of the prefixes,
a module's code when the module is loaded, so a run holds no more of the file than the index;
reading the file whole kept 1.3-3 MB more of a small text's peak memory).  The command
(``certify.__main__``) also keeps the top-level modules it imports from the standard library
and from certify's folder (typer, ``inspect``, ``pathlib``... some 45), on the conditions of
``certify.search_path``.  Beside each module's code, the file keeps the regular expressions
the module compiles when it runs, given to ``re``'s cache before it runs again
(``certify.module_patterns``: 25 patterns, 3-5 ms of a start).

A module's code is taken only when its source file still has the modification time (to the
nanosecond) and size recorded with it, which is what Python itself checks before it runs a
``.pyc``; otherwise, and for any module the file lacks, the usual finders load it, and the
file is written again at exit with what they loaded.  The loader is a
``importlib.machinery.SourceFileLoader`` of the same path, so tracebacks, ``inspect``,
``__file__`` and package resources behave as before; only where the code comes from changes.
The file is read and written as ``certify.compiled`` reads and writes its own (owned by the
user, nobody else may write it, written atomically; not written under
``PYTHONDONTWRITEBYTECODE``), and any failure to read or decode it, or a module's code in it,
means importing as usual.
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

from certify import module_patterns, search_path
from certify.bundle_file import Store, file_bytes, fnv, open_store
from certify.compiled import LIMIT, cache_file, write_bytes

TYPE_CHECKING = False  # typing itself is not imported: ``certify --version`` needs none of it
if TYPE_CHECKING:
    from types import CodeType, ModuleType
    from typing import Any

    from certify.bundle_file import Found

_CODE = type((lambda: None).__code__)  # types.CodeType, without importing ``types``


PATTERNS_LIMIT = 64
"""At most this many patterns are kept for a module (one that compiles patterns made from
what changes between runs stops being written again)."""
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

    def __init__(self, fullname: str, path: str, store: Store, where: tuple[int, int]) -> None:
        super().__init__(fullname, path)
        self.store = store
        self.where = where

    def exec_module(self, module: ModuleType) -> None:
        """Run the module, with the patterns it compiles at import given to ``re`` first, and
        those it compiles noted (``certify.module_patterns``)."""
        place = self.store.patterns.get(self.name)
        data = self.store.read(*place) if place is not None else None
        if data is not None:
            module_patterns.seed(data)
        with module_patterns.watching(self.name):
            super().exec_module(module)

    def get_code(self, fullname: str) -> CodeType:
        """The recorded code, named after the path as a ``.pyc``'s is (``_fix_co_filename``);
        the usual way when it cannot be read or decoded (or for another module's name)."""
        data = self.store.read(*self.where) if fullname == self.name else None
        try:
            code: object = marshal.loads(data) if data is not None else None
        except (EOFError, ValueError, TypeError):
            code = None
        if not isinstance(code, _CODE):
            return super().get_code(fullname)  # type: ignore[return-value]
        _fix_co_filename(code, self.path)
        return code


class Finder:
    """Specs from the bundle for the modules under ``prefixes`` (package names, each with a
    dot: submodules, whose folder is their package's), and for top-level modules only once
    ``include_top_level`` was called (``certify.search_path`` says when one is taken)."""

    def __init__(self, prefixes: tuple[str, ...], path: str | None) -> None:
        self.prefix = prefixes
        self.path = path
        self.store: Store | None = None
        self.opened = False
        self.earlier = {name for name in sys.modules if name.startswith(prefixes)}
        """The modules imported before this finder was made (this one's, for one): no
        finder of this process could have loaded them, so they never call for a new file."""
        self.top: tuple[str, ...] = ()
        """The folders whose top-level modules are kept too (``include_top_level``)."""

    def find_spec(self, name: str, path: Any = None, target: ModuleType | None = None) -> Any:
        """A spec with a ``Bundled`` loader, or None: not ours, not kept, or changed since."""
        top = path is None and self.top and "." not in name
        if not top and not name.startswith(self.prefix):
            return None
        if not self.opened:
            self.opened = True
            self.store = open_store(self.path)
        store = self.store
        entry = store.index.get(name) if store is not None else None
        if store is None or entry is None:
            return None
        source, mtime, size, package, offset, length = entry
        if top:
            if search_path.claimed_before(name, self) or not search_path.found_at(name, source):
                return None  # another finder has it, or another folder of sys.path
        elif path is None or source != _where(name, next(iter(path), ""), package):
            return None  # another install's module, or one the usual finders would not take
        try:
            status = os.stat(source)
        except OSError:
            return None
        if status.st_mtime_ns != mtime or status.st_size != size:
            return None
        loader = Bundled(name, source, store, (offset, length))
        spec = ModuleSpec(name, loader, origin=source, is_package=package)
        spec.has_location = True
        if package:
            spec.submodule_search_locations = [os.path.dirname(source)]
        return spec

    def save(self) -> None:
        """Write the file again when a module under the prefixes (or a top-level module, see
        ``include_top_level``) was loaded the usual way from its source (a module the file
        lacked, or whose source changed); never raises."""
        loaded = usual_modules(self.prefix)
        for name in self.earlier:
            loaded.pop(name, None)
        self._top_level(loaded)
        patterns = self._patterns()
        if not loaded and not patterns:
            return
        found: dict[str, Found] = {}
        for name, loader in loaded.items():
            entry = record(name, loader)
            if entry is not None:
                found[name] = entry
        if (found or patterns) and self.path is not None:
            try:
                write_bytes(self.path, file_bytes(self._kept(len(found), patterns) | found))
            except Exception:  # a read-only home, a full disk: the next run imports as usual
                return

    def _patterns(self) -> dict[str, list[tuple[Any, int]]]:
        """The patterns that modules loaded from this file compiled in this process without
        being given them (``module_patterns.noted``), as long as the file keeps fewer than
        ``PATTERNS_LIMIT`` for the module."""
        new = {}
        for name, patterns in module_patterns.noted.items():
            module = sys.modules.get(name)
            loader = getattr(getattr(module, "__spec__", None), "loader", None)
            if not isinstance(loader, Bundled) or loader.store is not self.store:
                continue
            held = _listed(_held(loader.store, name))
            if len(held) < PATTERNS_LIMIT and [p for p in patterns if p not in held]:
                new[name] = patterns  # (patterns held already: re's cache could not be seeded)
        return new

    def _top_level(self, loaded: dict[str, SourceFileLoader]) -> None:
        """Add to ``loaded`` the top-level modules loaded the usual way that the file may keep
        (``search_path.recordable``), once ``include_top_level`` was called."""
        if not self.top or not search_path.plain_meta_path(self):
            return
        for name, loader in usual_modules(("",)).items():
            top = "." not in name and name not in self.earlier
            if top and search_path.recordable(name, loader.path, self.top):
                loaded[name] = loader

    def _kept(self, new: int, patterns: dict[str, list[tuple[Any, int]]]) -> dict[str, Found]:
        """What the file held (read again at once: another process may have written it),
        none of it past ``LIMIT`` entries (a development tree whose sources keep changing),
        with the ``patterns`` noted in this process added to their modules'."""
        if self.store is not None:
            self.store.close()
        store = self.store = open_store(self.path)
        kept: dict[str, Found] = {}
        if store is None or len(store.index) + new > LIMIT:
            return kept
        for name, (source, mtime, size, package, offset, length) in store.index.items():
            data = store.read(offset, length)
            if data is None:
                continue
            programs = _held(store, name)
            if name in patterns:
                held = _listed(programs)
                both = [*held, *(p for p in patterns[name] if p not in held)]
                programs = module_patterns.programs(both[:PATTERNS_LIMIT])
            kept[name] = (source, mtime, size, package, data, programs)
        return kept

    def close(self) -> None:
        """Close the file (a finder whose modules are all loaded, a test's)."""
        if self.store is not None:
            self.store.close()
        self.store, self.opened = None, True


def usual_modules(prefix: tuple[str, ...]) -> dict[str, SourceFileLoader]:
    """The modules under ``prefix`` that Python's own source loader loaded in this process."""
    found = {}
    for name, module in list(sys.modules.items()):
        spec = getattr(module, "__spec__", None) if name.startswith(prefix) else None
        loader = getattr(spec, "loader", None)
        if type(loader) is SourceFileLoader:
            found[name] = loader
    return found


def record(name: str, loader: SourceFileLoader) -> Found | None:
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
    return (path, before.st_mtime_ns, before.st_size, package, marshal.dumps(code), None)


def _held(store: Store, name: str) -> bytes | None:
    """The bytes of the patterns the file keeps for module ``name``, if any."""
    place = store.patterns.get(name)
    return store.read(*place) if place is not None else None


def _listed(data: bytes | None) -> list[tuple[Any, int]]:
    """The patterns (and flags) of ``_held``'s bytes."""
    try:
        return [(pattern, flags) for pattern, flags, _ in marshal.loads(data)] if data else []
    except Exception:  # damaged: compiled again, and noted again
        return []


def _where(name: str, folder: str, package: bool) -> str:
    """Where the usual finders look first for module ``name`` in its parent's ``folder``."""
    tail = name.rpartition(".")[2]
    if package:
        return os.path.join(folder, tail, "__init__.py")
    return os.path.join(folder, tail + ".py")


_installed: list[Finder] = []


def include_top_level() -> None:
    """Keep top-level modules too, from the standard library's folder and certify's own
    (``certify.search_path`` says when one is taken): for the command, which imports some 45
    of them; the finder of a program that imports certify keeps only certify's and typer's."""
    for finder in _installed:
        finder.top = search_path.allowed_folders(__file__)
        finder.earlier |= {name for name in sys.modules if "." not in name}


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
