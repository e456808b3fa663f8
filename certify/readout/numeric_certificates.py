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

from certify.domains.base import NumericDomain
from certify.domains.classify import build, classify
from certify.domains.conflict import NumericConflict, check_conflict
from certify.numeric import LinearConstraint, LinearExpr, format_expr, format_number
from certify.readout.numbers import integral, tighten

Lines = tuple[int, ...]


def by_statement(constraints: Sequence[LinearConstraint]) -> dict[int, list[LinearConstraint]]:
    """The constraints of a group, by the line of the statement they came from."""
    grouped: dict[int, list[LinearConstraint]] = {}
    for constraint in constraints:
        for tag in sorted(constraint.tags) or [0]:
            grouped.setdefault(tag, []).append(constraint)
    return grouped


Declarations = dict[int, tuple[str, ...]]
"""The integer variables each declaring statement ("x is an integer.") declares, by line."""


def exact_domain(
    grouped: dict[int, list[LinearConstraint]], lines: Sequence[int], declared: Declarations
) -> NumericDomain:
    """The exact linear domain of the statements on ``lines`` (declarations among them)."""
    constraints = tuple(dict.fromkeys(c for line in lines for c in grouped.get(line, ())))
    integers = frozenset(v for line in lines for v in declared.get(line, ()))
    return build("linear", constraints, integers, None)


def candidates(
    grouped: dict[int, list[LinearConstraint]], declared: Declarations
) -> tuple[int, ...]:
    """Every statement that can matter: the constraints' and the integer declarations'."""
    variables = {v for cs in grouped.values() for c in cs for v in c.variables}
    relevant = [line for line, names in declared.items() if variables & set(names)]
    return tuple(sorted(set(grouped) | set(relevant)))


def shrink_lines(lines: Sequence[int], holds: Callable[[tuple[int, ...]], bool]) -> Lines:
    """Deletion over statements while ``holds`` stays true of the rest."""
    kept = list(lines)
    index = 0
    while index < len(kept):
        trial = tuple(kept[:index] + kept[index + 1 :])
        if holds(trial):
            kept = list(trial)
        else:
            index += 1
    return tuple(sorted(kept))


def support_for_value(
    constraints: Sequence[LinearConstraint],
    declared: Declarations,
    expr: LinearExpr,
    value: Fraction,
    whole: bool,
) -> Lines | None:
    """A minimal set of statements forcing ``expr = value`` (None if the exact check disagrees)."""
    grouped = by_statement(constraints)

    def forces(lines: tuple[int, ...]) -> bool:
        if not lines:
            return False
        domain = exact_domain(grouped, lines, declared)
        bound, finished = domain.tight_bound(expr)
        if not finished:
            return False
        interval = tighten(bound, whole and integral(expr, domain.integers))
        return interval.single == value

    every = candidates(grouped, declared)
    if not forces(every):
        return None
    return shrink_lines(every, forces)


def support_for_truth(
    constraints: Sequence[LinearConstraint],
    declared: Declarations,
    excluded: Sequence[LinearConstraint],
) -> Lines | None:
    """A minimal set of statements under which every constraint in ``excluded`` is impossible."""
    grouped = by_statement(constraints)

    def forces(lines: tuple[int, ...]) -> bool:
        if not lines:
            return False
        domain = exact_domain(grouped, lines, declared)
        return all(domain.assume(c).is_bottom() is True for c in excluded)

    every = candidates(grouped, declared)
    if not forces(every):
        return None
    return shrink_lines(every, forces)


def minimal_conflict(
    domain: NumericDomain,
    constraints: Sequence[LinearConstraint],
    declared: Declarations,
    label: Callable[[str], str] = str,
    smallest: bool = False,
    limit: int = 2000,
) -> tuple[Lines, str, list[tuple[int, dict[str, Fraction]]]]:
    """Statements that contradict each other, minimal, with a point for each one-smaller subset.

    Returns the lines, a description of the certificate (re-verified), and the subset points.
    """
    grouped = by_statement(constraints)
    certificate = domain.conflict()
    detail = ""
    seed: tuple[int, ...] = candidates(grouped, declared)
    if certificate is not None:
        integers = frozenset(v for names in declared.values() for v in names)
        verified = check_conflict(certificate, integers)
        if verified is False:
            raise AssertionError("a numeric domain produced a certificate that does not check")
        detail = describe_certificate(certificate, label)
        tagged = tuple(sorted(certificate.tags()))
        if tagged and all(t in grouped for t in tagged):
            seed = tuple(sorted(set(tagged) | (set(seed) - set(grouped))))

    def infeasible(lines: tuple[int, ...]) -> bool:
        return bool(lines) and exact_domain(grouped, lines, declared).is_bottom() is True

    if not infeasible(seed):
        seed = candidates(grouped, declared)
    kept = shrink_lines(seed, infeasible)
    if smallest:
        from certify.readout.conflicts import every_by_subsets

        found, _ = every_by_subsets(candidates(grouped, declared), infeasible, limit)
        if found and len(found[0]) <= len(kept):
            kept = found[0]
    described = [
        describe_certificate(final, label)
        for final in _final_certificates(grouped, kept, declared)
        if check_conflict(final, frozenset(domain.integers)) is not False
    ]
    if described:
        detail = "; ".join(dict.fromkeys(described))
    points: list[tuple[int, dict[str, Fraction]]] = []
    for line in kept:
        rest = tuple(x for x in kept if x != line)
        point = exact_domain(grouped, rest, declared).witness() if rest else {}
        if point is None:
            raise AssertionError("a shrunk numeric conflict is not minimal")
        points.append((line, dict(point)))
    return kept, detail, points


def _final_certificates(
    grouped: dict[int, list[LinearConstraint]], kept: Sequence[int], declared: Declarations
) -> Iterator[NumericConflict]:
    """The minimal conflict's certificates: from the cheapest exact domain (a negative cycle for
    differences and octagons), and from the exact linear domain (Farkas multipliers)."""
    constraints = tuple(dict.fromkeys(c for line in kept for c in grouped.get(line, ())))
    integers = frozenset(v for line in kept for v in declared.get(line, ()))
    chosen = classify(constraints, integers).domain
    for name in dict.fromkeys((chosen, "linear")):
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
