"""Finite regression cases: shrunk counterexamples of the differential run, and issue 8's.

Each case is the English text and its ``--ask`` questions, with the expected consistency and,
per question (in-file questions first, then the ``--ask`` ones), the status and the answer
set, written out by hand from SPEC section 2 (never copied from certify's output); ``why``
gives the reading. Where the abstract text is given, the oracle must render it to exactly this
English and give exactly these answers too. ``failing`` names the certify defect that makes a
case fail today: the test marks it ``xfail(strict=True)``, so a fix shows up as an XPASS.
"""

from __future__ import annotations

from dataclasses import dataclass

from tests.reference.finite_text import (
    Act,
    Connective,
    Declare,
    Different,
    FiniteText,
    In,
    IsIn,
    IsTrue,
    Line,
    Literal,
    Move,
    Nobody,
    PlacesAre,
    Prop,
    Rule,
    Same,
    SameValue,
    Says,
    Truth,
    Value,
    WhatValue,
    Where,
    Who,
    WhoDoes,
    Whose,
)

Answer = tuple[str, frozenset[str]]


def answer(status: str, *values: str) -> Answer:
    return status, frozenset(values)


@dataclass(frozen=True)
class Case:
    name: str
    text: str
    asks: tuple[str, ...]
    consistent: bool
    answers: tuple[Answer, ...]
    why: str
    abstract: FiniteText | None = None
    failing: str | None = None


def lines(*items: object, pronouns: tuple[int, ...] = ()) -> tuple[Line, ...]:
    return tuple(Line(item, i in pronouns) for i, item in enumerate(items))  # type: ignore[arg-type]


ISSUE_8 = [
    Case(
        "issue8-place-inside-place-is-not-assumed",
        "Tia is in the barn.\nThe shed is in the barn.\n",
        ("Is Tia in the shed?",),
        True,
        (answer("open", "yes", "no"),),
        "Tia's place is the barn or a place inside it; the shed is one (SPEC 2, Location).",
        FiniteText(
            lines(In("Tia", ("the barn",)), In("the shed", ("the barn",))),
            (IsIn("Tia", "the shed"),),
        ),
    ),
    Case(
        "issue8-places-are-not-individuals",
        "Both the shed and the loft are in the barn.\nAna is in the barn.\n",
        ("Who is in the barn?", "Where is Ana?"),
        True,
        (answer("forced", "Ana"), answer("open", "the barn", "the shed", "the loft")),
        "Who asks for located individuals, never places; Where for the innermost place.",
    ),
    Case(
        "issue8-nobody-in-a-place-holding-places",
        "Both the shed and the loft are in the barn.\nNobody is in the barn.\n",
        ("Who is in the barn?",),
        True,
        (answer("forced", "nobody"),),
        "Places inside the barn are not individuals, so nobody can be in it.",
    ),
    Case(
        "issue8-consistent-whatever-is-asked",
        "The pantry is in the hall.\nNobody is in the hall.\nWho is in the pantry?\n"
        "Who is in the hall?\n",
        (),
        True,
        (answer("forced", "nobody"), answer("forced", "nobody")),
        "A text is consistent or not whatever is asked (SPEC 2, Places and individuals).",
    ),
    Case(
        "issue8-story-updates-the-subject-only",
        "Story:\nJohn went to the kitchen.\nMary is in the same place as John.\n",
        ("Where is John?", "Where is Mary?"),
        True,
        (answer("forced", "the kitchen"), answer("forced", "the kitchen")),
        "A statement about where Mary is updates Mary, not John (brief, Stories).",
        FiniteText(
            lines(Move("John", "the kitchen"), Same("Mary", "John")),
            (Where("John"), Where("Mary")),
            story=True,
        ),
    ),
    Case(
        "issue8-it-is-the-previous-subject",
        "Ana is in the kitchen.\nIt is big.\n",
        ("Is Ana big?", "Is Bob big?"),
        True,
        (answer("forced", "yes"), answer("open", "yes", "no")),
        "A pronoun outside a rule is the previous statement's subject (SPEC 3, Strict reading).",
    ),
]

