"""The octagon's incremental closure steps on Python lists, for octagons too small for numpy.

The same steps as ``octagon_closure`` (which holds the matrix in a numpy array), on the list
matrix the octagon keeps: adding one edge to a closed matrix, the strengthening pass, and the
check for a negative diagonal.  Each computes exactly what its numpy twin computes — the
weights are integers (or ``INF``) in both — so a witness is the same whichever one builds it;
``tests/domains/test_octagon_closure.py`` compares them.  ``octagon_point.NUMPY_NODES`` says
which one runs.
"""

from __future__ import annotations

from certify.domains.dbm_paths import INF, Matrix


def start(closed: Matrix) -> Matrix:
    """A copy of a closed matrix to fix variables in."""
    return [row[:] for row in closed]


def add_edge(m: Matrix, tail: int, head: int, weight: float) -> None:
    """Close a closed matrix again after adding ``tail -> head``; O(N^2), in place.

    Every entry becomes ``min(m[i][j], m[i][tail] + weight + m[head][j])`` over the matrix as
    it was before the call, as the numpy step computes it: the row of ``head`` is copied
    first, and ``m[i][tail]`` is read before row ``i`` changes.
    """
    after = m[head][:]
    for row in m:
        through = row[tail]
        if through == INF:
            continue
        base = through + weight
        for j, step in enumerate(after):
            if step != INF and base + step < row[j]:
                row[j] = base + step


def strengthen(m: Matrix, slack: int) -> None:
    """One strengthening pass through the unary entries, in place; O(N^2).

    ``m[i][j] <- min(m[i][j], (m[i][bar i] + m[bar j][j]) / 2)`` in the encoding: the halved
    sum of two bounds is ``slack * floor((ci + cj) / 2)``, minus one when either is strict,
    where ``c`` is a weight's value in units (its ceiling over ``slack``).  Unary entries are
    sums of even encoded values, so their halved sums stay integral.
    """
    size = len(m)
    unary = [_split(m[i][i ^ 1], slack) for i in range(size)]
    for i in range(size):
        mine = unary[i]
        if mine is None:
            continue
        row = m[i]
        for j in range(size):
            other = unary[j ^ 1]
            if other is None:
                continue
            halved = slack * ((mine[0] + other[0]) // 2) - (1 if mine[1] or other[1] else 0)
            if halved < row[j]:
                row[j] = halved


def negative(m: Matrix) -> bool:
    """Whether some node reaches itself below zero."""
    return any(m[i][i] < 0 for i in range(len(m)))


def _split(weight: float, slack: int) -> tuple[int, bool] | None:
    """An encoded weight as (value in units, strict); None for no bound."""
    if weight == INF:
        return None
    whole = int(weight)
    return -(-whole // slack), whole % slack != 0
