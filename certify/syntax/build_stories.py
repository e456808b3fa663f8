"""Transformer rules for the questions of stories about possession (bAbI 5, 7, 8)."""

from __future__ import annotations

from certify.syntax import ast
from certify.syntax.children import Children, PredicateParts, _as, _of
from certify.syntax.errors import SentenceError
from certify.syntax.lark_runtime import Meta, Token
from certify.syntax.located import Located, ReservedWord

COUNTED = ("objects", "things")
"""What ``How many ... is X carrying?`` counts."""


class StoryQuestionRules(Located):
    """What is X carrying? · How many objects is X carrying? · Who gave O to Y? ..."""

    def q_carrying(self, meta: Meta, children: Children) -> ast.QuestionAst:
        return ast.QCarrying(_of(children, ast.NP)[0])

    def q_carrying_count(self, meta: Meta, children: Children) -> ast.QuestionAst:
        noun = next(c for c in children if isinstance(c, Token) and c.type == "WORD")
        if str(noun).lower() not in COUNTED:
            column = self.column - 1 + (noun.column or 1)
            raise SentenceError(
                f"certify counts the objects someone carries, not '{noun}'",
                ast.Span(self.line, column, column + len(noun)),
                "How many objects is Mary carrying?",
                expected="'objects' or 'things'",
            )
        return ast.QCarrying(_of(children, ast.NP)[0], count=True)

    def q_giver(self, meta: Meta, children: Children) -> ast.QuestionAst:
        nps = _of(children, ast.NP)
        return ast.QGiving("giver", thing=nps[0], receiver=nps[1] if len(nps) > 1 else None)

    def q_receiver(self, meta: Meta, children: Children) -> ast.QuestionAst:
        return ast.QGiving("receiver", thing=_of(children, ast.NP)[0])

    def q_given(self, meta: Meta, children: Children) -> ast.QuestionAst:
        giver, receiver = _of(children, ast.NP)
        return ast.QGiving("thing", giver=giver, receiver=receiver)

    def q_receiver_of(self, meta: Meta, children: Children) -> ast.QuestionAst:
        giver, thing = _of(children, ast.NP)
        return ast.QGiving("receiver", giver=giver, thing=thing)


class SizeRules(Located):
    """bAbI 18: ``The box fits inside the chest.`` is ``The box is smaller than the chest.``;
    ``Does the chest fit in the box?`` asks it; ``the box of chocolates`` is a name."""

    def the_of_np(self, meta: Meta, children: Children) -> ast.NP:
        head, tail = (c for c in children if isinstance(c, list))
        words = [*self.name_words(head), "of", *self.name_words(tail)]
        span = self.span(meta)
        return ast.NP("the", tuple(w.lower() for w in words), "the " + " ".join(words), span)

    def p_fits(self, meta: Meta, children: Children) -> PredicateParts:
        other = _as(children[-1], ast.NP)
        return self._pred(children, ast.PNumeric("comparative", (other,), "smaller"))

    def q_fits(self, meta: Meta, children: Children) -> ast.QuestionAst:
        runs = [c for c in children if isinstance(c, list)]
        span = self.span(meta)
        last = runs[-1][-1]
        if str(last).lower() != "fit" or len(runs[-1]) < 2 - (len(runs) > 1):
            where = next(c for c in children if isinstance(c, Token) and c.type in ("IN", "INSIDE"))
            raise ReservedWord(str(where), self.token_span(where))  # "Does X sit in Y?"
        runs[-1] = runs[-1][:-1]
        head, tail = runs[0], [t for run in runs[1:] for t in run]
        if len(head) == 1 and head[0].type == "WORD" and len(runs) == 1:
            word = self.single_name(head[0])
            thing = ast.NP("name", (word.lower(),), word, span)
        elif head[0].type == "THE" and len(head) > 1 and (tail or len(runs) == 1):
            words = self.name_words(head[1:])
            if len(runs) > 1:
                words = [*words, "of", *self.name_words(tail)]
            thing = ast.NP("the", tuple(w.lower() for w in words), "the " + " ".join(words), span)
        else:
            raise SentenceError(
                "certify reads 'Does X fit in Y?' with X a name or 'the' and a noun",
                span,
                "Does the box fit in the chest?",
            )
        predicate = ast.PNumeric("comparative", (_as(children[-1], ast.NP),), "smaller")
        return ast.QTrue(ast.Clause(thing, predicate, False, span))

    def q_comparative_of(self, meta: Meta, children: Children) -> ast.QuestionAst:
        head, tail = (c for c in children if isinstance(c, list))
        span = self.span(meta)
        if len(tail) < 2:
            raise SentenceError(
                "this question needs a subject and an adjective", span, "Is the box bigger?"
            )
        words = [*self.name_words(head), "of", *self.name_words(tail[:-1])]
        thing = ast.NP("the", tuple(w.lower() for w in words), "the " + " ".join(words), span)
        other = _as(children[-1], ast.NP)
        predicate = ast.PNumeric("comparative", (other,), str(tail[-1]).lower())
        return ast.QTrue(ast.Clause(thing, predicate, False, span))


class PositionRules(Located):
    """bAbI 17, 19: ``X is to the left of Y.`` · ``X is above Y.`` · ``X is north of Y.`` ·
    ``Is X below Y?`` · ``How do you go from A to B?``"""

    def p_position(self, meta: Meta, children: Children) -> PredicateParts:
        other = _as(children[-1], ast.NP)
        return self._pred(children, ast.PNumeric("position", (other,), _direction(children)))

    def q_position(self, meta: Meta, children: Children) -> ast.QuestionAst:
        thing, other = _of(children, ast.NP)
        predicate = ast.PNumeric("position_axis", (other,), _direction(children))
        return ast.QTrue(ast.Clause(thing, predicate, False, self.span(meta)))

    def q_route(self, meta: Meta, children: Children) -> ast.QuestionAst:
        start, end = _of(children, ast.NP)
        return ast.QRoute(start, end)


def _direction(children: Children) -> str:
    return next(
        str(c).lower()
        for c in children
        if isinstance(c, Token) and c.type in ("LEFT", "RIGHT", "ABOVE", "BELOW", "COMPASS")
    )
