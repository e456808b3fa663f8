"""What a picture of a text shows, derived from its Report and the reading it was built from.

A ``Scene`` is plain data: nodes, edges and their kinds.  Every kind is a certified answer,
never a guess of the drawing code: the containment tree asks ``Where is X?`` of every located
individual and ``Is P in Q?`` of every containment edge a statement mentions, through the same
``Certifier`` the report used (``always`` is a forced answer, ``sometimes`` a witnessed one,
``possible`` an answer an unresolved question could not rule out).  A contradiction is drawn
from the report's own conflict: the atoms of the conflicting statements, flagged
``conflict``.  The constraint graph of the numeric groups is in ``certify.output.scene_numbers``.
``certify.output.graph`` turns a scene into Graphviz; nothing downstream decides anything.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from certify.meaning import formulas, ir, queries
from certify.meaning.text import show
from certify.output.drawing import Cluster, Edge, Kind, Node, Role, Scene

if TYPE_CHECKING:
    from certify.readout.answer import Certifier, Options
    from certify.report import Answer, Conflict, Report

CONSISTENCY = {True: "consistent", False: "contradictory", None: "consistency unresolved"}


def scene_of(text: str, report: Report, options: Options | None = None) -> Scene:
    """Read ``text`` again as the report did and collect what its picture shows.

    Costs one certified question per located individual, per mentioned containment edge and
    per numeric variable (none of them when the report says the text is contradictory).
    """
    from certify.meaning.moments import problem_at
    from certify.output.scene_numbers import number_clusters
    from certify.pipeline import read
    from certify.readout.answer import Certifier, Options
    from certify.syntax.parse import read_document

    options = options or Options(engine=report.engine)
    grid = options.grid or report.grid
    document = read_document(text, report.file, grid)
    reading, _, _ = read(document, (), options.story or report.story, None, grid=grid)
    certifier = Certifier(problem_at(reading, None), options)
    try:
        conflict = conflict_of(report)
        lines = frozenset(conflict.lines) if conflict is not None else frozenset()
        ask = report.consistent is not False
        clusters = [containment(certifier, lines, ask), facts(certifier, ask)]
        clusters += number_clusters(certifier, conflict, ask)
        statements = {s.line: s.text for s in certifier.problem.statements}
        shown = tuple((line, statements.get(line, "")) for line in sorted(lines))
        if shown:
            detail = conflict.detail if conflict is not None else ""
            clusters.append(conflict_cluster(certifier.problem, lines, detail))
    finally:
        certifier.close()
    title = f"{report.file} ({report.law}; {CONSISTENCY[report.consistent]})"
    return Scene(
        report.file,
        title,
        tuple(c for c in clusters if c.nodes),
        shown,
        conflict.detail if conflict is not None else "",
    )


def conflict_of(report: Report) -> Conflict | None:
    """The report's conflict: the whole text's, or the first contradictory question's."""
    if report.conflict is not None:
        return report.conflict
    return next((a.conflict for a in report.questions if a.conflict is not None), None)


def place_key(key: str) -> str:
    """The node key of a place or individual in the containment tree."""
    return "c:" + key


def containment(certifier: Certifier, conflict: frozenset[int], ask: bool) -> Cluster:
    """Places and who may be in them: one certified question per individual and per edge."""
    vocabulary = certifier.problem.vocabulary
    nodes = {place_key(p.key): Node(place_key(p.key), p.label, "place") for p in vocabulary.places}
    edges: list[Edge] = []
    by_label = {p.label: p.key for p in vocabulary.places}
    for thing in vocabulary.located:
        if "@" in thing:  # an earlier self in a story: the picture shows the present
            continue
        label = vocabulary.label(thing)
        nodes[place_key(thing)] = Node(place_key(thing), label, "individual")
        if not ask:
            continue
        answer = certifier.answer(
            queries.Question(f"Where is {label}?", 0, queries.AskWhere(thing))
        )
        for place, kind in kinds_of(answer):
            if place == ir.OTHER:
                nodes["c:(other)"] = Node("c:(other)", "somewhere else", "other")
                edges.append(Edge(place_key(thing), "c:(other)", kind))
            elif place in by_label:
                edges.append(Edge(place_key(thing), place_key(by_label[place]), kind))
    for low, high in vocabulary.edges if ask else ():
        question = f"Is {vocabulary.label(low)} in {vocabulary.label(high)}?"
        answer = certifier.answer(
            queries.Question(question, 0, queries.AskTruth(ir.InPlace(low, high)))
        )
        for value, kind in kinds_of(answer):
            if value == "yes":
                edges.append(Edge(place_key(low), place_key(high), kind))
    edges += conflict_edges(certifier.problem, conflict, nodes)
    return Cluster("containment", "where things are", tuple(nodes.values()), tuple(edges))


