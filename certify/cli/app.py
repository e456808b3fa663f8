"""The command line: the only module that reads argv, prints, or exits (STYLE convention 5, 9).

``certify PATH... [--ask Q]... [--json] [--check] [--explain]`` certifies texts and folders of
texts; results go to stdout, diagnostics (errors, warnings, the batch summary, a progress bar
for long batches) to stderr; exit codes are SPEC section 8's.  Batch options: ``--jobs`` (worker
processes), ``--junit FILE`` (JUnit XML for CI), ``--update`` (freeze the current answers into
``# expect:`` lines), ``--quiet``.  Two subcommands: ``certify verify REPORT.json [TEXT]`` and
``certify schema [report|error]`` (the JSON Schemas).  ``--engine`` and ``--domain`` take
``Enum`` choices, so ``--help`` lists their values and shell completion offers them.  Only
typer is imported up front: the pipeline, rich, the SAT solver and the numeric domains are
imported when a text is certified and printed.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import TYPE_CHECKING

import typer

from certify.cli.options import (
    EPILOG,
    HELP,
    AllConflictsOption,
    AskOption,
    BudgetOption,
    CheckOption,
    DebugOption,
    DomainOption,
    Engine,
    EngineOption,
    ExplainOption,
    GlobOption,
    GraphOption,
    HtmlOption,
    JobsOption,
    JsonOption,
    JunitOption,
    LawOption,
    MemoryOption,
    PathsArgument,
    QuietOption,
    SmallestOption,
    StoryOption,
    StrictOption,
    TimeoutOption,
    UpdateOption,
    VersionOption,
)
from certify.cli.printer import Printer
from certify.errors import CertifyError, ExitCode, UsageError, printable
from certify.run_limits import DEFAULT_MEMORY, DEFAULT_TIMEOUT, MIN_MEMORY, memory_ceiling

if TYPE_CHECKING:
    from certify.cli.batch import Entry, FileResult, Summary
    from certify.readout.answer import Options

app = typer.Typer(
    add_completion=True,
    help=HELP,
    epilog=EPILOG,
    context_settings={"help_option_names": ["-h", "--help"]},
    pretty_exceptions_enable=False,
)


@app.command(help=HELP, epilog=EPILOG)
def run(
    paths: PathsArgument = None,
    ask: AskOption = None,
    as_json: JsonOption = False,
    check: CheckOption = False,
    explain: ExplainOption = False,
    engine: EngineOption = Engine.SAT,
    domain: DomainOption = None,
    budget: BudgetOption = None,
    timeout: TimeoutOption = DEFAULT_TIMEOUT,
    memory: MemoryOption = DEFAULT_MEMORY,
    smallest: SmallestOption = False,
    all_conflicts: AllConflictsOption = False,
    story: StoryOption = False,
    law: LawOption = None,
    strict: StrictOption = False,
    glob: GlobOption = "*.txt",
    jobs: JobsOption = 1,
    junit: JunitOption = None,
    graph: GraphOption = None,
    html: HtmlOption = None,
    update: UpdateOption = False,
    quiet: QuietOption = False,
    debug: DebugOption = False,
    version: VersionOption = False,
) -> None:
    from certify.cli.batch import exit_code
    from certify.readout.answer import Options

    _check_usage(paths, budget, timeout, memory, law, jobs, update and bool(ask))
    _check_targets(junit=junit, graph=graph, html=html)
    options = Options(
        engine=engine.value,
        domain=None if domain is None else domain.value,
        budget=budget,
        story=story,
        strict=strict,
        law=law,
        timeout=timeout or None,
        smallest=smallest,
        all_conflicts=all_conflicts,
    )
    checking = check and not update
    printer = Printer(as_json=as_json, quiet=quiet, explain=explain, checking=checking)
    batch = _Batch(paths or [], glob, ask or [], options, checking, debug, jobs, update)
    with memory_ceiling(memory or None):  # restored when the batch is done
        results, summary = batch.run(printer, one_file=graph is not None, junit=junit)
    if graph is not None:
        _draw(graph, results[0], options)
    if html is not None:
        _page(html, results, summary, options)
    code = exit_code(summary)
    if not as_json and (checking or len(results) > 1):
        printer.summary(summary, code)
    raise typer.Exit(int(code))


def _check_usage(
    paths: list[str] | None,
    budget: int | None,
    timeout: float,
    memory: int,
    law: str | None,
    jobs: int,
    update_with_ask: bool,
) -> None:
    """Exit 2 with the reason when the options cannot be honoured together."""
    if not paths:
        _fail("give at least one text file or folder (see --help)", ExitCode.USAGE)
    if budget is not None and budget < 1:
        _fail("--budget must be a positive number", ExitCode.USAGE)
    if timeout < 0:
        _fail("--timeout must be a number of seconds (0: no limit)", ExitCode.USAGE)
    if memory and memory < MIN_MEMORY:
        _fail(
            f"--memory must be at least {MIN_MEMORY} megabytes (the numeric libraries alone map "
            "about 300), or 0 for no ceiling",
            ExitCode.USAGE,
        )
    if law not in (None, "conjunction", "accumulation"):
        _fail("--law must be conjunction or accumulation", ExitCode.USAGE)
    if jobs < 0:
        _fail("--jobs must be 0 (one per CPU) or a positive number", ExitCode.USAGE)
    if update_with_ask:
        _fail("--update freezes the questions written in the files; drop --ask", ExitCode.USAGE)


def _check_targets(**targets: str | None) -> None:
    """Exit 2 when a file to write has no folder, or ``--graph`` names an unknown format."""
    import os

    for option, target in targets.items():
        if target is not None and not os.path.isdir(os.path.dirname(target) or "."):
            _fail(f"--{option}: the folder of {target!r} does not exist", ExitCode.USAGE)
    graph = targets.get("graph")
    if graph is not None:
        from certify.output.graph import graph_format

        try:
            graph_format(graph)
        except CertifyError as error:
            _fail(error.message, error.exit_code)


@dataclass
class _Batch:
    """One run over the files given: what to read, ask and check."""

    paths: list[str]
    glob: str
    ask: list[str]
    options: Options
    checking: bool
    debug: bool
    jobs: int
    update: bool

    def run(
        self, printer: Printer, one_file: bool, junit: str | None
    ) -> tuple[list[FileResult], Summary]:
        """Certify every file, printing each result as it comes (in input order)."""
        import os

        from certify.cli.batch import collect, summarize
        from certify.cli.parallel import run_all

        entries: list[Entry] = []
        results: list[FileResult] = []
        swallowed = _catch_swallowed_interrupts()
        try:
            entries = list(collect(self.paths, self.glob))
            if one_file and len(entries) != 1:
                _fail(
                    "--graph draws one text: give one file (--html shows a folder)", ExitCode.USAGE
                )
            jobs = self.jobs or os.cpu_count() or 1
            stream = run_all(entries, self.ask, self.options, self.checking, self.debug, jobs)
            with printer.progress(sum(1 for _, error in entries if error is None)) as advance:
                for result in stream:
                    results.append(result)
                    printer.show(result)
                    if self.update and result.report is not None:
                        printer.updated(result)
                    advance(result.path)
                    if swallowed:
                        raise KeyboardInterrupt
            summary = summarize(results)
            if junit is not None:
                _write_junit(junit, results, self.checking)
        except CertifyError as error:
            _fail(error.message, error.exit_code)
        except KeyboardInterrupt:
            sys.stdout.flush()
            _fail(f"interrupted; {len(results)} of {len(entries)} files done", ExitCode.INTERRUPTED)
        return results, summary


def _draw(target: str, result: FileResult, options: Options) -> None:
    """``--graph``: the picture of one certified text (a warning when only DOT was written)."""
    from certify.files import read_text
    from certify.output.graph import write_graph

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
    from certify.output.html import write_page

    try:
        warnings = write_page(target, results, summary, options)
    except OSError as error:
        _fail(f"--html: cannot write {target!r}: {error.strerror or error}", ExitCode.USAGE)
    for warning in warnings:
        sys.stderr.write(f"certify: warning: {warning}\n")


def _catch_swallowed_interrupts() -> list[object]:
    """A list that gains an item whenever Ctrl-C lands in a finalizer and is swallowed there.

    Python cannot raise ``KeyboardInterrupt`` out of a ``__del__`` (a SAT solver being freed,
    say): it prints "Exception ignored" with a traceback and goes on.  This hook keeps that
    quiet and remembers the interrupt, and the batch stops after the file at hand.
    """
    swallowed: list[object] = []
    default = sys.unraisablehook

    def hook(unraisable: sys.UnraisableHookArgs) -> None:
        if unraisable.exc_type is KeyboardInterrupt:
            swallowed.append(unraisable.object)
        else:
            default(unraisable)

    sys.unraisablehook = hook
    return swallowed


def _write_junit(path: str, results: list[FileResult], checking: bool) -> None:
    """Write the JUnit report atomically: a reader never sees half a file."""
    from certify.files import write_atomically
    from certify.output.junit import to_xml

    try:
        write_atomically(path, to_xml(results, checking))
    except OSError as error:
        raise UsageError(f"--junit: cannot write {path!r}: {error.strerror or error}") from None


def _fail(message: str, code: ExitCode) -> None:
    sys.stderr.write(f"certify: {printable(message)}\n")
    raise typer.Exit(int(code))


def main() -> None:
    """Console entry point: ``certify verify ...``, ``certify schema ...``,
    ``certify aggregate ...`` or ``certify PATH...``.

    (A text file literally named ``verify``, ``schema`` or ``aggregate`` is reached as
    ``./verify``.)
    """
    try:
        if sys.argv[1:2] == ["verify"]:
            from certify.cli.verify_command import main as verify

            verify(sys.argv[2:])
        if sys.argv[1:2] == ["schema"]:
            from certify.cli.schema import schema_app

            schema_app(args=sys.argv[2:], prog_name="certify schema")
        if sys.argv[1:2] == ["aggregate"]:
            from certify.cli.aggregate import main as aggregate

            aggregate(sys.argv[2:])
        app(prog_name="certify")
    except KeyboardInterrupt:  # before or after ``run`` (its own interrupts say how far it got)
        sys.stderr.write("certify: interrupted\n")
        sys.exit(int(ExitCode.INTERRUPTED))
