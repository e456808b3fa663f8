"""StepGame (clean, k = 1..10 validation files): stories fed verbatim with the grid reading.

Each item's story reaches ``certify.check`` as the file has it, one story sentence a line, the
question ("What is the relation of the agent Z to the agent U?") last, with
``Options(grid=True)`` (each position statement is one unit step; the text is then read with
StepGame's template grammar, ``grammar/stepgame.toml``).  Gold (one of nine labels) must come
out *forced* with that label *from the difference-bound domain* (``domain == "dbm"``).  A story
certify refuses is *not parsed* and its question does not agree.

Templates whose gold contradicts their English reading: each template's reading
(``stepgame.toml``) is compared with gold on the k = 1 stories (one sentence each), and every
template that disagrees there is listed with its example ids; each disagreement of any k is
attributed to the contradicting templates its story uses.

    python benchmarks/stepgame.py [--k 1 2 ...] [--limit N] [--cap S] [--show N]
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import defaultdict
from functools import cache
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from corpus import CORPORA, Expected, Item, Question, Tally, Worker, measure, table

FOLDER = CORPORA / "stepgame" / "clean"
QUESTION = re.compile(r"What is the relation of the agent (\w) to the agent (\w)\?")
INVERSE = {
    "left": "right",
    "right": "left",
    "above": "below",
    "below": "above",
    "upper-left": "lower-right",
    "upper-right": "lower-left",
    "lower-left": "upper-right",
    "lower-right": "upper-left",
    "overlap": "overlap",
}


def examples(k: int) -> dict[str, dict[str, object]]:
    """``qa{k}_valid.json``: id → {story, question, label}."""
    data: dict[str, dict[str, object]] = json.loads(
        (FOLDER / f"qa{k}_valid.json").read_text(encoding="utf-8")
    )
    return data


def item(k: int, key: str, example: dict[str, object]) -> Item:
    """One story, verbatim: its sentences a line each, then the question."""
    story = example["story"]
    assert isinstance(story, list)
    question = str(example["question"])
    text = "\n".join([*map(str, story), question])
    name = f"qa{k}-{key}"
    label = str(example["label"])
    expected = Expected("forced", (label,), domain="dbm")
    return Item(name, text, (Question(name, label, expected, line=len(story) + 1),), grid=True)


def sentences(example: dict[str, object]) -> list[str]:
    """The story's sentences as certify splits them (a story line may hold two)."""
    story = example["story"]
    assert isinstance(story, list)
    return [p for line in story for p in re.split(r"(?<=\.) ", str(line))]


@cache
def patterns() -> tuple[re.Pattern[str], ...]:
    """Each template as a regular expression (for attributing disagreements only: certify
    itself reads the sentences with the template grammar)."""
    from certify.syntax.stepgame import templates

    found = []
    for template in templates():
        pattern = re.escape(template.text + ".")
        pattern = pattern.replace(r"\{A\}", r"(?P<A>[A-Z])", 1).replace(r"\{A\}", r"(?P=A)")
        pattern = pattern.replace(r"\{B\}", r"(?P<B>[A-Z])", 1).replace(r"\{B\}", r"(?P=B)")
        found.append(re.compile(pattern))
    return tuple(found)


def template_of(sentence: str) -> tuple[int, dict[str, str]] | None:
    """The template a sentence is (its index) and which agent fills {A} and {B}."""
    for index, pattern in enumerate(patterns()):
        found = pattern.fullmatch(sentence)
        if found:
            return index, found.groupdict()
    return None


def sound_stories(chosen: dict[str, dict[str, object]], bad: set[int]) -> set[str]:
    """The stories that use no contradicting template and name no agent twice in a sentence."""
    sound = set()
    for key, example in chosen.items():
        matched = [template_of(s) for s in sentences(example)]
        if all(m and m[0] not in bad and m[1]["A"] != m[1]["B"] for m in matched):
            sound.add(key)
    return sound


