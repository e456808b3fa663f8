"""Transformer rules for truth-tellers and everyday verbs (SPEC §3 "Truth-tellers", "Everyday
quantifiers and verbs"): ``X tells the truth``, ``X lies``, ``X says S``, ``Tweety flies``,
``Ana lives in Rome``, and their questions (``Does X tell the truth?``, ``Who lies?``).

Only structure: ``says`` keeps the said sentence as a body of its own (it is never a fact),
and a verb written without -s after a plural subject ("Knights always tell the truth") marks
the clause plural, as ``are`` does.
"""

from __future__ import annotations

from certify.syntax import ast
from certify.syntax.children import (
    Children,
    PredicateParts,
    TimePhrase,
    _as,
    _body,
    _has,
    _of,
    _tokens,
)
from certify.syntax.coordinate import Chain, coordinate
from certify.syntax.errors import SentenceError
from certify.syntax.lark_runtime import Meta, Token
from certify.syntax.located import Located
from certify.syntax.verbs import event_base, event_verb, everyday, relation_verb
from certify.syntax.words import comparative_base, singular, superlative_base

_NEGATING = ("NOT", "NEVER")


def _negated(children: Children) -> bool:
    return any(_has(children, kind) for kind in _NEGATING)


def _plural(children: Children, word: str, base: bool) -> bool:
    """``do not`` is plural, ``does not`` singular; otherwise the verb's own form says."""
    if _has(children, "DO"):
        return True
    return base and not _has(children, "DOES")


