"""Dataclass methods compiled once per machine instead of at every start (issue 9).

When a dataclass is created, the standard ``dataclasses`` module writes the source of each
method it generates (``__init__``, ``__repr__``, ``__eq__``, ``__hash__``, ``__setattr__``,
...) and compiles it with ``exec``: about 1 ms per frozen class, and a finite text loads some
150 of certify's, so compiling was a fifth of a ``certify FILE`` run.  The code compiled from
one source text by one Python is always the same, so ``install`` gives the ``dataclasses``
module an ``exec`` that looks the code up by its exact source text (no hash: a different
source can never get another's code) in a per-user cache, compiles only what it has not seen,
and runs it as ``exec`` would.  Only the classes of certify's own modules go through it.
Classes, their methods and every behaviour stay those of the standard library; only the
compiling is skipped.

The cache is one ``marshal`` file per version of certify and of Python (``sys.hexversion``,
finer than bytecode versions; an upgrade starts a new file, so the methods of classes that no
longer exist are not read at every start) under ``$XDG_CACHE_HOME/certify``
(``~/.cache/certify``), read on the first class created.  It is read only when the current user
owns it and nobody else may write it (it holds code), and written once at exit, atomically,
when something new was compiled, unless Python is told not to write bytecode
(``PYTHONDONTWRITEBYTECODE``, ``-B``).  Any failure to read or write it just means compiling
as before.  A record's methods (``certify.records``) are kept under a name for their shape
(``code_named``) rather than under their source; the files of that change are named
``methods-*`` (the ``method-code-*`` files before it, keyed by source, are not read).

The file is read whole and then decoded (``marshal.loads``): ``marshal.load`` on a file object
reads it through the file's Python methods object by object, which took 50 ms for the 877
methods of a full cache, against 6 ms read whole, a tenth of a ``certify FILE`` run.
"""

from __future__ import annotations

import builtins
import marshal
import os
import stat
import sys
from types import CodeType, ModuleType

TYPE_CHECKING = False  # typing itself is not imported: ``certify --version`` needs none of it
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

LIMIT = 2_000
"""At most this many entries in a cache file (certify's records and dataclasses need some 200;
past the limit, a development tree whose sources keep changing, the file starts over)."""

_loaded: dict[str, CodeType] = {}
"""The file's entries, kept for the process: one source can be asked for twice (the methods of
a dataclass without fields, of two classes of one shape).  Dropping each entry once run, as
before, had 9-13 of a small text's methods compiled again at every start (about 1 ms), for
0.1-0.2 MiB less peak memory with a cache of that text alone and 0.3 MiB more with a cache of
many kinds of text (the compiling took more than the entries it freed)."""
_known: dict[str, CodeType] = {}
"""Compiled in this process: what the file lacks, written at exit (merged with the file)."""
_state = {"installed": False, "loaded": False, "new": False}


def cache_file(kind: str = "methods") -> str | None:
    """Where a cache of ``kind`` is kept for this Python, or None without a home (or where
    files have no POSIX owner to check, Windows: no cache there)."""
    if not hasattr(os, "getuid"):
        return None
    home = os.path.expanduser("~")
    base = os.environ.get("XDG_CACHE_HOME") or ("" if home == "~" else os.path.join(home, ".cache"))
    if not base:
        return None
    version = getattr(sys.modules.get("certify"), "__version__", "")
    name = f"{kind}-{version}-{sys.implementation.cache_tag}-{sys.hexversion:x}.bin"
    return os.path.join(base, "certify", name)


def cached_exec(source: Any, globals: Any = None, locals: Any = None, /, **options: Any) -> None:
    """``exec``, with a source text's code compiled once and then looked up.

    Only for the classes of certify's own modules (``dataclasses`` passes the class's module
    namespace as ``globals``): any other dataclass of the process is compiled as before.
    """
    if isinstance(source, str) and _ours(globals):
        source = code_for(source)
    builtins.exec(source, globals, locals, **options)


def code_for(source: str, filename: str = "<string>") -> CodeType:
    """The code of ``source``: from the cache (read on first use, not at import:
    ``--version`` needs none), or compiled and kept for the cache."""
    return code_named(source, lambda: source, filename)


def code_named(name: str, source: Callable[[], str], filename: str = "<string>") -> CodeType:
    """The code kept under ``name``, or ``source()`` compiled and kept under it.  ``name`` must
    say exactly what ``source()`` would return (``code_for``: the source itself; a record's
    shape and the digest of the module that writes its source, ``certify.records``), so
    that the source need not be written when its code is kept."""
    if not _state["loaded"]:
        _state["loaded"] = True
        _loaded.update(_load(cache_file()))
    code = _known.get(name) or _loaded.get(name)
    if code is not None:
        return code
    code = compile(source(), filename, "exec", dont_inherit=True)  # not this module's futures
    _known[name] = code
    _state["new"] = True
    return code


