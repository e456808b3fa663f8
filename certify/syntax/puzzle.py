"""Reading puzzle sentences: ``grammar/puzzle.lark`` → ``puzzle_ast``.

A text is a puzzle text when one of its statements declares a row (``rows.declares_row``); then
``certify.syntax.parse`` reads each of its sentences with this grammar first.  The parser is
built only for puzzle texts, so other texts never pay for it.
"""

from __future__ import annotations

import re
from functools import cache
from typing import TypeAlias

from certify.errors import TextError
from certify.syntax import puzzle_ast as pz
from certify.syntax.ast import Span
from certify.syntax.children import _as, _unexpected
from certify.syntax.diagnose import accepted_terminals, closest_puzzle_form, describe_expected
from certify.syntax.grammar import filled, lalr
from certify.syntax.lark_runtime import (
    Lark,
    Meta,
    Token,
    Transformer,
    UnexpectedEOF,
    UnexpectedInput,
    UnexpectedToken,
)
from certify.syntax.lexicon import count_value, puzzle_words
from certify.syntax.located import WithMeta


def puzzle_grammar_text() -> str:
    """The puzzle grammar with its closed word classes filled in from the lexicon."""
    words = puzzle_words()
    links: dict[str, str] = words["links"]
    classes = {
        "counts": list(words["counts"]),
        "links": list(links),
        "link_bases": sorted(set(links.values())),
    }
    return filled("puzzle.lark", classes)


@cache
def puzzle_parser() -> Lark:
    """The LALR parser of the puzzle language, built once per process."""
    return lalr(puzzle_grammar_text())


PuzzleChild: TypeAlias = (
    Token
    | tuple[str, ...]  # words
    | pz.Item  # member, value
    | list[pz.Item]  # members, values
    | pz.Ref  # the noun phrases, object
    | pz.Relation  # the predicates
    | pz.Clause
    | pz.Row
    | None  # setting
)
"""What a rule of ``grammar/puzzle.lark`` receives (``children.Child`` for ``certify.lark``)."""
PuzzleChildren: TypeAlias = list[PuzzleChild]


def _words(children: PuzzleChildren) -> tuple[str, ...]:
    for child in children:
        if isinstance(child, tuple) and all(isinstance(w, str) for w in child):
            return child
    return ()


def _tokens(children: PuzzleChildren, kind: str) -> list[Token]:
    return [c for c in children if isinstance(c, Token) and c.type == kind]


def _ref(children: PuzzleChildren) -> pz.Ref:
    return next(c for c in reversed(children) if isinstance(c, pz.Ref))


