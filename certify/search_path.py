"""Whether Python's usual finders would find a top-level module where ``certify.bundle``'s file
says it is, without asking them (``found_at``, ``claimed_before``).

A submodule is looked for in its package's folder only; a top-level module is looked for by the
finders of ``sys.meta_path`` in turn, the last of which (Python's ``PathFinder``) tries every
entry of ``sys.path`` in order.  So the bundle takes a top-level module's code only when:

- each finder before ``PathFinder`` on ``sys.meta_path`` is Python's own (built-in and frozen
  modules) or setuptools' ``_distutils_hack`` (``distutils`` and ``pip``), and none of them
  has the module (``claimed_before``); any other finder (pytest's assertion rewriting, an
  editable install's) means the usual import;
- the module's folder is on ``sys.path``, and each entry before it is a folder (or missing)
  that holds nothing the module could be found as: no folder of its name (a package, or a
  namespace package that an ``__init__.py`` would make one) and no ``name.*`` (an extension
  module, a source, bytecode; anything else too, to be safe); the module's own folder holds
  no other candidate either (``found_at``).  The folders are listed once for each value of
  ``sys.path`` in a process, with ``os.scandir`` as Python's ``FileFinder`` lists them (which
  lists a folder again when its time changes: a module added while the command runs is not
  seen here); a zip archive or an importer of another kind on the way means the usual
  import;
- the module lies in the standard library's folder or in the folder certify is installed in
  (``allowed_folders``: the command's own imports; a host program's modules are never kept),
  and is neither built in nor frozen (``recordable``).
"""

from __future__ import annotations

import _imp
import os
import sys

try:  # importlib's own classes, without importing ``importlib``
    from _frozen_importlib import BuiltinImporter, FrozenImporter
    from _frozen_importlib_external import FileFinder, PathFinder
except ImportError:  # pragma: no cover - a Python without CPython's frozen import system
    from importlib.machinery import BuiltinImporter, FileFinder, FrozenImporter, PathFinder

_ABSENT = object()
_OWN = (BuiltinImporter, FrozenImporter)
HACK = "_distutils_hack"
"""The module of setuptools' finder of ``distutils`` and ``pip``, first on many ``meta_path``."""


class Places:
    """Where each name of the folders of ``sys.path`` first occurs: for each stem (``name``
    of ``name.py``, of a folder ``name``), the first folder's position that holds one, and
    its names of that stem there.  Made once per ``sys.path`` (``places``)."""

    def __init__(self, folders: list[str]) -> None:
        self.folders = folders
        self.first: dict[str, tuple[int, list[str]]] = {}
        self.complete = True
        """False when an entry is not a folder (a zip archive): nothing is taken then."""
        for position, folder in enumerate(folders):
            try:
                entries = list(os.scandir(folder))
            except FileNotFoundError:
                continue
            except OSError:
                self.complete = False
                return
            for entry in entries:
                name = entry.name
                stem, dot, _ = name.partition(".")
                if not dot and not _is_folder(entry):
                    continue  # a file named ``name`` alone is not a module (a console script)
                found = self.first.setdefault(stem, (position, []))
                if found[0] == position:
                    found[1].append(name)


def _is_folder(entry: os.DirEntry[str]) -> bool:
    try:
        return entry.is_dir()
    except OSError:
        return True  # unknown: counted as a folder, which only makes the module not taken


_seen: list[tuple[list[str], Places | None]] = []
"""The last ``sys.path`` looked at, and its ``Places``."""


def places() -> Places | None:
    """The ``Places`` of ``sys.path`` now; None when an entry is not a string or has an
    importer other than ``FileFinder`` (a zip archive's)."""
    if _seen and _seen[0][0] == sys.path:
        return _seen[0][1]
    folders: list[str] = []
    made: Places | None = None
    for entry in sys.path:
        importer = sys.path_importer_cache.get(entry, _ABSENT) if isinstance(entry, str) else 0
        if importer is not _ABSENT and importer is not None and type(importer) is not FileFinder:
            break
        folders.append(os.path.abspath(entry))
    else:
        made = Places(folders)
    _seen[:] = [(list(sys.path), made if made is None or made.complete else None)]
    return _seen[0][1]


def forget() -> None:
    """Look at the folders of ``sys.path`` again at the next question (for tests)."""
    _seen.clear()


def found_at(name: str, source: str) -> bool:
    """Whether ``PathFinder`` would find the top-level module ``name`` at ``source`` (its
    ``name.py`` or ``name/__init__.py``), given the folders of ``sys.path`` as listed: the
    first folder that holds anything of that name is the module's own, and holds the package
    folder, or ``name.py`` and no other ``name.*``."""
    home, package = _home(source)
    found = places()
    first = found.first.get(name) if found is not None else None
    if found is None or first is None or found.folders[first[0]] != home:
        return False
    if package:
        return source == os.path.join(home, name, "__init__.py") and name in first[1]
    return source == os.path.join(home, name + ".py") and first[1] == [name + ".py"]


def claimed_before(name: str, ours: object) -> bool:
    """Whether a finder before ``PathFinder`` has the top-level module ``name`` (or could:
    a finder this module does not know); built-in and frozen modules asked of ``_imp``, as
    those finders ask."""
    for finder in sys.meta_path:
        if finder is PathFinder:
            return False
        if finder is ours:
            continue
        if finder is BuiltinImporter:
            if _imp.is_builtin(name):
                return True
        elif finder is FrozenImporter:
            if _imp.is_frozen(name):
                return True
        elif type(finder).__module__ != HACK or finder.find_spec(name, None) is not None:
            return True
    return True  # no ``PathFinder``


def plain_meta_path(ours: object) -> bool:
    """Whether every finder before ``PathFinder`` (other than ``ours``) is one of those this
    module knows, and ``PathFinder`` is there."""
    for finder in sys.meta_path:
        if finder is PathFinder:
            return True
        if finder is not ours and finder not in _OWN and type(finder).__module__ != HACK:
            return False
    return False


def recordable(name: str, source: str, allowed: tuple[str, ...]) -> bool:
    """Whether the bundle may keep the top-level module ``name`` loaded from ``source``: in an
    ``allowed`` folder, neither built in nor frozen, and found there (``found_at``)."""
    if _imp.is_builtin(name) or _imp.is_frozen(name):
        return False
    return _home(source)[0] in allowed and found_at(name, source)


def _home(source: str) -> tuple[str, bool]:
    """The folder of ``sys.path`` a top-level module's ``source`` lies in, and whether the
    module is a package (``name/__init__.py``) rather than ``name.py``."""
    package = source.endswith(os.sep + "__init__.py")
    return os.path.dirname(os.path.dirname(source) if package else source), package


def allowed_folders(package_file: str) -> tuple[str, ...]:
    """The standard library's folder and the one holding the package of ``package_file``."""
    package_folder = os.path.dirname(os.path.dirname(os.path.abspath(package_file)))
    return (os.path.dirname(os.path.abspath(os.__file__)), package_folder)
