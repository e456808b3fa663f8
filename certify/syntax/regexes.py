"""The lexer's regular expressions compiled once per machine instead of at every start (issue 9).

Lark's contextual lexer builds, for each parser state it meets, one regular expression that
unites every terminal the state accepts; the lexicon's word classes make them long (3,000
characters), and Python's ``re`` compiles in Python: the first text of a run spent some 25 ms
there, a batch of five kinds of text 40-60 ms, every run again.  What ``re`` compiles a pattern
to is a list of integers (the program of its C matcher, ``_sre``), and for one pattern, one set
of flags and one Python it is always the same list.  So ``use_in`` hands Lark's lexers
``CACHED``, a stand-in for the ``re`` module whose ``compile`` looks the program up by its
exact pattern and flags in a per-user cache (``certify.compiled``'s file, a second kind),
builds the pattern object from it with ``_sre.compile`` as ``re`` itself would, and compiles
only what it has not seen.  The file keeps each program marshalled on its own, and a run
decodes only those its parser states ask for (a small text, some 20 of the file's 110: the
whole file decoded at once took 0.9 ms).  ``_sre`` checks every program it is given; a
program it refuses, a cache that is missing or not the current user's own, or a Python whose
``re`` has another shape all mean compiling as before.  Patterns built from the cache are
equal to ``re``'s (``Pattern.__eq__`` compares the programs: ``tests/test_regexes.py``).
"""

from __future__ import annotations

import marshal
import re
import sys
from typing import Any

from certify.compiled import cache_file, read_cache, write_cache
from certify.sre_programs import Program, matcher, program, usable
from certify.syntax.lark_runtime import Lark

KIND = "lexer-code"
"""The cache's kind: each program as its own ``marshal`` bytes (``lexer-programs``, the kind
before, held them decoded)."""
LIMIT = 5_000
"""At most this many programs in the cache (the two grammars' lexers have some 250)."""


_loaded: dict[tuple[str, int], bytes] = {}
"""The file's programs not used yet, each marshalled: dropped once its pattern is built (the
pattern keeps its own copy of the program)."""
_known: dict[tuple[str, int], Program] = {}
"""Compiled in this process: what the file lacks, written at exit (merged with the file)."""
_built: dict[tuple[str, int], re.Pattern[Any]] = {}
"""The patterns built in this process (the lexers of several parser states may ask for the same
one: it is built once, as ``re``'s own cache would)."""
_state = {"loaded": False, "new": False}


def compile_cached(pattern: Any, flags: Any = 0) -> re.Pattern[Any]:
    """``re.compile``, with the program of a text pattern looked up, or compiled and kept."""
    flags = int(flags)
    if not usable or not isinstance(pattern, str) or flags & re.DEBUG:
        return re.compile(pattern, flags)
    if not _state["loaded"]:
        _state["loaded"] = True
        for key, value in read_cache(cache_file(KIND)).items():
            if isinstance(key, tuple) and isinstance(value, bytes):
                _loaded[key] = value
    key = (pattern, flags)
    built = _built.get(key)
    if built is not None:
        return built
    kept = _loaded.pop(key, None)
    if kept is not None:
        try:
            built = matcher.compile(pattern, *marshal.loads(kept))
        except Exception:  # a program this Python's matcher refuses: compile it again
            pass
        else:
            _built[key] = built
            return built  # type: ignore[no-any-return]
    compiled = re.compile(pattern, flags)  # raises re.error as re does
    _built[key] = compiled
    try:
        _known[key] = program(pattern, flags)
    except Exception:  # an ``re`` of another shape: nothing kept, nothing lost
        return compiled
    if not _state["new"]:
        _state["new"] = True
        if not sys.dont_write_bytecode:
            import atexit

            atexit.register(save)
    return compiled


def save() -> None:
    """Write the programs compiled in this process into the cache; never raises."""
    write_cache(cache_file(KIND), {k: marshal.dumps(v) for k, v in _known.items()}, LIMIT)


class CachedRe:
    """The ``re`` module as Lark's lexers use it, with ``compile`` going through the cache."""

    error = re.error

    def compile(self, pattern: Any, flags: Any = 0) -> re.Pattern[Any]:
        return compile_cached(pattern, flags)

    def match(self, pattern: Any, string: Any, flags: Any = 0) -> re.Match[Any] | None:
        return compile_cached(pattern, flags).match(string)

    def __getattr__(self, name: str) -> Any:
        return getattr(re, name)

    def __reduce__(self) -> tuple[Any, tuple[()]]:
        return _cached, ()  # a saved parser's lexers get this module's one instance back


CACHED = CachedRe()


def _cached() -> CachedRe:
    return CACHED


def use_in(parser: Lark) -> int:
    """Give every lexer of ``parser`` the cached ``re``, before any has built its scanner (they
    build it on first use); returns how many lexers took it (none if Lark's contextual lexer
    has another shape: they keep ``re``)."""
    contextual = getattr(getattr(parser, "parser", None), "lexer", None)
    lexers = [*getattr(contextual, "lexers", {}).values(), getattr(contextual, "root_lexer", None)]
    taken = 0
    for lexer in {id(x): x for x in lexers if x is not None}.values():
        if getattr(lexer, "re", None) is re and getattr(lexer, "_scanner", True) is None:
            lexer.re = CACHED
            taken += 1
    return taken
