"""Parse tree → AST: Lark's transformer for ``grammar/certify.lark``.

Only structure is decided here, never meaning.  The one piece of real work is coordination:
the grammar parses "Ana is in the kitchen or the garden" and "X, Y and Z are in different
places" as flat chains, and ``coordinate.py`` groups subjects and fills in elided predicates.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from lark import Token, Transformer, v_args
from lark.tree import Meta

from certify.numeric import LinearExpr
from certify.syntax import ast
from certify.syntax.coordinate import AFrag, Bare, Chain, ClauseElement, InFrag, coordinate
from certify.syntax.errors import SentenceError
from certify.syntax.words import singular, verb_base

_PLURAL = {"ARE", "HAVE", "DO"}


def _tokens(children: list[Any]) -> list[Token]:
    return [c for c in children if isinstance(c, Token)]


def _has(children: list[Any], kind: str) -> bool:
    return any(isinstance(c, Token) and c.type == kind for c in children)


def _of(children: list[Any], cls: type) -> list[Any]:
    return [c for c in children if isinstance(c, cls)]


def _clock(token: Token) -> Fraction:
    hours, minutes = str(token).split(":")
    return Fraction(int(hours) * 60 + int(minutes))


@v_args(meta=True)
class Build(Transformer[Token, Any]):
    """Build AST nodes; ``line`` and ``column`` place the sentence in its file."""

    def __init__(self, line: int, column: int) -> None:
        super().__init__()
        self.line = line
        self.column = column

    def span(self, meta: Meta) -> ast.Span:
        """The span of a node in file coordinates."""
        if getattr(meta, "empty", True):
            return ast.Span(self.line, self.column, self.column)
        shift = self.column - 1 if meta.line == 1 else 0
        return ast.Span(self.line + meta.line - 1, meta.column + shift, meta.end_column + shift)

    def token_span(self, token: Token) -> ast.Span:
        """The span of one token in file coordinates."""
        line = token.line or 1
        shift = self.column - 1 if line == 1 else 0
        column = (token.column or 1) + shift
        return ast.Span(self.line + line - 1, column, column + len(str(token)))

    # ------------------------------------------------------------------ sentences

    def statement(self, meta: Meta, children: list[Any]) -> ast.Sentence:
        body = children[0]
        result: ast.Sentence = coordinate(body) if isinstance(body, Chain) else body
        return _declaration(result) or result

    def if_then(self, meta: Meta, children: list[Any]) -> ast.Body:
        first, second = _of(children, Chain)
        return ast.IfThen(coordinate(first), coordinate(second))

    def iff(self, meta: Meta, children: list[Any]) -> ast.Body:
        first, second = _of(children, Chain)
        return ast.Iff(coordinate(first), coordinate(second))

    def either(self, meta: Meta, children: list[Any]) -> ast.Body:
        return coordinate(children[-1], mode="either")

    def neither(self, meta: Meta, children: list[Any]) -> ast.Body:
        return coordinate(children[-1], mode="neither")

    def both(self, meta: Meta, children: list[Any]) -> ast.Body:
        return coordinate(children[-1])

    def not_both(self, meta: Meta, children: list[Any]) -> ast.Body:
        return ast.Neg(coordinate(children[-1]))

    def not_the_case(self, meta: Meta, children: list[Any]) -> ast.Body:
        body = children[-1]
        return ast.Neg(coordinate(body) if isinstance(body, Chain) else body)

    def exactly_one_following(self, meta: Meta, children: list[Any]) -> ast.Body:
        return ast.Xor(tuple(coordinate(c) for c in _of(children, Chain)))

    def exactly_one_of(self, meta: Meta, children: list[Any]) -> ast.Body:
        return coordinate(children[-1], mode="exactly one")

    def at_least_one_of(self, meta: Meta, children: list[Any]) -> ast.Body:
        return coordinate(children[-1], mode="at least one")

    def chain(self, meta: Meta, children: list[Any]) -> Chain:
        if len(children) == 1:
            return Chain((children[0],), ())
        previous, separator, element = children
        return Chain((*previous.items, element), (*previous.separators, separator))

    def sep(self, meta: Meta, children: list[Any]) -> str:
        return " ".join(str(t).lower() for t in children)

    def clause(self, meta: Meta, children: list[Any]) -> ClauseElement:
        subject, (predicate, negated, plural, flag) = children
        span = self.span(meta)
        return ClauseElement(ast.Clause(subject, predicate, negated, span, plural), plural, flag)

    def they_relation(self, meta: Meta, children: list[Any]) -> ClauseElement:
        """``they need the cat``: the base form after a plural pronoun."""
        they = ast.NP("pronoun", ("they",), "they", self.token_span(children[0]))
        predicate = ast.PRelation(verb_base(str(children[1])), children[2])
        return ClauseElement(ast.Clause(they, predicate, False, self.span(meta)), False, "")

    def subject(self, meta: Meta, children: list[Any]) -> ast.NP:
        return children[0]  # type: ignore[no-any-return]

    def bare(self, meta: Meta, children: list[Any]) -> Bare:
        return Bare(children[-1], _has(children, "NOT"), self.span(meta))

    def in_fragment(self, meta: Meta, children: list[Any]) -> InFrag:
        return InFrag(children[-1], _has(children, "NOT"), self.span(meta))

    def a_fragment(self, meta: Meta, children: list[Any]) -> AFrag:
        words = children[-1]
        return AFrag(" ".join(w.lower() for w in words), _has(children, "NOT"), self.span(meta))

    # ------------------------------------------------------------------ noun phrases

    def words(self, meta: Meta, children: list[Any]) -> list[Token]:
        if len(children) == 1:
            return [children[0]]
        return [*children[0], children[1]]

    def _np(self, meta: Meta, kind: str, words: list[str], text: str, **extra: Any) -> ast.NP:
        return ast.NP(kind, tuple(w.lower() for w in words), text, self.span(meta), **extra)

    def name(self, meta: Meta, children: list[Any]) -> ast.NP:
        word = str(children[0])
        return self._np(meta, "name", [word], word)

    def the_np(self, meta: Meta, children: list[Any]) -> ast.NP:
        words = [str(w) for w in children[-1]]
        return self._np(meta, "the", words, "the " + " ".join(words))

    def possessive(self, meta: Meta, children: list[Any]) -> ast.NP:
        owner_token, words = str(children[0]), [str(w) for w in children[-1]]
        owner = owner_token[:-2] if owner_token[-2:] in ("'s", "’s") else owner_token[:-1]
        text = f"{owner}'s {' '.join(words)}"
        return self._np(meta, "poss", words, text, owner=owner)

    def generic(self, meta: Meta, children: list[Any]) -> ast.NP:
        adjective = str(children[0]).lower()
        text = f"{adjective} {str(children[1]).lower()}"
        return self._np(meta, "generic", [str(children[1])], text, adjectives=(adjective,))

    def every(self, meta: Meta, children: list[Any]) -> ast.NP:
        noun = str(children[-1])
        return self._np(meta, "every", [noun], f"every {noun.lower()}")

    def all(self, meta: Meta, children: list[Any]) -> ast.NP:
        noun = str(children[-1])
        return self._np(meta, "every", [singular(noun)], f"all {noun.lower()}", owner="all")

    def all_generic(self, meta: Meta, children: list[Any]) -> ast.NP:
        adjective = str(children[1]).lower()
        text = f"all {adjective} {str(children[2]).lower()}"
        return self._np(meta, "generic", [str(children[2])], text, adjectives=(adjective,))

    def pronoun(self, meta: Meta, children: list[Any]) -> ast.NP:
        word = str(children[0])
        return self._np(meta, "pronoun", [word], word.lower())

    def everyone(self, meta: Meta, children: list[Any]) -> ast.NP:
        word = str(children[0])
        return self._np(meta, "everyone", [word], word.lower())

    def nobody(self, meta: Meta, children: list[Any]) -> ast.NP:
        word = str(children[0])
        return self._np(meta, "nobody", [word], word.lower())

    # ------------------------------------------------------------------ predicates
    # Each predicate returns (predicate, negated, plural, flag) with flag "", "either", "neither".

    def _pred(self, children: list[Any], predicate: ast.Predicate, flag: str = "") -> Any:
        plural = any(isinstance(c, Token) and c.type in _PLURAL for c in children)
        return predicate, _has(children, "NOT"), plural, flag

    def p_in(self, meta: Meta, children: list[Any]) -> Any:
        return self._pred(children, ast.PLocation(children[-1]))

    def p_in_either(self, meta: Meta, children: list[Any]) -> Any:
        return self._pred(children, ast.PLocation(children[-1]), "either")

    def p_in_neither(self, meta: Meta, children: list[Any]) -> Any:
        return self._pred(children, ast.PLocation(children[-1]), "neither")

    def p_no_longer(self, meta: Meta, children: list[Any]) -> Any:
        predicate, _, plural, _ = self._pred(children, ast.PLocation(children[-1], "no longer"))
        return predicate, True, plural, ""

    def p_moved(self, meta: Meta, children: list[Any]) -> Any:
        return self._pred(children, ast.PLocation(children[-1], "moved"))

    def movement(self, meta: Meta, children: list[Any]) -> str:
        return " ".join(str(t).lower() for t in children)

    def p_same_place(self, meta: Meta, children: list[Any]) -> Any:
        return self._pred(children, ast.PSamePlace(children[-1]))

    def p_together(self, meta: Meta, children: list[Any]) -> Any:
        return self._pred(children, ast.PSamePlace(None))

    def p_apart(self, meta: Meta, children: list[Any]) -> Any:
        return self._pred(children, ast.PApart())

    def p_adjective(self, meta: Meta, children: list[Any]) -> Any:
        return self._pred(children, ast.PAdjective(str(children[-1]).lower()))

    def p_adjective_either(self, meta: Meta, children: list[Any]) -> Any:
        return self._pred(children, ast.PAdjective(str(children[-1]).lower()), "either")

    def p_adjective_neither(self, meta: Meta, children: list[Any]) -> Any:
        return self._pred(children, ast.PAdjective(str(children[-1]).lower()), "neither")

    def p_class(self, meta: Meta, children: list[Any]) -> Any:
        noun = " ".join(str(w).lower() for w in children[-1])
        return self._pred(children, ast.PClass(noun))

    def p_equals(self, meta: Meta, children: list[Any]) -> Any:
        words = [str(w) for w in children[-1]]
        value = ast.NP(
            "the", tuple(w.lower() for w in words), "the " + " ".join(words), self.span(meta)
        )
        return self._pred(children, ast.PEquals(value))

    def p_relation(self, meta: Meta, children: list[Any]) -> Any:
        return self._pred(children, ast.PRelation(verb_base(str(children[0])), children[-1]))

    def p_not_relation(self, meta: Meta, children: list[Any]) -> Any:
        verb = verb_base(str(_tokens(children)[-1]))
        return self._pred(children, ast.PRelation(verb, children[-1]))

    def p_same_value(self, meta: Meta, children: list[Any]) -> Any:
        attribute = singular(str(_tokens(children)[3]))
        return self._pred(children, ast.PSameValue(attribute, children[-1]))

    def p_same_values(self, meta: Meta, children: list[Any]) -> Any:
        return self._pred(children, ast.PSameValue(singular(str(children[-1])), None))

    def p_different_values(self, meta: Meta, children: list[Any]) -> Any:
        return self._pred(children, ast.PDifferentValues(singular(str(children[-1]))))

    def p_comparative(self, meta: Meta, children: list[Any]) -> Any:
        word = next(str(t).lower() for t in _tokens(children)[1:] if t.type not in ("NOT",))
        return self._pred(children, ast.PNumeric("comparative", (children[-1],), word))

    def p_years_than(self, meta: Meta, children: list[Any]) -> Any:
        tokens = _tokens(children)
        years = Fraction(str(tokens[1]))
        return self._pred(
            children, ast.PNumeric("years_than", (years, children[-1]), str(tokens[3]).lower())
        )

    def p_age(self, meta: Meta, children: list[Any]) -> Any:
        return self._pred(children, ast.PNumeric("age", (Fraction(str(children[1])),)))

    def p_more_than(self, meta: Meta, children: list[Any]) -> Any:
        amount, word = Fraction(str(children[1])), str(children[2]).lower()
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
        value = Fraction(str(children[-1]))
        return -value if _has(children, "MINUS") else value

    def p_event(self, meta: Meta, children: list[Any]) -> Any:
        verb = verb_base(str(children[0]))
        kind, numbers, other, direction = children[1]
        return self._pred(children, ast.PEvent(verb, kind, numbers, other, direction))

    # ------------------------------------------------------------------ time phrases
    # Each returns (kind, numbers, other, direction).

    def duration(self, meta: Meta, children: list[Any]) -> tuple[Fraction, Fraction]:
        amount, unit = Fraction(str(children[0])), str(children[1]).lower()
        scale = {"h": Fraction(60), "d": Fraction(1440), "s": Fraction(1, 60)}.get(
            unit[0], Fraction(1)
        )
        return amount, scale

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
        return kind, (Fraction(str(children[1])) * scale, high), other, direction

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
        return ast.Arith(sides, relations, self.span(meta))

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
        return LinearExpr.of({str(children[-1]).lower(): Fraction(str(children[0]))})

    def variable(self, meta: Meta, children: list[Any]) -> LinearExpr:
        return LinearExpr.variable(str(children[0]).lower())

    def negative(self, meta: Meta, children: list[Any]) -> LinearExpr:
        return children[-1].scaled(-1)  # type: ignore[no-any-return]

    def term(self, meta: Meta, children: list[Any]) -> LinearExpr:
        return children[1]  # type: ignore[no-any-return]

    # ------------------------------------------------------------------ questions

    def q_where(self, meta: Meta, children: list[Any]) -> ast.QuestionAst:
        return ast.QWhere(children[-1])

    def q_in(self, meta: Meta, children: list[Any]) -> ast.QuestionAst:
        thing, place = _of(children, ast.NP)
        clause = ast.Clause(thing, ast.PLocation(place), _has(children, "NOT"), self.span(meta))
        return ast.QTrue(clause)

    def q_class(self, meta: Meta, children: list[Any]) -> ast.QuestionAst:
        noun = " ".join(str(w).lower() for w in children[-1])
        return ast.QTrue(ast.Clause(children[1], ast.PClass(noun), False, self.span(meta)))

    def _split_words(self, meta: Meta, children: list[Any]) -> tuple[ast.NP, str]:
        words: list[Token] = next(c for c in children if isinstance(c, list))
        if len(words) < 2:
            raise SentenceError(
                "this question needs a subject and an adjective",
                self.span(meta),
                "Is Ana tall?",
            )
        head, last = [str(w) for w in words[:-1]], str(words[-1]).lower()
        lead = _tokens(children)[1] if len(_tokens(children)) > 1 else None
        span = self.span(meta)
        if lead is not None and lead.type == "THE":
            return ast.NP(
                "the", tuple(w.lower() for w in head), "the " + " ".join(head), span
            ), last
        if lead is not None and lead.type == "POSS":
            owner = str(lead)[:-2]
            text = f"{owner}'s {' '.join(head)}"
            return ast.NP("poss", tuple(w.lower() for w in head), text, span, owner=owner), last
        if len(head) != 1:
            raise SentenceError("I can't tell the subject of this question", span, "Is Ana tall?")
        return ast.NP("name", (head[0].lower(),), head[0], span), last

    def q_adjective(self, meta: Meta, children: list[Any]) -> ast.QuestionAst:
        thing, word = self._split_words(meta, children)
        return ast.QTrue(ast.Clause(thing, ast.PAdjective(word), False, self.span(meta)))

    q_adjective_the = q_adjective
    q_adjective_poss = q_adjective

    def q_comparative(self, meta: Meta, children: list[Any]) -> ast.QuestionAst:
        thing, word = self._split_words(meta, children)
        predicate = ast.PNumeric("comparative", (children[-1],), word)
        return ast.QTrue(ast.Clause(thing, predicate, False, self.span(meta)))

    q_comparative_the = q_comparative
    q_comparative_poss = q_comparative

    def q_true(self, meta: Meta, children: list[Any]) -> ast.QuestionAst:
        body = children[-1]
        return ast.QTrue(coordinate(body) if isinstance(body, Chain) else body)

    def q_who(self, meta: Meta, children: list[Any]) -> ast.QuestionAst:
        return ast.QWho(children[-1])

    def q_whose(self, meta: Meta, children: list[Any]) -> ast.QuestionAst:
        return ast.QWhose(str(children[1]).lower(), children[3])

    def q_attribute(self, meta: Meta, children: list[Any]) -> ast.QuestionAst:
        return ast.QAttribute(singular(str(children[1])), children[-1])

    def q_attribute_of(self, meta: Meta, children: list[Any]) -> ast.QuestionAst:
        return ast.QAttribute(singular(str(children[3])), children[-1])

    def q_value(self, meta: Meta, children: list[Any]) -> ast.QuestionAst:
        return ast.QValue(children[-1])

    def tokens(self, meta: Meta, children: list[Any]) -> list[Token]:
        return list(children)

    def _subject_verb(self, meta: Meta, tokens: list[Token]) -> tuple[ast.NP, str]:
        if len(tokens) < 2:
            raise SentenceError(
                "this question needs a subject and a verb", self.span(meta), "When does Ana arrive?"
            )
        return _np_from_tokens(tokens[:-1], self.span(meta)), verb_base(str(tokens[-1]))

    def q_when(self, meta: Meta, children: list[Any]) -> ast.QuestionAst:
        thing, verb = self._subject_verb(meta, children[-1])
        return ast.QWhen(thing, verb)

    def q_how_long(self, meta: Meta, children: list[Any]) -> ast.QuestionAst:
        thing, verb = self._subject_verb(meta, children[-1])
        return ast.QWhen(thing, verb, since=children[3])

    def q_age(self, meta: Meta, children: list[Any]) -> ast.QuestionAst:
        return ast.QAge(children[-1])

    def q_relation(self, meta: Meta, children: list[Any]) -> ast.QuestionAst:
        tokens: list[Token] = children[-1]
        span = self.span(meta)
        starts = [i for i, t in enumerate(tokens) if i > 0 and t.type in ("THE", "POSS")]
        object_start = starts[-1] if starts else len(tokens) - 1
        if object_start < 2:
            raise SentenceError(
                "I can't tell the subject, verb and object", span, "Does Ana like Bob?"
            )
        subject = _np_from_tokens(tokens[: object_start - 1], span)
        verb = verb_base(str(tokens[object_start - 1]))
        obj = _np_from_tokens(tokens[object_start:], span)
        return ast.QTrue(ast.Clause(subject, ast.PRelation(verb, obj), False, span))


def _np_from_tokens(tokens: list[Token], span: ast.Span) -> ast.NP:
    """A noun phrase from a run of tokens: ``the dog``, ``Luis's house``, ``Ana``."""
    first = tokens[0]
    rest = [str(t) for t in tokens[1:]]
    if first.type == "THE" and rest:
        return ast.NP("the", tuple(w.lower() for w in rest), "the " + " ".join(rest), span)
    if first.type == "POSS" and rest:
        owner = str(first)[:-2]
        text = f"{owner}'s {' '.join(rest)}"
        return ast.NP("poss", tuple(w.lower() for w in rest), text, span, owner=owner)
    if len(tokens) == 1 and first.type == "WORD":
        return ast.NP("name", (str(first).lower(),), str(first), span)
    raise SentenceError(
        f"I can't read {' '.join(str(t) for t in tokens)!r} as a name", span, "Does Ana like Bob?"
    )


def _declaration(body: ast.Sentence) -> ast.Declaration | None:
    """``The colors are red, green and blue.``: a conjunction of values for ``the <plural>``."""
    if not isinstance(body, ast.Conj) or len(body.parts) < 2:
        return None
    clauses = body.parts
    if not all(isinstance(c, ast.Clause) and not c.negated for c in clauses):
        return None
    first = clauses[0]
    assert isinstance(first, ast.Clause)
    subject = first.subject
    if (
        subject.kind != "the"
        or len(subject.words) != 1
        or singular(subject.words[0]) == subject.words[0]
    ):
        return None
    values: list[ast.NP] = []
    for clause in clauses:
        assert isinstance(clause, ast.Clause)
        if clause.subject.words != subject.words:
            return None
        predicate = clause.predicate
        if isinstance(predicate, ast.PEquals):
            values.append(predicate.value)
        elif isinstance(predicate, ast.PAdjective):
            values.append(ast.NP("name", (predicate.word,), predicate.word, clause.span))
        else:
            return None
    return ast.Declaration(singular(subject.words[0]), tuple(values), first.span)
