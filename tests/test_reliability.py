"""Never hang on input, never lose a file, never crash (issue 16): each case pinned.

Command lines run in process (typer's CliRunner) with exact exit codes, and every stderr is
checked for the absence of a traceback; the SIGINT trials run real processes.  The hostile
fuzz here is the small one (2,000 mutants); ``benchmarks/hostile.py`` runs fifty thousand.
``certify verify`` on malformed reports is in ``tests/test_reliability_verify.py``.
"""

from __future__ import annotations

import codecs
import gc
import json
import os
import random
import sys
import time
import unicodedata
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from certify import CertifyError, check
from certify.cli.app import app
from certify.errors import ExitCode, hidden, json_text, printable
from certify.limits import MAX_DIGITS, MAX_NESTING, MAX_SENTENCES
from tests.mutations import (
    full_update,
    interrupt_delay,
    interrupted_update,
    mutants,
    run_one,
    traceback_in_certify,
    update_corpus,
)

ROOT = Path(__file__).resolve().parent.parent


def certify(*args: str | Path) -> Result:
    """Run ``certify ARGS`` in process; no traceback may reach stderr."""
    result = CliRunner().invoke(app, [str(a) for a in args], catch_exceptions=False)
    assert "Traceback" not in result.stderr, result.stderr
    return result


def text_file(tmp_path: Path, text: str, name: str = "t.txt") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


# ------------------------------------------------------------------ long lists, deep nesting

LONG = 483
READ_WITHOUT_RECURSION = {
    "adjectives": "Ana is " + " and ".join(f"a{i}" for i in range(LONG)) + ".\nIs Ana a7?\n",
    "places": "Ana is in " + ", ".join(f"the p{i}" for i in range(LONG)) + " or the q.\n"
    "Where is Ana?\n",
    "sentences": " and ".join(f"Ana is b{i}" for i in range(LONG)) + ".\nIs Ana b3?\n",
    "integers": ", ".join(f"n{i}" for i in range(LONG)) + " and m are integers.\nn1 = 2.\n"
    "What is n1?\n",
    "parentheses": "x = " + "(" * LONG + "1" + ")" * LONG + ".\nWhat is x?\n",
    "sums": "x = " + " + ".join(["y"] * LONG) + ".\ny = 1.\nWhat is x?\n",
}


@pytest.mark.parametrize("name", sorted(READ_WITHOUT_RECURSION))
def test_long_lists_are_read_without_recursion(tmp_path: Path, name: str) -> None:
    result = certify(text_file(tmp_path, READ_WITHOUT_RECURSION[name]))
    assert result.exit_code == ExitCode.OK, result.output
    assert "forced" in result.stdout or "open" in result.stdout


def test_nesting_up_to_the_limit_is_read_and_beyond_it_refused(tmp_path: Path) -> None:
    deep = "It is not the case that " * MAX_NESTING + "Ana is in the kitchen.\nWhere is Ana?\n"
    assert certify(text_file(tmp_path, deep), "--engine", "enumerate").exit_code == ExitCode.OK
    for depth in (MAX_NESTING + 1, 1000):
        text = "It is not the case that " * depth + "Ana is in the kitchen.\n"
        result = certify(text_file(tmp_path, text))
        assert result.exit_code == ExitCode.BAD_TEXT
        assert f"certify reads up to {MAX_NESTING} levels" in result.stderr
        assert "t.txt:1:" in result.stderr


BAD_TEXTS = {
    "digits": ("x = " + "9" * 5000 + ".\n", f"numbers of up to {MAX_DIGITS} digits"),
    "decimals": ("x = 1." + "0" * 200 + "1.\n", f"numbers of up to {MAX_DIGITS} digits"),
    "clock minutes": ("Ana arrives at 99:99.\n", "'99:99' is not a time of day"),
    "clock hours": ("Ana arrives at 25:00.\n", "'25:00' is not a time of day"),
    "scientific": ("x = 1e999999999.\n", "scientific notation"),
    "punctuation": ("....\n???\n", "no sentence to read"),
    "comments": ("# only a comment\n", "no sentence to read"),
    "bidi": ("Ana is in the kit\u2066chen.\n", "not part of certify's language"),
}


@pytest.mark.parametrize("name", sorted(BAD_TEXTS))
def test_bad_text_is_refused_with_exit_3(tmp_path: Path, name: str) -> None:
    text, message = BAD_TEXTS[name]
    result = certify(text_file(tmp_path, text))
    assert result.exit_code == ExitCode.BAD_TEXT, result.output
    assert message in result.stderr
    assert "t.txt:1" in result.stderr  # names its line


def test_good_clock_times_still_read() -> None:
    report = check("Ana arrives at 23:59.\nBob arrives at 0:00.\nWhen does Ana arrive?\n")
    assert report.questions[0].status == "forced"


# ------------------------------------------------------------------ files


