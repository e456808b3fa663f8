"""The statements' direct clauses (``domains/clausify.py``) say exactly what their formulas say.

For each statement with selector ``s``, in the encoding of its whole text:

* the clauses imply the formula: ``s ∧ ¬literal(formula)`` is unsatisfiable with every other
  statement switched off (``literal`` is the plain Tseitin encoding, equivalent to the
  formula);
* the formula implies the clauses: every state where ``literal(formula)`` holds — up to
  ``STATES`` of them, found by the solver with ``s`` off — still has a model with ``s`` on.

Both directions can fail: a case split that forgot a value, a count bound off by one, a
clause with a guard missing.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings

from certify.domains.boolean import Encoding
from certify.meaning.moments import problem_at
from certify.pipeline import read
from certify.syntax.parse import read_document
from tests.generators import finite_text
from tests.paths import SAMPLES

STATES = 12

TEXTS = sorted(
    [*(SAMPLES / "puzzles").glob("*.txt"), *(SAMPLES / "location").glob("*.txt")],
    key=lambda p: p.name,
)


def _state_literals(encoding: Encoding, model: list[int]) -> list[int]:
    """The model's values of the state variables (locations, values, edges, properties)."""
    state = {
        *(lit for options in encoding.location.values() for lit in options.values()),
        *(lit for options in encoding.values.values() for lit in options.values()),
        *encoding.atoms.values(),
        *(encoding.reach(*edge) for edge in encoding.edges),
        *(encoding.variable(("edge", *edge)) for edge in encoding.edges),
    }
    return [lit for lit in model if abs(lit) in state]


def _check(text: str) -> int:
    """Check every statement of ``text`` both ways; the number of statements checked."""
    reading, _, _ = read(read_document(text))
    problem = problem_at(reading, None, ())
    encoding = Encoding(problem)
    try:
        selectors = encoding.all_selectors()
        for selector, (statement, formula) in zip(selectors, encoding.grounded):
            others_off = [-s for s in selectors if s != selector]
            literal = encoding.literal(formula)
            implied = encoding.solve([*others_off, selector, -literal])
            assert implied is None, f"line {statement.line}: the clauses allow ¬formula"
            block = encoding.variable(("test-block", selector))
            for _ in range(STATES):
                model = encoding.solve([*others_off, -selector, literal, block])
                if model is None:
                    break
                state = _state_literals(encoding, model)
                again = encoding.solve([*others_off, selector, *state])
                assert again is not None, (
                    f"line {statement.line}: a state of the formula breaks its clauses"
                )
                encoding.add([[-block, *(-lit for lit in state)]])
        return len(selectors)
    finally:
        encoding.close()


@pytest.mark.parametrize("path", TEXTS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_sample_statements_are_encoded_exactly(path: Path) -> None:
    assert _check(path.read_text(encoding="utf-8")) > 0


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(finite_text())
def test_generated_statements_are_encoded_exactly(case: tuple[str, list[str]]) -> None:
    text, _ = case
    _check(text)


def test_a_wrong_clause_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check fails when a case split drops a case (the test can fail)."""
    from certify.domains import clausify

    original = clausify._case_split

    def dropped(encoding: Encoding, parts: object) -> object:
        cases = original(encoding, parts)  # type: ignore[arg-type]
        return cases[1:] if cases else cases

    monkeypatch.setattr(clausify, "_case_split", dropped)
    zebra = (SAMPLES / "puzzles" / "zebra.txt").read_text(encoding="utf-8")
    with pytest.raises(AssertionError, match="the clauses allow"):
        _check(zebra)
