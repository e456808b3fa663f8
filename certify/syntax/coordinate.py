"""Coordination: from a flat chain of elements to connectives over whole clauses.

The grammar reads "Ana is in the kitchen, the garden or the hall" and "Ana, Bea and Carl are
in different places" as a *chain*: elements (clauses, bare noun phrases, fragments such as
"in the attic") joined by separators.  This module decides what each bare element is:

* bare noun phrases *before* a clause are its subjects ("X and Y are in P"), unless a clause
  came earlier in the chain and the verb is singular — then they are elided objects of that
  earlier clause ("in the kitchen or the garden");
* fragments and bare phrases *after* a clause repeat its predicate with a new object;
* a comma takes the meaning of the next "and"/"or" ("P, Q or R"); "and" groups "or":
  "S1 or S2 and S3" is "(S1 or S2) and S3";
* "either ... or" is exclusive, "neither ... nor" negates every part, and an elided
  negation distributes as English reads it: "not in P or Q" is "neither in P nor in Q".
"""

from __future__ import annotations

from dataclasses import replace
from typing import TypeAlias

from certify.records import Record
from certify.syntax import ast
from certify.syntax.errors import SentenceError
from certify.syntax.words import singular


class Bare(Record):
    """A noun phrase standing alone in a chain (a subject or an elided object)."""

    np: ast.NP
    negated: bool
    span: ast.Span


class InFrag(Record):
    """``in P`` standing alone: the previous clause again, with place P."""

    np: ast.NP
    negated: bool
    span: ast.Span


class AFrag(Record):
    """``a N`` standing alone: the previous clause again, with class N."""

    noun: str
    negated: bool
    span: ast.Span


class ClauseElement(Record):
    """A whole clause, with the number of its verb and its either/neither flag."""

    clause: ast.Clause
    plural: bool
    flag: str


Element: TypeAlias = Bare | InFrag | AFrag | ClauseElement | ast.Arith


class Chain(Record):
    """Elements and the separators between them (one fewer than elements)."""

    items: tuple[Element, ...]
    separators: tuple[str, ...]


class _Unit(Record):
    """One conjunct or disjunct of a chain, the separator before it and its flag."""

    body: ast.Body
    separator: str
    flag: str


def coordinate(chain: Chain, mode: str = "") -> ast.Body:
    """Resolve a chain into connectives; ``mode`` is the sentence's opening word, if any."""
    separators = _normalize(chain.separators)
    units: list[_Unit] = []
    previous: ast.Clause | None = None
    pending: list[tuple[Bare, str]] = []

    def flush() -> None:
        for bare, separator in pending:
            template = _template(previous, bare.span)
            inherit = not bare.negated and template.negated
            clause = _elide(template, bare.np, bare.negated or template.negated, bare.span)
            units.append(_Unit(clause, "and" if inherit and separator == "or" else separator, ""))
        pending.clear()

    for index, item in enumerate(chain.items):
        separator = separators[index - 1] if index else ""
        if isinstance(item, Bare):
            pending.append((item, separator))
        elif isinstance(item, ClauseElement):
            if pending and (previous is None or item.plural):
                # "and" over "or": a name after an "or" continues the clause before it, and
                # the names joined by "and" alone are the plural clause's subjects ("Ana is
                # red or green and Ana and Bea have different colors").
                start = 0 if previous is None else _and_run(pending, separator)
                group = pending[start:]
                del pending[start:]
                flush()
                units.append(_Unit(_group(group, item.clause, separator), group[0][1], item.flag))
            else:
                flush()
                units.append(_Unit(_single(item.clause), separator, item.flag))
            previous = item.clause
        elif isinstance(item, (InFrag, AFrag)):
            flush()
            template = _template(previous, item.span)
            units.append(_Unit(_fragment(template, item), separator, ""))
        else:
            flush()
            units.append(_Unit(item, separator, ""))
            previous = None
    if pending and previous is None:
        bare = pending[0][0]
        raise SentenceError(
            f"{bare.np.text!r} needs a verb",
            bare.span,
            "Ana is in the kitchen.",
            expected="a sentence such as 'X is in P', 'X is red' or 'X likes Y'",
        )
    flush()
    return _apply_mode(_combine(units), mode)


