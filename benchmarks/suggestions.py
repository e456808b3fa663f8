"""Do error suggestions help?  The closest supported form for 30 sentences a new user writes.

    python benchmarks/suggestions.py [--baseline REV]

Each sentence below is a mistake a newcomer makes (written for this benchmark, not taken
from the catalogue ``grammar/errors.toml``).  A suggestion *helps* when (a) certify reads it
and (b) it keeps the user's words: at least half of the sentence's distinct words are in it.
A stricter count also asks that it keep the first word, every name and every number (the
user's own sentence, mended, rather than a look-alike).  The figures are printed for this
checkout and for ``--baseline`` (a git revision, by default the one before the catalogue of
mistakes), run from ``git archive`` in a temporary folder.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
BASELINE = "015dc70"

SENTENCES = (
    "Carl arrives 10 min before Bob.",
    "Ana arrives at 930.",
    "Bob arrives at 9.30.",
    "Is Ana in the kitchen.",
    "Ana is taller Bob.",
    "The box is bigger then the ball.",
    "Ana is at the kitchen.",
    "Ana went the garden.",
    "Ana goes to the garden.",
    "Ana is inside the kitchen.",
    "If Ana is in the hall Bea is in the kitchen.",
    "x equals 5.",
    "x is 3 less y.",
    "x is between 3 to 7.",
    "Ana is 3 years older Bob.",
    "Who in the kitchen?",
    "Where Ana is?",
    "Bob is not at the hall.",
    "Is Bob older then Ana?",
    "x + y equals 10.",
    "Ana arrives at 9:30 am.",
    "Dan arrives 15 minutes later than Ana.",
    "Bea is in the the hall.",
    "Sam arrives at least 5 minutes Ana.",
    "What colour the car is?",
    "Does the cat like the dog.",
    "Bob likes cats.",
    "The hall is next to the garden.",
    "Ana arrives after 10 minutes Bob.",
    "Bob is older than Ana by 3 years.",
)


def words(text: str) -> set[str]:
    """The distinct lower-case words and numbers of a sentence."""
    return set(re.findall(r"[a-z0-9]+", text.lower()))


def names(text: str) -> set[str]:
    """The names and numbers of a sentence: capitalised words after the first, and numbers."""
    found = re.findall(r"(?<=\s)[A-Z][a-z]*|\b\d+(?:[.:]\d+)?\b", text)
    return {n.lower() for n in found}


def helps(sentence: str, suggestion: str, reads: bool) -> bool:
    """Read, and keeps at least half of the user's distinct words."""
    mine = words(sentence)
    return reads and bool(suggestion) and len(mine & words(suggestion)) * 2 >= len(mine)


def faithful(sentence: str, suggestion: str, reads: bool) -> bool:
    """Helps, and keeps the first word, every name and every number as the user wrote them
    (a clock time or a number the user mistyped counts as kept when its digits are)."""
    digits = {re.sub(r"\D", "", n) or n for n in names(sentence)}
    kept = {re.sub(r"\D", "", n) or n for n in names(suggestion)} | words(suggestion)
    first = sentence.split()[0].lower() in words(suggestion)
    return helps(sentence, suggestion, reads) and first and digits <= kept


def measure() -> dict[str, Any]:
    """Every sentence's suggestion, whether it reads, and the counts (this checkout)."""
    from certify.errors import TextError
    from certify.syntax.parse import parse_sentence

    rows = []
    for sentence in SENTENCES:
        try:
            parse_sentence(sentence[:-1], 1, 1, sentence[-1])
            suggestion = ""
        except TextError as error:
            suggestion = error.suggestion
        try:
            if suggestion:
                parse_sentence(suggestion[:-1], 1, 1, suggestion[-1])
            read = bool(suggestion)
        except TextError:
            read = False
        rows.append({"sentence": sentence, "suggestion": suggestion, "reads": read})
    return {
        "rows": rows,
        "total": len(rows),
        "read": sum(r["reads"] for r in rows),
        "helped": sum(helps(r["sentence"], r["suggestion"], r["reads"]) for r in rows),
        "faithful": sum(faithful(r["sentence"], r["suggestion"], r["reads"]) for r in rows),
    }


def at_revision(revision: str) -> dict[str, Any]:
    """``measure()`` run on the certify of a git revision (its ``certify`` and ``grammar``)."""
    archive = subprocess.run(
        ["git", "archive", "--format=tar", revision, "certify", "grammar"],
        cwd=ROOT,
        capture_output=True,
        check=True,
    ).stdout
    with tempfile.TemporaryDirectory() as folder:
        with tarfile.open(fileobj=BytesIO(archive)) as tar:
            tar.extractall(folder, filter="data")
        code = (
            f"import sys; sys.path[:0] = [{folder!r}, {str(ROOT)!r}]\n"
            "import json; from benchmarks.suggestions import measure; print(json.dumps(measure()))"
        )
        done = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=folder
        )
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def main() -> None:
    options = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    options.add_argument("--baseline", default=BASELINE, help="git revision to compare with")
    options.add_argument("--verbose", action="store_true", help="print every suggestion")
    args = options.parse_args()
    now = measure()
    before: dict[str, Any] | None = None
    try:
        before = at_revision(args.baseline)
    except (OSError, subprocess.CalledProcessError) as error:
        print(f"baseline {args.baseline} not measured: {error}", file=sys.stderr)
    if args.verbose:
        old = before["rows"] if before else [{} for _ in SENTENCES]
        for row, was in zip(now["rows"], old):
            print(row["sentence"])
            print(f"  before: {was.get('suggestion')}\n  after:  {row['suggestion']}")
    for name, result in (("before", before), ("after", now)):
        if result is not None:
            print(
                f"{name}: {result['read']} of {result['total']} suggestions read; "
                f"{result['helped']} read and kept half the user's words; "
                f"{result['faithful']} also kept the user's names, numbers and first word"
            )


if __name__ == "__main__":
    main()
