"""Statements as clauses, directly: ``selector → formula`` without a Tseitin gate per node.

``Encoding.literal`` gives a literal *equivalent* to a formula, which is what projections,
blocking clauses and conditions need.  A statement only needs ``selector → formula``, so its
top levels become clauses with the guards prepended (the selector, and the case a clause is
in): a conjunction is its parts, a disjunction one clause, a count python-sat's cardinality
encoding (``CardEnc``), and a disjunction that splits on the value of one thing —
``(x = v₁ ∧ R₁) ∨ (x = v₂ ∧ R₂) ∨ ...``, as ``SameValue`` and the puzzle clues "left of",
"next to" are — the clauses ``x = vᵢ → Rᵢ`` (and ``x ≠ v`` for a value no disjunct names).
That last step is exact because every valued thing takes exactly one value: those
exactly-one constraints are clauses of the state space, under no selector, so the two
formulas hold in the same states.  Below the clause level, a part is encoded by a literal
that implies it (Plaisted–Greenbaum: one direction of each gate), or by ``literal``.

The selector's meaning is unchanged — ``selector → formula`` in every state of the space —
so unsat cores, supports and conflicts are those of the Tseitin encoding, with fewer clauses.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from itertools import accumulate
from operator import itemgetter
from typing import TYPE_CHECKING, Literal

from certify.meaning import ir
from certify.records import Record

if TYPE_CHECKING:
    from certify.domains.boolean import Encoding
    from certify.domains.variables import Variables

PAIRWISE = 6
"""Up to this many literals, "at most one" is a clause per pair (no auxiliary variables)."""

Guards = tuple[int, ...]
"""Literals whose conjunction the clause is conditioned on (each clause gets their negations)."""


def require(encoding: Encoding, guards: Guards, formula: ir.Formula) -> None:
    """Add clauses equivalent to ``guards → formula`` (in the states of the space)."""
    if isinstance(formula, ir.Const):
        if not formula.value:
            _clause(encoding, guards, [])
        return
    if isinstance(formula, ir.And):
        for part in formula.parts:
            require(encoding, guards, part)
        return
    if isinstance(formula, ir.Implies):
        formula = ir.Or((ir.Not(formula.premise), formula.conclusion))
    if isinstance(formula, ir.Not) and isinstance(formula.body, ir.Or):
        for part in formula.body.parts:
            require(encoding, guards, ir.Not(part))
        return
    if isinstance(formula, ir.Or):
        split = _case_split(encoding, formula.parts)
        if split is None:
            _clause(encoding, guards, [implying(encoding, p) for p in formula.parts])
            return
        for case, rest in split:
            require(encoding, (*guards, case), rest)
        return
    if isinstance(formula, (ir.SameValue, ir.SamePlace)):
        first, second = _one_hot(encoding, formula)
        if first:  # x = v → y = v, for each value v of x: exact, as x takes one value
            for value, literal in first.items():
                _clause(encoding, (*guards, literal), [second.get(value, -encoding.true)])
            return
    if isinstance(formula, ir.Not) and isinstance(formula.body, (ir.SameValue, ir.SamePlace)):
        _never_equal(encoding, guards, *_one_hot(encoding, formula.body))
        return
    if isinstance(formula, ir.OneOf):  # each thing of the attribute takes one of the values
        for (_, attribute), options in encoding.values.items():
            if attribute == formula.attribute and not set(options) <= set(formula.values):
                allowed = [lit for v, lit in options.items() if v in formula.values]
                _clause(encoding, guards, allowed)
        return
    if isinstance(formula, ir.Count) and all(_is_atom(p) for p in formula.parts):
        _count(encoding, guards, [encoding.literal(p) for p in formula.parts], formula)
        return
    _clause(encoding, guards, [encoding.literal(formula)])


def implying(encoding: Encoding, formula: ir.Formula) -> int:
    """A literal that implies ``formula`` (equivalent for atoms and negations)."""
    if type(formula) is ir.HasValue:  # the most frequent part: read the value's literal
        values = encoding.values.get((formula.thing, formula.attribute), {})
        return values.get(formula.value, -encoding.true)
    if isinstance(formula, ir.And):
        parts = [implying(encoding, p) for p in formula.parts]
        return _gate(encoding, "and+", parts, lambda out: [[-out, p] for p in parts])
    if isinstance(formula, ir.Or) and _case_split(encoding, formula.parts) is None:
        parts = [implying(encoding, p) for p in formula.parts]
        return _gate(encoding, "or+", parts, lambda out: [[-out, *parts]])
    if isinstance(formula, (ir.Or, ir.SameValue, ir.SamePlace, ir.Count)):
        out = encoding.variable(("implies", len(encoding.pool.obj2id)))  # a fresh variable
        require(encoding, (out,), formula)
        return out
    return encoding.literal(formula)


def _never_equal(
    encoding: Encoding, guards: Guards, first: dict[str, int], second: dict[str, int]
) -> None:
    """``guards → ¬(x = v ∧ y = v)`` for each value v of both: ``_clause`` for each, with the
    guards' part of the clause made once (a value literal is a variable of its own, never the
    constant, so nothing else of ``_clause`` applies to it)."""
    if -encoding.true in guards:
        return
    head = [-g for g in guards if g != encoding.true]
    encoding.clauses += [[*head, -lit, -second[v]] for v, lit in first.items() if v in second]


def _one_hot(
    encoding: Encoding, atom: ir.SameValue | ir.SamePlace
) -> tuple[dict[str, int], dict[str, int]]:
    """The value literals of the two things an equality atom compares (as ``Encoding.atom``)."""
    if isinstance(atom, ir.SamePlace):
        return encoding.location.get(atom.first, {}), encoding.location.get(atom.second, {})
    first = encoding.values.get((atom.first, atom.attribute), {})
    return first, encoding.values.get((atom.second, atom.attribute), {})


def _gate(
    encoding: Encoding, kind: str, parts: list[int], clauses: Callable[[int], list[list[int]]]
) -> int:
    """One direction of a gate over ``parts`` (shared between equal gates of that kind)."""
    if len(parts) == 1:
        return parts[0]
    key = (kind, tuple(sorted(parts)))
    if key in encoding.cache:
        return encoding.cache[key]
    out = encoding.variable(key)
    encoding.clauses.extend(clauses(out))
    encoding.cache[key] = out
    return out


def _case_split(
    encoding: Encoding, parts: Sequence[ir.Formula]
) -> list[tuple[int, ir.Formula]] | None:
    """``[(x = v, R_v) for every value v of x]`` when every part is ``x = v ∧ R`` for one
    valued thing x and distinct values v (``R_v`` false for a value no part names)."""
    if all(type(p) is ir.HasValue for p in parts):
        return None  # a disjunction of values: one clause says it best
    cases: dict[str, ir.Formula] = {}
    group: tuple[str, str] | None = None
    for part in parts:
        key, rest = _keyed(part)
        if key is None or (group is not None and (key.thing, key.attribute) != group):
            return None
        group = (key.thing, key.attribute)
        if key.value in cases:
            return None
        cases[key.value] = rest
    if group is None or group not in encoding.values:
        return None
    domain = encoding.values[group]
    if not set(cases) <= set(domain):
        return None
    return [(literal, cases.get(value, ir.Const(False))) for value, literal in domain.items()]


def _keyed(part: ir.Formula) -> tuple[ir.HasValue | None, ir.Formula]:
    """The part's first ``HasValue`` conjunct and the rest of the part."""
    if isinstance(part, ir.HasValue):
        return part, ir.Const(True)
    if isinstance(part, ir.And):
        for index, conjunct in enumerate(part.parts):
            if isinstance(conjunct, ir.HasValue):
                rest = part.parts[:index] + part.parts[index + 1 :]
                return conjunct, rest[0] if len(rest) == 1 else ir.And(rest)
    return None, part


