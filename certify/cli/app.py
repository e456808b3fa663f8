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
from enum import Enum
from typing import TYPE_CHECKING, Annotated

import typer

from certify import __version__
from certify.cli.printer import Printer
from certify.errors import CertifyError, ExitCode, UsageError, printable
from certify.run_limits import DEFAULT_MEMORY, DEFAULT_TIMEOUT, MIN_MEMORY, memory_ceiling

if TYPE_CHECKING:
    from certify.cli.batch import Entry, FileResult, Summary
    from certify.readout.answer import Options

HELP = """Certify what a small text in controlled English determines.

For every question (in the text, or --ask), print the answer set, a checked witness for each
answer, and one status: forced, open, contradictory or unresolved.  With no question, print
what remains of every variable the text mentions.

Subcommands: 'certify verify REPORT.json [TEXT]' re-checks a saved --json report without
trusting the engine that wrote it; 'certify schema' (or 'certify schema error') prints the
JSON Schema of the --json report (or of the error document); 'certify aggregate FILE.json'
prints the exact worst-case error of an aggregation and the optimal coefficients (seed §4).
"""

EPILOG = """Examples:

  certify samples/ana.txt --ask "Where is Ana?"

  certify texts/ --check --junit report.xml

Exit codes: 0 report produced (and, with --check, every expectation held); 1 an expectation
failed (or verify found a broken claim); 2 usage error; 3 a text could not be read; 70
internal error (a bug: one line on stderr, the traceback with --debug).
"""

app = typer.Typer(
    add_completion=True,
    help=HELP,
    epilog=EPILOG,
    context_settings={"help_option_names": ["-h", "--help"]},
    pretty_exceptions_enable=False,
)


class Engine(str, Enum):
    """The engine of the finite part: SAT, or the brute-force reference."""

    SAT = "sat"
    ENUMERATE = "enumerate"


class Domain(str, Enum):
    """A numeric domain to force, even one too weak for the text (answers stay sound)."""

    INTERVAL = "interval"
    DBM = "dbm"
    OCTAGON = "octagon"
    LINEAR = "linear"


def _version(value: bool) -> None:
    if value:
        sys.stdout.write(f"certify {__version__}\n")
        raise typer.Exit(0)


@app.command(help=HELP, epilog=EPILOG)
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
        Engine,
        typer.Option(
            case_sensitive=False, help="The finite engine: SAT, or the brute-force reference."
        ),
    ] = Engine.SAT,
    domain: Annotated[
        Domain | None,
        typer.Option(
            case_sensitive=False, help="Force a numeric domain (default: the cheapest exact one)."
        ),
    ] = None,
    budget: Annotated[
        int | None,
        typer.Option(
            help="Bound the work of every stage (solver calls, closure rounds, derived rows, "
            "search nodes)."
        ),
    ] = None,
    timeout: Annotated[
        float,
        typer.Option(
            help="Wall-clock seconds per file for all of the work (0: no limit); what is "
            "proven and witnessed by then is kept, the rest is unresolved."
        ),
    ] = DEFAULT_TIMEOUT,
    memory: Annotated[
        int,
        typer.Option(
            metavar="MB",
            help="Address-space ceiling of the process in megabytes (0: no ceiling).",
        ),
    ] = DEFAULT_MEMORY,
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
    law: Annotated[
        str | None,
        typer.Option(
            "--law",
            help="accumulation: read measurements as independent evidence (precisions add); "
            "conjunction (default): as intervals that intersect.",
        ),
    ] = None,
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
    import os

    from certify.cli.batch import collect, exit_code, summarize
    from certify.cli.parallel import run_all
    from certify.readout.answer import Options

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
    if update and ask:
        _fail("--update freezes the questions written in the files; drop --ask", ExitCode.USAGE)
    for option, target in (("--junit", junit), ("--graph", graph), ("--html", html)):
        if target is not None and not os.path.isdir(os.path.dirname(target) or "."):
            _fail(f"{option}: the folder of {target!r} does not exist", ExitCode.USAGE)
    if graph is not None:
        from certify.output.graph import graph_format

        try:
            graph_format(graph)
        except CertifyError as error:
            _fail(error.message, error.exit_code)
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
    entries: list[Entry] = []
    results: list[FileResult] = []
    swallowed = _catch_swallowed_interrupts()
    with memory_ceiling(memory or None):  # restored when the batch is done
        try:
            entries = list(collect(paths or [], glob))
            if graph is not None and len(entries) != 1:
                _fail(
                    "--graph draws one text: give one file (--html shows a folder)", ExitCode.USAGE
                )
            stream = run_all(
                entries, ask or [], options, checking, debug, jobs or os.cpu_count() or 1
            )
            with printer.progress(sum(1 for _, error in entries if error is None)) as advance:
                for result in stream:
                    results.append(result)
                    printer.show(result)
                    if update and result.report is not None:
                        printer.updated(result)
                    advance(result.path)
                    if swallowed:
                        raise KeyboardInterrupt
            summary = summarize(results)
            if junit is not None:
                _write_junit(junit, results, checking)
        except CertifyError as error:
            _fail(error.message, error.exit_code)
        except KeyboardInterrupt:
            sys.stdout.flush()
            _fail(f"interrupted; {len(results)} of {len(entries)} files done", ExitCode.INTERRUPTED)
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
