"""The --html page in a real headless browser (Debian's chromium): it runs, filters, looks right.

Chromium is driven with its own switches: ``--dump-dom`` gives the DOM after the page's script
ran (the filter can be set from the address, ``#status=...&q=...``, and ``#selftest`` makes
the page check its own filter and write the result into ``<pre id="selftest">``), and
``--screenshot`` saves a PNG whose path the test prints.  Errors are caught twice: the page
records uncaught errors in ``window.pageErrors`` (reported by the self-check), and the
browser's console log on stderr must have no ``Uncaught``.

The test skips when chromium is absent, unless ``CERTIFY_PICTURES_REQUIRED`` is set (CI, whose
``.ci/run`` installs chromium), where a missing browser is a failure.  Screenshots go to
``CERTIFY_SCREENSHOTS`` when it is set, else to the test's temporary folder.
"""

from __future__ import annotations

import html
import json
import os
import re
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path

import pytest
from typer.testing import CliRunner

from certify.cli.app import app
from tests.paths import SAMPLES

SWITCHES = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--enable-logging=stderr",
    "--v=0",
)
HANG = 120
"""Seconds after which a browser run counts as hung (a cap, not a speed requirement)."""


def browser() -> str:
    """The chromium executable, or a skip (a failure in CI)."""
    found = shutil.which("chromium") or (
        "/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None
    )
    if found is None:
        if os.environ.get("CERTIFY_PICTURES_REQUIRED"):
            pytest.fail("chromium is missing but CERTIFY_PICTURES_REQUIRED is set")
        pytest.skip("chromium is not installed (apt-get install chromium)")
    return found


@pytest.fixture(scope="module")
def page(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The samples' page: ``certify samples --html``."""
    target = tmp_path_factory.mktemp("browser") / "report.html"
    result = CliRunner().invoke(app, [str(SAMPLES), "--html", str(target)])
    assert result.exit_code == 0, result.stderr
    return target


@pytest.fixture
def chromium() -> Iterator[str]:
    yield browser()


def run(chromium: str, *args: str) -> subprocess.CompletedProcess[str]:
    """One browser run with a fresh profile (removed afterwards)."""
    with tempfile.TemporaryDirectory(prefix="certify-chromium-") as profile:
        done = subprocess.run(
            [chromium, *SWITCHES, f"--user-data-dir={profile}", *args],
            capture_output=True,
            text=True,
            timeout=HANG,
            check=False,
        )
    assert done.returncode == 0, done.stderr[-2000:]
    assert "Uncaught" not in done.stderr, [
        line for line in done.stderr.splitlines() if "CONSOLE" in line
    ]
    return done


def dom(chromium: str, page: Path, fragment: str) -> str:
    """The DOM after the page's script ran, for ``page#fragment``."""
    return run(
        chromium, "--virtual-time-budget=5000", "--dump-dom", f"{page.as_uri()}#{fragment}"
    ).stdout


class Rows(HTMLParser):
    """The questions of a dumped DOM: status, search text, hidden or not."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[tuple[str, str, bool]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "details" and "question" in (found.get("class") or "").split():
            row = (
                found.get("data-status") or "",
                found.get("data-search") or "",
                "hidden" in found,
            )
            self.rows.append(row)


def rows(dumped: str) -> list[tuple[str, str, bool]]:
    parsed = Rows()
    parsed.feed(dumped)
    assert parsed.rows
    return parsed.rows


def test_the_page_checks_itself_without_errors(chromium: str, page: Path) -> None:
    dumped = dom(chromium, page, "selftest")
    found = re.search(r'<pre id="selftest">(\{.*?\})</pre>', dumped)
    assert found is not None, "the page's script did not run"
    result = json.loads(html.unescape(found.group(1)))
    assert result["ok"], result
    assert result["errors"] == [] and result["problems"] == []
    statuses = [status for status, _, _ in rows(dumped)]
    assert result["rows"] == len(statuses)
    for status in ("forced", "open", "contradictory", "unresolved"):
        assert result["counts"][status] == statuses.count(status)


def test_the_status_filter_hides_the_other_rows(chromium: str, page: Path) -> None:
    shown = rows(dom(chromium, page, "status=contradictory"))
    assert any(status == "contradictory" for status, _, _ in shown)
    for status, _, hidden in shown:
        assert hidden == (status != "contradictory")


def test_the_text_search_hides_rows_that_do_not_match(chromium: str, page: Path) -> None:
    shown = rows(dom(chromium, page, "q=ana-house"))
    visible = [search for _, search, hidden in shown if not hidden]
    assert visible and all("ana-house" in search for search in visible)
    assert all(hidden for _, search, hidden in shown if "ana-house" not in search)


def test_a_screenshot_of_the_expanded_page(chromium: str, page: Path, tmp_path: Path) -> None:
    folder = Path(os.environ.get("CERTIFY_SCREENSHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    shot = folder / "certify-html-contradictory.png"
    shot.unlink(missing_ok=True)
    address = f"{page.as_uri()}#status=contradictory&open"
    run(chromium, "--window-size=1280,2400", f"--screenshot={shot}", address)
    data = shot.read_bytes()
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    assert (width, height) == (1280, 2400)
    assert len(data) > 20_000  # a blank page compresses to a few kilobytes
    print(f"screenshot: {shot}")