def _ours(namespace: object) -> bool:
    name = namespace.get("__name__") if isinstance(namespace, dict) else None
    return isinstance(name, str) and (name == "certify" or name.startswith("certify."))


def install() -> None:
    """Route the ``dataclasses`` module's compiling through the cache (once per process).

    ``dataclasses`` imports ``inspect``, ``re``, ``enum`` and ``ast``: some 18 ms that
    ``certify --version`` and ``import certify`` need not pay.  So when it is not imported yet,
    the cache is put in when it is (``_WhenImported``), before any class is made with it.
    """
    if _state["installed"]:
        return
    _state["installed"] = True
    if "dataclasses" in sys.modules:
        _patch(sys.modules["dataclasses"])
    else:
        sys.meta_path.insert(0, _WhenImported())
    if not sys.dont_write_bytecode:
        import atexit

        atexit.register(_save)


def _patch(module: ModuleType) -> None:
    module.exec = cached_exec  # type: ignore[attr-defined]  # a module global shadows the builtin


class _WhenImported:
    """A finder that lets the usual finders load ``dataclasses``, then patches it, once."""

    def find_spec(self, name: str, path: Any = None, target: Any = None) -> Any:
        if name != "dataclasses":
            return None
        sys.meta_path.remove(self)  # the usual finders from here on, this import included
        from importlib.util import find_spec

        spec = find_spec(name)
        if spec is not None and spec.loader is not None:
            spec.loader = _Patching(spec.loader)  # type: ignore[assignment]  # a Loader by duck typing
        return spec


class _Patching:
    """A loader that runs ``dataclasses`` as its own loader would, then patches it; for the
    rest (``get_source`` for tracebacks, ``get_filename``, ...) it is that loader."""

    def __init__(self, loader: Any) -> None:
        self.loader = loader

    def __getattr__(self, name: str) -> Any:
        return getattr(self.loader, name)

    def create_module(self, spec: Any) -> Any:
        return self.loader.create_module(spec)

    def exec_module(self, module: ModuleType) -> None:
        self.loader.exec_module(module)
        _patch(module)


def read_owned(path: str | None) -> bytes | None:
    """The bytes of a cache file, or None: missing, unreadable, or a file that another user
    owns or may write (it could hold anything)."""
    if path is None:
        return None
    try:
        with open(path, "rb") as stream:
            if not owned(os.fstat(stream.fileno())):
                return None
            return stream.read()  # in one read: see the module's last paragraph
    except OSError:
        return None


def owned(status: os.stat_result) -> bool:
    """Whether a cache file with this status may be read: the user's own, and nobody else
    may write it (it holds code)."""
    return status.st_uid == os.getuid() and not status.st_mode & (stat.S_IWGRP | stat.S_IWOTH)


def read_cache(path: str | None) -> dict[Any, Any]:
    """The dictionary a cache file holds, or an empty one (``read_owned``; not marshal)."""
    data = read_owned(path)
    if data is None:
        return {}
    try:
        found = marshal.loads(data)
    except (EOFError, ValueError, TypeError):
        return {}
    return found if isinstance(found, dict) else {}


def write_bytes(path: str, data: bytes) -> None:
    """Write a cache file atomically, in a folder only the user may enter; may raise."""
    import tempfile

    folder = os.path.dirname(path)
    os.makedirs(folder, mode=0o700, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=folder, prefix=".cache-")
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
        os.replace(temporary, path)
    except BaseException:
        os.unlink(temporary)
        raise


def write_cache(path: str | None, known: dict[Any, Any], limit: int = LIMIT) -> None:
    """Add ``known`` to the cache file, atomically (another process may add at the same
    time: what it wrote is kept); never raises.  Past ``limit`` entries (sources that keep
    changing, a development tree) the file starts over from ``known``."""
    if path is None:
        return
    try:
        merged = {**read_cache(path), **known}
        if len(merged) > limit:
            merged = dict(known)
        write_bytes(path, marshal.dumps(merged))
    except Exception:  # a read-only home, a full disk: the next run compiles again
        return


def _load(path: str | None) -> dict[str, CodeType]:
    found = read_cache(path)
    return {k: v for k, v in found.items() if isinstance(k, str) and isinstance(v, CodeType)}


def _save() -> None:
    """Write the cache if this process compiled something new; never raises."""
    if _state["new"]:
        write_cache(cache_file(), _known)