class SpeechRules(Located):
    """Truth-tellers, speech and everyday verbs."""

    def says(self, meta: Meta, children: Children) -> ast.Clause:
        speaker = _as(children[0], ast.NP)
        said = _body(next(c for c in reversed(children) if not isinstance(c, Token)))
        if speaker.kind not in ("name", "the", "poss", "pronoun") or (
            speaker.kind == "pronoun" and speaker.words[0] in ("someone", "something", "somebody")
        ):
            raise SentenceError(
                f"a speaker must be named: '{speaker.text}' says ... is not read",
                speaker.span,
                "Vernell says Sherrie tells the truth.",
                expected="a name before 'says'",
            )
        body = coordinate(said) if isinstance(said, Chain) else said
        return ast.Clause(speaker, ast.PSays(body), False, self.span(meta))

    def p_truth(self, meta: Meta, children: Children) -> PredicateParts:
        word = str(next(t for t in _tokens(children) if t.type == "TELLS_TRUTH")).lower()
        plural = _plural(children, word, not word.startswith("tells"))
        return PredicateParts(ast.PTruth(True), _negated(children), plural, "")

    def p_lie(self, meta: Meta, children: Children) -> PredicateParts:
        word = str(next(t for t in _tokens(children) if t.type == "LIES")).lower()
        plural = _plural(children, word, word == "lie")
        return PredicateParts(ast.PTruth(False), _negated(children), plural, "")

    def p_verb(self, meta: Meta, children: Children) -> PredicateParts:
        token = next(t for t in _tokens(children) if t.type in ("VERB", "BASE_VERB"))
        verb, base = everyday(str(token), self.token_span(token))
        plural = _plural(children, verb, base)
        return PredicateParts(ast.PVerb(verb), _negated(children), plural, "")

    def p_lives(self, meta: Meta, children: Children) -> PredicateParts:
        word = str(next(t for t in _tokens(children) if t.type == "LIVES")).lower()
        place = _of(children, ast.NP)[-1]
        plural = _plural(children, word, word == "live")
        return PredicateParts(ast.PLocation(place), _negated(children), plural, "")

    def p_of(self, meta: Meta, children: Children) -> PredicateParts:
        word = str(next(t for t in _tokens(children) if t.type == "OF_ADJECTIVE")).lower()
        return self._pred(children, ast.POf(word, _of(children, ast.NP)[-1]))

    def p_has(self, meta: Meta, children: Children) -> PredicateParts:
        predicate = ast.PRelation("have", _of(children, ast.NP)[-1])
        return PredicateParts(predicate, _has(children, "NOT"), _has(children, "DO"), "")

    def q_of(self, meta: Meta, children: Children) -> ast.QuestionAst:
        word = str(next(t for t in _tokens(children) if t.type == "OF_ADJECTIVE")).lower()
        return ast.QOf(word, _of(children, ast.NP)[-1])

    def q_has(self, meta: Meta, children: Children) -> ast.QuestionAst:
        return ast.QHas(_of(children, ast.NP)[-1])

    def q_what_verb(self, meta: Meta, children: Children) -> ast.QuestionAst:
        """``What does Ana like?``: the things the text names that ``Ana likes X.`` holds of."""
        verb = _tokens(children)[-1]
        base = relation_verb(str(verb), self.token_span(verb))
        return ast.QHas(_of(children, ast.NP)[-1], base)

    def q_whom(self, meta: Meta, children: Children) -> ast.QuestionAst:
        """``Who does Ana like?``: the named individuals ``Ana likes X.`` holds of."""
        verb = _tokens(children)[-1]
        base = "have" if verb.type == "HAVE" else relation_verb(str(verb), self.token_span(verb))
        return ast.QHas(_of(children, ast.NP)[-1], base, "person")

    def q_of_true(self, meta: Meta, children: Children) -> ast.QuestionAst:
        word = str(next(t for t in _tokens(children) if t.type == "OF_ADJECTIVE")).lower()
        thing, other = _of(children, ast.NP)
        return ast.QTrue(ast.Clause(thing, ast.POf(word, other), False, self.span(meta)))

    def q_of_adjective(self, meta: Meta, children: Children) -> ast.QuestionAst:
        """``Is Tom afraid?``: the adjective without its ``of`` (``Tom is afraid.``)."""
        word = str(next(t for t in _tokens(children) if t.type == "OF_ADJECTIVE")).lower()
        thing = _of(children, ast.NP)[-1]
        return ast.QTrue(ast.Clause(thing, ast.PAdjective(word), False, self.span(meta)))

    def q_intransitive(self, meta: Meta, children: Children) -> ast.QuestionAst:
        tokens: list[Token] = next(c for c in children if isinstance(c, list))
        span = self.span(meta)
        subject = self._np_from_tokens(tokens, span)
        return asks(subject, _predicate(_tokens(children)[-1]), _has(children, "DO"), span)

    def q_which(self, meta: Meta, children: Children) -> ast.QuestionAst:
        token = _tokens(children)[-1]
        if token.type == "VERB":  # "Who flies?"
            predicate: ast.Predicate = ast.PVerb(everyday(str(token), self.token_span(token))[0])
        else:
            predicate = _predicate(token)
        return ast.QWhich(predicate, self.span(meta))

    def q_who_adjective(self, meta: Meta, children: Children) -> ast.QuestionAst:
        """``Who is guilty?``: the named individuals of whom ``X is guilty.`` holds."""
        token = _tokens(children)[-1]
        word = str(token)
        if not word[:1].islower():
            raise SentenceError(
                f"'{word}' is not an adjective: certify asks 'Who is A?' of an adjective",
                self.token_span(token),
                "Who is guilty?",
                expected="an adjective",
            )
        return ast.QWhich(ast.PAdjective(word), self.span(meta))

    def q_superlative(self, meta: Meta, children: Children) -> ast.QuestionAst:
        """``Who is the tallest?`` (``meaning.superlative``)."""
        token = _tokens(children)[-1]
        if superlative_base(str(token)) is None:
            raise SentenceError(
                f"'{token}' is not a superlative like 'tallest' or 'oldest'",
                self.token_span(token),
                "Who is the tallest?",
                expected="the superlative of a comparative ('taller': 'tallest')",
            )
        return ast.QWhich(ast.PNumeric("superlative", (), str(token)), self.span(meta))

    def q_who_verb(self, meta: Meta, children: Children) -> ast.QuestionAst:
        """``Who likes Bob?`` (a relation's subjects among the named individuals), or
        ``Who arrives first?`` / ``last`` (an event verb: ``meaning.superlative``)."""
        verb = _tokens(children)[1]
        thing = _one_thing(_as(children[-1], ast.NP))
        order = thing.text.lower() if thing.kind == "name" and len(thing.words) == 1 else ""
        if event_base(str(verb)) is None and order not in ("first", "last"):
            base = relation_verb(str(verb), self.token_span(verb))
            return ast.QWhich(ast.PRelation(base, thing), self.span(meta))
        if order not in ("first", "last"):
            raise SentenceError(
                f"I didn't expect '{thing.text}' here: certify asks 'Who V?' of an everyday "
                "verb, 'Who V X?' of a relation and 'Who arrives first?' or 'last' of an event",
                thing.span,
                "Who arrives first?",
                expected="'first' or 'last', or the end of the question",
            )
        base = event_verb(str(verb), self.token_span(verb))
        return ast.QWhich(ast.PNumeric(order, (), base), self.span(meta))

    def q_who_has(self, meta: Meta, children: Children) -> ast.QuestionAst:
        """``Who has the cat?``: the named individuals of whom ``X has the cat.`` holds."""
        thing = _one_thing(_as(children[-1], ast.NP))
        return ast.QWhich(ast.PRelation("have", thing), self.span(meta))

    def q_who_of(self, meta: Meta, children: Children) -> ast.QuestionAst:
        """``Who is afraid of the dog?``, ``Who is afraid of wolves?``."""
        word = str(next(t for t in _tokens(children) if t.type == "OF_ADJECTIVE")).lower()
        return ast.QWhich(ast.POf(word, _one_thing(_as(children[-1], ast.NP))), self.span(meta))

    def q_event_relative(self, meta: Meta, children: Children) -> ast.QuestionAst:
        """``Who arrives before Bob?`` (``meaning.superlative.compared``); with any other time
        phrase of a statement, ``Who arrives before 9:15?`` (``meaning.superlative.timed``)."""
        verb = _tokens(children)[1]
        base = event_verb(str(verb), self.token_span(verb))
        kind, numbers, other, direction = _as(children[-1], TimePhrase)
        if kind in ("before", "after") and other is not None:
            return ast.QWhich(ast.PNumeric(kind, (other,), base), self.span(meta))
        event = ast.PEvent(base, kind, numbers, other, direction)
        return ast.QWhich(event, self.span(meta))

    def q_who_comparative(self, meta: Meta, children: Children) -> ast.QuestionAst:
        """``Who is taller than Bob?``, ``Who is more expensive than the pears?``
        (``meaning.superlative.compared``)."""
        words = [t for t in _tokens(children)[2:] if t.type != "THAN"]
        word = " ".join(str(t).lower() for t in words)
        if comparative_base(word) is None:
            raise SentenceError(
                f"'{word}' is not a comparative like 'taller' or 'older'",
                self.token_span(words[-1]),
                "Who is taller than Bob?",
                expected="a comparative ('taller', 'more expensive')",
            )
        other = _as(children[-1], ast.NP)
        return ast.QWhich(ast.PNumeric("than", (other,), word), self.span(meta))

    def _np_from_tokens(self, tokens: list[Token], span: ast.Span) -> ast.NP:
        raise NotImplementedError  # QuestionRules provides it


def _one_thing(thing: ast.NP) -> ast.NP:
    """The object of a wh-question over a relation: one thing or class, named (``Who likes
    Bob?``, ``Who has the cat?``, ``Who is afraid of wolves?``), not a quantifier."""
    if thing.kind in ("name", "the", "poss"):
        return thing
    raise SentenceError(
        f"certify asks 'Who likes X?' of one named thing, not of '{thing.text}'",
        thing.span,
        "Who likes Bob?",
        expected="a name, 'the' and a noun, or a possessive",
    )


def asks(subject: ast.NP, predicate: ast.Predicate, plural: bool, span: ast.Span) -> ast.QTrue:
    """``Does Tweety fly?``; with ``do`` and a bare plural, of all of them (``Do birds fly?``)."""
    if plural and subject.kind == "name":
        noun = singular(subject.words[0])
        subject = ast.NP("every", (noun,), f"all {subject.text}", span, owner="all")
    return ast.QTrue(ast.Clause(subject, predicate, False, span, plural))


def _predicate(token: Token) -> ast.Predicate:
    """The predicate of ``tells the truth`` or ``lies`` in a question."""
    return ast.PTruth(token.type == "TELLS_TRUTH")
