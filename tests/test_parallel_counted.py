"""``--jobs`` with ``--quiet`` text output: what the workers send back and in which chunks.

A file that nothing is printed for comes back counted (its statuses and expectations), not
with its report; one with a failed expectation or an error comes back whole.  The chunks cover
every file once, in order, and shrink towards the end of the batch.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from certify.cli import parallel
from certify.cli.batch import run_file
from certify.output.results import Tally
from certify.readout.answer import Options
from tests.test_batch import GOOD, WRONG


def test_a_passing_file_comes_back_counted(tmp_path: Path) -> None:
    good, wrong = tmp_path / "good.txt", tmp_path / "wrong.txt"
    good.write_text(GOOD + "Is Ana in the hall?\n# expect: forced: no\n", encoding="utf-8")
    wrong.write_text(WRONG, encoding="utf-8")
    options = Options()
    sent = parallel.certify_packed(str(good), (), options, True, False, counted=True)
    assert isinstance(sent, parallel.FileResult) and sent.report is None
    assert sent.counted == (("open", "forced"), 2) and sent.digest is not None
    whole = run_file(str(good), (), options, True)
    counted, reported = Tally(), Tally()
    counted.add(sent)
    reported.add(whole)
    assert counted.summary() == reported.summary()
    failed = parallel.certify_packed(str(wrong), (), options, True, False, counted=True)
    assert isinstance(failed, parallel.FileResult) and failed.report is not None
    assert failed.counted is None and len(failed.failed) == 1
    full = parallel.certify_packed(str(good), (), options, True, False)
    assert isinstance(full, parallel.FileResult) and full.report is not None


@pytest.mark.parametrize("count", [2, 3, 17, 100, 511, 512, 1000, 5000])
@pytest.mark.parametrize("jobs", [2, 3, 8])
def test_chunks_cover_every_file_once_in_order(count: int, jobs: int) -> None:
    paths = [f"t{i}.txt" for i in range(count)]
    chunks = parallel.chunks(paths, jobs)
    assert [p for chunk in chunks for p in chunk] == paths
    sizes = [len(chunk) for chunk in chunks]
    assert all(1 <= size <= 32 for size in sizes)
    assert sizes == sorted(sizes, reverse=True) and sizes[-1] == 1
    if count >= 32 * jobs * 8:
        assert sizes[0] == 32  # a large batch starts with full chunks, as before


@pytest.mark.parametrize(
    "flags, counted",
    [
        (["--quiet"], True),
        ([], False),
        (["--quiet", "--json"], False),
        (["--quiet", "--junit", "{tmp}/junit.xml"], False),
        (["--quiet", "--resume", "{tmp}/resume.jsonl"], False),
    ],
)
@pytest.mark.usefixtures("workers_at_once")
def test_the_command_counts_only_what_it_prints_nothing_of(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, flags: list[str], counted: bool
) -> None:
    from tests.test_batch import certify

    for name in ("a.txt", "b.txt"):
        (tmp_path / name).write_text(GOOD, encoding="utf-8")
    asked: list[bool] = []
    run_parallel = parallel.run_parallel

    def recorded(*arguments: object) -> object:
        asked.append(bool(arguments[-1]))
        return run_parallel(*arguments)  # type: ignore[arg-type]

    monkeypatch.setattr(parallel, "run_parallel", recorded)
    given = [flag.format(tmp=tmp_path) for flag in flags]
    assert certify(tmp_path, "--check", "--jobs", "2", *given).exit_code == 0
    assert asked == [counted]
