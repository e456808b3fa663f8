"""Truth-tellers and everyday verbs: what ``tells the truth``, ``lies``, ``says`` and ``flies``
mean (SPEC §3 "Truth-tellers", "Everyday quantifiers and verbs").

``X tells the truth`` is the Boolean atom ``truthful(X)`` (the same atom as the adjective:
``X is truthful.``), ``X lies`` its negation, and ``X says S`` is ``truthful(X) ⟺ S``: what a
speaker says is never a fact of its own.  An everyday verb is a Boolean property named by its
third person (``flies(Tweety)``).  ``Who lies?`` asks which of the individuals the text names
(capitalized names never used as a place) the predicate holds of.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from certify.meaning import ir, queries
from certify.meaning.mentions import VAR, Mention, mentions_bound
from certify.meaning.quantifiers import quantifiers
from certify.syntax import ast
from certify.syntax.errors import SentenceError
from certify.syntax.lexicon import intransitive_verbs
from certify.syntax.words import singular

if TYPE_CHECKING:
    from certify.meaning.lower import Lowering

TRUTHFUL = "truthful"
"""The property of a speaker who tells the truth."""


@cache
def third_persons() -> frozenset[str]:
    """The property names of the everyday verbs (``flies``), shown as ``Tweety flies``."""
    return frozenset(intransitive_verbs().values())


def atom(predicate: ast.PTruth | ast.PVerb, thing: str) -> ir.Formula:
    """The positive meaning of an intransitive predicate of one thing."""
    if isinstance(predicate, ast.PTruth):
        truthful = ir.Holds(TRUTHFUL, thing)
        return truthful if predicate.truthful else ir.Not(truthful)
    return ir.Holds(predicate.verb, thing)


def predicate(lowering: Lowering, clause: ast.Clause) -> ir.Formula:
    """``tells the truth``, ``lies``, ``flies`` and ``says S`` of a clause's subject."""
    meaning = clause.predicate
    if isinstance(meaning, (ast.PTruth, ast.PVerb)):
        return atom(meaning, lowering.thing(clause.subject))
    if isinstance(meaning, ast.POf):
        return _of(lowering, lowering.thing(clause.subject), meaning)
    assert isinstance(meaning, ast.PSays)
    speaker = lowering.thing(clause.subject)
    _refuse_events(meaning.said)
    outer = lowering._words
    inner = quantifiers(meaning.said)
    lowering._words = inner  # "A says everyone lies": the rule is inside what A says
    start = len(lowering._mentions)
    try:
        said = lowering.body(meaning.said)
    finally:
        lowering._words = outer
    # what is said moves nobody, even in a story: it is a claim, not an event
    lowering._mentions[start:] = [
        m for m in lowering._mentions[start:] if m.role not in ("subject", "moved")
    ]
    if mentions_bound(said):
        said = ir.ForAll(VAR, said, inner.people)
    return ir.Iff(ir.Holds(TRUTHFUL, speaker), said)


def remember(lowering: Lowering, mentions: list[Mention]) -> None:
    """Keep what a statement names (never what a question names, so that an answer does not
    depend on the questions asked before it)."""
    lowering.places_named.update(m.key for m in mentions if m.role == "place")
    things = [m for m in mentions if m.role == "thing"]
    lowering.things_named.update(dict.fromkeys(m.key for m in things))
    lowering.written_lowercase.update(m.key for m in things if m.label[:1].islower())
    numbers = (m.key for m in mentions if m.role in ("number", "clock"))  # "clock": an event
    lowering.numbers_named.update(dict.fromkeys(numbers))


def named_individuals(lowering: Lowering) -> tuple[str, ...]:
    """The individuals the statements so far name, in order: capitalized names, not places,
    and not a name also written in lower case (``water``)."""
    return tuple(
        key
        for key in lowering.things_named
        if key[:1].isupper()
        and key not in lowering.places_named
        and key not in lowering.written_lowercase
        and not ir.is_anonymous(key)
    )


def individuals(lowering: Lowering) -> tuple[str, ...]:
    """A wh-question's candidates: the named individuals, then those the statements so far
    speak of without a name ("Someone is guilty."), its ``(other)`` (SPEC §3 "Wh-questions")."""
    unnamed = tuple(k for k in lowering.things_named if ir.is_anonymous(k))
    return named_individuals(lowering) + unnamed


