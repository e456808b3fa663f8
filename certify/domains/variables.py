"""The SAT variables of an encoding: one number per key, 1, 2, 3, ... in the order asked.

This is the part of python-sat's ``IDPool`` that the encoding uses (no occupied ranges, no
negated objects), with the same numbering and the same attributes (``top``, ``obj2id``,
``id2obj``), so that CardEnc's auxiliaries are placed as with an ``IDPool``
(``clausify.cardinality``; ``tests/domains/test_cardinality.py`` compares the two).  Every
text builds an encoding, numbers only too, and a text with no finite fact makes no SAT solver:
with this pool, such a text never imports python-sat (15-20 ms of a run's start-up).
"""

from __future__ import annotations


class Variables:
    """Numbers for keys, each new key the next number (``top`` is the last one given)."""

    __slots__ = ("id2obj", "obj2id", "top")

    def __init__(self) -> None:
        self.top = 0
        self.obj2id: dict[object, int] = {}
        self.id2obj: dict[int, object] = {}

    def id(self, key: object) -> int:
        """The number of ``key``, the next free one the first time it is asked for."""
        number = self.obj2id.get(key)
        if number is None:
            self.top = number = self.top + 1
            self.obj2id[key] = number
            self.id2obj[number] = key
        return number

    def obj(self, number: int) -> object:
        """The key of ``number`` (None for a number no key was given: an auxiliary)."""
        return self.id2obj.get(number)
