"""What the corpus benchmarks share: items fed verbatim, a guarded run, and the tally.

An ``Item`` is one text exactly as the corpus has it (``text``), the questions asked about it
from outside (``asks``, for corpora whose question is a field, not a line of the text) and
what gold says of each question.  ``run_item`` hands ``text`` and ``asks`` to ``certify.check``
unchanged; a text certify refuses is *not parsed* and none of its questions agrees.  A
``Worker`` runs items in a child process so that one that never returns is stopped after
``cap`` seconds and counted as timed out, not waited for.
"""

from __future__ import annotations

import multiprocessing
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # the checkout's certify, not another install
    sys.path.insert(0, str(ROOT))

CORPORA = ROOT.parent / "shared" / "corpora"
ARTICLES = ("the ", "a ", "an ")
FAILURES_SHOWN = 5
EXCERPT = 100  # characters of the refused line shown around the error


@dataclass(frozen=True)
class Expected:
    """A status and, when forced, the answer (normalized words; order kept if ``ordered``)."""

    status: str
    answer: tuple[str, ...] = ()
    ordered: bool = False
    domain: str = ""
    """When set, the answer must come from this domain (StepGame: ``dbm``)."""

    def __str__(self) -> str:
        return f"{self.status} {', '.join(self.answer)}".rstrip()


YES = Expected("forced", ("yes",))
NO = Expected("forced", ("no",))
OPEN = Expected("open")
CONTRADICTORY = Expected("contradictory")


@dataclass(frozen=True)
class Question:
    """One gold-labelled question: an in-text ``line``, an ``ask`` index, or neither (the last
    question the text itself asks).  ``classical`` is set where gold is known to differ."""

    id: str
    gold: str
    expected: Expected
    classical: Expected | None = None
    line: int | None = None
    ask: int | None = None


@dataclass(frozen=True)
class Item:
    """One corpus text, verbatim, and its questions."""

    id: str
    text: str
    questions: tuple[Question, ...]
    asks: tuple[str, ...] = ()
    story: bool = False
    grid: bool = False
    """``Options(grid=True)``: each position statement is one step (bAbI 19, StepGame)."""
    closed_world: bool = False
    """Read with ``Options(closed_world=True)`` (``--closed-world``): the text is unchanged."""


@dataclass(frozen=True)
class Got:
    """What certify answered to one question."""

    line: int | None
    status: str
    answer: tuple[str, ...]
    domain: str = ""


@dataclass(frozen=True)
class Outcome:
    """``report``, ``refused`` (a TextError), ``crashed`` (any other error) or ``timeout``."""

    kind: str
    seconds: float
    error: str = ""
    answers: tuple[Got, ...] = ()


def words(answer: str) -> tuple[str, ...]:
    """'the apple and the football' → ('apple', 'football'); 'Kitchen' → ('kitchen',)."""
    parts = answer.lower().replace(" and ", ", ").split(", ")
    found = []
    for part in parts:
        part = part.strip()
        for article in ARTICLES:
            part = part.removeprefix(article)
        found.append(part)
    return tuple(found)


def got_of(answer: Any) -> Got:
    """The status and normalized forced answer of a ``certify.Answer``."""
    value: tuple[str, ...] = ()
    if answer.status == "forced":
        answers = answer.answers
        value = words(str(answers[0] if isinstance(answers, tuple) else answers))
    return Got(answer.line or None, answer.status, value, answer.domain)