def which(lowering: Lowering, node: ast.QWhich) -> queries.AskWhich:
    """``Who lies?``: the named individuals the predicate holds of, and ``(other)`` where an
    unnamed one can answer."""
    meaning = node.predicate
    candidates = individuals(lowering)
    if isinstance(meaning, ast.PEvent):  # "Who arrives before 9:15?"
        from certify.meaning.superlative import timed

        return timed(lowering, meaning, node.span)
    if isinstance(meaning, ast.PNumeric):  # "Who is the tallest?", "Who arrives first?"
        from certify.meaning.superlative import compared, superlative

        if meaning.kind in ("before", "after", "than"):  # "Who is taller than Bob?"
            return compared(lowering, meaning, node.span)
        return superlative(lowering, meaning, node.span)
    if isinstance(meaning, ast.PAdjective):  # "Who is guilty?": "X is guilty." of each
        return queries.AskWhich(
            candidates, tuple(adjective_of(lowering, c, meaning.word) for c in candidates)
        )
    if isinstance(meaning, ast.PRelation):  # "Who likes Bob?": "X likes Bob." of each
        other = lowering.thing(meaning.object)
        formulas = tuple(ir.Related(meaning.verb, c, other) for c in candidates)
        return queries.AskWhich(candidates, formulas)
    if isinstance(meaning, ast.POf):  # "Who is afraid of the dog?"
        return queries.AskWhich(candidates, tuple(_of(lowering, c, meaning) for c in candidates))
    assert isinstance(meaning, (ast.PTruth, ast.PVerb))
    return queries.AskWhich(candidates, tuple(atom(meaning, c) for c in candidates))


def adjective_of(lowering: Lowering, thing: str, word: str) -> ir.Formula:
    """``word`` said of ``thing`` (``X is red.``, and ``Who is red?`` of each X): a value of
    an attribute declared so far, or else a Boolean property."""
    for attribute, values in lowering.attributes.items():
        if word in values:
            lowering._mentions.append(Mention("valued", thing, noun=attribute))
            return ir.HasValue(thing, attribute, word)
    return ir.Holds(word, thing)


def _class_of(np: ast.NP) -> str | None:
    """The class a bare lower-case noun names (``wolves`` → ``wolf``); None for a thing."""
    if np.kind == "name" and np.text[:1].islower():
        return singular(np.words[0])
    return None


def of_property(adjective: str, noun: str) -> str:
    """The property of fearing a class: ``afraid of wolf``."""
    return f"{adjective} of {noun}"


def _of(lowering: Lowering, thing: str, meaning: ast.POf) -> ir.Formula:
    """``is afraid of wolves``: a property (of the class); ``of the dog``: a relation."""
    noun = _class_of(meaning.object)
    if noun is None:
        return ir.Related(f"{meaning.adjective} of", thing, lowering.thing(meaning.object))
    lowering.of_classes.setdefault(meaning.adjective, {})[noun] = None
    return ir.Holds(of_property(meaning.adjective, noun), thing)


def of_which(lowering: Lowering, node: ast.QOf) -> queries.AskWhich:
    """``What is Tom afraid of?``: which of the classes the text says something is afraid of."""
    thing = lowering.thing(node.thing)
    nouns = tuple(lowering.of_classes.get(node.adjective, {}))
    formulas = tuple(ir.Holds(of_property(node.adjective, n), thing) for n in nouns)
    return queries.AskWhich(nouns, formulas, "nothing")


def has_which(lowering: Lowering, node: ast.QHas) -> queries.AskWhich:
    """``What does Bo have?``, ``What does Ana like?``: which of the things the text names
    (not people, not places); ``Who does Ana like?``: which of the named individuals, and
    ``(other)`` where an unnamed one can answer."""
    subject = lowering.thing(node.thing)
    if node.asked == "person":
        people = individuals(lowering)
        formulas = tuple(ir.Related(node.verb, subject, p) for p in people)
        return queries.AskWhich(people, formulas)
    things = tuple(
        key
        for key in lowering.things_named
        if key != subject
        and (not key[:1].isupper() or key in lowering.written_lowercase)
        and key not in lowering.places_named
        and not ir.is_anonymous(key)
    )
    formulas = tuple(ir.Related(node.verb, subject, t) for t in things)
    return queries.AskWhich(things, formulas, "nothing")


def _refuse_events(said: ast.Body) -> None:
    """Movement and possession are events in text order: never inside what someone says."""
    stack: list[object] = [said]
    while stack:
        item = stack.pop()
        if isinstance(item, ast.Clause):
            predicate = item.predicate
            if isinstance(predicate, ast.PPossess) or (
                isinstance(predicate, ast.PLocation) and predicate.mode == "moved"
            ):
                raise SentenceError(
                    "what a speaker says is a claim, not an event: certify does not read "
                    "movement or possession inside 'says'",
                    item.span,
                    "Vernell says Sherrie is in the kitchen.",
                    expected="a statement of fact after 'says'",
                )
            if isinstance(predicate, ast.PSays):
                stack.append(predicate.said)
        elif isinstance(item, (ast.Conj, ast.Disj, ast.Xor, ast.Nor)):
            stack.extend(item.parts)
        elif isinstance(item, ast.Neg):
            stack.append(item.part)
        elif isinstance(item, ast.IfThen):
            stack += [item.premise, item.conclusion]
        elif isinstance(item, ast.Iff):
            stack += [item.left, item.right]
