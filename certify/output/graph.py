"""Scenes as Graphviz pictures: ``certify FILE --graph out.svg`` (``.png``, ``.dot``, ``.gv``).

The DOT source is built with the ``graphviz`` Python package (the ``certify[pictures]``
extra) and laid out by ``dot`` from the system's Graphviz (Debian: ``apt-get install
graphviz``).  Without ``dot`` the source is still written, beside the requested file, and the
caller gets a warning that says how to get it.  Styles only show what the scene says: solid
arrows for what holds in every state, dashed for what holds in some, dotted for what an
unresolved question could not rule out, red for the conflict and bold red for a negative cycle.
Every label is the user's text with Graphviz's escapes disabled (``graphviz.escape``).
"""

from __future__ import annotations

import itertools
import os
import shutil
import tempfile
import textwrap
from pathlib import Path
from typing import TYPE_CHECKING, Any

from certify.errors import UsageError
from certify.output.scene import Edge, Node, Scene

if TYPE_CHECKING:
    from certify.readout.answer import Options
    from certify.report import Report

FORMATS = {".svg": "svg", ".png": "png", ".dot": "dot", ".gv": "dot"}
HOW_TO_GET_DOT = "apt-get install graphviz (or your system's Graphviz package)"
RED = "#c62828"

LEGEND = {
    "always": "solid: in every state",
    "sometimes": "dashed: in some state",
    "possible": "dotted: not ruled out (the question is unresolved)",
    "conditional": "grey dashed: a comparison inside a connective",
    "arrow": "an arrow u → v labelled with v − u: a difference (0 for a bound)",
    "conflict": "red: the conflicting statements",
    "cycle": "bold red: a negative cycle",
}
WIDTH = 90
"""Titles and legends are wrapped at this many characters."""

_NODE_STYLE: dict[str, dict[str, str]] = {
    "place": {"shape": "box", "style": "rounded,filled", "fillcolor": "#e3f2fd"},
    "individual": {"shape": "ellipse", "style": "filled", "fillcolor": "#fff8e1"},
    "other": {"shape": "ellipse", "style": "dashed"},
    "value": {"shape": "box", "style": "rounded,filled", "fillcolor": "#fce4ec"},
    "property": {"shape": "box", "style": "rounded,filled", "fillcolor": "#ede7f6"},
    "number": {"shape": "ellipse", "style": "filled", "fillcolor": "#f1f8e9"},
    "zero": {"shape": "circle", "style": "filled", "fillcolor": "#eeeeee"},
    "constraint": {"shape": "box", "fontsize": "10", "style": "filled", "fillcolor": "#fafafa"},
    "statement": {"shape": "note", "style": "filled", "fillcolor": "#ffebee"},
    "atom": {"shape": "box", "style": "rounded"},
}

_EDGE_STYLE: dict[str, dict[str, str]] = {
    "always": {"style": "solid"},
    "sometimes": {"style": "dashed"},
    "possible": {"style": "dotted", "color": "#757575"},
    "stated": {"style": "solid"},
    "conditional": {"style": "dashed", "color": "#9e9e9e"},
}


def label(*pieces: str, width: int = 0) -> Any:
    """One Graphviz label from the user's text: lines joined, nothing interpreted."""
    from graphviz import nohtml

    lines = [line for p in pieces if p for line in (textwrap.wrap(p, width) if width else [p])]
    return nohtml("\\n".join(line.replace("\\", "\\\\") for line in lines))


def legend(scene: Scene) -> str:
    """What the styles in this picture mean (only the styles it uses)."""
    used: set[str] = set()
    for cluster in scene.clusters:
        for edge in cluster.edges:
            used.add(edge.kind)
            used.update(k for k in ("conflict", "cycle") if getattr(edge, k))
            used.update({"arrow"} if cluster.name.startswith("n") and edge.directed else ())
    return ";  ".join(text for key, text in LEGEND.items() if key in used)


