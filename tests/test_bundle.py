"""certify's modules from one file of their code (``certify.bundle``): taken only while their
sources are unchanged and in the folder Python would look in, and kept beside the other caches.

The finder is tried on a package of the test's own (a prefix of its own, a cache file of its
own), then on certify itself in fresh processes.
"""

from __future__ import annotations

import inspect
import os
import sys
import traceback
from collections.abc import Iterator
from importlib import import_module
from pathlib import Path
from typing import Any

import pytest

from certify import bundle
from certify.bundle_file import file_bytes, open_store
from certify.compiled import write_bytes
from tests.caching import certify_run, modules_file

PACKAGE = "bundleprobe"


@pytest.fixture
def probe(tmp_path: Path) -> Iterator[Path]:
    """A package ``bundleprobe`` (a module ``mod`` and a subpackage ``sub``) on ``sys.path``;
    removed from ``sys.path``, ``sys.meta_path`` and ``sys.modules`` afterwards."""
    root = tmp_path / "site"
    (root / PACKAGE / "sub").mkdir(parents=True)
    (root / PACKAGE / "__init__.py").write_text("")
    (root / PACKAGE / "mod.py").write_text(
        'VALUE = "first"\n\n\ndef fails():\n    raise ValueError("from mod")\n'
    )
    (root / PACKAGE / "sub" / "__init__.py").write_text("NAME = 'sub'\n")
    (root / PACKAGE / "sub" / "data.txt").write_text("a resource")
    sys.path.insert(0, str(root))
    finders = list(sys.meta_path)
    try:
        yield root
    finally:
        sys.path.remove(str(root))
        sys.meta_path[:] = finders
        forget()


def forget() -> None:
    for name in [n for n in sys.modules if n == PACKAGE or n.startswith(PACKAGE + ".")]:
        del sys.modules[name]


def index(cache: Path) -> dict[str, Any]:
    """The index of a bundle file (a file that cannot be read has none)."""
    store = bundle.open_store(str(cache))
    if store is None:
        return {}
    store.close()
    return store.index


def fresh(cache: Path) -> bundle.Finder:
    """A new process's finder, as far as ``bundleprobe`` is concerned: the package imported
    again (by the usual finders: only its modules are the finder's), the finder first on
    ``sys.meta_path``."""
    forget()
    for finder in sys.meta_path:
        if isinstance(finder, bundle.Finder):
            finder.close()
    sys.meta_path[:] = [f for f in sys.meta_path if not isinstance(f, bundle.Finder)]
    finder = bundle.Finder((PACKAGE + ".",), str(cache))
    sys.meta_path.insert(0, finder)
    __import__(PACKAGE)
    return finder


def loader_of(name: str) -> object:
    return sys.modules[name].__spec__.loader  # type: ignore[union-attr]


def test_a_saved_module_is_loaded_from_the_file_and_behaves_as_from_its_source(
    probe: Path, tmp_path: Path
) -> None:
    cache = tmp_path / "modules.bin"
    finder = fresh(cache)
    mod = import_module(f"{PACKAGE}.mod")
    sub = import_module(f"{PACKAGE}.sub")

    assert type(loader_of(f"{PACKAGE}.mod")) is not bundle.Bundled  # the file is empty yet
    finder.save()
    assert set(index(cache)) == {f"{PACKAGE}.mod", f"{PACKAGE}.sub"}

    fresh(cache)
    mod = import_module(f"{PACKAGE}.mod")
    sub = import_module(f"{PACKAGE}.sub")

    assert type(loader_of(f"{PACKAGE}.mod")) is bundle.Bundled
    assert type(loader_of(f"{PACKAGE}.sub")) is bundle.Bundled
    assert mod.VALUE == "first" and sub.NAME == "sub"
    assert mod.__file__ == str(probe / PACKAGE / "mod.py")
    assert sub.__path__ == [str(probe / PACKAGE / "sub")]
    assert "raise ValueError" in inspect.getsource(mod.fails)
    with pytest.raises(ValueError) as raised:
        mod.fails()
    shown = "".join(traceback.format_tb(raised.tb))
    assert str(probe / PACKAGE / "mod.py") in shown and 'raise ValueError("from mod")' in shown
    from importlib import resources

    assert resources.files(f"{PACKAGE}.sub").joinpath("data.txt").read_text() == "a resource"


