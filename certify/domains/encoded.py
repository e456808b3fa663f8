"""What the DBM and the octagon share: a graph of encoded bounds and when it is exact."""

from __future__ import annotations

from certify.domains.dbm_paths import DifferenceGraph, Scaling
from certify.numeric import LinearConstraint


class EncodedGraph:
    """What the DBM and the octagon share: a graph of encoded bounds, closed as far as the
    budget allowed, and when what it says is exact."""

    __slots__ = ()
    _ignored: tuple[LinearConstraint, ...]
    _mixed: bool
    _stopped: str | None
    _scaling: Scaling
    _graph: DifferenceGraph
    _empty: bool

    @property
    def exact(self) -> bool:
        """Exact unless some constraints were outside the domain's fragment, integer and real
        variables are linked, or a budget stopped the closure."""
        return not self._ignored and not self._mixed and self._stopped is None

    @property
    def stopped(self) -> str | None:
        """Why the closure stopped early, if it did."""
        return self._stopped

    @property
    def scaling(self) -> Scaling:
        """The integer encoding of the bounds (see the module docstring)."""
        return self._scaling

    @property
    def graph(self) -> DifferenceGraph:
        """The encoded graph (the DBM's node 0 is the zero node; the octagon's 2n nodes are
        the signed variables), for benchmarks and tests."""
        return self._graph

    def _is_bottom(self) -> bool | None:
        if self._empty:
            return True
        return False if self.exact else None
