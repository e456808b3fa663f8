"""Every JSON document made during the tests is validated against the shipped schema.

This runs before pytest imports any test module, so ``from certify.report import to_json``
in a test gets the validating version, and so does the command line (``certify.cli.batch``
imports it when it prints).
"""

from __future__ import annotations

import certify.report
from tests.contract import validated

certify.report.to_json = validated(certify.report.to_json)
certify.report.error_json = validated(certify.report.error_json)
