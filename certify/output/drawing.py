"""The vocabulary of a picture: nodes, edges, clusters and the kinds that style them.

Plain data that ``scene`` and ``scene_numbers`` fill in and ``graph`` draws.
"""

from __future__ import annotations

from typing import Literal

from certify.records import Record

Role = Literal[
    "place",
    "individual",
    "other",
    "value",
    "property",
    "number",
    "zero",
    "constraint",
    "statement",
    "atom",
]
Kind = Literal["always", "sometimes", "possible", "stated", "conditional"]


class Node(Record):
    """One box or ellipse: its unique key, what it shows, and what it stands for."""

    key: str
    label: str
    role: Role
    note: str = ""
    conflict: bool = False


class Edge(Record):
    """One arrow: ``tail`` is in ``head`` (containment) or a constraint between two numbers."""

    tail: str
    head: str
    kind: Kind
    label: str = ""
    conflict: bool = False
    cycle: bool = False
    directed: bool = True


class Cluster(Record):
    """One part of the picture: the containment tree, a numeric group, the conflict."""

    name: str
    title: str
    nodes: tuple[Node, ...]
    edges: tuple[Edge, ...]
    row: tuple[str, ...] = ()
    """Nodes to show side by side in this order (the conflicting statements, by line)."""


class Scene(Record):
    """Everything one text's picture shows."""

    file: str
    title: str
    clusters: tuple[Cluster, ...]
    conflict: tuple[tuple[int, str], ...] = ()
    detail: str = ""
