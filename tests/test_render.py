"""Text output for people: wrapped at the width with hanging indents, never inside a word,
and supports and conflicts shown as their sentences with line numbers."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from rich.console import Console, RenderableType
from rich.text import Text

from certify.cli.batch import collect, summarize
from certify.cli.parallel import run_all
from certify.output.render import render_result, render_summary, row
from certify.pipeline import check
from certify.readout.answer import Options
from tests.paths import CONFORMANCE, SAMPLES

TEXTS = sorted(SAMPLES.rglob("*.txt"))


def shown(renderable: RenderableType, width: int) -> str:
    """What a terminal of ``width`` columns shows, without colours."""
    console = Console(width=width, file=io.StringIO(), color_system=None, highlight=False)
    console.print(renderable)
    output = console.file.getvalue()
    assert isinstance(output, str)
    return output


def assert_wrapped(renderable: RenderableType, width: int = 80) -> list[str]:
    """Every line fits, and the words are the words of an unwrapped rendering, in order."""
    narrow = shown(renderable, width)
    wide = shown(renderable, 10_000)
    lines = narrow.splitlines()
    too_long = [line for line in lines if len(line) > width]
    assert not too_long, too_long
    # A word broken across lines would show up as two tokens where the wide output has one.
    assert narrow.split() == wide.split()
    return lines


@pytest.mark.parametrize("path", TEXTS, ids=[str(p.relative_to(SAMPLES)) for p in TEXTS])
def test_every_sample_at_80_columns_breaks_no_word(path: Path) -> None:
    (result,) = run_all(collect([str(path)]), [], Options(), checking=True)
    assert result.report is not None
    lines = assert_wrapped(render_result(result, explain=True, checking=True))
    assert lines[0].startswith(str(path))


def test_long_lines_hang_under_their_body() -> None:
    report = check(
        "Ana is in the kitchen or the garden.\n"
        "Both the kitchen and the garden are in Luis's house.\n"
        "Bea is in the attic. Carl is in the cellar. Dan is in the hall. Eve is in the shed.\n"
        "Whose house is Ana in?\n",
        file="house.txt",
    )
    from certify.output.render import render_report

    lines = assert_wrapped(render_report(report, explain=True), width=60)
    start = next(i for i, line in enumerate(lines) if line.startswith("    witness (Luis): "))
    hang = len("    witness (Luis): ")
    continued = lines[start + 1]
    assert continued.startswith(" " * hang) and continued[hang] != " ", lines


def test_a_label_too_wide_puts_the_body_below_it() -> None:
    lines = shown(row(2, Text("x" * 50 + ": "), Text("word " * 20)), 60).splitlines()
    assert lines[0].strip() == "x" * 50 + ":"
    assert all(line.startswith(" " * 6) and len(line) <= 60 for line in lines[1:])
    assert " ".join(" ".join(lines[1:]).split()) == " ".join(["word"] * 20)


def test_supports_show_their_sentences() -> None:
    report = check((SAMPLES / "ana-house.txt").read_text(encoding="utf-8"), file="ana-house.txt")
    from certify.output.render import render_report

    lines = shown(render_report(report), 200).splitlines()
    at = lines.index("    forced: {Luis}  — compositional, by lines 2, 3")
    assert lines[at + 1 : at + 3] == [
        "      line 2  Ana is in the kitchen or the garden.",
        "      line 3  Both the kitchen and the garden are in Luis's house.",
    ]


def test_conflicts_show_their_sentences() -> None:
    report = check(
        (SAMPLES / "ana-contradictory.txt").read_text(encoding="utf-8"), file="contradictory.txt"
    )
    from certify.output.render import render_report

    text = shown(render_report(report), 200)
    assert "lines 2, 3 contradict each other (subset-minimal)" in text
    assert "      line 2  Ana is in the kitchen or the garden.\n" in text
    assert "      line 3  Ana is not in the kitchen and Ana is not in the garden.\n" in text


def test_markup_in_a_sentence_is_printed_as_written() -> None:
    report = check("Ana is in the kitchen.\nWhere is Ana?\n", file="[bold]odd[/bold].txt")
    from certify.output.render import render_report

    assert shown(render_report(report), 80).startswith("[bold]odd[/bold].txt")


def test_the_summary_wraps_between_words() -> None:
    results = list(run_all(collect([str(CONFORMANCE / "01-seed-open.txt")]), [], Options(), True))
    assert_wrapped(render_summary(summarize(results), ok=True), width=40)


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_command_line_wraps_on_a_terminal_and_not_in_a_pipe(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from certify.cli.printer import Printer

    (result,) = run_all(collect([str(SAMPLES / "ana-house.txt")]), [], Options(), True)
    monkeypatch.setenv("COLUMNS", "50")
    for stream, wrapped in ((_Terminal(), True), (io.StringIO(), False)):
        monkeypatch.setattr("sys.stdout", stream)
        Printer(as_json=False, quiet=False, explain=True, checking=False).show(result)
        lines = re.sub(r"\x1b\[[0-9;]*m", "", stream.getvalue()).splitlines()
        witness = next(line for line in lines if "witness (Luis)" in line)
        assert (max(len(line) for line in lines) <= 50) is wrapped
        assert witness.endswith("the kitchen is in Luis's house") is not wrapped
