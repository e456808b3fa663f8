"""``certify DIR --html report.html``: one self-contained page of the batch, all user text escaped.

The page is parsed with ``html.parser`` and compared with what the batch reported; the browser
test (``tests/browser``) runs its script.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from certify.cli.app import app
from certify.errors import ExitCode
from tests.paths import ROOT, SAMPLES

GOOD = "Ana is in the kitchen or the garden.\nWhere is Ana?\n# expect: forced: the garden\n"


def certify(*args: str | Path) -> Result:
    return CliRunner().invoke(app, [str(a) for a in args], catch_exceptions=False)


class Elements(HTMLParser):
    """Every start tag with its attributes, in order."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))

    def having(self, css_class: str) -> list[dict[str, str | None]]:
        return [a for _, a in self.tags if css_class in (a.get("class") or "").split()]


def parse(page: str) -> Elements:
    parsed = Elements()
    parsed.feed(page)
    return parsed


@pytest.fixture(scope="module")
def samples_page(tmp_path_factory: pytest.TempPathFactory) -> tuple[Result, str]:
    """``certify samples --html r.html``, run once for the module."""
    target = tmp_path_factory.mktemp("page") / "r.html"
    result = certify(SAMPLES, "--html", target)
    return result, target.read_text(encoding="utf-8")


def test_the_samples_page_has_every_file_and_question(samples_page: tuple[Result, str]) -> None:
    result, page = samples_page
    assert result.exit_code == ExitCode.OK, result.stderr
    summary = result.stderr.strip().splitlines()[-1]  # "48 texts, 155 questions (95 forced, ..."
    assert f'<p class="summary">{summary}</p>' in page
    parsed = parse(page)
    files = parsed.having("file")
    assert len(files) == len(list(SAMPLES.rglob("*.txt")))
    counted = re.match(r"\d+ texts, (\d+) questions \(([^)]*)\)", summary)
    assert counted is not None
    rows = parsed.having("question")
    assert len(rows) == int(counted.group(1))
    for part in counted.group(2).split(", "):
        count, status = part.split(" ")
        assert sum(1 for r in rows if r["data-status"] == status) == int(count)


def question_of(page: str, path: Path) -> str:
    """The first question block of one file."""
    blocks = [b.split("</details>")[0] for b in page.split('<details class="question" ')[1:]]
    found = [b for b in blocks if f'data-search="{path} ' in b]
    assert found, path
    return found[0]


def test_each_question_expands_to_what_certifies_it(samples_page: tuple[Result, str]) -> None:
    _, page = samples_page
    shown = question_of(page, SAMPLES / "ana-contradictory.txt")
    assert 'data-status="contradictory"' in shown
    assert "<dt>conflict (subset-minimal)</dt>" in shown
    assert "<li>line 2: Ana is in the kitchen or the garden.</li>" in shown
    assert "<li>line 3: Ana is not in the kitchen and Ana is not in the garden.</li>" in shown
    assert "without line 2: Ana is somewhere else (1)" in shown
    house = question_of(page, SAMPLES / "ana-house.txt")
    assert "<dt>support (compositional)</dt>" in house
    assert "<li>line 2: " in house and "<li>line 3: " in house
    assert "<dt>witnesses (checked states)</dt><dd><ul><li><b>Luis</b>: " in house


def test_the_page_is_self_contained(samples_page: tuple[Result, str]) -> None:
    _, page = samples_page
    parsed = parse(page)
    assert not [t for t, _ in parsed.tags if t in ("link", "img", "iframe", "object")]
    assert not [a for _, a in parsed.tags if "src" in a or "href" in a]
    assert "function applyFilter" in page and ".controls {" in page
    addresses = re.findall(r'(\S+)="?https?://', page)
    assert set(addresses) <= {"xmlns", "xmlns:xlink"}  # SVG namespaces, never fetched


def test_pictures_are_inline_svg(samples_page: tuple[Result, str]) -> None:
    if shutil.which("dot") is None:
        if os.environ.get("CERTIFY_PICTURES_REQUIRED"):
            pytest.fail("Graphviz's dot is missing but CERTIFY_PICTURES_REQUIRED is set")
        pytest.skip("Graphviz's dot is not installed")
    _, page = samples_page
    assert page.count("<svg ") == len(list(SAMPLES.rglob("*.txt")))
    assert "<?xml" not in page and "<!DOCTYPE svg" not in page


def test_user_text_is_escaped(tmp_path: Path) -> None:
    named = tmp_path / 'a<b>&"q".txt'
    named.write_text("Ana is in the kitchen.\nWhere is Ana?\n", encoding="utf-8")
    (tmp_path / "bad.txt").write_text("Ana is in <b>the</b> kitchen.\n", encoding="utf-8")
    target = tmp_path / "r.html"
    result = certify(tmp_path, "--html", target)
    assert result.exit_code == ExitCode.BAD_TEXT
    page = target.read_text(encoding="utf-8")
    assert "a&lt;b&gt;&amp;&quot;q&quot;.txt" in page
    assert "&lt;b&gt;the&lt;/b&gt;" in page
    assert 'a<b>&"q"' not in page and "<b>the</b>" not in page
    errors = [a for a in parse(page).having("file") if a["data-status"] == "error"]
    assert len(errors) == 1


def test_failed_expectations_are_shown_and_the_exit_code_kept(tmp_path: Path) -> None:
    (tmp_path / "wrong.txt").write_text(GOOD, encoding="utf-8")
    target = tmp_path / "r.html"
    target.write_text("an older page", encoding="utf-8")
    result = certify(tmp_path, "--check", "--html", target)
    assert result.exit_code == ExitCode.EXPECTATION_FAILED
    page = target.read_text(encoding="utf-8")
    assert "1 of 1 expectations failed" in page
    assert "expected <code>forced: the garden</code>" in page
    assert not list(tmp_path.glob(".certify-*"))


def test_html_needs_an_existing_folder(tmp_path: Path) -> None:
    result = certify(SAMPLES / "ana.txt", "--html", tmp_path / "no" / "r.html")
    assert result.exit_code == ExitCode.USAGE
    assert "--html: the folder of" in result.stderr


def test_without_dot_the_page_shows_dot_sources(tmp_path: Path) -> None:
    pytest.importorskip("graphviz")
    empty = tmp_path / "bin"
    empty.mkdir()
    target = tmp_path / "r.html"
    done = subprocess.run(
        [sys.executable, "-m", "certify", str(SAMPLES / "ana.txt"), "--html", str(target)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "PATH": str(empty)},
        check=False,
    )
    assert done.returncode == ExitCode.OK, done.stderr
    assert "warning: Graphviz's dot is not on PATH" in done.stderr
    page = target.read_text(encoding="utf-8")
    assert "picture (DOT source: dot is missing)" in page and "<svg" not in page
    assert "digraph certify {" in page
