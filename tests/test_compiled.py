"""certify/compiled.py: dataclass methods come from the per-user cache, and behave the same."""

from __future__ import annotations

import dataclasses
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from certify import compiled

PROBE = """
import dataclasses, json, sys
import certify  # installs the cache
from certify import compiled

@dataclasses.dataclass(frozen=True, slots=True)
class Probe:
    name: str
    count: int = 0
    tags: tuple[str, ...] = ()

p = Probe("a", 2)
same = hash(p) == hash(Probe("a", 2))
print(json.dumps({"new": compiled._state["new"], "repr": repr(p), "hash": same,
                  "file": compiled.cache_file()}))
"""


def run_probe(cache: Path) -> dict[str, object]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["XDG_CACHE_HOME"] = str(cache)
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
    assert first["repr"] == second["repr"] == "Probe(name='a', count=2, tags=())"
    assert second["hash"] is True


def test_classes_made_through_the_cache_behave_as_the_standard_ones() -> None:
    compiled.install()

    @dataclasses.dataclass(frozen=True, slots=True)
    class Point:
        x: int
        y: int = 3

    p = Point(1)
    assert (p.x, p.y, repr(p).split(".")[-1]) == (1, 3, "Point(x=1, y=3)")
    assert p == Point(1, 3) and p != Point(1, 4) and hash(p) == hash(Point(1, 3))
    assert not hasattr(p, "__dict__")
    with pytest.raises(dataclasses.FrozenInstanceError):
        p.x = 2  # type: ignore[misc]
    assert dataclasses.replace(p, y=5) == Point(1, 5)
    assert [f.name for f in dataclasses.fields(Point)] == ["x", "y"]


def test_cached_code_is_the_compiled_code() -> None:
    source = "def __create_fn__():\n def f(self):\n  return 41 + 1\n return f"
    compiled._known.pop(source, None)
    namespace: dict[str, object] = {}
    compiled.cached_exec(source, {}, namespace)
    assert compiled._known[source].co_code == compile(source, "<string>", "exec").co_code
    again: dict[str, object] = {}
    compiled.cached_exec(source, {}, again)  # looked up this time
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
