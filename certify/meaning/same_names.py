"""When a problem made for one question also serves another: the names each space has.

``Certifiers`` (``certify.pipeline``) makes one certifier per prefix of the statements and the
names a question brings (``space.build_vocabulary``).  A certifier already made serves a later
question of the same prefix when its space tells apart everything the other's would
(``serves``).  The whole text is asked after the questions: ``adds_no_names`` tells, without
building the whole text's vocabulary, when the last question's names added nothing to it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from certify.meaning import ir
from certify.meaning.mentions import Mention
from certify.meaning.space import is_place_noun

REPEATABLE = frozenset(
    {
        "thing",
        "place",
        "declared place",
        "located",
        "subject",
        "moved",
        "valued",
        "number",
        "clock",
        "integer",
        "noun",
        "accumulation",
    }
)
"""Roles whose mention, taken again after an equal one, leaves ``space._Mentioned`` as it was:
it lists, adds or counts its key (once), or only gives a label.  Not ``attribute`` nor
``closed``: the last mention of those sets the value, and an earlier one taken again would
set it back."""


def serves(made: ir.Vocabulary, wanted: ir.Vocabulary) -> bool:
    """Whether a space of ``made`` answers exactly what one of ``wanted`` would: the same
    names, and every group ``wanted`` tells apart inside one group of ``made``."""
    if made == wanted:
        return True
    if replace(made, compared=None) != replace(wanted, compared=None):
        return False
    if made.compared is None:
        return True
    if wanted.compared is None:
        return False
    groups = [set(group) for group in made.compared]
    return all(any(set(group) <= g for g in groups) for group in wanted.compared)


def adds_no_names(
    said: Iterable[Mention], asked: Sequence[Mention], places: frozenset[str]
) -> bool:
    """Whether ``build_vocabulary(said, asked, ...)`` equals ``build_vocabulary(said, (), ...)``
    but for ``compared``: every mention in ``asked`` repeats one in ``said`` (all but its
    span), in a role that can be taken twice, and is a place for the question (its key is a
    place, or its noun a place noun) exactly when it is one for the statements (its key)."""
    if not asked:
        return True
    known = {_signature(m) for m in said}
    return all(
        m.role in REPEATABLE
        and (m.key in places or not is_place_noun(m.noun))
        and _signature(m) in known
        for m in asked
    )


def _signature(m: Mention) -> tuple[object, ...]:
    return (m.role, m.key, m.label, m.owner, m.noun, m.values)
