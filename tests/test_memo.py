"""The memos of pure steps give what the steps themselves give.

``parse_sentence`` remembers the sentences it has read; each text of the samples and the
conformance cases is read with the memo (twice, so the second reading comes from it, and again
moved down and right, so the same sentences stand at other lines and columns) and without it
(``read_sentence`` in its place), and the documents must be equal.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from certify.errors import TextError
from certify.syntax import parse
from tests.paths import CONFORMANCE, SAMPLES

TEXTS = sorted([*SAMPLES.glob("*.txt"), *CONFORMANCE.glob("*.txt")])


def _moved(text: str) -> str:
    """The text three lines lower, each line indented (spans move, the reading does not)."""
    return "\n\n\n" + "\n".join("  " + line if line.strip() else line for line in text.split("\n"))


@pytest.mark.parametrize("path", TEXTS, ids=lambda p: p.name)
def test_a_remembered_reading_is_the_reading(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    texts = [path.read_text(encoding="utf-8")]
    texts.append(_moved(texts[0]))
    remembered = [parse.read_document(text) for text in (*texts, *texts)]
    monkeypatch.setattr(parse, "parse_sentence", parse.read_sentence)
    read = [parse.read_document(text) for text in texts]
    assert remembered == [*read, *read]
    assert read[0] != read[1]  # the moved text's spans differ: the memo must tell them apart


def test_an_unreadable_sentence_is_read_again() -> None:
    errors = []
    for _ in range(2):
        with pytest.raises(TextError) as caught:
            parse.parse_sentence("Ana zorbs the kitchen", 1, 1, ".")
        errors.append(caught.value)
    errors[0].file = "changed.txt"  # as read_document does, with ``located``
    assert errors[0] is not errors[1] and errors[1].file != "changed.txt"


def test_a_long_sentence_is_not_remembered() -> None:
    long = "Ana is in the kitchen" + " or the kitchen" * (parse.MEMO_LENGTH // 15)
    assert len(long) > parse.MEMO_LENGTH
    before = parse._remembered.cache_info().currsize
    assert parse.parse_sentence(long, 1, 1, ".") == parse.read_sentence(long, 1, 1, ".")
    assert parse._remembered.cache_info().currsize == before
