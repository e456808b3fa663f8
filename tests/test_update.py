"""``--update``: freeze the current answers; afterwards ``--check`` passes and nothing else moved.

The round trip is the law: for any readable text, ``--update`` then ``--check`` exits 0, a
second ``--update`` changes nothing, and every line that is not an expectation keeps its
bytes (line endings, byte order mark, comments, a missing final newline).
"""

from __future__ import annotations

import shutil
from pathlib import Path

from typer.testing import CliRunner, Result

from certify.cli.app import app
from certify.errors import ExitCode
from tests.paths import SAMPLES

MESSY = (
    "\ufeff# Ana and Bea, with every kind of expectation a person leaves behind.\r\n"
    "Ana is in the kitchen or the garden.\r\n"
    "Where is Ana?\r\n"
    "# expect: forced: the garden\r\n"
    "#expect:open\r\n"
    "Is Ana in the kitchen?   # a comment after the question\r\n"
    "\r\n"
    "Ana is not in the kitchen.\r\n"
    "x = 3.\r\n"
    "What is x?\r\n"
    "\r\n"
    "   # EXPECT: open\r\n"
    "Where is Ana?"
)


def certify(*args: str | Path) -> Result:
    """Run ``certify ARGS`` in process."""
    return CliRunner().invoke(app, [str(a) for a in args])


def without_expectations(data: bytes) -> list[bytes]:
    """The file's lines, ends included, with its expectation lines left out."""
    return [
        line
        for line in data.splitlines(keepends=True)
        if not line.lstrip(b"\xef\xbb\xbf \t").lower().startswith((b"# expect", b"#expect"))
    ]


def test_round_trip_keeps_every_other_byte(tmp_path: Path) -> None:
    text = tmp_path / "messy.txt"
    text.write_bytes(MESSY.encode("utf-8"))
    before = text.read_bytes()
    assert certify(text, "--check").exit_code == ExitCode.EXPECTATION_FAILED
    updated = certify(text, "--update")
    assert updated.exit_code == ExitCode.OK
    assert f"updated {text}: 4 expectations" in updated.stderr
    after = text.read_bytes()
    assert after.startswith(b"\xef\xbb\xbf") and not after.endswith(b"\n")
    assert without_expectations(after)[:-1] == without_expectations(before)[:-1]
    assert after.splitlines()[2:6] == [
        b"Where is Ana?",
        b"# expect: open: the kitchen | the garden",
        b"Is Ana in the kitchen?   # a comment after the question",
        b"# expect: open: yes | no",
    ]
    assert after.splitlines()[-4:] == [
        b"",
        b"   # EXPECT: forced: 3",  # the prefix is kept as written
        b"Where is Ana?",
        b"# expect: forced: the garden",  # no final newline, as before
    ]
    assert b"#expect:open" not in after  # a duplicate expectation of the same question
    assert after.count(b"\r\n") == after.count(b"\n")
    check = certify(text, "--check")
    assert check.exit_code == ExitCode.OK, check.stdout
    assert "updated" not in certify(text, "--update").stderr
    assert text.read_bytes() == after


def test_question_on_the_last_line_without_newline(tmp_path: Path) -> None:
    text = tmp_path / "last.txt"
    text.write_bytes(b"Ana is in the hall.\nWhere is Ana?")
    assert certify(text, "--update").exit_code == ExitCode.OK
    assert text.read_bytes() == b"Ana is in the hall.\nWhere is Ana?\n# expect: forced: the hall"


def test_unparsable_files_are_never_touched(tmp_path: Path) -> None:
    broken = tmp_path / "broken.txt"
    broken.write_bytes(b"Ana is in the hall\nWhere is Ana?\n# expect: open\n")
    good = tmp_path / "good.txt"
    good.write_bytes(b"Ana is in the hall.\nWhere is Ana?\n")
    result = certify(tmp_path, "--update")
    assert result.exit_code == ExitCode.BAD_TEXT
    assert broken.read_bytes() == b"Ana is in the hall\nWhere is Ana?\n# expect: open\n"
    assert good.read_bytes() == b"Ana is in the hall.\nWhere is Ana?\n# expect: forced: the hall\n"


def test_a_corpus_frozen_from_scratch_checks(tmp_path: Path) -> None:
    corpus = tmp_path / "corpus"
    shutil.copytree(SAMPLES, corpus)
    originals = {p: p.read_bytes() for p in corpus.rglob("*.txt")}
    for path, data in originals.items():
        path.write_bytes(b"".join(without_expectations(data)))
    assert certify(corpus, "--update", "--quiet").exit_code == ExitCode.OK
    check = certify(corpus, "--check", "--quiet")
    assert check.exit_code == ExitCode.OK, check.stdout
    for path, data in originals.items():
        assert without_expectations(path.read_bytes()) == without_expectations(data), path
