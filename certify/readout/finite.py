"""Exact answer sets of finite questions by incremental SAT solving under assumptions.

A question is compiled into a *projection*: a few literals whose values determine the
answer (Ana's place: one literal per candidate place; "who is in P": one literal per
located individual).  The readout finds a model, reads its answer, blocks that projection
value with a clause switched on by a fresh activation literal, and repeats until the solver
says no more: every answer found comes with its model (the witness), and the final UNSAT is
the proof that no other answer exists — H⁻ = H⁺, exactly (seed paper, section 1).
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from certify.domains.boolean import Encoding
from certify.meaning import ir, queries
from certify.meaning.space import location_domain
from certify.records import Record
from certify.run_limits import LimitReached


class Projection(Record):
    """Literals that determine the answer, and how to read the answer off their values."""

    literals: tuple[int, ...]
    read: Callable[[tuple[bool, ...]], str]
    candidates: tuple[str, ...] | None = None


class Found(Record):
    """One answer with the model that witnesses it."""

    answer: str
    model: tuple[int, ...]
    values: tuple[bool, ...]
    numbers: tuple[tuple[str, Fraction], ...] = ()


class FiniteAnswers(Record):
    """Answers found; ``complete`` when the solver proved there are no others."""

    found: tuple[Found, ...]
    complete: bool
    candidates: tuple[str, ...] | None
    stopped: LimitReached | None = None
    """The limit that ended the enumeration early (None: it finished or used its calls)."""


def project(encoding: Encoding, query: queries.Query) -> Projection:
    """The projection of a finite question."""
    vocabulary = encoding.vocabulary
    if isinstance(query, queries.AskWhere) and query.thing in vocabulary.place_keys:
        return _containers(encoding, query.thing)
    if isinstance(query, queries.AskWhere):
        if query.thing not in encoding.location:
            return Projection((), lambda _: ir.NONE, (ir.NONE,))
        answers: dict[str, list[int]] = {}
        for value, lit in encoding.location[query.thing].items():
            label = ir.OTHER if value.startswith(ir.OTHER) else vocabulary.label(value)
            answers.setdefault(label, []).append(lit)
        labels = tuple(answers)
        literals = tuple(encoding.or_of(lits) for lits in answers.values())
        return Projection(literals, lambda values: _first(labels, values), labels)
    if isinstance(query, queries.AskBefore):
        return _before(encoding, query)
    if isinstance(query, queries.AskValue):
        options = encoding.values.get((query.thing, query.attribute), {})
        value_labels = tuple(options)
        return Projection(tuple(options.values()), lambda v: _first(value_labels, v), value_labels)
    if isinstance(query, queries.AskTruth):
        literal = encoding.literal(_grounded(encoding, query.formula))
        return Projection((literal,), lambda v: "yes" if v[0] else "no", ("yes", "no"))
    if isinstance(query, queries.AskWhich):
        literals = tuple(encoding.literal(_grounded(encoding, f)) for f in query.formulas)
        labels, literals = _by_name(encoding, query.named(vocabulary.label), literals)
        return Projection(literals, lambda v: _people(labels, v, query.empty))
    if isinstance(query, queries.AskCount):
        counted = tuple(encoding.literal(_grounded(encoding, f)) for f in query.formulas)
        return Projection(counted, lambda v: str(sum(v)))
    if isinstance(query, queries.AskWho):
        people = tuple(p for p in encoding.location if "@" not in p)  # not earlier selves
        literals = tuple(encoding.is_in(p, query.place) for p in people)
        names = tuple(ir.OTHER if ir.is_anonymous(p) else vocabulary.label(p) for p in people)
        names, literals = _by_name(encoding, names, literals)
        return Projection(literals, lambda v: _people(names, v))
    if isinstance(query, queries.AskCountIn):
        named = [p for p in encoding.location if "@" not in p and not ir.is_anonymous(p)]
        inside = [encoding.is_in(p, query.place) for p in named]
        counts = tuple(str(n) for n in range(len(named) + 1))
        return Projection(_at_least(encoding, inside), lambda v: str(sum(v)), counts)
    if isinstance(query, queries.AskWhose):
        homes = [p for p in vocabulary.places if p.noun == query.noun and p.owner]
        literals = tuple(encoding.is_in(query.thing, p.key) for p in homes)
        owners, literals = _by_name(encoding, tuple(p.owner or "" for p in homes), literals)
        return Projection(literals, lambda v: _owners(owners, v))
    raise TypeError(f"not a finite question: {query!r}")


def _by_name(
    encoding: Encoding, names: tuple[str, ...], literals: tuple[int, ...]
) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """One literal per distinct name: the disjunction of the literals of every candidate of
    that name.  A set-valued answer (``_people``, ``_owners``) depends only on which names
    hold, so this projection gives the same answers; but one value per answer, where a
    literal per candidate would give one per subset of the candidates of one name (every
    unnamed individual is "(other)": 2^k values, and as many solver calls, for k of them)."""
    grouped: dict[str, list[int]] = {}
    for name, literal in zip(names, literals):
        grouped.setdefault(name, []).append(literal)
    if len(grouped) == len(names):
        return names, literals
    return tuple(grouped), tuple(encoding.or_of(lits) for lits in grouped.values())


def _at_least(encoding: Encoding, parts: list[int]) -> tuple[int, ...]:
    """For j = 1..n, a literal true iff at least j of ``parts`` are: the number of true
    literals is the count, and the values are n + 1 at most, where ``parts`` themselves
    could take 2^n (one solver call each in the enumeration)."""
    return tuple(encoding.at_least(parts, len(parts))[1:])


def answer_set(
    encoding: Encoding, projection: Projection, assumptions: list[int], budget: int
) -> FiniteAnswers:
    """Enumerate the distinct answers under ``assumptions``.

    At most ``budget`` solver calls; the run's deadline (``certify.run_limits``) interrupts the
    solver, and the answers found until then are kept with their models.
    """
    return answer_sets(encoding, [projection], assumptions, budget)[0]


def answer_sets(
    encoding: Encoding, projections: list[Projection], assumptions: list[int], budget: int
) -> list[FiniteAnswers]:
    """``answer_set`` of several questions about one encoding, in one enumeration.

    Each model is read by every projection, and the next model must give *some* question a
    value it has not had: a fresh literal ``new_q`` per question, the clause ``new_1 ∨ ... ∨
    new_k`` and, for each value seen, ``¬new_q ∨ (q's projection differs from it)``, all
    switched on by one activation literal.  The final UNSAT proves that no question has an
    answer not found (each one's H⁻ = H⁺, as in ``answer_set``), with one solver call per
    model that brings something new instead of two calls or more per question.  At most
    ``budget`` calls per question; a run that stops early leaves every question incomplete.
    """
    encoding.sync()
    activation = encoding.pool.id(("block", len(encoding.clauses)))
    new = [encoding.pool.id(("new", activation, index)) for index in range(len(projections))]
    encoding.add([[-activation, *new]])
    found: list[dict[str, Found]] = [{} for _ in projections]
    blocked: list[set[tuple[bool, ...]]] = [set() for _ in projections]
    complete = False
    stopped: LimitReached | None = None
    solving = [*assumptions, activation]
    for _ in range(max(1, budget) * len(projections)):
        try:
            model = encoding.solve(solving)
        except LimitReached as stop:
            stopped = stop
            break
        if model is None:
            complete = True
            break
        encoding.add(_news(encoding, projections, new, model, found, blocked))
    encoding.add([[-activation]])
    return [
        FiniteAnswers(tuple(f.values()), complete, p.candidates, stopped)
        for f, p in zip(found, projections)
    ]


def _news(
    encoding: Encoding,
    projections: list[Projection],
    new: list[int],
    model: list[int],
    found: list[dict[str, Found]],
    blocked: list[set[tuple[bool, ...]]],
) -> list[list[int]]:
    """Read one model by every projection: record each answer not found before (with the
    model), and return the blocking clause of each projection value not seen before.

    Equal values give equal answers, so a value already blocked is not read again.
    """
    true, blocks = set(model), []
    witness: tuple[int, ...] | None = None
    for index, projection in enumerate(projections):
        values = tuple([lit in true for lit in projection.literals])
        if values in blocked[index]:
            continue
        blocked[index].add(values)
        answer = projection.read(values)
        if answer not in found[index]:
            if witness is None:
                witness = tuple(model)
            numbers = tuple(sorted(encoding.numbers.items()))
            found[index][answer] = Found(answer, witness, values, numbers)
        differs = [-lit if v else lit for lit, v in zip(projection.literals, values)]
        blocks.append([-new[index], *differs])
    return blocks


def condition(encoding: Encoding, projection: Projection, values: tuple[bool, ...]) -> int:
    """A literal that is true exactly when the projection takes ``values``."""
    return encoding.and_of([lit if v else -lit for lit, v in zip(projection.literals, values)])


def _grounded(encoding: Encoding, formula: ir.Formula) -> ir.Formula:
    from certify.meaning.space import ground_in

    return ground_in(encoding.problem, formula)


def _before(encoding: Encoding, query: queries.AskBefore) -> Projection:
    """One literal per answer of "Where was X before P?": for each moment i that is X's last
    in P and each earlier moment j that ends the stay in P there, X's place at j."""
    selves = _selves(tuple(encoding.location), query.thing)
    inside = [encoding.is_in(s, query.place) for s in selves]
    answers: dict[str, list[int]] = {ir.NONE: [-encoding.or_of(inside)]}
    for i in range(len(selves)):
        last = encoding.and_of([inside[i], *(-inside[k] for k in range(i + 1, len(selves)))])
        for j in range(i - 1, -1, -1):
            stay = encoding.and_of([-inside[j], *inside[j + 1 : i]])
            for value, lit in encoding.location[selves[j]].items():
                label = ir.OTHER if value.startswith(ir.OTHER) else encoding.vocabulary.label(value)
                answers.setdefault(label, []).append(encoding.and_of([last, stay, lit]))
        answers[ir.NONE].append(encoding.and_of([last, *inside[:i]]))
    labels = tuple(answers)
    literals = tuple(encoding.or_of(lits) for lits in answers.values())
    return Projection(literals, lambda values: _first(labels, values), labels)


def _selves(keys: tuple[str, ...], thing: str) -> list[str]:
    """A located individual's moments in order: its earlier selves (``X@0``, ``X@1``...) that
    the text speaks of, then itself."""
    earlier = [k for k in keys if k.startswith(thing + "@") and k[len(thing) + 1 :].isdigit()]
    earlier.sort(key=lambda k: int(k[len(thing) + 1 :]))
    return earlier + ([thing] if thing in keys else [])


def _containers(encoding: Encoding, place: str) -> Projection:
    """``Where is P?`` for a place: the innermost places that contain it (``evaluate.innermost``).

    One literal per candidate container q: "q contains P and no other container of P lies
    inside q", so the answer and the literals' values determine each other.
    """
    vocabulary = encoding.vocabulary
    around = [q for q in vocabulary.place_keys if (place, q) in encoding.reach_pairs]
    literals = []
    for q in around:
        between = [
            encoding.and_of([encoding.reach(place, r), encoding.reach(r, q)])
            for r in around
            if r != q and (r, q) in encoding.reach_pairs
        ]
        literals.append(encoding.and_of([encoding.reach(place, q), -encoding.or_of(between)]))
    labels = tuple(vocabulary.label(q) for q in around)
    return Projection(tuple(literals), lambda values: _people(labels, values, ir.NONE))


def _first(labels: tuple[str, ...], values: tuple[bool, ...]) -> str:
    return labels[values.index(True)] if True in values else ir.NONE


def _people(names: tuple[str, ...], values: tuple[bool, ...], empty: str = "nobody") -> str:
    chosen = list(dict.fromkeys(n for n, v in zip(names, values) if v))
    if not chosen:
        return empty
    return chosen[0] if len(chosen) == 1 else ", ".join(chosen[:-1]) + " and " + chosen[-1]


def _owners(owners: tuple[str, ...], values: tuple[bool, ...]) -> str:
    chosen = list(dict.fromkeys(o for o, v in zip(owners, values) if v))
    if not chosen:
        return ir.NONE
    return chosen[0] if len(chosen) == 1 else ", ".join(chosen[:-1]) + " and " + chosen[-1]


__all__ = [
    "FiniteAnswers",
    "Found",
    "Projection",
    "answer_set",
    "condition",
    "location_domain",
    "project",
]