class PuzzleBuild(WithMeta, Transformer[Token, pz.PuzzleStatement | pz.Ask]):
    """Parse tree → puzzle AST, with spans in file coordinates."""

    def __init__(self, line: int, column: int) -> None:
        super().__init__(visit_tokens=False)
        self.line, self.column = line, column

    def span(self, meta: Meta) -> Span:
        if getattr(meta, "empty", True):
            return Span(self.line, self.column, self.column)
        shift = self.column - 1 if meta.line == 1 else 0
        return Span(self.line + meta.line - 1, meta.column + shift, meta.end_column + shift)

    # ------------------------------------------------------------------ statements

    def statement(self, meta: Meta, children: PuzzleChildren) -> pz.PuzzleStatement:
        node = children[0]
        if isinstance(node, pz.PuzzleStatement):
            return node
        raise _unexpected(node, "a puzzle statement")

    def row(self, meta: Meta, children: PuzzleChildren) -> pz.Row:
        count = count_value(str(_tokens(children, "COUNT")[0]))
        noun = str(_tokens(children, "WORD")[-1])
        members = next((c for c in children if isinstance(c, list)), [])
        return pz.Row(count, noun, tuple(members), self.span(meta))

    row_sells = row

    def setting(self, meta: Meta, children: PuzzleChildren) -> None:
        return None

    def members(self, meta: Meta, children: PuzzleChildren) -> list[pz.Item]:
        return [c for c in children if isinstance(c, pz.Item)]

    values = members

    def member(self, meta: Meta, children: PuzzleChildren) -> pz.Item:
        article = next((str(c).lower() for c in children if isinstance(c, Token)), "")
        return pz.Item(_words(children), article, self.span(meta))

    value = member

    def words(self, meta: Meta, children: PuzzleChildren) -> tuple[str, ...]:
        if len(children) == 1:
            return (str(children[0]),)
        return (*_words(children), str(children[1]))

    def object(self, meta: Meta, children: PuzzleChildren) -> pz.Ref:
        article = "the" if _tokens(children, "THE") else ""
        return pz.Ref("words", _words(children), self.span(meta), article)

    def clause(self, meta: Meta, children: PuzzleChildren) -> pz.Clause:
        return pz.Clause(_as(children[0], pz.Ref), _as(children[1], pz.Relation), self.span(meta))

    def if_then(self, meta: Meta, children: PuzzleChildren) -> pz.Connected:
        left, right = (c for c in children if isinstance(c, pz.Clause))
        return pz.Connected("if", left, right, self.span(meta))

    def iff(self, meta: Meta, children: PuzzleChildren) -> pz.Connected:
        left, right = (c for c in children if isinstance(c, pz.Clause))
        return pz.Connected("iff", left, right, self.span(meta))

    def either(self, meta: Meta, children: PuzzleChildren) -> pz.Connected:
        left, right = (c for c in children if isinstance(c, pz.Clause))
        return pz.Connected("either", left, right, self.span(meta))

    # ------------------------------------------------------------------ references

    def np_the(self, meta: Meta, children: PuzzleChildren) -> pz.Ref:
        return pz.Ref("words", _words(children), self.span(meta), "the")

    def np_name(self, meta: Meta, children: PuzzleChildren) -> pz.Ref:
        return pz.Ref("words", (str(children[0]),), self.span(meta))

    def np_with(self, meta: Meta, children: PuzzleChildren) -> pz.Ref:
        return pz.Ref("with", _words(children), self.span(meta), "the", _ref(children))

    def np_in(self, meta: Meta, children: PuzzleChildren) -> pz.Ref:
        return pz.Ref("in", _words(children), self.span(meta), "the", _ref(children))

    def np_next(self, meta: Meta, children: PuzzleChildren) -> pz.Ref:
        return pz.Ref("next", _words(children), self.span(meta), "the", _ref(children))

    def np_who(self, meta: Meta, children: PuzzleChildren) -> pz.Ref:
        relation = next(c for c in children if isinstance(c, pz.Relation))
        return pz.Ref("who", _words(children), self.span(meta), "the", relation=relation)

    def np_poss(self, meta: Meta, children: PuzzleChildren) -> pz.Ref:
        owner = str(_tokens(children, "POSS")[0])
        owner = re.sub(r"['’]s?$", "", owner)
        span = self.span(meta)
        inner = pz.Ref("words", (owner,), span, "the" if _tokens(children, "THE") else "")
        return pz.Ref("poss", _words(children), span, "", inner)

    # ------------------------------------------------------------------ relations

    def _relation(
        self,
        meta: Meta,
        children: PuzzleChildren,
        kind: str,
        words: tuple[str, ...] = (),
        side: str = "",
        immediately: bool = False,
        verb: str = "",
    ) -> pz.Relation:
        negated = bool(_tokens(children, "NOT"))
        other = next((c for c in reversed(children) if isinstance(c, pz.Ref)), None)
        span = self.span(meta)
        return pz.Relation(kind, span, other, words, side, immediately, negated, verb)

    def p_side(self, meta: Meta, children: PuzzleChildren) -> pz.Relation:
        side = str(_tokens(children, "SIDE")[0]).lower()
        close = bool(_tokens(children, "IMMEDIATELY"))
        return self._relation(meta, children, "side", side=side, immediately=close)

    def p_stack(self, meta: Meta, children: PuzzleChildren) -> pz.Relation:
        side = "above" if _tokens(children, "ABOVE") else "below"
        close = bool(_tokens(children, "IMMEDIATELY"))
        return self._relation(meta, children, "side", side=side, immediately=close)

    def p_next(self, meta: Meta, children: PuzzleChildren) -> pz.Relation:
        return self._relation(meta, children, "next")

    def p_the(self, meta: Meta, children: PuzzleChildren) -> pz.Relation:
        sides = _tokens(children, "SIDE")
        side = str(sides[0]).lower() if sides else ""
        return self._relation(meta, children, "the", words=_words(children), side=side)

    def p_the_poss(self, meta: Meta, children: PuzzleChildren) -> pz.Relation:
        owner = re.sub(r"['’]s?$", "", str(_tokens(children, "POSS")[0]))
        span = self.span(meta)
        inner = pz.Ref("words", (owner,), span, "the")
        other = pz.Ref("poss", _words(children), span, "", inner)
        return pz.Relation("is", span, other, negated=bool(_tokens(children, "NOT")))

    def p_than(self, meta: Meta, children: PuzzleChildren) -> pz.Relation:
        return self._relation(meta, children, "than", words=_words(children))

    def p_a(self, meta: Meta, children: PuzzleChildren) -> pz.Relation:
        other = pz.Ref("words", _words(children), self.span(meta))
        return pz.Relation("is", self.span(meta), other, negated=bool(_tokens(children, "NOT")))

    def p_in(self, meta: Meta, children: PuzzleChildren) -> pz.Relation:
        return self._relation(meta, children, "is")

    def p_not_in(self, meta: Meta, children: PuzzleChildren) -> pz.Relation:
        return self._relation(meta, children, "is")

    def p_values(self, meta: Meta, children: PuzzleChildren) -> pz.Relation:
        items = next(c for c in children if isinstance(c, list))
        return pz.Relation("values", self.span(meta), values=tuple(items))

    def p_finished(self, meta: Meta, children: PuzzleChildren) -> pz.Relation:
        return self._relation(meta, children, "the", words=_words(children), side="finish")

    def p_finished_than(self, meta: Meta, children: PuzzleChildren) -> pz.Relation:
        above = bool(_tokens(children, "ABOVE"))
        return self._relation(meta, children, "finished", side="above" if above else "below")

    def p_link(self, meta: Meta, children: PuzzleChildren) -> pz.Relation:
        verb = " ".join(str(_tokens(children, "LINK")[0]).lower().split())
        return self._relation(meta, children, "is", verb=verb)

    def p_not_link(self, meta: Meta, children: PuzzleChildren) -> pz.Relation:
        verb = " ".join(str(_tokens(children, "LINK_BASE")[0]).lower().split())
        return self._relation(meta, children, "is", verb=verb)

    # ------------------------------------------------------------------ questions

    def question(self, meta: Meta, children: PuzzleChildren) -> pz.Ask:
        return _as(children[0], pz.Ask)

    def q_which(self, meta: Meta, children: PuzzleChildren) -> pz.Ask:
        noun = str(_tokens(children, "WORD")[0])
        relation = next(c for c in children if isinstance(c, pz.Relation))
        return pz.Ask("which", self.span(meta), relation, noun)

    def q_which_in(self, meta: Meta, children: PuzzleChildren) -> pz.Ask:
        noun = str(_tokens(children, "WORD")[0])
        subject = next(c for c in children if isinstance(c, pz.Ref))
        relation = pz.Relation("position", subject.span, subject)
        return pz.Ask("which in", self.span(meta), relation, noun)

    def q_who(self, meta: Meta, children: PuzzleChildren) -> pz.Ask:
        relation = next(c for c in children if isinstance(c, pz.Relation))
        return pz.Ask("who", self.span(meta), relation)

    def q_true(self, meta: Meta, children: PuzzleChildren) -> pz.Ask:
        clause = next(c for c in children if isinstance(c, pz.Clause))
        return pz.Ask("true", self.span(meta), clause=clause)

    def q_does(self, meta: Meta, children: PuzzleChildren) -> pz.Ask:
        subject, other = (c for c in children if isinstance(c, pz.Ref))
        verb = " ".join(str(_tokens(children, "LINK_BASE")[0]).lower().split())
        relation = pz.Relation("is", other.span, other, verb=verb)
        return pz.Ask("true", self.span(meta), clause=pz.Clause(subject, relation, subject.span))

    def q_does_live(self, meta: Meta, children: PuzzleChildren) -> pz.Ask:
        subject, other = (c for c in children if isinstance(c, pz.Ref))
        relation = pz.Relation("is", other.span, other)
        return pz.Ask("true", self.span(meta), clause=pz.Clause(subject, relation, subject.span))