def digraph(scene: Scene) -> Any:
    """The scene as a ``graphviz.Digraph`` (one cluster per part, a legend as the graph label)."""
    graphviz = _package()
    graph = graphviz.Digraph("certify", graph_attr={"rankdir": "BT", "fontname": "Helvetica"})
    graph.attr(
        "graph", label=label(scene.title, legend(scene), width=WIDTH), labelloc="t", fontsize="12"
    )
    graph.attr("node", fontname="Helvetica", fontsize="12")
    graph.attr("edge", fontname="Helvetica", fontsize="10")
    ids: dict[str, str] = {}
    for index, cluster in enumerate(scene.clusters):
        with graph.subgraph(name=f"cluster_{index}") as part:
            part.attr(label=label(cluster.title, width=WIDTH), style="rounded", color="#bdbdbd")
            for node in cluster.nodes:
                ids.setdefault(node.key, f"n{len(ids)}")
                part.node(ids[node.key], label(node.label, node.note), **_node_attributes(node))
            if len(cluster.row) > 1:
                _side_by_side(part, [ids[key] for key in cluster.row])
            for edge in cluster.edges:
                for key in (edge.tail, edge.head):
                    if key not in ids:  # a node another cluster holds: drawn there
                        ids[key] = f"n{len(ids)}"
                part.edge(ids[edge.tail], ids[edge.head], **_edge_attributes(edge))
    return graph


def _side_by_side(part: Any, names: list[str]) -> None:
    """Keep nodes on one rank, left to right in the given order (invisible edges)."""
    with part.subgraph() as row:
        row.attr(rank="same")
        for name in names:
            row.node(name)
        for left, right in itertools.pairwise(names):
            row.edge(left, right, style="invis")


def _node_attributes(node: Node) -> dict[str, str]:
    attributes = dict(_NODE_STYLE[node.role])
    if node.conflict:
        attributes.update(color=RED, fontcolor=RED, penwidth="2")
    return attributes


def _edge_attributes(edge: Edge) -> dict[str, Any]:
    attributes: dict[str, Any] = dict(_EDGE_STYLE[edge.kind])
    if edge.label:
        attributes["label"] = label(edge.label)
    if not edge.directed:
        attributes["dir"] = "none"
    if edge.conflict or edge.cycle:
        attributes.update(color=RED, fontcolor=RED, penwidth="3" if edge.cycle else "2")
    return attributes


def _package() -> Any:
    try:
        import graphviz
    except ImportError:
        raise UsageError(
            "pictures need the graphviz Python package: pip install 'certify[pictures]'"
        ) from None
    return graphviz


def has_dot() -> bool:
    """Whether Graphviz's ``dot`` is on PATH."""
    return shutil.which("dot") is not None


def render(scene: Scene, fmt: str) -> bytes | None:
    """The picture in ``fmt`` (``svg``, ``png`` or ``dot``); None when ``dot`` is missing."""
    graph = digraph(scene)
    if fmt == "dot":
        return str(graph.source).encode("utf-8")
    if not has_dot():
        return None
    graphviz = _package()
    try:
        return bytes(graph.pipe(format=fmt))
    except graphviz.ExecutableNotFound:
        return None


def write_graph(
    target: str, text: str, report: Report, options: Options | None = None
) -> str | None:
    """Draw one text's report into ``target``; return a warning when only DOT was written."""
    from certify.output.scene import scene_of

    fmt = graph_format(target)
    scene = scene_of(text, report, options)
    drawn = render(scene, fmt)
    if drawn is not None:
        write_atomically(target, drawn)
        return None
    fallback = str(Path(target).with_suffix(".dot"))
    write_atomically(fallback, str(digraph(scene).source).encode("utf-8"))
    return (
        f"Graphviz's dot is not on PATH, so {target} was not drawn; wrote {fallback} instead "
        f"(to draw it: {HOW_TO_GET_DOT}, then dot -T{fmt} {fallback} -o {target})"
    )


def graph_format(target: str) -> str:
    """The output format a file name asks for, or a usage error naming the choices."""
    suffix = Path(target).suffix.lower()
    if suffix not in FORMATS:
        choices = ", ".join(FORMATS)
        raise UsageError(f"--graph: {target!r} must end in one of {choices}")
    return FORMATS[suffix]


def write_atomically(target: str, content: bytes) -> None:
    """Write ``content`` to a temporary file beside ``target``, then rename it into place."""
    folder = os.path.dirname(os.path.abspath(target))
    handle, temporary = tempfile.mkstemp(prefix=".certify-", dir=folder)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(content)
        os.chmod(temporary, 0o666 & ~_umask())  # mkstemp makes it private; the user did not ask
        os.replace(temporary, target)
    except BaseException:
        if os.path.exists(temporary):
            os.unlink(temporary)
        raise


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask
