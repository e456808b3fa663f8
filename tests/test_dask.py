"""Batches on Dask and resumable batches (issue 13): the same bytes as the local batch.

``--executor dask`` runs on a real LocalCluster of two worker processes; a worker that dies
is made to die by the test-only hook ``CERTIFY_TEST_EXIT`` (``certify.cli.dask_batch``);
``--resume`` is interrupted with SIGINT in a real process, half-way.
"""

from __future__ import annotations

import json
import logging
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from certify.cli.app import app
from certify.cli.dask_batch import DIED
from certify.errors import ExitCode
from tests.contract import validate
from tests.paths import CONFORMANCE, SAMPLES, pending

distributed = pytest.importorskip("distributed")

WRONG = "Ana is in the kitchen or the garden.\nWhere is Ana?\n# expect: forced: the garden\n"


def certify(*args: str | Path) -> Result:
    """Run ``certify ARGS`` in process."""
    return CliRunner().invoke(app, [str(a) for a in args], catch_exceptions=False)


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """samples/ and the conformance cases (minus pending ones), a broken and a failing text."""
    folder = tmp_path_factory.mktemp("dask") / "corpus"
    shutil.copytree(SAMPLES, folder / "samples")
    (folder / "conformance").mkdir()
    for case in sorted(CONFORMANCE.glob("*.txt")):
        if case.stem not in pending():
            shutil.copy(case, folder / "conformance" / case.name)
    (folder / "zz-broken.txt").write_text("Ana is in the kitchen\n", encoding="utf-8")
    (folder / "zz-wrong.txt").write_text(WRONG, encoding="utf-8")
    return folder


@pytest.fixture
def few(tmp_path: Path) -> Path:
    """Twenty texts: samples/ana*.txt, location/ and attributes/, and a broken one: on two
    workers, chunks of two texts, so that a chunk with a deadly text is split."""
    folder = tmp_path / "few"
    shutil.copytree(SAMPLES / "location", folder / "location")
    shutil.copytree(SAMPLES / "attributes", folder / "attributes")
    for text in SAMPLES.glob("ana*.txt"):
        shutil.copy(text, folder / text.name)
    (folder / "zz-broken.txt").write_text("Ana is in the kitchen\n", encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    """The address of a LocalCluster of two worker processes."""
    with distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        dashboard_address=":0",
        silence_logs=logging.ERROR,
    ) as cluster:
        yield cluster.scheduler_address


def test_dask_gives_the_local_batch_byte_for_byte(corpus: Path, scheduler: str) -> None:
    for flags in ([], ["--json"]):
        local = certify(corpus, "--check", *flags)
        on_dask = certify(corpus, "--check", *flags, "--executor", "dask", "--scheduler", scheduler)
        assert local.exit_code == on_dask.exit_code == ExitCode.BAD_TEXT
        assert on_dask.stdout == local.stdout
        assert on_dask.stderr == local.stderr
    lines = on_dask.stdout.splitlines()
    assert len(lines) == len(list(corpus.rglob("*.txt"))) > 90
    for line in lines:
        validate(json.loads(line))


