"""Batches as command lines: folders, bad files, exit codes, JSON Lines, --quiet, --jobs, --glob.

Every test runs the real command line (typer's CliRunner, in process) and asserts the exact
exit code of SPEC section 8 and, where there is JSON, the parsed documents.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from certify.cli.app import app
from certify.cli.batch import FileResult, Summary, exit_code, summarize
from certify.errors import ExitCode
from tests.paths import SAMPLES

GOOD = (
    "Ana is in the kitchen or the garden.\nWhere is Ana?\n"
    "# expect: open: the kitchen | the garden\n"
)
WRONG = "Ana is in the kitchen or the garden.\nWhere is Ana?\n# expect: forced: the garden\n"


def certify(*args: str | Path) -> Result:
    """Run ``certify ARGS`` in process."""
    return CliRunner().invoke(app, [str(a) for a in args], catch_exceptions=False)


def lines(text: str) -> list[dict[str, object]]:
    """Parse JSON Lines output."""
    return [json.loads(line) for line in text.splitlines()]


@pytest.fixture
def bad_folder(tmp_path: Path) -> Path:
    """One binary file, one empty file, one non-UTF-8 file and one good text."""
    (tmp_path / "a-binary.txt").write_bytes(b"\x00\x01\x02\xffELF")
    (tmp_path / "b-empty.txt").write_bytes(b"")
    (tmp_path / "c-latin1.txt").write_bytes("Ana is in the café.\n".encode("latin-1"))
    (tmp_path / "d-good.txt").write_text(GOOD, encoding="utf-8")
    return tmp_path


def test_bad_files_are_reported_and_the_batch_goes_on(bad_folder: Path) -> None:
    result = certify(bad_folder, "--check")
    assert result.exit_code == ExitCode.BAD_TEXT
    assert "Traceback" not in result.stderr + result.stdout
    assert "a-binary.txt: error: this is a binary file, not a text" in result.stderr
    assert "b-empty.txt: error: the file is empty" in result.stderr
    assert "c-latin1.txt: error: the file is not UTF-8 (byte 0xe9 at offset 17)" in result.stderr
    assert result.stderr.count(": error: ") == 3
    assert "d-good.txt" in result.stdout and "open" in result.stdout
    assert "4 texts, 1 question (1 open); 1 expectation checked, 0 failed; 3 errors" in (
        result.stderr
    )


def test_bad_files_in_json_lines(bad_folder: Path) -> None:
    result = certify(bad_folder, "--check", "--json")
    assert result.exit_code == ExitCode.BAD_TEXT
    documents = lines(result.stdout)
    assert [d["schema"] for d in documents] == ["certify.error/1"] * 3 + ["certify.report/1"]
    assert [Path(str(d["file"])).name for d in documents] == sorted(
        p.name for p in bad_folder.iterdir()
    )
    errors = [d["error"] for d in documents[:3]]
    assert all(isinstance(e, dict) and e["kind"] == "UnreadableFile" for e in errors)
    assert documents[3]["expectations"] == [
        {
            "line": 3,
            "question_line": 2,
            "expect": "open: the kitchen | the garden",
            "passed": True,
            "message": None,
        }
    ]


def test_a_wrong_expectation_names_file_line_and_refuting_witness(tmp_path: Path) -> None:
    text = tmp_path / "wrong.txt"
    text.write_text(WRONG, encoding="utf-8")
    result = certify(text, "--check")
    assert result.exit_code == ExitCode.EXPECTATION_FAILED
    assert f"FAIL {text}:3" in result.stdout
    assert (
        "expected forced: the garden, got open: the kitchen | the garden, but the text also "
        "permits the kitchen: witness: Ana is in the kitchen"
    ) in result.stdout
    document = lines(certify(text, "--check", "--json").stdout)[0]
    (expectation,) = document["expectations"]  # type: ignore[misc]
    assert expectation["passed"] is False
    assert "witness: Ana is in the kitchen" in expectation["message"]


def test_unreadable_beats_failed_expectations(tmp_path: Path) -> None:
    (tmp_path / "wrong.txt").write_text(WRONG, encoding="utf-8")
    (tmp_path / "broken.txt").write_text("Ana is in the kitchen\n", encoding="utf-8")
    assert certify(tmp_path, "--check").exit_code == ExitCode.BAD_TEXT
    assert certify(tmp_path / "wrong.txt", "--check").exit_code == ExitCode.EXPECTATION_FAILED


def test_json_lines_one_document_per_file() -> None:
    result = certify(SAMPLES / "ana.txt", SAMPLES / "ana-house.txt", "--json")
    assert result.exit_code == ExitCode.OK
    documents = lines(result.stdout)
    assert [d["file"] for d in documents] == [
        str(SAMPLES / "ana.txt"),
        str(SAMPLES / "ana-house.txt"),
    ]
    assert all(d["schema"] == "certify.report/1" for d in documents)
    assert "expectations" not in documents[0]


def test_quiet_prints_nothing_when_all_is_well_and_only_failures_otherwise(
    tmp_path: Path,
) -> None:
    quiet = certify(SAMPLES / "ana.txt", SAMPLES / "ana-house.txt", "--check", "--quiet")
    assert (quiet.exit_code, quiet.stdout, quiet.stderr) == (0, "", "")
    (tmp_path / "good.txt").write_text(GOOD, encoding="utf-8")
    (tmp_path / "wrong.txt").write_text(WRONG, encoding="utf-8")
    failing = certify(tmp_path, "--check", "-q")
    assert failing.exit_code == ExitCode.EXPECTATION_FAILED
    assert "good.txt" not in failing.stdout
    assert failing.stdout.lstrip().startswith(f"FAIL {tmp_path / 'wrong.txt'}:3")
    assert "witness (" not in failing.stdout  # no full report, only the failure
    assert "1 failed" in failing.stderr
    documents = lines(certify(tmp_path, "--check", "-q", "--json").stdout)
    assert [Path(str(d["file"])).name for d in documents] == ["wrong.txt"]


@pytest.mark.usefixtures("workers_at_once")
def test_jobs_give_the_same_output_in_the_same_order(tmp_path: Path) -> None:
    folder = tmp_path / "corpus"
    shutil.copytree(SAMPLES, folder)
    (folder / "zz-broken.txt").write_text("Ana is in the kitchen\n", encoding="utf-8")
    (folder / "zz-wrong.txt").write_text(WRONG, encoding="utf-8")
    for flags in (["--json"], [], ["--quiet", "--json"], ["--quiet"]):
        serial = certify(folder, "--check", *flags)
        parallel = certify(folder, "--check", "--jobs", "2", *flags)
        assert serial.exit_code == parallel.exit_code == ExitCode.BAD_TEXT
        assert parallel.stdout == serial.stdout
        assert parallel.stderr == serial.stderr
    assert "zz-broken.txt:1:22: error: this sentence has no final period" in parallel.stderr
    assert " forced, " in parallel.stderr  # --quiet's summary counts the workers' statuses


def test_glob_and_hidden_folders(tmp_path: Path) -> None:
    (tmp_path / "a.story").write_text(GOOD, encoding="utf-8")
    (tmp_path / "b.txt").write_text(GOOD, encoding="utf-8")
    (tmp_path / ".hidden").mkdir()
    (tmp_path / ".hidden" / "c.txt").write_text("not certify at all", encoding="utf-8")
    by_default = lines(certify(tmp_path, "--json").stdout)
    assert [Path(str(d["file"])).name for d in by_default] == ["b.txt"]
    stories = lines(certify(tmp_path, "--json", "--glob", "*.story").stdout)
    assert [Path(str(d["file"])).name for d in stories] == ["a.story"]


def test_missing_path_and_empty_folder_are_unreadable(tmp_path: Path) -> None:
    missing = certify(tmp_path / "nope.txt")
    assert missing.exit_code == ExitCode.BAD_TEXT
    assert "nope.txt: error: no such file or folder" in missing.stderr
    empty = certify(tmp_path)
    assert empty.exit_code == ExitCode.BAD_TEXT
    assert "no *.txt files in this folder" in empty.stderr


@pytest.mark.parametrize(
    "args",
    [
        ["--jobs", "-1"],
        ["--update", "--ask", "Where is Ana?"],
        ["--junit", "/no/such/folder/report.xml"],
    ],
)
def test_usage_errors(args: list[str]) -> None:
    result = certify(SAMPLES / "ana.txt", *args)
    assert result.exit_code == ExitCode.USAGE
    assert result.stderr.startswith("certify: ")


@pytest.mark.parametrize(
    ("args", "allowed"),
    [
        (["--engine", "magic"], "'sat', 'enumerate'"),
        (["--domain", "magic"], "'interval', 'dbm', 'octagon', 'linear'"),
    ],
)
def test_a_value_outside_the_choices_is_a_usage_error_naming_them(
    args: list[str], allowed: str
) -> None:
    result = certify(SAMPLES / "ana.txt", *args)
    assert result.exit_code == ExitCode.USAGE
    message = " ".join(re.sub("[│╭╮╰╯─]", " ", result.stderr).split())  # rich's error box
    assert f"'magic' is not one of {allowed}" in message


def test_a_bug_in_one_file_is_reported_and_exits_70(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import importlib

    pipeline = importlib.import_module("certify.pipeline")  # the module, not certify.pipeline()
    (tmp_path / "a.txt").write_text(GOOD, encoding="utf-8")
    (tmp_path / "b.txt").write_text("Bea is in the hall.\nWhere is Bea?\n", encoding="utf-8")
    real = pipeline.check_document

    def broken(document: object, *args: object, **kwargs: object) -> object:
        if "Ana" in " ".join(document.lines):  # type: ignore[attr-defined]
            raise ZeroDivisionError("boom")
        return real(document, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(pipeline, "check_document", broken)
    result = CliRunner().invoke(app, [str(tmp_path)])
    assert result.exit_code == ExitCode.INTERNAL
    assert "a.txt: internal error (a bug in certify): ZeroDivisionError: boom" in result.stderr
    assert "Where is Bea?" in result.stdout


def test_exit_code_order() -> None:
    def summary(errors: int = 0, internal: int = 0, failed: int = 0) -> Summary:
        return Summary(1, errors, internal, (), 1, failed)

    assert exit_code(summary()) == ExitCode.OK
    assert exit_code(summary(failed=2)) == ExitCode.EXPECTATION_FAILED
    assert exit_code(summary(errors=1, failed=2)) == ExitCode.BAD_TEXT
    assert exit_code(summary(errors=1, internal=1)) == ExitCode.INTERNAL
    counted = summarize([FileResult("x.txt", internal="bug")])
    assert (counted.texts, counted.internal, counted.question_count) == (1, 1, 0)


def test_a_batch_keeps_its_results_only_when_something_needs_them_all(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from certify.cli.app import _Batch
    from certify.cli.printer import Printer
    from certify.readout.answer import Options

    def run(keep: bool) -> tuple[list[FileResult], Summary, int]:
        batch = _Batch([str(SAMPLES)], "*.txt", [], Options(), True, False, 1, False)
        printer = Printer(as_json=True, quiet=False, explain=False, checking=True)
        return batch.run(printer, False, None, keep)

    kept, summary, done = run(True)
    streamed, same, again = run(False)
    capsys.readouterr()
    assert streamed == [] and len(kept) == done == again > 20
    assert same == summary == summarize(kept)  # counted as they came, not from a list
    assert summary.expectations > 20 and summary.question_count > 20
