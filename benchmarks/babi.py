"""Agreement with bAbI (tasks 1, 6, 9, 10) and speed, on the *train* split by default.

Each bAbI story becomes one certify text read as a story (the update law), with its
questions in place; certify's certified answer is compared with the gold label:
``forced X`` ↔ X, ``open`` ↔ ``maybe``.  Task 6's possession sentences ("John picked up the
apple there.") are not in certify's language and do not affect locations; they are dropped
and counted.  Test splits are for measurement only (``--split test``); never tune to them.

    python benchmarks/babi.py [--split train] [--tasks 1 6 9 10] [--limit N]
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from certify.pipeline import check  # noqa: E402

CORPUS = ROOT.parent / "shared" / "corpora" / "babi" / "en"
FILES = {
    1: "qa1_single-supporting-fact",
    6: "qa6_yes-no-questions",
    9: "qa9_simple-negation",
    10: "qa10_indefinite-knowledge",
}
POSSESSION = re.compile(r"\b(picked up|took|grabbed|got|dropped|left|discarded|put down)\b")


def stories(path: Path) -> list[list[tuple[str, str | None]]]:
    """Each story as (sentence, gold answer or None) in order."""
    found: list[list[tuple[str, str | None]]] = []
    for raw in path.read_text(encoding="utf-8").splitlines():
        number, _, rest = raw.partition(" ")
        if number == "1":
            found.append([])
        if "\t" in rest:
            question, answer, _ = rest.split("\t")
            found[-1].append((question.strip(), answer.strip()))
        else:
            found[-1].append((rest.strip(), None))
    return found


def expected(gold: str) -> tuple[str, str]:
    """The certify status and answer a bAbI label stands for."""
    if gold == "maybe":
        return "open", ""
    return "forced", gold


@dataclass(frozen=True)
class Result:
    """Agreement of one task."""

    task: int
    questions: int
    agree: int
    statuses: dict[str, int]
    dropped: int
    unreadable: int
    seconds: float
    misses: list[str]


def run_task(task: int, split: str, limit: int | None) -> Result:
    path = CORPUS / f"{FILES[task]}_{split}.txt"
    agree = total = dropped = errors = 0
    statuses: Counter[str] = Counter()
    misses: list[str] = []
    started = time.perf_counter()
    for story in stories(path)[:limit]:
        lines = ["Story:"]
        golds: dict[int, str] = {}
        for sentence, gold in story:
            if gold is None and POSSESSION.search(sentence):
                dropped += 1
                continue
            lines.append(sentence)
            if gold is not None:
                golds[len(lines)] = gold
        try:
            report = check("\n".join(lines) + "\n")
        except Exception as error:  # a text certify cannot read counts as a miss
            errors += len(golds)
            total += len(golds)
            misses.append(f"error: {error}")
            continue
        for answer in report.questions:
            gold = golds[answer.line or 0]
            status, value = expected(gold)
            statuses[answer.status] += 1
            got = "" if answer.status != "forced" else str((answer.answers or ("",))[0])
            got = got.removeprefix("the ")
            total += 1
            if answer.status == status and got == value:
                agree += 1
            elif len(misses) < 3:
                misses.append(f"{answer.question} gold {gold}, certify {answer.status} {got}")
    seconds = time.perf_counter() - started
    return Result(task, total, agree, dict(statuses), dropped, errors, seconds, misses)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--split", default="train", choices=["train", "test"])
    parser.add_argument("--tasks", type=int, nargs="*", default=sorted(FILES))
    parser.add_argument("--limit", type=int, default=None, help="stories per task")
    args = parser.parse_args()
    for task in args.tasks:
        result = run_task(task, args.split, args.limit)
        share = 100 * result.agree / max(1, result.questions)
        print(
            f"task {task:2d} ({args.split}): {result.agree}/{result.questions} agree "
            f"({share:.1f}%), statuses {result.statuses}, dropped {result.dropped} possession "
            f"sentences, {result.unreadable} unreadable, {result.seconds:.2f} s"
        )
        for miss in result.misses:
            print(f"    e.g. {miss}")


if __name__ == "__main__":
    main()
