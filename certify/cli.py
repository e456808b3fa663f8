"""The command line: the only module that reads argv, prints, or exits (STYLE convention 5, 9).

``certify PATH... [--ask Q]... [--json] [--check] [--explain]`` certifies texts and folders of
texts; results go to stdout, diagnostics (errors, warnings, the batch summary, a progress bar
for long batches) to stderr; exit codes are SPEC section 8's.  Batch options: ``--jobs`` (worker
processes), ``--junit FILE`` (JUnit XML for CI), ``--update`` (freeze the current answers into
``# expect:`` lines), ``--quiet``.  Only typer is imported up front: the pipeline, rich, the
SAT solver and the numeric domains are imported when a text is certified and printed.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated

import typer

from certify import __version__
from certify.errors import CertifyError, ExitCode

if TYPE_CHECKING:
    from rich.console import Console
    from rich.progress import Progress

    from certify.batch import FileResult, Summary
    from certify.readout.answer import Options

app = typer.Typer(
    add_completion=True,
    help="Certify what a small text in controlled English determines: "
    "answer sets, witnesses, statuses.",
    context_settings={"help_option_names": ["-h", "--help"]},
    pretty_exceptions_enable=False,
)

DOMAINS = ("interval", "dbm", "octagon", "linear")

PROGRESS_AFTER = 5
"""A batch of more files than this shows a progress bar (when stderr is a terminal)."""


def _version(value: bool) -> None:
    if value:
        sys.stdout.write(f"certify {__version__}\n")
        raise typer.Exit(0)


@app.command()
def run(
    paths: Annotated[
        list[str] | None,
        typer.Argument(help="Text files or folders (searched recursively for --glob)."),
    ] = None,
    ask: Annotated[
        list[str] | None,
        typer.Option("--ask", "-a", help="A question about the whole text (repeatable)."),
    ] = None,
    as_json: Annotated[
        bool,
        typer.Option("--json", help="Print the report as JSON (JSON Lines for several files)."),
    ] = False,
    check: Annotated[
        bool, typer.Option("--check", help="Check every '# expect:' line; exit 1 if one fails.")
    ] = False,
    explain: Annotated[
        bool, typer.Option("--explain", help="Show how each statement was read and where it went.")
    ] = False,
    engine: Annotated[
        str, typer.Option(help="sat (default) or enumerate (the brute-force reference).")
    ] = "sat",
    domain: Annotated[
        str | None, typer.Option(help="Force a numeric domain: interval, dbm, octagon or linear.")
    ] = None,
    budget: Annotated[
        int | None, typer.Option(help="Bound the work per question (closure rounds, solver calls).")
    ] = None,
    timeout: Annotated[
        float | None,
        typer.Option(help="Stop enumerating a question's answers after this many seconds."),
    ] = None,
    smallest: Annotated[
        bool,
        typer.Option("--smallest", help="Report a minimum-cardinality conflict."),
    ] = False,
    all_conflicts: Annotated[
        bool,
        typer.Option("--all-conflicts", help="List every minimal conflict, smallest first."),
    ] = False,
    story: Annotated[
        bool,
        typer.Option(
            "--story", help="Read the text as a story: locations are updated, not conjoined."
        ),
    ] = False,
    strict: Annotated[
        bool,
        typer.Option(
            "--strict", help="A question about a name the text never mentions is an error."
        ),
    ] = False,
    glob: Annotated[str, typer.Option(help="File name pattern searched for in folders.")] = "*.txt",
    jobs: Annotated[
        int,
        typer.Option(
            "--jobs", "-j", help="Worker processes for a batch (0: one per CPU); same output."
        ),
    ] = 1,
    junit: Annotated[
        str | None,
        typer.Option("--junit", metavar="FILE", help="Also write a JUnit XML report to FILE."),
    ] = None,
    graph: Annotated[
        str | None,
        typer.Option(
            "--graph",
            metavar="FILE",
            help="Draw the text (one file) to FILE: .svg, .png or .dot (needs Graphviz's dot).",
        ),
    ] = None,
    html: Annotated[
        str | None,
        typer.Option(
            "--html", metavar="FILE", help="Also write the batch as one self-contained HTML page."
        ),
    ] = None,
    update: Annotated[
        bool,
        typer.Option(
            "--update", help="Rewrite each file's '# expect:' lines from the current answers."
        ),
    ] = False,
    quiet: Annotated[
        bool, typer.Option("--quiet", "-q", help="Print only failures and errors.")
    ] = False,
    debug: Annotated[
        bool, typer.Option("--debug", help="Show tracebacks of internal errors.")
    ] = False,
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_version, is_eager=True, help="Show the version and exit."
        ),
    ] = False,
) -> None:
    """Certify texts: for each question, the answer set, checked witnesses and a status."""
    import os

    from certify.batch import collect, exit_code, run_all, summarize
    from certify.readout.answer import Options

    if not paths:
        _fail("give at least one text file or folder (see --help)", ExitCode.USAGE)
    if engine not in ("sat", "enumerate"):
        _fail(f"--engine must be sat or enumerate, not {engine!r}", ExitCode.USAGE)
    if domain is not None and domain not in DOMAINS:
        _fail(f"--domain must be one of {', '.join(DOMAINS)}, not {domain!r}", ExitCode.USAGE)
    if budget is not None and budget < 1:
        _fail("--budget must be a positive number", ExitCode.USAGE)
    if timeout is not None and timeout <= 0:
        _fail("--timeout must be a positive number of seconds", ExitCode.USAGE)
    if jobs < 0:
        _fail("--jobs must be 0 (one per CPU) or a positive number", ExitCode.USAGE)
    if update and ask:
        _fail("--update freezes the questions written in the files; drop --ask", ExitCode.USAGE)
    for option, target in (("--junit", junit), ("--graph", graph), ("--html", html)):
        if target is not None and not os.path.isdir(os.path.dirname(target) or "."):
            _fail(f"{option}: the folder of {target!r} does not exist", ExitCode.USAGE)
    if graph is not None:
        from certify.graph import graph_format

        try:
            graph_format(graph)
        except CertifyError as error:
            _fail(error.message, error.exit_code)
    options = Options(
        engine=engine,
        domain=domain,
        budget=budget,
        story=story,
        strict=strict,
        timeout=timeout,
        smallest=smallest,
        all_conflicts=all_conflicts,
    )
    checking = check and not update
    printer = _Printer(as_json=as_json, quiet=quiet, explain=explain, checking=checking)
    entries = collect(paths or [], glob)
    if graph is not None and len(entries) != 1:
        _fail("--graph draws one text: give one file (--html shows a folder)", ExitCode.USAGE)
    results: list[FileResult] = []
    try:
        stream = run_all(entries, ask or [], options, checking, debug, jobs or os.cpu_count() or 1)
        with printer.progress(sum(1 for _, error in entries if error is None)) as advance:
            for result in stream:
                results.append(result)
                printer.show(result)
                if update and result.report is not None:
                    printer.updated(result)
                advance(result.path)
    except CertifyError as error:
        _fail(error.message, error.exit_code)
    summary = summarize(results)
    if junit is not None:
        from certify.junit import to_xml

        try:
            with open(junit, "wb") as stream_out:
                stream_out.write(to_xml(results, checking))
        except OSError as error:
            _fail(f"--junit: cannot write {junit!r}: {error.strerror or error}", ExitCode.USAGE)
    if graph is not None:
        _draw(graph, results[0], options)
    if html is not None:
        _page(html, results, summary, options)
    code = exit_code(summary)
    if not as_json and (checking or len(results) > 1):
        printer.summary(summary, code)
    raise typer.Exit(int(code))


def _draw(target: str, result: FileResult, options: Options) -> None:
    """``--graph``: the picture of one certified text (a warning when only DOT was written)."""
    from certify.batch import read_text
    from certify.graph import write_graph

    if result.report is None:
        sys.stderr.write(f"certify: warning: {target} not drawn: {result.path} has no report\n")
        return
    try:
        warning = write_graph(target, read_text(result.path), result.report, options)
    except CertifyError as error:
        _fail(error.message, error.exit_code)
    except OSError as error:
        _fail(f"--graph: cannot write {target!r}: {error.strerror or error}", ExitCode.USAGE)
    except Exception as error:  # a bug, reported as one (SPEC section 8)
        message = f"{type(error).__name__}: {error}"
        _fail(f"--graph: internal error (a bug in certify): {message}", ExitCode.INTERNAL)
    if warning:
        sys.stderr.write(f"certify: warning: {warning}\n")


def _page(target: str, results: list[FileResult], summary: Summary, options: Options) -> None:
    """``--html``: the batch as one page."""
    from certify.html import write_page

    try:
        warnings = write_page(target, results, summary, options)
    except OSError as error:
        _fail(f"--html: cannot write {target!r}: {error.strerror or error}", ExitCode.USAGE)
    for warning in warnings:
        sys.stderr.write(f"certify: warning: {warning}\n")


class _Printer:
    """Where each part of a batch goes: reports to stdout, everything else to stderr."""

    def __init__(self, *, as_json: bool, quiet: bool, explain: bool, checking: bool) -> None:
        self.as_json = as_json
        self.quiet = quiet
        self.explain = explain
        self.checking = checking
        self._console: Console | None = None
        self._bar: Progress | None = None

    @property
    def console(self) -> Console:
        """The rich console for results on stdout, made on first use (rich loads slowly)."""
        if self._console is None:
            from rich.console import Console

            self._console = Console(file=sys.stdout, highlight=False, soft_wrap=True)
        return self._console

    def progress(self, total: int) -> _Progress:
        """A progress bar for long batches, silent unless stderr is a terminal."""
        if total <= PROGRESS_AFTER or not sys.stderr.isatty():
            return _Progress(None)
        from rich.console import Console

        from certify.render import progress_bar

        # On one terminal, the bar and the reports must share a console to not overwrite each
        # other; when stdout is a pipe or a file, the bar stays on stderr, out of the results.
        shared = sys.stdout.isatty() and not self.as_json
        console = self.console if shared else Console(stderr=True)
        return _Progress(progress_bar(console, total, follows_stdout=shared))

    def show(self, result: FileResult) -> None:
        """One file's report, failures and errors."""
        sys.stdout.flush()  # keep reports and diagnostics in order on a shared terminal
        if result.error is not None:
            sys.stderr.write(result.error.render() + "\n")
        elif result.internal is not None:
            sys.stderr.write(
                f"{result.path}: internal error (a bug in certify): {result.internal}\n"
            )
        elif result.report is not None and not self.quiet:
            for warning in result.report.warnings:
                sys.stderr.write(f"{result.path}: warning: {warning}\n")
        troubled = result.report is None or bool(result.failed)
        if self.as_json:
            if troubled or not self.quiet:
                import json

                from certify.batch import result_json

                document = result_json(result, self.checking)
                sys.stdout.write(json.dumps(document, ensure_ascii=False) + "\n")
            return
        if result.report is None:
            return
        from certify.render import render_failures, render_result

        if not self.quiet:
            self.console.print(render_result(result, self.explain, self.checking))
        elif result.failed:
            self.console.print(render_failures(result))

    def updated(self, result: FileResult) -> None:
        """Freeze one certified file's answers into its expectations, and say what changed."""
        from certify.update import update_file

        assert result.report is not None
        try:
            done = update_file(result.path, result.report)
        except OSError as error:
            raise CertifyError(f"cannot update {result.path}: {error.strerror or error}") from None
        if done.touched and not self.quiet:
            sys.stderr.write(
                f"updated {result.path}: {done.written} expectation"
                f"{'s' if done.written != 1 else ''} ({done.changed} lines changed)\n"
            )
        for line in done.status_only:
            sys.stderr.write(
                f"{result.path}:{line}: warning: the answer cannot be written as an "
                "expectation that reads back; froze its status only\n"
            )

    def summary(self, summary: Summary, code: ExitCode) -> None:
        """The batch in one line on stderr (only when something went wrong, with --quiet)."""
        if self.quiet and code == ExitCode.OK:
            return
        sys.stdout.flush()
        from rich.console import Console

        from certify.render import render_summary

        Console(stderr=True, highlight=False, soft_wrap=True).print(
            render_summary(summary, ok=code == ExitCode.OK)
        )


class _Progress:
    """A context manager that yields ``advance(path)``; a no-op without a bar."""

    def __init__(self, bar: Progress | None) -> None:
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
    return "".join(c if c.isprintable() else "?" for c in path)


def _fail(message: str, code: ExitCode) -> None:
    sys.stderr.write(f"certify: {message}\n")
    raise typer.Exit(int(code))


def main() -> None:
    """Console entry point: ``certify verify ...``, ``certify aggregate ...`` or
    ``certify PATH... [options]``.

    (A text file literally named ``verify`` or ``aggregate`` is reached as ``./verify``.)
    """
    try:
        if sys.argv[1:2] == ["verify"]:
            from certify.verify_cli import main as verify

            verify(sys.argv[2:])
        if sys.argv[1:2] == ["aggregate"]:
            from certify.aggregate_cli import main as aggregate

            aggregate(sys.argv[2:])
        app(prog_name="certify")
    except KeyboardInterrupt:
        sys.stderr.write("certify: interrupted\n")
        sys.exit(130)
