"""``certify.files.read_bytes``: a text up to the limit is read whole, whatever size the
system reported when the file was opened; past the limit it is refused, saying by how much."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from certify import files
from certify.errors import UnreadableFile
from certify.limits import MAX_BYTES


def test_a_file_at_the_limit_is_read_whole_and_one_byte_more_is_refused(tmp_path: Path) -> None:
    at = tmp_path / "at.txt"
    at.write_bytes(b"x" * MAX_BYTES)
    assert files.read_bytes(str(at)) == b"x" * MAX_BYTES
    over = tmp_path / "over.txt"
    over.write_bytes(b"x" * (MAX_BYTES + 1))
    with pytest.raises(UnreadableFile, match=f"{MAX_BYTES + 1:,} bytes"):
        files.read_bytes(str(over))


class _Reported:
    """What ``os.fstat`` says of a file, with another size (a file that grew since, or one
    whose size the system does not know)."""

    def __init__(self, real: os.stat_result, size: int) -> None:
        self.st_mode = real.st_mode
        self.st_size = size


@pytest.mark.parametrize("reported", [0, 3, 99])
def test_a_file_larger_than_its_reported_size_is_read_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, reported: int
) -> None:
    path = tmp_path / "grew.txt"
    data = b"Ana is in the kitchen.\n" * 10
    path.write_bytes(data)
    real = os.fstat

    def fstat(descriptor: int) -> Any:
        return _Reported(real(descriptor), reported)

    monkeypatch.setattr(files.os, "fstat", fstat)
    assert files.read_bytes(str(path)) == data


def test_a_file_that_grew_past_the_limit_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "grew.txt"
    path.write_bytes(b"x" * (MAX_BYTES + 10))
    real = os.fstat
    monkeypatch.setattr(files.os, "fstat", lambda d: _Reported(real(d), 5))
    with pytest.raises(UnreadableFile, match=f"more than {MAX_BYTES:,} bytes"):
        files.read_bytes(str(path))