FOUND = [
    Case(
        "found-or-binds-tighter-than-and-before-a-plural-clause",
        "The colors are red, green and blue.\nThe kitchen is in the garden.\n"
        "Ana is in the kitchen.\nShe is in the kitchen.\n"
        "Ana is red or green and Ana and Bea have different colors.\n",
        ("Who is in the kitchen?", "What color is Ana?", "What color is Bea?"),
        True,
        (
            answer("forced", "Ana"),
            answer("open", "red", "green"),
            answer("open", "red", "green", "blue"),
        ),
        "Differential seed 20261231: 'and' over 'or' (README) makes line 5 '(Ana is red or "
        "green) and (Ana and Bea have different colors)'; it was refused, 'green' read as one "
        "of three subjects with Ana and Bea. Bea has no location, so only Ana is in the kitchen.",
    ),
    Case(
        "found-names-after-or-continue-the-clause-before-a-plural-one",
        "The shapes are round, square and flat.\nAna is in the kitchen.\n"
        "Ana is round or square or Ana and Bea have different shapes.\n",
        ("Who is in the kitchen?", "What shape is Ana?", "What shape is Bea?"),
        True,
        (
            answer("forced", "Ana"),
            answer("open", "round", "square", "flat"),
            answer("open", "round", "square", "flat"),
        ),
        "Differential seed 20261281: 'and' over 'or' makes line 3 '(Ana is round or square) "
        "or (Ana and Bea have different shapes)'; it was refused, 'square' read as a subject "
        "beside Ana and Bea. Ana flat needs Bea not flat; Ana round allows any shape of Bea.",
    ),
    Case(
        "single-letter-name",
        "A is in the kitchen.\n",
        ("Where is A?", "Is A big?"),
        True,
        (answer("forced", "the kitchen"), answer("open", "yes", "no")),
        "Single capital letters are names (SPEC 3, Strict reading).",
        FiniteText(lines(In("A", ("the kitchen",))), (Where("A"), IsTrue(Prop("A", "big")))),
    ),
    Case(
        "possessive-place-first-in-the-places",
        "The places are Luis's house and the garden.\nAna is in Luis's house.\n",
        ("Who is in Luis's house?",),
        True,
        (answer("forced", "Ana"),),
        "A possessive is a place name in every position, the list of places included.",
        FiniteText(
            lines(PlacesAre(("Luis's house", "the garden")), In("Ana", ("Luis's house",))),
            (Who("Luis's house"),),
        ),
    ),
    Case(
        "pronoun-after-a-pronoun",
        "Ana is in the kitchen.\nShe is big.\nShe is kind.\n",
        ("Is Ana kind?",),
        True,
        (answer("forced", "yes"),),
        "The previous statement's subject is Ana even when it was written as a pronoun.",
        FiniteText(
            lines(
                In("Ana", ("the kitchen",)),
                Prop("Ana", "big"),
                Prop("Ana", "kind"),
                pronouns=(1, 2),
            ),
            (IsTrue(Prop("Ana", "kind")),),
        ),
    ),
    Case(
        "nobody-before-a-move",
        "Nobody is in the kitchen.\nAna went to the kitchen.\n",
        ("Who is in the kitchen?", "Where is Ana?"),
        True,
        (answer("forced", "Ana"), answer("forced", "the kitchen")),
        "A move starts a new moment; what was said before (nobody in the kitchen) refers to"
        " Ana's earlier self (SPEC 2 Stories; README 'Stories and movement').",
        FiniteText(
            lines(Nobody("the kitchen"), Move("Ana", "the kitchen")),
            (Who("the kitchen"), Where("Ana")),
        ),
    ),
    Case(
        "nobody-does-not-locate-everyone",
        "Nobody is in the hall.\nBea is big.\n",
        ("Who is in the kitchen?",),
        True,
        (answer("forced", "nobody"),),
        "Individuals no location statement mentions have no location (SPEC 2, Location).",
        FiniteText(lines(Nobody("the hall"), Prop("Bea", "big")), (Who("the kitchen"),)),
    ),
    Case(
        "closed-places-do-not-locate-everyone",
        "The places are the hall and the garden.\nAna is big.\nNobody is in the hall.\n"
        "Nobody is in the garden.\n",
        ("Is Ana big?",),
        True,
        (answer("forced", "yes"),),
        "Closed places bind located individuals only; Ana is not located.",
        FiniteText(
            lines(
                PlacesAre(("the hall", "the garden")),
                Prop("Ana", "big"),
                Nobody("the hall"),
                Nobody("the garden"),
            ),
            (IsTrue(Prop("Ana", "big")),),
        ),
    ),
    Case(
        "nobody-and-closed-places-force-a-wrong-answer",
        "The colors are red, green and blue.\nThe places are the kitchen and the garden.\n"
        "Ana is in the garden.\nAna and Bea have different colors.\nNobody is in the kitchen.\n",
        ("Who is in the garden?",),
        True,
        (answer("forced", "Ana"),),
        "Bea has a color but no location statement: she is in no place, not forced into the"
        " garden (SPEC 2, Location).",
        FiniteText(
            lines(
                Declare("color"),
                PlacesAre(("the kitchen", "the garden")),
                In("Ana", ("the garden",)),
                SameValue("Ana", "Bea", "color", same=False),
                Nobody("the kitchen"),
            ),
            (Who("the garden"),),
        ),
    ),
    Case(
        "either-of-one-statement-twice",
        "Ana is big.\n",
        ("Is it true that either Ana is big or Ana is big?",),
        True,
        (answer("forced", "no"),),
        "'Either S1 or S2' is exactly one (SPEC 3); with S1 = S2 it never holds.",
        FiniteText(
            lines(Prop("Ana", "big")),
            (IsTrue(Connective("either", (Prop("Ana", "big"), Prop("Ana", "big"))), "it is true"),),
        ),
    ),
    Case(
        "either-statement-twice-is-a-contradiction",
        "Either Ana is in the attic or Ana is in the attic.\n",
        ("Where is Ana?",),
        False,
        (answer("contradictory"),),
        "Exactly one of two equal statements cannot hold.",
        FiniteText(
            lines(Connective("either", (In("Ana", ("the attic",)), In("Ana", ("the attic",))))),
            (Where("Ana"),),
        ),
    ),
    Case(
        "exactly-one-of-the-following-counts-repeats",
        "Ana is in the kitchen.\n",
        (
            "Is it true that exactly one of the following is true: Ana is in the kitchen;"
            " Ana is in the kitchen; Bea is big?",
        ),
        True,
        (answer("forced", "no"),),
        "The first two parts both hold, so not exactly one does.",
    ),
    Case(
        "either-in-p-or-in-q-is-exclusive",
        "The box is in the attic.\nAna is either in the box or in the attic.\n",
        ("Where is Ana?",),
        True,
        (answer("forced", "the attic"),),
        "Choice: SPEC's 'either ... or' is exactly one, also in 'X is either in P or in Q';"
        " in the box Ana would be in both.",
        FiniteText(
            lines(In("the box", ("the attic",)), In("Ana", ("the box", "the attic"), "either")),
            (Where("Ana"),),
        ),
    ),
    Case(
        "containment-choice-is-not-a-tree",
        "The box is in the kitchen or the garden.\n",
        ("Is it true that the box is in the kitchen and the box is in the garden?",),
        True,
        (answer("open", "yes", "no"),),
        "Choice: containment is transitive and acyclic, nothing more (SPEC 2); a place may be"
        " in two places that are not nested.",
        FiniteText(
            lines(In("the box", ("the kitchen", "the garden"), "or")),
            (
                IsTrue(
                    Connective(
                        "and", (In("the box", ("the kitchen",)), In("the box", ("the garden",)))
                    ),
                    "it is true",
                ),
            ),
        ),
    ),
]

