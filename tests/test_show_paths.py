"""A comparison in words (``meaning.text``) reads its signs off the numerators and is shown
first: it must read as the Fraction arithmetic it replaced.

``_comparison`` is compared with that arithmetic (kept here) on thousands of drawn constraints,
integral or not, of every sign, size and operator, and ``show`` of a comparison with it; the
comparison is tested first in ``show`` and in the evaluator's ``holds``, which is right only while
no other class of the IR is one and it is no other.  The reading of a text shows every statement
with one memo of the labels: it must read as each statement shown on its own (the old
``reading_lines``, kept here), for every sample and conformance text.
"""

from __future__ import annotations

import inspect
import random
from collections.abc import Callable
from fractions import Fraction

from certify.errors import TextError
from certify.meaning import ir, text
from certify.numeric import LinearConstraint
from certify.pipeline import Certifiers, read
from certify.readout.answer import Certifier, Options
from certify.readout.reading import reading_lines
from certify.report import ReadingLine
from certify.syntax.parse import read_document
from tests.paths import CONFORMANCE, SAMPLES


def reference(constraint: LinearConstraint, label: Callable[[str], str]) -> str:
    """``text._comparison`` as it was, in Fraction arithmetic."""
    terms = constraint.terms
    op: str = constraint.op
    limit: Fraction = constraint.bound
    if terms and all(c < 0 for _, c in terms):
        terms = tuple((n, -c) for n, c in terms)
        op = {"<": ">", "<=": ">=", "=": "="}[op]
        limit = -limit
    shown = " ".join(
        ("+ " if c > 0 else "- ") + (f"{abs(c)}·" if abs(c) != 1 else "") + label(n)
        for n, c in terms
    )
    return f"{shown.removeprefix('+ ') or '0'} {op} {limit}"


def drawn(count: int) -> list[LinearConstraint]:
    pick = random.Random(5)
    sizes = [1, 1, 1, 2, 3, 7, 10**20]
    found = []
    for _ in range(count):
        names = pick.sample(["x", "y", "z", "Ana.age", "w"], pick.randint(0, 4))
        terms = tuple(
            (n, Fraction(pick.choice([-1, 1]) * pick.choice(sizes), pick.choice([1, 1, 2, 3])))
            for n in sorted(names)
        )
        bound = Fraction(pick.randint(-20, 20), pick.choice([1, 1, 4]))
        found.append(LinearConstraint(terms, pick.choice(["<=", "<", "="]), bound))
    return found


def test_a_comparison_reads_as_in_fraction_arithmetic() -> None:
    vocabulary = ir.Vocabulary(number_labels=(("Ana.age", "Ana's age"),))
    shown = 0
    for constraint in drawn(20000):
        expected = reference(constraint, vocabulary.label)
        assert text._comparison(constraint, vocabulary.label) == expected, constraint
        assert text.show(ir.Compare(constraint), vocabulary) == expected, constraint
        shown += "·" in expected and ">" in expected
    assert shown > 100


def test_no_other_class_of_the_ir_is_a_comparison() -> None:
    classes = [c for _, c in inspect.getmembers(ir, inspect.isclass) if c.__module__ == ir.__name__]
    assert ir.Compare in classes and ir.Compare.__bases__ == (object,)
    assert [c for c in classes if issubclass(c, ir.Compare)] == [ir.Compare]


def old_show(formula: ir.Formula, vocabulary: ir.Vocabulary) -> str:
    """``text.show`` as it was: every label looked up where it is shown."""

    def label(key: str) -> str:
        return "x" if key.startswith(ir.BOUND) else vocabulary.label(key)

    def go(f: ir.Formula) -> str:
        if isinstance(f, ir.Compare):
            return reference(f.constraint, label)
        if isinstance(f, ir.Const):
            return "declaration" if f.value else "false"
        if isinstance(f, ir.Not):
            return "¬" + go(f.body)
        if isinstance(f, (ir.And, ir.Or)):
            return "(" + (" ∧ " if isinstance(f, ir.And) else " ∨ ").join(map(go, f.parts)) + ")"
        if isinstance(f, ir.Implies):
            return "(" + go(f.premise) + " → " + go(f.conclusion) + ")"
        if isinstance(f, ir.Iff):
            return "(" + go(f.left) + " ↔ " + go(f.right) + ")"
        if isinstance(f, ir.Count):
            bound = f"exactly {f.low}" if f.low == f.high else f"{f.low}..{f.high}"
            return f"{bound} of [" + "; ".join(go(p) for p in f.parts) + "]"
        if isinstance(f, (ir.ForAll, ir.Exists)):
            over = "individual" if f.people else "thing"
            if isinstance(f, ir.ForAll):
                return f"for every {over} x: " + go(f.body)
            return f"for some {over} x (named or not): " + go(f.body)
        return text._atom(f, label)

    shown = go(formula)
    return shown[1:-1] if shown.startswith("(") and shown.endswith(")") else shown


def old_reading_lines(certifier: Certifier) -> list[ReadingLine]:
    """``reading_lines`` as it was: each statement shown on its own."""
    numeric = {id(s) for s in certifier.numeric}
    vocabulary = certifier.problem.vocabulary
    group_of: dict[int, str] = {}
    for group in certifier.groups if certifier.numeric else []:
        for constraint in group.constraints:
            for tag in constraint.tags:
                group_of[tag] = f"{group.name} ({group.reason})"
    lines = []
    for statement in certifier.problem.statements:
        if statement.closure:
            continue
        domain = (
            group_of.get(statement.line, "numeric") if id(statement) in numeric else "boolean (SAT)"
        )
        shown = old_show(statement.formula, vocabulary)
        lines.append(ReadingLine(statement.line, statement.text, shown, domain))
    return lines


def test_the_reading_of_a_text_is_each_statement_shown_on_its_own() -> None:
    paths = sorted([*SAMPLES.rglob("*.txt"), *CONFORMANCE.rglob("*.txt")])
    names = "x1 - x12 <= 3. x12 - x123 <= 4. Ana is in the kitchen. Every cat is happy. x1 > 0.\n"
    shown = 0
    for path in [*paths, names]:
        source = path if isinstance(path, str) else path.read_text(encoding="utf-8")
        try:
            document = read_document(source)
            reading, _, _ = read(document, story=document.story)
        except TextError:
            continue
        with Certifiers(reading, Options()) as certifiers:
            certifier = certifiers.at(None, ())
            found = reading_lines(certifier)
            assert found == old_reading_lines(certifier), path
            shown += sum(" x" in line.reading for line in found)  # a rule's bound variable
    assert shown > 20
