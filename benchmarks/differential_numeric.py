"""A long differential run of certify against the independent numeric oracle (issue 8).

    python benchmarks/differential_numeric.py --texts 50000 --seed 1

generates random numeric texts (tests/reference/numeric_generate.py, plain `random`), lets
certify and the Z3 oracle answer them, and prints: texts, questions, parse failures
(refusals of generated sentences, all of listed forms), disagreements by kind, unresolved
questions (by question form), oracle errors, and the first shrunk counterexamples of each
kind (greedy: drop statements and questions, unwrap connectives, simplify numbers, while a
disagreement of the same kind remains). Run it from the repository root.
"""

from __future__ import annotations

import argparse
import collections
import re
import sys
import time
from dataclasses import fields, is_dataclass, replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.reference import numeric_report as nr
from tests.reference import numeric_text as nt
from tests.reference.numeric_generate import RandomChooser, numeric_text
from tests.reference.numeric_semantics import OracleError


def kinds(comparison: nr.Comparison) -> set[str]:
    return {disagreement.kind for disagreement in comparison.disagreements}


def smaller(text: nt.Text) -> list[nt.Text]:
    """Texts one step simpler than `text` (each still a valid generated text)."""
    items, asked = text.items, text.asked
    candidates = [nt.Text(items[:i] + items[i + 1 :], asked) for i in range(len(items))]
    candidates += [nt.Text(items, asked[:i] + asked[i + 1 :]) for i in range(len(asked))]
    for i, item in enumerate(items):
        if isinstance(item, nt.Connective):
            candidates += [
                nt.Text((*items[:i], part, *items[i + 1 :]), asked) for part in item.parts
            ]
    candidates += [
        simpler for index in range(len(numbers(text))) for simpler in with_number(text, index)
    ]
    return [c for c in candidates if c.items and nt.valid(c)]


def with_number(text: nt.Text, index: int) -> list[nt.Text]:
    """The text with its index-th number replaced by "1" or by its integer part."""
    found = numbers(text)[index]
    options = {"1", str(int(found.value))} - {found.spelling}
    return [rewrite(text, [index], nt.Num(option)) for option in sorted(options)]


def numbers(value: Any) -> list[nt.Num]:
    if isinstance(value, nt.Num):
        return [value]
    if isinstance(value, tuple):
        return [n for element in value for n in numbers(element)]
    if is_dataclass(value):
        return [n for f in fields(value) for n in numbers(getattr(value, f.name))]
    return []


def rewrite(value: Any, counter: list[int], replacement: nt.Num) -> Any:
    """`value` with the counter[0]-th number (in `numbers` order) replaced."""
    if isinstance(value, nt.Num):
        counter[0] -= 1
        return replacement if counter[0] == -1 else value
    if isinstance(value, tuple):
        return tuple(rewrite(element, counter, replacement) for element in value)
    if is_dataclass(value) and not isinstance(value, type):
        changes = {
            f.name: rewrite(getattr(value, f.name), counter, replacement) for f in fields(value)
        }
        return replace(value, **changes)
    return value


def shrink(text: nt.Text, kind: str, seconds: float) -> tuple[nt.Text, nr.Comparison]:
    """Greedily simplify `text` while certify and the oracle still disagree with `kind`."""
    best = nr.compare(text, seconds)
    improved = True
    while improved:
        improved = False
        for candidate in smaller(text):
            try:
                comparison = nr.compare(candidate, seconds)
            except OracleError:
                continue
            if kind in kinds(comparison):
                text, best, improved = candidate, comparison, True
                break
    return text, best


def question_form(question: str) -> str:
    """The form of a question, for counting unresolved ones ("Is X bigger than Y?")."""
    for pattern, form in (
        (r"What is \S+ [-+] \S+\?", "What is x - y?"),
        (r"What is .*", "What is x?"),
        (r"When does .*", "When does X arrive?"),
        (r"How long after .*", "How long after X does Y arrive?"),
        (r"How old is .*", "How old is X?"),
        (r"Is it true that .*", "Is it true that S?"),
        (r"Is \S+ in .*|Is the \S+ in .*", "Is X in P?"),
    ):
        if re.match(pattern, question):
            return form
    return "Is X <comparative> than Y?"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--texts", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--shrink", type=int, default=2, help="shrunk examples per kind")
    parser.add_argument("--cap", type=float, default=20.0, help="seconds before a hang")
    options = parser.parse_args()
    run(options.texts, options.seed, options.shrink, options.cap)


def run(texts: int, seed: int, shrinks: int, cap: float) -> None:
    started = time.monotonic()
    by_kind: collections.Counter[str] = collections.Counter()
    unresolved: collections.Counter[str] = collections.Counter()
    examples: dict[str, list[nt.Text]] = collections.defaultdict(list)
    questions = refused = oracle_errors = unmapped = disagreeing = 0
    for number in range(texts):
        text = numeric_text(RandomChooser(seed * 1_000_003 + number))
        try:
            comparison = nr.compare(text, cap)
        except OracleError as error:
            oracle_errors += 1
            print(f"oracle error on text {number}: {error}", file=sys.stderr)
            continue
        questions += comparison.questions
        unmapped += comparison.unmapped
        refused += "refused" in kinds(comparison)
        disagreeing += bool(comparison.disagreements)
        for question in comparison.unresolved:
            unresolved[question_form(question)] += 1
        for kind in kinds(comparison):
            by_kind[kind] += 1
            if len(examples[kind]) < shrinks:
                examples[kind].append(text)
        if (number + 1) % 500 == 0:
            print(f"... {number + 1} texts, {time.monotonic() - started:.0f} s", file=sys.stderr)
    print(
        f"texts: {texts} (seed {seed}), questions: {questions}, {time.monotonic() - started:.0f} s"
    )
    print(f"parse failures (refused generated texts): {refused}")
    print(f"texts with a disagreement: {disagreeing}; by kind (texts): {dict(by_kind)}")
    print(f"unresolved questions: {sum(unresolved.values())} {dict(unresolved)}")
    print(f"oracle errors: {oracle_errors}; 'what remains' questions not mapped: {unmapped}")
    for kind, found in sorted(examples.items()):
        for text in found:
            small, comparison = shrink(text, kind, cap)
            print(f"\n--- shrunk [{kind}]\n{comparison.text.rstrip()}\n--ask {comparison.asked}")
            for disagreement in comparison.disagreements:
                print("   ", disagreement.text())
            print("    abstract:", small)


if __name__ == "__main__":
    main()
