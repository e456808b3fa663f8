"""ProofWriter, PrOntoQA, FOLIO, logical deduction (Logic-LM) and BBH, fed verbatim.

Each item's context reaches ``certify.check`` exactly as the corpus has it.  The statement to
judge is a field of the item, not a line of its text, so it is asked from outside in one fixed
frame, ``Is it true that S?`` with S the corpus statement byte for byte (its final period
dropped).  Multiple choice: every option is judged; the gold option must come out forced yes
and every other forced no.  BBH inputs are cut at their ``Options:`` line (the options are the
choices, not premises); the text before it is fed verbatim (logical deduction's fixed
two-sentence preamble, which describes the corpus, is the one thing dropped: ``PREAMBLE``),
and a BBH question without statement options is the last question that text asks.  A text
certify refuses is *not parsed*.  Gold labels map to statuses in the tables below.

"Agree classically": ProofWriter's gold follows forward chaining over literals; on the 25
items of ANALYSIS.md §4.1 classical entailment differs (21 Unknown are forced, 3 theories are
inconsistent), and ``CLASSICAL`` holds the classical answer of each.  No other corpus has a
known divergence.  Development runs use dev; ``--split test`` (ProofWriter test and BBH, which
has one split only) is for measurement only.

    python benchmarks/logiclm.py [--corpus proofwriter ...] [--split dev|test] [--limit N]
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from corpus import (
    CONTRADICTORY,
    CORPORA,
    NO,
    OPEN,
    YES,
    Expected,
    Item,
    Question,
    Tally,
    Worker,
    details,
    measure,
    table,
    words,
)

LOGICLM = {
    "proofwriter": "proofwriter_logiclm",
    "prontoqa": "prontoqa_logiclm",
    "folio": "folio_logiclm",
    "deduction": "logical_deduction_logiclm",
}
CORPUS_NAMES = (*LOGICLM, "bbh")
# The tables from gold labels to certify's statuses.
VERDICTS = {"True": YES, "False": NO, "Unknown": OPEN, "Uncertain": OPEN}  # Logic-LM options
CHOSEN = {True: YES, False: NO}  # a multiple-choice option: the gold one, every other one
BBH_TARGETS = {  # BBH targets that are not an option letter; the text's last question
    "Yes": YES,
    "No": NO,
    "True": YES,
    "False": NO,
    "valid": Expected("forced", ("valid",)),
    "invalid": Expected("forced", ("invalid",)),
}
BBH_STATEMENTS = "logical_deduction_"  # tasks whose options are statements to judge
# ANALYSIS.md §4.1: the classical answer where ProofWriter's gold (forward chaining) differs.
CLASSICAL = {
    "ProofWriter_AttNeg-OWA-D5-401_Q15": CONTRADICTORY,
    "ProofWriter_AttNeg-OWA-D5-532_Q21": YES,
    "ProofWriter_AttNeg-OWA-D5-1170_Q13": NO,
    "ProofWriter_AttNeg-OWA-D5-1203_Q17": YES,
    "ProofWriter_AttNeg-OWA-D5-927_Q19": CONTRADICTORY,
    "ProofWriter_AttNeg-OWA-D5-779_Q20": NO,
    "ProofWriter_AttNeg-OWA-D5-1208_Q15": YES,
    "ProofWriter_AttNeg-OWA-D5-401_Q4": CONTRADICTORY,
    "ProofWriter_AttNeg-OWA-D5-1149_Q18": NO,
    "ProofWriter_RelNeg-OWA-D5-430_Q15": YES,
    "ProofWriter_AttNeg-OWA-D5-268_Q19": YES,
    "ProofWriter_AttNeg-OWA-D5-327_Q17": YES,
    "ProofWriter_AttNeg-OWA-D5-550_Q16": NO,
    "ProofWriter_AttNeg-OWA-D5-1176_Q18": NO,
    "ProofWriter_AttNeg-OWA-D5-904_Q14": NO,
    "ProofWriter_RelNeg-OWA-D5-450_Q22": NO,
    "ProofWriter_AttNeg-OWA-D5-865_Q5": CONTRADICTORY,
    "ProofWriter_AttNeg-OWA-D5-471_Q14": YES,
    "ProofWriter_AttNeg-OWA-D5-169_Q14": NO,
    "ProofWriter_AttNeg-OWA-D5-1217_Q19": YES,
    "ProofWriter_AttNeg-OWA-D5-112_Q20": NO,
    "ProofWriter_AttNeg-OWA-D5-850_Q14": NO,
    "ProofWriter_AttNeg-OWA-D5-1227_Q20": NO,
    "ProofWriter_AttNeg-OWA-D5-219_Q13": YES,
    "ProofWriter_AttNeg-OWA-D5-94_Q18": NO,
}


# The one sentence pair that may be dropped (issue "Puzzles in the words people write them"):
# the fixed preamble of every logical-deduction item, which describes the corpus, not the puzzle.
PREAMBLE = re.compile(
    r"^\s*The following paragraphs each describe a set of \w+ objects arranged in a fixed "
    r"order\. The statements are logically consistent within each paragraph\.\s*"
)


# BBH tasks whose every input opens with a fixed label that is not a sentence of the text
# (benchmarks/web_of_lies.py drops the same one).
LABELS = {"web_of_lies": "Question: "}


def without_preamble(text: str) -> str:
    """The text after the fixed logical-deduction preamble (the text itself if it has none)."""
    return PREAMBLE.sub("", text, count=1)


def judge(statement: str) -> str:
    """The one frame of a statement to judge: 'Charlie is kind.' → 'Is it true that Charlie
    is kind?'; the statement itself is not touched."""
    return f"Is it true that {statement.removesuffix('.')}?"


