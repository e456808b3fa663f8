"""The oracle's answers: exact statuses, hulls and yes/no sets of the questions of a text.

A question is answered against the statements above it (in-file) or the whole text
(`--ask`), SPEC section 2, over the Z3 reading of numeric_semantics. A numeric answer is the
exact hull of the values the question's expression takes (SPEC section 5 answers numeric
questions with one interval, so "x = 1 or x = 5." gives [1, 5]). Each end is found and then
proved:

- unboundedness by one satisfiability check over a state and a direction (`unbounded`), which
  is exact for mixed integer/real linear formulas and needs no optimizer (Z3's Optimize may
  not return on an unbounded integer objective);
- a finite end by Z3's Optimize, which gives it as `b + c·epsilon` (c ≠ 0: open), re-proved
  by plain checks: nothing beyond b, b attained exactly when the end is closed, and values
  within 10^-6 of an open end. A failed proof raises OracleError, never a wrong answer.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, replace
from fractions import Fraction

import z3

from tests.reference import numeric_english as ne
from tests.reference import numeric_semantics as ns
from tests.reference import numeric_text as nt
from tests.reference.numeric_semantics import (
    TIMEOUT_MS,
    Encoding,
    Expected,
    Interval,
    OracleError,
    q,
)
from tests.reference.z3_integral import integral

NEAR = Fraction(1, 10**6)


class Space:
    """The states one question is answered over: its statements in one incremental solver."""

    def __init__(self, encoding: Encoding, constraints: list[z3.BoolRef]) -> None:
        self.encoding = encoding
        self.constraints = constraints
        self.solver = z3.Solver()
        self.solver.set(timeout=TIMEOUT_MS)
        self.solver.add(*map(integral, constraints))

    def permits(self, *goals: z3.BoolRef) -> bool:
        """Whether some state satisfies the goals too."""
        return self.model(*goals) is not None

    def model(self, *goals: z3.BoolRef) -> z3.ModelRef | None:
        """A state that satisfies the goals too, or None."""
        self.solver.push()
        try:
            self.solver.add(*map(integral, goals))
            result = self.solver.check()
            if result == z3.unknown:
                raise OracleError(f"z3 gave up: {self.solver.reason_unknown()}")
            return self.solver.model() if result == z3.sat else None
        finally:
            self.solver.pop()

    def cell(
        self, model: z3.ModelRef
    ) -> tuple[list[z3.BoolRef], list[tuple[z3.ArithRef, z3.ArithRef]]]:
        """The model's cell: every comparison's sign kept, integer variables fixed (see climb).

        Returns the cell's constraints over the real variables only, and the substitution
        that fixes the integer ones.
        """
        fixed = [
            (term, model.eval(term, model_completion=True))
            for term in self.encoding.terms.values()
            if not z3.is_real(term.arg(0) if z3.is_to_real(term) else term)
        ]
        cell = []
        for expression, _ in self.encoding.comparisons:
            sign = fraction(model.eval(expression, model_completion=True))
            value = z3.substitute(expression, *fixed)
            cell.append(value > 0 if sign > 0 else value < 0 if sign < 0 else value == 0)
        return cell, fixed


@dataclass(frozen=True)
class Answered:
    """One question answered: where it was asked, the expected answer, and its states."""

    question: str
    line: int | None
    expected: Expected
    space: Space
    target: z3.ExprRef

    def permits(self, value: Fraction | str) -> bool:
        """Whether some state gives the question this value (a number, or "yes"/"no")."""
        if isinstance(value, str):
            return self.space.permits(self.target if value == "yes" else z3.Not(self.target))
        return self.space.permits(self.target == q(value))


def encode(items: tuple[nt.Item, ...], question: nt.Question | None) -> Space:
    """The states of the statements among `items` (with the places the question names)."""
    statements = [item for item in items if not nt.is_question(item)]
    integers = frozenset(
        name
        for statement in statements
        if isinstance(statement, nt.IntegerDeclaration)
        for name in statement.variables
    )
    mentions = [*statements, *([question] if question is not None else [])]
    places = {
        atom.place
        for item in mentions
        for atom in nt.atoms_of(item)
        if isinstance(atom, nt.InPlace)
    }
    if isinstance(question, nt.AskIn):
        places.add(question.place)
    encoding = Encoding(integers, nt.located(items), sorted(places))
    constraints = encoding.domain()
    for statement in statements:
        if not isinstance(statement, nt.IntegerDeclaration):
            constraints.append(encoding.statement(statement))  # type: ignore[arg-type]
    return Space(encoding, constraints)


def consistent(text: nt.Text) -> bool:
    """Whether the whole text leaves a state (SPEC section 2: conjunction)."""
    return encode(text.items, None).permits()


def answer_questions(text: nt.Text) -> list[Answered]:
    """Every question of the text: those in the file (against the lines above), then `--ask`."""
    answered = []
    for index, item in enumerate(text.items):
        if nt.is_question(item):
            answered.append(answer(text.items[:index], item, index + 1))  # type: ignore[arg-type]
    for question in text.asked:
        answered.append(answer(text.items, question, None))
    return answered


def answer(items: tuple[nt.Item, ...], question: nt.Question, line: int | None) -> Answered:
    """The exact answer to one question against the statements among `items`."""
    space = encode(items, question)
    if isinstance(question, nt.AskMost | nt.AskFirst):
        return answer_most(items, question, line, space)
    if isinstance(question, nt.AskWhoThan | nt.AskWhoArrives):
        return answer_than(items, question, line, space)
    if isinstance(question, nt.AskWhoTimed):
        return answer_timed(items, question, line, space)
    target = space.encoding.question(question)
    return settle(ne.render_question(question), line, space, target)


def answer_most(
    items: tuple[nt.Item, ...], question: nt.AskMost | nt.AskFirst, line: int | None, space: Space
) -> Answered:
    """`Who is the tallest?`: per state, the names the statements above put on the scale that
    no other of them exceeds on it (SPEC: a set of names); every set some state gives.  `Who
    arrives first?` (`last`): the same over the arrival times the statements above name, the
    earliest (latest) first."""
    if isinstance(question, nt.AskFirst):
        scale, sign = "arrival", (-1 if question.word == "first" else 1)
    else:
        scale, sign = ns.SCALES[nt.SUPERLATIVES[question.word]]
    names = sorted(on_scale(items, scale))
    value = {name: space.encoding.quantity(scale, name) for name in names}
    top = {
        name: z3.And(
            *[(value[name] >= value[m]) if sign > 0 else (value[name] <= value[m]) for m in names]
        )
        for name in names
    }
    return answer_names(ne.render_question(question), line, space, top)


def answer_than(
    items: tuple[nt.Item, ...],
    question: nt.AskWhoThan | nt.AskWhoArrives,
    line: int | None,
    space: Space,
) -> Answered:
    """`Who is taller than Bob?`: per state, the names other than Bob that the statements
    above put on the scale and that are above Bob on it; `Who arrives before Bob?`: the
    same over the arrival times, earlier than Bob's (`after`: later)."""
    if isinstance(question, nt.AskWhoArrives):
        scale, sign = "arrival", (-1 if question.direction == "before" else 1)
    else:
        scale, sign = ns.SCALES[question.word]
    theirs = space.encoding.quantity(scale, question.other)
    names = sorted(on_scale(items, scale) - {question.other})
    mine = {name: space.encoding.quantity(scale, name) for name in names}
    above = {name: mine[name] > theirs if sign > 0 else mine[name] < theirs for name in names}
    return answer_names(ne.render_question(question), line, space, above)


