"""``--jobs N`` starts workers only where they pay, and says so when it keeps a batch here.

Workers cost a fixed time to start, which a batch of a few small texts never wins back (issue
9: ``--jobs 2`` was slower than ``--jobs 1`` below about 40 small files).  So ``run_all``
certifies the first files in this process while ``parallel.paying`` weighs the files left,
at the pace of the fastest file after the first, against ``WORKERS_PAY``.  These tests give
the decision its timings (no test here depends on the machine's speed): the rule itself, the
files each way certifies, and what the command says.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest

from certify.cli import parallel
from certify.cli.batch import Entry
from certify.errors import UnreadableFile
from certify.output.results import FileResult
from certify.readout.answer import Options
from tests.test_batch import GOOD, certify

PAY, PROBE, FIRST = parallel.WORKERS_PAY, parallel.PROBE_SECONDS, parallel.FIRST_FILE_EXTRA


def test_nothing_is_decided_before_the_first_file() -> None:
    assert parallel.paying([], 1000) is None


def test_one_file_left_stays_here_however_slow() -> None:
    assert parallel.paying([5.0], 1) is False
    assert parallel.paying([0.001, 0.001, 0.001], 1) is False


def test_many_fast_files_start_workers_once_two_after_the_first_are_timed() -> None:
    first, fast = FIRST + 0.01, PAY / 500
    assert parallel.paying([first], 997) is None  # the first file's pace is not the batch's
    assert parallel.paying([first, fast], 996) is None
    assert parallel.paying([first, fast, fast], 995) is True


def test_few_fast_files_stay_here_once_the_probe_is_spent() -> None:
    fast = PROBE / 8
    timed = [FIRST, fast, fast]
    left = int(PAY / fast) - 1  # at that pace, just short of what workers cost
    assert parallel.paying(timed, left) is None
    spent = [FIRST] + [fast] * 8
    assert parallel.paying(spent, left) is False


def test_the_pace_is_the_fastest_file_after_the_first() -> None:
    slow, fast = PROBE / 2, PAY / 100
    left = 50  # at the fast pace half of what workers cost; at the slow one 8 times
    assert parallel.paying([FIRST, slow, fast], left) is None
    assert parallel.paying([FIRST, slow, 3 * fast], left) is True


def test_a_slow_first_file_starts_workers_for_the_rest_at_once() -> None:
    assert parallel.paying([FIRST + PAY], 2) is True
    assert parallel.paying([FIRST + PROBE / 2], 2) is None  # its excess too small to judge


def test_a_slow_second_file_starts_workers_without_waiting_for_a_third() -> None:
    assert parallel.paying([FIRST, PAY / 2], 2) is True
    assert parallel.paying([FIRST, PROBE / 2], 2) is None


class Batch:
    """``run_all`` over ``count`` files, each of which takes ``seconds`` here, with the
    workers replaced by a record of what they were given."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, count: int, seconds: float) -> None:
        self.here: list[str] = []
        self.sent: list[tuple[list[str], int]] = []
        self.said: list[str] = []
        self.entries: list[Entry] = [(f"t{index}.txt", None) for index in range(count)]
        monkeypatch.setattr(parallel, "run_file", self._run_file(seconds))
        monkeypatch.setattr(parallel, "run_parallel", self._run_parallel)

    def _run_file(self, seconds: float) -> object:
        def run_file(path: str, *_: object) -> FileResult:
            self.here.append(path)
            return FileResult(path, seconds=FIRST + seconds if not self.here[1:] else seconds)

        return run_file

    def _run_parallel(self, entries: Sequence[Entry], *arguments: object) -> Iterator[FileResult]:
        self.sent.append(([path for path, _ in entries], int(str(arguments[-2]))))
        return iter([FileResult(path) for path, _ in entries])

    def run(self, jobs: int = 2) -> list[str]:
        results = parallel.run_all(
            self.entries, (), Options(), True, jobs=jobs, say=self.said.append
        )
        return [result.path for result in results]


