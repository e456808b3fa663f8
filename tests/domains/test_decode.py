"""A model is read back as the state it describes, looking only at the variables a state is
made of (``certify/domains/decode.py``): the same state as reading every literal through the
pool's keys, written out here as the reference, for solver models, models with literals
flipped, models cut short, and models out of order (which are read the long way)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from certify.domains import decode as decoding
from certify.domains.boolean import Encoding
from certify.errors import CertifyError
from certify.meaning import ir
from certify.meaning.moments import problem_at
from certify.pipeline import read
from certify.syntax.parse import read_document
from tests.paths import SAMPLES

TEXTS = sorted(SAMPLES.rglob("*.txt"))


def reference(encoding: Encoding, model: list[int]) -> ir.State:
    """Every true literal through ``IDPool.obj``, as ``Encoding.decode`` read models before."""
    location = dict.fromkeys(encoding.location, "")
    values = dict.fromkeys(encoding.values, "")
    edges: set[tuple[str, str]] = set()
    atoms: set[ir.Holds | ir.Related] = set()
    for lit in model:
        key = encoding.pool.obj(lit) if lit > 0 else None
        if isinstance(key, (ir.Holds, ir.Related)):
            atoms.add(key)
        elif isinstance(key, tuple) and key and key[0] == "loc" and key[1] in location:
            location[key[1]] = key[2]
        elif isinstance(key, tuple) and key and key[0] == "val" and (key[1], key[2]) in values:
            values[(key[1], key[2])] = key[3]
        elif isinstance(key, tuple) and key and key[0] == "edge" and key[1:3] in encoding.edges:
            edges.add((key[1], key[2]))
    return ir.State(
        tuple(location.items()), frozenset(edges), tuple(values.items()), frozenset(atoms), ()
    )


def encoding_of(path: Path) -> Encoding | None:
    try:
        reading, _, _ = read(read_document(path.read_text(encoding="utf-8")))
        return Encoding(problem_at(reading, None, ()))
    except CertifyError:
        return None


@pytest.mark.parametrize("path", TEXTS, ids=lambda p: p.name)
def test_every_model_is_read_as_the_reference_reads_it(path: Path) -> None:
    encoding = encoding_of(path)
    if encoding is None or not encoding.solver.solve():
        pytest.skip("no model to read")
    model = list(encoding.solver.get_model() or [])
    assert model == [v if lit > 0 else -v for v, lit in enumerate(model, start=1)]
    taken = []
    real = decoding._true_keys
    # the solver's own model is read the short way
    assert real(model, encoding.readable.of(encoding.pool)) is not None
    pick = random.Random(path.name)
    flipped = [-lit if pick.random() < 0.3 else lit for lit in model]
    shuffled = list(model)
    pick.shuffle(shuffled)
    for each in (
        model,
        flipped,
        model[: len(model) // 2],
        shuffled,
        [],
        [lit for lit in model if lit > 0],
    ):
        taken.append(real(each, encoding.readable.of(encoding.pool)) is not None)
        assert encoding.decode(each) == reference(encoding, each)
    assert taken[:3] == [True, True, True]


def test_variables_made_after_a_model_are_read_as_false() -> None:
    text = "The places are the kitchen and the hall.\nAna is in the kitchen.\nBo is tall.\n"
    reading, _, _ = read(read_document(text))
    encoding = Encoding(problem_at(reading, None, ()))
    assert encoding.solver.solve()
    model = list(encoding.solver.get_model() or [])
    before = encoding.decode(model)
    late = encoding.variable(ir.Holds("happy", "ana"))  # a new atom, after the model
    assert late > len(model)
    assert encoding.decode(model) == before == reference(encoding, model)
    assert encoding.decode([*model, late]) == reference(encoding, [*model, late])
    assert ir.Holds("happy", "ana") in encoding.decode([*model, late]).true_atoms
