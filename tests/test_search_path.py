"""Top-level modules from the bundle (``certify.search_path``): taken only where Python's usual
finders would find them, on folders and finders of the test's own.

Each test puts folders of its own on ``sys.path`` (``front``, ``home``), a module ``tlprobe``
in ``home``, and asks what the usual import would find; then the finder, with top-level
modules included, saves and loads the module, and a module of that name placed earlier on
``sys.path`` must win over the file.
"""

from __future__ import annotations

import sys
import zipfile
from collections.abc import Iterator
from importlib import import_module
from importlib.machinery import BuiltinImporter, FrozenImporter, PathFinder
from pathlib import Path

import pytest

from certify import bundle, search_path
from tests.caching import certify_run, modules_file

NAME = "tlprobe"


@pytest.fixture
def folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Path, Path]]:
    """``front`` and ``home`` first on ``sys.path``, ``home`` holding ``tlprobe.py``; the
    module forgotten, ``sys.meta_path`` restored and the folders looked at again after."""
    front, home = tmp_path / "front", tmp_path / "home"
    front.mkdir()
    home.mkdir()
    (home / f"{NAME}.py").write_text('WHERE = "home"\n')
    monkeypatch.setattr(sys, "path", [str(front), str(home), *sys.path])
    finders = list(sys.meta_path)
    search_path.forget()
    try:
        yield front, home
    finally:
        sys.meta_path[:] = finders
        sys.modules.pop(NAME, None)
        search_path.forget()


def found(home: Path, source: str = f"{NAME}.py", name: str = NAME) -> bool:
    search_path.forget()  # as a new process would: the folders listed again
    return search_path.found_at(name, str(home / source))


def test_a_module_alone_in_the_first_folder_holding_its_name_is_found_there(
    folders: tuple[Path, Path],
) -> None:
    front, home = folders
    assert found(home)
    (front / NAME).write_text("#!/bin/sh\n")  # a console script of that name: not a module
    assert found(home)
    assert not found(front)  # where it is not
    assert not found(home, source=f"{NAME}/__init__.py")  # not a package


@pytest.mark.parametrize(
    "shadow",
    [f"{NAME}.py", f"{NAME}.cpython-311-x86_64-linux-gnu.so", f"{NAME}.pyc", f"{NAME}/"],
)
def test_anything_of_its_name_in_an_earlier_folder_hides_it(
    folders: tuple[Path, Path], shadow: str
) -> None:
    front, home = folders
    if shadow.endswith("/"):
        (front / shadow).mkdir()  # a namespace package, until someone adds an __init__.py
    else:
        (front / shadow).write_text("")
    assert not found(home)


@pytest.mark.parametrize("beside", [f"{NAME}.pyc", f"{NAME}.abi3.so", f"{NAME}/"])
def test_another_candidate_in_its_own_folder_means_the_usual_import(
    folders: tuple[Path, Path], beside: str
) -> None:
    _, home = folders
    if beside.endswith("/"):
        (home / beside).mkdir()
    else:
        (home / beside).write_text("")
    assert not found(home)


