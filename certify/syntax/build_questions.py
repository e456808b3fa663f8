"""Transformer rules for questions."""

from __future__ import annotations

from certify.numeric import LinearExpr
from certify.syntax import ast
from certify.syntax.build_speech import asks
from certify.syntax.children import (
    Children,
    TimePhrase,
    _as,
    _body,
    _has,
    _of,
    _run,
    _tokens,
)
from certify.syntax.coordinate import Chain, coordinate
from certify.syntax.errors import SentenceError
from certify.syntax.lark_runtime import Meta, Token
from certify.syntax.located import Located
from certify.syntax.verbs import event_verb, everyday, relation_verb
from certify.syntax.words import singular, verb_base


class QuestionRules(Located):
    """Where / who / whose / what / when / how / is / does questions."""

    def q_where(self, meta: Meta, children: Children) -> ast.QuestionAst:
        return ast.QWhere(_as(children[-1], ast.NP))

    def q_where_before(self, meta: Meta, children: Children) -> ast.QuestionAst:
        thing, place = _of(children, ast.NP)
        return ast.QWhereBefore(thing, place)

    def q_in(self, meta: Meta, children: Children) -> ast.QuestionAst:
        thing, place = _of(children, ast.NP)
        clause = ast.Clause(thing, ast.PLocation(place), _has(children, "NOT"), self.span(meta))
        return ast.QTrue(clause)

    def q_class(self, meta: Meta, children: Children) -> ast.QuestionAst:
        noun = " ".join(str(w).lower() for w in _run(children[-1]))
        thing = _as(children[1], ast.NP)
        return ast.QTrue(ast.Clause(thing, ast.PClass(noun), False, self.span(meta)))

    def _split_words(self, meta: Meta, children: Children) -> tuple[ast.NP, str]:
        words: list[Token] = next(c for c in children if isinstance(c, list))
        degree = ""
        if len(words) > 2 and str(words[-2]).lower() in ("more", "less"):
            degree = str(words[-2]).lower() + " "
            words = [*words[:-2], words[-1]]
        first_type = [t.type for t in _tokens(children)[1:2]]
        # a comparative before "than" may be a word of the language ("later", "earlier")
        named = words[:-1] if _has(children, "THAN") else words
        if first_type and first_type[0] in ("THE", "POSS"):
            self.name_words(named)
        elif words:  # "Is A big?": a one-word name (single letters too), then the adjective
            self.single_name(words[0])
            self.name_words(named[1:])
        if len(words) < 2:
            raise SentenceError(
                "this question needs a subject and an adjective",
                self.span(meta),
                "Is Ana tall?",
            )
        head, last = [str(w) for w in words[:-1]], degree + str(words[-1]).lower()
        leads = _tokens(children)[1:]
        poss = next((t for t in leads if t.type == "POSS"), None)
        lead = poss or (leads[0] if leads else None)
        span = self.span(meta)
        if lead is not None and lead.type == "THE":
            return ast.NP(
                "the", tuple(w.lower() for w in head), "the " + " ".join(head), span
            ), last
        if lead is not None and lead.type == "POSS":
            return self.possessive_np(lead, head, span), last
        if len(head) != 1:
            raise SentenceError("I can't tell the subject of this question", span, "Is Ana tall?")
        return ast.NP("name", (head[0].lower(),), head[0], span), last

    def q_adjective(self, meta: Meta, children: Children) -> ast.QuestionAst:
        thing, word = self._split_words(meta, children)
        return ast.QTrue(ast.Clause(thing, ast.PAdjective(word), False, self.span(meta)))

    q_adjective_the = q_adjective
    q_adjective_poss = q_adjective

    def q_comparative(self, meta: Meta, children: Children) -> ast.QuestionAst:
        thing, word = self._split_words(meta, children)
        predicate = ast.PNumeric("comparative", (_as(children[-1], ast.NP),), word)
        return ast.QTrue(ast.Clause(thing, predicate, False, self.span(meta)))

    q_comparative_the = q_comparative
    q_comparative_poss = q_comparative

    def q_true(self, meta: Meta, children: Children) -> ast.QuestionAst:
        body = _body(children[-1])
        return ast.QTrue(coordinate(body) if isinstance(body, Chain) else body)

    def q_who(self, meta: Meta, children: Children) -> ast.QuestionAst:
        return ast.QWho(_as(children[-1], ast.NP))

    def q_count_in(self, meta: Meta, children: Children) -> ast.QuestionAst:
        noun = _as(children[2], Token)
        if str(noun).lower() != "people":
            raise SentenceError(
                f"certify counts the people in a place, not '{noun}'",
                self.token_span(noun),
                "How many people are in the kitchen?",
                expected="'people'",
            )
        return ast.QCountIn(_as(children[-1], ast.NP))

    def q_whose(self, meta: Meta, children: Children) -> ast.QuestionAst:
        return ast.QWhose(str(children[1]).lower(), _as(children[3], ast.NP))

    def q_attribute(self, meta: Meta, children: Children) -> ast.QuestionAst:
        return ast.QAttribute(singular(str(children[1])), _as(children[-1], ast.NP))

    def q_attribute_of(self, meta: Meta, children: Children) -> ast.QuestionAst:
        return ast.QAttribute(singular(str(children[3])), _as(children[-1], ast.NP))

    def q_quantity(self, meta: Meta, children: Children) -> ast.QuestionAst:
        words = self.name_words(_run(children[-1]))
        return ast.QQuantity("the " + " ".join(w.lower() for w in words), self.span(meta))

    def q_value(self, meta: Meta, children: Children) -> ast.QuestionAst:
        return ast.QValue(_as(children[-1], LinearExpr))

    def tokens(self, meta: Meta, children: Children) -> list[Token]:
        return _tokens(children)  # the rule reads tokens only

    def _subject_verb(self, meta: Meta, tokens: list[Token]) -> tuple[ast.NP, str]:
        if len(tokens) < 2:
            raise SentenceError(
                "this question needs a subject and a verb", self.span(meta), "When does Ana arrive?"
            )
        return self._np_from_tokens(tokens[:-1], self.span(meta)), verb_base(str(tokens[-1]))

    def q_when(self, meta: Meta, children: Children) -> ast.QuestionAst:
        thing, verb = self._subject_verb(meta, _run(children[-1]))
        return ast.QWhen(thing, verb)

    def q_how_long(self, meta: Meta, children: Children) -> ast.QuestionAst:
        thing, verb = self._subject_verb(meta, _run(children[-1]))
        before = _has(children, "BEFORE")
        return ast.QWhen(thing, verb, since=_as(children[3], ast.NP), before=before)

    def q_event(self, meta: Meta, children: Children) -> ast.QuestionAst:
        """``Does Bob arrive before 9:15?``: asks whether ``Bob arrives before 9:15.`` holds,
        as ``Is it true that Bob arrives before 9:15?`` does; the verb is the last word
        before the time phrase, a base form of the lexicon's [events]."""
        tokens = _run(next(c for c in children if isinstance(c, list)))
        span = self.span(meta)
        if len(tokens) < 2:
            raise SentenceError(
                "this question needs a subject and a verb", span, "Does Bob arrive before 9:15?"
            )
        if _has(children, "DO"):  # as a statement's event has one subject ("Bob arrives")
            do = next(t for t in _tokens(children) if t.type == "DO")
            raise SentenceError(
                "an event at a time has one subject: ask 'Does X arrive ...?'",
                self.token_span(do),
                "Does Bob arrive before 9:15?",
                expected="'Does'",
            )
        base = event_verb(str(tokens[-1]), self.token_span(tokens[-1]))
        kind, numbers, other, direction = _as(children[-1], TimePhrase)
        first, last = self.token_span(tokens[0]), self.token_span(tokens[-2])
        subject = self._np_from_tokens(
            tokens[:-1], ast.Span(first.line, first.column, last.end_column)
        )
        predicate = ast.PEvent(base, kind, numbers, other, direction)
        return ast.QTrue(ast.Clause(subject, predicate, False, span))

    def q_age(self, meta: Meta, children: Children) -> ast.QuestionAst:
        return ast.QAge(_as(children[-1], ast.NP))

    def q_relation(self, meta: Meta, children: Children) -> ast.QuestionAst:
        """``Does the cat chase the dog?``, ``Does Tweety fly?``, ``Do birds fly?``: the verb is
        the word the lexicon lists (``BASE_VERB``, or ``have``), what comes before it the
        subject and what comes after it the object, if any."""
        tokens = _run(children[-1])
        span = self.span(meta)
        plural = _has(children, "DO")
        readings: list[ast.QuestionAst] = []
        errors: list[SentenceError] = []
        for i, token in enumerate(tokens):
            if i == 0 or not (token.type == "BASE_VERB" or str(token).lower() == "have"):
                continue
            try:
                readings.append(self._does(tokens[:i], token, tokens[i + 1 :], plural, span))
            except SentenceError as error:
                errors.append(error)
        if len(readings) == 1:
            return readings[0]
        if readings:
            raise SentenceError(
                "I can't tell which word of this question is its verb", span, "Does Ana like Bob?"
            )
        if errors:
            raise errors[0]
        raise self._no_verb(tokens, span)

    def _does(
        self,
        before: list[Token],
        verb: Token,
        after: list[Token],
        plural: bool,
        span: ast.Span,
    ) -> ast.QuestionAst:
        """One reading of ``Does X V Y?``: ``before`` the subject, ``after`` the object."""
        subject = self._np_from_tokens(before, span)
        if not after:
            return asks(
                subject, ast.PVerb(everyday(str(verb), self.token_span(verb))[0]), plural, span
            )
        if plural:
            raise SentenceError(
                "a question of a relation asks about one subject, with 'does'",
                span,
                f"Does {' '.join(map(str, before))} {verb} {' '.join(map(str, after))}?",
            )
        base = (
            "have" if verb.type != "BASE_VERB" else relation_verb(str(verb), self.token_span(verb))
        )
        obj = self._np_from_tokens(after, span)
        return ast.QTrue(ast.Clause(subject, ast.PRelation(base, obj), False, span))

    def _no_verb(self, tokens: list[Token], span: ast.Span) -> SentenceError:
        """The question has no verb of the lexicon: the error is at its first unknown word."""
        if len(tokens) == 2 and tokens[0].type == "WORD":  # "Does Tweety zorb?"
            return SentenceError(
                f"'{tokens[1]}' is not an everyday verb certify knows (the lexicon's "
                "[intransitive] verbs), and a verb of a relation needs its object",
                self.token_span(tokens[1]),
                f"Does {tokens[0]} fly?",
                expected="an everyday verb such as 'fly', or a verb and its object",
            )
        unknown = next((t for t in tokens[1:] if t.type == "WORD" and str(t).islower()), None)
        if unknown is None:
            return SentenceError("this question has no verb", span, "Does Ana like Bob?")
        return SentenceError(
            f"'{unknown}' is not a verb certify knows (the lexicon's [transitive] and "
            "[intransitive] verbs)",
            self.token_span(unknown),
            "Does the cat like the dog?",
            expected="Does X V Y? with a verb V of the lexicon (like, see, chase, ...)",
        )

    def _np_from_tokens(self, tokens: list[Token], span: ast.Span) -> ast.NP:
        """A noun phrase from a run of tokens: ``the dog``, ``Luis's house``, ``Ana``."""
        if len(tokens) > 2 and tokens[0].type == "THE" and tokens[1].type == "POSS":
            tokens = tokens[1:]
        first = tokens[0]
        rest = self.name_words(tokens[1:])
        if first.type == "THE" and rest:
            return ast.NP("the", tuple(w.lower() for w in rest), "the " + " ".join(rest), span)
        if first.type == "POSS" and rest:
            return self.possessive_np(first, rest, span)
        if len(tokens) == 1 and first.type == "WORD":
            word = self.single_name(first)
            return ast.NP("name", (word.lower(),), word, span)
        raise SentenceError(
            f"I can't read {' '.join(str(t) for t in tokens)!r} as a name",
            span,
            "Does Ana like Bob?",
        )
