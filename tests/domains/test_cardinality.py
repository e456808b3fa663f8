"""``clausify.cardinality`` returns exactly CardEnc's clauses and moves the pool as CardEnc does.

``cardinality`` takes certify's own pool (``domains.variables``); CardEnc is given python-sat's
``IDPool`` with the same keys taken, so the pools' numbering is compared too.

The SAT encoding must stay the same clause for clause (the solver's models, and so the printed
witnesses, depend on it), so the renamed shapes are compared with CardEnc itself: negative,
repeated and out-of-pool literals, every bound, both directions, empty lists.
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from pysat.card import CardEnc, EncType
from pysat.formula import IDPool

from certify.domains.clausify import cardinality
from certify.domains.variables import Variables


@st.composite
def cases(draw: st.DrawFn) -> tuple[str, list[int], int, int]:
    taken = draw(st.integers(0, 30))
    literal = st.integers(1, max(taken, 1) + 2) | st.integers(-32, -1)
    literals = draw(st.lists(literal, max_size=40))  # past SHAPED: CardEnc itself
    kind = draw(st.sampled_from(["atleast", "atmost"]))
    low = 1 if kind == "atleast" else 0
    bound = draw(st.integers(low, max(len(literals), low)))
    return kind, literals, bound, taken


@given(cases())
def test_cardinality_is_cardenc(case: tuple[str, list[int], int, int]) -> None:
    kind, literals, bound, taken = case
    if kind == "atleast" and bound > len(literals):
        return
    theirs, mine = IDPool(), Variables()
    for key in range(taken):
        assert mine.id(key) == theirs.id(key)
    encode = CardEnc.atleast if kind == "atleast" else CardEnc.atmost
    expected = encode(literals, bound, vpool=theirs, encoding=EncType.seqcounter).clauses
    assert cardinality(kind, literals, bound, mine) == expected  # type: ignore[arg-type]
    assert mine.top == theirs.top
    assert mine.id("next") == theirs.id("next")  # the next key lands past the auxiliaries


def test_a_shape_is_renamed_for_each_use() -> None:
    pool = Variables()
    first = [pool.id(k) for k in "abcdefg"]
    once = cardinality("atmost", first, 1, pool)
    again = cardinality("atmost", first, 1, pool)
    assert once != again  # fresh auxiliaries the second time
    assert pool.top == 7 + 2 * 6


@given(st.lists(st.sampled_from(["a", "b", ("c", 1), ("c", 2), 7]), max_size=30))
def test_the_pool_numbers_keys_as_idpool_does(keys: list[object]) -> None:
    theirs, mine = IDPool(), Variables()
    assert [mine.id(k) for k in keys] == [theirs.id(k) for k in keys]
    assert (mine.top, mine.obj2id, mine.id2obj) == (theirs.top, dict(theirs.obj2id), theirs.id2obj)
    assert [mine.obj(n) for n in range(mine.top + 2)] == [
        theirs.obj(n) for n in range(mine.top + 2)
    ]
