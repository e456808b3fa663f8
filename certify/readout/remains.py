"""The default view: with no question, what remains of every variable the text mentions."""

from __future__ import annotations

from certify.meaning import ir, queries
from certify.meaning.possession import is_event
from certify.meaning.space import boolean_atoms, grounded
from certify.numeric import LinearExpr


def remaining_questions(problem: ir.Problem) -> list[queries.Question]:
    """One generated question per variable: places, values, properties, numbers."""
    vocabulary = problem.vocabulary
    questions: list[queries.Question] = []

    def ask(text: str, query: queries.Query) -> None:
        questions.append(queries.Question(text, 0, query))

    for thing in vocabulary.located:
        if "@" not in thing:
            ask(f"Where is {vocabulary.label(thing)}?", queries.AskWhere(thing))
    for thing, attribute in vocabulary.valued:
        ask(f"What {attribute} is {vocabulary.label(thing)}?", queries.AskValue(thing, attribute))
    for atom in boolean_atoms(f for _, f in grounded(problem)):
        if is_event(atom):  # a fact of the statement that tells it, not a variable
            continue
        if isinstance(atom, ir.Holds):
            text = f"Is {vocabulary.label(atom.thing)} {atom.predicate}?"
        else:
            subject, target = vocabulary.label(atom.subject), vocabulary.label(atom.object)
            text = f"Does {subject} {atom.verb} {target}?"
        ask(text, queries.AskTruth(atom))
    for name in vocabulary.numbers:
        clock = name in vocabulary.clocks
        if clock and "." in name:  # "ana.arrive": When does Ana arrive?
            thing, verb = name.rsplit(".", 1)
            text = f"When does {vocabulary.label(thing)} {verb}?"
        else:
            text = f"What is {vocabulary.label(name)}?"
        ask(text, queries.AskNumber(LinearExpr.variable(name), clock))
    return questions
