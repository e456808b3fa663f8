"""Hostile texts: the samples and conformance texts, mutated as a careless or hostile user would.

Shared by the reliability suite (a few thousand inputs) and ``benchmarks/hostile.py``
(fifty thousand and more).  Each mutant applies one to three mutations from ``MUTATIONS``:
words inserted, deleted and swapped, lines duplicated, random Unicode (controls, bidi,
combining marks, emoji, surrogate-free astral planes), deep nesting and long lists, numbers
made huge or impossible, truncation.  ``run_one`` certifies one text under a wall-clock cap and
classifies the outcome; the only acceptable ones are a report or a ``CertifyError``.
``interrupted_update`` is one SIGINT trial of ``--update`` on a folder from ``update_corpus``.
"""

from __future__ import annotations

import random
import re
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from tests.paths import CONFORMANCE, SAMPLES

if TYPE_CHECKING:
    from sys import UnraisableHookArgs

_KEYWORD_TEXT = """
is in not the a an and or if then either neither nor both every all some someone nobody it
case that exactly one of at least most between more than less before after arrives moved to
went same place as different places who where what whose true integer integers are has have
years old minutes hours
"""
KEYWORDS = tuple(_KEYWORD_TEXT.split())
ODD = ("P0", "x1", "Ana's", "Smiths'", "(", ")", "+", "-", "=", "<=", "/", "*", "3/0", ",", ";")
UNICODE_RANGES = (
    (0x00, 0x1F),
    (0x7F, 0x9F),
    (0x200B, 0x200F),
    (0x202A, 0x202E),
    (0x2066, 0x2069),
    (0x0300, 0x036F),
    (0x0590, 0x06FF),
    (0x1F300, 0x1F64F),
    (0xFFF0, 0xFFFD),
    (0xE0000, 0xE007F),
)


def corpus() -> list[str]:
    """The texts that get mutated: every sample and conformance text."""
    paths = sorted(SAMPLES.rglob("*.txt")) + sorted(CONFORMANCE.glob("*.txt"))
    return [p.read_text(encoding="utf-8") for p in paths]


def _words(text: str) -> list[str]:
    return text.split(" ")


def insert_word(text: str, rng: random.Random) -> str:
    words = _words(text)
    pool = [*KEYWORDS, *ODD, *(w for w in words if w)]
    words.insert(rng.randrange(len(words) + 1), rng.choice(pool))
    return " ".join(words)


def delete_word(text: str, rng: random.Random) -> str:
    words = _words(text)
    if len(words) > 1:
        del words[rng.randrange(len(words))]
    return " ".join(words)


def swap_words(text: str, rng: random.Random) -> str:
    words = _words(text)
    if len(words) > 1:
        i, j = rng.randrange(len(words)), rng.randrange(len(words))
        words[i], words[j] = words[j], words[i]
    return " ".join(words)


def duplicate_line(text: str, rng: random.Random) -> str:
    lines = text.splitlines(keepends=True) or [text]
    index = rng.randrange(len(lines))
    return "".join(lines[: index + 1] + [lines[index]] * rng.randint(1, 20) + lines[index + 1 :])


def random_unicode(text: str, rng: random.Random) -> str:
    low, high = rng.choice(UNICODE_RANGES)
    chars = "".join(chr(rng.randint(low, high)) for _ in range(rng.randint(1, 4)))
    at = rng.randrange(len(text) + 1)
    return text[:at] + chars + text[at:]


def deep_nesting(text: str, rng: random.Random) -> str:
    depth = rng.choice((3, 50, 99, 100, 101, 300, 1000))
    kind = rng.randrange(4)
    if kind == 0:
        body = "It is not the case that " * depth + "Ana is in the kitchen."
    elif kind == 1:
        body = "x = " + "(" * depth + "1" + ")" * depth + "."
    elif kind == 2:
        body = "Ana is in " + ", ".join(f"the p{i}" for i in range(depth)) + " or the hall."
    else:
        body = "x = " + " + ".join(f"y{i % 7}" for i in range(depth)) + "."
    lines = text.splitlines(keepends=True)
    at = rng.randrange(len(lines) + 1)
    return "".join([*lines[:at], body + "\n", *lines[at:]])


def odd_number(text: str, rng: random.Random) -> str:
    replacement = rng.choice(("9" * 5000, "1e999999999", "99:99", "25:00", "0/0", "3.", "1.5.5"))
    found = list(re.finditer(r"\d+(?::\d\d)?", text))
    if not found:
        return text + f"\nx = {replacement}.\n"
    match = rng.choice(found)
    return text[: match.start()] + replacement + text[match.end() :]


def truncate(text: str, rng: random.Random) -> str:
    return text[: rng.randrange(len(text) + 1)]


def punctuation(text: str, rng: random.Random) -> str:
    marks = [m.start() for m in re.finditer(r"[.?]", text)]
    if not marks:
        return text + rng.choice(".?")
    at = rng.choice(marks)
    return text[:at] + rng.choice(("?", ".", "..", "", ";", "!")) + text[at + 1 :]


