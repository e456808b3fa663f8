"""Hostile input: mutation fuzz, SPEC section 9's bad inputs, SIGINT during ``--update``.

    python benchmarks/hostile.py [--inputs 50000] [--workers 2] [--cap 10] [--trials 50]

1. ``--inputs`` mutants of the samples and conformance texts (``tests/mutations.py``: words
   inserted, deleted and swapped, lines duplicated, random Unicode, deep nesting, long lists,
   odd numbers, truncation) through ``certify.check`` in ``--workers`` processes, each input
   stopped after ``--cap`` seconds.  Counts reports, refusals (``CertifyError``), inputs over
   the cap and crashes (any other exception: the figure that must be 0).
2. Every bad input SPEC section 9 lists, as a command line in four output modes: the exit
   code must be 3, stderr must name the file and hold no traceback.
3. ``--trials`` SIGINTs of ``certify FOLDER --update`` at random moments: every file must
   afterwards hold its old bytes or its new ones, and no temporary file may be left.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import random
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.mutations import (  # noqa: E402
    Outcome,
    full_update,
    interrupt_delay,
    interrupted_update,
    mutants,
    run_one,
    traceback_in_certify,
    update_corpus,
)

MODES: tuple[tuple[str, ...], ...] = ((), ("--json",), ("--check",), ("--junit", "JUNIT"))


def _fuzz_chunk(job: tuple[int, int, float]) -> list[Outcome]:
    seed, count, cap = job
    from certify.syntax.parse import parser

    parser()
    return [run_one(text, cap) for text in mutants(seed, count)]


def fuzz(inputs: int, workers: int, cap: float) -> int:
    """Run the mutation fuzz; print its figures; return the number of crashes."""
    chunk = 500
    jobs = [(seed, min(chunk, inputs - seed * chunk), cap) for seed in range(-(-inputs // chunk))]
    started = time.perf_counter()
    kinds: Counter[str] = Counter()
    crashes: list[str] = []
    overtime: list[str] = []
    slowest = 0.0
    with multiprocessing.get_context("fork").Pool(workers) as pool:
        for outcomes in pool.imap_unordered(_fuzz_chunk, jobs):
            for outcome in outcomes:
                kinds[outcome.kind] += 1
                slowest = max(slowest, outcome.seconds)
                if outcome.kind == "crash":
                    crashes.append(outcome.detail)
                elif outcome.kind == "overtime":
                    overtime.append(outcome.detail)
    seconds = time.perf_counter() - started
    print(
        f"mutation fuzz: {sum(kinds.values()):,} inputs in {seconds:.0f} s "
        f"({workers} workers): {kinds['report']:,} reports, {kinds['refused']:,} refused "
        f"(CertifyError), {kinds['overtime']:,} over {cap:g} s, {kinds['crash']} crashes; "
        f"slowest {slowest:.1f} s"
    )
    for detail in sorted(set(crashes))[:20]:
        print(f"  crash: {detail}")
    for text in overtime[:10]:  # the run-time limits are another part of issue 16
        print(f"  over {cap:g} s: {text!r}")
    return len(crashes)


def bad_inputs(folder: Path) -> dict[str, Path]:
    """SPEC section 9's list, as files (and a missing path and an empty folder)."""
    texts = {
        "no final period": "Ana is in the kitchen\n",
        "unbalanced quotes": 'Ana is in "the kitchen.\n',
        "a word in two roles": "Ana is in the kitchen.\nx = 3.\nAna + x = 4.\n",
        "ten thousand statements": "Ana is big.\n" * 10_000,
        "control characters": "Ana is in the kit\x1b[2Jchen.\n",
        "rich markup": "Ana is in the [bold]kitchen[/bold].\n",
        "only punctuation": "....\n???\n",
        "bidi controls": "Ana is in the \u202ekitchen.\n",
    }
    files = {}
    for index, (name, text) in enumerate(texts.items()):
        files[name] = folder / f"bad{index}.txt"
        files[name].write_text(text, encoding="utf-8")
    raw = {
        "empty file": b"",
        "binary file": bytes(range(256)),
        "non-UTF-8 file": "Ana is in the café.\n".encode("latin-1"),
        "10 MB file": b"Ana is big.\n" * 900_000,
    }
    for index, (name, data) in enumerate(raw.items()):
        files[name] = folder / f"raw{index}.txt"
        files[name].write_bytes(data)
    files["missing file"] = folder / "missing.txt"
    files["folder with no texts"] = folder / "empty-folder"
    files["folder with no texts"].mkdir()
    if hasattr(os, "mkfifo"):
        files["FIFO"] = folder / "pipe.txt"
        os.mkfifo(files["FIFO"])
    return files


def spec_bad_inputs(folder: Path) -> int:
    """Run every bad input in every mode; print the figures; return the number of failures."""
    failures = 0
    runs = 0
    for name, path in bad_inputs(folder).items():
        for mode in MODES:
            args = [a.replace("JUNIT", str(folder / "junit.xml")) for a in mode]
            done = subprocess.run(
                [sys.executable, "-m", "certify", str(path), *args],
                cwd=ROOT,
                capture_output=True,
                text=True,
                timeout=120,
            )
            runs += 1
            named = path.name in done.stderr or path.name in done.stdout
            if done.returncode != 3 or "Traceback" in done.stderr or not named:
                failures += 1
                print(f"  FAIL {name} {' '.join(mode)}: exit {done.returncode}")
    print(f"SPEC section 9: {runs} runs of bad input, {failures} not refused with exit 3")
    return failures


def sigint_trials(folder: Path, trials: int, seed: int) -> int:
    """Interrupt ``--update`` ``trials`` times; print the figures; return truncated files."""
    reference = folder / "reference"
    originals = update_corpus(reference)
    seconds, _ = full_update(reference)
    updated = {name: (reference / name).read_bytes() for name in originals}
    rng = random.Random(seed)
    truncated = leftovers = interrupted = tracebacks = startup = 0
    for trial in range(trials):
        target = folder / f"trial{trial}"
        update_corpus(target)
        result = interrupted_update(target, interrupt_delay(rng, seconds))
        interrupted += result.returncode == 130
        if "Traceback" in result.stderr:
            ours = traceback_in_certify(result.stderr)
            tracebacks += ours
            startup += not ours
        for name, data in originals.items():
            truncated += (target / name).read_bytes() not in (data, updated[name])
        leftovers += len(set(os.listdir(target)) - set(originals))
    print(
        f"SIGINT during --update: {trials} trials ({interrupted} interrupted, the rest had "
        f"finished), {len(originals)} files each: {truncated} truncated or mixed files, "
        f"{leftovers} temporary files left, {tracebacks} tracebacks "
        f"(and {startup} in the interpreter's own start-up, before certify's code runs)"
    )
    return truncated + leftovers + tracebacks


def main() -> None:
    """Run the three parts and exit 1 if any figure that must be 0 is not."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--inputs", type=int, default=50_000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--cap", type=float, default=10.0, help="seconds per input")
    parser.add_argument("--trials", type=int, default=50)
    parser.add_argument("--seed", type=int, default=16)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        bad = spec_bad_inputs(folder)
        lost = sigint_trials(folder, args.trials, args.seed)
        crashes = fuzz(args.inputs, args.workers, args.cap)
    sys.exit(1 if crashes or bad or lost else 0)


if __name__ == "__main__":
    main()
