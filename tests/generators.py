"""Hypothesis strategies for small random texts in certify's language (finite fragment)."""

from __future__ import annotations

from hypothesis import strategies as st

from certify.domains.enumerate import space_size
from certify.meaning.moments import problem_at
from certify.pipeline import read
from certify.syntax.parse import read_document

PEOPLE = ("Ana", "Bea", "Carl", "Dan")
PLACES = ("the kitchen", "the garden", "the hall", "the attic")
COLORS = ("red", "green", "blue")


@st.composite
def finite_text(draw: st.DrawFn) -> tuple[str, list[str]]:
    """A text of at most six statements over at most four people and four places, and questions."""
    people = PEOPLE[: draw(st.integers(1, 4))]
    places = PLACES[: draw(st.integers(1, 4))]
    person = st.sampled_from(people)
    place = st.sampled_from(places)
    color = st.sampled_from(COLORS)
    lines: list[str] = []
    if draw(st.booleans()) and len(places) >= 2:
        lines.append("The places are " + _list(places) + ".")
    use_colors = draw(st.booleans())
    if use_colors:
        lines.append("The colors are red, green and blue.")

    def atom() -> str:
        kind = draw(st.sampled_from(("in", "in", "notin", "big", "color" if use_colors else "in")))
        who = draw(person)
        if kind == "in":
            return f"{who} is in {draw(place)}"
        if kind == "notin":
            return f"{who} is not in {draw(place)}"
        if kind == "big":
            return f"{who} is big"
        return f"{who} is {draw(color)}"

    templates = [
        lambda: f"{draw(person)} is in {draw(place)}.",
        lambda: f"{draw(person)} is not in {draw(place)}.",
        lambda: f"{draw(person)} is in {draw(place)} or {draw(place)}.",
        lambda: f"{draw(person)} is either in {draw(place)} or in {draw(place)}.",
        lambda: f"{draw(person)} is neither in {draw(place)} nor in {draw(place)}.",
        lambda: f"{draw(person)} is in the same place as {draw(person)}.",
        lambda: _two(draw, people, "{} and {} are in different places."),
        lambda: f"If {atom()}, then {atom()}.",
        lambda: _two(draw, people, "Exactly one of {} and {} is in " + draw(place) + "."),
        lambda: _two(draw, people, "{} or {} is in " + draw(place) + "."),
        lambda: f"Nobody is in {draw(place)}.",
        lambda: f"It is not the case that {atom()}.",
        lambda: f"Either {atom()} or {atom()}.",
        lambda: f"{atom()[0].upper()}{atom()[1:]}.",
        lambda: f"Not both {atom()} and {atom()}.",
        lambda: f"{atom()} if and only if {atom()}.",
    ]
    if len(places) >= 2:
        templates.append(lambda: _two(draw, places, "{} is in {}."))
    if use_colors:
        templates.append(lambda: f"{draw(person)} is {draw(color)} or {draw(color)}.")
        templates.append(lambda: _two(draw, people, "{} and {} have different colors."))
    count = draw(st.integers(1, 6))
    for _ in range(count):
        index = draw(st.integers(0, len(templates) - 1))
        sentence = templates[index]()
        lines.append(sentence[0].upper() + sentence[1:])
    questions = [
        f"Where is {draw(person)}?",
        f"Is {draw(person)} in {draw(place)}?",
        f"Who is in {draw(place)}?",
        f"Is it true that {atom()}?",
    ]
    if use_colors:
        questions.append(f"What color is {draw(person)}?")
    chosen = draw(st.lists(st.sampled_from(questions), min_size=1, max_size=3, unique=True))
    return "\n".join(lines) + "\n", chosen


def _list(items: tuple[str, ...]) -> str:
    return ", ".join(items[:-1]) + " and " + items[-1]


def _two(draw: st.DrawFn, pool: tuple[str, ...], template: str) -> str:
    if len(pool) < 2:
        return f"{pool[0]} is big."
    first, second = draw(st.permutations(pool))[:2]
    return template.format(first, second)


ORACLE_STATES = 1 << 12
"""The largest state space an oracle test enumerates (about 98% of generated texts fit).

The enumeration engine is a Python loop over every state; a rare text whose places contain
each other spans millions of states and would take minutes, so oracle tests skip it.
"""


def enumerable(case: tuple[str, list[str]]) -> bool:
    """Whether every question of the case has a state space the oracle enumerates quickly."""
    text, questions = case
    reading, asked, _ = read(read_document(text), questions)
    for lowered in asked:
        query = lowered.question.query
        extra = (query.formula,) if hasattr(query, "formula") else ()
        problem = problem_at(reading, None, lowered.mentions)
        if space_size(problem, extra) > ORACLE_STATES:
            return False
    return True


def small_finite_text() -> st.SearchStrategy[tuple[str, list[str]]]:
    """``finite_text`` restricted to texts the enumeration oracle handles in milliseconds."""
    return finite_text().filter(enumerable)
