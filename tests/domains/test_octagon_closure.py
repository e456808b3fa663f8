"""The vectorized octagon steps agree with the pure-Python ones; witnesses by incremental closure.

``octagon_closure`` repeats, with numpy, what ``Octagon`` does in Python (Floyd-Warshall, the
strengthening pass) and adds the incremental fixing of variables.  The laws: the numpy closure
is the Python closure, the numpy strengthening is the Python strengthening, and the witness of
the incremental method exists exactly when the reference method (re-closing the octagon once
per fixed variable, ``NumericDomain._candidate``) finds one, and is a valid point.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
from hypothesis import given, settings

from certify import run_limits
from certify.domains.base import NumericDomain
from certify.domains.dbm_paths import floyd_warshall
from certify.domains.octagon import Octagon
from certify.domains.octagon_closure import close, strengthen, to_lists
from certify.numeric import LinearConstraint

from .checks import valid_point
from .systems import NAMES, constraint, systems, var

PROPERTIES = settings(max_examples=120, deadline=None)


@PROPERTIES
@given(systems("octagonal", integer=False, max_size=7))
def test_the_numpy_closure_and_strengthening_are_the_python_ones(
    constraints: list[LinearConstraint],
) -> None:
    octagon = Octagon.from_constraints(constraints)
    graph = octagon.graph
    if not graph.size:
        return
    closed, finished = close(graph, run_limits.current())
    assert finished
    reference = floyd_warshall(graph)
    if any(reference[i][i] < 0 for i in range(graph.size)):
        assert (np.diagonal(closed) < 0).any()
        return
    assert to_lists(closed) == reference
    strengthen(closed, octagon.scaling.slack)
    assert to_lists(closed) == octagon._strengthen([row[:] for row in reference])


@PROPERTIES
@given(systems("octagonal", integer=True, max_size=6))
def test_incremental_witnesses_exist_where_re_closing_finds_them(
    constraints: list[LinearConstraint],
) -> None:
    integers = frozenset(NAMES)
    octagon = Octagon.from_constraints(constraints, integers)
    if octagon.is_bottom() is True:
        return
    fast = octagon.witness()
    reference = NumericDomain._candidate(octagon, ())
    assert (fast is None) == (reference is None)
    if fast is not None:
        assert valid_point(fast, constraints, integers)


def test_a_long_chain_of_sums_gets_a_witness_from_one_closure() -> None:
    chain = [constraint(var(f"x{i}").plus(var(f"x{i + 1}")), "=", i, i) for i in range(1, 101)]
    octagon = Octagon.from_constraints(chain)
    point = octagon.witness([constraint(var("x101"), "=", Fraction(7, 2))])
    assert point is not None and point["x101"] == Fraction(7, 2)
    assert valid_point(point, chain, frozenset())
