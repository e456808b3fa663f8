"""The lexicon is data: each closed word class in ``grammar/lexicon.toml`` is what certify reads.

Read here with tomllib, not through certify, so that a word the loader drops fails a test.
Adding a movement verb or a reverse pair is one line of the file; these tests then cover it.
"""

from __future__ import annotations

import sys
from fractions import Fraction

import pytest

from certify import TextError, check
from tests.paths import ROOT

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

LEXICON = tomllib.loads((ROOT / "grammar" / "lexicon.toml").read_text(encoding="utf-8"))


@pytest.mark.parametrize("verb", LEXICON["verbs"]["movement"])
@pytest.mark.parametrize("back", ["", " back"])
def test_every_movement_verb_moves(verb: str, back: str) -> None:
    text = f"Story:\nAna is in the hall.\nAna {verb}{back} to the garden.\n"
    (answer,) = check(text, ["Where is Ana?"]).questions
    assert (answer.status, answer.answers) == ("forced", ("the garden",))


def test_a_word_not_in_the_list_is_not_a_movement() -> None:
    # "strolled" is no movement verb: the sentence is refused, not read as a move.
    with pytest.raises(TextError, match="'strolled'"):
        check("Story:\nAna strolled to the garden.\n", ["Where is Ana?"])


@pytest.mark.parametrize(("unit", "minutes"), sorted(LEXICON["units"].items()))
def test_every_unit_of_time_stands_for_its_minutes(unit: str, minutes: str) -> None:
    # Read from the lexicon here with tomllib: "2 <unit>" is twice the minutes it lists.
    text = f"Ana arrives at 9:00.\nBob arrives 3 {unit} after Ana.\n"
    (answer,) = check(text, ["How long after Ana does Bob arrive?"]).questions
    assert answer.status == "forced"
    assert answer.answers is not None and not isinstance(answer.answers, tuple)
    assert answer.answers.low == answer.answers.high == 3 * Fraction(minutes)


def test_a_word_not_in_the_units_is_no_unit() -> None:
    with pytest.raises(TextError, match="'weeks'"):
        check("Ana arrives at 9:00.\nBob arrives 3 weeks after Ana.\n")
