"""The little English morphology certify needs: verb base forms, singulars, comparatives.

Rules, not a dictionary, so that made-up words ("wumpus", "tumpus") behave predictably;
the few irregular forms that occur in practice are data, in the lexicon (``[nouns]``,
``[comparatives]`` in ``grammar/lexicon.toml``).
"""

from __future__ import annotations

from certify.syntax.lexicon import (
    e_stems,
    irregular_comparatives,
    irregular_plurals,
    reverse_scales,
    same_plurals,
    same_scales,
)

_NO_PLURAL_ENDINGS = ("ss", "us", "is")

_UNDOUBLED = "bdgmnpt"  # bigger → big, hotter → hot; but taller → tall, smaller → small


def singular(word: str) -> str:
    """``colors`` → ``color``, ``boxes`` → ``box``, ``wumpuses`` → ``wumpus``; else unchanged."""
    word = word.lower()
    irregular = irregular_plurals()
    if word in irregular:
        return irregular[word]
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith("lves"):  # wolves, shelves, calves
        return word[:-3] + "f"
    if word.endswith("ouses"):  # houses, blouses
        return word[:-1]
    if word.endswith("zzes"):  # quizzes
        return word[:-3]
    if word.endswith(("sses", "shes", "ches", "xes", "uses")):  # glasses, boxes, wumpuses
        return word[:-2]
    if word.endswith("s") and not word.endswith(_NO_PLURAL_ENDINGS):
        return word[:-1]
    return word


def is_plural(word: str) -> bool:
    """Whether a noun is (or may be) a plural: ``cats``, ``mice``, and ``sheep`` after ``are``."""
    word = word.lower()
    return singular(word) != word or word in same_plurals()


def verb_base(word: str) -> str:
    """``likes`` → ``like``, ``chases`` → ``chase``, ``carries`` → ``carry``."""
    word = word.lower()
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("sses", "shes", "ches", "xes", "zes", "oes")):
        return word[:-2]
    if word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


def comparative_base(word: str) -> str | None:
    """``bigger`` → ``big``, ``larger`` → ``large``, ``heavier`` → ``heavy``; else None."""
    word = word.lower()
    if word.startswith(("more ", "less ")):
        return word
    irregular = irregular_comparatives()
    if word in irregular:
        return irregular[word]
    if not word.endswith("er") or len(word) < 4:
        return None
    stem = word[:-2]
    if stem.endswith("i"):
        return stem[:-1] + "y"
    if len(stem) >= 3 and stem[-1] == stem[-2] and stem[-1] in _UNDOUBLED:
        return stem[:-1]
    if stem + "e" in e_stems():
        return stem + "e"
    return stem


_SUPERLATIVES = {"best": "better", "worst": "worse"}


def superlative_base(word: str) -> str | None:
    """``tallest`` → ``tall``, ``biggest`` → ``big``, ``heaviest`` → ``heavy``; else None."""
    word = word.lower()
    if word in _SUPERLATIVES:
        return comparative_base(_SUPERLATIVES[word])
    if not word.endswith("est") or len(word) < 5:
        return None
    return comparative_base(word[:-3] + "er")


def dimension(base: str) -> tuple[str, int]:
    """The scale a comparative measures and its direction: ``small`` → (``big``, -1).

    ``more expensive`` is the scale ``expensive``; ``less expensive`` its reverse.  The
    reverse pairs are data: the lexicon's ``[scales]`` table.
    """
    degree, _, adjective = base.partition(" ")
    if adjective and degree in ("more", "less"):
        scale, sign = dimension(adjective)
        return scale, sign if degree == "more" else -sign
    same = same_scales()
    if base in same:
        return dimension(same[base])
    reverse = reverse_scales()
    if base in reverse:
        scale, sign = dimension(reverse[base])
        return scale, -sign
    return base, 1