def test_sentence_cap_is_applied_before_parsing(monkeypatch: pytest.MonkeyPatch) -> None:
    import certify.syntax.parse as parse

    calls = []
    real = parse.parse_sentence
    monkeypatch.setattr(parse, "parse_sentence", lambda *a: calls.append(a) or real(*a))
    with pytest.raises(CertifyError, match=f"more than {MAX_SENTENCES:,} sentences"):
        parse.read_document("Ana is big. " * 27_000)
    assert calls == []


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_fifo_is_refused_and_the_folder_goes_on(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "a-pipe.txt")
    text_file(tmp_path, "Ana is in the kitchen.\nWhere is Ana?\n", "b-good.txt")
    result = certify(tmp_path, "--json")
    assert result.exit_code == ExitCode.BAD_TEXT
    assert "named pipe (FIFO), not a text file" in result.stderr
    documents = [json.loads(line) for line in result.stdout.splitlines()]
    assert [d["schema"] for d in documents] == ["certify.error/1", "certify.report/1"]


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_devices_are_refused() -> None:
    result = certify("/dev/zero")
    assert result.exit_code == ExitCode.BAD_TEXT
    assert "character device, not a text file" in result.stderr


def test_size_is_checked_before_reading(tmp_path: Path) -> None:
    sparse = tmp_path / "sparse.txt"
    with open(sparse, "wb") as stream:
        stream.truncate(3 * 1024**3)  # 3 GB, holes only: reading it would take seconds
    result = certify(sparse)
    assert result.exit_code == ExitCode.BAD_TEXT
    assert "3,221,225,472 bytes" in result.stderr


BOMS = {"utf-16-le": codecs.BOM_UTF16_LE, "utf-16-be": codecs.BOM_UTF16_BE}
BOMS["utf-32-le"] = codecs.BOM_UTF32_LE


@pytest.mark.parametrize("codec", sorted(BOMS))
def test_utf16_and_utf32_with_a_bom_are_read_and_updated_in_kind(
    tmp_path: Path, codec: str
) -> None:
    path = tmp_path / "wide.txt"
    path.write_bytes(BOMS[codec] + "Ana is in the kitchen.\nWhere is Ana?\n".encode(codec))
    result = certify(path)
    assert result.exit_code == ExitCode.OK, result.output
    assert "forced: {the kitchen}" in result.stdout
    assert certify(path, "--update").exit_code == ExitCode.OK
    data = path.read_bytes()
    assert data.startswith(BOMS[codec])
    assert "# expect: forced: the kitchen" in data[len(BOMS[codec]) :].decode(codec)
    assert certify(path, "--check").exit_code == ExitCode.OK


def test_utf16_without_a_bom_is_called_what_it_may_be(tmp_path: Path) -> None:
    path = tmp_path / "bare.txt"
    path.write_bytes("Ana is big.\n".encode("utf-16-le"))
    result = certify(path)
    assert result.exit_code == ExitCode.BAD_TEXT
    assert "UTF-16 without a byte order mark" in result.stderr


# ------------------------------------------------------------------ escaping

HIDDEN = [
    chr(c)
    for c in range(0x110000)
    if unicodedata.category(chr(c)) in ("Cc", "Cf") or c in (0x2028, 0x2029)
]


def test_one_escape_covers_every_control_and_format_character() -> None:
    assert {"\u2066", "\u2069", "\u200e", "\u200f", "\u061c", "\x1b"} <= set(HIDDEN)
    for char in HIDDEN:
        assert hidden(char)
        shown = printable(f"a{char}b")
        assert shown.isascii() and shown.isprintable(), repr(char)
        line = json_text({"k": char})
        assert not any(hidden(c) for c in line) and json.loads(line) == {"k": char}
    assert printable("Ana is in the kitchen, café") == "Ana is in the kitchen, café"


def test_names_sentences_and_file_names_reach_the_terminal_escaped(tmp_path: Path) -> None:
    evil = "x\x1b[2J\u202e"
    folder = tmp_path / evil
    folder.mkdir()
    text_file(folder, "Ana is in the kitchen.\nWhere is Bo\u200fb?\n", f"a{evil}.txt")
    text_file(folder, "Ana is in the kit\u2067chen or\u061c the hall\n", f"b{evil}.txt")
    for args in ((), ("--json",), ("--check",), ("--explain",)):
        result = certify(folder, *args)
        assert result.exit_code == ExitCode.BAD_TEXT
        for stream in (result.stdout, result.stderr):
            assert not any(hidden(c) and c != "\n" for c in stream), (args, stream)
        assert "\\x1b[2J\\u202e" in result.stderr


def test_internal_errors_are_one_escaped_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*args: object) -> None:
        raise RuntimeError("boom \x1b[31m\u2066")

    monkeypatch.setattr("certify.cli.batch.run_text", broken)
    result = certify(text_file(tmp_path, "Ana is big.\n"))
    assert result.exit_code == ExitCode.INTERNAL
    assert "internal error (a bug in certify): RuntimeError: boom \\x1b[31m\\u2066" in (
        result.stderr
    )