def choice(option: str) -> tuple[str, str]:
    """'A) The blue book is ...' or '(A) Patrick' → ('A', the option's text)."""
    letter, _, text = option.partition(") ")
    return letter.strip("(- "), text


def logiclm_item(record: dict[str, Any]) -> Item:
    """A Logic-LM item: its context, and its statement or its options to judge."""
    options = [choice(option) for option in record["options"]]
    if all(text in VERDICTS for _, text in options):
        statement = record["question"].rsplit("? ", 1)[1]
        gold = dict(options)[record["answer"]]
        question = Question(
            id=record["id"],
            gold=gold,
            expected=VERDICTS[gold],
            classical=CLASSICAL.get(record["id"]),
            ask=0,
        )
        return Item(record["id"], record["context"], (question,), asks=(judge(statement),))
    gold = record["answer"]
    questions = tuple(
        Question(f"{record['id']}-{letter}", gold, CHOSEN[letter == gold], ask=index)
        for index, (letter, _) in enumerate(options)
    )
    asks = tuple(judge(text) for _, text in options)
    return Item(record["id"], without_preamble(record["context"]), questions, asks=asks)


def bbh_item(task: str, index: int, example: dict[str, str]) -> Item:
    """A BBH example: the text before ``Options:``, its options judged or matched."""
    text, _, listed = example["input"].partition("\nOptions:\n")
    text = text.removeprefix(LABELS.get(task, ""))
    target = example["target"]
    name = f"{task}-{index}"
    if target in BBH_TARGETS:
        return Item(name, text, (Question(name, target, BBH_TARGETS[target]),))
    options = [choice(line) for line in listed.split("\n")]
    chosen = target.strip("()")
    if task.startswith(BBH_STATEMENTS):
        questions = tuple(
            Question(f"{name}-{letter}", target, CHOSEN[letter == chosen], ask=number)
            for number, (letter, _) in enumerate(options)
        )
        text = without_preamble(text)
        return Item(name, text, questions, asks=tuple(judge(t) for _, t in options))
    answer = words(dict(options)[chosen])
    return Item(name, text, (Question(name, target, Expected("forced", answer)),))


def logiclm_items(corpus: str, split: str, limit: int | None) -> list[Item]:
    """The split's items, or none when the corpus has no such split."""
    path = CORPORA / LOGICLM[corpus] / f"{split}.json"
    if not path.exists():
        return []
    records = json.loads(path.read_text(encoding="utf-8"))[:limit]
    return [logiclm_item(record) for record in records]


def bbh_tasks(limit: int | None) -> dict[str, list[Item]]:
    """Every BBH task present, by name (BBH has one split: it counts as test)."""
    found: dict[str, list[Item]] = {}
    for path in sorted((CORPORA / "bbh").glob("*.json")):
        examples = json.loads(path.read_text(encoding="utf-8"))["examples"][:limit]
        found[path.stem] = [bbh_item(path.stem, n, e) for n, e in enumerate(examples, start=1)]
    return found


def collections(corpora: list[str], split: str, limit: int | None) -> dict[str, list[Item]]:
    """Name → items of every requested corpus that has the split."""
    found: dict[str, list[Item]] = {}
    for corpus in corpora:
        if corpus == "bbh":
            if split == "test":
                found.update({f"bbh {t}": i for t, i in bbh_tasks(limit).items() if i})
        elif items := logiclm_items(corpus, split, limit):
            found[f"{corpus} {split}"] = items
    return found


def main() -> None:
    """Measure each corpus and print the table, then every disagreement and failure."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", nargs="*", default=list(CORPUS_NAMES), choices=CORPUS_NAMES)
    parser.add_argument("--split", default="dev", choices=["dev", "test"])
    parser.add_argument("--limit", type=int, default=None, help="items per corpus or task")
    parser.add_argument("--cap", type=float, default=120.0, help="seconds per item")
    args = parser.parse_args()
    worker = Worker(args.cap)
    try:
        found = collections(args.corpus, args.split, args.limit)
        tallies: list[Tally] = [measure(name, items, worker) for name, items in found.items()]
    finally:
        worker.close()
    print(table(tallies))
    for tally in tallies:
        print()
        print(details(tally))


if __name__ == "__main__":
    main()