def first_error(error: Exception) -> str:
    """The first error of a refusal, where, and the text around it: 'line 3 column 6: ... |
    Mary picked up the milk there.'."""
    inner = getattr(error, "errors", [error])[0]
    source = getattr(inner, "source_line", "")
    start = 0 if len(source) <= EXCERPT else max(0, getattr(inner, "column", 0) - EXCERPT // 4)
    excerpt = source[start : start + EXCERPT].strip()
    where = f"line {getattr(inner, 'line', 0)} column {getattr(inner, 'column', 0)}"
    return f"{where}: {getattr(inner, 'message', inner)} | {excerpt}"


def run_item(item: Item, check: Callable[..., Any] | None = None) -> Outcome:
    """``check(item.text, item.asks)`` timed end to end, its refusal or error classified."""
    from certify import Options, TextError
    from certify import check as certify_check

    check = check or certify_check
    started = time.perf_counter()
    try:
        options = Options(story=item.story, grid=item.grid, closed_world=item.closed_world)
        report = check(item.text, list(item.asks), options=options)
    except TextError as error:
        return Outcome("refused", time.perf_counter() - started, first_error(error))
    except Exception as error:  # an internal error is a bug to list, not a refusal
        seconds = time.perf_counter() - started
        return Outcome("crashed", seconds, f"{type(error).__name__}: {error}"[:300])
    seconds = time.perf_counter() - started
    return Outcome("report", seconds, "", tuple(got_of(a) for a in report.questions))


def _serve(connection: Connection, check: Callable[..., Any] | None) -> None:
    """The child's loop: an item in, its outcome out, until ``None``."""
    while True:
        item = connection.recv()
        if item is None:
            return
        connection.send(run_item(item, check))


class Worker:
    """``run_item`` in a child process, stopped and restarted when an item passes ``cap`` s."""

    def __init__(self, cap: float, check: Callable[..., Any] | None = None) -> None:
        self.cap = cap
        self.check = check
        methods = multiprocessing.get_all_start_methods()
        self.context: Any = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
        self.process: Any = None
        self.connection: Connection | None = None

    def _start(self) -> Connection:
        parent: Connection
        parent, child = self.context.Pipe()
        self.process = self.context.Process(target=_serve, args=(child, self.check), daemon=True)
        self.process.start()
        self.connection = parent
        return parent

    def run(self, item: Item) -> Outcome:
        """The item's outcome, or ``timeout`` after ``cap`` seconds."""
        connection = self.connection or self._start()
        started = time.perf_counter()
        connection.send(item)
        if connection.poll(self.cap):
            try:
                outcome: Outcome = connection.recv()
                return outcome
            except EOFError:  # the child died (a crash in C code, memory)
                self.close()
                return Outcome("crashed", time.perf_counter() - started, "worker process died")
        self.close()
        return Outcome("timeout", time.perf_counter() - started, f"no answer in {self.cap:g} s")

    def close(self) -> None:
        """Stop the child (it is ours alone)."""
        if self.process is not None:
            self.process.kill()
            self.process.join()
        self.process = self.connection = None


def pick(question: Question, answers: Sequence[Got], asked_from: int) -> Got | None:
    """certify's answer to ``question``: in-text answers come first, then the asks in order."""
    in_text = answers[:asked_from]
    if question.ask is not None:
        index = asked_from + question.ask
        return answers[index] if index < len(answers) else None
    if question.line is None:
        return in_text[-1] if in_text else None
    return next((got for got in in_text if got.line == question.line), None)


def agrees(expected: Expected, got: Got | None) -> bool:
    """Same status and, when forced, the same answer (as a set unless order matters)."""
    if got is None or got.status != expected.status:
        return False
    if expected.domain and got.domain != expected.domain:
        return False
    if expected.status != "forced":
        return True
    if expected.ordered:
        return got.answer == expected.answer
    return sorted(got.answer) == sorted(expected.answer)


@dataclass
class Tally:
    """Counts of one task or corpus, every disagreement and the first failures."""

    name: str
    items: int = 0
    parsed: int = 0
    refused: int = 0
    crashed: int = 0
    timeouts: int = 0
    questions: int = 0
    parsed_questions: int = 0
    agree: int = 0
    divergent: int = 0
    agree_classical: int = 0
    items_agree: int = 0
    seconds: list[float] = field(default_factory=list)
    disagreements: list[str] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)

    def add(self, item: Item, outcome: Outcome) -> None:
        """Count one item's outcome."""
        self.items += 1
        self.questions += len(item.questions)
        self.divergent += sum(q.classical is not None for q in item.questions)
        self.seconds.append(outcome.seconds)
        if outcome.kind != "report":
            self._failed(item, outcome)
            return
        self.parsed += 1
        self.parsed_questions += len(item.questions)
        asked_from = sum(got.line is not None for got in outcome.answers)
        every = True
        for question in item.questions:
            got = pick(question, outcome.answers, asked_from)
            ok = agrees(question.expected, got)
            self.agree += ok
            self.agree_classical += agrees(question.classical or question.expected, got)
            every = every and ok
            if not ok:
                self.disagreements.append(self._line(question, got))
        self.items_agree += every

    def _failed(self, item: Item, outcome: Outcome) -> None:
        if outcome.kind == "refused":
            self.refused += 1
            if self.refused > FAILURES_SHOWN:
                return
        elif outcome.kind == "crashed":
            self.crashed += 1
        else:
            self.timeouts += 1
        self.failures.append(f"{item.id}: {outcome.kind}: {outcome.error}")

    @staticmethod
    def _line(question: Question, got: Got | None) -> str:
        said = "no answer" if got is None else f"{got.status} {', '.join(got.answer)}".rstrip()
        classical = "" if question.classical is None else f" (classically {question.classical})"
        return f"{question.id}: certify {said}; gold {question.gold}{classical}"


