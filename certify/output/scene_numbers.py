"""The constraint graph of the numeric groups, as part of a ``Scene``.

Variables are nodes, each with its certified answer (``What is x?``, asked through the
report's ``Certifier``).  A difference ``v - u <= c`` is an arrow ``u -> v`` as in a difference
bound matrix (a bound ``x <= c`` is an arrow from the zero node ``0``), so a negative cycle is a
cycle of arrows; any other linear constraint is a small box joined to its variables and
labelled with their coefficients.  For a numeric conflict the constraints of the conflicting
statements are red, and when the cheapest exact domain of the conflict hands back a negative
cycle that ``check_cycle`` re-verifies, its constraints and nodes are marked ``cycle``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from certify.domains.conflict import ZERO
from certify.meaning import formulas, ir, queries
from certify.meaning.text import show
from certify.numeric import Interval, LinearConstraint, LinearExpr, format_number
from certify.output.drawing import Cluster, Edge, Kind, Node
from certify.records import Record

if TYPE_CHECKING:
    from certify.readout.answer import Certifier
    from certify.report import Conflict


class Drawn(Record):
    """One constraint to draw: how it is asserted and what the conflict makes of it."""

    constraint: LinearConstraint
    kind: Kind
    conflict: bool
    cycle: bool
    flip: bool = False
    """Draw the arrow reversed: an equality that a negative cycle walks the other way."""


def number_clusters(certifier: Certifier, conflict: Conflict | None, ask: bool) -> list[Cluster]:
    """One cluster per numeric group (one for all comparisons when they sit in connectives)."""
    lines = frozenset(conflict.lines) if conflict is not None else frozenset()
    if certifier.mixed:
        drawn = list(_mixed(certifier.problem.statements, lines))
        title = "numbers: SAT with the linear theory (comparisons inside connectives)"
        return [_cluster(certifier, "n0", title, drawn, frozenset(), ask)] if drawn else []
    clusters = []
    for index, group in enumerate(certifier.groups):
        cycle, steps = negative_cycle(certifier, group.constraints, lines)
        nodes = frozenset(n for step in steps for n in step)
        drawn = [
            Drawn(c, "stated", bool(c.tags & lines), c in cycle, _walked_back(c, steps))
            for c in group.constraints
        ]
        title = f"numbers: {group.name} ({group.reason})"
        clusters.append(_cluster(certifier, f"n{index}", title, drawn, nodes, ask))
    return clusters


def _mixed(statements: Sequence[ir.Statement], lines: frozenset[int]) -> list[Drawn]:
    """Comparisons of a mixed text: asserted ones solid, those inside connectives dashed."""
    drawn: dict[LinearConstraint, Drawn] = {}
    for statement in statements:
        asserted = formulas.constraints_of(statement.formula)
        kind: Kind = "stated" if asserted is not None else "conditional"
        found = asserted or [
            a.constraint for a in formulas.atoms_of(statement.formula) if isinstance(a, ir.Compare)
        ]
        for constraint in found:
            drawn.setdefault(constraint, Drawn(constraint, kind, statement.line in lines, False))
    return list(drawn.values())


def _walked_back(constraint: LinearConstraint, steps: frozenset[tuple[str, str]]) -> bool:
    ends = arrow_ends(constraint)
    return constraint.op == "=" and ends is not None and ends not in steps and ends[::-1] in steps


def negative_cycle(
    certifier: Certifier, constraints: Sequence[LinearConstraint], lines: frozenset[int]
) -> tuple[frozenset[LinearConstraint], frozenset[tuple[str, str]]]:
    """The constraints and steps of a re-verified negative cycle among the conflict's lines.

    Steps are pairs of variables (``0`` for the zero node; an octagon's signed nodes ``+x`` and
    ``-x`` are both drawn as ``x``).
    """
    from certify.domains.classify import build, classify
    from certify.domains.conflict import check_cycle

    chosen = tuple(c for c in constraints if c.tags & lines)
    if not chosen:
        return frozenset(), frozenset()
    declared = certifier.declarations
    integers = frozenset(v for line in lines for v in declared.get(line, ()))
    domain = build(classify(chosen, integers).domain, chosen, integers, None)
    certificate = domain.conflict() if domain.exact else None
    if certificate is None or not certificate.cycle or not check_cycle(certificate, integers):
        return frozenset(), frozenset()
    walk = [n[1:] if n[:1] in "+-" and len(n) > 1 else n for n in certificate.cycle]
    steps = frozenset(zip(walk, walk[1:] + walk[:1]))
    return frozenset(certificate.constraints), steps


def _cluster(
    certifier: Certifier,
    prefix: str,
    title: str,
    drawn: Sequence[Drawn],
    cycle_nodes: frozenset[str],
    ask: bool,
) -> Cluster:
    vocabulary = certifier.problem.vocabulary
    variables = list(dict.fromkeys(v for d in drawn for v in d.constraint.variables))
    nodes: dict[str, Node] = {}
    for name in variables:
        note = _answer_note(certifier, name) if ask else ""
        if name in vocabulary.integers:
            note = "integer" + (f"; {note}" if note else "")
        key = f"{prefix}:{name}"
        nodes[key] = Node(key, vocabulary.label(name), "number", note, name in cycle_nodes)
    edges: list[Edge] = []
    for index, item in enumerate(drawn):
        more_nodes, more_edges = _shape(item, prefix, index, vocabulary)
        for node in more_nodes:
            if node.role == "zero":
                node = Node(node.key, node.label, "zero", "", ZERO in cycle_nodes)
            nodes.setdefault(node.key, node)
        edges += more_edges
    return Cluster(prefix, title, tuple(nodes.values()), tuple(edges))


def _answer_note(certifier: Certifier, name: str) -> str:
    """``open: [5, 9]`` — the certified answer of ``What is name?``."""
    from certify.numeric import show_interval

    vocabulary = certifier.problem.vocabulary
    clock = name in vocabulary.clocks
    question = queries.Question(
        f"What is {vocabulary.label(name)}?", 0, queries.AskNumber(LinearExpr.variable(name), clock)
    )
    answer = certifier.answer(question)
    if isinstance(answer.answers, Interval):
        return f"{answer.status}: {show_interval(answer.answers, clock)}"
    return answer.status


def arrow_ends(constraint: LinearConstraint) -> tuple[str, str] | None:
    """``(u, v)`` for a constraint on ``v - u`` (``0`` for a bound); None for other shapes."""
    terms = constraint.terms
    if len(terms) == 1:
        name, coefficient = terms[0]
        return (ZERO, name) if coefficient > 0 or constraint.op == "=" else (name, ZERO)
    if len(terms) == 2 and terms[0][1] == -terms[1][1]:
        (first, a), (second, _) = terms
        return (second, first) if a > 0 else (first, second)
    return None


def constraint_label(constraint: LinearConstraint, vocabulary: ir.Vocabulary) -> str:
    """``x + y = 10``; over clocks a bound is a time (``Ana arrives = 9:00``), a difference
    minutes (``Bob arrives - Ana arrives <= 10 min``), as the answers show them."""
    from certify.numeric import clock

    shown = show(ir.Compare(constraint), vocabulary)
    terms = constraint.terms
    if not terms or any(name not in vocabulary.clocks for name, _ in terms):
        return shown
    if len(terms) == 1 and abs(terms[0][1]) == 1:
        flip = terms[0][1] < 0
        op = {"<": ">", "<=": ">=", "=": "="}[constraint.op] if flip else constraint.op
        time = clock(-constraint.bound if flip else constraint.bound)
        return f"{vocabulary.label(terms[0][0])} {op} {time}"
    return f"{shown} min" if len(terms) == 2 else shown


def _shape(
    item: Drawn, prefix: str, index: int, vocabulary: ir.Vocabulary
) -> tuple[list[Node], list[Edge]]:
    """A bound or a difference as one arrow, anything else as a box joined to its variables."""
    constraint = item.constraint
    lines = ", ".join(str(t) for t in sorted(constraint.tags))
    label = constraint_label(constraint, vocabulary) + (f"  (line {lines})" if lines else "")
    style = {"conflict": item.conflict, "cycle": item.cycle}
    ends = arrow_ends(constraint)
    if ends is not None:
        tail, head = reversed(ends) if item.flip else ends
        edge = Edge(f"{prefix}:{tail}", f"{prefix}:{head}", item.kind, label, **style)
        zero = [Node(f"{prefix}:{ZERO}", ZERO, "zero")] if ZERO in ends else []
        return zero, [edge]
    box = f"{prefix}:#{index}"
    node = Node(box, label, "constraint", "", item.conflict)
    edges = [
        Edge(box, f"{prefix}:{name}", item.kind, format_number(c), directed=False, **style)
        for name, c in constraint.terms
    ]
    return [node], edges
