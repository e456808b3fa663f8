"""The whole text's certifier is taken from the last question's without building its problem
only when building it would have given that certifier all the same.

``adds_no_names`` is checked against ``build_vocabulary`` itself on random mentions (every role,
repeated keys, place nouns, values); and on the samples, the conformance cases and random texts,
each time ``Certifiers`` takes the shortcut, the problem it skipped is built and must be served
by the certifier it returned (``serves``, as before the shortcut).
"""

from __future__ import annotations

import contextlib
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from certify import pipeline
from certify.errors import TextError
from certify.meaning.mentions import Mention
from certify.meaning.moments import problem_at
from certify.meaning.same_names import adds_no_names, serves
from certify.meaning.space import build_vocabulary
from certify.pipeline import check
from tests.generators import small_finite_text
from tests.paths import CONFORMANCE, SAMPLES

ROLES = (
    *("thing", "place", "declared place", "located", "subject", "moved", "valued", "number"),
    *("clock", "integer", "noun", "accumulation", "attribute", "closed", "speaker"),
)
KEYS = ("Ana", "Bea", "the box", "the kitchen", "x")
NOUNS = (None, "box", "kitchen", "house")


@st.composite
def mentions(draw: st.DrawFn) -> Mention:
    key = draw(st.sampled_from(KEYS))
    return Mention(
        draw(st.sampled_from(ROLES)),
        key,
        draw(st.sampled_from(("", key, key.upper()))),
        draw(st.sampled_from((None, "Ana"))),
        draw(st.sampled_from(NOUNS)),
        draw(st.sampled_from(((), ("red",), ("red", "blue")))),
    )


@settings(max_examples=3000, deadline=None)
@given(
    st.lists(mentions(), max_size=8),
    st.lists(mentions(), max_size=3),
    st.sets(st.sampled_from(KEYS)),
)
def test_a_question_that_adds_no_name_leaves_the_vocabulary(
    said: list[Mention], asked: list[Mention], places: set[str]
) -> None:
    kept = frozenset(places)
    asked = [
        *asked,
        *(replace(m, span=None) for m in said[:1] if asked),  # a repeated one, often enough
    ]
    if adds_no_names(said, asked, kept):
        alone = build_vocabulary(said, (), (), (), kept, ())
        together = build_vocabulary(said, asked, (), (), kept, ())
        assert replace(together, compared=None) == replace(alone, compared=None)


def test_a_new_name_or_a_new_place_is_seen() -> None:
    ana = Mention("located", "Ana", "Ana")
    box = Mention("thing", "the box", "the box", noun="box")
    assert adds_no_names([ana, box], [ana], frozenset())
    assert not adds_no_names([ana], [Mention("located", "Bea", "Bea")], frozenset())
    assert not adds_no_names([ana], [replace(ana, label="ana")], frozenset())
    # the statements' box is a thing, the question's a place (its noun is a place noun)
    assert not adds_no_names([box], [box], frozenset())
    assert adds_no_names([box], [box], frozenset({"the box"}))
    red = Mention("attribute", "color", "color", values=("red",))
    assert not adds_no_names([red], [red], frozenset())


def _texts() -> list[str]:
    paths = sorted([*SAMPLES.rglob("*.txt"), *CONFORMANCE.glob("*.txt")])
    return [p.read_text(encoding="utf-8") for p in paths]


def _checked_shortcut(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    taken: list[bool] = []
    same_names = pipeline.Certifiers._same_names

    def checked(
        self: pipeline.Certifiers, key: tuple[int, bool], cached: pipeline.Certifier
    ) -> bool:
        shortcut = same_names(self, key, cached)
        if shortcut:
            whole = problem_at(self.reading, None, (), 0, (), False)
            assert serves(cached.problem.vocabulary, whole.vocabulary)
        taken.append(shortcut)
        return shortcut

    monkeypatch.setattr(pipeline.Certifiers, "_same_names", checked)
    return taken


@pytest.mark.parametrize("text", _texts(), ids=lambda t: t.split("\n")[0][:40])
def test_the_shortcut_serves_what_the_whole_problem_would(
    text: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    _checked_shortcut(monkeypatch)
    with contextlib.suppress(TextError):  # the unreadable samples: nothing to serve
        check(text)


@settings(max_examples=300, deadline=None)
@given(small_finite_text())
def test_the_shortcut_on_random_texts(case: tuple[str, list[str]]) -> None:
    with pytest.MonkeyPatch.context() as monkeypatch:
        _checked_shortcut(monkeypatch)
        text, asks = case
        check(text, asks)
        check(text + "".join(f"{ask}\n" for ask in asks))


def test_the_shortcut_is_taken(monkeypatch: pytest.MonkeyPatch) -> None:
    taken = _checked_shortcut(monkeypatch)
    check("Ana is in the kitchen or the hall.\nWhere is Ana?\n")
    check("Ana is in the kitchen or the hall.\nIs Bea in the kitchen?\n")
    assert taken == [True, False]
