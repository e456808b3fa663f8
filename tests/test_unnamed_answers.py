"""Set-valued answers read one literal per name, not per candidate (``finite._by_name``).

Every unnamed individual answers "(other)": a projection with one literal per individual
had 2^k values for k of them, and the enumeration one solver call per value, so that 24
sentences "Someone is in the kitchen." ran through any budget of calls.  With one literal
per name the answers are the same and the calls as many as the answers.
"""

from __future__ import annotations

from certify import Options, check

SOMEONES = "Someone is in the kitchen.\n" * 24


def _answers(text: str, budget: int) -> list[tuple[str, frozenset[str]]]:
    report = check(text, options=Options(budget=budget))
    return [(q.status, frozenset(q.answers or ())) for q in report.questions]


def test_who_with_many_unnamed_individuals_ends_within_a_small_budget() -> None:
    text = (
        SOMEONES + "Ana is not in the kitchen.\nWho is in the kitchen?\n"
        "Bea is in the kitchen or the hall.\nWho is in the kitchen?\n"
    )
    assert _answers(text, budget=8) == [
        ("open", frozenset({"(other)"})),  # "(other)" names no one individual
        ("open", frozenset({"Bea", "(other)", "(other) and Bea"})),
    ]


def test_the_same_answers_as_one_literal_per_individual() -> None:
    """Three unnamed individuals: few enough for the old projection; both readings agree."""
    from certify.readout import finite

    text = "Someone is in the kitchen.\n" * 3 + "Bea is in the kitchen or the hall.\n"
    asked = ["Who is in the kitchen?", "Who is in the hall?"]
    grouped = [(q.status, frozenset(q.answers)) for q in check(text, asked).questions]
    original = finite._by_name
    try:
        finite._by_name = lambda encoding, names, literals: (names, literals)  # type: ignore[assignment]
        each = [(q.status, frozenset(q.answers)) for q in check(text, asked).questions]
    finally:
        finite._by_name = original
    assert grouped == each
    assert grouped[1] == ("open", frozenset({"Bea", "(other)", "(other) and Bea", "nobody"}))