MUTATIONS: tuple[Callable[[str, random.Random], str], ...] = (
    insert_word,
    delete_word,
    swap_words,
    duplicate_line,
    random_unicode,
    deep_nesting,
    odd_number,
    truncate,
    punctuation,
)


def mutants(seed: int, count: int, texts: list[str] | None = None) -> Iterator[str]:
    """``count`` mutated texts, the same for the same seed."""
    rng = random.Random(seed)
    texts = texts or corpus()
    for _ in range(count):
        text = rng.choice(texts)
        for _ in range(rng.randint(1, 3)):
            text = rng.choice(MUTATIONS)(text, rng)
        yield text


class Overtime(BaseException):
    """Raised by the wall-clock cap; a BaseException so certify's handlers let it through."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """How one input ended: ``report``, ``refused`` (a CertifyError), ``overtime`` or ``crash``."""

    kind: str
    seconds: float
    detail: str = ""


RETRY = 0.02
"""Seconds to the cap's next tick when the last one could not stop the text."""


def run_one(text: str, cap: float) -> Outcome:
    """Certify ``text`` in this process, stopped after ``cap`` seconds of wall-clock time."""
    from certify import CertifyError, check

    def stop(number: int, frame: object) -> None:
        raise Overtime

    def dropped(unraisable: UnraisableHookArgs) -> None:
        """A tick that landed in a ``__del__`` or a collector's callback (Hypothesis times the
        collector) raised where Python drops exceptions: tick again instead of warning."""
        if isinstance(unraisable.exc_value, Overtime):
            signal.setitimer(signal.ITIMER_REAL, RETRY)
        else:
            hook(unraisable)

    hook = sys.unraisablehook
    sys.unraisablehook = dropped
    previous = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, cap)
    started = time.perf_counter()
    try:
        check(text)
        kind, detail = "report", ""
    except CertifyError as error:
        kind, detail = "refused", error.message
    except Overtime:
        kind, detail = "overtime", text[:160]
    except Exception as error:  # the outcome every test and benchmark counts as a failure
        kind, detail = "crash", f"{type(error).__name__}: {error}"[:300]
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        sys.unraisablehook = hook
    return Outcome(kind, time.perf_counter() - started, detail)


def sample_paths() -> list[Path]:
    """The sample texts (for ``--update`` trials)."""
    return sorted(SAMPLES.rglob("*.txt"))


def without_expectations(text: str) -> str:
    """``text`` without its ``# expect:`` lines."""
    return "".join(
        line for line in text.splitlines(keepends=True) if not line.lstrip().startswith("# expect")
    )


def update_corpus(folder: Path) -> dict[str, bytes]:
    """Sample texts with their expectations removed, so that ``--update`` rewrites each one."""
    folder.mkdir()
    originals = {}
    for index, path in enumerate(sample_paths() * 2):
        name = f"{index:03d}-{path.name}"
        data = without_expectations(path.read_text(encoding="utf-8")).encode("utf-8")
        (folder / name).write_bytes(data)
        originals[name] = data
    return originals


def full_update(folder: Path) -> tuple[float, subprocess.CompletedProcess[str]]:
    """``certify FOLDER --update`` run to its end, and its wall-clock seconds (the scale of
    ``interrupt_delay``)."""
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "certify", str(folder), "--update", "--quiet"],
        cwd=Path(__file__).resolve().parent.parent,
        capture_output=True,
        text=True,
        timeout=600,
    )
    return time.perf_counter() - started, done


def interrupt_delay(rng: random.Random, seconds: float) -> float:
    """When to send SIGINT to an ``--update`` that takes ``seconds`` to its end: within its run,
    past the start-up.  A fixed range (0.8-3 s) once let most trials land after a faster
    ``--update`` had finished, so they tested nothing."""
    return rng.uniform(0.25, 0.85) * seconds


def interrupted_update(folder: Path, delay: float) -> subprocess.CompletedProcess[str]:
    """``certify FOLDER --update`` in its own process, sent SIGINT after ``delay`` seconds."""
    process = subprocess.Popen(
        [sys.executable, "-m", "certify", str(folder), "--update", "--quiet"],
        cwd=Path(__file__).resolve().parent.parent,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    time.sleep(delay)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=120)
    return subprocess.CompletedProcess(process.args, process.returncode, out, err)


def traceback_in_certify(stderr: str) -> bool:
    """Whether ``stderr`` holds a traceback that passed through certify's own code.

    A Ctrl-C in the first moment of a process lands in the interpreter's start-up or in the
    import of the ``certify`` package itself, before any handler of certify's can exist; those
    tracebacks are Python's, and are told apart here.
    """
    if "Traceback" not in stderr:
        return False
    frames = re.findall(r'File "([^"]+)"', stderr)
    return any("/certify/" in f and not f.endswith("certify/__init__.py") for f in frames)
