"""Issue "Puzzles in the words people write them": certify's puzzle engine against clingo.

    pip install 'certify[benchmark]'      # clingo, the answer set solver, as a benchmark extra
    python benchmarks/puzzle_clingo.py [--repeat 15]

Three puzzles: the zebra puzzle (samples/puzzles/zebra.txt, two questions), a random 10×10
grid (ten houses, ten categories of ten values; 140 links, "next to" and "to the left of"
clues, all true in a hidden solution; five "Who ...?" questions), and six people in six rooms
(a location text, not a puzzle: ten clues, seven questions; its answer sets must be clingo's
brave consequences, or the script exits 1).  The same
puzzle goes to clingo as a program of its own (one position per value, different positions
within a category, one integrity constraint per clue) and each question is answered with
brave and cautious consequences (ground + brave solve + cautious solve, in-process).

Printed per puzzle, medians over the repeats, each beside clingo's ground + brave + cautious:
certify doing the same work (the SAT encoding and every question's answer set, each answer
with its model; target: ratio ≤ 1); certify's whole engine (that, plus a minimal support for
every forced answer and every witness checked by the evaluator; the text already read); and
certify end to end (reading the English included).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from pathlib import Path

import clingo

from certify.pipeline import Certifiers, check_document, read
from certify.readout.answer import Options
from certify.readout.finite import answer_sets, project
from certify.syntax.parse import read_document

ROOT = Path(__file__).resolve().parent.parent
TARGET = 1.0


def zebra() -> tuple[str, str]:
    """The zebra text and its clingo program."""
    text = (ROOT / "samples" / "puzzles" / "zebra.txt").read_text(encoding="utf-8")
    cats = {
        "color": ["red", "green", "ivory", "yellow", "blue"],
        "nation": ["englishman", "spaniard", "ukrainian", "norwegian", "japanese"],
        "pet": ["dog", "snails", "fox", "horse", "zebra"],
        "drink": ["coffee", "tea", "milk", "orange_juice", "water"],
        "hobby": ["dancing", "painter", "reading", "football", "chess"],
    }
    same = [
        ("englishman", "red"),
        ("spaniard", "dog"),
        ("green", "coffee"),
        ("ukrainian", "tea"),
        ("snails", "dancing"),
        ("yellow", "painter"),
        ("football", "orange_juice"),
        ("japanese", "chess"),
    ]
    rules = [f":- pos({a},P), not pos({b},P)." for a, b in same]
    rules += [
        ":- pos(green,P), pos(ivory,Q), P != Q+1.",
        ":- not pos(milk,3).",
        ":- not pos(norwegian,1).",
        ":- pos(reading,P), pos(fox,Q), |P-Q| != 1.",
        ":- pos(painter,P), pos(horse,Q), |P-Q| != 1.",
        ":- pos(norwegian,P), pos(blue,Q), |P-Q| != 1.",
    ]
    questions = [
        "ans(0,X) :- nation(X), pos(X,P), pos(water,P).",
        "ans(1,X) :- nation(X), pos(X,P), pos(zebra,P).",
    ]
    return text, _program(5, cats, rules, questions)


def _program(n: int, cats: dict[str, list[str]], rules: list[str], questions: list[str]) -> str:
    facts = [f"{c}({v})." for c, values in cats.items() for v in values]
    facts += [f"value({v},{c})." for c, values in cats.items() for v in values]
    space = [
        f"p(1..{n}).",
        "1 { pos(V,P) : p(P) } 1 :- value(V,_).",
        ":- pos(V,P), pos(W,P), value(V,C), value(W,C), V < W.",
    ]
    return "\n".join(facts + space + rules + questions + ["#show ans/2."])


def grid(seed: int = 7, n: int = 10) -> tuple[str, str]:
    """A random n×n grid that has one solution: its text and its clingo program."""
    rng = random.Random(seed)
    names = [f"k{c}" for c in range(n)]
    values = {c: [f"v{c}x{i}" for i in range(n)] for c in names}
    hidden = {v: p for c in names for v, p in zip(values[c], rng.sample(range(1, n + 1), n))}
    lines = [f"There are {n} houses."]
    lines += [
        f"The {c}s are " + ", ".join(values[c][:-1]) + f" and {values[c][-1]}." for c in names
    ]
    clues: list[str] = []
    rules: list[str] = []
    every = [v for c in names for v in values[c]]
    while len(clues) < 14 * n:
        a, b = rng.sample(every, 2)
        if a[:3] == b[:3]:
            continue
        kind = rng.random()
        if kind < 0.35 and hidden[a] == hidden[b]:
            clues.append(f"{a.capitalize()} owns {b}.")
            rules.append(f":- pos({a},P), not pos({b},P).")
        elif kind < 0.7 and abs(hidden[a] - hidden[b]) == 1:
            clues.append(f"{a.capitalize()} lives next to {b}.")
            rules.append(f":- pos({a},P), pos({b},Q), |P-Q| != 1.")
        elif kind >= 0.7 and hidden[a] < hidden[b]:
            clues.append(f"{a.capitalize()} is to the left of {b}.")
            rules.append(f":- pos({a},P), pos({b},Q), P >= Q.")
    people = values[names[0]]
    asked = [rng.choice(values[c]) for c in names[1:6]]
    lines[1] = "The people are " + ", ".join(people[:-1]) + f" and {people[-1]}."
    texts = lines + clues + [f"Who owns {v}?" for v in asked]
    questions = [
        f"ans({i},X) :- value(X,{names[0]}), pos(X,P), pos({v},P)." for i, v in enumerate(asked)
    ]
    return "\n".join(texts) + "\n", _program(n, values, rules, questions)


PEOPLE = ("Ana", "Bob", "Carl", "Dana", "Eve", "Finn")
ROOMS = ("kitchen", "hall", "garden", "attic", "cellar", "study")


def six_people(seed: int = 3, clues: int = 10) -> tuple[str, str]:
    """Six people in six rooms, one to a room; ``clues`` clues true in a hidden placement
    ("P is in R or S.", "P is not in R.", "If P is in R, then Q is in S."); seven questions
    (where each one is, and who is in the kitchen).  Its text and its clingo program."""
    rng = random.Random(seed)
    hidden = dict(zip(PEOPLE, rng.sample(ROOMS, len(ROOMS))))
    lines = [
        "The places are " + ", ".join(f"the {r}" for r in ROOMS[:-1]) + f" and the {ROOMS[-1]}.",
        ", ".join(PEOPLE[:-1]) + f" and {PEOPLE[-1]} are in different places.",
    ]
    rules: list[str] = []
    while len(lines) < 2 + clues:
        person, other = rng.sample(PEOPLE, 2)
        kind, room = rng.random(), rng.choice(ROOMS)
        if kind < 0.35:
            first, second = rng.sample([hidden[person], room], 2)
            if first == second:
                continue
            lines.append(f"{person} is in the {first} or the {second}.")
            rules.append(f":- not at({person.lower()},{first}), not at({person.lower()},{second}).")
        elif kind < 0.6:
            if room == hidden[person]:
                continue
            lines.append(f"{person} is not in the {room}.")
            rules.append(f":- at({person.lower()},{room}).")
        else:
            then = hidden[other] if hidden[person] == room else rng.choice(ROOMS)
            lines.append(f"If {person} is in the {room}, then {other} is in the {then}.")
            rules.append(f":- at({person.lower()},{room}), not at({other.lower()},{then}).")
    lines += [f"Where is {person}?" for person in PEOPLE] + ["Who is in the kitchen?"]
    program = [
        "person(" + ";".join(p.lower() for p in PEOPLE) + ").",
        "room(" + ";".join(ROOMS) + ").",
        "1 { at(P,R) : room(R) } 1 :- person(P).",
        ":- at(P,R), at(Q,R), P < Q.",
        *rules,
        *(f"ans({i},R) :- at({p.lower()},R)." for i, p in enumerate(PEOPLE)),
        f"ans({len(PEOPLE)},P) :- at(P,kitchen).",
        "#show ans/2.",
    ]
    return "\n".join(lines) + "\n", "\n".join(program)


def brave_sets(program: str) -> list[set[str]]:
    """Each question's answers by clingo's brave consequences (the atoms of ``ans/2``)."""
    control = clingo.Control(["--enum-mode=brave", "--models=0", "--warn=none"])
    control.add("base", [], program)
    control.ground([("base", [])])
    last: list[clingo.Symbol] = []
    control.solve(on_model=lambda model: last.__setitem__(slice(None), model.symbols(shown=True)))
    found: dict[int, set[str]] = {}
    for symbol in last:
        index, value = symbol.arguments
        found.setdefault(index.number, set()).add(str(value))
    return [found.get(i, set()) for i in range(max(found, default=-1) + 1)]


def clingo_answers(program: str) -> float:
    """Seconds for ground + brave + cautious, in-process."""
    start = time.process_time()
    for mode in ("brave", "cautious"):
        control = clingo.Control([f"--enum-mode={mode}", "--models=0", "--warn=none"])
        control.add("base", [], program)
        control.ground([("base", [])])
        control.solve()
    return time.process_time() - start


def certify_times(text: str) -> tuple[float, float, list[str]]:
    """(engine seconds, end-to-end seconds, the answers)."""
    start = time.process_time()
    document = read_document(text)
    read = time.process_time()
    report = check_document(document, [], "<bench>", Options())
    done = time.process_time()
    answers = [f"{a.status}: {', '.join(a.answers or ())}" for a in report.questions]
    return done - read, done - start, answers


def certify_sets(text: str) -> float:
    """Seconds for the same work as clingo's: the SAT encoding and every question's answer
    set (each answer with its model; the questions enumerated together, as certify does),
    without supports, witness checks or the report."""
    reading, _, _ = read(read_document(text))
    start = time.process_time()
    with Certifiers(reading, Options()) as certifiers:
        encoding = certifiers.at(None, ()).encoding
        projections = [project(encoding, q.question.query) for q in reading.questions]
        answer_sets(encoding, projections, encoding.all_selectors(), 1000)
    return time.process_time() - start


def measure(name: str, text: str, program: str, repeat: int) -> str:
    engine, sets, whole, theirs = [], [], [], []
    answers: list[str] = []
    for _ in range(repeat):
        mine, total, answers = certify_times(text)
        engine.append(mine)
        whole.append(total)
        sets.append(certify_sets(text))
        theirs.append(clingo_answers(program))
    e, s, w, c = (statistics.median(x) for x in (engine, sets, whole, theirs))
    return (
        f"| {name} | {c * 1000:.1f} ms | {s * 1000:.1f} ms | {s / c:.2f} (≤ {TARGET}) "
        f"| {e * 1000:.1f} ms | {e / c:.2f} | {w * 1000:.1f} ms | {w / c:.2f} "
        f"| {'; '.join(answers)} |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=15)
    args = parser.parse_args()
    print(
        "| puzzle | clingo ground + brave + cautious | certify: encoding + answer sets "
        "| ratio (target) | certify engine, certificates included | ratio "
        "| certify end to end | ratio | certify's answers |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    print(measure("zebra", *zebra(), args.repeat))
    print(measure("10×10 grid", *grid(), args.repeat))
    text, program = six_people()
    print(measure("six people, six rooms, 7 questions", text, program, args.repeat))
    agree(text, program)


def agree(text: str, program: str) -> None:
    """Exit 1 unless certify's answer sets are clingo's brave consequences, question by
    question (names compared in lower case, without "the")."""
    report = check_document(read_document(text), [], "<bench>", Options())
    mine = [{a.lower().removeprefix("the ") for a in (q.answers or ())} for q in report.questions]
    theirs = brave_sets(program)
    if mine != theirs:
        raise SystemExit(f"six people: certify {mine} but clingo {theirs}")
    print(f"six people: certify's answer sets are clingo's brave consequences ({len(mine)})")


if __name__ == "__main__":
    main()
