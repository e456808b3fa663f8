"""A parser loaded from a saved pickle parses as the parser Lark builds from the grammar.

``certify.syntax.saved_parser`` keeps the whole parser between runs, in the classes of
``certify.syntax.lark_runtime`` (Lark's standalone code).  These tests build each of the three
grammars' parsers, round-trip them through ``save`` and ``load``, and compare what the loaded
parser makes of every line of every sample and conformance case with what the ``lark`` package's
own parser makes of it (trees with every token's type and position, or the error's kind,
position and expected terminals), for both start symbols.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path

import lark
import pytest

from certify.syntax import grammar, lark_runtime, puzzle, regexes, saved_parser, stepgame
from tests.caching import run_with_cache
from tests.paths import CONFORMANCE, SAMPLES
from tests.trees import plain

GRAMMARS: dict[str, Callable[[], str]] = {
    "main": grammar.grammar_text,
    "puzzle": puzzle.puzzle_grammar_text,
    "stepgame": stepgame.grammar_text,
}


def lines() -> list[str]:
    found = []
    for folder in (SAMPLES, CONFORMANCE):
        for path in sorted(folder.rglob("*.txt")):
            for line in path.read_text(encoding="utf-8").splitlines():
                sentence = line.split("#", 1)[0].strip().rstrip(".?")
                if sentence:
                    found.append(sentence)
    return found


def outcome(parser: lark.Lark | lark_runtime.Lark, text: str, start: str) -> object:
    try:
        return plain(parser.parse(text, start=start))
    except (lark.exceptions.UnexpectedInput, lark_runtime.UnexpectedInput) as error:
        expected = getattr(error, "expected", None) or getattr(error, "allowed", None)
        return (type(error).__name__, error.line, error.column, sorted(expected or ()))


@pytest.mark.parametrize("name", sorted(GRAMMARS))
def test_a_loaded_parser_parses_as_the_built_one(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    text = GRAMMARS[name]()
    built = grammar.built_by_lark(text)
    assert isinstance(built, lark_runtime.Lark)
    regexes.use_in(built)
    saved_parser.save(text, grammar.OPTIONS, built)  # compacted, then saved
    loaded = saved_parser.load(text, grammar.OPTIONS)
    assert isinstance(loaded, lark_runtime.Lark) and loaded is not built
    reference = lark.Lark(text, cache=True, **grammar.OPTIONS)  # the lark package's own
    contextual = loaded.parser.lexer
    lexers = [*contextual.lexers.values(), contextual.root_lexer]
    assert all(x.re is regexes.CACHED for x in lexers)  # the one instance, not a copy
    sentences = lines()
    assert len(sentences) > 500
    trees = errors = 0
    for sentence in sentences:
        for start in ("statement", "question"):
            expected = outcome(reference, sentence, start)
            assert outcome(loaded, sentence, start) == expected, sentence
            assert outcome(built, sentence, start) == expected, sentence
            is_tree = isinstance(expected, tuple) and isinstance(expected[1], list)
            assert not is_tree or expected[2] is not None  # the reference has positions
            trees, errors = trees + is_tree, errors + (not is_tree)
    assert trees >= 10 and errors >= 100  # both trees and errors were compared


def test_a_broken_or_foreign_file_is_not_loaded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    text = grammar.grammar_text()
    saved_parser.save(text, grammar.OPTIONS, grammar.parser())
    path = saved_parser.path_for(text, grammar.OPTIONS)
    assert path is not None and saved_parser.load(text, grammar.OPTIONS) is not None
    os.chmod(path, 0o666)  # anyone could have put anything in it
    assert saved_parser.load(text, grammar.OPTIONS) is None
    os.chmod(path, 0o600)
    Path(path).write_bytes(b"\x80\x05not a pickle")
    assert saved_parser.load(text, grammar.OPTIONS) is None
    assert saved_parser.load(text + "\n", grammar.OPTIONS) is None  # another grammar text


RUN = """
import json
from certify.syntax import saved_parser
from certify.syntax.parse import read_document
document = read_document("Ana is in the kitchen or the garden. Where is Ana?")
print(json.dumps({**saved_parser._state, "sentences": len(document.sentences)}))
"""


def test_the_second_run_loads_what_the_first_saved(tmp_path: Path) -> None:
    def run() -> dict[str, int]:
        found: dict[str, int] = run_with_cache(RUN, tmp_path)
        return found

    assert run() == {"loaded": 0, "saved": 1, "sentences": 2}
    (kept,) = (tmp_path / "certify").glob("parser-*")
    assert kept.stat().st_mode & 0o077 == 0
    assert run() == {"loaded": 1, "saved": 0, "sentences": 2}


def test_equal_actions_and_sets_are_kept_once() -> None:
    parser = grammar.built_by_lark(grammar.grammar_text())
    states = parser.parser.parser.parser.parse_table.states
    entries = [action for row in states.values() for action in row.values()]
    before = len({id(action) for action in entries})
    assert saved_parser.compact(parser) > 5_000
    after = {id(action) for row in states.values() for action in row.values()}
    assert len(after) == len(set(entries)) < before  # one object per distinct action
    assert [action for row in states.values() for action in row.values()] == entries
    lexers = parser.parser.lexer.lexers.values()
    assert len({id(lexer.ignore_types) for lexer in lexers}) == len(
        {lexer.ignore_types for lexer in lexers}
    )
    rules = parser.rules
    places = [symbol for rule in rules for symbol in (rule.origin, *rule.expansion)]
    shapes = {(s.__class__, s.name, getattr(s, "filter_out", None)) for s in places}
    assert len({id(symbol) for symbol in places}) == len(shapes) < len(places) // 5
    assert len({id(rule.options) for rule in rules}) == len(
        {tuple(sorted(vars(rule.options).items())) for rule in rules}
    )
    assert saved_parser.compact(parser) == 0  # nothing left to share


def test_lark_s_grammar_cache_is_taken_without_lark_loading_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import tempfile

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))  # where Lark keeps its cache
    text = grammar.grammar_text()
    built = grammar.built_by_lark(text)  # from the grammar: Lark writes its cache
    assert list(tmp_path.glob(".lark_cache*"))

    def refuse(*args: object, **kwargs: object) -> object:
        raise AssertionError("the cache's data should have been taken as read")

    monkeypatch.setattr(lark.Lark, "memo_serialize", refuse)
    monkeypatch.setattr(lark.Lark, "_load", refuse)  # nor did Lark build its own parser
    taken = grammar.built_by_lark(text)
    for sentence in ("Ana is in the kitchen", "Where is Ana", "x + y = 10"):
        for start in ("statement", "question"):
            assert outcome(taken, sentence, start) == outcome(built, sentence, start)


def test_the_name_changes_with_any_module_the_parser_depends_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    assert set(saved_parser.sources()) >= {saved_parser.__file__, regexes.__file__}
    modules = [tmp_path / f"module{i}.py" for i in range(4)]
    for module in modules:
        module.write_text("x = 1\n")
        os.utime(module, ns=(1_000_000_000, 1_000_000_000))
    monkeypatch.setattr(saved_parser, "sources", lambda: tuple(map(str, modules)))
    named = saved_parser.path_for("start: x", {})
    assert named is not None and named == saved_parser.path_for("start: x", {})
    modules[2].write_text("x = 22\n")  # another size
    os.utime(modules[2], ns=(1_000_000_000, 1_000_000_000))
    edited = saved_parser.path_for("start: x", {})
    assert edited not in (None, named)
    os.utime(modules[2], ns=(2_000_000_000, 2_000_000_000))  # the same size, another time
    assert saved_parser.path_for("start: x", {}) not in (None, named, edited)
    modules[3].unlink()  # no source beside the code: no parser kept
    assert saved_parser.path_for("start: x", {}) is None
