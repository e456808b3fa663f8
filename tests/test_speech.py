"""Truth-tellers and everyday verbs (SPEC §3): what each form reads as, and what it answers.

``X says S`` is ``truthful(X) ⟺ S``: a speaker's statement is never a fact of its own, so a
liar's statement is false and a statement of someone unknown decides nothing.
"""

from __future__ import annotations

import pytest

import certify
from certify.errors import TextError
from certify.syntax import ast
from certify.syntax.parse import parse_sentence, reads


def answers(text: str, *questions: str) -> list[tuple[str, tuple[str, ...] | None]]:
    report = certify.check(text, list(questions))
    return [
        (a.status, tuple(sorted(a.answers)) if isinstance(a.answers, tuple) else None)
        for a in report.questions
    ]


def node(sentence: str) -> object:
    return parse_sentence(sentence[:-1], 1, 1, sentence[-1]).node


def test_tells_the_truth_and_lies_are_one_atom_and_its_negation() -> None:
    assert answers(
        "Sherrie tells the truth.", "Does Sherrie tell the truth?", "Does Sherrie lie?"
    ) == [
        ("forced", ("yes",)),
        ("forced", ("no",)),
    ]
    assert answers("Kristian lies.", "Does Kristian tell the truth?") == [("forced", ("no",))]
    assert answers("Kristian lies. Kristian tells the truth.", "Does Kristian lie?")[0][0] == (
        "contradictory"
    )
    # the adjective is the same atom
    assert answers("Ana is truthful.", "Does Ana lie?") == [("forced", ("no",))]


def test_what_a_speaker_says_is_not_a_fact() -> None:
    assert answers("Vernell says Sherrie tells the truth.", "Does Sherrie tell the truth?") == [
        ("open", ("no", "yes"))
    ]
    # a liar's statement is false, a truth-teller's true
    assert answers("Kristian lies. Kristian says Bo lies.", "Does Bo lie?") == [("forced", ("no",))]
    assert answers("Ka tells the truth. Ka says that Bo lies.", "Does Bo lie?") == [
        ("forced", ("yes",))
    ]
    # "I am a liar" cannot be said
    assert answers("Bo says Bo lies.", "Does Bo lie?")[0][0] == "contradictory"


def test_the_old_relation_readings_are_gone() -> None:
    clause = node("Sherrie tells the truth.")
    assert isinstance(clause, ast.Clause) and clause.predicate == ast.PTruth(True)
    said = node("Vernell says Sherrie lies.")
    assert isinstance(said, ast.Clause) and isinstance(said.predicate, ast.PSays)
    assert said.predicate.said == ast.Clause(
        said.predicate.said.subject,
        ast.PTruth(False),
        False,
        said.predicate.said.span,  # type: ignore[union-attr]
    )


def test_web_of_lies_chain() -> None:
    text = (
        "Sherrie tells the truth. Vernell says Sherrie tells the truth. Alexis says Vernell "
        "lies. Michaela says Alexis tells the truth. Elanor says Michaela tells the truth."
    )
    assert answers(text, "Does Elanor tell the truth?", "Who lies?", "Who tells the truth?") == [
        ("forced", ("no",)),
        ("forced", ("Alexis, Michaela and Elanor",)),
        ("forced", ("Sherrie and Vernell",)),
    ]


def test_who_lies_ranges_over_named_individuals_not_places() -> None:
    text = "Ana is in the kitchen. Bo lies. Ana says Bo lies."
    assert answers(text, "Who lies?") == [("forced", ("Bo",))]
    assert answers("Ana is in the kitchen.", "Who lies?") == [("open", ("Ana", "nobody"))]
    assert answers("Ana lives in Rome. Bo lies.", "Who lies?") == [("open", ("Ana and Bo", "Bo"))]


KNIGHTS = """Knights always tell the truth and knaves always lie.
Every inhabitant is a knight or a knave.
A says: "B is a knave."
B says: "A and C are knights."
C says that A lies.
"""


def test_knights_and_knaves() -> None:
    assert answers(KNIGHTS, "Is A a knight?", "Is B a knight?", "Is C a knave?", "Who lies?") == [
        ("forced", ("yes",)),
        ("forced", ("no",)),
        ("forced", ("yes",)),
        ("forced", ("B and C",)),
    ]


def test_quoted_speech_is_one_sentence_and_other_quotes_are_refused() -> None:
    text = 'A says: "B is a knave." B is a knave.'
    assert answers(text, "Does A tell the truth?") == [("forced", ("yes",))]
    assert answers('A says, "B is a knave". B is not a knave.', "Does A lie?") == [
        ("forced", ("yes",))
    ]
    assert not reads('Ana says "hello.')
    with pytest.raises(TextError) as caught:
        certify.check('Ana is in "the kitchen".', [])
    assert "'\"'" in str(caught.value)


