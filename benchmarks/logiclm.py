"""Agreement with ProofWriter and PrOntoQA (Logic-LM subsets), *dev* split by default.

Each item's context is certified as it stands; the statement to judge becomes
``Is it true that S?``: True ↔ forced yes, False ↔ forced no, Unknown ↔ open.  ProofWriter's
gold labels follow forward chaining over literals; certify reads classically (contraposition and
case analysis), so the items listed in ``../shared/corpora/ANALYSIS.md`` §4.1 are *known
divergences* and are reported separately.  The test split is for measurement only.

PrOntoQA items (True/False only) are scored the same way; every label there is forced.

    python benchmarks/logiclm.py [--corpus proofwriter|prontoqa] [--split dev] [--limit N]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from certify.errors import TextError  # noqa: E402
from certify.pipeline import check  # noqa: E402

CORPORA = ROOT.parent / "shared" / "corpora"
KNOWN = {
    "ProofWriter_AttNeg-OWA-D5-401_Q15",
    "ProofWriter_AttNeg-OWA-D5-532_Q21",
    "ProofWriter_AttNeg-OWA-D5-1170_Q13",
    "ProofWriter_AttNeg-OWA-D5-1203_Q17",
    "ProofWriter_AttNeg-OWA-D5-927_Q19",
    "ProofWriter_AttNeg-OWA-D5-779_Q20",
    "ProofWriter_AttNeg-OWA-D5-1208_Q15",
    "ProofWriter_AttNeg-OWA-D5-401_Q4",
    "ProofWriter_AttNeg-OWA-D5-1149_Q18",
    "ProofWriter_RelNeg-OWA-D5-430_Q15",
    "ProofWriter_AttNeg-OWA-D5-268_Q19",
    "ProofWriter_AttNeg-OWA-D5-327_Q17",
    "ProofWriter_AttNeg-OWA-D5-550_Q16",
    "ProofWriter_AttNeg-OWA-D5-1176_Q18",
    "ProofWriter_AttNeg-OWA-D5-904_Q14",
    "ProofWriter_RelNeg-OWA-D5-450_Q22",
    "ProofWriter_AttNeg-OWA-D5-865_Q5",
    "ProofWriter_AttNeg-OWA-D5-471_Q14",
    "ProofWriter_AttNeg-OWA-D5-169_Q14",
    "ProofWriter_AttNeg-OWA-D5-1217_Q19",
    "ProofWriter_AttNeg-OWA-D5-112_Q20",
    "ProofWriter_AttNeg-OWA-D5-850_Q14",
    "ProofWriter_AttNeg-OWA-D5-1227_Q20",
    "ProofWriter_AttNeg-OWA-D5-219_Q13",
    "ProofWriter_AttNeg-OWA-D5-94_Q18",
}
GOLD = {"A": ("forced", "yes"), "B": ("forced", "no"), "C": ("open", "")}


def statement_of(question: str) -> str:
    """'Based on ... unknown? Charlie is kind.' → 'Charlie is kind'."""
    return question.rsplit("?", 1)[-1].strip().rstrip(".")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", default="proofwriter", choices=["proofwriter", "prontoqa"])
    parser.add_argument("--split", default="dev", choices=["dev", "test"])
    parser.add_argument("--limit", type=int, default=None)
    args = parser.parse_args()
    folder = CORPORA / f"{args.corpus}_logiclm"
    items = json.loads((folder / f"{args.split}.json").read_text(encoding="utf-8"))[: args.limit]
    agree = known_agree = known = unreadable = 0
    statuses: Counter[str] = Counter()
    misses: list[str] = []
    started = time.perf_counter()
    for item in items:
        status, value = GOLD[item["answer"]]
        statement = statement_of(item["question"])
        statement = (
            statement[0].lower() + statement[1:] if statement.startswith("The ") else statement
        )
        try:
            report = check(item["context"], [f"Is it true that {statement}?"])
        except TextError as error:
            unreadable += 1
            if len(misses) < 5:
                misses.append(f"{item['id']}: unreadable: {error.message}")
            continue
        answer = report.questions[0]
        statuses[answer.status] += 1
        got = (
            answer.answers[0]
            if answer.status == "forced" and isinstance(answer.answers, tuple)
            else ""
        )
        ok = answer.status == status and (status != "forced" or got == value)
        if item["id"] in KNOWN:
            known += 1
            known_agree += ok
        else:
            agree += ok
            if not ok and len(misses) < 5:
                misses.append(f"{item['id']}: gold {item['answer']}, certify {answer.status} {got}")
    seconds = time.perf_counter() - started
    ordinary = len(items) - known - unreadable
    print(
        f"{args.corpus} {args.split}: {agree}/{ordinary} agree outside the known divergences "
        f"({100 * agree / max(1, ordinary):.1f}%); known classical divergences: {known} "
        f"({known_agree} agree with gold); unreadable: {unreadable}; statuses {dict(statuses)}; "
        f"{seconds:.1f} s ({len(items) / seconds:.0f} items/s)"
    )
    for miss in misses:
        print(f"    e.g. {miss}")


if __name__ == "__main__":
    main()
