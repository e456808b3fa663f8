"""A reference semantics of puzzles, written from SPEC §3 "Puzzles" alone: shares nothing with
certify (it reads certify only through ``check`` and ``to_dict``).

A puzzle is drawn as data (a row of n positions; either listed members ordered on one scale,
or a grid of categories over n houses), rendered to English by its own templates, and solved
by brute force: every assignment of positions (a permutation per category) is a state, a clue
is a Python predicate over the state, and a question's answer in a state is a string.  The
answer set is the set of strings over the states that satisfy every clue.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable
from dataclasses import dataclass, field

State = dict[str, int]  # member or value → position (1 = left, oldest, cheapest, first)
Clue = tuple[str, Callable[[State], bool]]  # English sentence (no final '.'), its truth

ORDINALS = ["first", "second", "third", "fourth", "fifth"]
SCALES = {
    # scale: (setting sentence, noun, members, low comparative, high comparative, low end,
    #         high end) — the low end is position 1
    "side": (
        "On a shelf, there are {n} books: {list}",
        "book",
        ["a red book", "a blue book", "a green book", "a black book"],
        "to the left of",
        "to the right of",
        "leftmost",
        "rightmost",
    ),
    "age": (
        "In a car show, there are {n} vehicles: {list}",
        "vehicle",
        ["a bus", "a sedan", "a truck", "a station wagon"],
        "older than",
        "newer than",
        "oldest",
        "newest",
    ),
    "price": (
        "A fruit stand sells {n} fruits: {list}",
        "fruit",
        ["apples", "pears", "plums", "kiwis"],
        "less expensive than",
        "more expensive than",
        "cheapest",
        "most expensive",
    ),
    "stack": (
        "In a stack, there are {n} boxes: {list}",
        "box",
        ["a red box", "a blue box", "a green box", "a black box"],
        "above",
        "below",
        "topmost",
        "bottommost",
    ),
    "finish": (
        "In a golf tournament, there were {n} golfers: {list}",
        "golfer",
        ["Ana", "Bo", "Cy", "Dee"],
        "above",
        "below",
        "first",
        "last",
    ),
}
CATEGORIES = {
    "colors": ["red", "green", "blue", "white"],
    "people": ["the Dane", "the Finn", "the Swede", "the Pole"],
    "pets": ["the cat", "the dog", "the fish", "the bird"],
    "drinks": ["tea", "coffee", "milk", "water"],
}
LINKS = {"pets": "owns", "drinks": "drinks"}
BASES = {"owns": "own", "drinks": "drink"}


def joined(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def label(member: str) -> str:
    """How an answer names a member: 'a red book' → 'the red book', 'apples' → 'the apples'."""
    for article in ("a ", "an "):
        if member.startswith(article):
            return "the " + member[len(article) :]
    return member if member[:1].isupper() or member.startswith("the ") else "the " + member


def subject(member: str) -> str:
    text = label(member)
    return text[:1].upper() + text[1:]


@dataclass
class Puzzle:
    """One drawn puzzle: its English lines, its states, its clues and questions."""

    size: int
    scale: str  # a SCALES key, or "grid"
    lines: list[str] = field(default_factory=list)
    groups: list[list[str]] = field(default_factory=list)  # members per category
    clues: list[Clue] = field(default_factory=list)
    questions: list[tuple[str, Callable[[State], str]]] = field(default_factory=list)
    forms: set[str] = field(default_factory=set)

    def states(self) -> list[State]:
        found = []
        for orders in itertools.product(
            *(itertools.permutations(range(1, self.size + 1)) for _ in self.groups)
        ):
            state = {
                m: p for group, order in zip(self.groups, orders) for m, p in zip(group, order)
            }
            if all(truth(state) for _, truth in self.clues):
                found.append(state)
        return found

    def text(self) -> str:
        body = self.lines + [sentence + "." for sentence, _ in self.clues]
        return "\n".join(body + [q + "?" for q, _ in self.questions]) + "\n"

    def expected(self) -> list[tuple[str, list[str]]]:
        """(status, sorted answers) per question, by brute force."""
        states = self.states()
        found = []
        for _, answer in self.questions:
            answers = sorted({answer(s) for s in states})
            status = "contradictory" if not states else "forced" if len(answers) == 1 else "open"
            found.append((status, answers if states else []))
        return found


# ---------------------------------------------------------------------- drawing puzzles

COUNT = {3: "three", 4: "four"}


def _lower(sentence: str) -> str:
    return (
        sentence
        if sentence[:1].isupper() and not sentence.startswith("The ")
        else (sentence[:1].lower() + sentence[1:])
    )


def _names(members: list[str], state: State, chosen: Callable[[str], bool], grid: bool) -> str:
    picked = [(m if grid else label(m)) for m in members if chosen(m)]
    return joined(picked) if picked else "none"


class Draw:
    """Random puzzles; ``mode`` forces one clue form in, so every form shows up whatever the
    seed (the differential test requires each)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def puzzle(self, mode: int) -> Puzzle:
        kinds = [*SCALES, "grid"]
        kind = kinds[mode % len(kinds)]
        size = self.rng.choice([3, 4])
        return self.grid(size, mode) if kind == "grid" else self.row(kind, size, mode)

    # ------------------------------------------------------------------ listed rows

    def row(self, scale: str, size: int, mode: int) -> Puzzle:
        setting, noun, members, *_ = SCALES[scale]
        members = members[:size]
        puzzle = Puzzle(size, scale, groups=[members])
        puzzle.lines.append(setting.format(n=COUNT[size], list=joined(members)) + ".")
        hidden = dict(zip(members, self.rng.sample(range(1, size + 1), size)))
        makers = [self._compare, self._rank, self._not_rank, self._connective]
        if scale in ("side", "stack"):
            makers.append(self._immediately)
        if scale == "side":
            makers.append(self._next)
        first = makers[(mode // 5) % len(makers)]
        for number in range(self.rng.randint(1, size + 1)):
            make = first if number == 0 else self.rng.choice(makers)
            for _ in range(20):
                clue, form = make(puzzle, members)
                if self.rng.random() < 0.25 or clue[1](hidden):
                    break
            puzzle.clues.append(clue)
            puzzle.forms.add(f"{scale} {form}")
        self._row_questions(puzzle, members, noun)
        return puzzle

    def _copula(self, member: str) -> str:
        return "are" if not member[:1].isupper() and not member.startswith(("a ", "an ")) else "is"

    def _compare(self, puzzle: Puzzle, members: list[str]) -> tuple[Clue, str]:
        a, b = self.rng.sample(members, 2)
        _, _, _, low, high, _, _ = SCALES[puzzle.scale]
        lower = self.rng.random() < 0.5
        verb = "finished" if puzzle.scale == "finish" else self._copula(a)
        sentence = f"{subject(a)} {verb} {low if lower else high} {label(b)}"
        if lower:
            return (sentence, lambda s: s[a] < s[b]), "compare"
        return (sentence, lambda s: s[a] > s[b]), "compare"

    def _immediately(self, puzzle: Puzzle, members: list[str]) -> tuple[Clue, str]:
        a, b = self.rng.sample(members, 2)
        first, second = ("to the left of", "to the right of")
        if puzzle.scale == "stack":  # position 1 is the top
            first, second = ("above", "below")
        if self.rng.random() < 0.5:
            clue = f"{subject(a)} is immediately {first} {label(b)}"
            return (clue, lambda s: s[a] == s[b] - 1), "immediately"
        clue = f"{subject(a)} is immediately {second} {label(b)}"
        return (clue, lambda s: s[a] == s[b] + 1), "immediately"

    def _next(self, puzzle: Puzzle, members: list[str]) -> tuple[Clue, str]:
        a, b = self.rng.sample(members, 2)
        return (f"{subject(a)} is next to {label(b)}", lambda s: abs(s[a] - s[b]) == 1), "next"

    def _rank_phrase(self, puzzle: Puzzle, a: str) -> tuple[str, int]:
        """A rank phrase and the position it names: 'the second-newest', 'finished last'."""
        n, k = puzzle.size, self.rng.randint(1, 2)
        low_end = self.rng.random() < 0.5
        where = k if low_end else n + 1 - k
        _, _, _, _, _, low, high = SCALES[puzzle.scale]
        end = low if low_end else high
        if puzzle.scale in ("side", "stack"):
            if self.rng.random() < 0.5 and k == 1:
                return f"is the {end}", where
            ends = ("left", "right") if puzzle.scale == "side" else ("top", "bottom")
            return f"is the {ORDINALS[k - 1]} from the {ends[0] if low_end else ends[1]}", where
        if puzzle.scale == "finish":
            if low_end:
                return f"finished {ORDINALS[k - 1]}", where
            return ("finished last" if k == 1 else "finished second-to-last"), where
        prefix = "" if k == 1 else ORDINALS[k - 1] + "-"
        return f"{self._copula(a)} the {prefix}{end}", where

    def _rank(self, puzzle: Puzzle, members: list[str]) -> tuple[Clue, str]:
        a = self.rng.choice(members)
        phrase, where = self._rank_phrase(puzzle, a)
        return (f"{subject(a)} {phrase}", lambda s: s[a] == where), "rank"

    def _not_rank(self, puzzle: Puzzle, members: list[str]) -> tuple[Clue, str]:
        a = self.rng.choice(members)
        if puzzle.scale == "finish":
            return self._rank(puzzle, members)
        phrase, where = self._rank_phrase(puzzle, a)
        verb, rest = phrase.split(" ", 1)
        return (f"{subject(a)} {verb} not {rest}", lambda s: s[a] != where), "not rank"

    def _connective(self, puzzle: Puzzle, members: list[str]) -> tuple[Clue, str]:
        (left, p), _ = self._rank(puzzle, members)
        (right, q), _ = self._compare(puzzle, members)
        kind = self.rng.choice(["if", "iff", "either"])
        if kind == "if":
            return (f"If {_lower(left)}, then {_lower(right)}", lambda s: not p(s) or q(s)), kind
        if kind == "iff":
            return (f"{left} if and only if {_lower(right)}", lambda s: p(s) == q(s)), kind
        return (f"Either {_lower(left)} or {_lower(right)}", lambda s: p(s) != q(s)), kind

    def _row_questions(self, puzzle: Puzzle, members: list[str], noun: str) -> None:
        a = self.rng.choice(members)
        phrase, where = self._rank_phrase(puzzle, a)
        if puzzle.scale == "finish":
            puzzle.questions.append(
                (f"Who {phrase}", lambda s: _names(members, s, lambda m: s[m] == where, False))
            )
        else:
            rest = phrase.split(" ", 1)[1]
            puzzle.questions.append(
                (
                    f"Which {noun} is {rest}",
                    lambda s: _names(members, s, lambda m: s[m] == where, False),
                )
            )
        (sentence, truth), _ = self.rng.choice([self._compare, self._rank])(puzzle, members)
        puzzle.questions.append(
            (f"Is it true that {_lower(sentence)}", lambda s: "yes" if truth(s) else "no")
        )

    # ------------------------------------------------------------------ grids

    def grid(self, size: int, mode: int) -> Puzzle:
        others = ["colors", "pets", "drinks"]
        count = 1 if size == 4 else 2
        names = ["people", *sorted(self.rng.sample(others, count), key=others.index)]
        if mode % 3 == 0 and "colors" not in names:
            names[-1] = "colors"
        groups = [CATEGORIES[name][:size] for name in names]
        puzzle = Puzzle(size, "grid", groups=groups)
        puzzle.lines.append(f"There are {COUNT[size]} houses.")
        puzzle.lines += [f"The {name} are {joined(g)}." for name, g in zip(names, groups)]
        cats = dict(zip(names, groups))
        hidden = {
            m: p for g in groups for m, p in zip(g, self.rng.sample(range(1, size + 1), size))
        }
        makers = [self._link, self._lives_in, self._house_side, self._lives_next, self._grid_rank]
        makers += [self._with, self._who, self._owner, self._possessive, self._grid_connective]
        first = makers[(mode // 5) % len(makers)]
        for number in range(self.rng.randint(2, 2 * size)):
            make = first if number == 0 else self.rng.choice(makers)
            for _ in range(20):
                made = make(puzzle, cats)
                if made is not None and (self.rng.random() < 0.2 or made[0][1](hidden)):
                    break
            if made is None:
                continue
            puzzle.clues.append(made[0])
            puzzle.forms.add(f"grid {made[1]}")
        self._grid_questions(puzzle, cats)
        return puzzle

    def _value(self, cats: dict[str, list[str]], *names: str) -> tuple[str, str] | None:
        present = [n for n in names if n in cats]
        if not present:
            return None
        name = self.rng.choice(present)
        return name, self.rng.choice(cats[name])

    def _link(self, puzzle: Puzzle, cats: dict[str, list[str]]) -> tuple[Clue, str] | None:
        found = self._value(cats, "pets", "drinks")
        if found is None:
            return None
        name, value = found
        person = self.rng.choice(cats["people"])
        if self.rng.random() < 0.3:
            sentence = f"{subject(person)} does not {BASES[LINKS[name]]} {value}"
            return (sentence, lambda s: s[person] != s[value]), "does not"
        sentence = f"{subject(person)} {LINKS[name]} {value}"
        return (sentence, lambda s: s[person] == s[value]), "link"

    def _lives_in(self, puzzle: Puzzle, cats: dict[str, list[str]]) -> tuple[Clue, str] | None:
        person = self.rng.choice(cats["people"])
        if "colors" in cats and self.rng.random() < 0.5:
            color = self.rng.choice(cats["colors"])
            sentence = f"{subject(person)} lives in the {color} house"
            return (sentence, lambda s: s[person] == s[color]), "lives in color"
        k = self.rng.randint(1, puzzle.size)
        word = "middle" if puzzle.size % 2 and k == (puzzle.size + 1) // 2 else ORDINALS[k - 1]
        sentence = f"{subject(person)} lives in the {word} house"
        return (sentence, lambda s: s[person] == k), "lives in ordinal"

    def _house_side(self, puzzle: Puzzle, cats: dict[str, list[str]]) -> tuple[Clue, str] | None:
        if "colors" not in cats:
            return None
        a, b = self.rng.sample(cats["colors"], 2)
        close = self.rng.random() < 0.5
        side = self.rng.choice(["left", "right"])
        words = "immediately to the" if close else "to the"
        sentence = f"The {a} house is {words} {side} of the {b} house"
        step = -1 if side == "left" else 1
        if close:
            return (sentence, lambda s: s[a] == s[b] + step), "side immediately"
        if side == "left":
            return (sentence, lambda s: s[a] < s[b]), "side"
        return (sentence, lambda s: s[a] > s[b]), "side"

    def _lives_next(self, puzzle: Puzzle, cats: dict[str, list[str]]) -> tuple[Clue, str] | None:
        a, b = self.rng.sample(cats["people"], 2)
        return (f"{subject(a)} lives next to {b}", lambda s: abs(s[a] - s[b]) == 1), "next"

    def _grid_rank(self, puzzle: Puzzle, cats: dict[str, list[str]]) -> tuple[Clue, str] | None:
        person = self.rng.choice(cats["people"])
        k = self.rng.randint(1, 2)
        if self.rng.random() < 0.5:
            sentence = f"{subject(person)} is the {ORDINALS[k - 1]} from the left"
            return (sentence, lambda s: s[person] == k), "rank"
        sentence = f"{subject(person)} is the {ORDINALS[k - 1]} from the right"
        return (sentence, lambda s: s[person] == puzzle.size + 1 - k), "rank"

    def _with(self, puzzle: Puzzle, cats: dict[str, list[str]]) -> tuple[Clue, str] | None:
        if "pets" not in cats or "colors" not in cats:
            return None
        pet, color = self.rng.choice(cats["pets"]), self.rng.choice(cats["colors"])
        sentence = f"The house with {pet} is next to the {color} house"
        return (sentence, lambda s: abs(s[pet] - s[color]) == 1), "with"

    def _who(self, puzzle: Puzzle, cats: dict[str, list[str]]) -> tuple[Clue, str] | None:
        found = self._value(cats, "pets", "drinks")
        if found is None or "colors" not in cats:
            return None
        name, value = found
        color = self.rng.choice(cats["colors"])
        sentence = f"The person who {LINKS[name]} {value} lives in the {color} house"
        return (sentence, lambda s: s[value] == s[color]), "who"

    def _owner(self, puzzle: Puzzle, cats: dict[str, list[str]]) -> tuple[Clue, str] | None:
        if "pets" not in cats:
            return None
        pet = self.rng.choice(cats["pets"])
        person = self.rng.choice(cats["people"])
        sentence = f"The {pet.removeprefix('the ')} owner lives next to {person}"
        return (sentence, lambda s: abs(s[pet] - s[person]) == 1), "owner"

    def _possessive(self, puzzle: Puzzle, cats: dict[str, list[str]]) -> tuple[Clue, str] | None:
        a, b = self.rng.sample(cats["people"], 2)
        name = subject(a)
        sentence = f"{name}'s house is not next to {b}"
        return (sentence, lambda s: abs(s[a] - s[b]) != 1), "possessive"

    def _grid_connective(
        self, puzzle: Puzzle, cats: dict[str, list[str]]
    ) -> tuple[Clue, str] | None:
        left, right = self._lives_in(puzzle, cats), self._lives_in(puzzle, cats)
        assert left is not None and right is not None
        (one, p), (two, q) = left[0], right[0]
        if self.rng.random() < 0.5:
            return (f"If {_lower(one)}, then {_lower(two)}", lambda s: not p(s) or q(s)), "if"
        return (f"Either {_lower(one)} or {_lower(two)}", lambda s: p(s) != q(s)), "either"

    def _grid_questions(self, puzzle: Puzzle, cats: dict[str, list[str]]) -> None:
        people = cats["people"]
        found = self._value(cats, "pets", "drinks")
        if found is not None:
            name, value = found
            puzzle.questions.append(
                (
                    f"Who {LINKS[name]} {value}",
                    lambda s: _names(people, s, lambda m: s[m] == s[value], True),
                )
            )
        other = self.rng.choice([n for n in cats if n != "people"])
        singular = other[:-1]
        person = self.rng.choice(people)
        values = cats[other]
        puzzle.questions.append(
            (
                f"Which {singular} is next to {person}",
                lambda s: _names(values, s, lambda m: abs(s[m] - s[person]) == 1, True),
            )
        )
        dweller = self.rng.choice(people)  # a new name: the lambdas above keep theirs
        houses = [f"the {ORDINALS[k]} house" for k in range(puzzle.size)]
        asked = [f"Which house is {dweller} in", f"Which house does {dweller} live in"]
        puzzle.questions.append((self.rng.choice(asked), lambda s: houses[s[dweller] - 1]))
        clue = self._lives_in(puzzle, cats)
        assert clue is not None
        (sentence, truth), _ = clue
        puzzle.questions.append(
            (f"Is it true that {_lower(sentence)}", lambda s: "yes" if truth(s) else "no")
        )
