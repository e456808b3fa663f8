"""The parser kept whole between runs, instead of rebuilt from Lark's cache at every start.

Lark's own cache (``cache=True``) keeps the grammar's analysis, but loading it rebuilds every
object of the parser in Python (671 parse states, their actions, 156 lexers): 35-55 ms of CPU
at each start, the largest part of a small text's run once the imports are done.  ``save``
pickles the parser built (``grammar.built_by_lark``: in the classes of ``lark_runtime``, Lark's
standalone code), before it has parsed anything, into ``$XDG_CACHE_HOME/certify``
(``certify.compiled``'s folder and checks: read only when the user owns the file and nobody
else may write it, not written when Python is told not to write bytecode), and ``load``
unpickles it in 10-14 ms, without the ``lark`` package.  The file's name is a digest of
everything the parser depends on: the grammar text, the options here, this Python, and the
three modules whose objects the pickle holds (this one, ``regexes`` and ``lark_runtime``,
whose Lark version is in the digest too) and the one that builds it (``grammar``), each by
its path, modification time and size (``sources``); anything else that goes wrong in loading
means building as before.

Two things of the parser do not pickle as they are, and are pickled by what they stand for:
the modules its lexers hold (``re``), by name, and the two actions of the parse table, which
Lark's parser compares by identity (``action is Shift``), as the names of the module's own
``Shift`` and ``Reduce``.  ``tests/test_saved_parser.py`` parses every sample with a parser
loaded and with the ``lark`` package's own, and compares the trees.
"""

from __future__ import annotations

import importlib
import io
import operator
import os
import sys
import types
from typing import Any

from certify.compiled import cache_file, read_owned, write_bytes
from certify.digests import sha256
from certify.pickling import HIGHEST, Pickler, loads
from certify.syntax import lark_runtime, regexes
from certify.syntax.lark_runtime import Lark

KEEP = 8
"""At most this many saved parsers (three grammars; the rest are older grammar texts)."""

_state = {"loaded": 0, "saved": 0}


def path_for(text: str, options: dict[str, Any]) -> str | None:
    """Where the parser of ``text`` built with ``options`` is kept, or None (no cache)."""
    digest = sha256(
        "\0".join((text, lark_runtime.__version__, repr(sorted(options.items())))).encode("utf-8")
    )
    try:
        for module in sources():
            found = os.stat(module)
            digest.update(f"\0{module}\0{found.st_mtime_ns}\0{found.st_size}".encode())
    except OSError:  # no source beside the code (a frozen build): keep no parser
        return None
    return cache_file(f"parser-{digest.hexdigest()[:32]}")


def sources() -> tuple[str, ...]:
    """The modules a saved parser depends on: this one, ``regexes`` and ``lark_runtime``,
    whose objects the pickle holds, and ``grammar``, whose ``built_by_lark`` builds it.  Each
    is known by its path, modification time and size, what Python checks before it runs a
    module's cached bytecode: a change that Python sees gives another parser's name (hashing
    the four files, 150 KB, took 0.9 ms at every start)."""
    builder = os.path.join(os.path.dirname(__file__), "grammar.py")  # built_by_lark's module
    return (__file__, regexes.__file__ or "", lark_runtime.__file__ or "", builder)


class _Pickler(Pickler):
    def reducer_override(self, obj: Any) -> Any:
        if isinstance(obj, types.ModuleType):
            return importlib.import_module, (obj.__name__,)
        if isinstance(obj, lark_runtime.Action):  # Shift or Reduce, found again by name
            return operator.attrgetter(obj.name), (lark_runtime,)
        return NotImplemented


def load(text: str, options: dict[str, Any]) -> Lark | None:
    """The parser saved for ``text`` and ``options``, or None."""
    data = read_owned(path_for(text, options))
    if data is None:
        return None
    try:
        found = loads(data)
    except Exception:  # a file of another version, cut short: build it again
        return None
    if not isinstance(found, Lark):
        return None
    _state["loaded"] += 1
    return found


