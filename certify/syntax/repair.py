"""The closest supported form of a sentence the grammar cannot read, built from its own words.

A mistake of the catalogue (``certify.syntax.catalogue``) mends the user's sentence with its
rewrites, then with one-word edits where the parser stopped (insert or replace a word the
parser accepts there, or drop the unexpected word).  Every candidate is read by the caller's
``reads``; the first that reads is the suggestion, else the mistake's fallback sentence (else
"", and the caller falls back to the closest example of the language reference).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from certify.syntax.catalogue import Mistake, mistakes, spellings

Reads = Callable[[str], bool]
_MOST_CANDIDATES = 40
_LONGEST = 400  # characters: a longer sentence is not mended (each candidate is a full parse)


def _tidy(sentence: str) -> str:
    """One space between words, none before a comma or the final mark."""
    tidy = " ".join(sentence.split())
    for mark in (",", ".", "?"):
        tidy = tidy.replace(" " + mark, mark)
    return tidy


def _edits(text: str, end: str, offset: int, accepts: set[str]) -> Iterator[str]:
    """One-word edits at ``offset``: insert or replace an accepted word, or drop the word."""
    before, after = text[:offset], text[offset:]
    word, _, rest = after.partition(" ")
    for terminal, spelling in spellings():
        if terminal in accepts:
            yield f"{before}{spelling} {after}{end}"
            if word:
                yield f"{before}{spelling} {rest}{end}"
    if word:
        yield f"{before}{rest}{end}"


def candidates(mistake: Mistake, text: str, end: str, offset: int, accepts: set[str]) -> list[str]:
    """The mended sentences to try for ``mistake``, best first, without repeats."""
    sentence = text + end
    found = [_tidy(r.apply(sentence)) for r in mistake.rewrites]
    if mistake.edit:
        found += [_tidy(e) for e in _edits(text, end, offset, accepts)]
    unique = [c for c in dict.fromkeys(found) if c != _tidy(sentence)]
    return unique[:_MOST_CANDIDATES]


def mend(
    mistake: Mistake, text: str, end: str, offset: int, accepts: set[str], reads: Reads
) -> str:
    """The first candidate that reads, else the mistake's fallback sentence if it is of the
    same kind (a statement for a statement, a question for a question), else ""."""
    if len(text) <= _LONGEST:
        for candidate in candidates(mistake, text, end, offset, accepts):
            if reads(candidate):
                return candidate
    return mistake.fallback if mistake.fallback.endswith(end) else ""


def probe(text: str, end: str, reads: Reads) -> tuple[Mistake, str] | None:
    """A probing mistake whose rewrite of the sentence reads, and that rewrite."""
    sentence = text + end
    for mistake in mistakes():
        if mistake.probe and len(text) <= _LONGEST:
            for rewrite in mistake.rewrites:
                mended = _tidy(rewrite.apply(sentence))
                if mended != sentence and reads(mended):
                    return mistake, mended
    return None
