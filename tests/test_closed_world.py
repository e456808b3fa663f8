"""``--closed-world``: the Clark completion of the text's definite rules (README "The
closed-world reading", ``certify/meaning/closed.py``), against the open reading, a least-model
oracle that shares nothing with certify, the evaluator and ``certify verify``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from certify import Options, TextError, check
from certify.cli.app import app
from certify.cli.verify_report import verify_document
from certify.errors import UsageError
from certify.evaluate import check as evaluate
from certify.meaning.moments import problem_at
from certify.pipeline import read
from certify.readout.witness import state_from
from certify.syntax.parse import read_document
from tests.reference.closed_world import answers, draw

CLOSED = Options(closed_world=True, story=True)
# bAbI task 15, train story 1 (lines 1-9), verbatim.
MICE = """Mice are afraid of wolves.
Gertrude is a mouse.
Cats are afraid of sheep.
Winona is a mouse.
Sheep are afraid of wolves.
Wolves are afraid of cats.
Emily is a mouse.
Jessica is a wolf.
What is gertrude afraid of?
"""


def test_babi_deduction_is_forced_under_the_closed_world_and_open_without() -> None:
    open_world = check(MICE, options=Options(story=True)).questions[0]
    assert open_world.status == "open"
    assert "wolf and sheep" in open_world.answers
    closed = check(MICE, options=CLOSED)
    assert closed.closed_world
    (answer,) = closed.questions
    assert (answer.status, answer.answers) == ("forced", ("wolf",))
    # the rules whose completion rules out sheep and cats, with the facts
    assert answer.support == (1, 2, 3, 6)


def test_what_nothing_derives_is_false() -> None:
    text = "Tom is a cat.\nCats are big.\nIs Tom big?\nIs Tom small?\nIs Bob a cat?\n"
    report = check(text, options=Options(closed_world=True))
    assert [(q.status, q.answers) for q in report.questions] == [
        ("forced", ("yes",)),
        ("forced", ("no",)),
        ("forced", ("no",)),
    ]
    assert [q.status for q in check(text).questions] == ["forced", "open", "open"]


def test_the_option_is_never_silent() -> None:
    assert not check(MICE, options=Options(story=True)).closed_world
    assert "closed_world" not in check(MICE, options=Options(story=True)).to_dict()
    assert check(MICE, options=CLOSED).to_dict()["closed_world"] is True


def test_a_question_is_answered_before_later_facts() -> None:
    text = "Cats are big.\nIs Tom big?\nTom is a cat.\nIs Tom big?\n"
    report = check(text, options=Options(closed_world=True))
    assert [q.answers for q in report.questions] == [("no",), ("yes",)]


ROUGH = "Rough things are green.\nGreen things are rough.\nAna is rough.\nIs Ana green?\n"
THROUGH_NAMES = (
    "Ana is big.\nIf Ana is big, then Bob is big.\nIf Bob is big, then Ana is kind.\n"
    "If Ana is kind, then Ana is big.\nIs Bob big?\n"
)


@pytest.mark.parametrize(("text", "lines"), [(ROUGH, [1, 2]), (THROUGH_NAMES, [2, 3, 4])])
def test_a_cycle_through_the_rules_is_refused_with_its_lines(text: str, lines: list[int]) -> None:
    with pytest.raises(TextError) as refused:
        check(text, options=Options(closed_world=True))
    (error,) = refused.value.errors
    assert error.line == lines[0]
    assert "lines " + ", ".join(map(str, lines)) + " make" in error.message
    check(text)  # the open reading reads it


def test_rules_that_are_acyclic_on_the_names_are_read() -> None:
    """A predicate may depend on itself when no ground atom does (Bob's bigness on Ana's)."""
    text = "Ana is big.\nIf Ana is big, then Bob is big.\nIs Bob big?\nIs Carl big?\n"
    report = check(text, ["Is Carl big?"], options=Options(closed_world=True))
    assert [q.answers for q in report.questions] == [("yes",), ("no",), ("no",)]


@pytest.mark.parametrize(
    ("sentence", "column"),
    [
        ("The cat is not big.", 1),
        ("Bob is big or small.", 1),
        ("Exactly one of Ana and Bob is big.", 1),
        ("Someone is big.", 1),
        ("Ana is big if and only if Bob is big.", 1),
        ("If Ana is in the kitchen, then Ana is big.", 1),
    ],
)
def test_what_is_no_definite_rule_is_refused_at_its_line(sentence: str, column: int) -> None:
    text = f"Ana is kind.\n{sentence}\nIs Ana big?\n"
    with pytest.raises(TextError) as refused:
        check(text, options=Options(closed_world=True))
    (error,) = refused.value.errors
    assert (error.line, error.column) == (2, column)
    assert "--closed-world" in error.message


def test_a_disjunction_among_the_premises_is_a_rule() -> None:
    text = "Carl is rough.\nIf Carl is big or rough, then Bea is nice.\nIs Bea nice?\n"
    (answer,) = check(text, options=Options(closed_world=True)).questions
    assert (answer.status, answer.answers, answer.support) == ("forced", ("yes",), (1, 2))


def test_locations_stay_open() -> None:
    text = "Ana is in the kitchen or the garden.\nAna is big.\nWhere is Ana?\nIs Ana kind?\n"
    report = check(text, options=Options(closed_world=True))
    assert [q.status for q in report.questions] == ["open", "forced"]


def test_every_witness_satisfies_the_completed_text_and_an_open_one_does_not() -> None:
    document = read_document(MICE)
    reading, _, _ = read(document, story=True, closed_world=True)
    completed = problem_at(reading, 9, column=1)
    assert any(s.closure for s in completed.statements)
    (closed,) = check(MICE, options=CLOSED).questions
    for witness in closed.witnesses:
        assert evaluate(completed, state_from(witness.assignment)) == []
    (open_world,) = check(MICE, options=Options(story=True)).questions
    feared = [w for w in open_world.witnesses if w.answer != "wolf"]
    assert feared
    for witness in feared:  # afraid of sheep or cats: false under the completion
        assert any("closed world" in f for f in evaluate(completed, state_from(witness.assignment)))


def test_verify_reads_the_report_with_the_closed_world() -> None:
    data = json.loads(json.dumps(check(MICE, options=CLOSED).to_dict()))
    assert verify_document(data, MICE) == []
    del data["closed_world"]  # read openly, the forced claim breaks
    broken = verify_document(data, MICE)
    assert any("also permits" in b for b in broken)


def test_unique_is_refused_with_the_closed_world(tmp_path: Path) -> None:
    with pytest.raises(UsageError, match="--unique"):
        check(MICE, options=Options(closed_world=True, story=True, unique=True))
    (tmp_path / "mice.txt").write_text(MICE, encoding="utf-8")
    runner = CliRunner()
    result = runner.invoke(app, [str(tmp_path / "mice.txt"), "--closed-world", "--unique"])
    assert result.exit_code == 2, result.output
    assert runner.invoke(app, [str(tmp_path / "mice.txt"), "--closed-world"]).exit_code == 0


def test_the_enumeration_engine_agrees_on_a_small_text() -> None:
    text = "Tom is a cat.\nCats are big.\nBig things are kind.\nIs Tom kind?\nIs Tom a dog?\n"
    sat = check(text, options=Options(closed_world=True))
    enumerated = check(text, options=Options(closed_world=True, engine="enumerate"))
    assert [(q.status, q.answers) for q in sat.questions] == [
        (q.status, q.answers) for q in enumerated.questions
    ]
    assert [q.answers for q in sat.questions] == [("yes",), ("no",)]


@pytest.mark.parametrize("seed", range(120))
def test_the_closed_world_agrees_with_the_least_model_oracle(seed: int) -> None:
    text = draw(seed)
    report = check(text.english(), options=Options(closed_world=True))
    got = [(q.status, q.answers) for q in report.questions]
    assert got == [("forced", (a,)) for a in answers(text)], text.english()
