"""The lexicon is data: each closed word class in ``grammar/lexicon.toml`` is what certify reads.

Read here with tomllib, not through certify, so that a word the loader drops fails a test.
Adding a movement verb or a reverse pair is one line of the file; these tests then cover it.
"""

from __future__ import annotations

import sys
from fractions import Fraction

import pytest

from certify import TextError, check
from certify.syntax.words import comparative_base, is_plural, singular
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


@pytest.mark.parametrize(("plural", "one"), sorted(LEXICON["nouns"]["irregular_plurals"].items()))
def test_every_irregular_plural_has_its_singular(plural: str, one: str) -> None:
    assert singular(plural) == one
    assert is_plural(plural) or plural == one


@pytest.mark.parametrize("noun", LEXICON["nouns"]["same_plural"])
def test_every_same_plural_noun_is_a_plural(noun: str) -> None:
    assert singular(noun) == noun and is_plural(noun)


def test_an_irregular_plural_reads_as_its_class() -> None:
    (answer,) = check("All mice are small.\nJerry is a mouse.\n", ["Is Jerry small?"]).questions
    assert (answer.status, answer.answers) == ("forced", ("yes",))


@pytest.mark.parametrize(
    ("word", "adjective"), sorted(LEXICON["comparatives"]["irregular"].items())
)
def test_every_irregular_comparative_has_its_adjective(word: str, adjective: str) -> None:
    assert comparative_base(word) == adjective


@pytest.mark.parametrize("adjective", LEXICON["comparatives"]["e_stems"])
def test_every_e_stem_keeps_its_e(adjective: str) -> None:
    assert comparative_base(adjective + "r") == adjective


@pytest.mark.parametrize("pronoun", LEXICON["pronouns"]["anaphors"])
def test_every_anaphor_refers_back(pronoun: str) -> None:
    # As a subject the pronoun is the previous statement's subject; as an object ("Carl
    # likes him.") the same: either way it names Bob, never a new individual.
    if pronoun in ("him", "them", "her", "it"):
        text = f"Bob is tall.\nCarl likes {pronoun}.\n"
        question = "Does Carl like Bob?"
    else:
        text = f"Bob is in the hall or the garden.\n{pronoun.capitalize()} is not in the hall.\n"
        question = "Where is Bob?"
    (answer,) = check(text, [question]).questions
    assert answer.status == "forced"
    assert answer.answers in (("yes",), ("the garden",))


@pytest.mark.parametrize("form", LEXICON["copulas"]["IS"])
def test_every_singular_copula_locates(form: str) -> None:
    (answer,) = check(f"Ana {form} in the kitchen.\n", ["Where is Ana?"]).questions
    assert (answer.status, answer.answers) == ("forced", ("the kitchen",))


@pytest.mark.parametrize("form", LEXICON["copulas"]["ARE"])
def test_every_plural_copula_locates(form: str) -> None:
    (answer,) = check(f"Ana and Bob {form} in the kitchen.\n", ["Where is Bob?"]).questions
    assert (answer.status, answer.answers) == ("forced", ("the kitchen",))


@pytest.mark.parametrize("form", LEXICON["copulas"]["WAS"])
def test_every_past_copula_asks_the_past(form: str) -> None:
    text = "Story:\nAna moved to the hall.\nAna moved to the garden.\n"
    (answer,) = check(text, [f"Where {form} Ana before the garden?"]).questions
    assert (answer.status, answer.answers) == ("forced", ("the hall",))


def _third(section: str, base: str) -> str:
    """The third person as SPEC §3 makes it (fly → flies, watch → watches), or the listed one."""
    irregular = LEXICON[section].get("irregular", {})
    if base in irregular:
        return str(irregular[base])
    if base.endswith("y") and base[-2:-1] not in tuple("aeiou"):
        return base[:-1] + "ies"
    if base.endswith(("s", "sh", "ch", "x", "z", "o")):
        return base + "es"
    return base + "s"


@pytest.mark.parametrize("verb", LEXICON["transitive"]["verbs"])
def test_every_relation_verb_relates(verb: str) -> None:
    text = f"Ana {_third('transitive', verb)} Bob.\nCarl does not {verb} Bob.\n"
    answers = check(text, [f"Does Ana {verb} Bob?", f"Does Carl {verb} Bob?"]).questions
    assert [(a.status, a.answers) for a in answers] == [("forced", ("yes",)), ("forced", ("no",))]


@pytest.mark.parametrize("verb", LEXICON["intransitive"]["verbs"])
def test_every_everyday_verb_is_a_property(verb: str) -> None:
    text = f"Tweety {_third('intransitive', verb)}.\nAll birds {verb}.\nPolly is a bird.\n"
    answers = check(text, [f"Does Tweety {verb}?", f"Does Polly {verb}?"]).questions
    assert [(a.status, a.answers) for a in answers] == [("forced", ("yes",))] * 2


