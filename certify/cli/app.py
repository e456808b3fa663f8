"""The command line: the only module that reads argv, prints, or exits (STYLE convention 5, 9).

``certify PATH... [--ask Q]... [--json] [--check] [--explain]`` certifies texts and folders of
texts; results go to stdout, diagnostics (errors, warnings, the batch summary, a progress bar
for long batches) to stderr; exit codes are SPEC section 8's.  Batch options: ``--jobs`` (worker
processes), ``--junit FILE`` (JUnit XML for CI), ``--update`` (freeze the current answers into
``# expect:`` lines), ``--quiet``, ``--executor dask [--scheduler ADDRESS]`` (a Dask cluster),
``--resume FILE`` (keep the results in FILE, skip the files already there).  Two
subcommands: ``certify verify REPORT.json [TEXT]`` and ``certify schema [report|error]`` (the
JSON Schemas).  ``--engine`` and ``--domain`` take
``Enum`` choices, so ``--help`` lists their values and shell completion offers them.  Only
typer is imported up front: the pipeline, rich, the SAT solver and the numeric domains are
imported when a text is certified and printed.

No ``from __future__ import annotations`` here: typer evaluated ``run``'s 32 annotations from
strings twice at every start (1 ms).  Names imported for type checking only are quoted.
"""

import sys
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import typer

from certify.cli.options import (
    EPILOG,
    HELP,
    AllConflictsOption,
    AskOption,
    BudgetOption,
    CheckOption,
    ClosedWorldOption,
    DebugOption,
    DomainOption,
    Engine,
    EngineOption,
    Executor,
    ExecutorOption,
    ExplainOption,
    GlobOption,
    GraphOption,
    GridOption,
    HtmlOption,
    JobsOption,
    JsonOption,
    JunitOption,
    LawOption,
    MemoryOption,
    PathsArgument,
    QuietOption,
    ResumeOption,
    SchedulerOption,
    SmallestOption,
    StoryOption,
    StrictOption,
    TimeoutOption,
    UniqueOption,
    UpdateOption,
    VersionOption,
)
from certify.cli.printer import Printer
from certify.cli.printer import fail as _fail
from certify.errors import CertifyError, ExitCode, UsageError
from certify.run_limits import DEFAULT_MEMORY, DEFAULT_TIMEOUT, MIN_MEMORY, memory_ceiling

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator

    from certify.cli.batch import Entry, FileResult, Summary
    from certify.cli.resume import Record
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
    unique: UniqueOption = False,
    story: StoryOption = False,
    grid: GridOption = False,
    closed_world: ClosedWorldOption = False,
    law: LawOption = None,
    strict: StrictOption = False,
    glob: GlobOption = "*.txt",
    jobs: JobsOption = 1,
    executor: ExecutorOption = Executor.LOCAL,
    scheduler: SchedulerOption = None,
    resume: ResumeOption = None,
    junit: JunitOption = None,
    graph: GraphOption = None,
    html: HtmlOption = None,
    update: UpdateOption = False,
    quiet: QuietOption = False,
    debug: DebugOption = False,
    version: VersionOption = False,
) -> None:
    _check_usage(paths, budget, timeout, memory, law, jobs, update and bool(ask))
    _check_targets(junit=junit, graph=graph, html=html, resume=resume)
    _check_batch(executor, scheduler, resume, update=update, junit=junit, graph=graph, html=html)
    options = _options(
        engine.value,
        None if domain is None else domain.value,
        timeout or None,
        budget=budget,
        story=story,
        grid=grid,
        closed_world=closed_world,
        strict=strict,
        law=law,
        smallest=smallest,
        all_conflicts=all_conflicts,
        unique=unique,
    )
    checking = check and not update
    printer = Printer(as_json=as_json, quiet=quiet, explain=explain, checking=checking)
    batch = _Batch(paths or [], glob, ask or [], options, checking, debug, jobs, update)
    batch.executor, batch.scheduler, batch.resume = executor, scheduler, resume
    with memory_ceiling(memory or None):  # restored when the batch is done
        keep = graph is not None or html is not None or junit is not None
        results, summary, done = batch.run(printer, graph is not None, junit, keep)
    _pictures(graph, html, results, summary, options)
    raise typer.Exit(_exit_code(printer, summary, not as_json and (checking or done > 1)))


def _exit_code(printer: Printer, summary: "Summary", show: bool) -> int:
    """The batch's exit code, after its summary line when ``show``."""
    from certify.cli.batch import exit_code

    code = exit_code(summary)
    if show:
        printer.summary(summary, code)
    return int(code)


def _options(engine: str, domain: str | None, timeout: float | None, **flags: Any) -> "Options":
    """The options of a run (the readout loads only once the usage is checked, without the
    collector scanning what it makes: ``certify.collector``)."""
    from certify.collector import long_lived

    with long_lived():
        from certify.readout.answer import Options

    return Options(engine=engine, domain=domain, timeout=timeout, **flags)


def _pictures(
    graph: str | None, html: str | None, done: "list[FileResult]", summary: "Summary", o: "Options"
) -> None:
    if graph is not None or html is not None:  # Graphviz and the page load only when asked
        from certify.cli.pictures import pictures

        pictures(graph, html, done, summary, o)


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


