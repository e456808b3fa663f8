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
  terminal of the parser in use at the term (so a keyword, a unit, a verb of the lexicon,
  ``a``, ``it is not the case that``, ``Sensor A reads`` all fall back), and a word or number
  that ends at a space or the end is the whole token either way.  The terminals that stay
  inside the word they start at (``within_word``: no pattern item that can match a space, no
  anchor or lookaround, only ``\\b`` at its edges, which sees a space, a sign or an end either
  way) are tried on the word alone, once per word (``TermCheck``); the others (``WS``,
  ``it is not the case that``, ``Sensor A reads``...) in the text itself, at the term;
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
from certify.numeric import fraction as _fraction
from certify.syntax import ast
from certify.syntax.grammar import parser
from certify.syntax.regexes import compile_cached

_TERM = r"(?:[A-Za-z][A-Za-z0-9]*|[0-9]+(?:\.[0-9]+)?)"
_SIDE = rf"-?{_TERM}(?: [-+] {_TERM})*"
_RELATION = r"(?:<=|>=|<|>|=)"
SHAPE = compile_cached(rf"{_SIDE} {_RELATION} {_SIDE}(?: {_RELATION} {_SIDE})?")
"""The sentences ``read`` may take (each term is checked against the lexer too)."""

RELATIONS = frozenset({"<=", ">=", "<", ">", "="})


def _other_patterns() -> tuple[list[str], int]:
    """Every terminal of the parser but ``WORD`` and ``NUMBER`` (where one matches, the lexer
    might read something else than a word or a number), and the parser's regex flags."""
    lark = parser()
    patterns = [t.pattern.to_regexp() for t in lark.terminals if t.name not in ("WORD", "NUMBER")]
    return patterns, int(lark.options.g_regex_flags)


@cache
def _others() -> re.Pattern[str]:
    """The other terminals as one pattern, tried in the text (the reference ``TermCheck`` is
    tested against).  Compiled through the lexers' cache (``regexes``)."""
    patterns, flags = _other_patterns()
    return compile_cached(_alternation(patterns), flags)


def _alternation(patterns: list[str]) -> str:
    return "|".join(f"(?:{p})" for p in patterns)


_ESCAPED = frozenset("bBdw") | frozenset(r"""\.-+*?()[]{}|/:,;'"!#%&<>=@`~_^$""")
"""The escapes ``within_word`` lets through: word boundaries, digits, word characters and
escaped punctuation (none matches a space; ``\\s``, ``\\W``, ``\\x20``, anchors, back
references do not pass)."""


def within_word(pattern: str) -> bool:
    """Whether every match of ``pattern`` at a term lies inside the term (a conservative test).

    No item of the pattern can match a space (no whitespace, ``.``, negated class, ``\\s``,
    ``\\W`` or code escape), and it has no anchor (``^``, ``$``) and no lookaround or inline
    flag (only ``(?:`` and ``(?i:`` groups): a match starting at a term (which a space or the
    end follows) cannot get past it, and its ``\\b`` sees a space, a sign or an end outside
    the term in the text as at the ends of the word alone.  So it matches at the term exactly
    when it matches the word alone.  (Only the escapes, groups and those characters are looked
    at: some 4,000 characters of patterns are read once per process.)"""
    for found in _special().finditer(pattern):
        token = found.group()
        if token[0] == "\\":
            if token[1:] not in _ESCAPED:  # also a lone backslash at the end
                return False
        elif token != "(?:" and token != "(?i:":
            return False  # whitespace, a control character, ``.``, ``^``, ``$``, another ``(?``
    return True


@cache
def _special() -> re.Pattern[str]:
    """What ``within_word`` looks at: an escape (with what it escapes), the opening of a
    ``(?`` group, and the characters no pattern within a word may have (a range reaching a
    space needs a control character or an escape for its low end: both refused)."""
    return compile_cached(r"\\.?|\(\?(?:i?:)?|[\s.^$\x00-\x20]", re.DOTALL)


TERM_MEMO = 65536
"""How many words ``TermCheck`` remembers before it starts again."""


class TermCheck:
    """Whether another terminal matches at a term: those ``within_word`` on the word alone,
    remembered per word, the others in the text at the term."""

    def __init__(self, patterns: list[str], flags: int) -> None:
        confined = flags & (re.VERBOSE | re.MULTILINE | re.DOTALL) == 0
        inside: list[str] = []
        spanning: list[str] = []
        for pattern in patterns:
            (inside if confined and within_word(pattern) else spanning).append(pattern)
        self.inside = compile_cached(_alternation(inside), flags) if inside else None
        self.spanning = compile_cached(_alternation(spanning), flags) if spanning else None
        self.words: dict[str, bool] = {}

    def other(self, text: str, start: int, word: str) -> bool:
        """Whether a terminal other than ``WORD`` and ``NUMBER`` matches ``text`` at ``start``,
        where the term ``word`` starts (a space or the end follows it)."""
        found = self.words.get(word)
        if found is None:
            found = self.inside is not None and self.inside.match(word) is not None
            if len(self.words) >= TERM_MEMO:
                self.words.clear()
            self.words[word] = found
        return found or (self.spanning is not None and self.spanning.match(text, start) is not None)


@cache
def _terms() -> TermCheck:
    return TermCheck(*_other_patterns())


def read(text: str, line: int, column: int) -> ast.Arith | None:
    """The ``Arith`` of a statement ``text`` (already through ``check_text``) at ``line`` and
    ``column``, as the grammar and ``Build`` read it; None when it is not of the plain shape."""
    if SHAPE.fullmatch(text) is None:
        return None
    terms = _terms()
    sides: list[LinearExpr] = []
    relations: list[str] = []
    names: list[str] = []
    spelled: list[str] = []
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
        if terms.other(text, start, word):
            return None
        if word[0].isdigit():
            if len(word) > MAX_DIGITS and sum(c.isdigit() for c in word) > MAX_DIGITS:
                return None
            constant += sign * (int(word) if word.isdigit() else Fraction(word))
        else:
            name = word.lower()
            names.append(name)
            if name != word:
                spelled.append(word)
            coefficients[name] = coefficients.get(name, 0) + sign
    sides.append(_side(coefficients, constant))
    span = ast.Span(line, column, column + len(text))
    spelling = tuple(dict.fromkeys(spelled))
    return ast.Arith(tuple(sides), tuple(relations), span, tuple(dict.fromkeys(names)), spelling)


def _side(coefficients: dict[str, int], constant: int | Fraction) -> LinearExpr:
    """``LinearExpr.of(coefficients, constant)``, its small integers shared, and a side that is
    one small integer (``x - y <= 3``'s right side) shared whole: neither can change."""
    if not coefficients and isinstance(constant, int):
        found = _NUMBERS.get(constant)
        if found is None:
            found = LinearExpr((), _fraction(constant))
            if -1024 <= constant <= 1024:
                _NUMBERS[constant] = found
        return found
    terms = tuple([(name, _fraction(c)) for name, c in sorted(coefficients.items()) if c])
    return LinearExpr(terms, _fraction(constant))


_NUMBERS: dict[int, LinearExpr] = {}