def facts(certifier: Certifier, ask: bool) -> Cluster:
    """Values, properties and relations: ``What color is X?``, ``Is X big?``, ``Does X like Y?``."""
    from certify.meaning.space import boolean_atoms, grounded

    problem = certifier.problem
    vocabulary = problem.vocabulary
    nodes: dict[str, Node] = {}
    edges: list[Edge] = []

    def node(key: str, label: str, role: Role) -> str:
        nodes.setdefault(key, Node(key, label, role))
        return key

    def thing(key: str) -> str:
        return node("f:" + key, vocabulary.label(key), "individual")

    for key, attribute in vocabulary.valued if ask else ():
        label = vocabulary.label(key)
        question = queries.Question(
            f"What {attribute} is {label}?", 0, queries.AskValue(key, attribute)
        )
        for value, kind in kinds_of(certifier.answer(question)):
            shown = f"another {attribute}" if value == ir.OTHER else value
            edges.append(Edge(thing(key), node(f"v:{attribute}:{value}", shown, "value"), kind))
    for atom in boolean_atoms(f for _, f in grounded(problem)) if ask else ():
        if isinstance(atom, ir.Holds):
            text = f"Is {vocabulary.label(atom.thing)} {atom.predicate}?"
        else:
            subject, target = vocabulary.label(atom.subject), vocabulary.label(atom.object)
            text = f"Does {subject} {atom.verb} {target}?"
        for value, kind in kinds_of(
            certifier.answer(queries.Question(text, 0, queries.AskTruth(atom)))
        ):
            if value != "yes":
                continue
            if isinstance(atom, ir.Holds):
                head = node(f"p:{atom.predicate}", atom.predicate, "property")
                edges.append(Edge(thing(atom.thing), head, kind))
            else:
                edges.append(Edge(thing(atom.subject), thing(atom.object), kind, atom.verb))
    return Cluster("facts", "values, properties and relations", tuple(nodes.values()), tuple(edges))


def kinds_of(answer: Answer) -> list[tuple[str, Kind]]:
    """Each answer with how it is certified: forced, witnessed, or only not ruled out."""
    if answer.status == "contradictory" or not isinstance(answer.answers, tuple):
        return []
    if answer.status == "forced":
        return [(answer.answers[0], "always")]
    found: list[tuple[str, Kind]] = [(a, "sometimes") for a in dict.fromkeys(answer.witnessed)]
    found += [(a, "possible") for a in answer.answers if a not in answer.witnessed]
    return found


def conflict_edges(
    problem: ir.Problem, conflict: frozenset[int], nodes: dict[str, Node]
) -> list[Edge]:
    """The location atoms of the conflicting statements, as red edges labelled by line."""
    vocabulary = problem.vocabulary
    lines_of: dict[tuple[str, str], list[int]] = {}
    for statement in problem.statements:
        if statement.line not in conflict:
            continue
        for atom in formulas.atoms_of(statement.formula):
            if isinstance(atom, ir.InPlace) and not _bound(atom.thing, atom.place):
                lines = lines_of.setdefault((atom.thing, atom.place), [])
                if statement.line not in lines:
                    lines.append(statement.line)
    edges = []
    for (thing, place), lines in lines_of.items():
        for key in (thing, place):
            if place_key(key) not in nodes:
                role: Role = "place" if vocabulary.place(key) else "individual"
                nodes[place_key(key)] = Node(place_key(key), vocabulary.label(key), role)
        label = "line" + ("s " if len(lines) > 1 else " ") + ", ".join(map(str, lines))
        edges.append(Edge(place_key(thing), place_key(place), "stated", label, conflict=True))
    return edges


def conflict_cluster(problem: ir.Problem, conflict: frozenset[int], detail: str = "") -> Cluster:
    """The conflicting statements, and those of their atoms no other part of the picture shows."""
    nodes: list[Node] = []
    edges: list[Edge] = []
    atoms: dict[str, Node] = {}
    for statement in problem.statements:
        if statement.line not in conflict:
            continue
        key = f"s:{statement.line}"
        nodes.append(Node(key, f"line {statement.line}: {statement.text}", "statement", "", True))
        for atom in dict.fromkeys(formulas.atoms_of(statement.formula)):
            if _drawn_elsewhere(atom):
                continue
            shown = show(atom, problem.vocabulary)
            atom_key = "a:" + shown
            atoms.setdefault(atom_key, Node(atom_key, shown, "atom", "", True))
            edges.append(Edge(key, atom_key, "stated", conflict=True))
    title = "the conflict" + (f": {detail}" if detail else "")
    row = tuple(n.key for n in nodes)
    return Cluster("conflict", title, (*nodes, *atoms.values()), tuple(edges), row)


def _drawn_elsewhere(atom: ir.Atom) -> bool:
    """Location and comparison atoms are drawn in the tree and in the constraint graph."""
    if isinstance(atom, ir.InPlace):
        return not _bound(atom.thing, atom.place)
    return isinstance(atom, ir.Compare)


def _bound(*keys: str) -> bool:
    return any(k.startswith(ir.BOUND) for k in keys)


__all__ = ["Cluster", "Edge", "Kind", "Node", "Role", "Scene", "kinds_of", "scene_of"]