def _is_atom(formula: ir.Formula) -> bool:
    return not isinstance(
        formula, (ir.And, ir.Or, ir.Not, ir.Implies, ir.Iff, ir.Count, ir.ForAll, ir.Exists)
    )


def _count(encoding: Encoding, guards: Guards, literals: list[int], count: ir.Count) -> None:
    """``low ≤ #true ≤ high`` by python-sat's cardinality encodings, each clause guarded."""
    if count.low > min(count.high, len(literals)):
        _clause(encoding, guards, [])
        return
    if count.high == 1 and len(literals) <= PAIRWISE:  # at most one: a clause per pair
        if count.low > 0:
            _clause(encoding, guards, literals)
        for index, first in enumerate(literals):
            for second in literals[index + 1 :]:
                _clause(encoding, guards, [-first, -second])
        return
    encoded = []
    if count.low > 0:
        encoded += cardinality("atleast", literals, count.low, encoding.pool)
    if count.high < len(literals):
        encoded += cardinality("atmost", literals, count.high, encoding.pool)
    for clause in encoded:
        _clause(encoding, guards, clause)


Bound = Literal["atleast", "atmost"]
SHAPED = 32
"""Cardinality constraints over up to this many literals are renamed from a kept shape."""


def cardinality(
    kind: Bound, literals: Sequence[int], bound: int, pool: Variables
) -> list[list[int]]:
    """The clauses of ``CardEnc.atleast`` / ``CardEnc.atmost`` (sequential counter) over
    ``literals``, their auxiliary variables taken from ``pool``: exactly what CardEnc returns
    (python-sat is imported here, at the first cardinality constraint: ``variables``).

    The sequential counter's clauses depend only on the number of literals and the bound, so
    CardEnc encodes each shape once, over the literals 1..n and auxiliaries n+1..n+k, and each
    use renames them in one ``itemgetter`` call (CardEnc costs some 20 µs a call, mostly in
    Python around its C encoder; a renaming, half that).  Only shapes of up to ``SHAPED``
    literals are kept: a longer list is rarer, CardEnc's own C work dominates it, and keeping
    every size of a text with hundreds of individuals costs megabytes.
    """
    if not literals:
        return []
    top = max([pool.top, *(abs(lit) for lit in literals)])
    if len(literals) > SHAPED:
        from pysat.card import CardEnc, EncType

        encode = CardEnc.atleast if kind == "atleast" else CardEnc.atmost
        cnf = encode(literals, bound, top_id=top, encoding=EncType.seqcounter)
        if cnf.nv:  # something encoded: CardEnc would move a pool it is given past it
            pool.top = max(top, cnf.nv)
        return list(cnf.clauses)
    shape = _shape(kind, len(literals), bound)
    if not shape.spans:
        return []
    names = [*literals, *range(top + 1, top + shape.extra + 1)]
    pool.top = top + shape.extra  # as CardEnc does: past the literals and the auxiliaries
    renamed = shape.rename([-name for name in reversed(names)] + [0] + names)
    return [list(renamed[start:end]) for start, end in shape.spans]