def _check_batch(
    executor: Executor, scheduler: str | None, resume: str | None, **others: object
) -> None:
    """Exit 2 when ``--scheduler`` or ``--resume`` cannot be honoured."""
    if scheduler is not None and executor is not Executor.DASK:
        _fail("--scheduler needs --executor dask", ExitCode.USAGE)
    if executor is Executor.DASK:
        import importlib.util

        if importlib.util.find_spec("distributed") is None:
            _fail("--executor dask needs Dask: pip install 'certify[dask]'", ExitCode.USAGE)
    clashing = [f"--{name}" for name, value in others.items() if value]
    if resume is not None and clashing:
        _fail(
            f"--resume keeps the results of earlier runs, which {clashing[0]} would need "
            "again; drop one of them",
            ExitCode.USAGE,
        )


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
    """One run over the files given: what to read, ask and check, and where."""

    paths: list[str]
    glob: str
    ask: list[str]
    options: "Options"
    checking: bool
    debug: bool
    jobs: int
    update: bool
    executor: Executor = Executor.LOCAL
    scheduler: str | None = None
    resume: str | None = None

    def run(
        self, printer: Printer, one_file: bool, junit: str | None, keep: bool
    ) -> "tuple[list[FileResult], Summary, int]":
        """Certify every file, printing each result as it comes (in input order).

        Returns the results when ``keep`` (for JUnit and the pictures; otherwise none are kept,
        so memory does not grow with the batch), the summary, and how many files this run
        certified.
        """
        from certify.cli.batch import collect
        from certify.output.results import Tally

        entries: list[Entry] = []
        results: list[FileResult] = []
        tally = Tally()
        record: Record | None = None
        swallowed = _catch_swallowed_interrupts()
        try:
            entries = list(collect(self.paths, self.glob))
            if one_file and len(entries) != 1:
                _fail(
                    "--graph draws one text: give one file (--html shows a folder)", ExitCode.USAGE
                )
            record, todo = self._record(entries)
            counted = printer.quiet and not printer.as_json and not keep and not self.update
            stream = self._start([e for _, e in todo], counted and record is None, printer.note)
            with printer.progress(sum(1 for _, (_, error) in todo if error is None)) as advance:
                for result, (index, _) in zip(stream, todo):
                    tally.add(result)
                    if keep:
                        results.append(result)
                    printer.show(result)
                    if record is not None:
                        record.add(index, result)
                    if self.update and result.report is not None:
                        printer.updated(result)
                    advance(result.path)
                    if swallowed:
                        raise KeyboardInterrupt
            summary = tally.summary()
            if record is not None:
                record.finish()
                summary = record.summary(summary)
            if junit is not None:
                from certify.output.junit import write_junit

                write_junit(junit, results, self.checking)
        except CertifyError as error:
            _fail(error.message, error.exit_code)
        except KeyboardInterrupt:
            sys.stdout.flush()
            done = tally.texts + (len(record.kept) if record is not None else 0)
            _fail(f"interrupted; {done} of {len(entries)} files done", ExitCode.INTERRUPTED)
        finally:
            if record is not None:
                record.close()
        return results, summary, tally.texts

    def _record(self, entries: "list[Entry]") -> "tuple[Record | None, list[tuple[int, Entry]]]":
        """``--resume``: the record, and the entries it has no result for (all, without it)."""
        if self.resume is None:
            return None, list(enumerate(entries))
        from certify.cli.resume import Record

        try:
            record = Record(self.resume, self.checking)
            return record, record.to_check(entries)
        except OSError as error:
            raise UsageError(
                f"--resume: cannot write {self.resume!r}: {error.strerror or error}"
            ) from None

    def _start(
        self, entries: "list[Entry]", counted: bool, say: "Callable[[str], None]"
    ) -> "Iterator[FileResult]":
        """The results of ``entries`` in order, from the executor chosen (``counted``: the
        batch only counts the results it prints nothing of, ``parallel.run_parallel``; ``say``:
        where ``run_all`` says it kept the batch in one process)."""
        import os

        cpus = os.cpu_count() or 1
        if self.executor is Executor.DASK:  # a local cluster of --jobs workers, or the CPUs
            from certify.cli.dask_batch import run_dask

            jobs = self.jobs if self.jobs > 1 else cpus
            arguments = (self.ask, self.options, self.checking, self.debug)
            return run_dask(entries, *arguments, self.scheduler, jobs)
        from certify.cli.parallel import run_all

        jobs = self.jobs or cpus
        given = (self.ask, self.options, self.checking, self.debug, jobs, counted)
        return run_all(entries, *given, say=lambda said: say(f"--jobs {self.jobs}: {said}"))


def _catch_swallowed_interrupts() -> list[object]:
    """A list that gains an item whenever Ctrl-C lands in a finalizer and is swallowed there.

    Python cannot raise ``KeyboardInterrupt`` out of a ``__del__`` (a SAT solver being freed,
    say): it prints "Exception ignored" with a traceback and goes on.  This hook keeps that
    quiet and remembers the interrupt, and the batch stops after the file at hand.
    """
    swallowed: list[object] = []
    default = sys.unraisablehook

    def hook(unraisable: "sys.UnraisableHookArgs") -> None:
        if unraisable.exc_type is KeyboardInterrupt:
            swallowed.append(unraisable.object)
        else:
            default(unraisable)

    sys.unraisablehook = hook
    return swallowed


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
