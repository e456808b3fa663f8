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
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from certify.check import check  # noqa: E402

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


def run_task(task: int, split: str, limit: int | None) -> dict[str, object]:
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
    return {
        "task": task,
        "questions": total,
        "agree": agree,
        "statuses": dict(statuses),
        "dropped sentences": dropped,
        "unreadable": errors,
        "seconds": round(seconds, 2),
        "misses": misses,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--split", default="train", choices=["train", "test"])
    parser.add_argument("--tasks", type=int, nargs="*", default=sorted(FILES))
    parser.add_argument("--limit", type=int, default=None, help="stories per task")
    args = parser.parse_args()
    for task in args.tasks:
        result = run_task(task, args.split, args.limit)
        share = 100 * int(result["agree"]) / max(1, int(result["questions"]))  # type: ignore[call-overload]
        print(
            f"task {task:2d} ({args.split}): {result['agree']}/{result['questions']} agree ({share:.1f}%), "
            f"statuses {result['statuses']}, dropped {result['dropped sentences']} possession sentences, "
            f"{result['unreadable']} unreadable, {result['seconds']} s"
        )
        for miss in result["misses"]:  # type: ignore[attr-defined]
            print(f"    e.g. {miss}")


if __name__ == "__main__":
    main()