@pytest.mark.parametrize("verb", LEXICON["events"]["verbs"])
def test_every_event_verb_is_a_time(verb: str) -> None:
    third = _third("events", verb)
    text = f"Ana {third} at 9:00.\nBob {third} 5 minutes after Ana.\n"
    (answer,) = check(text, [f"When does Bob {verb}?"]).questions
    assert answer.status == "forced"
    assert answer.answers is not None and not isinstance(answer.answers, tuple)
    assert answer.answers.low == answer.answers.high == 9 * 60 + 5


def test_the_verb_lists_never_collide() -> None:
    # One terminal reads every verb: a base form that is another verb's third person, or a
    # form that is a keyword of the grammar, would be read two ways.
    bases = {*LEXICON["transitive"]["verbs"], *LEXICON["intransitive"]["verbs"]}
    thirds = {
        _third(s, v) for s in ("transitive", "intransitive", "events") for v in LEXICON[s]["verbs"]
    }
    assert not bases & thirds
    keywords = {"is", "are", "has", "have", "reads", "says", "tells", "lies", "lives", "fits"}
    assert not (bases | thirds) & keywords


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("Ana zorbs Bob.\n", "'zorbs'"),  # no verb of the lexicon: an error at that word
        ("Ana likes.\n", "'likes' needs its object"),
        ("Ana likes at 9:00.\n", "'likes' is not a verb of an event"),
        ("Bob arrives the park.\n", "'arrives' names an event"),
    ],
)
def test_a_verb_is_read_only_as_the_lexicon_lists_it(text: str, word: str) -> None:
    with pytest.raises(TextError, match=word):
        check(text)


def test_a_question_verb_not_in_the_lexicon_is_an_error_at_that_word() -> None:
    with pytest.raises(TextError, match="'zorb' is not a verb"):
        check("Ana is big.\n", ["Does Ana zorb the cat?"])


@pytest.mark.parametrize("adjective", LEXICON["relations"]["of_adjectives"])
def test_every_of_adjective_is_an_adjective_and_a_relation(adjective: str) -> None:
    text = f"Tom is {adjective}.\nAna is {adjective} of the dog.\n"
    questions = [f"Is Tom {adjective}?", f"Is Ana {adjective} of the dog?"]
    answers = check(text, questions).questions
    assert [(a.status, a.answers) for a in answers] == [("forced", ("yes",))] * 2


def test_a_plural_subject_takes_the_base_form_of_a_relation_verb() -> None:
    text = "Cats chase the mouse.\nTom is a cat.\nAna and Bob like Carl.\n"
    answers = check(text, ["Does Tom chase the mouse?", "Does Bob like Carl?"]).questions
    assert [(a.status, a.answers) for a in answers] == [("forced", ("yes",))] * 2


# The comparative of every adjective of the lexicon's [scales], as English writes it (written
# here, not made by certify): a new pair there needs its two comparatives here.
COMPARATIVES = {
    "aged": "more aged",
    "dark": "darker",
    "bright": "brighter",
    "big": "bigger",
    "cheap": "cheaper",
    "cold": "colder",
    "early": "earlier",
    "expensive": "more expensive",
    "fast": "faster",
    "heavy": "heavier",
    "high": "higher",
    "hot": "hotter",
    "huge": "huger",
    "large": "larger",
    "late": "later",
    "light": "lighter",
    "little": "littler",
    "loud": "louder",
    "low": "lower",
    "narrow": "narrower",
    "new": "newer",
    "old": "older",
    "poor": "poorer",
    "quiet": "quieter",
    "rich": "richer",
    "short": "shorter",
    "slow": "slower",
    "small": "smaller",
    "strong": "stronger",
    "tall": "taller",
    "thick": "thicker",
    "thin": "thinner",
    "tiny": "tinier",
    "weak": "weaker",
    "wide": "wider",
    "young": "younger",
}


@pytest.mark.parametrize(("word", "other"), sorted(LEXICON["scales"]["reverse"].items()))
def test_every_reverse_pair_reads_one_scale_backwards(word: str, other: str) -> None:
    text = f"The box is {COMPARATIVES[word]} than the cup.\n"
    question = f"Is the cup {COMPARATIVES[other]} than the box?"
    (answer,) = check(text, [question]).questions
    assert (answer.status, answer.answers) == ("forced", ("yes",))


@pytest.mark.parametrize(("word", "other"), sorted(LEXICON["scales"]["same"].items()))
def test_every_same_pair_reads_one_scale(word: str, other: str) -> None:
    text = f"The box is {COMPARATIVES[word]} than the cup.\n"
    question = f"Is the box {COMPARATIVES[other]} than the cup?"
    (answer,) = check(text, [question]).questions
    assert (answer.status, answer.answers) == ("forced", ("yes",))


@pytest.mark.parametrize("verb", LEXICON["speech"]["saying"])
def test_every_verb_of_saying_makes_the_speaker_vouch(verb: str) -> None:
    text = f"A {verb} B is a knave.\nA tells the truth.\n"
    (answer,) = check(text, ["Is B a knave?"]).questions
    assert (answer.status, answer.answers) == ("forced", ("yes",))