# Cases certify and the oracle agree on, written out to pin the oracle's reading of SPEC 2.
READINGS = [
    Case(
        "closed-places-leave-the-rest",
        "The places are the kitchen, the garden and the hall.\nBea is not in the kitchen.\n"
        "Bea is not in the garden.\n",
        ("Where is Bea?",),
        True,
        (answer("forced", "the hall"),),
        "Closed places: Bea is in one of the three.",
        FiniteText(
            lines(
                PlacesAre(("the kitchen", "the garden", "the hall")),
                In("Bea", ("the kitchen",), "not"),
                In("Bea", ("the garden",), "not"),
            ),
            (Where("Bea"),),
        ),
    ),
    Case(
        "open-places-leave-somewhere-else",
        "Ana is in the kitchen or the garden.\nBea is not in the kitchen.\n",
        ("Where is Bea?", "Is Bea in the hall?"),
        True,
        (answer("open", "the garden", "(other)"), answer("open", "yes", "no")),
        "Open places: ruling places out never forces the rest; a place only a question names"
        " counts.",
        FiniteText(
            lines(
                In("Ana", ("the kitchen", "the garden"), "or"), In("Bea", ("the kitchen",), "not")
            ),
            (Where("Bea"), IsIn("Bea", "the hall")),
        ),
    ),
    Case(
        "nested-houses",
        "The kitchen is in Luis's house.\nLuis's house is in Maria's house.\n"
        "Ana is in the kitchen.\n",
        ("Whose house is Ana in?", "Is Ana in Maria's house?", "Where is Ana?"),
        True,
        (
            answer("forced", "Luis and Maria"),
            answer("forced", "yes"),
            answer("forced", "the kitchen"),
        ),
        "Containment is transitive; Whose N answers every owner of a named N around X.",
        FiniteText(
            lines(
                In("the kitchen", ("Luis's house",)),
                In("Luis's house", ("Maria's house",)),
                In("Ana", ("the kitchen",)),
            ),
            (Whose("Ana", "house"), IsIn("Ana", "Maria's house"), Where("Ana")),
        ),
    ),
    Case(
        "containment-cycle",
        "The box is in the shed.\nThe shed is in the box.\n",
        ("Is the box in the shed?",),
        False,
        (answer("contradictory"),),
        "Containment is acyclic.",
        FiniteText(
            lines(In("the box", ("the shed",)), In("the shed", ("the box",))),
            (IsIn("the box", "the shed"),),
        ),
    ),
    Case(
        "rule-contraposition",
        "If something is big then it is heavy.\nAna is not heavy.\n",
        ("Is Ana big?",),
        True,
        (answer("forced", "no"),),
        "Rules are read classically over the named individuals.",
        FiniteText(
            lines(
                Rule("if", (Literal("prop", "big"),), Literal("prop", "heavy")),
                Prop("Ana", "heavy", True),
            ),
            (IsTrue(Prop("Ana", "big")),),
        ),
    ),
    Case(
        "declared-colors-are-closed",
        "The colors are red, green and blue.\nThe car is not red.\nThe car is not green.\n",
        ("What color is the car?",),
        True,
        (answer("forced", "blue"),),
        "A declared attribute has one of the declared values.",
        FiniteText(
            lines(
                Declare("color"),
                Value("the car", "color", ("red",), True),
                Value("the car", "color", ("green",), True),
            ),
            (WhatValue("the car", "color"),),
        ),
    ),
    Case(
        "story-no-longer",
        "Story:\nAna is in the kitchen.\nAna is no longer in the kitchen.\n",
        ("Where is Ana?", "Is Ana in the kitchen?"),
        True,
        (answer("open", "(other)"), answer("forced", "no")),
        "In a story a location statement replaces the last; (other) alone is still open.",
        FiniteText(
            lines(In("Ana", ("the kitchen",)), In("Ana", ("the kitchen",), "no longer")),
            (Where("Ana"), IsIn("Ana", "the kitchen")),
            story=True,
        ),
    ),
    Case(
        "in-file-question-sees-its-prefix",
        "Ana is in the kitchen or the garden.\nWhere is Ana?\nAna is not in the garden.\n",
        ("Where is Ana?",),
        True,
        (answer("open", "the kitchen", "the garden"), answer("forced", "the kitchen")),
        "A question in the file is answered against the statements above it.",
        FiniteText(
            (
                Line(In("Ana", ("the kitchen", "the garden"), "or")),
                Line(Where("Ana")),
                Line(In("Ana", ("the garden",), "not")),
            ),
            (Where("Ana"),),
        ),
    ),
    Case(
        "different-places-need-enough-places",
        "The places are the kitchen and the garden.\nAna, Bea and Carl are in different places.\n",
        ("Where is Ana?",),
        False,
        (answer("contradictory"),),
        "Three individuals cannot be in three different places out of two.",
        FiniteText(
            lines(PlacesAre(("the kitchen", "the garden")), Different(("Ana", "Bea", "Carl"))),
            (Where("Ana"),),
        ),
    ),
    Case(
        "same-place-somewhere-else",
        "Ana and Bea are in the same place.\nAna is not in the kitchen.\n",
        ("Is Bea in the kitchen?", "Where is Bea?"),
        True,
        (answer("forced", "no"), answer("open", "(other)")),
        "The same unnamed place is possible; (other) stands for many places.",
        FiniteText(
            lines(Same("Ana", "Bea", "and"), In("Ana", ("the kitchen",), "not")),
            (IsIn("Bea", "the kitchen"), Where("Bea")),
        ),
    ),
]

