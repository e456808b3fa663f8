"""The data files' tables, kept between runs, are what ``tomllib`` decodes from their bytes."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
import tomllib

from certify.syntax.grammar import data_path
from certify.syntax.tables import read_toml
from tests.caching import run_with_cache


@pytest.mark.parametrize("name", ["lexicon.toml", "errors.toml", "stepgame.toml"])
def test_a_kept_table_is_the_files_table(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    with data_path(name).open("rb") as handle:
        expected = tomllib.load(handle)
    assert read_toml(data_path(name)) == expected  # decoded, and kept
    assert list((tmp_path / "certify").glob("toml-tables-*"))
    assert read_toml(data_path(name)) == expected  # from the cache


def test_an_edited_file_is_read_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    path = tmp_path / "words.toml"
    path.write_text('[a]\nwords = ["one"]\n')
    assert read_toml(path) == {"a": {"words": ["one"]}}
    path.write_text('[a]\nwords = ["one", "two"]\n')
    assert read_toml(path) == {"a": {"words": ["one", "two"]}}


RUN = """
import json, sys
from certify.syntax.lexicon import place_nouns
place_nouns()
print(json.dumps({"tomllib": "tomllib" in sys.modules}))
"""


def test_the_second_run_does_not_decode_the_lexicon(tmp_path: Path) -> None:
    def run() -> dict[str, bool]:
        found: dict[str, bool] = run_with_cache(RUN, tmp_path)
        return found

    assert run() == {"tomllib": True}
    assert run() == {"tomllib": False}
