"""The command line: the only module that reads argv, prints, or exits (STYLE convention 5, 9).

``certify PATH... [--ask Q]... [--json] [--check] [--explain]`` certifies texts; results go to
stdout, diagnostics to stderr; exit codes are SPEC section 8's.  Rich is imported only when
text output is printed.
"""

from __future__ import annotations

import json
import sys
from typing import Annotated

import typer

from certify import __version__
from certify.errors import CertifyError, ExitCode
from certify.readout.answer import Options

app = typer.Typer(
    add_completion=True,
    help="Certify what a small text in controlled English determines: "
    "answer sets, witnesses, statuses.",
    context_settings={"help_option_names": ["-h", "--help"]},
    pretty_exceptions_enable=False,
)

DOMAINS = ("interval", "dbm", "octagon", "linear")


def _version(value: bool) -> None:
    if value:
        sys.stdout.write(f"certify {__version__}\n")
        raise typer.Exit(0)


@app.command()
def run(
    paths: Annotated[
        list[str] | None, typer.Argument(help="Text files or folders (searched for *.txt).")
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
    story: Annotated[
        bool,
        typer.Option(
            "--story", help="Read the text as a story: locations are updated, not conjoined."
        ),
    ] = False,
    glob: Annotated[str, typer.Option(help="File pattern for folders.")] = "*.txt",
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
    from certify.batch import collect, run_all

    if not paths:
        _fail("give at least one text file or folder (see --help)", ExitCode.USAGE)
    if engine not in ("sat", "enumerate"):
        _fail(f"--engine must be sat or enumerate, not {engine!r}", ExitCode.USAGE)
    if domain is not None and domain not in DOMAINS:
        _fail(f"--domain must be one of {', '.join(DOMAINS)}, not {domain!r}", ExitCode.USAGE)
    if budget is not None and budget < 1:
        _fail("--budget must be a positive number", ExitCode.USAGE)
    options = Options(engine=engine, domain=domain, budget=budget, story=story)
    console = None
    worst = ExitCode.OK
    failures = errors = 0
    entries = collect(paths or [], glob)
    try:
        for result in run_all(entries, ask or [], options, check, debug):
            if result.error is not None:
                errors += 1
                sys.stderr.write(result.error.render() + "\n")
                worst = max(worst, ExitCode.BAD_TEXT)
                continue
            if result.internal is not None:
                errors += 1
                sys.stderr.write(
                    f"{result.path}: internal error (a bug in certify): {result.internal}\n"
                )
                worst = ExitCode.INTERNAL
                continue
            assert result.report is not None
            for warning in result.report.warnings:
                sys.stderr.write(f"{result.path}: warning: {warning}\n")
            failures += len(result.failed)
            if result.failed and worst == ExitCode.OK:
                worst = ExitCode.EXPECTATION_FAILED
            if as_json:
                from certify.report import to_json

                sys.stdout.write(json.dumps(to_json(result.report), ensure_ascii=False) + "\n")
            elif not quiet or result.failed:
                from certify.render import render_result

                if console is None:
                    from rich.console import Console

                    console = Console(highlight=False, soft_wrap=True)
                console.print(render_result(result, explain, check))
    except CertifyError as error:
        _fail(error.message, error.exit_code)
    if check and not as_json:
        checked = sum(1 for _ in entries)
        sys.stderr.write(
            f"checked {checked} file{'s' if checked != 1 else ''}: "
            f"{failures} failed expectation{'s' if failures != 1 else ''}, {errors} unreadable\n"
        )
    raise typer.Exit(int(worst))


def _fail(message: str, code: ExitCode) -> None:
    sys.stderr.write(f"certify: {message}\n")
    raise typer.Exit(int(code))


def main() -> None:
    """Console entry point."""
    try:
        app(prog_name="certify")
    except KeyboardInterrupt:
        sys.stderr.write("certify: interrupted\n")
        sys.exit(130)
