"""The options of ``certify``: the help text, the choices, and one type per option.

Typer reads each option from its annotation; keeping them here lets ``app.run`` read as what
it does.  Imported at start-up: nothing here may import more than typer.
"""

from __future__ import annotations

import sys
from enum import Enum
from typing import Annotated

import typer

from certify import __version__

HELP_TEXT = """Certify what a small text in controlled English determines.

For every question (in the text, or --ask), print the answer set, a checked witness for each
answer, and one status: forced, open, contradictory or unresolved.  With no question, print
what remains of every variable the text mentions.

Subcommands: 'certify verify REPORT.json [TEXT]' re-checks a saved --json report without
trusting the engine that wrote it; 'certify schema' (or 'certify schema error') prints the
JSON Schema of the --json report (or of the error document); 'certify aggregate FILE.json'
prints the exact worst-case error of an aggregation and the optimal coefficients (seed §4).
"""

EPILOG_TEXT = """Examples:

  certify samples/ana.txt --ask "Where is Ana?"

  certify texts/ --check --junit report.xml

Exit codes: 0 report produced (and, with --check, every expectation held); 1 an expectation
failed (or verify found a broken claim); 2 usage error; 3 a text could not be read; 70
internal error (a bug: one line on stderr, the traceback with --debug).
"""


def _paragraphs(text: str) -> str:
    """The text with each paragraph on one line: the help formatter keeps a single newline as
    a line break, which at any other width than the source's breaks lines mid-sentence."""
    return "\n\n".join(" ".join(p.split("\n")) for p in text.strip().split("\n\n")) + "\n"


HELP = _paragraphs(HELP_TEXT)
EPILOG = _paragraphs(EPILOG_TEXT)


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


class Executor(str, Enum):
    """Where a batch runs: this machine's worker processes, or a Dask cluster."""

    LOCAL = "local"
    DASK = "dask"


def _version(value: bool) -> None:
    if value:
        sys.stdout.write(f"certify {__version__}\n")
        raise typer.Exit(0)


# The options of `certify`, one type each, so that `run` reads as what it does.
PathsArgument = Annotated[
    list[str] | None,
    typer.Argument(help="Text files or folders (searched recursively for --glob)."),
]
AskOption = Annotated[
    list[str] | None,
    typer.Option("--ask", "-a", help="A question about the whole text (repeatable)."),
]
JsonOption = Annotated[
    bool,
    typer.Option("--json", help="Print the report as JSON (JSON Lines for several files)."),
]
CheckOption = Annotated[
    bool, typer.Option("--check", help="Check every '# expect:' line; exit 1 if one fails.")
]
ExplainOption = Annotated[
    bool, typer.Option("--explain", help="Show how each statement was read and where it went.")
]
EngineOption = Annotated[
    Engine,
    typer.Option(
        case_sensitive=False, help="The finite engine: SAT, or the brute-force reference."
    ),
]
DomainOption = Annotated[
    Domain | None,
    typer.Option(
        case_sensitive=False, help="Force a numeric domain (default: the cheapest exact one)."
    ),
]
BudgetOption = Annotated[
    int | None,
    typer.Option(
        help="Bound the work of every stage (solver calls, closure rounds, derived rows, "
        "search nodes)."
    ),
]
TimeoutOption = Annotated[
    float,
    typer.Option(
        help="Wall-clock seconds per file for all of the work (0: no limit); what is "
        "proven and witnessed by then is kept, the rest is unresolved."
    ),
]
MemoryOption = Annotated[
    int,
    typer.Option(
        metavar="MB",
        help="Address-space ceiling of the process in megabytes (0: no ceiling).",
    ),
]
SmallestOption = Annotated[
    bool,
    typer.Option("--smallest", help="Report a minimum-cardinality conflict."),
]
AllConflictsOption = Annotated[
    bool,
    typer.Option("--all-conflicts", help="List every minimal conflict, smallest first."),
]
UniqueOption = Annotated[
    bool,
    typer.Option(
        "--unique",
        help="Is the text well posed? Count its solutions (exactly one, or two witnessed) "
        "and list the redundant statements, each with the lines it follows from.",
    ),
]
StoryOption = Annotated[
    bool,
    typer.Option("--story", help="Read the text as a story: locations are updated, not conjoined."),
]
GridOption = Annotated[
    bool,
    typer.Option(
        "--grid",
        help="Read each position statement as one step on a grid ('north of' is adjacent), "
        "not as an ordering at any distance.",
    ),
]
ClosedWorldOption = Annotated[
    bool,
    typer.Option(
        "--closed-world",
        help="A kind, property or relation holds only when the text's facts and rules derive "
        "it (their completion; refused for negations, disjunctions and cyclic rules).",
    ),
]
LawOption = Annotated[
    str | None,
    typer.Option(
        "--law",
        help="accumulation: read measurements as independent evidence (precisions add); "
        "conjunction (default): as intervals that intersect.",
    ),
]
StrictOption = Annotated[
    bool,
    typer.Option("--strict", help="A question about a name the text never mentions is an error."),
]
GlobOption = Annotated[str, typer.Option(help="File name pattern searched for in folders.")]
JobsOption = Annotated[
    int,
    typer.Option(
        "--jobs",
        "-j",
        help="Up to N worker processes for a batch, started where they pay (0: one per CPU); "
        "same output.",
    ),
]
ExecutorOption = Annotated[
    Executor,
    typer.Option(
        case_sensitive=False,
        help="Run a batch here (local: --jobs processes) or on Dask (needs certify\\[dask]); "
        "same output.",
    ),
]
SchedulerOption = Annotated[
    str | None,
    typer.Option(
        metavar="ADDRESS",
        help="The Dask scheduler for --executor dask (tcp://HOST:8786); without it, a local "
        "cluster (--jobs workers, default one per CPU).",
    ),
]
ResumeOption = Annotated[
    str | None,
    typer.Option(
        "--resume",
        metavar="FILE",
        help="Keep the JSON Lines results in FILE: skip the files whose result is there "
        "(same path and text), append the others as they come.",
    ),
]
JunitOption = Annotated[
    str | None,
    typer.Option("--junit", metavar="FILE", help="Also write a JUnit XML report to FILE."),
]
GraphOption = Annotated[
    str | None,
    typer.Option(
        "--graph",
        metavar="FILE",
        help="Draw the text (one file) to FILE: .svg, .png or .dot (needs Graphviz's dot).",
    ),
]
HtmlOption = Annotated[
    str | None,
    typer.Option(
        "--html", metavar="FILE", help="Also write the batch as one self-contained HTML page."
    ),
]
UpdateOption = Annotated[
    bool,
    typer.Option(
        "--update", help="Rewrite each file's '# expect:' lines from the current answers."
    ),
]
QuietOption = Annotated[bool, typer.Option("--quiet", "-q", help="Print only failures and errors.")]
DebugOption = Annotated[bool, typer.Option("--debug", help="Show tracebacks of internal errors.")]
VersionOption = Annotated[
    bool,
    typer.Option("--version", callback=_version, is_eager=True, help="Show the version and exit."),
]