def answer_timed(
    items: tuple[nt.Item, ...], question: nt.AskWhoTimed, line: int | None, space: Space
) -> Answered:
    """`Who arrives before 9:15?`: per state, the names whose arrival the statements above
    time (not the one the phrase names) of whom the arrival statement holds."""
    arrival = question.arrival
    other = getattr(arrival, "other", None)
    names = sorted(on_scale(items, "arrival") - {other})
    holds = {n: space.encoding.statement(replace(arrival, person=n)) for n in names}  # type: ignore[type-var]
    return answer_names(ne.render_question(question), line, space, holds)


def answer_names(
    label: str, line: int | None, space: Space, holds: dict[str, z3.BoolRef]
) -> Answered:
    """A question whose answer in a state is the set of names whose formula holds there
    (`nobody` for none): every set some state gives."""
    if not space.permits():
        expected = Expected("contradictory", frozenset())
        return Answered(label, line, expected, space, z3.BoolVal(True))
    names = sorted(holds)
    found = set()
    for size in range(len(names) + 1):
        for chosen in itertools.combinations(names, size):
            goal = [holds[n] if n in chosen else z3.Not(holds[n]) for n in names]
            if space.permits(*goal):
                found.add(" and ".join(sorted(chosen)) if chosen else "nobody")
    status = "forced" if len(found) == 1 else "open"
    return Answered(label, line, Expected(status, frozenset(found)), space, z3.BoolVal(True))


