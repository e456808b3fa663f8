"""Exact Fourier-Motzkin elimination that remembers where every derived row came from.

The engine of the linear domain.  Each row ``sum(a_i x_i) OP b`` carries its ``origin``: the
multipliers of the input constraints whose combination it is (nonnegative on inequalities,
any sign on equalities).  That bookkeeping gives three things for free:

* a row ``0 OP b`` that is violated is a Farkas certificate of emptiness, read off its origin;
* eliminating every variable but a fresh ``t`` tied by ``t = expr`` leaves the exact bounds of
  ``expr``, with strictness (a combination is strict when a strict row takes part);
* the recorded stages give a point by back-substitution (the last variable eliminated is
  chosen first, inside the interval its stage rows allow).

Equalities are used first, by substitution (Gaussian elimination), which keeps the systems of
texts small; inequalities are then eliminated by pairing every upper with every lower bound
(Fourier 1827, Motzkin 1936), choosing each time the variable that creates the fewest rows.
Rows with the same left side are merged, keeping the tighter, and rows combining more
inequalities than the eliminated variables plus one are dropped as redundant (Chernikov's
rule, which keeps the growth single-exponential).  The worst case is still exponential,
so every derived row is paid for from an ``Effort`` and the elimination stops (``stopped``)
when it runs out.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction

from certify.domains.fragments import choose_value
from certify.domains.lattice import FRESH, lattice_step, pick_equality, pick_name, substitute
from certify.domains.rows import Row, combine
from certify.numeric import Interval
from certify.records import Record
from certify.run_limits import Deadline, current


class Effort:
    """A work counter shared by one computation (derived rows and search nodes).

    It also watches the run's deadline (``certify.run_limits``): once the time is up, ``spend``
    fails like an exhausted budget and ``timed_out`` says which of the two stopped it.
    """

    __slots__ = ("deadline", "limit", "spent", "timed_out")

    def __init__(self, limit: int, deadline: Deadline | None = None) -> None:
        self.limit = limit
        self.spent = 0
        self.deadline = deadline or current()
        self.timed_out = False

    def spend(self, amount: int = 1) -> bool:
        """Pay ``amount``; False once the limit is exceeded or the deadline has passed."""
        self.spent += amount
        if self.deadline.expired():
            self.timed_out = True
            return False
        return self.spent <= self.limit

    def out_of_time(self) -> bool:
        """Whether the deadline has passed (free work, such as substitutions, checks this)."""
        if self.deadline.expired():
            self.timed_out = True
        return self.timed_out

    @property
    def kind(self) -> str:
        """Which limit stopped the computation: ``timeout`` or ``budget``."""
        return "timeout" if self.timed_out else "budget"

    def why(self, budget_reason: str) -> str:
        """``budget_reason`` when the budget stopped the computation, else the timeout."""
        return self.deadline.describe() if self.timed_out else budget_reason


class Stage(Record):
    """One eliminated variable: its defining equality, or the rows that bounded it."""

    variable: str
    rows: tuple[Row, ...] = ()
    equality: Row | None = None


class Elimination(Record):
    """The outcome of eliminating every variable outside ``keep``."""

    remaining: tuple[Row, ...]
    stages: tuple[Stage, ...]
    conflict: Row | None
    stopped: bool

    def point(self, kept: Mapping[str, Fraction]) -> dict[str, Fraction] | None:
        """Back-substitute from values of the kept variables that satisfy ``remaining``.

        Each stage's variable gets a readable value inside the interval its rows leave, an
        integer when one fits (which also rounds integer variables whenever possible).
        """
        point = dict(kept)
        for stage in reversed(self.stages):
            if stage.equality is not None:
                row = stage.equality
                rest = sum(
                    (c * point[n] for n, c in row.coefficients.items() if n != stage.variable),
                    Fraction(0),
                )
                point[stage.variable] = (row.bound - rest) / row.coefficients[stage.variable]
                continue
            interval = interval_of(stage.rows, stage.variable, point)
            chosen = choose_value(interval)
            if chosen is None:
                return None
            point[stage.variable] = chosen
        if any(n.startswith(FRESH) for n in point):
            return {n: v for n, v in point.items() if not n.startswith(FRESH)}
        return point


def _key(row: Row) -> tuple[tuple[str, Fraction], ...]:
    """The left side scaled so its first coefficient is ±1 (rows with one key are parallel)."""
    first = abs(row.coefficients[min(row.coefficients)])
    if first == 1:  # a row ``_normal`` left as it is: no division by 1
        return tuple(sorted(row.coefficients.items()))
    return tuple(sorted((n, c / first) for n, c in row.coefficients.items()))


def _normal(row: Row) -> Row:
    """The row scaled by a positive factor so that its first coefficient is ±1."""
    first = abs(row.coefficients[min(row.coefficients)])
    if first == 1:
        return row
    return Row(
        {n: c / first for n, c in row.coefficients.items()},
        row.op,
        row.bound / first,
        {i: m / first for i, m in row.origin.items()},
        row.support,
    )


def _cut(row: Row) -> Row:
    """Round a row over integer variables only: coprime integer coefficients, integral bound.

    Valid for every integer point (a Chvatal-Gomory cut of the row alone); an equality whose
    bound the coefficients' gcd does not divide becomes the false row ``0 = 1``.  The origin is
    scaled along but is no longer a Farkas certificate.
    """
    scale = math.lcm(*(c.denominator for c in row.coefficients.values()))
    divisor = math.gcd(*(int(c * scale) for c in row.coefficients.values()))
    factor = Fraction(scale, divisor)
    bound = row.bound * factor
    if row.op == "=" and bound.denominator != 1:
        return Row({}, "=", Fraction(1), row.origin, row.support)
    rounded = (
        bound if row.op == "=" else math.ceil(bound) - 1 if row.op == "<" else math.floor(bound)
    )
    return Row(
        {n: c * factor for n, c in row.coefficients.items()},
        "=" if row.op == "=" else "<=",
        Fraction(rounded),
        {i: m * factor for i, m in row.origin.items()},
        row.support,
    )


def _merge(
    rows: Iterable[Row], eliminated: int, integers: frozenset[str]
) -> tuple[list[Row], Row | None]:
    """Drop true constant rows and redundant inequalities; report a false row.

    Redundant: the looser of two parallel rows, and every row combining more than
    ``eliminated + 1`` inequalities (Chernikov 1960, Kohler 1967: after ``k`` Fourier-Motzkin
    steps such a row is a positive combination of rows with smaller histories, strict ones
    included, so it is implied).  Rows over ``integers`` only are cut first.
    """
    best: dict[tuple[tuple[str, Fraction], ...], Row] = {}
    equalities: list[Row] = []
    for row in rows:
        if integers and row.coefficients and row.coefficients.keys() <= integers:
            row = _cut(row)
        if not row.coefficients:
            if row.violated():
                return [], row
            continue
        if row.op == "=":
            equalities.append(row)
            continue
        if len(row.support) > eliminated + 1:
            continue
        row = _normal(row)
        key = _key(row)
        old = best.get(key)
        if old is None or (row.bound, row.op != "<") < (old.bound, old.op != "<"):
            best[key] = row
    return equalities + list(best.values()), None


def eliminate(
    rows: Sequence[Row],
    keep: frozenset[str],
    effort: Effort,
    integers: frozenset[str] = frozenset(),
) -> Elimination:
    """Project the rows onto ``keep``: equalities by substitution, then Fourier-Motzkin.

    With ``integers``, every row over integer variables only is cut (``_cut``): the result is
    then a relaxation of the integer points rather than the exact real projection.  Cost: each
    step pairs the ``p`` upper and ``q`` lower bounds of one variable into ``p*q`` rows, paid
    for from ``effort``.
    """
    numbered = [
        Row(r.coefficients, r.op, r.bound, r.origin, frozenset({i} if r.op != "=" else ()))
        for i, r in enumerate(rows)
    ]
    steps = 0
    current, conflict = _merge(numbered, steps, integers)
    stages: list[Stage] = []
    defined: set[str] = set()  # replaced by a lattice step, their value comes from its stage
    present = _variables(current)
    while conflict is None:
        if effort.out_of_time():
            return Elimination(tuple(current), tuple(stages), None, True)
        chosen = pick_equality(current, keep, integers)
        if chosen is not None:
            current, equality, name, integers = _onto_lattice(
                current, chosen, keep, integers, stages, defined, present
            )
            stages.append(Stage(name, (), equality))
            derived = _substituted(current, equality, name)
        else:
            picked = _pick_variable(current, keep)
            if picked is None:
                break
            name = picked
            upper = [r for r in current if r.coefficients.get(name, 0) > 0]
            lower = [r for r in current if r.coefficients.get(name, 0) < 0]
            if not effort.spend(len(upper) * len(lower)):
                return Elimination(tuple(current), tuple(stages), None, True)
            stages.append(Stage(name, tuple(upper + lower)))
            steps += 1
            derived = [r for r in current if name not in r.coefficients]
            for up in upper:
                for down in lower:
                    derived.append(
                        combine(up, -down.coefficients[name], down, up.coefficients[name])
                    )
        current, conflict = _merge(derived, steps, integers)
        now = _variables(current)
        for gone in present - now - keep - defined - {name}:
            stages.append(Stage(gone))
        present = now
    return Elimination(tuple(current), tuple(stages), conflict, False)


def _substituted(current: list[Row], equality: Row, name: str) -> list[Row]:
    """The rows but ``equality``, with ``name`` replaced through it (Gaussian elimination)."""
    pivot = equality.coefficients[name]
    derived = []
    for row in current:
        if row is equality:
            continue
        factor = row.coefficients.get(name)
        derived.append(
            row if factor is None else combine(row, Fraction(1), equality, -factor / pivot)
        )
    return derived


def _onto_lattice(
    current: list[Row],
    chosen: tuple[Row, str],
    keep: frozenset[str],
    integers: frozenset[str],
    stages: list[Stage],
    defined: set[str],
    present: set[str],
) -> tuple[list[Row], Row, str, frozenset[str]]:
    """Apply ``lattice_step`` to the chosen equality until it has a coefficient ±1 to go.

    Each step replaces a variable by its definition through a fresh integer (recorded as a
    stage, and in ``defined``: its value comes from that stage).  Returns the rows, the
    equality and variable to substitute, and the integer variables with the fresh ones.
    """
    equality, name = chosen
    while (step := lattice_step(equality, name, keep, integers, len(stages))) is not None:
        definition, replaced, fresh = step
        integers = integers | {fresh}
        defined.add(replaced)
        present.add(fresh)  # a fresh variable that vanishes still gets a stage
        stages.append(Stage(replaced, (), definition))
        at = next(i for i, row in enumerate(current) if row is equality)
        current = [substitute(row, replaced, definition) for row in current]
        equality = current[at]
        name = pick_name(equality, keep, integers)
    return current, equality, name, integers


def _variables(rows: Iterable[Row]) -> set[str]:
    return {n for r in rows for n in r.coefficients}


def _pick_variable(rows: Sequence[Row], keep: frozenset[str]) -> str | None:
    """The variable whose elimination adds the fewest rows (a standard greedy heuristic)."""
    counts: dict[str, list[int]] = {}
    for row in rows:
        for name, c in row.coefficients.items():
            if name not in keep:
                counts.setdefault(name, [0, 0])[0 if c > 0 else 1] += 1
    if not counts:
        return None
    return min(sorted(counts), key=lambda n: counts[n][0] * counts[n][1] - sum(counts[n]))


def interval_of(rows: Iterable[Row], name: str, point: Mapping[str, Fraction]) -> Interval:
    """The values of ``name`` allowed by rows whose other variables are fixed by ``point``."""
    low: tuple[Fraction, bool] | None = None
    high: tuple[Fraction, bool] | None = None
    for row in rows:
        a = row.coefficients.get(name, Fraction(0))
        rest = sum((c * point[n] for n, c in row.coefficients.items() if n != name), Fraction(0))
        if a == 0:
            if Row({}, row.op, row.bound - rest).violated():
                return Interval(Fraction(0), Fraction(0), False, False)
            continue
        value = (row.bound - rest) / a
        closed = row.op != "<"
        upper = row.op == "=" or a > 0
        if upper and (high is None or (value, closed) < high):
            high = (value, closed)
        lower = row.op == "=" or a < 0
        if lower and (low is None or (value, not closed) > (low[0], not low[1])):
            low = (value, closed)
    return Interval(
        None if low is None else low[0],
        None if high is None else high[0],
        low is not None and low[1],
        high is not None and high[1],
    )
