"""``# expect:`` lines (SPEC section 7): parse them and compare them with an answer.

``# expect: open: the kitchen | the garden`` checks the status and the answer set (order-free;
case and a leading "the" ignored; "Ana and Bea" equals "Bea and Ana").  Numeric answers are
intervals ``[5, 9]``, ``(3, 4)``, ``[9:05, 9:25]``, ``[5, inf)`` or a single value ``6``.
"""

from __future__ import annotations

import re
from fractions import Fraction

from certify.errors import TextError
from certify.numeric import Interval, show_interval
from certify.records import Record
from certify.report import Answer

STATUSES = ("forced", "open", "contradictory", "unresolved")
_PLAIN_NUMBER = re.compile(r"[-+]?\d+(?:\.\d+)?(?:/\d+)?")
_INTERVAL = re.compile(r"^([\[(])\s*([^,]+?)\s*,\s*([^,]+?)\s*([\])])$")


class Expected(Record):
    """A parsed expectation: a status and, optionally, an answer set or interval."""

    line: int
    text: str
    status: str
    answers: frozenset[str] | None = None
    interval: Interval | None = None


def parse_expectation(text: str, line: int) -> Expected:
    """Parse the part after ``# expect:``."""
    status, _, rest = text.partition(":")
    status = status.strip().lower()
    if status not in STATUSES:
        raise TextError(
            f"unknown status {status!r} in an expectation",
            line=line,
            column=1,
            expected=" | ".join(STATUSES),
            suggestion="# expect: open: the kitchen | the garden",
        )
    rest = rest.strip()
    if not rest:
        return Expected(line, text, status)
    interval = parse_interval(rest)
    if interval is not None:
        return Expected(line, text, status, interval=interval)
    return Expected(line, text, status, frozenset(normalize(a) for a in rest.split("|")))


_CLOCK = re.compile(r"(-?)(\d{1,2}):(\d\d)(?::(\d\d))?(?:\+(\d+/\d+))?")


def _number(text: str) -> Fraction | None:
    """A number, or a clock time as ``clock`` writes it (``-0:10``, ``9:07:30``, ``9:07+1/7``)."""
    text = text.strip()
    match = _CLOCK.fullmatch(text)
    if match:
        sign, hours, minutes, seconds, rest = match.groups()
        value = Fraction(int(hours) * 60 + int(minutes)) + Fraction(int(seconds or 0), 60)
        value += Fraction(rest) if rest else 0
        return -value if sign else value
    if len(text) > 4_000 or not _PLAIN_NUMBER.fullmatch(text):
        return None  # "1e999999999" would be a 400 MB integer; certify never writes one
    try:
        return Fraction(text)
    except (ValueError, ZeroDivisionError):
        return None


def parse_interval(text: str) -> Interval | None:
    """``[5, 9]``, ``(3, 4)``, ``[5, inf)``, ``6`` — or None if it is not numeric."""
    single = _number(text)
    if single is not None:
        return Interval(single, single, True, True)
    match = _INTERVAL.match(text)
    if not match:
        return None
    opening, low_text, high_text, closing = match.groups()
    low = None if low_text.strip() in ("-inf", "−inf") else _number(low_text)
    high = None if high_text.strip() in ("inf", "+inf") else _number(high_text)
    if (low is None and low_text.strip() not in ("-inf", "−inf")) or (
        high is None and high_text.strip() not in ("inf", "+inf")
    ):
        return None
    return Interval(
        low, high, opening == "[" and low is not None, closing == "]" and high is not None
    )


def normalize(answer: str) -> str:
    """Case, a leading "the" and the order of "A and B" do not matter."""
    words = answer.strip().lower()
    parts = [p.strip() for p in re.split(r",|\band\b", words) if p.strip()]
    cleaned = sorted(re.sub(r"^the\s+", "", p) for p in parts)
    return " and ".join(cleaned)


def _hull(answer: Answer) -> Interval | None:
    """A set of counts (``How many objects is Mary carrying?``) as the interval it spans."""
    found = answer.answers
    if not isinstance(found, tuple) or not found or not all(a.isdigit() for a in found):
        return None
    counts = [Fraction(int(a)) for a in found]
    return Interval(min(counts), max(counts), True, True)


def mismatch(expected: Expected, answer: Answer) -> str | None:
    """Why the answer does not meet the expectation (None when it does)."""
    got = answer.status
    reasons: list[str] = []
    if got != expected.status:
        reasons.append(f"expected {expected.status}, got {got}")
    if expected.interval is not None:
        actual = answer.answers if isinstance(answer.answers, Interval) else _hull(answer)
        if actual != expected.interval:
            shown = (
                show_interval(actual, answer.clock) if actual is not None else str(answer.answers)
            )
            reasons.append(
                f"expected {show_interval(expected.interval, answer.clock)}, got {shown}"
            )
    elif expected.answers is not None:
        if isinstance(answer.answers, Interval):
            actual_set = frozenset({normalize(show_interval(answer.answers, answer.clock))})
        else:
            actual_set = frozenset(normalize(a) for a in answer.answers or ())
        if actual_set != expected.answers:
            extra = sorted(actual_set - expected.answers)
            missing = sorted(expected.answers - actual_set)
            detail = []
            if extra:
                detail.append("the text also permits " + ", ".join(extra))
            if missing:
                detail.append("the text does not permit " + ", ".join(missing))
            reasons.append("; ".join(detail))
    if not reasons:
        return None
    refuting = [
        w for w in answer.witnesses if normalize(w.answer) not in (expected.answers or frozenset())
    ]
    if refuting and expected.answers is not None:
        reasons.append(f"witness for {refuting[0].answer}: " + "; ".join(refuting[0].sentences))
    elif answer.conflict is not None and got == "contradictory":
        reasons.append("conflict: lines " + ", ".join(str(x) for x in answer.conflict.lines))
    return "; ".join(reasons)
