"""Whole numbers take short ways through the readout's number helpers; the general way is
kept here and must give the same, for whole and fractional values, at, below and above zero.

``clock`` formats whole minutes with integer arithmetic; ``probe_values`` of a single value is
that value (the general way computes its inner points, which all equal it).
"""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from certify.numeric import Interval, clock, format_number
from certify.readout.numbers import probe_values


def _clock(value: Fraction) -> str:
    """``clock`` before its short way, as written then."""
    sign = "-" if value < 0 else ""
    value = abs(value)
    hours = int(value // 60)
    minutes = int(value - hours * 60)
    rest = value - hours * 60 - minutes
    shown = f"{sign}{hours}:{minutes:02d}"
    if rest == 0:
        return shown
    seconds = rest * 60
    if seconds.denominator == 1:
        return f"{shown}:{int(seconds):02d}"
    return f"{shown}+{format_number(rest)}"


def _probe_values(interval: Interval, whole: bool) -> list[Fraction]:
    """``probe_values`` before its short way, as written then."""
    low, high = interval.low, interval.high
    values: list[Fraction] = []
    if low is not None and interval.low_closed:
        values.append(low)
    if high is not None and interval.high_closed:
        values.append(high)
    if low is not None and high is not None:
        inside = [low + (high - low) * Fraction(k, 4) for k in (1, 2, 3)]
    elif low is not None:
        inside = [low + 1, low + 2]
    elif high is not None:
        inside = [high - 1, high - 2]
    else:
        inside = [Fraction(0), Fraction(1)]
    if whole:
        inside = [Fraction(round(v)) for v in inside]
    values += [v for v in inside if interval.contains(v)]
    return list(dict.fromkeys(values))


values = st.fractions(max_denominator=12) | st.integers(-5000, 5000).map(Fraction)


@given(values)
def test_clock_is_the_general_way(value: Fraction) -> None:
    assert clock(value) == _clock(value)


def test_clock_on_every_minute_of_two_days() -> None:
    for minute in range(-1440, 1441):
        assert clock(Fraction(minute)) == _clock(Fraction(minute))
    assert clock(Fraction(545)) == "9:05" and clock(Fraction(-61)) == "-1:01"


@given(values, values, st.booleans(), st.booleans(), st.booleans(), st.booleans())
def test_probe_values_are_the_general_way(
    a: Fraction, b: Fraction, low_closed: bool, high_closed: bool, whole: bool, point: bool
) -> None:
    low, high = (a, a) if point else (min(a, b), max(a, b))
    interval = Interval(low, high, low_closed or point, high_closed or point)
    assert probe_values(interval, whole) == _probe_values(interval, whole)
    if point and whole and low.denominator == 1:
        assert probe_values(interval, whole) == [low]