def test_a_worker_that_dies_costs_only_its_text(
    few: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    marker = tmp_path / "died-once"
    monkeypatch.setenv("CERTIFY_TEST_EXIT", f"ana-contradictory.txt,ana.txt:{marker}")
    local = certify(few, "--check", "--json")
    # its own LocalCluster: the workers start with the hook in their environment
    on_dask = certify(few, "--check", "--json", "--executor", "dask", "--jobs", "2")
    assert on_dask.exit_code == ExitCode.BAD_TEXT
    assert marker.exists()  # ana.txt killed a worker once, and was certified on the retry
    got, expected = on_dask.stdout.splitlines(), local.stdout.splitlines()
    assert len(got) == len(expected) > 16
    for mine, theirs in zip(got, expected):
        document = json.loads(mine)
        if document["file"].endswith("ana-contradictory.txt"):
            assert document["schema"] == "certify.error/1"
            assert document["error"]["message"] == DIED
            assert "text_sha256" not in document  # checked again by --resume
        else:
            assert mine == theirs


def test_the_local_cluster_is_the_default_and_the_scheduler_needs_dask() -> None:
    result = certify(SAMPLES / "ana.txt", "--scheduler", "tcp://127.0.0.1:1")
    assert result.exit_code == ExitCode.USAGE
    assert "--scheduler needs --executor dask" in result.stderr


def _jsonl(result: Result) -> str:
    assert result.exit_code in (ExitCode.OK, ExitCode.BAD_TEXT), result.stderr
    return result.stdout


def test_resume_skips_what_is_recorded_and_mends_a_torn_line(few: Path, tmp_path: Path) -> None:
    folder = few
    record = tmp_path / "out.jsonl"
    first = certify(folder, "--json", "--resume", record)
    assert first.stdout == record.read_text(encoding="utf-8") == _jsonl(certify(folder, "--json"))
    changed = folder / "ana.txt"
    changed.write_text(changed.read_text(encoding="utf-8") + "Where is Ana?\n", encoding="utf-8")
    with record.open("a", encoding="utf-8") as stream:
        stream.write('{"schema": "certify.report/1", "fi')  # a line cut off by a power cut
    again = certify(folder, "--json", "--resume", record)
    assert [json.loads(line)["file"] for line in again.stdout.splitlines()] == [str(changed)]
    assert record.read_text(encoding="utf-8") == _jsonl(certify(folder, "--json"))


def test_resume_refuses_what_needs_every_result(tmp_path: Path) -> None:
    result = certify(SAMPLES, "--resume", tmp_path / "out.jsonl", "--junit", tmp_path / "r.xml")
    assert result.exit_code == ExitCode.USAGE


def test_resume_after_an_interrupt_half_way(corpus: Path, tmp_path: Path) -> None:
    folder = tmp_path / "texts"
    for copy in range(2):
        shutil.copytree(corpus / "samples", folder / f"copy{copy}")
    # Texts that take a while each (about half a second), right where the interrupt comes:
    # otherwise a fast machine finishes the batch before the signal arrives.
    (folder / "copy0z").mkdir()
    slow = "".join(f"P{i} is in the kitchen or the garden.\n" for i in range(300))
    for n in range(8):
        (folder / "copy0z" / f"slow{n}.txt").write_text(slow + "Where is P1?\n")
    total = len(list(folder.rglob("*.txt")))
    command = [sys.executable, "-m", "certify", "texts", "--json", "--resume", "out.jsonl"]
    record = tmp_path / "out.jsonl"
    # A CI runner may start the tests with SIGINT ignored, which a child inherits (and then
    # Python never installs its handler): restore the default in the child first.
    process = subprocess.Popen(
        command,
        cwd=tmp_path,
        stdout=subprocess.DEVNULL,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    deadline = time.monotonic() + 60
    while _count(record) < total // 2 and time.monotonic() < deadline:
        time.sleep(0.02)
    process.send_signal(signal.SIGINT)
    assert process.wait(30) == ExitCode.INTERRUPTED
    kept = record.read_text(encoding="utf-8")
    assert kept.endswith("\n") and total // 2 <= kept.count("\n") < total
    for line in kept.splitlines():
        validate(json.loads(line))  # every line whole
    resumed = subprocess.run(command, cwd=tmp_path, capture_output=True, text=True, check=False)
    assert resumed.returncode == ExitCode.OK, resumed.stderr
    assert resumed.stdout.count("\n") == total - kept.count("\n")
    plain = subprocess.run(command[:-2], cwd=tmp_path, capture_output=True, check=True)
    assert record.read_bytes() == plain.stdout
    assert resumed.stderr == plain.stderr.decode()  # the summary counts the whole batch


def _count(path: Path) -> int:
    try:
        return path.read_bytes().count(b"\n")
    except FileNotFoundError:
        return 0


def test_startup_does_not_import_dask() -> None:
    code = "import sys, certify.cli.app; print('distributed' in sys.modules, 'dask' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False"]
    assert os.environ.get("CERTIFY_TEST_EXIT") is None