def test_everyday_verbs() -> None:
    text = "All birds fly. Tweety is a bird. Opus is a bird. Pingu does not fly."
    assert answers(text, "Does Tweety fly?", "Is Pingu a bird?", "Who flies?", "Do birds fly?") == [
        ("forced", ("yes",)),
        ("forced", ("no",)),
        ("forced", ("Tweety and Opus",)),
        ("forced", ("yes",)),
    ]
    assert answers("Birds fly. Tweety is a bird.", "Does Tweety fly?") == [("forced", ("yes",))]
    assert answers("Kim swims and Lee runs.", "Does Kim swim?", "Does Lee swim?") == [
        ("forced", ("yes",)),
        ("open", ("no", "yes")),
    ]


def test_a_verb_with_an_object_is_still_a_relation() -> None:
    clause = node("Ana runs the shop.")
    assert isinstance(clause, ast.Clause) and clause.predicate == ast.PRelation(
        "run",
        clause.predicate.object,  # type: ignore[union-attr]
    )


def test_everyday_quantifiers() -> None:
    assert answers("No cats are dogs. Tom is a cat.", "Is Tom a dog?") == [("forced", ("no",))]
    assert answers("Nobody likes Bob. Ana is in the hall.", "Does Ana like Bob?") == [
        ("forced", ("no",))
    ]
    assert answers("Ana lives in Rome.", "Where is Ana?") == [("forced", ("Rome",))]
    assert answers("Everyone is in the house. Ana lives in Rome.", "Where is Ana?")[0][0] == (
        "contradictory"
    )


@pytest.mark.parametrize(
    ("sentence", "column", "suggestion"),
    [
        ("Vernell said Sherrie lies.", 9, "Vernell says Sherrie lies."),
        ("Alexis claimed that Vernell lies.", 8, "Alexis says that Vernell lies."),
        ("Does Tweety zorb?", 13, "Does Tweety fly?"),
    ],
)
def test_almost_fitting_sentences_are_refused_with_a_suggestion_that_reads(
    sentence: str, column: int, suggestion: str
) -> None:
    with pytest.raises(TextError) as caught:
        parse_sentence(sentence[:-1], 1, 1, sentence[-1])
    assert caught.value.column == column
    assert caught.value.suggestion == suggestion and reads(suggestion)


def test_an_unknown_verb_is_an_error_at_that_word() -> None:
    with pytest.raises(TextError) as caught:
        parse_sentence("Tweety zorbs", 1, 1, ".")
    assert caught.value.column == 8


BABI_15 = """Mice are afraid of wolves.
Gertrude is a mouse.
Sheep are afraid of wolves.
Wolves are afraid of cats.
Jessica is a wolf.
Emily is a sheep.
"""


def test_a_relation_between_classes() -> None:
    """``What is gertrude afraid of?`` (bAbI 15, lower-case name and all): wolves in every
    state, and classically nothing rules out the other classes the text speaks of."""
    (found,) = answers(BABI_15, "What is gertrude afraid of?")
    status, sets = found
    assert status == "open" and sets is not None
    assert all("wolf" in s.replace(",", " ").split() for s in sets)
    assert answers(BABI_15, "Is Gertrude afraid of wolves?", "Is Emily afraid of cats?") == [
        ("forced", ("yes",)),
        ("open", ("no", "yes")),
    ]
    # "sheep" is its own plural: "Sheep are ..." is a rule, not a named individual
    assert answers(BABI_15, "Is Emily afraid of wolves?") == [("forced", ("yes",))]
    assert answers("Tom is afraid of the dog.", "Is Tom afraid of the dog?") == [
        ("forced", ("yes",))
    ]
    assert answers("Tom is afraid.", "Is Tom afraid?") == [("forced", ("yes",))]


def test_having() -> None:
    assert answers("Bo has the cat.", "What does Bo have?", "Does Bo have the cat?") == [
        ("forced", ("the cat",)),
        ("forced", ("yes",)),
    ]
    assert answers("Bo has the cat. The dog is in the hall.", "What does Bo have?") == [
        ("open", ("the cat", "the cat and the dog"))
    ]
    assert answers("Bo does not have the cat.", "What does Bo have?") == [("forced", ("nothing",))]


def test_a_claim_is_not_an_event() -> None:
    story = "Story:\nBo is in the kitchen.\nAna says Bo is in the garden.\n"
    assert answers(story, "Where is Bo?", "Does Ana lie?") == [
        ("forced", ("the kitchen",)),
        ("forced", ("yes",)),
    ]
    with pytest.raises(TextError) as caught:
        certify.check("Ana says Bo went to the garden.", [])
    assert caught.value.column == 10 and "not an event" in str(caught.value)


def test_who_lies_does_not_depend_on_the_questions_asked_before() -> None:
    text = "Bo lies. Ana tells the truth."
    alone = answers(text, "Who lies?")
    after = answers(text, "Does Carl lie?", "Who lies?")[1:]
    assert alone == after == [("forced", ("Bo",))]