def _and_run(pending: list[tuple[Bare, str]], separator: str) -> int:
    """Where the names that follow one another by "and" to the end of ``pending`` start.

    When no name is joined by "and", all of them are the subjects (``_group`` refuses them if
    their joins differ), but for the clause's own "and": then the last name alone is joined
    to its subject, and the names before it, each after an "or", continue the clause before
    ("Ana is round or square or Ana and Bea have different shapes")."""
    start = len(pending)
    while start and pending[start - 1][1] == "and":
        start -= 1
    if start < len(pending):
        return start
    each_after_or = all(before == "or" for _, before in pending)
    return len(pending) - 1 if separator == "and" and each_after_or else 0


def _normalize(separators: tuple[str, ...]) -> list[str]:
    """Give every separator its meaning: and, or, nor (a comma takes the next one's)."""
    words = [s.replace(",", "").strip() for s in separators]
    result: list[str] = []
    for index, word in enumerate(words):
        if word:
            result.append(word)
            continue
        following = next((w for w in words[index + 1 :] if w), "and")
        result.append(following)
    return result


def _template(previous: ast.Clause | None, span: ast.Span) -> ast.Clause:
    if previous is None:
        raise SentenceError(
            "this part continues no earlier clause",
            span,
            "Ana is in the kitchen or in the garden.",
        )
    return previous


def _elide(template: ast.Clause, np: ast.NP, negated: bool, span: ast.Span) -> ast.Clause:
    """The template clause with ``np`` as its new object (or adjective)."""
    predicate = template.predicate
    new: ast.Predicate
    if isinstance(predicate, ast.PLocation):
        new = replace(predicate, place=np)
    elif isinstance(predicate, ast.PAdjective) and np.kind == "name":
        new = ast.PAdjective(np.words[0])
    elif isinstance(predicate, ast.PClass) and np.kind == "name":
        new = ast.PClass(np.words[0])
    elif isinstance(predicate, ast.PRelation):
        new = replace(predicate, object=np)
    elif isinstance(predicate, ast.PEquals):
        new = ast.PEquals(np)
    elif isinstance(predicate, ast.PSamePlace) and predicate.other is not None:
        new = ast.PSamePlace(np)
    else:
        raise SentenceError(
            f"I can't tell what {np.text!r} continues here",
            span,
            "Ana is in the kitchen or the garden.",
        )
    return ast.Clause(template.subject, new, negated, span)


def _fragment(template: ast.Clause, item: InFrag | AFrag) -> ast.Clause:
    if isinstance(item, InFrag):
        if not isinstance(template.predicate, ast.PLocation):
            raise SentenceError(
                "'in ...' continues a clause that is not about a place",
                item.span,
                "Ana is in the kitchen or in the garden.",
            )
        predicate: ast.Predicate = ast.PLocation(item.np, template.predicate.mode)
    else:
        predicate = ast.PClass(item.noun)
    return ast.Clause(template.subject, predicate, item.negated, item.span)


def _is_collective(predicate: ast.Predicate) -> bool:
    if isinstance(predicate, ast.COLLECTIVE):
        return True
    return isinstance(predicate, (ast.PSamePlace, ast.PSameValue)) and predicate.other is None


def _single(clause: ast.Clause) -> ast.Body:
    if _is_collective(clause.predicate):
        raise SentenceError(
            "this needs two or more subjects",
            clause.span,
            "Ana and Bea are in different places.",
        )
    return clause


