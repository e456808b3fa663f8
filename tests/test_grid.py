"""Positions in the plane (issue "Stories as bAbI tells them", bAbI 19 and StepGame): compass
directions, the grid reading, routes, and StepGame's template language with its relation
question, answered by the difference-bound domain.

Each expected answer is worked out by hand from the README's reading, not copied from
certify's output.
"""

from __future__ import annotations

import json
import sys
from fractions import Fraction

import pytest

from certify import TextError, check
from certify.cli.verify_report import verify_document
from certify.evaluate import answer_in
from certify.meaning import ir, queries
from certify.meaning.positions import LABELS, label_of, step_of
from certify.readout.answer import Options
from certify.report import to_json
from certify.syntax.parse import read_document
from certify.syntax.stepgame import stepgame_parser, templates
from tests.paths import ROOT

ROOMS = """The office is east of the hallway.
The kitchen is north of the office.
The garden is west of the bedroom.
The office is west of the garden.
The bathroom is north of the garden.
"""


def _answers(text: str, grid: bool = False) -> list[tuple[str, object]]:
    report = check(text, [], options=Options(grid=grid))
    return [(a.status, a.answers) for a in report.questions]


@pytest.mark.parametrize("grid", [False, True])
def test_a_route_follows_the_rooms_a_statement_relates(grid: bool) -> None:
    """Kitchen → office (south, line 2) → garden (east, line 4); kitchen and bathroom are
    side by side on the grid, but no statement relates them, so no route goes that way."""
    text = ROOMS + "How do you go from the kitchen to the garden?\n"
    assert _answers(text, grid) == [("forced", ("south, east",))]
    (answer,) = check(text, [], options=Options(grid=grid)).questions
    assert answer.support == (2, 4)  # bAbI's own supporting facts for this story


def test_a_route_back_reverses_each_step() -> None:
    text = ROOMS + "How do you go from the garden to the hallway?\n"
    assert _answers(text) == [("forced", ("west, west",))]


def test_two_shortest_routes_with_other_directions_leave_it_open() -> None:
    text = (
        "The cellar is north of the hall.\nThe attic is east of the cellar.\n"
        "The office is east of the hall.\nThe attic is north of the office.\n"
        "How do you go from the hall to the attic?\n"
    )
    status, answers = _answers(text)[0]
    assert status == "open" and set(answers) == {"north, east", "east, north"}  # type: ignore[arg-type]


def test_no_route_of_stated_steps_is_not_an_answer() -> None:
    text = "The hall is north of the attic.\nThe office is east of the cellar.\n"
    text += "How do you go from the hall to the office?\n"
    assert _answers(text)[0][0] == "unresolved"


def test_the_grid_reading_is_one_step_and_the_ordering_reading_any_distance() -> None:
    """North of B twice: on the grid both are the one cell north of B, so neither is north of
    the other; as an ordering either may be higher."""
    text = "The attic is north of the hall.\nThe loft is north of the hall.\n"
    text += "Is the attic north of the loft?\n"
    assert _answers(text, grid=True) == [("forced", ("no",))]
    assert _answers(text, grid=False)[0][0] == "open"
    assert _answers("Grid:\n" + text) == [("forced", ("no",))]  # the header is --grid


def test_a_compass_question_asks_its_own_axis() -> None:
    text = ROOMS + "Is the bathroom east of the kitchen?\nIs the kitchen south of the hallway?\n"
    assert _answers(text) == [("forced", ("yes",)), ("forced", ("no",))]


def test_the_route_question_keeps_its_words_strict() -> None:
    with pytest.raises(TextError) as caught:
        check(ROOMS + "How do you walk from the kitchen to the garden?\n")
    assert "walk" in str(caught.value)


STEPS = """Grid:
C is sitting at the top position to H.
Z is to the right of U.
Z is to the bottom right of C.
"""


def test_stepgame_relations_are_forced_by_the_dbm_with_their_lines() -> None:
    """Z = U + (1, 0); C = H + (0, 1); Z = C + (1, -1), so Z = H + (1, 0): right of H, and
    C = U + (0, 1): above U."""
    text = STEPS + (
        "What is the relation of the agent Z to the agent H?\n"
        "What is the relation of the agent C to the agent U?\n"
    )
    report = check(text, [])
    found = [(a.status, a.answers, a.support, a.domain) for a in report.questions]
    assert found == [
        ("forced", ("right",), (2, 4), "dbm"),
        ("forced", ("above",), (3, 4), "dbm"),
    ]
    assert all(w.answer == a.answers[0] for a in report.questions for w in a.witnesses)  # type: ignore[index]


def test_an_unrelated_agent_leaves_every_label_open() -> None:
    text = STEPS + "W is to the left of Q.\nWhat is the relation of the agent W to the agent Z?\n"
    status, answers = _answers(text)[0]
    assert status == "open" and set(answers) == set(LABELS)  # type: ignore[arg-type]


