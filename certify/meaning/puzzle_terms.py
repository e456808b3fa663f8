"""Puzzle references and the formulas over positions they build (``certify.meaning.puzzle``).

A reference names a member or value ("the red house", "the snail owner", "the person who
enjoys reading", "the painter's house"), a position ("the first house", "the middle house")
or a position next to another ("the house next to the person with the fox").  Each formula
is a finite disjunction over the row's positions of ``HasValue`` atoms.
"""

from __future__ import annotations

from dataclasses import field

from certify.meaning import ir
from certify.meaning.declarations import Declaring
from certify.states import state
from certify.syntax import puzzle_ast as pz
from certify.syntax.ast import Span
from certify.syntax.errors import SentenceError
from certify.syntax.lexicon import puzzle_words, reserved_words
from certify.syntax.words import singular

POSITION = "position"

Term = tuple[str, object]
"""``("key", key)``: a member or value; ``("pos", k)``: a position; ``("near", term)``: a
position next to the term's."""


@state
class Grid:
    """The row of one puzzle text and the categories declared over it."""

    size: int
    noun: str
    line: int
    members: tuple[str, ...] = ()
    categories: dict[str, tuple[str, ...]] = field(default_factory=dict)
    lookup: dict[tuple[str, ...], str] = field(default_factory=dict)
    labels: dict[str, str] = field(default_factory=dict)
    scale: tuple[str, int] | None = None


def normal(words: tuple[str, ...]) -> tuple[str, ...]:
    """A phrase as looked up: lower case, its last word singular."""
    lowered = tuple(w.lower() for w in words)
    return (*lowered[:-1], singular(lowered[-1])) if lowered else lowered


@state
class PuzzleTerms(Declaring):
    """Resolving references and building position formulas; ``grid`` is set by the row."""

    grid: Grid | None = None

    def _grid(self, span: Span | None) -> Grid:
        if self.grid is None:
            raise SentenceError(
                "this sentence speaks of a row, and no row is declared above it",
                span or Span(self._line, 1, 1),
                "There are five houses.",
                expected="a row declared first",
            )
        return self.grid

    def _term(self, ref: pz.Ref) -> Term:
        grid = self._grid(ref.span)
        if ref.kind in ("with", "in", "next", "poss", "who"):
            self._head(ref)
            if ref.kind == "who":
                relation = ref.relation
                if (
                    relation is None
                    or relation.kind != "is"
                    or relation.other is None
                    or relation.negated  # "the person who does not own the dog" is no one
                ):
                    raise SentenceError(
                        "'who' names a member by what it has: 'the person who owns the dog'",
                        ref.span,
                    )
                return self._term(relation.other)
            assert ref.inner is not None
            inner = self._term(ref.inner)
            return ("near", inner) if ref.kind == "next" else inner
        words = tuple(w.lower() for w in ref.words)
        found = self._position_words(words, ref.span)
        if found is not None:
            return ("pos", found)
        for phrase in (words, normal(ref.words)):
            if phrase in grid.lookup:
                return ("key", grid.lookup[phrase])
        if len(words) > 1 and self._is_head(words[-1:]):
            shorter = pz.Ref("words", ref.words[:-1], ref.span, ref.article)
            try:
                return self._term(shorter)
            except SentenceError:
                pass
        known = ", ".join(grid.labels[k] for k in dict.fromkeys(grid.lookup.values()))
        reserved = [w for w in words if w in reserved_words()]
        why = (
            f" ('{reserved[0]}' is a word of the language, never part of a name)"
            if reserved
            else ""
        )
        raise SentenceError(
            f"'{' '.join(ref.words)}' is not a member or a declared value of this puzzle{why}",
            ref.span,
            expected=f"one of: {known}",
        )

    def _is_head(self, words: tuple[str, ...]) -> bool:
        grid = self._grid(None)
        persons = frozenset(puzzle_words()["persons"])
        return len(words) == 1 and (singular(words[0]) == grid.noun or words[0] in persons)

    def _head(self, ref: pz.Ref) -> None:
        """ "the house with …", "the person in …": the head must be the row's noun or a
        person."""
        words = tuple(w.lower() for w in ref.words)
        if not self._is_head(words):
            grid = self._grid(ref.span)
            raise SentenceError(
                f"'{' '.join(ref.words)}' is neither the row's noun ({grid.noun}) nor a person",
                ref.span,
                expected=f"'the {grid.noun} with ...', 'the person who ...'",
            )

    def _position_words(self, words: tuple[str, ...], span: Span) -> int | None:
        """ "first house", "middle house", "last house": a position of the row."""
        grid = self._grid(span)
        if len(words) != 2 or singular(words[1]) != grid.noun:
            return None
        ordinals = tuple(puzzle_words()["ordinals"])
        if words[0] in ordinals[: grid.size]:
            return ordinals.index(words[0]) + 1
        if words[0] == "last":
            return grid.size
        if words[0] == "middle":
            if grid.size % 2 == 0:
                raise SentenceError(f"a row of {grid.size} {grid.noun}s has no middle one", span)
            return (grid.size + 1) // 2
        return None

    # ------------------------------------------------------------------ formulas

    def _at(self, term: Term, k: int) -> ir.Formula:
        """The term is at position k."""
        grid = self._grid(None)
        kind, value = term
        if not 1 <= k <= grid.size:
            return ir.Const(False)
        if kind == "key":
            assert isinstance(value, str)
            return ir.HasValue(value, POSITION, str(k))
        if kind == "pos":
            return ir.Const(value == k)
        assert isinstance(value, tuple)
        return ir.Or((self._at(value, k - 1), self._at(value, k + 1)))

    def _same(self, first: Term, second: Term) -> ir.Formula:
        """Both terms are at one position."""
        if first[0] == "key" and second[0] == "key":
            assert isinstance(first[1], str) and isinstance(second[1], str)
            if first[1] == second[1]:
                return ir.Const(True)
            return ir.SameValue(first[1], second[1], POSITION)
        grid = self._grid(None)
        return ir.Or(
            tuple(
                ir.And((self._at(first, k), self._at(second, k))) for k in range(1, grid.size + 1)
            )
        )

    def _follows(self, high: Term, low: Term, immediately: bool) -> ir.Formula:
        """``high`` is further along the row than ``low`` (just one step when
        ``immediately``)."""
        grid = self._grid(None)
        parts = []
        for k in range(1, grid.size + 1):
            if immediately:
                later: ir.Formula = self._at(high, k + 1)
            else:
                later = ir.Or(tuple(self._at(high, j) for j in range(k + 1, grid.size + 1)))
            parts.append(ir.And((self._at(low, k), later)))
        return ir.Or(tuple(parts))