SPEECH = [
    Case(
        "a-claim-is-not-a-fact",
        'Bea says Ana lies.\nA says: "Bea tells the truth."\nAna tells the truth.\n',
        ("Does A lie?", "Who lies?", "Is it true that Bea flies?"),
        True,
        (answer("forced", "yes"), answer("forced", "A and Bea"), answer("open", "yes", "no")),
        "Ana is truthful, so Bea's claim is false and Bea lies; A's claim that Bea is truthful "
        "is false too. Nothing is said of flying (SPEC §3 Truth-tellers).",
        FiniteText(
            lines(
                Says("Bea", Truth("Ana", False)),
                Says("A", Truth("Bea", True), "quoted"),
                Truth("Ana", True),
            ),
            (IsTrue(Truth("A", False)), WhoDoes("lies"), IsTrue(Act("Bea", "flies"), "it is true")),
        ),
    ),
    Case(
        "a-speaker-nobody-judges",
        "Ana says that Bea does not fly.\nBea flies.\n",
        ("Does Ana tell the truth?", "Who flies?"),
        True,
        (answer("forced", "no"), answer("open", "Bea", "Ana and Bea")),
        "Bea flies, so Ana's claim is false; whether Ana flies is open.",
        FiniteText(
            lines(Says("Ana", Act("Bea", "flies", True), "that"), Act("Bea", "flies")),
            (IsTrue(Truth("Ana", True)), WhoDoes("flies")),
        ),
    ),
]

CASES = ISSUE_8 + FOUND + READINGS + SPEECH
