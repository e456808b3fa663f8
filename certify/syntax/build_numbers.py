"""Transformer rules for numbers: quantities, time phrases and arithmetic."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from lark import Token, v_args
from lark.tree import Meta

from certify.numeric import LinearExpr
from certify.syntax import ast
from certify.syntax.errors import SentenceError
from certify.syntax.lexicon import units
from certify.syntax.located import Located, _clock, _has, _of, _tokens
from certify.syntax.verbs import event_verb


@v_args(meta=True)
class NumberRules(Located):
    """Numeric predicates (``is between 3 and 7``), time phrases, arithmetic."""

    def p_comparative(self, meta: Meta, children: list[Any]) -> Any:
        words = [str(t).lower() for t in _tokens(children)[1:] if t.type not in ("NOT", "THAN")]
        word = " ".join(words[:2]) if words[0] in ("more", "less") and len(words) > 1 else words[0]
        return self._pred(children, ast.PNumeric("comparative", (children[-1],), word))

    def p_years_than(self, meta: Meta, children: list[Any]) -> Any:
        years = _of(children, Fraction)[0]
        word = next(str(t) for t in _tokens(children) if t.type == "WORD").lower()
        return self._pred(children, ast.PNumeric("years_than", (years, children[-1]), word))

    def p_age(self, meta: Meta, children: list[Any]) -> Any:
        return self._pred(children, ast.PNumeric("age", (_of(children, Fraction)[0],)))

    def p_more_than(self, meta: Meta, children: list[Any]) -> Any:
        amount = _of(children, Fraction)[0]
        word = next(str(t) for t in _tokens(children) if t.type in ("MORE", "LESS")).lower()
        return self._pred(children, ast.PNumeric("more_than", (amount, children[-1]), word))

    def p_is_number(self, meta: Meta, children: list[Any]) -> Any:
        return self._pred(children, ast.PNumeric("equals", (children[-1],)))

    def p_equal_to(self, meta: Meta, children: list[Any]) -> Any:
        return self._pred(children, ast.PNumeric("equals", (children[-1],)))

    def p_between(self, meta: Meta, children: list[Any]) -> Any:
        low, high = _of(children, Fraction)
        return self._pred(children, ast.PNumeric("between", (low, high)))

    def p_at_least(self, meta: Meta, children: list[Any]) -> Any:
        return self._pred(children, ast.PNumeric("at_least", (children[-1],)))

    def p_at_most(self, meta: Meta, children: list[Any]) -> Any:
        return self._pred(children, ast.PNumeric("at_most", (children[-1],)))

    def number(self, meta: Meta, children: list[Any]) -> Fraction:
        digits = [Fraction(str(t)) for t in _tokens(children) if t.type == "NUMBER"]
        if len(digits) == 2 and digits[1] == 0:
            raise SentenceError("division by zero", self.span(meta), "write a fraction like 3/2")
        value = digits[0] / digits[1] if len(digits) == 2 else digits[0]
        return -value if _has(children, "MINUS") else value

    def p_event(self, meta: Meta, children: list[Any]) -> Any:
        verb = event_verb(str(children[0]), self.token_span(children[0]))
        kind, numbers, other, direction = children[1]
        return self._pred(children, ast.PEvent(verb, kind, numbers, other, direction))

    # ------------------------------------------------------------------ time phrases
    # Each returns (kind, numbers, other, direction).

    def duration(self, meta: Meta, children: list[Any]) -> tuple[Fraction, Fraction]:
        amount, unit = children[0], str(children[-1]).lower()
        return amount, units()[unit]  # the unit's minutes, from the lexicon

    def t_at(self, meta: Meta, children: list[Any]) -> Any:
        return "at", (_clock(children[-1]),), None, ""

    def _offset(self, kind: str, children: list[Any]) -> Any:
        direction = next(str(t).lower() for t in _tokens(children) if t.type in ("BEFORE", "AFTER"))
        amount, scale = next(c for c in children if isinstance(c, tuple))
        return kind, (amount * scale,), children[-1], direction

    def t_at_least(self, meta: Meta, children: list[Any]) -> Any:
        return self._offset("at_least", children)

    def t_at_most(self, meta: Meta, children: list[Any]) -> Any:
        return self._offset("at_most", children)

    def t_offset(self, meta: Meta, children: list[Any]) -> Any:
        return self._offset("offset", children)

    def t_between_offsets(self, meta: Meta, children: list[Any]) -> Any:
        kind, (high,), other, direction = self._offset("between_offsets", children)
        _, scale = next(c for c in children if isinstance(c, tuple))
        low = next(c for c in children if isinstance(c, Fraction))
        return kind, (low * scale, high), other, direction

    def t_between_times(self, meta: Meta, children: list[Any]) -> Any:
        clocks = [t for t in _tokens(children) if t.type == "CLOCK"]
        return "between_times", (_clock(clocks[0]), _clock(clocks[1])), None, ""

    def t_no_later(self, meta: Meta, children: list[Any]) -> Any:
        return "no_later", (_clock(children[-1]),), None, ""

    def t_no_earlier(self, meta: Meta, children: list[Any]) -> Any:
        return "no_earlier", (_clock(children[-1]),), None, ""

    def t_before_time(self, meta: Meta, children: list[Any]) -> Any:
        return f"{str(children[0]).lower()}_time", (_clock(children[-1]),), None, ""

    def t_before_np(self, meta: Meta, children: list[Any]) -> Any:
        return str(children[0]).lower(), (), children[-1], ""

    def t_same_time(self, meta: Meta, children: list[Any]) -> Any:
        return "same_time", (), children[-1], ""

    # ------------------------------------------------------------------ arithmetic

    def arith(self, meta: Meta, children: list[Any]) -> ast.Arith:
        sides = tuple(c for c in children if isinstance(c, LinearExpr))
        relations = tuple(c for c in children if isinstance(c, str))
        names = tuple(dict.fromkeys(self.written))
        self.written.clear()
        return ast.Arith(sides, relations, self.span(meta), names)

    def relation(self, meta: Meta, children: list[Any]) -> str:
        return {"LE": "<=", "GE": ">=", "LT": "<", "GT": ">", "EQ": "="}[children[0].type]

    def plus(self, meta: Meta, children: list[Any]) -> LinearExpr:
        return children[0].plus(children[-1])  # type: ignore[no-any-return]

    def minus(self, meta: Meta, children: list[Any]) -> LinearExpr:
        return children[0].plus(children[-1], -1)  # type: ignore[no-any-return]

    def constant(self, meta: Meta, children: list[Any]) -> LinearExpr:
        return LinearExpr((), Fraction(str(children[0])))

    def fraction(self, meta: Meta, children: list[Any]) -> LinearExpr:
        numerator, denominator = Fraction(str(children[0])), Fraction(str(children[-1]))
        if denominator == 0:
            raise SentenceError("division by zero", self.span(meta), "write a fraction like 3/2")
        return LinearExpr((), numerator / denominator)

    def scaled(self, meta: Meta, children: list[Any]) -> LinearExpr:
        return LinearExpr.of({self._number_name(children[-1]): Fraction(str(children[0]))})

    def variable(self, meta: Meta, children: list[Any]) -> LinearExpr:
        return LinearExpr.variable(self._number_name(children[0]))

    def _number_name(self, token: Token) -> str:
        """A variable's name: any word the grammar reads as a word here (``a + b = 3.`` reads
        ``a`` as a variable, SPEC §3 "Strict reading"), case-insensitive."""
        self.written.append(str(token).lower())
        return str(token).lower()

    def negative(self, meta: Meta, children: list[Any]) -> LinearExpr:
        return children[-1].scaled(-1)  # type: ignore[no-any-return]

    def term(self, meta: Meta, children: list[Any]) -> LinearExpr:
        return children[1]  # type: ignore[no-any-return]
