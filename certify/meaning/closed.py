"""The closed-world reading (``--closed-world``, ``Options(closed_world=True)``): what the text
does not derive is false.

Only when the user asks for it.  The text's kind, property and relation atoms (``cat(Tom)``,
``afraid of wolf(Gertrude)``, ``like(Ana, Bob)``: ``ir.Holds`` and ``ir.Related``, possession
events aside) are then *defined* by its facts and rules: an atom holds only when a fact says
it or a rule whose premises hold concludes it.  The reading is the Clark completion of the
text's definite rules, grounded over the problem's names: for every ground atom ``A``,

    A → body₁ ∨ body₂ ∨ ...        (the premises of the ground rules that conclude A)

added to the problem as statements of their own (``ir.Statement.closure``), so that the SAT
encoding, the enumeration engine, the evaluator (every witness is checked against the
completed text) and ``certify verify`` read them as any other statement.  A completion's
``lines`` are the lines of the rules it closes, so a support that relies on it names them.

The completion is the least model only when no atom depends on itself through the rules
(Clark 1978; Apt, Blair and Walker 1988): a ground cycle ("Rough things are green. Green
things are rough.") is refused with the lines of the rules on it.  A statement that says
more than a definite rule about these atoms (a negation, a disjunction in a conclusion,
"exactly one", "someone", "if and only if", a location or value among its premises) is
refused too, naming its line: the least model of such a text is not one model.
Statements about locations, attributes and numbers are left as they are, open.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from itertools import product

from certify.meaning import formulas, ir
from certify.meaning.possession import is_event
from certify.meaning.space import ground
from certify.meaning.text import show
from certify.records import Record
from certify.syntax.ast import Span
from certify.syntax.errors import SentenceError

Closed = ir.Holds | ir.Related
Body = tuple[Closed, ...]


class Clause(Record):
    """One ground definite rule (a fact has no premises), with the line it comes from."""

    line: int
    body: Body
    head: Closed


def is_closed(atom: ir.Formula) -> bool:
    """Whether the closed-world reading defines this atom (possession events are events)."""
    return isinstance(atom, (ir.Holds, ir.Related)) and not is_event(atom)


def names_of(found: Iterable[ir.Formula]) -> frozenset[tuple[str, str]]:
    """The closed predicates and verbs some formulas mention: ``("holds", "cat")``..."""
    names: set[tuple[str, str]] = set()
    for formula in found:
        for atom in formulas.atoms_of(formula):
            if isinstance(atom, ir.Holds) and is_closed(atom):
                names.add(("holds", atom.predicate))
            elif isinstance(atom, ir.Related) and is_closed(atom):
                names.add(("related", atom.verb))
    return frozenset(names)


def _premises(formula: ir.Formula) -> list[Body] | None:
    """A positive premise as a disjunction of conjunctions of closed atoms, or None."""
    if is_closed(formula):
        return [(formula,)]  # type: ignore[list-item]
    if isinstance(formula, ir.Const):
        return [()] if formula.value else []
    if isinstance(formula, ir.Or):
        return formulas.gathered(formula.parts, _premises)
    if isinstance(formula, ir.And):
        parts = [_premises(part) for part in formula.parts]
        if any(p is None for p in parts):
            return None
        return [tuple(a for body in bodies for a in body) for bodies in product(*parts)]  # type: ignore[arg-type]
    return None


def _rules(formula: ir.Formula) -> list[tuple[Body, Closed]] | None:
    """A quantifier-free formula as definite rules (premises, conclusion), or None."""
    if is_closed(formula):
        return [((), formula)]  # type: ignore[list-item]
    if isinstance(formula, ir.Const) and formula.value:
        return []
    if isinstance(formula, ir.And):
        return formulas.gathered(formula.parts, _rules)
    if isinstance(formula, ir.Implies):
        bodies, heads = _premises(formula.premise), _rules(formula.conclusion)
        if bodies is None or heads is None:
            return None
        return [(body + more, head) for body in bodies for more, head in heads]
    return None


def _definite(formula: ir.Formula) -> bool:
    """Whether a statement is a definite rule or fact (its rules' quantifiers aside)."""
    if isinstance(formula, ir.ForAll):
        return _definite(formula.body)
    if isinstance(formula, ir.And):
        return all(_definite(p) for p in formula.parts)
    if isinstance(formula, ir.Implies):
        return _premises(_strip(formula.premise)) is not None and _definite(formula.conclusion)
    return _rules(formula) is not None


def _strip(formula: ir.Formula) -> ir.Formula:
    return formula.body if isinstance(formula, ir.ForAll) else formula


def refused(statements: Sequence[ir.Statement]) -> list[SentenceError]:
    """The statements the closed-world reading cannot read as definite rules, each located."""
    errors = []
    for s in statements:
        if any(is_closed(a) for a in formulas.atoms_of(s.formula)) and not _definite(s.formula):
            errors.append(
                SentenceError(
                    "--closed-world reads only facts and rules whose premises and conclusions "
                    "are kinds, properties and relations (no 'not', 'or' in a conclusion, "
                    "'exactly', 'someone', 'if and only if', or a place among them)",
                    Span(s.line, s.column, s.column + len(s.text)),
                    expected="a fact ('Tom is a cat.') or a rule ('Cats are afraid of dogs.')",
                )
            )
    return errors


def clauses(problem: ir.Problem) -> list[Clause]:
    """The ground definite rules of a problem's statements about closed atoms."""
    individuals = tuple(e.key for e in problem.vocabulary.individuals)
    places = problem.vocabulary.place_keys
    found: list[Clause] = []
    for s in problem.statements:
        if s.closure or not any(is_closed(a) for a in formulas.atoms_of(s.formula)):
            continue
        rules = _rules(ground(s.formula, individuals, places))
        if rules is None:
            raise AssertionError(f"line {s.line} is not a definite rule (closed.refused)")
        found += [Clause(s.line, tuple(dict.fromkeys(body)), head) for body, head in rules]
    return found


def cycle(found: Sequence[Clause]) -> list[Clause] | None:
    """The rules of one cycle through the ground dependencies (conclusion on premise), if any:
    a depth-first search that keeps, for each atom on its path, the rule that led there."""
    edges: dict[Closed, list[tuple[Clause, Closed]]] = {}
    for clause in found:
        for premise in clause.body:
            edges.setdefault(clause.head, []).append((clause, premise))
    state: dict[Closed, bool] = {}  # True: on the path; False: done, no cycle through it
    for start in list(edges):
        if start in state:
            continue
        state[start] = True
        stack = [(start, iter(edges[start]))]
        path: list[Clause] = []  # path[i] leads from stack[i]'s atom to stack[i + 1]'s
        while stack:
            atom, steps = stack[-1]
            step = next(steps, None)
            if step is None:
                state[atom] = False
                stack.pop()
                if path:
                    path.pop()
                continue
            clause, premise = step
            if state.get(premise) is True:
                index = next(i for i, (a, _) in enumerate(stack) if a == premise)
                return [*path[index:], clause]
            if premise not in state:
                state[premise] = True
                path.append(clause)
                stack.append((premise, iter(edges.get(premise, ()))))
    return None


def cycle_error(found: Sequence[Clause], statements: Sequence[ir.Statement]) -> SentenceError:
    """The refusal of a text whose rules make an atom depend on itself."""
    lines = sorted({c.line for c in found})
    first = next(s for s in statements if s.line == lines[0])
    listed = ", ".join(str(n) for n in lines)
    return SentenceError(
        f"--closed-world needs rules without a cycle, and lines {listed} make a kind or "
        "property depend on itself (their completion is not their least model)",
        Span(first.line, first.column, first.column + len(first.text)),
        expected="rules whose conclusions never lead back to their premises",
    )


def complete(problem: ir.Problem, names: frozenset[tuple[str, str]]) -> ir.Problem:
    """The problem with the completion of its closed atoms (``names``) over its names."""
    found = clauses(problem)
    if cycle(found) is not None:
        raise AssertionError("a cyclic text reached the completion (closed.cycle)")
    vocabulary = problem.vocabulary
    named = (*vocabulary.individuals, *vocabulary.places, *vocabulary.others)
    # an earlier self ("Ana@0") has only a location
    terms = [key for key in dict.fromkeys(e.key for e in named) if "@" not in key]
    bodies: dict[Closed, list[Clause]] = {}
    for clause in found:
        bodies.setdefault(clause.head, []).append(clause)
    extra: list[ir.Statement] = []
    for kind, name in sorted(names):
        atoms: list[Closed] = (
            [ir.Holds(name, t) for t in terms]
            if kind == "holds"
            else [ir.Related(name, s, o) for s in terms for o in terms]
        )
        for atom in atoms:
            rules = bodies.get(atom, [])
            if any(not c.body for c in rules):
                continue  # a fact: the completion is true
            options = tuple(ir.And(c.body) if len(c.body) > 1 else c.body[0] for c in rules)
            formula = ir.Implies(atom, ir.Or(options)) if options else ir.Not(atom)
            lines = tuple(sorted({c.line for c in rules}))
            text = "closed world: " + show(formula, problem.vocabulary)
            extra.append(ir.Statement(0, text, formula, depends=lines, closure=True))
    return replace(problem, statements=(*problem.statements, *extra))


__all__ = ["Clause", "clauses", "complete", "cycle", "cycle_error", "names_of", "refused"]