def _group(pending: list[tuple[Bare, str]], clause: ast.Clause, separator: str) -> ast.Body:
    """Subjects ``X, Y and Z`` of one clause: distributed, collective, or one generic phrase."""
    for bare, _ in pending:
        if bare.negated:
            raise SentenceError(
                "'not' cannot stand before a subject", bare.span, "Ana is not in the kitchen."
            )
    subjects = [bare.np for bare, _ in pending] + [clause.subject]
    joins = [s for _, s in pending[1:]] + [separator]
    if len(set(joins)) > 1:  # "Ana or Bea and Carl are ...": (Ana or Bea) and Carl, or not?
        first, last = pending[0][0].span, clause.subject.span
        raise SentenceError(
            f"{' and '.join(repr(join) for join in sorted(set(joins)))} both join the subjects "
            "of one verb here, so it is unclear which of them groups first",
            ast.Span(first.line, first.column, last.end_column),
            "Ana or Bea is in the kitchen, and Carl is in the kitchen.",
            expected="one word joining the subjects of a verb ('X and Y are ...', 'X or Y is "
            "...'), and whole clauses joined for the rest",
        )
    leading = subjects[:-1]
    if clause.subject.kind == "generic" and all(_adjective_like(s) for s in leading):
        adjectives = tuple(_adjective_of(s) for s in leading) + clause.subject.adjectives
        merged = replace(clause.subject, adjectives=adjectives)
        return replace(clause, subject=merged)
    if _is_collective(clause.predicate):
        return ast.Collective(tuple(subjects), clause.predicate, clause.negated, clause.span)
    predicate = clause.predicate
    if (
        isinstance(predicate, ast.PAdjective)
        and singular(predicate.word) != predicate.word
        and all(s.kind == "name" and singular(s.words[0]) == s.words[0] for s in subjects)
    ):  # "A and C are knights.": each is a knight
        predicate = ast.PClass(singular(predicate.word))
    parts = tuple(replace(clause, subject=s, predicate=predicate, plural=False) for s in subjects)
    join = joins[-1]
    if join == "or":
        return ast.Disj(parts)
    if join == "nor":
        return ast.Nor(parts)
    return ast.Conj(parts)


def _combine(units: list[_Unit]) -> ast.Body:
    """``and`` over ``or``: split at every "and", join each run with or / nor / either."""
    groups: list[list[_Unit]] = []
    for unit in units:
        if not groups or unit.separator == "and":
            groups.append([unit])
        else:
            groups[-1].append(unit)
    bodies: list[ast.Body] = []
    for group in groups:
        parts = tuple(u.body for u in group)
        flags = {u.flag for u in group}
        if "neither" in flags or any(u.separator == "nor" for u in group[1:]):
            bodies.append(ast.Nor(parts))
        elif len(parts) == 1:
            bodies.append(parts[0])
        elif "either" in flags:
            bodies.append(ast.Xor(parts, alternatives=True))
        else:
            bodies.append(ast.Disj(parts))
    return bodies[0] if len(bodies) == 1 else ast.Conj(tuple(bodies))


def _apply_mode(body: ast.Body, mode: str) -> ast.Body:
    """Apply an opening "either", "neither", "exactly one of" or "at least one of"."""
    if mode == "either":
        if isinstance(body, ast.Disj):
            return ast.Xor(body.parts)
        if isinstance(body, ast.Conj) and isinstance(body.parts[0], ast.Disj):
            return ast.Conj((ast.Xor(body.parts[0].parts), *body.parts[1:]))
    if mode == "neither" and isinstance(body, ast.Disj):
        return ast.Nor(body.parts)
    if mode in ("exactly one", "at least one") and isinstance(body, (ast.Conj, ast.Disj)):
        return ast.Xor(body.parts) if mode == "exactly one" else ast.Disj(body.parts)
    return body


def _adjective_like(np: ast.NP) -> bool:
    """A bare word, or "all X" (as in "All blue, green people are red.")."""
    return np.kind == "name" or (np.kind == "every" and np.owner == "all")


def _adjective_of(np: ast.NP) -> str:
    return np.text.split()[-1].lower() if np.owner == "all" else np.words[0]
