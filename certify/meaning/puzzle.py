"""The meaning of puzzle sentences: every member of a row, and every declared value of a
grid, has one position of the row (SPEC §3 "Puzzles").

A row of n positions is the declared attribute ``position`` with the values 1..n.  The listed
members of a row, and the values of each category of a grid, take pairwise different
positions, with the redundant clause that every position holds one of them (a bijection
when the counts match; they must).  Every clue is then a formula over ``HasValue`` and
``SameValue`` atoms: "the Englishman lives in the red house" is ``SameValue(Englishman, red,
position)``, "the green house is immediately to the right of the ivory house" is the
disjunction over k of (green at k and ivory at k − 1).  So the evaluator, the SAT encoding
and the enumeration engine read puzzles with nothing new.
"""

from __future__ import annotations

import re
from functools import cache

from certify.meaning import ir, queries
from certify.meaning.mentions import Mention
from certify.meaning.puzzle_terms import POSITION, Grid, PuzzleTerms, Term, normal
from certify.states import state
from certify.syntax import puzzle_ast as pz
from certify.syntax.ast import Span
from certify.syntax.diagnose import closest_puzzle_form
from certify.syntax.errors import SentenceError
from certify.syntax.lexicon import puzzle_words
from certify.syntax.parse import Parsed
from certify.syntax.words import singular

_WHO = ("people", "persons", "nationalities", "residents", "inhabitants", "owners", "names")


@cache
def _ordinals() -> tuple[str, ...]:
    return tuple(puzzle_words()["ordinals"])


@cache
def _order() -> dict[str, tuple[str, str]]:
    table: dict[str, str] = puzzle_words()["order"]
    return {word: (v.split()[0], v.split()[1]) for word, v in table.items()}


