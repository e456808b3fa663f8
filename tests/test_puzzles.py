"""Puzzles (SPEC §3 "Puzzles", "Well-posedness"): rows, ordering, grids and ``--unique``."""

from __future__ import annotations

import json

import pytest

from certify import check
from certify.errors import TextErrors
from certify.readout.answer import Options
from tests.paths import SAMPLES

ZEBRA = (SAMPLES / "puzzles" / "zebra.txt").read_text(encoding="utf-8")
CLUES = [line for line in ZEBRA.splitlines() if line and not line.startswith(("#", "Who"))]


def answers(text: str, *asks: str, **options: object) -> list[tuple[str, list[str]]]:
    report = check(text, questions=list(asks), options=Options(**options))  # type: ignore[arg-type]
    return [(q["status"], q["answers"]) for q in report.to_dict()["questions"]]


def test_the_zebra_puzzle_forces_the_norwegian_and_the_japanese() -> None:
    found = answers(ZEBRA)
    assert found == [("forced", ["the Norwegian"]), ("forced", ["the Japanese"])]


def test_the_zebra_puzzle_has_exactly_one_solution_and_no_redundant_clue() -> None:
    unique = check(ZEBRA, options=Options(unique=True)).to_dict()["unique"]
    assert unique["status"] == "forced"
    assert len(unique["solutions"]) == 1
    solution = unique["solutions"][0]["state"]
    assert solution["position of the Norwegian"] == solution["position of water"] == "1"
    assert solution["position of the Japanese"] == solution["position of the zebra"] == "5"
    assert unique["redundant"] == []


def test_an_englishman_with_the_zebra_has_exactly_two_minimal_conflicts() -> None:
    text = ZEBRA.replace("Who drinks water?", "The Englishman owns the zebra.\nWho drinks water?")
    report = check(text, options=Options(all_conflicts=True)).to_dict()
    assert report["consistency"] == "contradictory"
    detail = report["questions"][0]["conflict_detail"]
    assert detail["all_conflicts_complete"] is True
    lines = text.splitlines()
    clues = [*CLUES[6:], "The Englishman owns the zebra."]  # clues 2-15 and the added one
    clue_lines = {n for n, line in enumerate(lines, start=1) if line in clues}
    counts = sorted(len(set(c) & clue_lines) for c in detail["all_conflicts"])
    assert counts == [11, 14]


def test_an_open_row_shows_two_different_solutions() -> None:
    text = "There are three houses.\nThe colors are red, green and blue.\n"
    text += "The red house is the first house.\n"
    unique = check(text, options=Options(unique=True)).to_dict()["unique"]
    assert unique["status"] == "open"
    first, second = (s["state"] for s in unique["solutions"])
    assert first != second
    assert first["position of red"] == second["position of red"] == "1"


def test_an_entailed_clue_is_redundant_with_the_lines_it_follows_from() -> None:
    text = (
        "On a shelf, there are three books: a red book, a green book and a blue book.\n"
        "The red book is the leftmost.\n"
        "The green book is to the right of the blue book.\n"
        "The green book is the rightmost.\n"
        "Which book is the second from the left?\n"
    )
    report = check(text, options=Options(unique=True)).to_dict()
    assert report["questions"][0]["status"] == "forced"
    assert report["questions"][0]["answers"] == ["the blue book"]
    unique = report["unique"]
    assert unique["status"] == "forced"
    entailed = {r["line"]: r["given"] for r in unique["redundant"] if r["why"] == "entailed"}
    assert entailed == {3: [1, 4], 4: [1, 2, 3]}


def test_a_clue_the_questions_do_not_need_is_redundant_for_them() -> None:
    text = (
        "There are three houses.\n"
        "The colors are red, green and blue.\n"
        "The pets are the cat, the dog and the fish.\n"
        "The cat owner lives in the red house.\n"
        "The red house is the leftmost.\n"
        "The dog owner lives in the blue house.\n"
        "Which pet is in the first house?\n"
    )
    unique = check(text, options=Options(unique=True)).to_dict()["unique"]
    assert unique["status"] == "open"
    why = {r["line"]: r["why"] for r in unique["redundant"]}
    assert why == {6: "questions"}