def contradictions() -> dict[int, list[tuple[str, str]]]:
    """Template index → the k = 1 stories whose gold contradicts its reading (id, gold read
    as A's position from B)."""
    from certify.syntax.stepgame import templates

    found: dict[int, list[tuple[str, str]]] = defaultdict(list)
    for key, example in examples(1).items():
        matched = [template_of(s) for s in sentences(example)]
        relations = [m for m in matched if m and templates()[m[0]].label != "there"]
        asked = QUESTION.fullmatch(str(example["question"]))
        if len(relations) != 1 or asked is None:
            continue
        (index, agents) = relations[0]
        label = str(example["label"])
        if asked.groups() == (agents["B"], agents["A"]):
            label = INVERSE[label]
        elif asked.groups() != (agents["A"], agents["B"]):
            continue
        if label != templates()[index].label:
            found[index].append((f"qa1-{key}", label))
    return found


def report_templates(found: dict[int, list[tuple[str, str]]]) -> None:
    """Print each contradicting template with its examples."""
    from certify.syntax.stepgame import templates

    print("templates whose k = 1 gold contradicts their reading (reading; gold, as A from B):")
    for index, cases in sorted(found.items()):
        template = templates()[index]
        golds = "/".join(sorted({g for _, g in cases}))
        ids = ", ".join(i for i, _ in cases[:5])
        reading = f"t{index} {template.text!r}: {template.label}"
        print(f"    {reading}; gold {golds} ({len(cases)}: {ids})")


def report_k(
    k: int, chosen: dict[str, dict[str, object]], tally: Tally, bad: set[int], show: int | None
) -> None:
    """Every disagreement of one k (the first ``show``), with the contradicting templates its
    story uses, then its failures."""
    lines, blamed, doubled = [], 0, 0
    for line in tally.disagreements:
        key = line.split(":", 1)[0].strip().split("-", 1)[1]
        matched = [m for s in sentences(chosen[key]) if (m := template_of(s))]
        blame = ", ".join(f"t{i}" for i in sorted({i for i, _ in matched} & bad))
        twice = ", ".join(sorted({f"t{i}" for i, a in matched if a["A"] == a["B"]}))
        blamed += bool(blame)
        doubled += bool(twice) and not blame
        tags = [f"contradicting: {blame}"] * bool(blame)
        tags += [f"one agent twice: {twice}"] * bool(twice)
        lines.append(f"    {line[:200]}" + (f"  [{'; '.join(tags)}]" if tags else ""))
    print(f"stepgame qa{k}: {len(lines)} disagreements: {blamed} in stories that use a template")
    print(f"  whose gold contradicts its reading, {doubled} more in stories that name one agent")
    print(f"  twice in a sentence (it contradicts itself), {len(lines) - blamed - doubled} others")
    sound = sound_stories(chosen, bad)
    wrong = {line.split(":", 1)[0].strip().split("-", 1)[1] for line in tally.disagreements}
    agree = len(sound - wrong)
    print(f"stepgame qa{k}: stories with neither: {len(sound)}, agree with gold (forced by the")
    print(f"  difference-bound domain): {agree} ({100 * agree / max(1, len(sound)):.1f} %)")
    shown = lines[:show]
    print("\n".join(shown) + (f"\n    ... {len(lines) - len(shown)} more" if show else ""))
    print(f"stepgame qa{k}: {tally.refused} refused, {tally.crashed} crashed, ", end="")
    print(f"{tally.timeouts} timed out")
    print("\n".join(f"    {f}" for f in tally.failures))


def main() -> None:
    """Measure each k, print the table, the contradicting templates and every disagreement."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--k", type=int, nargs="*", default=list(range(1, 11)))
    parser.add_argument("--limit", type=int, default=None, help="stories per k")
    parser.add_argument("--cap", type=float, default=60.0, help="seconds per story")
    parser.add_argument("--show", type=int, default=None, help="disagreements shown per k")
    args = parser.parse_args()
    found = contradictions()
    worker = Worker(args.cap)
    measured = []
    try:
        for k in args.k:
            chosen = dict(list(examples(k).items())[: args.limit])
            found_items = [item(k, key, e) for key, e in chosen.items()]
            measured.append((k, chosen, measure(f"stepgame qa{k}", found_items, worker)))
    finally:
        worker.close()
    print(table([t for _, _, t in measured], label="k", unit="stories"))
    print()
    report_templates(found)
    for k, chosen, tally in measured:
        print()
        report_k(k, chosen, tally, set(found), args.show)


if __name__ == "__main__":
    main()
