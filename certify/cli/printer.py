"""Where each part of a batch goes: reports to stdout, errors, warnings and the summary to
stderr, a progress bar on a terminal.  Used by the command line (``app.py``) only."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, NoReturn

import typer

from certify.errors import CertifyError, ExitCode, printable

if TYPE_CHECKING:
    from rich.console import Console
    from rich.progress import Progress as Bar

    from certify.output.results import FileResult, Summary
    from certify.output.styled import Shown


PROGRESS_AFTER = 5
"""Batches of more files than this get a progress bar (on a terminal)."""


class Printer:
    """Where each part of a batch goes: reports to stdout, everything else to stderr."""

    def __init__(self, *, as_json: bool, quiet: bool, explain: bool, checking: bool) -> None:
        self.as_json = as_json
        self.quiet = quiet
        self.explain = explain
        self.checking = checking
        self._console: Console | None = None
        self._bar: Bar | None = None

    @property
    def console(self) -> Console:
        """The rich console for results on stdout, made on first use (rich loads slowly)."""
        if self._console is None:
            from rich.console import Console

            # On a terminal, lines wrap at its width (hanging indents, never inside a word);
            # into a pipe or a file each line stays whole, for grep and diff.
            self._console = Console(
                file=sys.stdout, highlight=False, soft_wrap=not sys.stdout.isatty()
            )
        return self._console

    def _write(self, shown: Shown) -> None:
        """Results on stdout: through rich on a terminal, else each line whole, without rich
        (the same characters rich would print there; ``certify.output.styled``)."""
        from certify.output.styled import needs_rich, write

        write(shown, sys.stdout, self.console if needs_rich(sys.stdout) else None)

    def progress(self, total: int) -> Progress:
        """A progress bar for long batches, silent unless stderr is a terminal."""
        if total <= PROGRESS_AFTER or not sys.stderr.isatty():
            return Progress(None)
        from rich.console import Console

        from certify.output.render import progress_bar

        # On one terminal, the bar and the reports must share a console to not overwrite each
        # other; when stdout is a pipe or a file, the bar stays on stderr, out of the results.
        shared = sys.stdout.isatty() and not self.as_json
        console = self.console if shared else Console(stderr=True)
        return Progress(progress_bar(console, total, follows_stdout=shared))

    def show(self, result: FileResult) -> None:
        """One file's report, failures and errors."""
        sys.stdout.flush()  # keep reports and diagnostics in order on a shared terminal
        path = printable(result.path)
        if result.error is not None:
            sys.stderr.write(result.error.render() + "\n")
        elif result.internal is not None:
            detail = printable(result.internal, newlines=True)
            sys.stderr.write(f"{path}: internal error (a bug in certify): {detail}\n")
        elif result.report is not None and not self.quiet:
            for warning in result.report.warnings:
                sys.stderr.write(printable(warning.render(result.path)) + "\n")
        troubled = result.report is None or bool(result.failed)
        if self.as_json:
            if troubled or not self.quiet:
                from certify.cli.batch import result_json
                from certify.errors import json_text

                sys.stdout.write(json_text(result_json(result, self.checking)) + "\n")
            return
        if result.report is None:
            return
        from certify.output.render import render_failures, render_result

        if not self.quiet:
            self._write(render_result(result, self.explain, self.checking))
        elif result.failed:
            self._write(render_failures(result))

    def updated(self, result: FileResult) -> None:
        """Freeze one certified file's answers into its expectations, and say what changed."""
        from certify.cli.update import update_file

        assert result.report is not None
        try:
            done = update_file(result.path, result.report)
        except OSError as error:
            raise CertifyError(f"cannot update {result.path}: {error.strerror or error}") from None
        path = printable(result.path)
        if done.touched and not self.quiet:
            sys.stderr.write(
                f"updated {path}: {done.written} expectation"
                f"{'s' if done.written != 1 else ''} ({done.changed} lines changed)\n"
            )
        for line in done.status_only:
            sys.stderr.write(
                f"{path}:{line}: warning: the answer cannot be written as an "
                "expectation that reads back; froze its status only\n"
            )

    def note(self, message: str) -> None:
        """A line on stderr about how the batch runs (none with --quiet)."""
        if not self.quiet:
            sys.stderr.write(f"certify: {message}\n")

    def summary(self, summary: Summary, code: ExitCode) -> None:
        """The batch in one line on stderr (only when something went wrong, with --quiet)."""
        if self.quiet and code == ExitCode.OK:
            return
        sys.stdout.flush()
        from certify.output.render import render_summary
        from certify.output.styled import needs_rich, write

        console = None
        if needs_rich(sys.stderr):
            from rich.console import Console

            console = Console(stderr=True, highlight=False, soft_wrap=not sys.stderr.isatty())
        write(render_summary(summary, ok=code == ExitCode.OK), sys.stderr, console)


class Progress:
    """A context manager that yields ``advance(path)``; a no-op without a bar."""

    def __init__(self, bar: Bar | None) -> None:
        self.bar = bar

    def __enter__(self) -> Callable[[str], None]:
        if self.bar is None:
            return lambda path: None
        bar = self.bar
        bar.start()
        task = bar.task_ids[0]
        return lambda path: bar.update(task, advance=1, file=_shown(path))

    def __exit__(self, *exc: object) -> None:
        if self.bar is not None:
            self.bar.stop()


def _shown(path: str) -> str:
    return printable(path)


def fail(message: str, code: ExitCode) -> NoReturn:
    """Stop the command with a message on stderr and an exit code."""
    sys.stderr.write(f"certify: {printable(message)}\n")
    raise typer.Exit(int(code))