# ------------------------------------------------------------------ SIGINT during --update


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_sigint_during_update_never_truncates_a_file(tmp_path: Path) -> None:
    reference = tmp_path / "reference"
    originals = update_corpus(reference)
    seconds, done = full_update(reference)
    assert done.returncode in (ExitCode.OK, ExitCode.EXPECTATION_FAILED), done.stderr
    updated = {name: (reference / name).read_bytes() for name in originals}
    assert sum(updated[n] != originals[n] for n in originals) > len(originals) // 2
    rng = random.Random(16)
    interrupted = 0
    for trial in range(6):
        folder = tmp_path / f"trial{trial}"
        update_corpus(folder)
        result = interrupted_update(folder, interrupt_delay(rng, seconds))
        assert not traceback_in_certify(result.stderr), result.stderr
        if result.returncode == ExitCode.INTERRUPTED:
            interrupted += 1
            last = result.stderr.strip().splitlines()[-1]
            assert last.startswith("certify: interrupted; ") and last.endswith(" files done")
        for name, data in originals.items():
            assert (folder / name).read_bytes() in (data, updated[name]), name
        assert sorted(p.name for p in folder.iterdir()) == sorted(originals)  # no temp files
    assert interrupted > 0, f"no trial landed within the {seconds:.2f} s of an --update"


# ------------------------------------------------------------------ the small hostile fuzz

FUZZ_INPUTS = 2_000


def test_mutated_texts_end_in_a_report_or_a_clear_error() -> None:
    outcomes = [run_one(text, cap=10.0) for text in mutants(seed=8, count=FUZZ_INPUTS)]
    crashes = [o.detail for o in outcomes if o.kind == "crash"]
    assert crashes == []
    assert sum(o.kind in ("report", "refused") for o in outcomes) >= FUZZ_INPUTS * 0.99


def _spin(seconds: float) -> None:
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        pass


class _SlowToDelete:
    def __del__(self) -> None:
        _spin(0.3)


@pytest.mark.parametrize("where", ["collector callback", "__del__"])
def test_the_cap_stops_a_text_when_a_tick_lands_where_python_drops_exceptions(
    where: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A tick raised in a collector's callback or a ``__del__`` is dropped by Python: the cap
    must tick again rather than let the text run on (and must not print a warning)."""
    import certify

    spun: list[str] = []

    def slow_callback(phase: str, info: dict[str, int]) -> None:
        if phase == "start" and not spun:
            spun.append(phase)
            _spin(0.3)

    def slow_check(text: str) -> None:
        if where == "__del__":
            _SlowToDelete()  # deleted at once: the first tick lands in its __del__
            spun.append(where)
        else:
            gc.collect()
        started = time.perf_counter()
        while time.perf_counter() - started < 3.0:
            time.sleep(0.005)

    reported: list[object] = []
    monkeypatch.setattr(certify, "check", slow_check)
    monkeypatch.setattr(sys, "unraisablehook", reported.append)
    gc.callbacks.append(slow_callback)
    try:
        outcome = run_one("Ana is in the kitchen.", cap=0.05)
    finally:
        gc.callbacks.remove(slow_callback)
    assert spun, "the slow part did not run"
    assert outcome.kind == "overtime"  # not a report after the whole 3 s
    assert reported == []
    assert sys.unraisablehook == reported.append  # put back as it was


# ------------------------------------------------------------------ atomic writes


def test_an_interrupted_write_leaves_the_old_file_and_no_temporary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from certify.files import write_atomically

    target = text_file(tmp_path, "old text\n")

    def interrupted(*args: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "replace", interrupted)
    with pytest.raises(KeyboardInterrupt):
        write_atomically(str(target), b"new text\n")
    assert target.read_bytes() == b"old text\n"
    assert [p.name for p in tmp_path.iterdir()] == ["t.txt"]


def test_atomic_writes_keep_links_and_permissions(tmp_path: Path) -> None:
    from certify.files import write_atomically

    target = text_file(tmp_path, "old\n")
    target.chmod(0o640)
    link = tmp_path / "link.txt"
    link.symlink_to(target)
    write_atomically(str(link), b"new\n")
    assert link.is_symlink() and target.read_bytes() == b"new\n"
    assert target.stat().st_mode & 0o777 == 0o640
    fresh = tmp_path / "fresh.xml"
    write_atomically(str(fresh), b"<x/>\n")
    umask = os.umask(0)
    os.umask(umask)
    assert fresh.stat().st_mode & 0o777 == 0o666 & ~umask


def test_junit_to_a_stream_is_written_as_it_is(tmp_path: Path) -> None:
    if not os.path.exists("/dev/null"):
        pytest.skip("needs /dev/null")
    good = text_file(tmp_path, "Ana is in the kitchen.\nWhere is Ana?\n")
    assert certify(good, "--junit", "/dev/null").exit_code == ExitCode.OK
    assert os.path.exists("/dev/null") and not os.path.isfile("/dev/null")
