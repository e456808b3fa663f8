"""The catalogue of mistakes (grammar/errors.toml, issue 14): every example is a malformed
sentence classified under its own label, and every suggestion it can produce is read."""

from __future__ import annotations

import pytest

from certify.errors import TextError
from certify.syntax.catalogue import classify, mistakes, start_of
from certify.syntax.parse import parse_sentence, parser, reads
from certify.syntax.repair import probe

EXAMPLES = [(m.label, e) for m in mistakes() for e in m.examples]

# Sentences that are not in the catalogue, and the label each must get: the catalogue
# generalises beyond its own examples.
HELD_OUT = [
    ("than", "Joe is shorter Kim."),
    ("clock", "Kim arrives at 1245."),
    ("duration-unit", "Joe arrives 15 mins before Kim."),
    ("movement-to", "Kim went the cellar."),
    ("question-is", "Where Joe?"),
    ("question-mark", "Is Joe in the cellar."),
    ("at-place", "Kim is at the gym."),
    ("between-and", "z is between 1 to 4."),
    ("equals", "w equals 3."),
]


def error_of(sentence: str) -> TextError:
    with pytest.raises(TextError) as caught:
        parse_sentence(sentence[:-1], 1, 1, sentence[-1])
    return caught.value


def label_of(sentence: str) -> str | None:
    probed = probe(sentence[:-1], sentence[-1], reads)
    if probed is not None:
        return probed[0].label
    from certify.syntax.lark_runtime import UnexpectedInput

    try:
        parser().parse(sentence[:-1], start=start_of(sentence))
    except UnexpectedInput as error:
        found = classify(error, start_of(sentence))
        return found.label if found else None
    return "parses"


def test_labels_are_unique_and_every_fallback_reads() -> None:
    labels = [m.label for m in mistakes()]
    assert len(labels) == len(set(labels))
    assert [m.label for m in mistakes() if not reads(m.fallback)] == []


@pytest.mark.parametrize(("label", "sentence"), EXAMPLES)
def test_each_example_is_classified_under_its_own_label(label: str, sentence: str) -> None:
    assert sentence[-1] in ".?" and not reads(sentence)
    assert label_of(sentence) == label


@pytest.mark.parametrize(("label", "sentence"), HELD_OUT)
def test_sentences_outside_the_catalogue_get_the_right_label(label: str, sentence: str) -> None:
    assert label_of(sentence) == label


@pytest.mark.parametrize(("label", "sentence"), EXAMPLES + HELD_OUT)
def test_every_suggestion_reads_and_keeps_the_users_words(label: str, sentence: str) -> None:
    error = error_of(sentence)
    assert error.suggestion and reads(error.suggestion), error.suggestion
    parse_sentence(error.suggestion[:-1], 1, 1, error.suggestion[-1])
    message = next(m.message for m in mistakes() if m.label == label)
    assert message in error.message


def test_same_state_with_other_accepts_is_no_crash() -> None:
    """Lark 1.3's match_examples formats a ParserState with %d when an example fails in the
    same state with different accepts ("x > where 3" against "a + b equals 12"): such examples
    are left out before it is called, so the error is reported, not a TypeError."""
    error = error_of("x > where 3.")
    assert "I didn't expect '3'" in error.message and reads(error.suggestion)


def test_a_question_is_never_offered_a_statement() -> None:
    """A mistake whose fallback is a statement falls back, for a question, to the closest
    question of the language reference."""
    error = error_of("Is the circle to the north of the square?")
    assert error.suggestion.endswith("?") and reads(error.suggestion)