def on_scale(items: tuple[nt.Item, ...], scale: str) -> set[str]:
    """The names the statements among `items` give a quantity of `scale`."""
    names: set[str] = set()
    for item in items:
        if nt.is_question(item):
            continue
        for atom in nt.atoms_of(item):  # type: ignore[arg-type]
            if isinstance(atom, nt.ARRIVALS) and scale == "arrival":
                names.add(atom.person)
                names.update([atom.other] if hasattr(atom, "other") else [])
                continue
            compared = isinstance(atom, nt.Compared) and ns.SCALES[atom.word][0] == scale
            if compared or (isinstance(atom, nt.AgeDifference) and scale == "age"):
                names.update((atom.name, atom.other))  # type: ignore[union-attr]
            elif isinstance(atom, nt.AgeIs) and scale == "age":
                names.add(atom.name)
    return names


def answer_quantity(items: tuple[nt.Item, ...], kind: str, name: str, label: str) -> Answered:
    """The hull of one quantity ("what remains" of it) against the statements among `items`."""
    space = encode(items, None)
    return settle(label, None, space, space.encoding.quantity(kind, name))


def settle(label: str, line: int | None, space: Space, target: z3.ExprRef) -> Answered:
    """Status and answer set: contradictory, or the exact hull, or the yes/no set."""
    if not space.permits():
        expected = Expected("contradictory", frozenset())
    elif z3.is_bool(target):
        choices = frozenset(
            word for word, goal in (("yes", target), ("no", z3.Not(target))) if space.permits(goal)
        )
        expected = Expected("forced" if len(choices) == 1 else "open", choices)
    else:
        low, low_closed = end(space, target, maximize=False)
        high, high_closed = end(space, target, maximize=True)
        interval = Interval(low, high, low_closed, high_closed)
        single = low is not None and low == high
        expected = Expected("forced" if single else "open", interval)
    return Answered(label, line, expected, space, target)


def end(space: Space, target: z3.ArithRef, maximize: bool) -> tuple[Fraction | None, bool]:
    """One end of the hull of `target`: its value (None: infinite) and whether it is attained.

    Z3's Optimize proposes the end; when the proof fails (it can be wrong on mixed integer
    and strict constraints: it gave 1652/5 for a supremum of 331), `climb` finds it instead.
    """
    direction = 1 if maximize else -1
    if unbounded(space, target, direction):
        return None, False
    proposal = optimized(space.constraints, direction * target)
    if proposal is not None and proved(space, direction * target, *proposal):
        value, closed = proposal
        return direction * value, closed
    value, closed = climb(space, direction * target)
    if not proved(space, direction * target, value, closed):
        raise OracleError(f"no provable end for {target}")
    return direction * value, closed


