"""BBH web of lies (250 items): truth-teller chains fed verbatim, parse rate and agreement.

Each item's ``input`` reaches ``certify.check`` exactly as the corpus has it, except for the
fixed preamble ``Question: `` that opens every input: it is the corpus's label for the item,
not a sentence of it, and is the one thing dropped.  The text's own last sentence is the
question (``Does Elanor tell the truth?``); gold ``Yes`` / ``No`` must come out *forced yes* /
*forced no*.  A text certify refuses is *not parsed* and its question does not agree.

Printed: the table (parse rate and agreement kept apart, seconds per item), then every
disagreement with its id, certify's answer and gold, and every refusal, crash or timeout.

    python benchmarks/web_of_lies.py [--limit N] [--cap S]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from corpus import CORPORA, NO, YES, Item, Question, Worker, details, measure, table

PATH = CORPORA / "bbh" / "web_of_lies.json"
PREAMBLE = "Question: "
TARGETS = {"Yes": YES, "No": NO}  # gold label → certify's status and answer


def item(index: int, example: dict[str, str]) -> Item:
    """One example: its input without the fixed preamble, and its gold."""
    text = example["input"].removeprefix(PREAMBLE)
    name = f"web_of_lies-{index}"
    target = example["target"]
    return Item(name, text, (Question(name, target, TARGETS[target]),))


def items(limit: int | None) -> list[Item]:
    """The corpus's examples, in order (the first ``limit`` of them)."""
    examples = json.loads(PATH.read_text(encoding="utf-8"))["examples"][:limit]
    return [item(n, e) for n, e in enumerate(examples, start=1)]


def main() -> None:
    """Measure, print the table, the time per item and every disagreement and failure."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, default=None, help="the first N items")
    parser.add_argument("--cap", type=float, default=60.0, help="seconds per item")
    args = parser.parse_args()
    worker = Worker(args.cap)
    try:
        tally = measure("bbh web_of_lies", items(args.limit), worker)
    finally:
        worker.close()
    print(table([tally]))
    print()
    print(f"parsed: {tally.parsed} of {tally.items}")
    print(f"agree with gold: {tally.agree} of {tally.questions}")
    if tally.seconds:
        seconds = tally.seconds
        mean, median, most = statistics.fmean(seconds), statistics.median(seconds), max(seconds)
        print(f"seconds per item: mean {mean:.4f}, median {median:.4f}, max {most:.4f}")
    print()
    print(details(tally))


if __name__ == "__main__":
    main()