@pytest.mark.parametrize(
    ("row", "sentence", "expect"),
    [
        ("In a race, there were three runners: Ana, Amy and Eli.", "Amy is newer than Eli.", None),
        ("In a race, there were three runners: Ana, Amy and Eli.", "Ana finished last.", "last"),
        ("In a race, there were three runners: Ana, Amy and Eli.", "Bob finished first.", "first"),
    ],
)
def test_orders_by_age_by_price_and_by_finish(row: str, sentence: str, expect: str | None) -> None:
    text = f"{row}\n{sentence}\nWho finished first?\n"
    if sentence.startswith("Bob"):
        with pytest.raises(TextErrors) as caught:
            check(text)
        assert "'Bob' is not a member or a declared value" in str(caught.value.errors[0])
        return
    if expect is None:
        with pytest.raises(TextErrors) as caught:
            check(text)
        assert "a row has one order" in str(caught.value.errors[0])
        return
    assert answers(text)[0][0] == "open"


THREE = "There are three houses.\nThe people are the Dane, the Finn and the Swede.\n"
FOUR = "There are four houses.\nThe people are the Dane, the Finn, the Swede and Bo.\n"


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        ("There are three houses.\nThe colors are red and green.\n", 2, "list 2 values"),
        (
            "On a shelf, there are three books: a red book and a green book.\n",
            1,
            "announces 3 books and lists 2",
        ),
        (THREE + "There are four houses.\n", 3, "one row"),
        (FOUR + "The Dane is in the middle house.\n", 3, "no middle one"),
        (THREE + "The Dane is the fourth from the left.\n", 3, "names position"),
        (THREE + "The Dane sings.\n", 3, "'sings' is not a verb of the puzzle language"),
        (THREE + "The Dane is in.\n", 3, "stops too early"),
        (THREE + "The Dane is beside the Finn.\n", 3, "'beside' is a word of the language"),
        (THREE + "The person who does not live in the first house is the Dane.\n", 3, "who"),
        (THREE + "The Dane is above the Finn.\nThe Dane is the leftmost.\n", 4, "one order"),
        ("The colors are red, green and blue.\nThere are three houses.\n", 1, "no row"),
    ],
)
def test_a_puzzle_sentence_that_cannot_mean_anything_is_an_error(
    text: str, line: int, message: str
) -> None:
    with pytest.raises(TextErrors) as caught:
        check(text)
    error = caught.value.errors[0]
    assert message in str(error), str(error)
    assert error.line == line


def test_a_puzzle_error_has_a_caret_and_a_puzzle_suggestion_that_reads() -> None:
    text = "There are three houses.\nThe colors are red, green and blue.\n"
    text += "The red house is beside the green house.\n"
    with pytest.raises(TextErrors) as caught:
        check(text)
    error = caught.value.errors[0]
    assert (error.line, error.column) == (3, 15)  # the phrase after "is"
    assert error.suggestion
    fixed = text.replace("The red house is beside the green house.", error.suggestion)
    check(fixed.replace("the Dane", "red").replace("the Finn", "green"))


def test_unique_on_the_command_line_prints_the_verdict(tmp_path: object) -> None:
    from typer.testing import CliRunner

    from certify.cli.app import app

    result = CliRunner().invoke(app, [str(SAMPLES / "puzzles" / "zebra.txt"), "--unique"])
    assert result.exit_code == 0, result.output
    assert "well posed? exactly one solution" in result.output
    assert "redundant: none" in result.output
    as_json = CliRunner().invoke(
        app, [str(SAMPLES / "puzzles" / "books.txt"), "--unique", "--json"]
    )
    assert json.loads(as_json.output)["unique"]["status"] == "forced"