def test_a_changed_source_is_loaded_from_itself_and_saved_again(
    probe: Path, tmp_path: Path
) -> None:
    cache = tmp_path / "modules.bin"
    finder = fresh(cache)
    __import__(f"{PACKAGE}.mod")
    finder.save()
    source = probe / PACKAGE / "mod.py"
    source.write_text('VALUE = "second, longer"\n')
    finder = fresh(cache)
    mod = import_module(f"{PACKAGE}.mod")

    assert mod.VALUE == "second, longer"
    assert type(loader_of(f"{PACKAGE}.mod")) is not bundle.Bundled
    finder.save()

    fresh(cache)
    mod = import_module(f"{PACKAGE}.mod")

    assert type(loader_of(f"{PACKAGE}.mod")) is bundle.Bundled
    assert mod.VALUE == "second, longer"

    # Same size, another time: Python's own check would not take the old code either.
    source.write_text('VALUE = "second, LONGER"\n')
    status = source.stat()
    os.utime(source, ns=(status.st_atime_ns, status.st_mtime_ns + 1_000_000_000))
    fresh(cache)
    mod = import_module(f"{PACKAGE}.mod")

    assert mod.VALUE == "second, LONGER"


def test_a_module_of_another_folder_is_not_taken(probe: Path, tmp_path: Path) -> None:
    """Two copies of a package (two environments) with one cache file: each imports its own."""
    cache = tmp_path / "modules.bin"
    finder = fresh(cache)
    __import__(f"{PACKAGE}.mod")
    finder.save()
    other = tmp_path / "other"
    (other / PACKAGE).mkdir(parents=True)
    (other / PACKAGE / "__init__.py").write_text("")
    (other / PACKAGE / "mod.py").write_text('VALUE = "other"\n')
    sys.path.insert(0, str(other))
    try:
        forget()
        fresh(cache)
        mod = import_module(f"{PACKAGE}.mod")

        assert mod.__file__ == str(other / PACKAGE / "mod.py")
        assert mod.VALUE == "other"
    finally:
        sys.path.remove(str(other))


def test_code_is_named_after_its_source_as_python_names_a_pyc(probe: Path, tmp_path: Path) -> None:
    """Code compiled under another path (a wheel's ``.pyc`` built elsewhere) gets the path of
    the source it was taken for, as Python's own loader renames a ``.pyc``'s code."""
    import marshal

    source = probe / PACKAGE / "mod.py"
    code = compile(source.read_text(), "/build/elsewhere/mod.py", "exec")
    status = source.stat()
    entry = (str(source), status.st_mtime_ns, status.st_size, False, marshal.dumps(code), None)
    cache = tmp_path / "modules.bin"
    write_bytes(str(cache), file_bytes({f"{PACKAGE}.mod": entry}))
    fresh(cache)
    mod = import_module(f"{PACKAGE}.mod")

    assert type(loader_of(f"{PACKAGE}.mod")) is bundle.Bundled
    assert mod.fails.__code__.co_filename == str(source)


@pytest.mark.parametrize(
    "content",
    [
        b"",
        b"not marshal",
        b"\xfa\x00\x00",
        b"\x01\x00\x00\x00\x00\x00\x00\x00N",  # an index that is None
        b"\xff" * 8 + b"N",  # an index longer than the file
    ],
)
def test_a_damaged_file_means_importing_as_usual(
    probe: Path, tmp_path: Path, content: bytes
) -> None:
    cache = tmp_path / "modules.bin"
    cache.write_bytes(content)
    cache.chmod(0o600)
    fresh(cache)
    mod = import_module(f"{PACKAGE}.mod")

    assert mod.VALUE == "first"
    assert type(loader_of(f"{PACKAGE}.mod")) is not bundle.Bundled


def test_damaged_code_in_a_sound_index_means_importing_as_usual(
    probe: Path, tmp_path: Path
) -> None:
    """The index is read at the first import, a module's code when it is loaded: code that is
    cut short or that does not decode is loaded from the source; an entry that points past the
    file is not taken."""
    cache = tmp_path / "modules.bin"
    finder = fresh(cache)
    import_module(f"{PACKAGE}.mod")
    import_module(f"{PACKAGE}.sub")
    finder.save()
    data = cache.read_bytes()
    (_, _, _, _, offset, length) = index(cache)[f"{PACKAGE}.mod"]
    head = 8 + int.from_bytes(data[:8], "little")
    broken = bytearray(data)
    broken[head + offset : head + offset + length] = b"\x00" * length  # not marshal code
    cache.write_bytes(bytes(broken))
    fresh(cache)
    mod = import_module(f"{PACKAGE}.mod")
    assert mod.VALUE == "first"  # Bundled, then the source: the code did not decode
    import_module(f"{PACKAGE}.sub")
    assert type(loader_of(f"{PACKAGE}.sub")) is bundle.Bundled
    cache.write_bytes(data[: head + offset + 1])  # the index is whole, the code is not
    assert f"{PACKAGE}.mod" not in index(cache)
    fresh(cache)
    assert import_module(f"{PACKAGE}.mod").VALUE == "first"
    assert type(loader_of(f"{PACKAGE}.mod")) is not bundle.Bundled


