"""What the typing of names makes meaningless, refused after the places are decided
(SPEC §2 "Places and individuals"): "the same place as" a place, and a question that asks
whether something is in a name that is not a place."""

from __future__ import annotations

from collections.abc import Sequence

from certify.errors import TextError
from certify.meaning import formulas, ir, queries
from certify.meaning.mentions import Lowered, LoweredQuestion, Mention
from certify.meaning.space import is_place_noun
from certify.syntax import ast
from certify.syntax.errors import SentenceError


def check_roles(
    places: frozenset[str],
    statements: Sequence[Lowered],
    questions: Sequence[LoweredQuestion],
) -> list[TextError]:
    """Refuse what the typing makes meaningless: "the same place as" a place, "Is X in N?"
    for a name N that is not a place."""
    errors: list[TextError] = []
    for lowered in statements:
        for atom in formulas.atoms_of(lowered.statement.formula):
            if isinstance(atom, ir.SamePlace):
                for key in (atom.first, atom.second):
                    if key in places:
                        errors.append(_place_has_no_place(key, lowered.mentions, lowered.statement))
    for asked in questions:
        refused: set[str] = set()  # once per name ("Are Ana and Bob in the zorb?")
        for m in asked.mentions:
            if m.role != "place" or m.key in places or is_place_noun(m.noun):
                continue
            if m.key not in refused:
                refused.add(m.key)
                errors.append(_not_a_place(m, asked.question))
    return errors


def _where(mentions: Sequence[Mention], key: str, line: int, column: int) -> ast.Span:
    for m in mentions:
        if m.key == key and m.span is not None:
            return m.span
    return ast.Span(line, column, column)


def _place_has_no_place(
    key: str, mentions: Sequence[Mention], said: ir.Statement | queries.Question
) -> SentenceError:
    label = next((m.label for m in mentions if m.key == key and m.label), key)
    return SentenceError(
        f"{label} is a place, and only individuals are located this way",
        _where(mentions, key, said.line, said.column),
        f"{label[:1].upper()}{label[1:]} is in the house.",
        expected="an individual (a person, an animal, an object that is not a place)",
    )


def _not_a_place(mention: Mention, question: queries.Question) -> SentenceError:
    label = mention.label or mention.key
    error = SentenceError(
        f"{label} is not a place: no statement puts anything in it and its name is not a "
        "place noun",
        mention.span or ast.Span(question.line, question.column, question.column),
        f"{label[:1].upper()}{label[1:]} is a place.",
        expected="a place (declare it above the question, or ask about a place of the text)",
    )
    if not question.line:  # an --ask question: its own text, as a parse error of it shows
        error.file, error.source_line = "--ask", question.text
    return error
