"""The lexicon: certify's closed word classes, read from ``grammar/lexicon.toml``.

The grammar file says how sentences are built; the lexicon says which words fill the closed
classes (place nouns, reserved words, ...), so that adding a word is one line of data.  One
function knows where the file is (``lexicon_path``), and it is read once per process.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any

from certify.syntax.tables import read_toml


def lexicon_path() -> Path:
    """The lexicon file: inside the installed package, or at the top of a source checkout."""
    here = Path(__file__).resolve().parent.parent
    for candidate in (here / "grammar" / "lexicon.toml", here.parent / "grammar" / "lexicon.toml"):
        if candidate.is_file():
            return candidate
    raise FileNotFoundError("grammar/lexicon.toml is missing from this installation")


@cache
def _table() -> dict[str, dict[str, Any]]:
    table: dict[str, dict[str, Any]] = read_toml(lexicon_path())
    return table


@cache
def place_nouns() -> frozenset[str]:
    """Head nouns that make a name a place (``kitchen``, ``house``, ``box``, ...)."""
    return frozenset(_table()["places"]["nouns"])


@cache
def reserved_words() -> frozenset[str]:
    """Words of the language that can never be part of a name (``too``, ``yesterday``, ...)."""
    return frozenset(_table()["reserved"]["words"])


@cache
def sentence_adverbs() -> frozenset[str]:
    """Words that open a sentence without naming anything (``then``, ``yesterday``)."""
    return frozenset(_table()["reserved"]["sentence_adverbs"])


@cache
def compass() -> tuple[str, ...]:
    """The compass directions of positions (``north``, ...)."""
    return tuple(_table()["positions"]["compass"])


@cache
def verbs() -> dict[str, tuple[str, ...]]:
    """The verb classes by name: ``movement`` (``moved``, ``went``, ...), ``take``, ``drop``,
    ``give``; each a list of forms, some of several words (``picked up``)."""
    return {name: tuple(forms) for name, forms in _table()["verbs"].items()}


@cache
def copulas() -> dict[str, tuple[str, ...]]:
    """The forms of "be" by the grammar terminal each fills: ``IS`` → (``is``,), ``ARE``, ..."""
    return {terminal: tuple(forms) for terminal, forms in _table()["copulas"].items()}


@cache
def discourse_words() -> tuple[str, ...]:
    """Words that open a statement and only say it comes next (``then``, ``after that``)."""
    return tuple(_table()["discourse"]["words"])


@cache
def time_periods() -> tuple[str, ...]:
    """Time adverbs of a story, earliest first (``yesterday``, ``this morning``, ...)."""
    return tuple(_table()["time"]["periods"])


@cache
def reverse_scales() -> dict[str, str]:
    """Adjectives whose comparative reads a scale backwards: ``small`` → ``big``."""
    return dict(_table()["scales"]["reverse"])


@cache
def same_scales() -> dict[str, str]:
    """Adjectives whose comparative reads another's scale: ``large`` → ``big``."""
    return dict(_table()["scales"]["same"])


@cache
def irregular_plurals() -> dict[str, str]:
    """Plurals the rule does not make, each with its singular: ``mice`` → ``mouse``."""
    return dict(_table()["nouns"]["irregular_plurals"])


@cache
def same_plurals() -> frozenset[str]:
    """Nouns whose plural is the singular: ``sheep``, ``fish``."""
    return frozenset(_table()["nouns"]["same_plural"])


@cache
def irregular_comparatives() -> dict[str, str]:
    """Comparatives the rule does not make, each with its adjective: ``better`` → ``good``."""
    return dict(_table()["comparatives"]["irregular"])


@cache
def e_stems() -> frozenset[str]:
    """Adjectives in "e" whose comparative drops it: ``late`` (``later``)."""
    return frozenset(_table()["comparatives"]["e_stems"])


@cache
def anaphors() -> frozenset[str]:
    """Pronouns that refer back to someone already named: ``she``, ``it``, ``them``."""
    return frozenset(_table()["pronouns"]["anaphors"])


def third_person(base: str) -> str:
    """``fly`` → ``flies``, ``watch`` → ``watches``, ``run`` → ``runs``."""
    if base.endswith("y") and base[-2:-1] not in tuple("aeiou"):
        return base[:-1] + "ies"
    if base.endswith(("s", "sh", "ch", "x", "z", "o")):
        return base + "es"
    return base + "s"


def _verb_forms(section: str) -> dict[str, str]:
    """A verb section's base forms → their third person (``fly`` → ``flies``)."""
    table = _table()[section]
    irregular: dict[str, str] = dict(table.get("irregular", {}))
    return {base: irregular.get(base, third_person(base)) for base in table["verbs"]}


@cache
def intransitive_verbs() -> dict[str, str]:
    """The everyday verbs without an object, base form → third person (``fly`` → ``flies``)."""
    return _verb_forms("intransitive")


@cache
def transitive_verbs() -> dict[str, str]:
    """The verbs of a relation, base form → third person (``like`` → ``likes``)."""
    return _verb_forms("transitive")


@cache
def event_verbs() -> dict[str, str]:
    """The verbs of an event at a time, base form → third person (``arrive`` → ``arrives``)."""
    return _verb_forms("events")


@cache
def units() -> dict[str, Fraction]:
    """The units of time, each word form with the minutes it stands for (``hours`` → 60)."""
    return {word.lower(): Fraction(value) for word, value in _table()["units"].items()}


@cache
def everyone_nouns() -> frozenset[str]:
    """Nouns that after "every" mean everyone: ``inhabitant``, ``islander``."""
    return frozenset(_table()["speech"]["everyone_nouns"])


@cache
def saying_verbs() -> tuple[str, ...]:
    """The verbs of saying: ``says``."""
    return tuple(_table()["speech"]["saying"])


@cache
def of_adjectives() -> tuple[str, ...]:
    """Adjectives read with "of" as a relation: ``afraid`` (``Cats are afraid of wolves.``)."""
    return tuple(_table()["relations"]["of_adjectives"])


@cache
def puzzle_words() -> dict[str, Any]:
    """The puzzle table (``[puzzle]``): ``counts``, ``ordinals``, ``persons`` and ``links``
    (each linking verb's -s form with its bare form: ``owns`` → ``own``)."""
    return dict(_table()["puzzle"])


def count_value(word: str) -> int:
    """The number a count word names: ``three`` → 3, ``12`` → 12."""
    if word.isdigit():
        return int(word)
    return 2 + list(puzzle_words()["counts"]).index(word.lower())