class _Shape(Record):
    """CardEnc's clauses over the literals 1..n and auxiliaries n+1..n+extra, flattened."""

    rename: itemgetter[tuple[int, ...]]
    """Picks the renamed literals, in order, from ``[-name_m, ..., -name_1, 0, name_1, ...]``."""
    spans: tuple[tuple[int, int], ...]
    """Where each clause starts and ends in what ``rename`` picks."""
    extra: int


@cache
def _shape(kind: Bound, size: int, bound: int) -> _Shape:
    from pysat.card import CardEnc, EncType

    encode = CardEnc.atleast if kind == "atleast" else CardEnc.atmost
    cnf = encode(list(range(1, size + 1)), bound, top_id=size, encoding=EncType.seqcounter)
    extra = max(cnf.nv - size, 0)
    flat = [lit + size + extra for clause in cnf.clauses for lit in clause]
    ends = list(accumulate(len(clause) for clause in cnf.clauses))
    spans = tuple(zip([0, *ends[:-1]], ends))
    return _Shape(itemgetter(*flat, 0), spans, extra)  # the 0: a tuple even for one literal


def _clause(encoding: Encoding, guards: Guards, literals: list[int]) -> None:
    """``¬g₁ ∨ ... ∨ ¬gₖ ∨ l₁ ∨ ... ∨ lₙ``, without literals of the constant false and
    skipped when it holds by a literal of the constant true."""
    true = encoding.true
    if true in literals or -true in guards:
        return
    if true in guards or -true in literals:
        clause = [-g for g in guards if g != true] + [lit for lit in literals if lit != -true]
    else:  # the usual case: nothing to leave out
        clause = [-g for g in guards] + literals
    encoding.clauses.append(clause)