HEADER = (
    "| {label} | {unit} | parsed | questions | agree with gold: parsed / all "
    "| known divergent | agree classically: parsed / all | items all agree "
    "| refused / crashed / timed out | s per item: mean / max |"
)


def share(part: int, whole: int) -> str:
    """'12 (40.0 %)'."""
    return f"{part} ({100 * part / whole:.1f} %)" if whole else f"{part} (-)"


def row(tally: Tally) -> str:
    """One Markdown table row."""
    mean = statistics.fmean(tally.seconds) if tally.seconds else 0.0
    most = max(tally.seconds, default=0.0)
    cells = [
        tally.name,
        str(tally.items),
        share(tally.parsed, tally.items),
        str(tally.questions),
        f"{share(tally.agree, tally.parsed_questions)} / {share(tally.agree, tally.questions)}",
        str(tally.divergent),
        f"{share(tally.agree_classical, tally.parsed_questions)} / "
        f"{share(tally.agree_classical, tally.questions)}",
        share(tally.items_agree, tally.items),
        f"{tally.refused} / {tally.crashed} / {tally.timeouts}",
        f"{mean:.4f} / {most:.3f}",
    ]
    return "| " + " | ".join(cells) + " |"


def table(tallies: Sequence[Tally], label: str = "corpus", unit: str = "items") -> str:
    """The Markdown table of every tally."""
    header = HEADER.format(label=label, unit=unit)
    rule = "|" + "---|" * header.count(" | ") + "---|"
    return "\n".join([header, rule, *(row(t) for t in tallies)])


def details(tally: Tally) -> str:
    """Every disagreement, then the first parse failures and every crash or timeout."""
    lines = [f"{tally.name}: {len(tally.disagreements)} disagreements"]
    lines += [f"    {line}" for line in tally.disagreements]
    shown = min(tally.refused, FAILURES_SHOWN)
    lines.append(
        f"{tally.name}: {tally.refused} refused (first {shown} shown), "
        f"{tally.crashed} crashed, {tally.timeouts} timed out"
    )
    lines += [f"    {line}" for line in tally.failures]
    return "\n".join(lines)


def measure(name: str, items: Sequence[Item], worker: Worker | None) -> Tally:
    """Run every item (in ``worker`` when given, else in this process) and tally them."""
    tally = Tally(name)
    for item in items:
        tally.add(item, worker.run(item) if worker else run_item(item))
    return tally
