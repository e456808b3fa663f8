"""Run certify on a rendered numeric text through its public API and compare with the oracle.

certify is used only as a user would: `certify.check` and the JSON of SPEC section 5
(`certify.report.to_json`). Per text the comparison checks `consistent`; per question the
status and the answer set (an interval `{"low", "high", "low_closed", "high_closed"}` or the
yes/no set), that every witnessed answer is one the oracle permits (H⁻ ⊆ true answers), and
for `unresolved` that the outer set holds every true answer (true answers ⊆ H⁺). A refusal
of a generated sentence is a disagreement of kind "refused": every form generated is one
the README or SPEC lists.
"""

from __future__ import annotations

import re
import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from tests.reference import numeric_answers as na
from tests.reference import numeric_english as ne
from tests.reference import numeric_semantics as ns
from tests.reference import numeric_text as nt


@dataclass(frozen=True)
class Observed:
    """certify's answer to one question, read from its JSON."""

    question: str
    line: int | None
    status: str
    answers: ns.Answers | None
    witnessed: tuple[str, ...]


@dataclass(frozen=True)
class Disagreement:
    """One difference between certify and the oracle."""

    kind: str
    question: str
    line: int | None
    certify: str
    oracle: str

    def text(self) -> str:
        where = f"line {self.line}" if self.line is not None else "--ask"
        return (
            f"[{self.kind}] {self.question} ({where}): certify {self.certify}; oracle {self.oracle}"
        )


@dataclass
class Comparison:
    """The outcome of one text: its disagreements, unresolved questions and counts."""

    text: str
    asked: list[str]
    disagreements: list[Disagreement] = field(default_factory=list)
    unresolved: list[str] = field(default_factory=list)
    questions: int = 0
    unmapped: int = 0


CERTIFY_SECONDS = 20.0  # CPU seconds: a cap to catch hangs (issue 16 lists some), not a speed test


class Hang(Exception):
    """certify did not answer within its cap."""


@contextmanager
def deadline(seconds: float) -> Iterator[None]:
    """Raise Hang after `seconds` of this process's CPU time (main thread only, else no cap).

    CPU time rather than wall-clock time, so that a loaded machine does not turn a slow
    answer into a hang.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def expire(signum: int, frame: object) -> None:
        raise Hang(f"no answer within {seconds:g} s of CPU time")

    previous = signal.signal(signal.SIGPROF, expire)
    signal.setitimer(signal.ITIMER_PROF, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)


def run_certify(text: str, asked: list[str]) -> tuple[bool | None, list[Observed]]:
    """certify's `consistent` (None: unresolved, the key is absent) and answers, from the
    JSON report (raises TextError)."""
    from certify import Options, check
    from certify.report import to_json

    # No wall clock: `deadline` caps CPU time, which a loaded machine does not shorten.
    report = to_json(check(text, asked, options=Options(timeout=None)))
    observed = [
        Observed(
            question=entry["question"],
            line=entry["line"],
            status=entry["status"],
            answers=read_answers(entry["answers"]),
            witnessed=tuple(str(value) for value in entry.get("witnessed") or ()),
        )
        for entry in report["questions"]
    ]
    consistent = report.get("consistent")
    return (None if consistent is None else bool(consistent)), observed


def read_answers(answers: Any) -> ns.Answers | None:
    """SPEC section 5: a list of strings, an interval object, or null."""
    if answers is None:
        return None
    if isinstance(answers, dict):
        return ns.Interval(
            end_value(answers["low"]),
            end_value(answers["high"]),
            bool(answers["low_closed"]),
            bool(answers["high_closed"]),
        )
    return frozenset(names(str(value)) for value in answers)


def names(answer: str) -> str:
    """One spelling of a set of names ("Bea, Ana and Carl" is "Ana and Bea and Carl"): the
    oracle joins its names in its own order."""
    parts = re.split(r", | and ", answer)
    return " and ".join(sorted(parts)) if len(parts) > 1 else answer


def end_value(text: str) -> Fraction | None:
    return None if text in ("inf", "-inf") else Fraction(text)


def witness_value(text: str) -> Fraction | str | None:
    """A witnessed answer: "yes"/"no", a clock time "9:05" (minutes), or an exact number."""
    if text in ("yes", "no"):
        return text
    clock = re.fullmatch(r"(\d+):(\d\d)", text)
    if clock:
        return Fraction(60 * int(clock[1]) + int(clock[2]))
    try:
        return Fraction(text)
    except (ValueError, ZeroDivisionError):
        return None


def show(answers: ns.Answers | None) -> str:
    if answers is None:
        return "null"
    if isinstance(answers, ns.Interval):
        return answers.text()
    return "{" + ", ".join(sorted(answers)) + "}"


def contains(outer: ns.Answers | None, inner: ns.Answers) -> bool:
    """Whether an outer answer set holds every answer of `inner` (null holds anything)."""
    if outer is None or inner == frozenset():
        return True
    if isinstance(inner, frozenset):
        return isinstance(outer, frozenset) and inner <= outer
    if not isinstance(outer, ns.Interval):
        return False
    return _below(outer.low, outer.low_closed, inner.low, inner.low_closed, 1) and _below(
        outer.high, outer.high_closed, inner.high, inner.high_closed, -1
    )


def _below(
    outer: Fraction | None,
    outer_closed: bool,
    inner: Fraction | None,
    inner_closed: bool,
    sign: int,
) -> bool:
    # sign 1: lower ends (None is -inf); sign -1: upper ends (None is +inf).
    if outer is None:
        return True
    if inner is None:
        return False
    if outer != inner:
        return sign * outer < sign * inner
    return outer_closed or not inner_closed


GENERATED = (
    (re.compile(r"What is ([a-z][\w-]*)\?"), "number"),
    (re.compile(r"When does (.+) arrive\?"), "arrival"),
    (re.compile(r"What is (.+)'s age\?"), "age"),
    (re.compile(r"How old is (.+)\?"), "age"),
)
ADJECTIVE_SCALES = {
    "big": "size",
    "large": "size",
    "tall": "height",
    "heavy": "weight",
    "old": "age",
    "expensive": "price",
}


def generated_quantity(question: str) -> tuple[str, str] | None:
    """The quantity a "what remains" question of certify's is about, if it can be told."""
    for pattern, kind in GENERATED:
        match = pattern.fullmatch(question)
        if match:
            return kind, match[1]
    match = re.fullmatch(r"What is how (\w+) (.+) is\?", question)
    if match and match[1] in ADJECTIVE_SCALES:
        return ADJECTIVE_SCALES[match[1]], match[2]
    return None