def optimized(constraints: list[z3.BoolRef], goal: z3.ArithRef) -> tuple[Fraction, bool] | None:
    """Z3's supremum of `goal` and whether it is attained (None: Optimize failed)."""
    optimize = z3.Optimize()
    optimize.set(timeout=TIMEOUT_MS)
    optimize.add(*map(integral, constraints))
    objective = optimize.maximize(goal)
    if optimize.check() != z3.sat:
        return None
    infinity, value, epsilon = (fraction(v) for v in objective.upper_values())
    return None if infinity != 0 else (value, epsilon == 0)


def climb(space: Space, goal: z3.ArithRef) -> tuple[Fraction, bool]:
    """The supremum of a bounded `goal`, by climbing from cell to cell of the state space.

    A cell is the set of states where every comparison of the encoding has the sign it has
    at one state and every integer variable its value there: a convex set of reals inside
    the text's meaning, where Optimize over linear real arithmetic is exact. Each step takes
    a state beyond the best value so far and moves to its cell's supremum, so the value
    strictly increases; the cell suprema above any value are finitely many (the goal is
    bounded and its values on integer points are discrete), so the climb ends, at the
    supremum. Attained iff some state reaches it (checked over the whole space).
    """
    best: Fraction | None = None
    while True:
        beyond = [] if best is None else [goal > q(best)]
        model = space.model(*beyond)
        if model is None:
            break
        cell, fixed = space.cell(model)
        value = optimized(cell, z3.substitute(goal, *fixed))
        if value is None:
            raise OracleError(f"Optimize failed on a cell of {goal}")
        if best is not None and value[0] <= best:
            raise OracleError(f"the climb on {goal} did not rise above {best}")
        best = value[0]
    if best is None:
        raise OracleError("no state: climb called on an empty space")
    return best, space.permits(goal == q(best))


def proved(space: Space, goal: z3.ArithRef, value: Fraction, closed: bool) -> bool:
    """Whether `value` is the supremum of `goal`, attained exactly when `closed` (plain checks).

    Nothing lies beyond it; it is attained or not as claimed; an open end is approached
    within 10^-6.
    """
    if space.permits(goal > q(value)):
        return False
    if space.permits(goal == q(value)) != closed:
        return False
    return closed or space.permits(goal > q(value) - q(NEAR))


def unbounded(space: Space, target: z3.ArithRef, direction: int) -> bool:
    """Whether `direction * target` takes arbitrarily large values: one satisfiability check.

    It does iff some state p and direction d (over the quantities) make every comparison
    `e op 0` of the encoding keep its sign along p + k·d for all k >= 0 (e(p) > 0 ⇒ e(d) >= 0,
    e(p) < 0 ⇒ e(d) <= 0, e(p) = 0 ⇒ e(d) = 0, e(d) being e's linear part) while the target
    grows (direction · target(d) > 0): then every statement keeps its truth along the ray,
    which stays integral on integer variables once d is scaled. Conversely, along an unbounded
    ray of one disjunct (a rational polyhedron holding a mixed-integer point) every sign is
    eventually constant, so a state far enough along it is such a p.
    """
    terms = space.encoding.terms
    steps = [(term, z3.Real(f"step:{kind}:{name}")) for (kind, name), term in terms.items()]
    origin = [(term, z3.RealVal(0)) for term, _ in steps]

    def along(expression: z3.ArithRef) -> z3.ArithRef:
        return z3.substitute(expression, *steps) - z3.substitute(expression, *origin)

    keep = []
    for expression, _ in space.encoding.comparisons:
        change = along(expression)
        keep.append(z3.Implies(expression > 0, change >= 0))
        keep.append(z3.Implies(expression < 0, change <= 0))
        keep.append(z3.Implies(expression == 0, change == 0))
    return space.permits(*keep, direction * along(target) > 0)


def fraction(value: z3.ArithRef) -> Fraction:
    """An exact z3 number as a Fraction."""
    value = z3.simplify(value)
    if z3.is_int_value(value):
        return Fraction(value.as_long())
    if z3.is_rational_value(value):
        return Fraction(value.numerator_as_long(), value.denominator_as_long())
    raise OracleError(f"not an exact number: {value}")
