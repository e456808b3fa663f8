"""Every JSON document made during the tests is validated against the shipped schema.

This runs before pytest imports any test module, so ``from certify.report import to_json``
in a test gets the validating version, and so does the command line (``certify.cli.batch``
imports it when it prints).  It also picks the Hypothesis profile (below).
"""

from __future__ import annotations

import os

import pytest
from hypothesis import settings

import certify.report
from tests.contract import validated

certify.report.to_json = validated(certify.report.to_json)
certify.report.error_json = validated(certify.report.error_json)

# CI draws the same examples on every run (CERTIFY_HYPOTHESIS=ci in .ci/run): a submission's
# verdict does not depend on luck.  Elsewhere each run draws afresh and explores further; a
# failure it finds is printed with its seed and kept as a regression case.
settings.register_profile("ci", derandomize=True)
settings.load_profile(os.environ.get("CERTIFY_HYPOTHESIS", "default"))


@pytest.fixture
def workers_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """``--jobs N`` starts its workers before the first file, whatever the batch: a test of
    the workers does not depend on whether they would pay on this machine
    (``parallel.paying``, tested by tests/test_jobs_choice.py)."""
    from certify.cli import parallel

    monkeypatch.setattr(parallel, "paying", lambda seconds, left: True)
