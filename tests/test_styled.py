"""Into a pipe, certify writes its text output without rich: the same bytes rich would print.

``certify.output.styled.plain_lines`` replaces rich's soft-wrapped, colourless printing when
stdout is not a terminal.  Each sample and conformance case, rendered every way the command
renders it (with and without ``--explain``, its failures, the batch summary), is printed both
ways and compared byte for byte; rich's console is narrow, so any line rich would trim or
fold shows up as a difference.
"""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest
from rich.console import Console

from certify.cli.batch import run_file, summarize
from certify.output.render import render_failures, render_result, render_summary, row
from certify.output.styled import Block, Shown, Styled, needs_rich, write
from certify.readout.answer import Options
from tests.paths import CONFORMANCE, SAMPLES, pending

TEXTS = sorted(SAMPLES.rglob("*.txt")) + [
    p for p in sorted(CONFORMANCE.glob("*.txt")) if p.stem not in pending()
]


def by_rich(shown: Shown, width: int) -> str:
    """What the command's rich console prints into a pipe (soft wrap, no colour)."""
    stream = io.StringIO()
    console = Console(file=stream, width=width, highlight=False, soft_wrap=True)
    console.print(shown)
    return stream.getvalue()


def by_plain(shown: Shown) -> str:
    stream = io.StringIO()
    write(shown, stream, None)
    return stream.getvalue()


@pytest.fixture(autouse=True)
def _no_colour_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("FORCE_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE", "NO_COLOR"):
        monkeypatch.delenv(name, raising=False)


@pytest.mark.parametrize("path", TEXTS, ids=lambda p: p.name)
def test_every_text_is_written_as_rich_would_into_a_pipe(path: Path) -> None:
    result = run_file(str(path), [], Options(), checking=True)
    assert result.report is not None
    shown = [
        render_result(result, explain=True, checking=True),
        render_result(result, explain=False, checking=False),
        render_failures(result),
        render_summary(summarize([result]), ok=not result.failed),
    ]
    for each in shown:
        plain = by_plain(each)
        for width in (10, 80):
            assert plain == by_rich(each, width)
    assert by_plain(shown[0]).startswith(str(path))


def test_odd_lines_are_written_as_rich_would() -> None:
    shown = Block(
        Styled(""),
        row(4, "", ""),
        row(2, Styled("label ", "dim"), Styled("ends in spaces   ", "bold")),
        row(0, "two\nlines", Styled("[bold]not markup[/bold] :smile:")),
        Styled("a very long line " * 20 + "  "),
        Block(row(8, Styled("x" * 50), "y" * 50 + "   ")),
    )
    plain = by_plain(shown)
    assert "[bold]not markup[/bold] :smile:" in plain
    for width in (10, 40, 80, 400):
        assert plain == by_rich(shown, width)


def test_rich_is_used_on_a_terminal_or_when_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    assert needs_rich(Terminal())
    assert not needs_rich(io.StringIO())
    monkeypatch.setenv("FORCE_COLOR", "1")
    assert needs_rich(io.StringIO())


def test_the_command_into_a_pipe_loads_no_rich_and_prints_what_rich_would(
    tmp_path: Path,
) -> None:
    probe = (
        "import atexit, sys, runpy\n"
        "sys.argv = ['certify', *sys.argv[1:]]\n"
        "def tell():\n"  # at exit: the command ends the process itself
        "    sys.stderr.write('rich loaded' if 'rich' in sys.modules else 'no rich')\n"
        "atexit.register(tell)\n"
        "runpy.run_module('certify', run_name='__main__')\n"
    )
    text = SAMPLES / "ana-house.txt"
    done = subprocess.run(
        [sys.executable, "-c", probe, str(text)], capture_output=True, text=True, check=False
    )
    assert done.stderr.endswith("no rich"), done.stderr
    result = run_file(str(text), [], Options(), checking=False)
    assert done.stdout == by_rich(render_result(result, explain=False, checking=False), 80)
