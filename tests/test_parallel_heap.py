"""``--jobs``: the workers are forked with the parent's heap frozen (``gc.freeze``), so their
collections never walk (nor copy) what they inherited; the parent's heap is unfrozen after.

Linux only: elsewhere the workers are spawned and inherit no heap.
"""

from __future__ import annotations

import gc
import sys
from pathlib import Path

import pytest

from certify.cli import parallel
from certify.output.results import FileResult
from certify.readout.answer import Options

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="fork only")


def _frozen_in_worker(path: str, **_: object) -> FileResult:
    """Stands in for ``certify_packed``: what a worker's collector leaves out."""
    return FileResult(path, internal=str(gc.get_freeze_count()))


def test_workers_start_with_the_parents_heap_frozen(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    paths = []
    for index in range(4):
        path = tmp_path / f"t{index}.txt"
        path.write_text("Ana is in the kitchen.\n")
        paths.append(str(path))
    monkeypatch.setattr(parallel, "certify_packed", _frozen_in_worker)
    assert gc.get_freeze_count() == 0
    results = list(
        parallel.run_parallel([(p, None) for p in paths], (), Options(), False, False, 2)
    )
    assert [r.path for r in results] == paths
    assert all(int(r.internal or 0) > 1000 for r in results), [r.internal for r in results]
    assert gc.get_freeze_count() == 0  # the parent collects as before


def test_a_heap_frozen_before_stays_frozen(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "t.txt"
    path.write_text("Ana is in the kitchen.\n")
    monkeypatch.setattr(parallel, "certify_packed", _frozen_in_worker)
    gc.freeze()  # as the command does after its imports
    try:
        frozen = gc.get_freeze_count()
        list(
            parallel.run_parallel(
                [(str(path), None), (str(path), None)], (), Options(), False, False, 2
            )
        )
        assert gc.get_freeze_count() >= frozen  # what the command froze is not thawed
    finally:
        gc.unfreeze()