def test_a_large_batch_sends_all_but_its_first_files_to_the_workers(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    batch = Batch(monkeypatch, 1000, PAY / 100)
    assert batch.run() == [path for path, _ in batch.entries]
    assert batch.here == ["t0.txt", "t1.txt", "t2.txt"]
    assert batch.sent == [([f"t{index}.txt" for index in range(3, 1000)], 2)]
    assert batch.said == []


def test_a_small_batch_is_certified_here_and_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    batch = Batch(monkeypatch, 10, PAY / 100)
    assert batch.run(jobs=4) == [path for path, _ in batch.entries]
    assert batch.here == [path for path, _ in batch.entries] and batch.sent == []
    assert len(batch.said) == 1
    assert batch.said[0].startswith("the 10 files are certified in this process, without workers")


def test_a_slow_batch_of_three_gives_two_files_to_two_workers(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    batch = Batch(monkeypatch, 3, 5.0)
    assert batch.run(jobs=8) == ["t0.txt", "t1.txt", "t2.txt"]
    assert batch.here == ["t0.txt"] and batch.sent == [(["t1.txt", "t2.txt"], 2)]


def test_one_job_or_one_file_never_probes_nor_says(monkeypatch: pytest.MonkeyPatch) -> None:
    for count, jobs in ((1000, 1), (1, 2)):
        batch = Batch(monkeypatch, count, PAY)
        assert len(batch.run(jobs=jobs)) == count
        assert len(batch.here) == count and batch.sent == [] and batch.said == []


def test_unreadable_files_keep_their_place_either_way(monkeypatch: pytest.MonkeyPatch) -> None:
    gone = UnreadableFile("no such file", file="gone.txt")
    for count, sent in ((3, False), (300, True)):
        batch = Batch(monkeypatch, count, PAY / 100)
        batch.entries.insert(1, ("gone.txt", gone))
        batch.entries.insert(3, ("gone.txt", gone))
        order = [path for path, _ in batch.entries]
        assert batch.run() == order
        assert bool(batch.sent) is sent
        if sent:
            assert batch.sent[0][0] == order[5:]  # t0, gone, t1, gone, t2 here; the rest sent


def _folder(tmp_path: Path, count: int) -> Path:
    for index in range(count):
        (tmp_path / f"t{index}.txt").write_text(GOOD, encoding="utf-8")
    return tmp_path


def test_the_command_says_it_kept_a_small_batch_here(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(parallel, "paying", lambda seconds, left: None if left > 1 else False)
    folder = _folder(tmp_path, 3)
    serial, kept = certify(folder, "--check"), certify(folder, "--check", "--jobs", "2")
    assert kept.exit_code == serial.exit_code == 0 and kept.stdout == serial.stdout
    said = "certify: --jobs 2: the 3 files are certified in this process, without workers: "
    assert kept.stderr == said + "after 2, one file is left\n" + serial.stderr
    quiet = certify(folder, "--check", "--jobs", "2", "--quiet")
    assert quiet.exit_code == 0 and quiet.stderr == ""
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    every_cpu = certify(folder, "--check", "--jobs", "0")  # as typed, not the CPUs it means
    assert every_cpu.stderr.startswith("certify: --jobs 0: the 3 files are certified in this")


def test_the_command_says_nothing_when_it_starts_workers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(parallel, "paying", lambda seconds, left: True if seconds else None)
    folder = _folder(tmp_path, 3)
    serial, workers = certify(folder, "--check"), certify(folder, "--check", "--jobs", "2")
    assert workers.exit_code == 0
    assert (workers.stdout, workers.stderr) == (serial.stdout, serial.stderr)


def test_files_of_a_sizeable_length_go_to_the_workers_at_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Two slow texts: timing the first would leave only one for the workers.
    batch = Batch(monkeypatch, 0, PAY)
    half = parallel.WORKERS_PAY_BYTES // 2
    for name in ("a.txt", "b.txt"):
        (tmp_path / name).write_text("x" * half, encoding="utf-8")
        batch.entries.append((str(tmp_path / name), None))
    assert parallel.sizeable(batch.entries)
    assert len(batch.run()) == 2
    assert batch.here == [] and batch.sent == [([p for p, _ in batch.entries], 2)]


def test_files_short_of_that_length_are_timed_first(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    batch = Batch(monkeypatch, 0, PAY / 100)
    gone = UnreadableFile("no such file", file="gone.txt")
    batch.entries.append(("gone.txt", gone))  # an unreadable file counts no bytes
    for index in range(4):
        path = tmp_path / f"t{index}.txt"
        path.write_text("x" * (parallel.WORKERS_PAY_BYTES // 5), encoding="utf-8")
        batch.entries.append((str(path), None))
    batch.entries.append((str(tmp_path / "missing.txt"), None))  # gone since it was listed
    assert not parallel.sizeable(batch.entries)
    assert len(batch.run()) == 6
    assert batch.sent == [] and len(batch.here) == 5
