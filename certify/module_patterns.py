"""The regular expressions a module compiles as it is imported, kept beside its code in
``certify.bundle``'s file and handed to ``re``'s cache before the module runs again (issue 9).

Python's ``re`` compiles a pattern in Python code (its parser and compiler), then gives the
program to its C matcher (``_sre.compile``).  The modules a ``certify`` run imports compile 25
patterns at import (``platform`` nine, ``textwrap`` five, ``fractions``, ``gettext``,
``locale``, ``tokenize``, typer's, Lark's...): 3-5 ms of every start, always the same.  What
``re`` compiles a pattern to depends only on the pattern, its flags and the Python, so:

- while a module of the bundle runs (``watching``), the patterns that enter ``re``'s cache are
  noted for it (not those of a module it imports: that one notes its own);
- at exit the bundle keeps each noted pattern with its program (``programs``), as
  ``certify.syntax.regexes`` keeps the lexer's;
- before the module runs again, ``seed`` builds each pattern from its program with
  ``_sre.compile``, exactly as ``re`` would, and puts it in ``re``'s cache under the key
  ``re.compile`` looks up, so that the module's ``re.compile`` finds it there.

``re``'s cache is checked once per process before anything is put in it (``cache``): its
patterns must be kept under the key ``(type(pattern), pattern, flags)`` as ``re.Pattern``
objects, as in Python 3.10 to 3.13, else nothing is seeded.  A program ``_sre`` refuses, a
damaged entry, or a Python whose ``re`` has another shape means compiling as before.  Like the
lexer's cache, a seeded pattern does not warn again of what ``re``'s parser warns about (a
nested set, say).
"""

from __future__ import annotations

import marshal
import sys
from itertools import islice

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    Key = tuple[type, Any, int]
    """How ``re`` keys its cache: the pattern's type, the pattern, the flags."""

PROBE = "certify:probe"
"""A pattern compiled to see how ``re`` keys its cache, when the cache is still empty."""

_checked: list[dict[Any, Any] | None] = []
seeded: set[Key] = set()
"""The keys put in ``re``'s cache in this process (never noted as a module's own)."""
refused: set[Key] = set()
"""The keys whose kept program ``_sre`` refused (never noted: the file would be written again
at every run)."""
claimed: set[Key] = set()
"""The keys already noted for a module (an importing module does not note them again)."""
noted: dict[str, list[tuple[Any, int]]] = {}
"""The patterns each module compiled in this process that no seed gave it."""


def forget() -> None:
    """Forget what this process seeded and noted, and ``re``'s cache's shape (for tests)."""
    for kept in (_checked, seeded, refused, claimed, noted):
        kept.clear()


def cache() -> dict[Any, Any] | None:
    """``re``'s cache, when it is a dictionary keyed as this module expects (None until ``re``
    is imported).  Its first entry shows the shape; an empty cache is given ``PROBE`` first."""
    if _checked:
        return _checked[0]
    re = sys.modules.get("re")
    if re is None:
        return None  # not imported yet: asked again later
    found = getattr(re, "_cache", None)
    shaped = False
    try:
        if isinstance(found, dict) and not found:
            re.compile(PROBE)
            seeded.add((str, PROBE, 0))  # never a module's own
        if isinstance(found, dict) and found:
            key, value = next(iter(found.items()))
            shaped = (
                isinstance(key, tuple)
                and len(key) == 3
                and key[0] is type(key[1])
                and type(key[2]) is int
                and isinstance(value, re.Pattern)
                and value.pattern == key[1]
            )
    except Exception:  # pragma: no cover - an ``re`` of another shape
        shaped = False
    _checked.append(found if shaped else None)
    return _checked[0]


def seed(data: bytes) -> None:
    """Put the patterns of ``data`` (``programs``' bytes) in ``re``'s cache; never raises."""
    found = cache()
    if found is None:
        return
    try:
        import _sre  # type: ignore[import-not-found]

        kept = marshal.loads(data)
        for pattern, flags, program in kept:
            key = (type(pattern), pattern, flags)
            try:
                if key not in found:
                    found[key] = _sre.compile(pattern, *program)
            except Exception:  # refused by ``_sre``: ``re`` compiles it, and it is not noted
                refused.add(key)
            else:
                seeded.add(key)
    except Exception:  # damaged: ``re`` compiles what is missing, noted for the file again
        return


class watching:
    """Note the patterns that enter ``re``'s cache while module ``name`` runs."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.before = 0
        self.first: Any = None

    def __enter__(self) -> None:
        found = cache()
        self.before = len(found) if found is not None else 0
        self.first = next(iter(found), None) if found is not None else None

    def __exit__(self, *exc: object) -> None:
        found = cache()
        if found is None or exc[0] is not None or len(found) <= self.before:
            return  # nothing new (most modules compile no pattern)
        if self.before and next(iter(found), None) != self.first:
            return  # ``re`` dropped its oldest patterns meanwhile: nothing is noted
        new = [key for key in islice(found, self.before, None) if key not in claimed]
        claimed.update(new)
        kept = [(key[1], key[2]) for key in new if key not in seeded and key not in refused]
        if kept:
            noted[self.name] = kept


def programs(patterns: list[tuple[Any, int]]) -> bytes | None:
    """The bytes ``seed`` reads for ``patterns``: each with its program as ``re`` makes it;
    None when this Python's ``re`` cannot be asked for them."""
    from certify.sre_programs import program, usable

    if not usable:
        return None
    try:
        return marshal.dumps(tuple((p, int(f), program(p, int(f))) for p, f in patterns))
    except Exception:  # an ``re`` of another shape: nothing kept
        return None
