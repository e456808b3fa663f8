"""Reading StepGame's template language: ``grammar/stepgame.lark`` with the templates of
``grammar/stepgame.toml`` → ``ast`` clauses of kind ``offset`` and ``QRelation`` questions.

A text is a template text when it is read with the grid reading and its first statement is
one of the templates (``is_template_text``); then ``certify.syntax.parse`` reads each of its
sentences with this grammar only.  The parser is built only for such texts.
"""

from __future__ import annotations

import re
from functools import cache

from certify.errors import TextError
from certify.records import Record
from certify.syntax import ast
from certify.syntax.children import _as
from certify.syntax.diagnose import accepted_terminals, describe_expected
from certify.syntax.grammar import data_path, lalr
from certify.syntax.lark_runtime import (
    Lark,
    Meta,
    Token,
    Transformer,
    UnexpectedEOF,
    UnexpectedInput,
    UnexpectedToken,
)
from certify.syntax.tables import read_toml

_PIECES = re.compile(r"\{[AB]\}|[’']s\b|,|[^\s,]+")
QUESTION = "What is the relation of the agent Z to the agent U?"


class Template(Record):
    """One template: its words and placeholders (``{A}``, ``{B}``) and the label of A from B."""

    text: str
    label: str

    @property
    def pieces(self) -> list[str]:
        return _PIECES.findall(self.text)

    @property
    def roles(self) -> list[str]:
        """The placeholders in the order they are written."""
        return [p[1] for p in self.pieces if p in ("{A}", "{B}")]


@cache
def templates() -> tuple[Template, ...]:
    """The templates of ``grammar/stepgame.toml``, in file order."""
    table = read_toml(data_path("stepgame.toml"))
    return tuple(Template(t["text"], t["label"]) for t in table["template"])


def grammar_text() -> str:
    """The template grammar: one rule per template, filled into ``stepgame.lark``."""
    rules = []
    for number, template in enumerate(templates()):
        words = [
            "AGENT" if p in ("{A}", "{B}") else '"' + p.replace('"', '\\"') + '"'
            for p in template.pieces
        ]
        rules.append(f"t{number}: " + " ".join(words))
    names = " | ".join(f"t{n}" for n in range(len(rules)))
    text = data_path("stepgame.lark").read_text(encoding="utf-8")
    return text.replace("@templates@", names).replace("@rules@", "\n".join(rules))


@cache
def stepgame_parser() -> Lark:
    """The LALR parser of the template language, built once per process."""
    return lalr(grammar_text())


class _Build(Transformer[Token, ast.Clause | ast.QRelation]):
    """Template rules → clauses; the question → ``QRelation``."""

    def __init__(self, line: int, column: int) -> None:
        super().__init__()
        self.line, self.column = line, column

    def agent(self, token: Token) -> ast.NP:
        start = self.column - 1 + (token.column or 1)
        span = ast.Span(self.line, start, start + len(token))
        return ast.NP("name", (str(token).lower(),), str(token), span)

    def statement(self, children: list[object]) -> ast.Clause:
        return _as(children[0], ast.Clause)  # built by __default__ from its template rule

    def question(self, children: list[Token]) -> ast.QRelation:
        thing, other = (self.agent(t) for t in children)
        return ast.QRelation(thing, other)

    def __default__(self, data: str, children: list[Token], meta: Meta) -> ast.Clause:
        template = templates()[int(str(data)[1:])]
        named: dict[str, Token] = {}
        for role, token in zip(template.roles, children, strict=True):
            first = named.setdefault(role, token)
            if str(first) != str(token):
                at = self.agent(token).span
                raise TextError(
                    f"this template names one agent twice: '{first}' here and '{token}'",
                    line=self.line,
                    column=at.column,
                    end_column=at.end_column,
                    expected=f"'{first}'",
                    suggestion=template.text.replace("{A}", "X").replace("{B}", "Y") + ".",
                )
        subject, other = self.agent(named["A"]), self.agent(named["B"])
        span = ast.Span(self.line, self.column, self.column + 1)
        predicate = ast.PNumeric("offset", (other,), template.label)
        return ast.Clause(subject, predicate, False, span)


def parse_stepgame(text: str, line: int, column: int, start: str) -> ast.Clause | ast.QRelation:
    """One sentence of a template text (without its final "." or "?"); Lark's errors pass on."""
    tree = stepgame_parser().parse(text, start=start)
    return _Build(line, column).transform(tree)


def is_template_text(first_statement: str) -> bool:
    """Whether a text's first statement (without its ".") is one of the templates."""
    try:
        stepgame_parser().parse(first_statement, start="statement")
    except UnexpectedInput:
        return False
    return True


def stepgame_error(
    error: UnexpectedInput, text: str, line: int, column: int, start: str
) -> TextError:
    """Lark's error on a sentence of a template text, with a caret, in plain words."""
    offset = error.column - 1 if isinstance(error.column, int) and error.column > 0 else 0
    at_end = isinstance(error, UnexpectedEOF) or (
        isinstance(error, UnexpectedToken) and error.token.type == "$END"
    )
    if at_end:
        offset, word, message = len(text), "", "this sentence stops too early"
    else:
        word = text[offset:].split(" ", 1)[0]
        message = f"I didn't expect {word!r} here"
    example = QUESTION if start == "question" else "Z is to the right of U."
    return TextError(
        f"{message} (reading a StepGame text: each sentence is one of its templates)",
        line=line,
        column=column + offset,
        end_column=column + offset + max(1, len(word)),
        expected=describe_expected(accepted_terminals(error)),
        suggestion=example,
    )
