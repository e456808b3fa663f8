"""The patterns a module compiles at import (``certify.module_patterns``): noted while it runs,
kept with their programs, and given back to ``re``'s cache equal to what ``re`` compiles.

Every pattern here is made unique to the test (``fresh``), so that ``re``'s cache cannot hold
it already; ``re``'s cache and this module's state are reset around each test.
"""

from __future__ import annotations

import itertools
import marshal
import re
import sys
from collections.abc import Iterator
from importlib import import_module
from pathlib import Path
from typing import Any

import pytest

from certify import bundle, module_patterns
from certify.bundle_file import open_store

_counter = itertools.count()


def fresh(text: str) -> str:
    return f"{text}(?#certify test {next(_counter)})"


@pytest.fixture(autouse=True)
def clean() -> Iterator[None]:
    module_patterns.forget()
    re.purge()
    re.compile("certify test: re's cache is not empty")
    yield
    module_patterns.forget()
    re.purge()


def re_compiled(pattern: Any, flags: int) -> re.Pattern[Any]:
    """What ``re`` itself makes of ``pattern``, bypassing its cache."""
    return re._compiler.compile(pattern, flags)  # type: ignore[attr-defined]


def test_seeded_patterns_are_what_re_compiles_and_re_compile_returns_them() -> None:
    patterns = [
        (fresh(r"(?P<word>\w+)\s+(?P=word)"), 0),
        (fresh(r" a \d+  # spaced"), re.VERBOSE | re.IGNORECASE),
        (fresh(r"^[ \t]*#.*$").encode(), re.MULTILINE),
        (fresh(r"[à-ÿ]+"), re.ASCII),
    ]
    data = module_patterns.programs(patterns)
    assert data is not None
    module_patterns.seed(data)
    cache = module_patterns.cache()
    assert cache is not None
    for pattern, flags in patterns:
        seeded = cache[(type(pattern), pattern, int(flags))]
        assert seeded == re_compiled(pattern, flags)  # the same program, flags and groups
        assert seeded.groupindex == re_compiled(pattern, flags).groupindex
        assert re.compile(pattern, flags) is seeded
    assert not module_patterns.noted


def test_a_module_notes_what_it_compiles_and_not_what_it_was_given() -> None:
    given, compiled, inner = fresh("given"), fresh("compiled"), fresh("inner")
    module_patterns.seed(module_patterns.programs([(given, 0)]) or b"")
    with module_patterns.watching("outer"):
        re.compile(given)
        re.compile(compiled, re.IGNORECASE)
        with module_patterns.watching("imported"):
            re.compile(inner)
    assert module_patterns.noted == {
        "outer": [(compiled, int(re.IGNORECASE))],
        "imported": [(inner, 0)],
    }


def test_patterns_given_to_a_module_it_imports_are_noted_by_neither() -> None:
    given = fresh("given to the imported module")
    with module_patterns.watching("outer"):
        module_patterns.seed(module_patterns.programs([(given, 0)]) or b"")  # its loader's
        with module_patterns.watching("imported"):
            re.compile(given)
    assert module_patterns.noted == {}


def test_damaged_or_refused_programs_mean_compiling_as_usual() -> None:
    module_patterns.seed(b"not marshal")
    module_patterns.seed(marshal.dumps(("not", "a", "list of patterns")))
    refused = fresh("refused")
    module_patterns.seed(marshal.dumps(((refused, 0, (0, [999999], 0, {}, ())),)))
    assert (str, refused, 0) in module_patterns.refused
    with module_patterns.watching("m"):
        assert re.compile(refused).match("refused")
    assert not module_patterns.noted  # never noted: the file would be written at every run


@pytest.mark.parametrize(
    "other",
    [[], {"not a key": re.compile("x")}, {(str, "x", 0): "not a pattern"}],
)
def test_nothing_is_seeded_into_a_cache_of_another_shape(
    monkeypatch: pytest.MonkeyPatch, other: object
) -> None:
    monkeypatch.setattr(re, "_cache", other)
    pattern = fresh("x")
    module_patterns.seed(module_patterns.programs([(pattern, 0)]) or b"")
    assert module_patterns.cache() is None
    assert module_patterns.seeded <= {(str, module_patterns.PROBE, 0)}


def test_an_empty_cache_is_probed_and_the_probe_never_noted() -> None:
    re.purge()
    with module_patterns.watching("m"):
        assert module_patterns.cache() is re._cache  # type: ignore[attr-defined]
    assert module_patterns.noted == {}