def test_agents_no_statement_places_leave_every_label_open() -> None:
    text = STEPS + "What is the relation of the agent K to the agent X?\n"
    status, answers = _answers(text)[0]
    assert status == "open" and set(answers) == set(LABELS)  # type: ignore[arg-type]


def test_one_agent_placed_from_itself_contradicts_the_text() -> None:
    """StepGame writes "K is diagonally left and above K.": as written, impossible."""
    text = "Grid:\nK is diagonally left and above K.\n"
    text += "What is the relation of the agent K to the agent X?\n"
    assert _answers(text)[0][0] == "contradictory"


def test_a_stepgame_text_is_read_with_its_templates_only_under_the_grid_reading() -> None:
    text = "Z is to the bottom right of C.\nWhat is the relation of the agent Z to the agent C?\n"
    assert read_document("Grid:\n" + text).templates
    assert read_document(text, grid=True).templates
    with pytest.raises(TextError) as caught:
        read_document(text)  # the main grammar reads no "bottom right of"
    assert "'bottom'" in str(caught.value)


def test_a_sentence_that_is_no_template_is_refused_at_its_word() -> None:
    with pytest.raises(TextError) as caught:
        check(STEPS + "Z is far from U.\n")
    error = caught.value.errors[0]  # type: ignore[attr-defined]
    assert (error.line, error.column) == (5, 6) and "'far'" in error.message


def test_a_template_that_names_an_agent_twice_must_name_the_same_one() -> None:
    with pytest.raises(TextError) as caught:
        check(STEPS + "A and B are side by side with A to the left and C to the right.\n")
    error = caught.value.errors[0]  # type: ignore[attr-defined]
    assert error.column == 49 and "'B'" in error.message


def test_every_template_reads_its_own_text() -> None:
    texts = [t.text for t in templates()]
    assert len(texts) == len(set(texts)) == 210
    for template in templates():
        filled = template.text.replace("{A}", "P").replace("{B}", "Q")
        stepgame_parser().parse(filled, start="statement")
        assert template.label in (*LABELS, "there"), template


def test_labels_and_steps_of_offsets() -> None:
    half = Fraction(1, 2)
    assert label_of(Fraction(-2), half) == "upper-left"
    assert label_of(Fraction(0), Fraction(0)) == "overlap"
    assert step_of(Fraction(0), Fraction(-1), unit=True) == "south"
    assert step_of(Fraction(0), Fraction(-2), unit=True) is None
    assert step_of(Fraction(0), Fraction(-2), unit=False) == "south"
    assert step_of(Fraction(1), Fraction(1), unit=False) is None


def test_the_evaluator_checks_a_route_on_its_state() -> None:
    places = (("hall", "hall.x", "hall.y"), ("attic", "attic.x", "attic.y"))
    query = queries.AskRoute(places, frozenset({(1, 0, 1)}), 0, 1, True, via=(0, 1))
    problem = ir.Problem((), ir.Vocabulary())

    def at(attic_y: int) -> ir.State:
        numbers = {"hall.x": 0, "hall.y": 0, "attic.x": 0, "attic.y": attic_y}
        return ir.State(numbers=tuple((k, Fraction(v)) for k, v in numbers.items()))

    assert answer_in(problem, at(1), query) == "north"
    assert answer_in(problem, at(2), query) != "north"  # two units: not one step


@pytest.mark.parametrize("grid", [False, True])
def test_verify_rederives_routes_and_relations(grid: bool) -> None:
    for sample in ("compass.txt", "stepgame.txt"):
        text = (ROOT / "samples" / "stories" / sample).read_text(encoding="utf-8")
        data = json.loads(json.dumps(to_json(check(text, [], options=Options(grid=grid)))))
        assert verify_document(data, text) == [], sample


def test_verify_catches_a_wrong_label_and_a_wrong_route() -> None:
    text = STEPS + "What is the relation of the agent Z to the agent H?\n"
    data = to_json(check(text, []))
    data["questions"][0]["answers"] = ["left"]
    assert any("answer set" in b for b in verify_document(data, text))
    rooms = ROOMS + "How do you go from the kitchen to the garden?\n"
    data = to_json(check(rooms, []))
    data["questions"][0]["witnesses"][0]["answer"] = "east, south"
    assert any("no shortest route" in b for b in verify_document(data, rooms))


def test_babi_path_gold_is_read_as_directions() -> None:
    sys.path.insert(0, str(ROOT / "benchmarks"))
    import babi

    expected = babi.expected(19, "s,e")
    assert (expected.status, expected.answer, expected.ordered) == (
        "forced",
        ("south", "east"),
        True,
    )
