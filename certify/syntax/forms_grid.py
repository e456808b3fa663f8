"""The sentence forms of positions in the plane (bAbI 17, 19; StepGame), for ``forms``.

Kept apart from ``certify.syntax.forms`` so that each list stays short; ``forms`` appends
them to its own lists, and the README's language reference shows them like every other form.
"""

from __future__ import annotations

GRID_STATEMENTS: tuple[tuple[str, str, str], ...] = (
    (
        "Positions",
        "X is to the left of Y. (also to the right of: one row)",
        "The triangle is to the left of the red square.",
    ),
    ("Positions", "X is above Y. (also below: one column)", "The red square is above the box."),
    (
        "Positions",
        "X is north of Y. (also south, east, west of)",
        "The kitchen is north of the garden.",
    ),
)

GRID_QUESTIONS: tuple[tuple[str, str], ...] = (
    ("Is X to the left of Y? (its own axis only)", "Is the triangle to the left of the box?"),
    ("Is X above Y?", "Is the triangle above the red square?"),
    ("Is X north of Y?", "Is the kitchen north of the garden?"),
    ("How do you go from P to Q? (the directions)", "How do you go from the kitchen to the hall?"),
)

STEPGAME_FORMS: tuple[tuple[str, str], ...] = (
    # (form, example): a text read with --grid (or "Grid:") whose first statement is a template
    ("one of StepGame's templates (grammar/stepgame.toml)", "Z is to the bottom right of C."),
    (
        "What is the relation of the agent X to the agent Y?",
        "What is the relation of the agent Z to the agent C?",
    ),
)


def grid_markdown() -> list[str]:
    """The README lines of the grid reading and StepGame's template language."""
    lines = ["", "**StepGame** (with `--grid` or a first line `Grid:`, when the first statement"]
    lines += ["is one of the templates of `grammar/stepgame.toml`)", "", "| form | example |"]
    lines += ["|---|---|", *(f"| `{form}` | `{example}` |" for form, example in STEPGAME_FORMS)]
    return lines
