"""Transformer rules for the questions of stories about possession (bAbI 5, 7, 8)."""

from __future__ import annotations

from typing import Any

from lark import Token, v_args
from lark.tree import Meta

from certify.syntax import ast
from certify.syntax.errors import SentenceError
from certify.syntax.located import Located, _of

COUNTED = ("objects", "things")
"""What ``How many ... is X carrying?`` counts."""


@v_args(meta=True)
class StoryQuestionRules(Located):
    """What is X carrying? · How many objects is X carrying? · Who gave O to Y? ..."""

    def q_carrying(self, meta: Meta, children: list[Any]) -> ast.QuestionAst:
        return ast.QCarrying(_of(children, ast.NP)[0])

    def q_carrying_count(self, meta: Meta, children: list[Any]) -> ast.QuestionAst:
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

    def q_giver(self, meta: Meta, children: list[Any]) -> ast.QuestionAst:
        nps = _of(children, ast.NP)
        return ast.QGiving("giver", thing=nps[0], receiver=nps[1] if len(nps) > 1 else None)

    def q_receiver(self, meta: Meta, children: list[Any]) -> ast.QuestionAst:
        return ast.QGiving("receiver", thing=_of(children, ast.NP)[0])

    def q_given(self, meta: Meta, children: list[Any]) -> ast.QuestionAst:
        giver, receiver = _of(children, ast.NP)
        return ast.QGiving("thing", giver=giver, receiver=receiver)

    def q_receiver_of(self, meta: Meta, children: list[Any]) -> ast.QuestionAst:
        giver, thing = _of(children, ast.NP)
        return ast.QGiving("receiver", giver=giver, thing=thing)
