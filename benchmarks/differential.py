"""The finite differential run, long: certify against the independent oracle on many texts.

Draws ``--texts`` random finite texts (tests/reference/finite_strategies.py) with a fixed
Hypothesis seed, asks certify (public API only) and the brute-force oracle of
tests/reference/finite_semantics.py, and prints the number of texts and questions, the
refusals (parse failures: every generated sentence is a listed form), the disagreements by
kind, the unresolved count, and for the most frequent kinds a shrunk example (Hypothesis
replays the same seed until the kind shows up, then shrinks it).

    python benchmarks/differential.py --texts 50000 --seed 1 [--shrink 8]
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hypothesis import HealthCheck, Phase, given, seed, settings

from tests.reference.finite_strategies import finite_texts
from tests.reference.finite_text import FiniteText
from tests.reference.report_answers import Comparison, compare

QUIET = list(HealthCheck)


class Found(Exception):
    """Raised inside a Hypothesis run to make it shrink the text at hand."""


def kinds(result: Comparison) -> set[str]:
    return {
        finding.kind + (": " + finding.detail if finding.kind == "refused" else "")
        for finding in result.findings
    }


def survey(texts: int, chosen: int) -> tuple[Counter[str], dict[str, Comparison], list[int]]:
    """Run ``texts`` texts; count texts per kind, keep the first of each, and the totals."""
    counts: Counter[str] = Counter()
    first: dict[str, Comparison] = {}
    totals = [0, 0, 0, 0]  # texts, questions, unresolved, texts with a finding

    @settings(
        max_examples=texts,
        database=None,
        deadline=None,
        phases=[Phase.generate],
        suppress_health_check=QUIET,
    )
    @seed(chosen)
    @given(finite_texts())
    def run(text: FiniteText) -> None:
        result = compare(text)
        totals[0] += 1
        totals[1] += result.questions
        totals[2] += len(result.unresolved)
        totals[3] += bool(result.findings)
        for kind in kinds(result):
            counts[kind] += 1
            first.setdefault(kind, result)

    run()
    return counts, first, totals


def shrink(kind: str, texts: int, chosen: int) -> Comparison | None:
    """The smallest text Hypothesis finds with a finding of ``kind`` (same seed as the survey)."""
    found: list[Comparison] = []

    @settings(
        max_examples=texts,
        database=None,
        deadline=None,
        phases=[Phase.generate, Phase.shrink],
        suppress_health_check=QUIET,
        report_multiple_bugs=False,
    )
    @seed(chosen)
    @given(finite_texts())
    def probe(text: FiniteText) -> None:
        result = compare(text)
        if kind in kinds(result):
            found.append(result)
            raise Found

    try:
        probe()
    except Found:
        return found[-1]
    return None


def show(result: Comparison) -> str:
    asks = "".join(f"  --ask {q}\n" for q in result.asks)
    body = "".join(f"  {line}\n" for line in result.english.splitlines())
    findings = "".join(f"  => {f.kind}: {f.detail}\n" for f in result.findings)
    return body + asks + findings


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--texts", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--shrink", type=int, default=6, help="kinds to shrink an example of")
    args = parser.parse_args()
    started = time.perf_counter()
    counts, first, totals = survey(args.texts, args.seed)
    texts, questions, unresolved, failing = totals
    refused = sum(n for kind, n in counts.items() if kind.startswith("refused"))
    print(
        f"texts: {texts}  questions: {questions}  seed: {args.seed}"
        f"  ({time.perf_counter() - started:.0f} s)"
    )
    print(f"texts with a finding: {failing}  refused (parse failures): {refused}")
    print(f"unresolved questions: {unresolved} ({100 * unresolved / max(questions, 1):.2f} %)")
    print("\nfindings by kind (texts):")
    for kind, n in counts.most_common():
        print(f"  {n:6d}  {kind}")
    for kind, _ in counts.most_common(args.shrink):
        example = shrink(kind, args.texts, args.seed) or first[kind]
        print(f"\n--- {kind}\n{show(example)}", end="")
    return 1 if failing else 0


if __name__ == "__main__":
    sys.exit(main())