def parse_puzzle(text: str, line: int, column: int, start: str) -> pz.PuzzleStatement | pz.Ask:
    """One sentence of a puzzle text (without its final "." or "?"); Lark's errors pass on."""
    tree = puzzle_parser().parse(text, start=start)
    node: pz.PuzzleStatement | pz.Ask = PuzzleBuild(line, column).transform(tree)
    return node


def puzzle_error(
    error: UnexpectedInput, text: str, line: int, column: int, start: str
) -> TextError:
    """Lark's error on a puzzle sentence, with a caret, in plain words, and the closest form.

    A clue that stops after its subject ("The Dane sings.") almost always holds a verb the
    puzzle language does not know, read as part of the name: the caret goes on that word.
    """
    offset = error.column - 1 if isinstance(error.column, int) and error.column > 0 else 0
    at_end = isinstance(error, UnexpectedEOF) or (
        isinstance(error, UnexpectedToken) and error.token.type == "$END"
    )
    accepts = accepted_terminals(error)
    kind = "question" if start == "question" else "statement"
    if at_end and "LINK" in accepts and len(text.split()) > 1:
        word = text.split()[-1]
        offset = len(text) - len(word)
        message = (
            f"'{word}' is not a verb of the puzzle language: after a member a clue says "
            "'lives in', 'owns', 'is next to', 'is the leftmost' ..."
        )
    elif at_end:
        offset, word = len(text), ""
        message = "this sentence stops too early"
    else:
        word = text[offset:].split(" ", 1)[0]
        message = f"I didn't expect {word!r} here"
    return TextError(
        f"{message} (reading this {kind} of a puzzle: the text declares a row)",
        line=line,
        column=column + offset,
        end_column=column + offset + max(1, len(word)),
        expected=describe_expected(accepts),
        suggestion=closest_puzzle_form(text, question=start == "question"),
    )
