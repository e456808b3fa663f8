"""The error certify raises for a text it must refuse (``SentenceError`` and the like)."""

from __future__ import annotations

import pytest

from certify import CertifyError, check


def refusal(text: str) -> CertifyError:
    """The error of reading ``text``; the calling test fails if certify reads it."""
    with pytest.raises(CertifyError) as raised:
        check(text)
    return raised.value
