"""Transformer rules for numbers: quantities, time phrases and arithmetic."""

from __future__ import annotations

from fractions import Fraction

from certify.numeric import LinearExpr
from certify.syntax import ast
from certify.syntax.children import (
    Children,
    Duration,
    PredicateParts,
    TimePhrase,
    _as,
    _has,
    _of,
    _operand,
    _tokens,
)
from certify.syntax.errors import SentenceError
from certify.syntax.lark_runtime import Meta, Token
from certify.syntax.lexicon import units
from certify.syntax.located import Located, _clock
from certify.syntax.verbs import event_verb


class NumberRules(Located):
    """Numeric predicates (``is between 3 and 7``), time phrases, arithmetic."""

    def p_comparative(self, meta: Meta, children: Children) -> PredicateParts:
        words = [str(t).lower() for t in _tokens(children)[1:] if t.type not in ("NOT", "THAN")]
        word = " ".join(words[:2]) if words[0] in ("more", "less") and len(words) > 1 else words[0]
        return self._pred(children, ast.PNumeric("comparative", (_operand(children[-1]),), word))

    def p_years_than(self, meta: Meta, children: Children) -> PredicateParts:
        years = _of(children, Fraction)[0]
        word = next(str(t) for t in _tokens(children) if t.type == "WORD").lower()
        return self._pred(
            children, ast.PNumeric("years_than", (years, _as(children[-1], ast.NP)), word)
        )

    def p_age(self, meta: Meta, children: Children) -> PredicateParts:
        return self._pred(children, ast.PNumeric("age", (_of(children, Fraction)[0],)))

    def p_more_than(self, meta: Meta, children: Children) -> PredicateParts:
        amount = _of(children, Fraction)[0]
        word = next(str(t) for t in _tokens(children) if t.type in ("MORE", "LESS")).lower()
        return self._pred(
            children, ast.PNumeric("more_than", (amount, _operand(children[-1])), word)
        )

    def p_is_number(self, meta: Meta, children: Children) -> PredicateParts:
        return self._pred(children, ast.PNumeric("equals", (_as(children[-1], Fraction),)))

    def p_equal_to(self, meta: Meta, children: Children) -> PredicateParts:
        return self._pred(children, ast.PNumeric("equals", (_operand(children[-1]),)))

    def p_between(self, meta: Meta, children: Children) -> PredicateParts:
        low, high = _of(children, Fraction)
        return self._pred(children, ast.PNumeric("between", (low, high)))

    def p_at_least(self, meta: Meta, children: Children) -> PredicateParts:
        return self._pred(children, ast.PNumeric("at_least", (_operand(children[-1]),)))

    def p_at_most(self, meta: Meta, children: Children) -> PredicateParts:
        return self._pred(children, ast.PNumeric("at_most", (_operand(children[-1]),)))

    def number(self, meta: Meta, children: Children) -> Fraction:
        digits = [Fraction(str(t)) for t in _tokens(children) if t.type == "NUMBER"]
        if len(digits) == 2 and digits[1] == 0:
            raise SentenceError("division by zero", self.span(meta), "write a fraction like 3/2")
        value = digits[0] / digits[1] if len(digits) == 2 else digits[0]
        return -value if _has(children, "MINUS") else value

    def p_event(self, meta: Meta, children: Children) -> PredicateParts:
        token = _as(children[0], Token)
        verb = event_verb(str(token), self.token_span(token))
        kind, numbers, other, direction = _as(children[1], TimePhrase)
        return self._pred(children, ast.PEvent(verb, kind, numbers, other, direction))

    # ------------------------------------------------------------------ time phrases
    # Each returns its TimePhrase: kind, numbers, other, direction.

    def duration(self, meta: Meta, children: Children) -> Duration:
        amount, unit = _as(children[0], Fraction), str(children[-1]).lower()
        return Duration(amount, units()[unit])  # the unit's minutes, from the lexicon

    def t_at(self, meta: Meta, children: Children) -> TimePhrase:
        return TimePhrase("at", (_clock(_as(children[-1], Token)),), None, "")

    def _offset(self, kind: str, children: Children) -> TimePhrase:
        direction = next(str(t).lower() for t in _tokens(children) if t.type in ("BEFORE", "AFTER"))
        amount, scale = next(c for c in children if isinstance(c, Duration))
        return TimePhrase(kind, (amount * scale,), _as(children[-1], ast.NP), direction)

    def t_at_least(self, meta: Meta, children: Children) -> TimePhrase:
        return self._offset("at_least", children)

    def t_at_most(self, meta: Meta, children: Children) -> TimePhrase:
        return self._offset("at_most", children)

    def t_offset(self, meta: Meta, children: Children) -> TimePhrase:
        return self._offset("offset", children)

    def t_between_offsets(self, meta: Meta, children: Children) -> TimePhrase:
        kind, (high,), other, direction = self._offset("between_offsets", children)
        _, scale = next(c for c in children if isinstance(c, Duration))
        low = next(c for c in children if isinstance(c, Fraction))
        return TimePhrase(kind, (low * scale, high), other, direction)

    def t_between_times(self, meta: Meta, children: Children) -> TimePhrase:
        clocks = [t for t in _tokens(children) if t.type == "CLOCK"]
        return TimePhrase("between_times", (_clock(clocks[0]), _clock(clocks[1])), None, "")

    def t_no_later(self, meta: Meta, children: Children) -> TimePhrase:
        return TimePhrase("no_later", (_clock(_as(children[-1], Token)),), None, "")

    def t_no_earlier(self, meta: Meta, children: Children) -> TimePhrase:
        return TimePhrase("no_earlier", (_clock(_as(children[-1], Token)),), None, "")

    def t_before_time(self, meta: Meta, children: Children) -> TimePhrase:
        time = _clock(_as(children[-1], Token))
        return TimePhrase(f"{str(children[0]).lower()}_time", (time,), None, "")

    def t_before_np(self, meta: Meta, children: Children) -> TimePhrase:
        return TimePhrase(str(children[0]).lower(), (), _as(children[-1], ast.NP), "")

    def t_same_time(self, meta: Meta, children: Children) -> TimePhrase:
        return TimePhrase("same_time", (), _as(children[-1], ast.NP), "")

    # ------------------------------------------------------------------ arithmetic

    def arith(self, meta: Meta, children: Children) -> ast.Arith:
        sides = tuple(c for c in children if isinstance(c, LinearExpr))
        relations = tuple(c for c in children if isinstance(c, str))
        names = tuple(dict.fromkeys(w.lower() for w in self.written))
        spelled = tuple(dict.fromkeys(w for w in self.written if w != w.lower()))
        self.written.clear()
        return ast.Arith(sides, relations, self.span(meta), names, spelled)

    def relation(self, meta: Meta, children: Children) -> str:
        kind = _as(children[0], Token).type
        return {"LE": "<=", "GE": ">=", "LT": "<", "GT": ">", "EQ": "="}[kind]

    def plus(self, meta: Meta, children: Children) -> LinearExpr:
        return _as(children[0], LinearExpr).plus(_as(children[-1], LinearExpr))

    def minus(self, meta: Meta, children: Children) -> LinearExpr:
        return _as(children[0], LinearExpr).plus(_as(children[-1], LinearExpr), -1)

    def constant(self, meta: Meta, children: Children) -> LinearExpr:
        return LinearExpr((), Fraction(str(children[0])))

    def fraction(self, meta: Meta, children: Children) -> LinearExpr:
        numerator, denominator = Fraction(str(children[0])), Fraction(str(children[-1]))
        if denominator == 0:
            raise SentenceError("division by zero", self.span(meta), "write a fraction like 3/2")
        return LinearExpr((), numerator / denominator)

    def scaled(self, meta: Meta, children: Children) -> LinearExpr:
        name = self._number_name(_as(children[-1], Token))
        return LinearExpr.of({name: Fraction(str(children[0]))})

    def variable(self, meta: Meta, children: Children) -> LinearExpr:
        return LinearExpr.variable(self._number_name(_as(children[0], Token)))

    def _number_name(self, token: Token) -> str:
        """A variable's name: any word the grammar reads as a word here (``a + b = 3.`` reads
        ``a`` as a variable, SPEC §3 "Strict reading"), case-insensitive."""
        self.written.append(str(token))
        return str(token).lower()

    def negative(self, meta: Meta, children: Children) -> LinearExpr:
        return _as(children[-1], LinearExpr).scaled(-1)

    def term(self, meta: Meta, children: Children) -> LinearExpr:
        return _as(children[1], LinearExpr)