def save(text: str, options: dict[str, Any], parser: Lark) -> None:
    """Keep ``parser`` (not yet used to parse) for the next runs; never raises."""
    path = path_for(text, options)
    if path is None or sys.dont_write_bytecode:
        return
    try:
        compact(parser)
        buffer = io.BytesIO()
        _Pickler(buffer, protocol=HIGHEST).dump(parser)
        write_bytes(path, buffer.getvalue())
        _state["saved"] += 1
        import glob  # only when a parser is saved

        kept = sorted(glob.glob(os.path.join(os.path.dirname(path), "parser-*")), key=_age)
        for old in kept[:-KEEP]:
            os.unlink(old)
    except Exception:  # a read-only home, a full disk, a parser that does not pickle
        return


def compact(parser: Lark) -> int:
    """Make equal actions of the parse table one object, and equal sets of terminal types of the
    lexers one set: Lark makes a new ``(action, argument)`` pair for each of the table's 8,000
    entries, which are 991 distinct pairs, and two sets per lexer.  The parser is unchanged in
    what it does (the values are immutable and equal); the pickle and the loaded parser are
    smaller (0.3 MiB) and load faster.  The grammar's rules get the same (``_share_symbols``).
    Returns how many objects were replaced."""
    replaced = _share_symbols(parser)
    table = getattr(getattr(getattr(parser, "parser", None), "parser", None), "parser", None)
    states = getattr(getattr(table, "parse_table", None), "states", None)
    actions: dict[Any, Any] = {}
    for row in states.values() if isinstance(states, dict) else ():
        for token, action in row.items():
            kept = actions.setdefault(action, action)
            if kept is not action:
                row[token] = kept
                replaced += 1
    sets: dict[frozenset[Any], frozenset[Any]] = {}
    lexers = getattr(getattr(getattr(parser, "parser", None), "lexer", None), "lexers", {})
    for lexer in lexers.values() if isinstance(lexers, dict) else ():
        for name in ("ignore_types", "newline_types"):
            value = getattr(lexer, name, None)
            if isinstance(value, frozenset):
                kept_set = sets.setdefault(value, value)
                if kept_set is not value:
                    setattr(lexer, name, kept_set)
                    replaced += 1
    return replaced


def _share_symbols(parser: Lark) -> int:
    """Make the rules' equal symbols one object, and their equal options one object: Lark
    makes a symbol object for each of the 322 rules' 1,318 places, which are 171 symbols, and
    options for each rule, which are 2 values.  Symbols are kept apart by all they hold (a
    terminal's ``filter_out`` too, which ``Terminal.__eq__`` does not compare); the rules
    compare and hash as before.  Loading the parser took 1.7 ms less (5.1 ms before).
    Returns how many objects were replaced."""
    replaced = 0
    symbols: dict[tuple[Any, ...], Any] = {}
    options: dict[tuple[Any, ...], Any] = {}

    def one(symbol: Any) -> Any:
        nonlocal replaced
        key = (symbol.__class__, symbol.name, getattr(symbol, "filter_out", None))
        kept = symbols.setdefault(key, symbol)
        replaced += kept is not symbol
        return kept

    for rule in getattr(parser, "rules", None) or ():
        if not isinstance(rule, lark_runtime.Rule) or not isinstance(rule.expansion, list):
            continue
        rule.origin = one(rule.origin)
        rule.expansion[:] = [one(symbol) for symbol in rule.expansion]
        found = rule.options
        if isinstance(found, lark_runtime.RuleOptions):
            key = (found.__class__, *sorted(vars(found).items()))
            try:
                rule.options = options.setdefault(key, found)
            except TypeError:  # options holding a list: left as they are
                continue
            replaced += rule.options is not found
    return replaced


def _age(path: str) -> float:
    try:
        return os.stat(path).st_mtime
    except OSError:
        return 0.0
