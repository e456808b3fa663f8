"""certify against an oracle that shares nothing with it (issue 8, "Forced must mean forced").

Random finite texts are drawn as abstract data (tests/reference/finite_text.py), rendered to
the English of SPEC section 3, and answered twice: by certify, through its public API only,
and by the brute-force model checker of tests/reference/finite_semantics.py, written from SPEC
section 2. Per question the status and the answer set must agree (witnessed answers must lie
in the true set), per text the consistency; a refusal of a generated sentence is a failure.
``unresolved`` is honest but must stay under 1 % of the questions.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, Phase, given, settings

from certify.meaning import space
from tests.reference.finite_strategies import finite_texts, forms_of
from tests.reference.finite_text import FiniteText
from tests.reference.report_answers import Comparison, compare

EXAMPLES = 1500
UNRESOLVED_SHARE = 0.01
# Every form the generator must reach within EXAMPLES texts (a narrowed generator fails here).
FORMS = {
    *(f"In {form}1" for form in ("in", "not", "no longer")),
    *(f"In {form}2" for form in ("or", "either", "neither")),
    "In or3",
    "In in1 containment",
    "In not1 containment",
    "In or2 containment",
    "Group both2",
    *(f"Group {form}2" for form in ("and", "or", "exactly one", "at least one", "neither")),
    "Group at least one3",
    "Nobody",
    "Same as",
    "Same and",
    "Different 2",
    "Different 3",
    *(f"Move {verb}" for verb in ("went to", "moved to", "journeyed to", "travelled to")),
    "Move went back to",
    "PlacesAre",
    "Declare",
    "Value",
    "SameValue",
    "Prop",
    "Kind",
    "Relation",
    *(f"Connective {k}" for k in ("and", "if", "or", "either", "iff", "notboth", "not")),
    "Connective exactlyone",
    *(f"Rule {form}" for form in ("if", "all", "someone", "things", "every", "each")),
    *(f"Rule {form}" for form in ("plural", "symmetric", "chain")),
    "Where",
    "WasBefore",
    "IsIn",
    "Who",
    "Whose",
    "WhatValue",
    *(f"IsTrue direct {kind}" for kind in ("Prop", "Kind", "Relation", "Value")),
    "IsTrue it is true Connective",
    "IsTrue it is true In",
    "story",
    "pronoun",
    "discourse",
    *(
        f"time {period}"
        for period in ("yesterday", "this morning", "this afternoon", "this evening")
    ),
    *(f"Possess {mode}" for mode in ("take", "drop", "give")),
    "Carrying what",
    "Carrying count",
    *(
        f"Gave {form}"
        for form in ("giver of thing receiver", "giver of thing", "receiver of thing")
    ),
    *(f"Gave {form}" for form in ("thing of giver receiver", "receiver of giver thing")),
    "in-file question",
    "Truth",
    "Act",
    *(f"Says {form}" for form in ("says", "that", "quoted")),
    "WhoDoes lies",
    "WhoDoes truth",
    "IsTrue direct Truth",
    "IsTrue direct Act",
    *(f"name {n}" for n in ("A", "the silver key", "the living room", "Luis's house", "the tent")),
}


def explain(result: Comparison) -> str:
    lines = [f"{f.kind}: {f.detail}" for f in result.findings]
    asks = "".join(f"\n--ask {q}" for q in result.asks)
    return "\n".join(lines) + "\n--- text ---\n" + result.english + asks


def test_certify_agrees_with_the_finite_oracle() -> None:
    asked: list[int] = []
    unresolved: list[str] = []

    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(finite_texts())
    def agree(text: FiniteText) -> None:
        result = compare(text)
        asked.append(result.questions)
        unresolved.extend(f"{u}\n{result.english}" for u in result.unresolved)
        assert not result.findings, explain(result)

    agree()
    assert len(unresolved) <= UNRESOLVED_SHARE * sum(asked), "\n\n".join(unresolved)


def test_the_generator_draws_every_form() -> None:
    """Every form of ``FORMS`` in ``EXAMPLES`` drawn texts, drawn derandomized: the coverage of
    the generator, not the luck of one run (a random run of the test above once missed a
    form some 10-30 texts in 1,500 use)."""
    forms: set[str] = set()

    @settings(
        max_examples=EXAMPLES,
        database=None,
        deadline=None,
        derandomize=True,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    @given(finite_texts())
    def draw(text: FiniteText) -> None:
        forms.update(forms_of(text))

    draw()
    assert forms >= FORMS, f"never generated: {sorted(FORMS - forms)}"


def test_the_bound_on_unnamed_places_agrees_with_the_oracle(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Texts of up to FULL_SPACE_UP_TO located individuals keep the full space, so the run
    # above never reaches the bounded one (issue 9): here every text gets the bound.
    monkeypatch.setattr(space, "FULL_SPACE_UP_TO", 0)

    @settings(
        max_examples=EXAMPLES // 3,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(finite_texts())
    def agree(text: FiniteText) -> None:
        result = compare(text)
        assert not result.findings, explain(result)

    agree()
