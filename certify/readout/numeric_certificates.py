"""Supports and conflicts for numeric statements, minimal over whole statements.

The domains report a certificate over *constraints* (a negative cycle, Farkas multipliers);
a user reads *statements*.  Both are shrunk here by deletion over statements, each test an
exact rebuild of the linear domain (rational Fourier–Motzkin with certificates, branch and
bound for integers) — a different engine from the one that answered, so the minimal set is
re-checked rather than trusted.  Every one-smaller subset of a conflict gets a witness point.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from fractions import Fraction
from typing import Literal

from certify import run_limits
from certify.domains.base import NumericDomain
from certify.domains.classify import build, classify
from certify.domains.conflict import NumericConflict, check_conflict
from certify.numeric import LinearConstraint, LinearExpr, format_expr, format_number
from certify.readout.numbers import integral, tighten
from certify.records import Record

Lines = tuple[int, ...]

FARKAS_LIMIT = 64
"""Larger conflicts show only their cheapest domain's certificate (the multipliers of a
500-edge cycle are one per edge, and Fourier-Motzkin over it takes seconds)."""


def by_statement(constraints: Sequence[LinearConstraint]) -> dict[int, list[LinearConstraint]]:
    """The constraints of a group, by the line of the statement they came from."""
    grouped: dict[int, list[LinearConstraint]] = {}
    for constraint in constraints:
        for tag in sorted(constraint.tags) or [0]:
            grouped.setdefault(tag, []).append(constraint)
    return grouped


Declarations = dict[int, tuple[str, ...]]
"""The integer variables each declaring statement ("x is an integer.") declares, by line."""

Built = dict[tuple[tuple[int, ...], frozenset[str]], NumericDomain]
"""Exact linear domains already built, by their constraints (the objects, by identity: each
domain keeps its own alive, so no identity is reused while it is here) and integer variables.
A certifier's supports test the same subsets of its statements again, once per forced
question; a domain is a value, and ``build`` gives an equal one for the same arguments."""


def exact_domain(
    grouped: dict[int, list[LinearConstraint]],
    lines: Sequence[int],
    declared: Declarations,
    built: Built | None = None,
) -> NumericDomain:
    """The exact linear domain of the statements on ``lines`` (declarations among them),
    taken from ``built`` when it is there (and kept there when it is new)."""
    constraints = tuple(dict.fromkeys(c for line in lines for c in grouped.get(line, ())))
    integers = frozenset(v for line in lines for v in declared.get(line, ()))
    if built is None:
        return build("linear", constraints, integers, None)
    key = (tuple(map(id, constraints)), integers)
    domain = built.get(key)
    if domain is None:
        domain = built[key] = build("linear", constraints, integers, None)
    return domain


def candidates(
    grouped: dict[int, list[LinearConstraint]], declared: Declarations
) -> tuple[int, ...]:
    """Every statement that can matter: the constraints' and the integer declarations'."""
    variables = {v for cs in grouped.values() for c in cs for v in c.variables}
    relevant = [line for line, names in declared.items() if variables & set(names)]
    return tuple(sorted(set(grouped) | set(relevant)))


def shrink_lines(
    lines: Sequence[int], holds: Callable[[tuple[int, ...]], bool], chunked: bool = False
) -> Lines:
    """Deletion over statements while ``holds`` stays true of the rest (a monotone test).

    ``chunked`` first tries to delete halves, quarters, ... of the statements at once: a
    support of one line among 100 then costs about 2 log 100 tests instead of 100 (the final
    pass one line at a time keeps the result subset-minimal).  Raises ``LimitReached`` when
    the run's deadline passes; ``shrink_until`` keeps the partial result instead.
    """
    kept, complete = shrink_until(lines, holds, chunked)
    if not complete:
        run_limits.current().check("the shrinking of a support or conflict")
    return kept


def shrink_until(
    lines: Sequence[int], holds: Callable[[tuple[int, ...]], bool], chunked: bool = False
) -> tuple[Lines, bool]:
    """``shrink_lines`` that stops at the deadline: (lines still satisfying ``holds``, done)."""
    deadline = run_limits.current()
    kept = list(lines)
    size = max(1, len(kept) // 2) if chunked else 1
    while True:
        index = 0
        while index < len(kept):
            if deadline.expired():
                return tuple(sorted(kept)), False
            trial = tuple(kept[:index] + kept[index + size :])
            if holds(trial):
                kept = list(trial)
            else:
                index += size
        if size == 1:
            return tuple(sorted(kept)), True
        size //= 2


def support_for_value(
    constraints: Sequence[LinearConstraint],
    declared: Declarations,
    expr: LinearExpr,
    value: Fraction,
    whole: bool,
    built: Built | None = None,
) -> Lines | None:
    """A minimal set of statements forcing ``expr = value`` (None if the exact check disagrees);
    ``built``: the domains of earlier searches over the same constraints (``exact_domain``)."""
    grouped = by_statement(constraints)

    def forces(lines: tuple[int, ...]) -> bool:
        if not lines:
            return False
        domain = exact_domain(grouped, lines, declared, built)
        if takes_another_value(domain, expr, value):
            return False
        bound, finished = domain.tight_bound(expr)
        if not finished:
            return False
        interval = tighten(bound, whole and integral(expr, domain.integers))
        return interval.single == value

    every = candidates(grouped, declared)
    if not forces(every):
        return None
    return shrink_lines(every, forces, chunked=True)


def takes_another_value(domain: NumericDomain, expr: LinearExpr, value: Fraction) -> bool:
    """Whether a point of the domain known without solving (``LinearDomain.known_point``),
    checked exactly against its constraints and integers, gives ``expr`` another value than
    ``value``: then its statements do not force ``expr = value``, whatever its bound is."""
    point = domain.known_point()
    if point is None or any(name not in point for name in expr.variables):
        return False
    return domain.satisfies(point) and expr.evaluate(point) != value


def support_for_truth(
    constraints: Sequence[LinearConstraint],
    declared: Declarations,
    excluded: Sequence[LinearConstraint],
    built: Built | None = None,
) -> Lines | None:
    """A minimal set of statements under which every constraint in ``excluded`` is impossible
    (``built`` as for ``support_for_value``)."""
    grouped = by_statement(constraints)

    def forces(lines: tuple[int, ...]) -> bool:
        if not lines:
            return False
        domain = exact_domain(grouped, lines, declared, built)
        return all(domain.assume(c).is_bottom() is True for c in excluded)

    every = candidates(grouped, declared)
    if not forces(every):
        return None
    return shrink_lines(every, forces, chunked=True)


class Shrunk(Record):
    """A numeric conflict over statements: its lines, its certificate in words, a point for
    each one-smaller subset, and whether the shrinking finished (else: not shown minimal)."""

    lines: Lines
    detail: str
    points: list[tuple[int, dict[str, Fraction]]]
    minimal: bool


def minimal_conflict(
    domain: NumericDomain,
    constraints: Sequence[LinearConstraint],
    declared: Declarations,
    label: Callable[[str], str] = str,
    smallest: bool = False,
    limit: int = 2000,
) -> Shrunk:
    """Statements that contradict each other, minimal, with a point for each one-smaller subset.

    The search starts from the lines of the domain's certificate (re-verified on its own) and
    deletes one line at a time: each rest is decided by the cheapest exact domain, and a rest
    that is consistent gives its witness point there and then, which is the proof that the
    line is needed.  The lines always contradict each other; when the run's deadline stops the
    search (or no domain decides a rest), they are returned as they are, not shown minimal.
    """
    grouped = by_statement(constraints)
    certificate = domain.conflict()
    detail = ""
    seed: tuple[int, ...] = candidates(grouped, declared)
    proven = False
    if certificate is not None:
        integers = frozenset(v for names in declared.values() for v in names)
        verified = check_conflict(certificate, integers)
        if verified is False:
            raise AssertionError("a numeric domain produced a certificate that does not check")
        detail = describe_certificate(certificate, label)
        tagged = tuple(sorted(certificate.tags()))
        if tagged and all(t in grouped for t in tagged):
            seed = tuple(sorted(set(tagged) | (set(seed) - set(grouped))))
            proven = verified is True

    def infeasible(lines: tuple[int, ...]) -> bool:
        return bool(lines) and _decide(grouped, lines, declared) is False

    if not proven and not infeasible(seed):
        seed = candidates(grouped, declared)
    found = _shrink_with_points(grouped, seed, declared)
    if found.minimal and smallest:
        from certify.readout.conflicts import every_by_subsets

        others, _ = every_by_subsets(candidates(grouped, declared), infeasible, limit)
        if others and len(others[0]) < len(found.lines):
            found = _shrink_with_points(grouped, others[0], declared)
    if not found.minimal:
        return Shrunk(found.lines, detail, [], False)
    described = [
        describe_certificate(final, label)
        for final in _final_certificates(grouped, found.lines, declared)
        if check_conflict(final, frozenset(domain.integers)) is not False
    ]
    if described:
        detail = "; ".join(dict.fromkeys(described))
    return Shrunk(found.lines, detail, found.points, True)


def _decide(
    grouped: dict[int, list[LinearConstraint]], lines: Sequence[int], declared: Declarations
) -> dict[str, Fraction] | Literal[False] | None:
    """False when the lines contradict each other, else a checked point of them, or None when
    neither the cheapest exact domain nor the linear domain decides (a limit ran out)."""
    constraints = tuple(dict.fromkeys(c for line in lines for c in grouped.get(line, ())))
    integers = frozenset(v for line in lines for v in declared.get(line, ()))
    if not constraints:
        return {}
    chosen = classify(constraints, integers).domain
    for name in dict.fromkeys((chosen, "linear")):
        domain = build(name, constraints, integers, None)
        if domain.is_bottom() is True:
            return False
        point = domain.witness()
        if point is not None:
            return dict(point)
    return None


def _shrink_with_points(
    grouped: dict[int, list[LinearConstraint]], seed: Sequence[int], declared: Declarations
) -> Shrunk:
    """Delete lines while the rest stays contradictory; keep a point for each needed line.

    A point found for ``kept - {line}`` stays a point of every later, smaller rest, so one
    domain per line both shrinks the conflict and proves the result minimal.
    """
    deadline = run_limits.current()
    kept = list(seed)
    points: dict[int, dict[str, Fraction]] = {}
    index = 0
    while index < len(kept):
        if deadline.expired():
            return Shrunk(tuple(sorted(kept)), "", [], False)
        rest = kept[:index] + kept[index + 1 :]
        decided = _decide(grouped, rest, declared) if rest else {}
        if decided is None:
            return Shrunk(tuple(sorted(kept)), "", [], False)
        if decided is False:
            kept = rest
            continue
        points[kept[index]] = decided
        index += 1
    lines = tuple(sorted(kept))
    return Shrunk(lines, "", [(line, points[line]) for line in lines], True)


def _final_certificates(
    grouped: dict[int, list[LinearConstraint]], kept: Sequence[int], declared: Declarations
) -> Iterator[NumericConflict]:
    """The minimal conflict's certificates: from the cheapest exact domain (a negative cycle for
    differences and octagons), and from the exact linear domain (Farkas multipliers)."""
    constraints = tuple(dict.fromkeys(c for line in kept for c in grouped.get(line, ())))
    integers = frozenset(v for line in kept for v in declared.get(line, ()))
    chosen = classify(constraints, integers).domain
    for name in dict.fromkeys((chosen, "linear")):
        if name != chosen and len(constraints) > FARKAS_LIMIT:
            continue
        domain = build(name, constraints, integers, None)
        certificate = domain.conflict() if domain.exact else None
        if certificate is not None:
            yield certificate


def describe_certificate(certificate: object, label: Callable[[str], str] = str) -> str:
    """A negative cycle or Farkas multipliers in words."""

    def node(name: str) -> str:
        return name[0] + label(name[1:]) if name[:1] in "+-" else label(name)

    cycle = [node(n) for n in getattr(certificate, "cycle", None) or ()]
    multipliers = getattr(certificate, "multipliers", None)
    constraints = getattr(certificate, "constraints", ())
    if cycle:
        return "negative cycle: " + " → ".join(cycle) + " → " + cycle[0]
    if multipliers:
        parts = [f"{m} × ({_labelled(c, label)})" for m, c in zip(multipliers, constraints) if m]
        return "Farkas multipliers: " + " + ".join(parts) + " is a contradiction"
    return str(getattr(certificate, "kind", ""))


def _labelled(constraint: LinearConstraint, label: Callable[[str], str]) -> str:
    renamed = LinearExpr.of({label(name): c for name, c in constraint.terms})
    return f"{format_expr(renamed)} {constraint.op} {format_number(constraint.bound)}"
