"""Measurements under the paper's two laws (seed §2), as laws.

Conjunction: a reading v ± δ is [v − δ, v + δ]; readings intersect — commutative and
idempotent. Accumulation: precisions add and the estimate is the precision-weighted mean —
commutative, not idempotent (a repeated reading halves the variance). The closed forms are
written out here, not taken from certify.
"""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from certify import check
from certify.report import Report

Reading = tuple[int, int]  # (value, tolerance), tolerance > 0

readings = st.lists(st.tuples(st.integers(-50, 50), st.integers(1, 9)), min_size=1, max_size=5)


def _text(chosen: list[Reading], independent: bool) -> str:
    lines = ["The readings are independent measurements."] if independent else []
    lines += [f"Sensor S{i} reads the heat as {v} ± {d}." for i, (v, d) in enumerate(chosen)]
    return "\n".join(lines) + "\n"


def _answer(chosen: list[Reading], independent: bool = False) -> tuple[str, object, object]:
    report: Report = check(_text(chosen, independent), ["What is the heat?"])
    (answer,) = report.questions
    data = report.to_dict()["questions"][0]
    return answer.status, data["answers"], data["measurement"]


def _interval(chosen: list[Reading]) -> tuple[Fraction, Fraction] | None:
    low = max(Fraction(v - d) for v, d in chosen)
    high = min(Fraction(v + d) for v, d in chosen)
    return (low, high) if low <= high else None


@settings(max_examples=60, deadline=None)
@given(readings, st.randoms(use_true_random=False))
def test_conjunction_is_the_intersection_commutative_and_idempotent(
    chosen: list[Reading], random: object
) -> None:
    status, answers, _ = _answer(chosen)
    expected = _interval(chosen)
    if expected is None:
        assert status == "contradictory"
    else:
        assert isinstance(answers, dict)
        assert (Fraction(answers["low"]), Fraction(answers["high"])) == expected
        assert status == ("forced" if expected[0] == expected[1] else "open")
    shuffled = list(reversed(chosen))
    assert _answer(shuffled)[:2] == (status, answers)
    assert _answer(chosen + chosen[:1])[:2] == (status, answers)


def _closed_form(chosen: list[Reading]) -> tuple[Fraction, Fraction]:
    precision = sum(Fraction(1, d * d) for _, d in chosen)
    mean = sum(Fraction(v, d * d) for v, d in chosen) / precision
    return mean, 1 / precision


@settings(max_examples=60, deadline=None)
@given(readings)
def test_accumulation_is_the_information_form_commutative_not_idempotent(
    chosen: list[Reading],
) -> None:
    status, _, measurement = _answer(chosen, independent=True)
    assert isinstance(measurement, dict)
    assert measurement["law"] == "accumulation"
    mean, variance = _closed_form(chosen)
    accumulated = measurement["accumulation"]
    assert (Fraction(accumulated["mean"]), Fraction(accumulated["variance"])) == (mean, variance)
    assert status == "open"  # evidence constrains nothing: never a contradiction
    assert _answer(list(reversed(chosen)), True)[2]["accumulation"] == accumulated  # type: ignore[index]
    twice = _answer(chosen + chosen, True)[2]["accumulation"]  # type: ignore[index]
    assert Fraction(twice["variance"]) == variance / 2
    assert Fraction(twice["mean"]) == mean


def test_standard_deviations_in_parentheses_scale_the_tolerance() -> None:
    text = (
        "The readings are independent measurements.\n"
        "Sensor A reads the heat as 20 ± 2 (two standard deviations).\n"
        "Sensor B reads the heat as 22 ± 1.\n"
    )
    data = check(text, ["What is the heat?"]).to_dict()["questions"][0]["measurement"]
    assert data["accumulation"] == {"mean": "21", "variance": "1/2", "deviation": "0.707107"}


def test_law_flag_and_declaration_agree() -> None:
    text = "Sensor A reads the heat as 20 ± 1.\nSensor B reads the heat as 23 ± 1.\n"
    from certify import Options

    flagged = check(text, ["What is the heat?"], options=Options(law="accumulation"))
    declared = check(text + "The readings are independent measurements.\n", ["What is the heat?"])
    plain = check(text, ["What is the heat?"])
    assert flagged.questions[0].measurement == declared.questions[0].measurement
    assert plain.consistent is False and flagged.consistent is True
