"""A comparison of plain terms (``x2 - x1 <= 3``), read without the parser.

Texts of thousands of difference constraints spend most of their reading in Lark: lexing each
word, then a reduction per rule, for sentences whose reading is never in doubt.  ``read`` takes
only a small regular language, and builds the ``Arith`` the grammar and ``Build`` would build
for it; anything else gives None, and the caller parses the sentence as before.

The language, one space between tokens and none at either end::

    sentence := side relation side (relation side)?
    side     := "-"? term (("+" | "-") term)*
    term     := [A-Za-z][A-Za-z0-9]* | [0-9]+ ("." [0-9]+)?
    relation := "<=" | ">=" | "<" | ">" | "="

Why it is no more permissive than the grammar, and builds the same AST:

- each term is lexed as ``WORD`` or ``NUMBER`` and as nothing else: ``read`` tries every other
  terminal of the parser in use at the term, in the text itself (so a keyword, a unit, a verb
  of the lexicon, ``a``, ``it is not the case that``, ``Sensor A reads`` all fall back), and a
  word or number that ends at a space or the end is the whole token either way;
- the signs and relations are a handful of fixed strings followed by a space or a term; the
  token sequence is then ``arith``'s (``expr relation expr (relation expr)?``, ``?expr`` a sum
  of ``?term`` with an optional ``MINUS term`` first), and ``Build`` makes of it the sum of the
  terms on each side (``plus``, ``minus``, ``negative``, ``constant``, ``variable``: exact
  rational arithmetic, so the order of the additions does not matter), the span of the whole
  sentence and the variables in the order written;
- a number of more than ``MAX_DIGITS`` digits is left to the parser (which refuses it).

``tests/test_plain_arith.py`` compares ``read`` with the parser's reading on thousands of
sentences of this shape and near it, and on every sentence of the samples and conformance
cases.
"""

from __future__ import annotations

import re
from fractions import Fraction
from functools import cache

from certify.limits import MAX_DIGITS
from certify.numeric import LinearExpr
from certify.syntax import ast
from certify.syntax.grammar import parser
from certify.syntax.regexes import compile_cached

_TERM = r"(?:[A-Za-z][A-Za-z0-9]*|[0-9]+(?:\.[0-9]+)?)"
_SIDE = rf"-?{_TERM}(?: [-+] {_TERM})*"
_RELATION = r"(?:<=|>=|<|>|=)"
SHAPE = re.compile(rf"{_SIDE} {_RELATION} {_SIDE}(?: {_RELATION} {_SIDE})?")
"""The sentences ``read`` may take (each term is checked against the lexer too)."""

RELATIONS = frozenset({"<=", ">=", "<", ">", "="})


@cache
def _others() -> re.Pattern[str]:
    """Every terminal of the parser but ``WORD`` and ``NUMBER``, as one pattern: where it
    matches, the lexer might read something else than a word or a number.  Compiled through
    the lexers' cache (``regexes``): ``re`` takes some 9 ms to compile it."""
    lark = parser()
    patterns = [t.pattern.to_regexp() for t in lark.terminals if t.name not in ("WORD", "NUMBER")]
    return compile_cached("|".join(f"(?:{p})" for p in patterns), lark.options.g_regex_flags)


def read(text: str, line: int, column: int) -> ast.Arith | None:
    """The ``Arith`` of a statement ``text`` (already through ``check_text``) at ``line`` and
    ``column``, as the grammar and ``Build`` read it; None when it is not of the plain shape."""
    if SHAPE.fullmatch(text) is None:
        return None
    others = _others()
    sides: list[LinearExpr] = []
    relations: list[str] = []
    names: list[str] = []
    coefficients: dict[str, int] = {}
    constant: int | Fraction = 0
    sign = 1
    at = 0
    for word in text.split(" "):
        start, at = at, at + len(word) + 1
        if word in RELATIONS:
            sides.append(_side(coefficients, constant))
            relations.append(word)
            coefficients, constant, sign = {}, 0, 1
            continue
        if word == "+" or word == "-":
            sign = 1 if word == "+" else -1
            continue
        if word[0] == "-":  # the first term of a side, negated: ``-x``, ``-3``
            word, start, sign = word[1:], start + 1, -1
        if others.match(text, start) is not None:
            return None
        if word[0].isdigit():
            if len(word) > MAX_DIGITS and sum(c.isdigit() for c in word) > MAX_DIGITS:
                return None
            constant += sign * (int(word) if word.isdigit() else Fraction(word))
        else:
            name = word.lower()
            names.append(name)
            coefficients[name] = coefficients.get(name, 0) + sign
    sides.append(_side(coefficients, constant))
    span = ast.Span(line, column, column + len(text))
    return ast.Arith(tuple(sides), tuple(relations), span, tuple(dict.fromkeys(names)))


def _side(coefficients: dict[str, int], constant: int | Fraction) -> LinearExpr:
    """``LinearExpr.of(coefficients, constant)``, its small integers shared."""
    terms = tuple(sorted((name, _fraction(c)) for name, c in coefficients.items() if c))
    return LinearExpr(terms, _fraction(constant))


_SMALL: dict[int, Fraction] = {}


def _fraction(value: int | Fraction) -> Fraction:
    """``value`` as a Fraction; one object per small integer (a Fraction cannot change)."""
    if not isinstance(value, int):
        return value
    found = _SMALL.get(value)
    if found is None:
        found = Fraction(value)
        if -1024 <= value <= 1024:
            _SMALL[value] = found
    return found
