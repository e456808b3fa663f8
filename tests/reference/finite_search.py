"""Exact enumeration of the states of a conjunction of tests over finite variables.

A *term* is a set of variables and a test on an assignment of them. The terms are split into
components that share no variable (union-find); each component is enumerated by backtracking
in a fixed variable order, running every test as soon as its last variable is set. Nothing is
approximated: a component's models are exactly the assignments of its variables that pass all
its tests, and a conjunction is satisfiable iff every component is.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

Var = tuple[object, ...]
Assignment = dict[Var, object]
Term = tuple[frozenset[Var], Callable[[Assignment], object]]
# The values of a variable, given the location variables before it and the assignment so far.
Domain = Callable[[Var, list[Var], Assignment], list[object]]


def satisfiable(variables: frozenset[Var], terms: list[Term], domain: Domain) -> bool:
    return next(models(variables, terms, domain), None) is not None


def models(variables: frozenset[Var], terms: list[Term], domain: Domain) -> Iterator[Assignment]:
    """Every state of one component: backtracking, each test run once its vars are set."""
    rank = {"edge": 0, "loc": 1}
    order = sorted(variables, key=lambda v: (rank.get(str(v[0]), 2), repr(v)))
    position = {v: i for i, v in enumerate(order)}
    checks: list[list[Callable[[Assignment], object]]] = [[] for _ in order]
    constant = True
    for vars_, test in terms:
        if vars_:
            checks[max(position[v] for v in vars_)].append(test)
        else:
            constant = constant and bool(test({}))
    if not constant:
        return
    locs = [v for v in order if v[0] == "loc"]
    a: Assignment = {}

    def extend(k: int) -> Iterator[Assignment]:
        if k == len(order):
            yield a
            return
        var = order[k]
        earlier = locs[: locs.index(var)] if var[0] == "loc" else []
        for value in domain(var, earlier, a):
            a[var] = value
            if all(test(a) for test in checks[k]):
                yield from extend(k + 1)
        a.pop(var, None)

    yield from extend(0)


def components(terms: list[Term], asked: frozenset[Var]) -> list[tuple[frozenset[Var], list[Term]]]:
    """Split the constraints into groups sharing no variable; the asked group comes first."""
    parent: dict[Var, Var] = {}

    def root(v: Var) -> Var:
        while parent.setdefault(v, v) != v:
            v = parent[v]
        return v

    for vars_ in [asked, *(t[0] for t in terms)]:
        listed = list(vars_)
        for v in listed[1:]:
            parent[root(v)] = root(listed[0])
    groups: dict[Var | None, tuple[set[Var], list[Term]]] = {}
    anchor = root(next(iter(asked))) if asked else None
    groups[anchor] = (set(asked), [])
    for term in terms:
        key = root(next(iter(term[0]))) if term[0] else anchor
        group = groups.setdefault(key, (set(), []))
        group[0].update(term[0])
        group[1].append(term)
    return [(frozenset(v), t) for v, t in groups.values()]