@state
class PuzzleReading(PuzzleTerms):
    """The puzzle part of the running reading (``lower.Lowering``)."""

    # ------------------------------------------------------------------ statements

    def puzzle_statement_of(self, parsed: Parsed, node: pz.PuzzleStatement) -> ir.Formula:
        """The formula of a puzzle statement; an error suggests the closest puzzle form."""
        try:
            return self.puzzle_statement(node)
        except SentenceError as error:
            if not error.suggestion:
                error.suggestion = closest_puzzle_form(parsed.text[:-1])
            raise

    def puzzle_statement(self, node: pz.PuzzleStatement) -> ir.Formula:
        """The formula of one puzzle statement."""
        if isinstance(node, pz.Row):
            return self._row(node)
        if isinstance(node, pz.Connected):
            left, right = self._clause(node.left), self._clause(node.right)
            if node.kind == "if":
                return ir.Implies(left, right)
            if node.kind == "iff":
                return ir.Iff(left, right)
            return ir.Count((left, right), 1, 1)
        if node.relation.kind == "values":
            return self._category(node)
        return self._clause(node)

    def _row(self, node: pz.Row) -> ir.Formula:
        if self.grid is not None:
            raise SentenceError(
                f"a puzzle has one row, and line {self.grid.line} declares it",
                node.span,
                expected="one row per text",
            )
        if node.members and len(node.members) != node.count:
            raise SentenceError(
                f"the row announces {node.count} {node.noun} and lists {len(node.members)}",
                node.span,
                expected=f"{node.count} members after ':'",
            )
        self.grid = Grid(node.count, singular(node.noun), node.span.line)
        positions = tuple(str(k) for k in range(1, node.count + 1))
        self._mentions.append(Mention("attribute", POSITION, values=positions))
        self.attributes[POSITION] = positions
        parts: list[ir.Formula] = [ir.OneOf(POSITION, positions)]
        if node.members:
            keys = tuple(self._declare(item, row=True) for item in node.members)
            self.grid.members = keys
            parts.append(self._distinct(keys))
        return ir.And(tuple(parts))

    def _category(self, node: pz.Clause) -> ir.Formula:
        grid = self._grid(node.span)
        name = singular(" ".join(node.subject.words))
        values = node.relation.values
        if len(values) != grid.size:
            raise SentenceError(
                f"the {node.subject.words[-1]} list {len(values)} values for a row of "
                f"{grid.size} {grid.noun}s: a category gives each position one value",
                node.relation.span,
                expected=f"{grid.size} values",
            )
        if name in grid.categories:
            raise SentenceError(f"the {name} values are declared twice", node.span)
        keys = tuple(self._declare(item, row=False) for item in values)
        grid.categories[name] = keys
        return self._distinct(keys)

    def _declare(self, item: pz.Item, row: bool) -> str:
        """A member or value: its key, label, mentions and the phrases that name it."""
        grid = self._grid(item.span)
        key = " ".join(item.words)
        bare = not item.article and key[:1].islower()
        label = key if (not item.article and not (row and bare)) else "the " + key
        for phrase in {tuple(w.lower() for w in item.words), normal(item.words)}:
            if phrase in grid.lookup:
                raise SentenceError(f"'{key}' is declared twice in this puzzle", item.span)
            grid.lookup[phrase] = key
        grid.labels[key] = label
        self._claim(key, "thing", item.span)
        self._mentions.append(Mention("thing", key, label, span=item.span))
        self._mentions.append(Mention("valued", key, noun=POSITION))
        return key

    def _distinct(self, keys: tuple[str, ...]) -> ir.Formula:
        """Each position holds exactly one of them: with as many positions as keys, and one
        position per key, they take pairwise different positions (a bijection)."""
        grid = self._grid(None)
        return ir.And(
            tuple(
                ir.Count(tuple(self._at(("key", key), k) for key in keys), 1, 1)
                for k in range(1, grid.size + 1)
            )
        )

    # ------------------------------------------------------------------ clauses

    def _clause(self, node: pz.Clause) -> ir.Formula:
        subject = self._term(node.subject)
        formula = self._relation(subject, node.relation)
        return ir.Not(formula) if node.relation.negated else formula

    def _relation(self, subject: Term, relation: pz.Relation) -> ir.Formula:
        kind = relation.kind
        if kind == "is" and relation.other is not None:
            return self._same(subject, self._term(relation.other))
        if kind == "next" and relation.other is not None:
            return self._same(subject, ("near", self._term(relation.other)))
        if kind == "side" and relation.other is not None:
            stacked = relation.side in ("above", "below")  # a stack: position 1 is the top
            self._scale("stack" if stacked else "side", relation.span)
            other = self._term(relation.other)
            first = relation.side in ("left", "above")
            low, high = (subject, other) if first else (other, subject)
            return self._follows(high, low, relation.immediately)
        if kind == "finished" and relation.other is not None:
            self._scale("finish", relation.span)
            other = self._term(relation.other)
            low, high = (subject, other) if relation.side == "above" else (other, subject)
            return self._follows(high, low, False)
        if kind == "than" and relation.other is not None:
            _, end = self._ordering(relation.words, relation.span)
            other = self._term(relation.other)
            low, high = (subject, other) if end == "low" else (other, subject)
            return self._follows(high, low, False)
        if kind == "the":
            where = self._rank(relation)
            if where is not None:
                return self._at(subject, where)
            ref = pz.Ref("words", relation.words, relation.span, "the")
            return self._same(subject, self._term(ref))
        raise SentenceError("certify cannot read this relation in a puzzle", relation.span)

    def _scale(self, scale: str, span: Span) -> None:
        grid = self._grid(span)
        if grid.scale is None:
            grid.scale = (scale, span.line)
        elif grid.scale[0] != scale:
            raise SentenceError(
                f"this row is ordered by {grid.scale[0]} (line {grid.scale[1]}), and this "
                f"sentence orders it by {scale}: a row has one order",
                span,
                expected=f"a relation of {grid.scale[0]}",
            )

    def _ordering(self, words: tuple[str, ...], span: Span) -> tuple[str, str]:
        phrase = " ".join(w.lower() for w in words)
        found = _order().get(phrase)
        if found is None:
            raise SentenceError(
                f"certify does not know how '{phrase}' orders a row",
                span,
                expected="a comparative of grammar/lexicon.toml [puzzle.order] "
                "('newer', 'less expensive', 'taller')",
            )
        self._scale(found[0], span)
        return found

    def _rank(self, relation: pz.Relation) -> int | None:
        """The position a rank phrase names ("the leftmost", "the second from the right",
        "the third-cheapest", "finished second-to-last"), or None if it names no rank."""
        grid = self._grid(relation.span)
        phrase = " ".join(w.lower() for w in relation.words)
        ordinals = _ordinals()
        if relation.side in ("left", "right", "top", "bottom"):
            if phrase not in ordinals:
                raise SentenceError(f"'{phrase}' is not an ordinal", relation.span)
            self._scale("side" if relation.side in ("left", "right") else "stack", relation.span)
            k = ordinals.index(phrase) + 1
            first = relation.side in ("left", "top")
            return self._within(k if first else grid.size + 1 - k, relation)
        if relation.side == "finish":
            return self._finish(phrase, relation)
        match = re.fullmatch(rf"(?:({'|'.join(ordinals)})-)?(.+)", phrase)
        if match is None or match.group(2) not in _order():
            return None
        scale, end = _order()[match.group(2)]
        self._scale(scale, relation.span)
        k = ordinals.index(match.group(1)) + 1 if match.group(1) else 1
        return self._within(k if end == "low" else grid.size + 1 - k, relation)

    def _finish(self, phrase: str, relation: pz.Relation) -> int:
        grid = self._grid(relation.span)
        ordinals = _ordinals()
        self._scale("finish", relation.span)
        match = re.fullmatch(rf"(?:({'|'.join(ordinals)})-to-)?last", phrase)
        if match is not None:
            k = ordinals.index(match.group(1)) + 1 if match.group(1) else 1
            return self._within(grid.size + 1 - k, relation)
        if phrase in ordinals:
            return self._within(ordinals.index(phrase) + 1, relation)
        raise SentenceError(
            f"'{phrase}' is not a place in the order", relation.span, "Amy finished second."
        )

    def _within(self, k: int, relation: pz.Relation) -> int:
        grid = self._grid(relation.span)
        if not 1 <= k <= grid.size:
            raise SentenceError(
                f"the row has {grid.size} positions: this names position {k}", relation.span
            )
        return k

    # ------------------------------------------------------------------ questions

    def puzzle_query(self, node: pz.Ask) -> queries.Query:
        """The query of a puzzle question."""
        if node.kind == "true":
            assert node.clause is not None
            return queries.AskTruth(self._clause(node.clause))
        assert node.relation is not None
        if node.kind == "which in":
            return self._which_position(node)
        candidates = self._candidates(node)
        formulas = []
        for key in candidates:
            formula = self._relation(("key", key), node.relation)
            formulas.append(ir.Not(formula) if node.relation.negated else formula)
        return queries.AskWhich(candidates, tuple(formulas), "none")

    def _which_position(self, node: pz.Ask) -> queries.Query:
        """``Which house is the Norwegian in?``: the positions it can be in, named by ordinal
        ("the first house"; "house 13" past the lexicon's ordinals)."""
        grid = self._grid(node.span)
        if singular(node.noun) != grid.noun:
            raise SentenceError(
                f"the row is of {grid.noun}s, not of {node.noun}s",
                node.span,
                f"Which {grid.noun} is the Norwegian in?",
            )
        assert node.relation is not None and node.relation.other is not None
        thing = self._term(node.relation.other)
        ordinals = _ordinals()
        positions = tuple(range(1, grid.size + 1))
        labels = tuple(
            f"the {ordinals[k - 1]} {grid.noun}" if k <= len(ordinals) else f"{grid.noun} {k}"
            for k in positions
        )
        formulas = tuple(self._at(thing, k) for k in positions)
        return queries.AskWhich(tuple(map(str, positions)), formulas, "none", labels)

    def _candidates(self, node: pz.Ask) -> tuple[str, ...]:
        """Who: the members, or the category of people; Which N: the members or category N."""
        grid = self._grid(node.span)
        if node.kind == "which":
            noun = singular(node.noun)
            if noun == grid.noun and grid.members:
                return grid.members
            if noun in grid.categories:
                return grid.categories[noun]
            names = ", ".join([grid.noun] * bool(grid.members) + list(grid.categories))
            raise SentenceError(
                f"'{node.noun}' is neither the row's members nor a category of this puzzle",
                node.span,
                expected=f"one of: {names}",
            )
        if grid.members:
            return grid.members
        for name in _WHO:
            if singular(name) in grid.categories:
                return grid.categories[singular(name)]
        named = [keys for keys in grid.categories.values() if all(k[:1].isupper() for k in keys)]
        if len(named) == 1:
            return named[0]
        raise SentenceError(
            "certify cannot tell which category 'who' asks about",
            node.span,
            expected="a category of people ('The people are ...') or 'Which N ...?'",
        )