PACKAGE = "patternprobe"


@pytest.fixture
def probe(tmp_path: Path) -> Iterator[str]:
    """A package whose module ``mod`` compiles a pattern of its own at import."""
    pattern = fresh(r"probe \d+")
    root = tmp_path / "site"
    (root / PACKAGE).mkdir(parents=True)
    (root / PACKAGE / "__init__.py").write_text("")
    (root / PACKAGE / "mod.py").write_text(f"import re\nPATTERN = re.compile({pattern!r})\n")
    sys.path.insert(0, str(root))
    finders = list(sys.meta_path)
    try:
        yield pattern
    finally:
        sys.path.remove(str(root))
        sys.meta_path[:] = finders
        for name in [n for n in sys.modules if n.startswith(PACKAGE)]:
            del sys.modules[name]


def run(cache: Path) -> bundle.Finder:
    """A new process's import of ``patternprobe.mod``, with the finder first."""
    for name in [n for n in sys.modules if n.startswith(PACKAGE)]:
        del sys.modules[name]
    module_patterns.forget()
    re.purge()
    sys.meta_path[:] = [f for f in sys.meta_path if not isinstance(f, bundle.Finder)]
    finder = bundle.Finder((PACKAGE + ".",), str(cache))
    sys.meta_path.insert(0, finder)
    import_module(f"{PACKAGE}.mod")
    return finder


def test_a_modules_patterns_are_kept_and_given_back_at_the_next_import(
    probe: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache = tmp_path / "modules.bin"
    run(cache).save()  # the code
    finder = run(cache)
    assert module_patterns.noted == {f"{PACKAGE}.mod": [(probe, 0)]}
    finder.save()  # the pattern
    store = open_store(str(cache))
    assert store is not None and f"{PACKAGE}.mod" in store.patterns
    written = cache.stat().st_mtime_ns

    compiled: list[Any] = []
    original = re._compiler.compile  # type: ignore[attr-defined]
    monkeypatch.setattr(
        re._compiler,  # type: ignore[attr-defined]
        "compile",
        lambda p, flags=0: compiled.append(p) or original(p, flags),
    )
    finder = run(cache)
    module = sys.modules[f"{PACKAGE}.mod"]
    assert probe not in compiled and re_compiled(probe, 0) == module.PATTERN
    assert not module_patterns.noted
    finder.save()
    assert cache.stat().st_mtime_ns == written  # nothing new: not written again

    # Written again for another module: the patterns kept stay.
    (Path(module.__file__).parent / "other.py").write_text("VALUE = 1\n")  # type: ignore[arg-type]
    finder = run(cache)
    import_module(f"{PACKAGE}.other")
    finder.save()
    store = open_store(str(cache))
    assert store is not None and f"{PACKAGE}.other" in store.index
    assert f"{PACKAGE}.mod" in store.patterns


def test_places_of_patterns_out_of_the_file_are_left_out(tmp_path: Path) -> None:
    import marshal as marshal_

    from certify.bundle_file import HEAD, PATTERNS, file_bytes
    from certify.compiled import write_bytes

    code = marshal_.dumps(compile("X = 1", "m.py", "exec"))
    patterns = module_patterns.programs([(fresh("kept"), 0)])
    assert patterns is not None
    data = file_bytes({"m": ("/nowhere/m.py", 1, 5, False, code, patterns)})
    length = int.from_bytes(data[:HEAD], "little")
    index = marshal_.loads(data[HEAD : HEAD + length])
    assert index[PATTERNS] == {"m": (len(code), len(patterns))}
    room = len(data) - HEAD - length
    index[PATTERNS] = {
        "m": (len(code), len(patterns)),
        "past the end": (room, 1),
        "empty": (0, 0),
        "negative": (-1, 2),
        "not a pair": (1, 2, 3),
        3: (0, 1),
    }
    head = marshal_.dumps(index)
    cache = tmp_path / "modules.bin"
    write_bytes(str(cache), len(head).to_bytes(HEAD, "little") + head + data[HEAD + length :])
    store = open_store(str(cache))
    assert store is not None and store.patterns == {"m": (len(code), len(patterns))}
    assert store.read(*store.patterns["m"]) == patterns
    index[PATTERNS] = "not a dictionary"
    head = marshal_.dumps(index)
    write_bytes(str(cache), len(head).to_bytes(HEAD, "little") + head + data[HEAD + length :])
    store = open_store(str(cache))
    assert store is not None and store.patterns == {} and "m" in store.index
