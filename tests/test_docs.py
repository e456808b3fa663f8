"""Docs that cannot drift: every sentence form in the README parses, and every example of
``certify/syntax/forms.py`` is in the README (STYLE convention 11)."""

from __future__ import annotations

import re

import pytest

from certify.pipeline import check
from certify.syntax.forms import QUESTIONS, STATEMENTS, reference_markdown
from certify.syntax.parse import parse_sentence
from tests.paths import ROOT

README = (ROOT / "README.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("example", [s[2] for s in STATEMENTS] + [q[1] for q in QUESTIONS])
def test_every_form_is_documented_and_parses(example: str) -> None:
    assert f"`{example}`" in README
    parse_sentence(example[:-1], 1, 1, example[-1])


def test_every_statement_example_is_a_readable_text() -> None:
    for _, _, example in STATEMENTS:
        report = check("The colors are red, green and blue.\nAna is tall.\n" + example + "\n")
        assert report.consistent is True, example


def test_readme_language_reference_is_generated_from_the_forms() -> None:
    start = README.index("<!-- language-reference")
    body = README[README.index("\n", start) + 1 : README.index("<!-- /language-reference -->")]
    assert body == reference_markdown()


def test_readme_quick_start_names_real_files() -> None:
    for path in re.findall(r"samples/[\w/-]+\.txt", README):
        assert (ROOT / path).is_file(), path


def test_readme_python_examples_run() -> None:
    blocks = re.findall(r"```python\n(.*?)```", README, flags=re.S)
    assert blocks
    for block in blocks:
        exec(compile(block, "README.md", "exec"), {})


def test_readme_quick_start_commands_run(monkeypatch: pytest.MonkeyPatch) -> None:
    """The README's first example prints exactly what the README shows (into a pipe)."""
    from typer.testing import CliRunner

    from certify.cli.app import app

    block = re.search(r"```\n\$ certify (samples/\S+)\n(.*?)```", README, flags=re.S)
    assert block is not None
    monkeypatch.chdir(ROOT)
    result = CliRunner().invoke(app, [block.group(1)])
    assert result.exit_code == 0
    assert result.stdout == block.group(2)
    assert "forced: {Luis}  — compositional, by lines 2, 3" in result.stdout


def test_readme_conflict_example_is_real_output(monkeypatch: pytest.MonkeyPatch) -> None:
    from typer.testing import CliRunner

    from certify.cli.app import app

    block = re.search(r"```\n(  line 4  Where is Ana\?\n    contradictory.*?)```", README, re.S)
    assert block is not None
    monkeypatch.chdir(ROOT)
    result = CliRunner().invoke(app, ["samples/ana-contradictory.txt"])
    assert block.group(1) in result.stdout