def test_a_new_file_keeps_what_the_old_one_held(probe: Path, tmp_path: Path) -> None:
    """Runs import different modules (a finite text, a numeric one): the file gathers them."""
    cache = tmp_path / "modules.bin"
    finder = fresh(cache)
    import_module(f"{PACKAGE}.mod")
    finder.save()
    finder = fresh(cache)
    import_module(f"{PACKAGE}.sub")
    finder.save()
    assert set(index(cache)) == {f"{PACKAGE}.mod", f"{PACKAGE}.sub"}
    fresh(cache)
    assert import_module(f"{PACKAGE}.mod").VALUE == "first"
    assert type(loader_of(f"{PACKAGE}.mod")) is bundle.Bundled


def test_data_that_is_not_code_means_importing_as_usual(probe: Path, tmp_path: Path) -> None:
    import marshal

    source = probe / PACKAGE / "mod.py"
    status = source.stat()
    entry = (str(source), status.st_mtime_ns, status.st_size, False, marshal.dumps("no code"), None)
    cache = tmp_path / "modules.bin"
    write_bytes(str(cache), file_bytes({f"{PACKAGE}.mod": entry}))
    fresh(cache)
    assert import_module(f"{PACKAGE}.mod").VALUE == "first"


def test_a_file_others_may_write_is_not_read(probe: Path, tmp_path: Path) -> None:
    cache = tmp_path / "modules.bin"
    finder = fresh(cache)
    import_module(f"{PACKAGE}.mod")
    finder.save()
    assert index(cache)
    cache.chmod(0o622)
    assert not index(cache)
    fresh(cache)
    import_module(f"{PACKAGE}.mod")
    assert type(loader_of(f"{PACKAGE}.mod")) is not bundle.Bundled


def test_nothing_is_written_when_nothing_new_was_loaded(probe: Path, tmp_path: Path) -> None:
    cache = tmp_path / "modules.bin"
    finder = fresh(cache)
    finder.save()
    assert not cache.exists()  # nothing of the prefix imported
    __import__(f"{PACKAGE}.mod")
    finder.save()
    written = cache.stat().st_mtime_ns
    finder = fresh(cache)
    __import__(f"{PACKAGE}.mod")
    finder.save()
    assert cache.stat().st_mtime_ns == written


def test_fnv_is_the_published_function() -> None:
    # Test vectors of FNV-1a, 32 bits (draft-eastlake-fnv).
    assert bundle.fnv("") == 0x811C9DC5
    assert bundle.fnv("a") == 0xE40C292C
    assert bundle.fnv("foobar") == 0xBF9CF968


def test_certify_saves_its_modules_once_and_loads_them_from_the_file(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    first, loaders = certify_run(cache)
    assert "Bundled" not in loaders.values()
    saved = modules_file(cache)
    kept = index(saved)
    assert {"certify.pipeline", "certify.cli.app", "certify.syntax.parse"} <= kept.keys()
    assert "typer.main" in kept and "typer" not in kept
    assert "certify.bundle" not in kept  # imported before the finder: never from it

    second, loaders = certify_run(cache)
    assert second == first and "open: {the kitchen, the garden}" in second
    assert loaders["certify.pipeline"] == "Bundled"
    assert loaders["typer.main"] == "Bundled" and loaders["typer._click.core"] == "Bundled"
    assert loaders["difflib"] == loaders["inspect"] == "Bundled"  # the standard library's
    usual = {name for name, kind in loaders.items() if kind == "SourceFileLoader"}
    # typer is the file's when installed beside certify, not in an editable install's venv
    before = {f"certify.{name}" for name in FINDERS}  # imported before the finder
    assert before <= usual <= before | {"typer"}
    # Written again, with the patterns the modules taken from the file compiled at import.
    store = open_store(str(saved))
    assert store is not None and {"typer._click._compat", "difflib"} <= store.patterns.keys()
    written = saved.stat().st_mtime_ns

    third, loaders = certify_run(cache)
    assert third == first
    assert saved.stat().st_mtime_ns == written  # nothing new: not written again


FINDERS = ("bundle", "bundle_file", "compiled", "module_patterns", "search_path")
"""certify's modules that ``certify/__init__.py`` imports before the finder is in place."""


def test_no_file_is_written_when_python_writes_no_bytecode(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    certify_run(cache, "-B")
    assert not list((cache / "certify").glob("modules-*.bin"))