def test_a_module_of_its_name_in_a_later_folder_does_not_matter(
    folders: tuple[Path, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _, home = folders
    later = tmp_path / "later"
    (later / NAME).mkdir(parents=True)
    (later / f"{NAME}.py").write_text("")
    monkeypatch.setattr(sys, "path", [*sys.path, str(later)])
    assert found(home)


def test_a_package_is_found_before_a_module_of_its_folder(folders: tuple[Path, Path]) -> None:
    _, home = folders
    (home / "tlpackage").mkdir()
    (home / "tlpackage" / "__init__.py").write_text("")
    (home / "tlpackage.py").write_text("")
    assert found(home, source="tlpackage/__init__.py", name="tlpackage")


def test_a_folder_off_the_path_or_an_archive_on_the_way_means_the_usual_import(
    folders: tuple[Path, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _, home = folders
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / f"{NAME}.py").write_text("")
    assert not found(elsewhere)

    archive = tmp_path / "modules.zip"
    with zipfile.ZipFile(archive, "w") as made:
        made.writestr(f"{NAME}.py", 'WHERE = "archive"\n')
    monkeypatch.setattr(sys, "path", [str(archive), *sys.path])
    assert not found(home)  # a zip archive cannot be listed as a folder

    monkeypatch.setattr(sys, "path", sys.path[1:])
    monkeypatch.setitem(sys.path_importer_cache, sys.path[0], object())
    assert not found(home)  # an importer other than FileFinder


def test_a_missing_folder_before_it_holds_nothing(
    folders: tuple[Path, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _, home = folders
    monkeypatch.setattr(sys, "path", [str(tmp_path / "missing"), *sys.path])
    assert found(home)


class Claims:
    """A finder of another program that has every module."""

    def find_spec(self, name: str, path: object, target: object = None) -> object:
        return object()


class Declines:
    def find_spec(self, name: str, path: object, target: object = None) -> object:
        return None


def test_finders_before_pathfinder_are_asked_and_unknown_ones_are_not_trusted(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    ours = object()
    plain = [ours, BuiltinImporter, FrozenImporter, PathFinder]
    monkeypatch.setattr(sys, "meta_path", plain)
    assert not search_path.claimed_before(NAME, ours)
    assert search_path.claimed_before("sys", ours)  # built in
    assert search_path.claimed_before("zipimport", ours)  # frozen
    assert search_path.plain_meta_path(ours)

    monkeypatch.setattr(sys, "meta_path", [ours, Declines(), *plain[1:]])
    assert search_path.claimed_before(NAME, ours)  # a finder of unknown kind
    assert not search_path.plain_meta_path(ours)

    monkeypatch.setattr(sys, "meta_path", [ours, BuiltinImporter])
    assert search_path.claimed_before(NAME, ours) and not search_path.plain_meta_path(ours)

    for hack, claimed in ((Declines, False), (Claims, True)):
        monkeypatch.setattr(hack, "__module__", search_path.HACK)
        monkeypatch.setattr(sys, "meta_path", [hack(), *plain])
        assert search_path.claimed_before(NAME, ours) is claimed
        assert search_path.plain_meta_path(ours)


def test_only_modules_of_the_allowed_folders_are_recorded(folders: tuple[Path, Path]) -> None:
    front, home = folders
    source = str(home / f"{NAME}.py")
    assert search_path.recordable(NAME, source, (str(home),))
    assert not search_path.recordable(NAME, source, (str(front),))
    assert not search_path.recordable("sys", source, (str(home),))  # built in


def finder_at(cache: Path, home: Path) -> bundle.Finder:
    """A new process's finder that keeps top-level modules of ``home``."""
    sys.modules.pop(NAME, None)
    search_path.forget()
    for finder in sys.meta_path:
        if isinstance(finder, bundle.Finder):
            finder.close()
    sys.meta_path[:] = [f for f in sys.meta_path if not isinstance(f, bundle.Finder)]
    finder = bundle.Finder(("nothing.",), str(cache))
    finder.top = (str(home),)
    finder.earlier = {name for name in sys.modules if "." not in name}
    plain = (BuiltinImporter, FrozenImporter, PathFinder)  # not pytest's assertion rewriting
    sys.meta_path[:] = [finder, *(f for f in sys.meta_path if f in plain)]
    return finder


def saved(cache: Path) -> None:
    """Save with the finder first on ``sys.meta_path``; the file holds the module."""
    sys.meta_path[0].save()  # type: ignore[attr-defined]
    assert NAME in bundle.open_store(str(cache)).index  # type: ignore[union-attr]


def loader() -> object:
    return sys.modules[NAME].__spec__.loader  # type: ignore[union-attr]


def test_a_top_level_module_is_taken_from_the_file_until_one_earlier_hides_it(
    folders: tuple[Path, Path], tmp_path: Path
) -> None:
    front, home = folders
    cache = tmp_path / "modules.bin"
    finder_at(cache, home)
    assert import_module(NAME).WHERE == "home" and type(loader()) is not bundle.Bundled
    saved(cache)

    finder_at(cache, home)
    module = import_module(NAME)
    assert type(loader()) is bundle.Bundled and module.WHERE == "home"
    assert module.__file__ == str(home / f"{NAME}.py")

    (front / f"{NAME}.py").write_text('WHERE = "front"\n')
    finder = finder_at(cache, home)
    module = import_module(NAME)
    assert module.WHERE == "front" and type(loader()) is not bundle.Bundled
    written = cache.stat().st_mtime_ns
    finder.save()
    assert cache.stat().st_mtime_ns == written  # the front module is not the file's to keep


def test_top_level_modules_are_the_finders_only_when_included(
    folders: tuple[Path, Path], tmp_path: Path
) -> None:
    finder = saved_then_again(folders[1], tmp_path)
    finder.top = ()  # a program that imports certify, not the command
    import_module(NAME)
    assert type(loader()) is not bundle.Bundled


def test_another_finder_before_pathfinder_keeps_its_modules(
    folders: tuple[Path, Path], tmp_path: Path
) -> None:
    saved_then_again(folders[1], tmp_path)
    sys.meta_path.insert(1, Declines())  # pytest's assertion rewriting, say
    import_module(NAME)
    assert type(loader()) is not bundle.Bundled


def saved_then_again(home: Path, tmp_path: Path) -> bundle.Finder:
    """The module imported and saved by one process's finder; the next process's finder."""
    cache = tmp_path / "modules.bin"
    finder_at(cache, home)
    import_module(NAME)
    saved(cache)
    return finder_at(cache, home)


SHADOW = """
import os
open(os.environ["SHADOW_MARK"], "w").write("shadow")
_real = os.path.join(os.path.dirname(os.__file__), "difflib.py")
exec(compile(open(_real).read(), _real, "exec"))
"""
"""A ``difflib.py`` of the folder certify runs in: what Python imports instead of the standard
library's (typer imports difflib), which marks that it ran, then runs the real one."""


def test_a_standard_module_hidden_by_the_current_folder_is_not_taken_from_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache, plain, shadowed = tmp_path / "cache", tmp_path / "plain", tmp_path / "shadowed"
    plain.mkdir()
    shadowed.mkdir()
    certify_run(cache, cwd=plain)
    store = bundle.open_store(str(modules_file(cache)))
    assert store is not None and "difflib" in store.index
    _, loaders = certify_run(cache, cwd=plain)
    assert loaders["difflib"] == "Bundled"

    (shadowed / "difflib.py").write_text(SHADOW)
    mark = tmp_path / "mark"
    monkeypatch.setenv("SHADOW_MARK", str(mark))
    shown, loaders = certify_run(cache, cwd=shadowed)
    assert mark.read_text() == "shadow" and loaders["difflib"] == "SourceFileLoader"
    assert "open: {the kitchen, the garden}" in shown
