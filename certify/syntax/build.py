"""Parse tree → AST: Lark's transformer for ``grammar/certify.lark``.

Only structure is decided here, never meaning.  The one piece of real work is coordination:
the grammar parses "Ana is in the kitchen or the garden" and "X, Y and Z are in different
places" as flat chains, and ``coordinate.py`` groups subjects and fills in elided predicates.
"""

from __future__ import annotations

from fractions import Fraction

from certify.syntax import ast
from certify.syntax.build_numbers import NumberRules
from certify.syntax.build_questions import QuestionRules
from certify.syntax.build_speech import SpeechRules
from certify.syntax.build_stories import PositionRules, SizeRules, StoryQuestionRules
from certify.syntax.children import (
    Children,
    PredicateParts,
    Reading,
    _as,
    _body,
    _element,
    _has,
    _of,
    _run,
    _tokens,
)
from certify.syntax.coordinate import AFrag, Bare, Chain, ClauseElement, InFrag, coordinate
from certify.syntax.errors import SentenceError
from certify.syntax.lark_runtime import Meta, Token
from certify.syntax.lexicon import everyone_nouns
from certify.syntax.verbs import relation_verb
from certify.syntax.words import singular


class Build(NumberRules, QuestionRules, SpeechRules, StoryQuestionRules, SizeRules, PositionRules):
    """Build AST nodes for statements and questions."""

    # ------------------------------------------------------------------ sentences

    def statement(self, meta: Meta, children: Children) -> ast.Sentence:
        body = _body(children[0])
        result: ast.Sentence = coordinate(body) if isinstance(body, Chain) else body
        return _declaration(result) or result

    def measurement(self, meta: Meta, children: Children) -> ast.Measurement:
        source, quantity = str(children[0]), str(children[2])
        value, tolerance, sigmas, unit = _as(children[-1], Reading)
        return ast.Measurement(source, quantity, value, tolerance, sigmas, unit, self.span(meta))

    def independent(self, meta: Meta, children: Children) -> ast.Independence:
        return ast.Independence(self.span(meta))

    def source(self, meta: Meta, children: Children) -> str:
        return _as(children[0], ast.NP).text

    def source_pair(self, meta: Meta, children: Children) -> str:
        return " ".join(str(children[0]).split())

    def quantity(self, meta: Meta, children: Children) -> str:
        words = self.name_words(next(c for c in children if isinstance(c, list)))
        owner = next((c for c in children if isinstance(c, ast.NP)), None)
        name = "the " + " ".join(w.lower() for w in words)
        return name + (f" of {owner.text}" if owner is not None else "")

    def reading(self, meta: Meta, children: Children) -> Reading:
        value, tolerance = _of(children, Fraction)[:2]
        if tolerance <= 0:
            raise SentenceError(
                "a tolerance must be positive", self.span(meta), "Sensor A reads x as 20 ± 1."
            )
        words = [str(t).lower() for t in _tokens(children) if t.type in ("WORD", "ONE")]
        sigmas = Fraction(1)
        unit = ""
        if _has(children, "LPAR"):
            numbers = _of(children, Fraction)
            if len(numbers) > 2:
                *unit_words, standard, deviation = words
                count = str(numbers[2])
            else:
                *unit_words, count, standard, deviation = words
            if standard != "standard" or deviation not in ("deviation", "deviations"):
                raise SentenceError(
                    "the parenthesis says how many standard deviations the tolerance is",
                    self.span(meta),
                    "Sensor A reads the temperature as 20 ± 2 (two standard deviations).",
                )
            sigmas = _count(count, self.span(meta))
            unit = " ".join(unit_words)
        else:
            unit = " ".join(words)
        return Reading(value, tolerance, sigmas, unit)

    def if_then(self, meta: Meta, children: Children) -> ast.Body:
        first, second = _of(children, Chain)
        return ast.IfThen(coordinate(first), coordinate(second))

    def iff(self, meta: Meta, children: Children) -> ast.Body:
        first, second = _of(children, Chain)
        return ast.Iff(coordinate(first), coordinate(second))

    def either(self, meta: Meta, children: Children) -> ast.Body:
        return coordinate(_as(children[-1], Chain), mode="either")

    def neither(self, meta: Meta, children: Children) -> ast.Body:
        return coordinate(_as(children[-1], Chain), mode="neither")

    def both(self, meta: Meta, children: Children) -> ast.Body:
        return coordinate(_as(children[-1], Chain))

    def not_both(self, meta: Meta, children: Children) -> ast.Body:
        return ast.Neg(coordinate(_as(children[-1], Chain)))

    def not_the_case(self, meta: Meta, children: Children) -> ast.Body:
        body = _body(children[-1])
        return ast.Neg(coordinate(body) if isinstance(body, Chain) else body)

    def exactly_one_following(self, meta: Meta, children: Children) -> ast.Body:
        return ast.Xor(tuple(coordinate(c) for c in _of(children, Chain)))

    def exactly_one_of(self, meta: Meta, children: Children) -> ast.Body:
        return coordinate(_as(children[-1], Chain), mode="exactly one")

    def at_least_one_of(self, meta: Meta, children: Children) -> ast.Body:
        return coordinate(_as(children[-1], Chain), mode="at least one")

    def chain(self, meta: Meta, children: Children) -> Chain:
        if len(children) == 1:
            return Chain((_element(children[0]),), ())
        previous, separator = _as(children[0], Chain), _as(children[1], str)
        element = _element(children[2])
        return Chain((*previous.items, element), (*previous.separators, separator))

    def sep(self, meta: Meta, children: Children) -> str:
        return " ".join(str(t).lower() for t in children)

    def clause(self, meta: Meta, children: Children) -> ClauseElement:
        subject = _as(children[0], ast.NP)
        predicate, negated, plural, flag = _as(children[1], PredicateParts)
        if subject.kind == "every" and subject.owner == "no":  # "No cats are dogs."
            negated = not negated
        span = self.span(meta)
        return ClauseElement(ast.Clause(subject, predicate, negated, span, plural), plural, flag)

    def subject(self, meta: Meta, children: Children) -> ast.NP:
        return _as(children[0], ast.NP)

    def bare(self, meta: Meta, children: Children) -> Bare:
        return Bare(_as(children[-1], ast.NP), _has(children, "NOT"), self.span(meta))

    def in_fragment(self, meta: Meta, children: Children) -> InFrag:
        return InFrag(_as(children[-1], ast.NP), _has(children, "NOT"), self.span(meta))

    def a_fragment(self, meta: Meta, children: Children) -> AFrag:
        tokens = _run(children[-1])
        words = self.name_words(tokens)
        return AFrag(" ".join(w.lower() for w in words), _has(children, "NOT"), self.span(meta))

    # ------------------------------------------------------------------ noun phrases

    def words(self, meta: Meta, children: Children) -> list[Token]:
        if len(children) == 1:
            return [_as(children[0], Token)]
        return [*_run(children[0]), _as(children[1], Token)]

    def _np(
        self,
        meta: Meta,
        kind: str,
        words: list[str],
        text: str,
        owner: str | None = None,
        adjectives: tuple[str, ...] = (),
    ) -> ast.NP:
        lowered = tuple(w.lower() for w in words)
        return ast.NP(kind, lowered, text, self.span(meta), owner, adjectives)

    def name(self, meta: Meta, children: Children) -> ast.NP:
        word = self.single_name(_as(children[0], Token))
        return self._np(meta, "name", [word], word)

    def the_np(self, meta: Meta, children: Children) -> ast.NP:
        words = self.name_words(_run(children[-1]))
        return self._np(meta, "the", words, "the " + " ".join(words))

    def possessive(self, meta: Meta, children: Children) -> ast.NP:
        owner = next(c for c in children if isinstance(c, Token) and c.type == "POSS")
        return self.possessive_np(owner, self.name_words(_run(children[-1])), self.span(meta))

    def generic(self, meta: Meta, children: Children) -> ast.NP:
        adjective = str(children[0]).lower()
        text = f"{adjective} {str(children[1]).lower()}"
        return self._np(meta, "generic", [str(children[1])], text, adjectives=(adjective,))

    def every(self, meta: Meta, children: Children) -> ast.NP:
        noun = str(children[-1])
        if singular(noun) in everyone_nouns():  # "Every inhabitant is a knight or a knave."
            return self._np(meta, "everyone", ["everyone"], f"every {noun.lower()}")
        return self._np(meta, "every", [noun], f"every {noun.lower()}")

    def all(self, meta: Meta, children: Children) -> ast.NP:
        noun = str(children[-1])
        return self._np(meta, "every", [singular(noun)], f"all {noun.lower()}", owner="all")

    def all_generic(self, meta: Meta, children: Children) -> ast.NP:
        adjective = str(children[1]).lower()
        text = f"all {adjective} {str(children[2]).lower()}"
        return self._np(meta, "generic", [str(children[2])], text, adjectives=(adjective,))

    def no_np(self, meta: Meta, children: Children) -> ast.NP:
        """``No cats``: every cat, with the clause negated (``Build.clause``)."""
        noun = str(children[-1])
        return self._np(meta, "every", [singular(noun)], f"no {noun.lower()}", owner="no")

    def pronoun(self, meta: Meta, children: Children) -> ast.NP:
        word = str(children[0])
        return self._np(meta, "pronoun", [word], word.lower())

    def everyone(self, meta: Meta, children: Children) -> ast.NP:
        word = str(children[0])
        return self._np(meta, "everyone", [word], word.lower())

    def nobody(self, meta: Meta, children: Children) -> ast.NP:
        word = str(children[0])
        return self._np(meta, "nobody", [word], word.lower())

    # ------------------------------------------------------------------ predicates
    # Each predicate returns its PredicateParts: negated, plural, flag "", "either", "neither".
    def p_in(self, meta: Meta, children: Children) -> PredicateParts:
        return self._pred(children, ast.PLocation(_as(children[-1], ast.NP)))

    def p_in_either(self, meta: Meta, children: Children) -> PredicateParts:
        return self._pred(children, ast.PLocation(_as(children[-1], ast.NP)), "either")

    def p_in_neither(self, meta: Meta, children: Children) -> PredicateParts:
        return self._pred(children, ast.PLocation(_as(children[-1], ast.NP)), "neither")

    def p_no_longer(self, meta: Meta, children: Children) -> PredicateParts:
        place = _as(children[-1], ast.NP)
        predicate, _, plural, _ = self._pred(children, ast.PLocation(place, "no longer"))
        return PredicateParts(predicate, True, plural, "")

    def p_moved(self, meta: Meta, children: Children) -> PredicateParts:
        return self._pred(children, ast.PLocation(_as(children[-1], ast.NP), "moved"))

    def p_take(self, meta: Meta, children: Children) -> PredicateParts:
        return self._pred(children, ast.PPossess(_of(children, ast.NP)[0], "take"))

    def p_drop(self, meta: Meta, children: Children) -> PredicateParts:
        return self._pred(children, ast.PPossess(_of(children, ast.NP)[0], "drop"))

    def p_give(self, meta: Meta, children: Children) -> PredicateParts:
        thing, receiver = _of(children, ast.NP)
        return self._pred(children, ast.PPossess(thing, "give", receiver))

    def movement(self, meta: Meta, children: Children) -> str:
        return " ".join(str(t).lower() for t in children)

    def p_same_place(self, meta: Meta, children: Children) -> PredicateParts:
        return self._pred(children, ast.PSamePlace(_as(children[-1], ast.NP)))

    def p_together(self, meta: Meta, children: Children) -> PredicateParts:
        return self._pred(children, ast.PSamePlace(None))

    def p_apart(self, meta: Meta, children: Children) -> PredicateParts:
        return self._pred(children, ast.PApart())

    def _adjective(self, token: Token) -> ast.PAdjective:
        return ast.PAdjective(self.name_words([token])[0].lower())

    def p_adjective(self, meta: Meta, children: Children) -> PredicateParts:
        return self._pred(children, self._adjective(_as(children[-1], Token)))

    def p_adjective_either(self, meta: Meta, children: Children) -> PredicateParts:
        return self._pred(children, self._adjective(_as(children[-1], Token)), "either")

    def p_adjective_neither(self, meta: Meta, children: Children) -> PredicateParts:
        return self._pred(children, self._adjective(_as(children[-1], Token)), "neither")

    def p_class(self, meta: Meta, children: Children) -> PredicateParts:
        noun = " ".join(w.lower() for w in self.name_words(_run(children[-1])))
        return self._pred(children, ast.PClass(noun))

    def p_equals(self, meta: Meta, children: Children) -> PredicateParts:
        words = self.name_words(_run(children[-1]))
        owner = next((c for c in children if isinstance(c, Token) and c.type == "POSS"), None)
        if owner is not None:
            value = self.possessive_np(owner, words, self.span(meta))
        else:
            value = ast.NP(
                "the", tuple(w.lower() for w in words), "the " + " ".join(words), self.span(meta)
            )
        return self._pred(children, ast.PEquals(value))

    def p_relation(self, meta: Meta, children: Children) -> PredicateParts:
        token = _as(children[0], Token)
        verb = relation_verb(str(token), self.token_span(token))
        parts = self._pred(children, ast.PRelation(verb, _as(children[-1], ast.NP)))
        return parts._replace(plural=token.type == "BASE_VERB")  # "They need the cat."

    def p_not_relation(self, meta: Meta, children: Children) -> PredicateParts:
        token = _tokens(children)[-1]
        verb = relation_verb(str(token), self.token_span(token))
        return self._pred(children, ast.PRelation(verb, _as(children[-1], ast.NP)))

    def p_same_value(self, meta: Meta, children: Children) -> PredicateParts:
        attribute = singular(str(_tokens(children)[3]))
        return self._pred(children, ast.PSameValue(attribute, _as(children[-1], ast.NP)))

    def p_same_values(self, meta: Meta, children: Children) -> PredicateParts:
        return self._pred(children, ast.PSameValue(singular(str(children[-1])), None))

    def p_different_values(self, meta: Meta, children: Children) -> PredicateParts:
        return self._pred(children, ast.PDifferentValues(singular(str(children[-1]))))


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


_COUNTS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5}


def _count(word: str, span: ast.Span) -> Fraction:
    """``one`` / ``2`` standard deviations."""
    if word in _COUNTS:
        return Fraction(_COUNTS[word])
    try:
        value = Fraction(word)
    except ValueError:
        value = Fraction(0)
    if value <= 0:
        raise SentenceError(
            f"{word!r} is not a number of standard deviations",
            span,
            "Sensor A reads the temperature as 20 ± 2 (two standard deviations).",
        )
    return value
