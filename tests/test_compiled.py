"""certify/compiled.py: dataclass methods come from the per-user cache, and behave the same."""

from __future__ import annotations

import dataclasses
import json
import os
import subprocess
import sys
import types
from pathlib import Path
from typing import Any

import pytest

from certify import compiled
from tests.caching import with_cache

PROBE = """
import dataclasses, json, sys
import certify  # installs the cache
from certify import compiled
from certify.report import TextWarning  # certify's own dataclasses, through the cache

@dataclasses.dataclass(frozen=True)
class Theirs:  # a class of another module: compiled as always, never cached
    name: str

w = TextWarning(2, 5, "a warning")
same = hash(w) == hash(TextWarning(2, 5, "a warning"))
theirs = any("Theirs" in source for source in [*compiled._known, *compiled._loaded])
print(json.dumps({"new": compiled._state["new"], "repr": repr(w), "hash": same,
                  "file": compiled.cache_file(), "theirs": theirs, "known": len(compiled._known),
                  "left": len(compiled._loaded)}))
"""


def run_probe(cache: Path) -> dict[str, object]:
    env = with_cache(cache)
    done = subprocess.run(
        [sys.executable, "-c", PROBE], env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    result: dict[str, object] = json.loads(done.stdout)
    return result


def test_the_second_run_compiles_nothing(tmp_path: Path) -> None:
    first = run_probe(tmp_path)
    assert first["new"] is True  # nothing cached yet: compiled, then written at exit
    assert Path(str(first["file"])).is_file()
    assert str(first["file"]).startswith(str(tmp_path))
    second = run_probe(tmp_path)
    assert second["new"] is False  # every method of every class came from the cache
    assert first["repr"] == second["repr"]
    assert "TextWarning(" in str(first["repr"]) and second["hash"] is True
    assert first["theirs"] is second["theirs"] is False
    assert isinstance(first["known"], int) and first["known"] > 10  # one per shape of record
    assert second["known"] == 0  # nothing compiled the second time
    assert second["left"] == first["known"]  # the file's entries, kept for a second asking


DEFERRED = """
import json, sys
import certify  # installs the cache without importing dataclasses (--version needs none)
before = "dataclasses" in sys.modules
from certify import compiled
from certify.report import TextWarning  # imports dataclasses: patched as it is loaded
import dataclasses
print(json.dumps({"before": before, "patched": dataclasses.exec is compiled.cached_exec,
                  "known": len(compiled._known) + len(compiled._loaded),
                  "repr": repr(TextWarning("w", 2, 5)),
                  "source": "def dataclass(" in dataclasses.__loader__.get_source("dataclasses"),
                  "finders": sum(type(f).__name__ == "_WhenImported" for f in sys.meta_path)}))
"""


def test_dataclasses_imported_after_certify_are_patched_as_they_load(tmp_path: Path) -> None:
    env = with_cache(tmp_path)
    done = subprocess.run(
        [sys.executable, "-c", DEFERRED], env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout)
    assert seen["before"] is False
    assert seen["patched"] is True
    assert seen["known"] > 10  # certify's classes went through the cache (one per shape)
    assert seen["repr"] == "TextWarning(message='w', line=2, column=5)"
    assert seen["source"] is True  # tracebacks still show dataclasses' lines
    assert seen["finders"] == 0  # the finder removed itself


def test_classes_made_through_the_cache_behave_as_the_standard_ones(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    compiled.install()
    _without_the_file(monkeypatch)
    source = (
        "import dataclasses\n"
        "@dataclasses.dataclass(frozen=True, slots=True)\n"
        "class Point:\n"
        "    x: int\n"
        "    y_point: int = 3\n"
    )
    module = types.ModuleType("certify.test_point")  # as if one of certify's modules
    monkeypatch.setitem(sys.modules, module.__name__, module)
    exec(compile(source, "certify/test_point.py", "exec"), module.__dict__)
    assert any("y_point" in k for k in compiled._known)  # its methods went through the cache
    exec(compile(source, "certify/test_point.py", "exec"), module.__dict__)  # looked up again
    assert any("y_point" in k for k in compiled._known)  # compiled here: kept for the file
    point: Any = module.Point
    p = point(1)
    assert (p.x, p.y_point, repr(p)) == (1, 3, "Point(x=1, y_point=3)")
    assert p == point(1, 3) and p != point(1, 4) and hash(p) == hash(point(1, 3))
    assert not hasattr(p, "__dict__")
    with pytest.raises(dataclasses.FrozenInstanceError):
        p.x = 2
    assert dataclasses.replace(p, y_point=5) == point(1, 5)
    assert [f.name for f in dataclasses.fields(point)] == ["x", "y_point"]
    # the class's own annotations, not the names of the cache module's futures (``_type_x``)
    assert point.__init__.__annotations__ == {"x": "int", "y_point": "int", "return": None}


def _without_the_file(monkeypatch: pytest.MonkeyPatch) -> None:
    """This process's cache as if the user's file held nothing: an earlier run that wrote the
    file (``PYTHONDONTWRITEBYTECODE`` unset) put these tests' own sources in it."""
    monkeypatch.setattr(compiled, "_loaded", {})
    monkeypatch.setattr(compiled, "_known", {})
    monkeypatch.setitem(compiled._state, "loaded", True)


def test_cached_code_is_the_compiled_code(monkeypatch: pytest.MonkeyPatch) -> None:
    _without_the_file(monkeypatch)
    source = "def __create_fn__():\n def f(self):\n  return 41 + 1\n return f"
    ours = {"__name__": "certify.example"}
    compiled.cached_exec(source, {"__name__": "elsewhere"}, {})
    assert source not in compiled._known  # another module's code is not cached
    namespace: dict[str, object] = {}
    compiled.cached_exec(source, ours, namespace)
    assert compiled._known[source].co_code == compile(source, "<string>", "exec").co_code
    again: dict[str, object] = {}
    compiled.cached_exec(source, ours, again)  # looked up this time
    assert again["__create_fn__"]()(None) == 42  # type: ignore[operator]


def test_a_cache_others_may_write_or_a_broken_one_is_ignored(tmp_path: Path) -> None:
    source = "x = 1"
    path = tmp_path / "methods.bin"
    import marshal

    path.write_bytes(marshal.dumps({source: compile(source, "<string>", "exec")}))
    path.chmod(0o600)
    assert source in compiled._load(str(path))
    path.chmod(0o666)  # anyone could have put code in it
    assert compiled._load(str(path)) == {}
    path.chmod(0o600)
    path.write_bytes(b"\x00not marshal")
    assert compiled._load(str(path)) == {}
    assert compiled._load(str(tmp_path / "missing.bin")) == {}


def test_the_cache_is_read_in_one_read_not_object_by_object(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import builtins
    import io
    import marshal

    sources = [f"x{i} = {i}" for i in range(200)]
    path = tmp_path / "methods.bin"
    path.write_bytes(marshal.dumps({s: compile(s, "<string>", "exec") for s in sources}))
    path.chmod(0o600)
    reads: list[str] = []

    class Counting(io.BufferedReader):
        def read(self, size: int | None = -1, /) -> bytes:
            reads.append("read")
            return super().read(size)

        def readinto(self, buffer: Any, /) -> int:
            reads.append("readinto")
            return super().readinto(buffer)

    real_open = builtins.open

    def counting_open(file: Any, mode: str = "r", *args: Any, **kwargs: Any) -> Any:
        if str(file) == str(path):
            return Counting(real_open(file, "rb", buffering=0))
        return real_open(file, mode, *args, **kwargs)

    monkeypatch.setattr(builtins, "open", counting_open)
    assert sorted(compiled._load(str(path))) == sorted(sources)
    assert len(reads) <= 2, reads  # marshal.load(stream) makes one call per object


def test_no_cache_where_files_have_no_owner_to_check(monkeypatch: pytest.MonkeyPatch) -> None:
    assert compiled.cache_file() is not None or os.path.expanduser("~") == "~"
    monkeypatch.delattr(os, "getuid")  # as on Windows
    assert compiled.cache_file() is None


def test_each_version_of_certify_has_its_own_cache_file() -> None:
    import certify

    path = compiled.cache_file()
    assert path is None or f"methods-{certify.__version__}-" in os.path.basename(path)
    assert path is None or os.path.basename(path).endswith(f"-{sys.hexversion:x}.bin")


def test_a_source_of_the_file_asked_for_twice_is_not_compiled_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    source = "def __create_fn__():\n def f(self):\n  return 7\n return f"
    code = compile(source, "<string>", "exec", dont_inherit=True)
    monkeypatch.setattr(compiled, "_loaded", {source: code})
    monkeypatch.setattr(compiled, "_known", {})
    monkeypatch.setitem(compiled._state, "loaded", True)
    monkeypatch.setitem(compiled._state, "new", False)
    assert compiled.code_for(source) is code
    assert compiled.code_for(source) is code  # two classes of one shape: the file's code again
    assert compiled._state["new"] is False and compiled._known == {}  # nothing to write
    other = "x = 8"
    compiled.code_for(other)
    assert compiled._state["new"] is True and other in compiled._known  # this one it lacks
