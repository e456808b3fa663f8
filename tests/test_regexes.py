"""The lexer's regular expressions, built from kept programs, are the ones ``re`` compiles.

``certify.syntax.regexes`` keeps what ``re`` compiles each of Lark's scanner patterns to and
builds the pattern objects from it in later runs.  ``re.Pattern.__eq__`` compares pattern,
flags and the compiled program, so equality here means the same matcher.
"""

from __future__ import annotations

import _sre
import contextlib
import marshal
import re
from pathlib import Path

import pytest

from certify.syntax import regexes
from certify.syntax.grammar import built_by_lark, grammar_text, parser
from tests.caching import run_with_cache
from tests.paths import SAMPLES


def test_every_kept_program_builds_the_pattern_re_compiles(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(regexes, "_loaded", {})  # no file: every program compiled here
    monkeypatch.setattr(regexes, "_known", {})
    monkeypatch.setattr(regexes, "_built", {})
    monkeypatch.setitem(regexes._state, "loaded", True)
    monkeypatch.setitem(regexes._state, "new", True)  # nothing to write at exit
    bare = built_by_lark(grammar_text())  # its scanners not built yet
    regexes.use_in(bare)
    for path in sorted(SAMPLES.rglob("*.txt")):
        for line in path.read_text(encoding="utf-8").splitlines():
            for start in ("statement", "question"):
                with contextlib.suppress(
                    Exception
                ):  # a line of another kind was lexed all the same
                    bare.parse(line.split("#", 1)[0].strip().rstrip(".?"), start=start)
    kept = dict(regexes._known)
    assert len(kept) > 20  # the scanners of many parser states went through the cache
    for (pattern, flags), program in kept.items():
        built = _sre.compile(pattern, *program)
        assert built == re.compile(pattern, flags), pattern[:80]
        assert (built.groups, built.groupindex) == (
            re.compile(pattern, flags).groups,
            re.compile(pattern, flags).groupindex,
        )


def test_every_lexer_of_the_parser_uses_the_cache() -> None:
    contextual = parser().parser.lexer
    lexers = [*contextual.lexers.values(), contextual.root_lexer]
    assert len({id(x) for x in lexers}) > 100
    assert all(x.re is regexes.CACHED for x in lexers)
    assert regexes.use_in(parser()) == 0  # taken once, before any scanner was built
    bare = built_by_lark(grammar_text())
    assert regexes.use_in(bare) == len({id(x) for x in lexers})


def test_a_program_the_matcher_refuses_is_compiled_again(monkeypatch: pytest.MonkeyPatch) -> None:
    refused = marshal.dumps((0, [12345, 1], 0, {}, (None,)))
    monkeypatch.setattr(regexes, "_loaded", {("(?P<A>ab)|c", 0): refused})
    monkeypatch.setattr(regexes, "_known", {})
    monkeypatch.setattr(regexes, "_built", {})
    monkeypatch.setitem(regexes._state, "loaded", True)
    monkeypatch.setitem(regexes._state, "new", True)  # nothing to write at exit
    built = regexes.compile_cached("(?P<A>ab)|c")
    assert built == re.compile("(?P<A>ab)|c")
    assert regexes._known[("(?P<A>ab)|c", 0)] == regexes.program("(?P<A>ab)|c", 0)


def test_errors_are_re_errors() -> None:
    with pytest.raises(re.error):
        regexes.CACHED.compile("(unclosed")


RUN = """
import json, sys
from certify.syntax import regexes
from certify.syntax.parse import read_document
read_document("Ana is in the kitchen or the garden. Where is Ana? x + y = 10.")
print(json.dumps({"new": regexes._state["new"], "known": len(regexes._known),
                  "built": len(regexes._built), "left": len(regexes._loaded)}))
"""


def test_a_second_run_compiles_none_of_what_the_first_kept(tmp_path: Path) -> None:
    def run() -> dict[str, object]:
        found: dict[str, object] = run_with_cache(RUN, tmp_path)
        return found

    first = run()
    assert first["new"] is True and isinstance(first["known"], int) and first["known"] > 5
    (kept,) = (tmp_path / "certify").glob("lexer-code-*.bin")
    assert kept.stat().st_mode & 0o077 == 0  # the user's own, like the method cache
    assert run() == {"new": False, "known": 0, "built": first["known"], "left": 0}


def test_a_program_of_the_file_is_dropped_once_built(monkeypatch: pytest.MonkeyPatch) -> None:
    key, other = ("(?P<A>ab)|cd", 0), ("unused", 0)
    untouched = marshal.dumps(regexes.program(*other))
    loaded = {key: marshal.dumps(regexes.program(*key)), other: untouched}
    monkeypatch.setattr(regexes, "_loaded", loaded)
    monkeypatch.setattr(regexes, "_known", {})
    monkeypatch.setattr(regexes, "_built", {})
    monkeypatch.setitem(regexes._state, "loaded", True)
    monkeypatch.setitem(regexes._state, "new", False)
    built = regexes.compile_cached(*key)
    assert built == re.compile(*key)
    assert regexes._loaded == {other: untouched}  # the pattern keeps its own copy; the
    # program no pattern asked for is still the file's bytes, not decoded
    assert regexes.compile_cached(*key) is built  # asked again (another parser state)
    assert regexes._state["new"] is False and regexes._known == {}  # the file has it


WATCH = """
import json, re, traceback
try:
    import re._compiler as compiler
except ImportError:  # Python 3.10: re.py and sre_compile.py
    import sre_compile as compiler
compiled = []
original = compiler.compile
ours = {re.__file__, compiler.__file__}


def watched(pattern, flags=0):  # what re compiles, and which module of certify asked for it
    stack = traceback.extract_stack()[:-1]
    callers = [f.filename for f in stack if f.filename not in ours and "/re/" not in f.filename]
    if callers and "/certify/" in callers[-1] and "lark_runtime" not in callers[-1] \
            and "module_patterns" not in callers[-1]:  # its probe of re's cache
        compiled.append(callers[-1].rsplit("/certify/", 1)[1] + ": " + str(pattern)[:40])
    return original(pattern, flags)


compiler.compile = watched
from certify.syntax.parse import read_document
read_document("Ana is in the kitchen or the garden. Where is Ana? x2 - x1 <= 3.")
print(json.dumps(compiled))
"""


def test_a_second_run_compiles_no_pattern_of_certify_s_modules(tmp_path: Path) -> None:
    # Module-level patterns go through the cache too (compile_cached), not only the lexers';
    # Lark's own module (generated, lark_runtime) compiles one small pattern as Lark does.
    first = run_with_cache(WATCH, tmp_path)
    assert any("syntax/" in entry for entry in first)  # the watch does see certify's patterns
    assert run_with_cache(WATCH, tmp_path) == []