def compare(text: nt.Text, seconds: float = CERTIFY_SECONDS) -> Comparison:
    """Run certify on the rendered text and compare every answer with the oracle's.

    certify gets `seconds` to answer (a cap against hangs, which count as disagreements).
    """
    from certify import TextError

    english, asked = ne.render_text(text), [ne.render_question(q) for q in text.asked]
    comparison = Comparison(english, asked)
    try:
        with deadline(seconds):
            consistent, observed = run_certify(english, asked)
    except Hang as error:
        comparison.disagreements.append(Disagreement("hang", "", None, str(error), "an answer"))
        return comparison
    except TextError as error:
        comparison.disagreements.append(refusal(error, english, asked))
        return comparison
    except Exception as error:  # an internal error is a disagreement too, never a crash here
        comparison.disagreements.append(Disagreement("crash", "", None, repr(error), "an answer"))
        return comparison
    if consistent is not None and consistent != na.consistent(text):  # unresolved is sound
        kind = "consistent"
        comparison.disagreements.append(
            Disagreement(kind, "", None, str(consistent), str(not consistent))
        )
    expected = oracle_answers(text, observed, comparison)
    if len(expected) != len(observed):
        counts = f"{len(observed)} answers", f"{len(expected)} questions"
        comparison.disagreements.append(Disagreement("count", "", None, *counts))
        return comparison
    for answered, got in zip(expected, observed):
        comparison.questions += 1
        comparison.disagreements.extend(compare_answer(answered, got, comparison))
    return comparison


def refusal(error: Exception, english: str, asked: list[str]) -> Disagreement:
    """A refused generated text, naming the sentence certify refused where it says so."""
    first = (getattr(error, "errors", None) or [error])[0]
    lines = english.splitlines()
    line = getattr(first, "line", None)
    message = " ".join(str(first).split())
    if isinstance(line, int) and 1 <= line <= len(lines):
        sentence = lines[line - 1]
    else:
        line, sentence = None, getattr(first, "source_line", "") or " | ".join(asked)
    return Disagreement("refused", sentence, line, message, "a listed form")


def oracle_answers(
    text: nt.Text, observed: list[Observed], comparison: Comparison
) -> list[na.Answered]:
    """The oracle's answers, in certify's order; "what remains" mapped when no question."""
    if any(nt.is_question(item) for item in text.items) or text.asked:
        return na.answer_questions(text)
    answers = []
    for got in observed:
        quantity = generated_quantity(got.question)
        if quantity is None:
            comparison.unmapped += 1
            continue
        answers.append(na.answer_quantity(text.items, *quantity, got.question))
    observed[:] = [got for got in observed if generated_quantity(got.question) is not None]
    return answers


def compare_answer(
    answered: na.Answered, got: Observed, comparison: Comparison
) -> list[Disagreement]:
    """Status, answer set, witnesses and (for unresolved) soundness of one answer."""
    want = answered.expected
    found = []

    def differ(kind: str, certify: str, oracle: str) -> None:
        found.append(Disagreement(kind, answered.question, answered.line, certify, oracle))

    if got.question != answered.question or got.line != answered.line:
        differ(
            "question", f"{got.question} at {got.line}", f"{answered.question} at {answered.line}"
        )
        return found
    if got.status == "unresolved":
        comparison.unresolved.append(f"{answered.question} ({show(got.answers)})")
        if not contains(got.answers, want.answers):
            differ(
                "unsound", f"unresolved {show(got.answers)}", f"{want.status} {show(want.answers)}"
            )
    elif got.status != want.status:
        differ("status", f"{got.status} {show(got.answers)}", f"{want.status} {show(want.answers)}")
    elif got.answers != want.answers:
        differ(
            "answers", f"{got.status} {show(got.answers)}", f"{want.status} {show(want.answers)}"
        )
    for witnessed in got.witnessed:
        value = witness_value(witnessed)
        if value is not None and (want.status == "contradictory" or not answered.permits(value)):
            differ("witness", f"witnessed {witnessed}", f"{want.status} {show(want.answers)}")
    return found
