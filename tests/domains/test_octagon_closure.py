"""The vectorized octagon steps agree with the pure-Python ones; witnesses by incremental closure.

``octagon_closure`` repeats, with numpy, what ``octagon_lists`` does in Python (Floyd-Warshall,
the strengthening pass, adding one edge) for octagons past ``octagon_point.NUMPY_NODES``.  The
laws: the numpy closure is the Python closure, the numpy strengthening is the Python
strengthening, an octagon and its witnesses are the same on either side of the threshold, and
the witness of the incremental method exists exactly when the reference method (re-closing the
octagon once per fixed variable, ``NumericDomain._candidate``) finds one, and is a valid point.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from fractions import Fraction
from unittest import mock

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from certify import run_limits
from certify.domains import octagon, octagon_closure, octagon_lists, octagon_point
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


@contextmanager
def numpy_past(nodes: int) -> Iterator[None]:
    """Run the octagon with numpy past ``nodes`` signed nodes instead of the measured size."""
    with (
        mock.patch.object(octagon, "NUMPY_NODES", nodes),
        mock.patch.object(octagon_point, "NUMPY_NODES", nodes),
    ):
        yield


def both_ways(constraints: list[LinearConstraint], integers: frozenset[str], pin: Fraction) -> list:
    """The closed matrix and two witnesses (free, and with ``x`` pinned), with numpy always
    and with numpy never."""
    seen = []
    for nodes in (0, 10**6):
        with numpy_past(nodes):
            found = Octagon.from_constraints(constraints, integers)
            empty = found.is_bottom()
            witnesses = (
                []
                if empty is True
                else [found.witness(), found.witness([constraint(var("x"), "=", pin)])]
            )
            seen.append((empty, found._matrix, witnesses))
    return seen


@PROPERTIES
@given(
    systems("octagonal", integer=False, max_size=7),
    st.booleans(),
    st.integers(-5, 5).map(Fraction),
)
def test_an_octagon_is_the_same_with_numpy_and_without(
    constraints: list[LinearConstraint], integer: bool, pin: Fraction
) -> None:
    integers = frozenset(NAMES) if integer else frozenset()
    with_numpy, without = both_ways(constraints, integers, pin)
    assert with_numpy == without


@PROPERTIES
@given(systems("octagonal", integer=True, max_size=6), st.integers(-4, 4))
def test_the_list_steps_are_the_numpy_steps(constraints: list[LinearConstraint], pin: int) -> None:
    integers = frozenset(NAMES)
    found = Octagon.from_constraints(constraints, integers)
    if found.is_bottom() is True or not found.graph.size:
        return
    names = list(found._index)
    edges = [(1, 0, found.scaling.encode(Fraction(2 * pin), False))]  # x0 >= pin, as an edge
    points = [
        octagon_point.sequential_point(
            found._matrix, names, integers, found.scaling, run_limits.current(), edges, ops
        )
        for ops in (octagon_lists, octagon_closure)
    ]
    assert points[0] == points[1]
