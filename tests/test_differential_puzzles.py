"""certify against a puzzle oracle that shares nothing with it (issue "Puzzles in the words
people write them": the differential test covers the new forms).

Random puzzles — rows ordered by position, age, price or finish, and logic grids — are drawn
as data by tests/reference/puzzles.py, rendered to English by its own templates, solved there
by brute force over every permutation, and certified by certify through its public API.  Per
question the status and the answer set must agree; a refusal of a generated sentence is a
failure.  The draw forces one clue form per text in turn, so every form shows up whatever the
seed (``CERTIFY_PUZZLE_SEED`` picks another seed).
"""

from __future__ import annotations

import os
import random

from certify import check
from certify.errors import TextErrors
from tests.reference.puzzles import SCALES, Draw

TEXTS = 600
SEED = int(os.environ.get("CERTIFY_PUZZLE_SEED", "20261201"))
ROW_FORMS = {"compare", "rank", "not rank", "if", "iff", "either"}
NO_NOT = ("finish", "not rank")  # "Ana finished not last" is not English: never drawn
GRID_FORMS = {
    "link",
    "does not",
    "lives in color",
    "lives in ordinal",
    "side",
    "side immediately",
    "next",
    "rank",
    "with",
    "who",
    "owner",
    "possessive",
    "if",
    "either",
}
FORMS = {
    *(f"{scale} {form}" for scale in SCALES for form in ROW_FORMS if (scale, form) != NO_NOT),
    "side immediately",
    "stack immediately",
    "side next",
    *(f"grid {form}" for form in GRID_FORMS),
}


def certified(text: str) -> list[tuple[str, list[str]]]:
    report = check(text).to_dict()
    return [(q["status"], sorted(q["answers"] or [])) for q in report["questions"]]


def test_certify_agrees_with_the_puzzle_oracle() -> None:
    draw = Draw(random.Random(SEED))
    forms: set[str] = set()
    statuses: set[str] = set()
    findings: list[str] = []
    for mode in range(TEXTS):
        puzzle = draw.puzzle(mode)
        forms |= puzzle.forms
        text = puzzle.text()
        try:
            found = certified(text)
        except TextErrors as refused:
            findings.append(f"refused: {refused.errors[0]}\n{text}")
            continue
        expected = puzzle.expected()
        statuses |= {status for status, _ in expected}
        if found != expected:
            findings.append(f"certify {found}\noracle  {expected}\n{text}")
    assert not findings, f"{len(findings)} findings; the first:\n" + findings[0]
    assert forms >= FORMS, f"never drawn: {sorted(FORMS - forms)}"
    assert statuses == {"forced", "open", "contradictory"}
