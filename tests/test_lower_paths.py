"""The short ways of lowering a comparison give what the general way gives.

``Naming.comparison`` lowers a statement that is one comparison (``x2 - x1 <= 3``) without
the walks ``Lowering._sentence`` makes of any statement (quantifier words, the rule variable,
the subjects a pronoun may refer to); ``lower_numbers._rename`` keeps an expression whose names
are their own variables.  Every text of the samples and the conformance cases, drawn numeric
texts and texts where a pronoun follows a comparison are lowered both ways, and must give equal
readings, questions and errors; ``_rename`` must give what ``LinearExpr.of`` gives.
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from certify import pipeline
from certify.errors import TextError
from certify.meaning import lower_numbers
from certify.meaning.lower import Lowering
from certify.meaning.names import Naming
from certify.meaning.quantifiers import quantifiers
from certify.numeric import LinearExpr
from certify.syntax import ast
from certify.syntax.parse import read_document
from tests.paths import CONFORMANCE, SAMPLES

PRONOUNS = [
    "Ana is happy. x - y <= 3. She is kind.\n",
    "Ana is happy. She is kind. x - y <= 3.\nWhat is x - y?\n",
    "Ana is in the kitchen. x = 1. It is not the case that she is in the hall.\n",
    "x = 1. It is happy.\n",
    "Every cat is happy. x - y <= 3. Tom is a cat. Is Tom happy?\n",
    "Ana is in the kitchen. x - y <= 3. Then Ana went to the hall. x > 2. Where is Ana?\n",
    "Story:\nAna went to the kitchen. x - y = 2. Ana went to the hall. Where is Ana?\n",
    "x is an integer. x - y <= 1/2. x = x - 1. 3 = 3. What is x?\n",
]


def drawn(count: int) -> list[str]:
    """Numeric texts: differences, sums, bounds, names that are words, and questions."""
    pick = random.Random(9)
    names = ["x", "y", "z", "x1", "x2", "t", "a", "b", "speed", "Ana"]
    forms = [
        "{u} - {v} <= {c}.",
        "{u} - {v} > -{c}.",
        "{u} + {v} = {c}.",
        "{c} <= {u} - {v} < {d}.",
        "{u} = {v}.",
        "{u} - {u} <= {c}.",
        "{u} is between {c} and {d}.",
        "{u} is an integer.",
        "2{u} - {v} >= 1/2.",
        "What is {u} - {v}?",
        "Is {u} < {v}?",
    ]
    texts = []
    for _ in range(count):
        lines = []
        for _ in range(pick.randint(1, 12)):
            u, v = pick.sample(names, 2)
            c = pick.randint(0, 9)
            lines.append(pick.choice(forms).format(u=u, v=v, c=c, d=c + pick.randint(0, 5)))
        texts.append("\n".join(lines) + "\n")
    return texts


def _texts() -> list[str]:
    paths = sorted([*SAMPLES.rglob("*.txt"), *CONFORMANCE.rglob("*.txt")])
    return [*(p.read_text(encoding="utf-8") for p in paths), *PRONOUNS, *drawn(300)]


def _lowered(text: str) -> str:
    """Everything ``pipeline.read`` makes of a text (or its errors), as a string."""
    try:
        document = read_document(text)
        reading, asked, lowering = pipeline.read(document, story=document.story)
    except TextError as error:
        return f"{error!r} {error}"
    state = (lowering.roles, lowering._antecedents, lowering._antecedent_line, lowering._words)
    return repr((reading, asked, state))


def _general(self: Naming, node: ast.Arith, line: int) -> object:
    """A comparison lowered as any statement is (``Lowering.statement``'s general way)."""
    assert isinstance(self, Lowering)
    self._words = quantifiers(node)
    formula, measures = self._sentence(node, line)
    assert measures == ()
    return formula


def test_a_comparison_is_lowered_as_any_statement(monkeypatch: pytest.MonkeyPatch) -> None:
    texts = _texts()
    short = [_lowered(text) for text in texts]
    monkeypatch.setattr(Naming, "comparison", _general)
    general = [_lowered(text) for text in texts]
    for text, found, expected in zip(texts, short, general):
        assert found == expected, text
    assert sum("Compare(" in found for found in short) > 150


def _expressions(count: int) -> list[LinearExpr]:
    """Expressions as the parser leaves them, and others (unsorted, repeated names, zero or
    integer coefficients, an integer constant) that ``LinearExpr.of`` would normalize."""
    pick = random.Random(4)
    found = []
    for _ in range(count):
        names = pick.choices(["x", "y", "z", "w"], k=pick.randint(0, 4))
        values = [
            pick.choice([Fraction(pick.randint(-3, 3), pick.randint(1, 2)), 1, 0]) for _ in names
        ]
        constant = pick.choice([Fraction(pick.randint(-5, 5), 3), 2])
        found.append(LinearExpr(tuple(zip(names, values)), constant))  # type: ignore[arg-type]
        found.append(LinearExpr.of(dict(zip(names, values)), constant))
    return found


@pytest.mark.parametrize("renamed", [False, True], ids=["same names", "renamed"])
def test_rename_gives_what_of_gives(renamed: bool) -> None:
    def variable(name: str) -> str:
        return name.upper() if renamed and name != "x" else name

    kept = 0
    for expr in _expressions(2000):
        resolved = {name: variable(name) for name, _ in expr.terms}
        found = lower_numbers._rename(expr, resolved)
        expected = LinearExpr.of({variable(n): c for n, c in expr.terms}, expr.constant)
        assert found == expected and repr(found) == repr(expected), expr
        if found is expr:
            assert all(variable(n) == n for n, _ in expr.terms)
            kept += 1
    assert kept > 300
