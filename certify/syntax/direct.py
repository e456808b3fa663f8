"""The AST built while the sentence is parsed, instead of a parse tree built and walked again.

``parse.read_sentence`` used to have Lark build a ``Tree`` for every rule reduced (with its
positions, ``propagate_positions``), walk that tree for ``checks.check_tree``, and walk it again
with ``Build``: on a 2,000-line text, the trees and their positions cost 0.33 s and the walk
0.47 s (profiled) of 1.6 s.  Here the LALR parser calls, at each reduction, what the three would
have done to that node in turn: the same shaping of the children as Lark's tree builder (its
child filter and the single-child expansion of a ``?rule``, read off the rules of the parser
itself), the same positions (``PropagatePositions``' rule, carried by a small ``_Node`` in place
of the tree's ``Meta``), and ``Build``'s method for the rule.  The reductions come in the order
the transformer visits the nodes (left to right, children first), so ``Build``'s own state (the
variables of a comparison) goes through the same steps.

It is only a shortcut for the sentences certify reads: anything unusual (a syntax error, an
error raised by ``Build``, a number or clock time ``check_tree`` might refuse, a nesting it might
count too deep, a node without positions, a parser of another shape) gives None, and the caller
reads the sentence the long way, which decides every error exactly as before.
``tests/test_direct.py`` compares both ways on every sample, and checks the shortcut is taken.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from functools import cache
from typing import Any

from certify.limits import MAX_NESTING
from certify.syntax import ast
from certify.syntax.build import Build
from certify.syntax.checks import NESTING_RULES, check_token
from certify.syntax.lark_runtime import (
    ChildFilterLALR_NoPlaceholders,
    ExpandSingleChild,
    Lark,
    PropagatePositions,
    Token,
    Tree,
    _Parser,
)
from certify.syntax.lexing import Tokens, usable
from certify.syntax.located import Located, WithMeta

_INLINE = object()
"""The value of a node that is spliced into its parent (a ``_rule``), not built."""


class _Fallback(Exception):
    """The shortcut cannot promise the long way's result: read the sentence the long way."""


class _Node:
    """A reduced rule: its value (``Build``'s, or ``_INLINE``), its children as Lark's tree
    builder shapes them, and the positions its ``Meta`` would have (the ``container_*`` ones
    are what an enclosing rule takes from it)."""

    __slots__ = (
        "children",
        "column",
        "container_column",
        "container_end_column",
        "container_end_line",
        "container_line",
        "end_column",
        "end_line",
        "line",
        "value",
    )

    empty = False  # every node has a position: one without is left to the long way
    value: Any
    children: list[Any]
    line: int
    column: int
    end_line: int
    end_column: int
    container_line: int
    container_column: int
    container_end_line: int
    container_end_column: int


class _Reader:
    """What one parse builds with: the sentence's ``Build``, and how many nesting rules."""

    def __init__(self) -> None:
        self.build: Located | None = None
        self.nesting = 0
        self.inline = 0  # ``_rule`` nodes made and not yet spliced into a parent
        self.taken = 0  # sentences read the short way (for tests)


def _first(children: list[Any]) -> tuple[int, int]:
    """The start of a node: its first child with a position (``PropagatePositions``)."""
    for child in children:
        if child.__class__ is _Node:
            if not child.empty:
                return child.container_line, child.container_column
        elif isinstance(child, Token):
            return child.line, child.column  # type: ignore[return-value]
        elif isinstance(child, Tree) or hasattr(child, "__lark_meta__"):
            raise _Fallback
    raise _Fallback  # no position: Lark's meta would be empty, and might be set later


def _last(children: list[Any]) -> tuple[int, int]:
    """The end of a node: its last child with a position."""
    for child in reversed(children):
        if child.__class__ is _Node:
            if not child.empty:
                return child.container_end_line, child.container_end_column
        elif isinstance(child, Token):
            return child.end_line, child.end_column  # type: ignore[return-value]
        elif isinstance(child, Tree) or hasattr(child, "__lark_meta__"):
            raise _Fallback
    raise _Fallback


def _filtered(reader: _Reader, to_include: list[tuple[int, bool]], children: list[Any]) -> Any:
    """The children Lark's ``ChildFilterLALR_NoPlaceholders`` keeps: filtered tokens left
    out, a ``_rule``'s children spliced in its place."""
    kept: list[Any] = []
    for index, splice in to_include:
        if splice:
            reader.inline -= 1
            if kept:
                kept += children[index].children
            else:  # as Lark's: the first spliced child's own list, for left recursion
                kept = children[index].children
        else:
            kept.append(children[index])
    return kept


def _callback(
    reader: _Reader,
    expand1: bool,
    to_include: list[tuple[int, bool]] | None,
    method: Callable[[Located, _Node, list[Any]], Any] | None,
    nesting: bool,
) -> Callable[[list[Any]], Any]:
    """What Lark's tree builder and then ``Build`` do with one rule's reduction: the children
    filtered (``to_include``; None keeps them all), a single child handed up (``expand1``),
    the positions propagated, and the node built (``method``; None for a ``_rule``)."""

    def reduce(children: list[Any]) -> Any:
        if to_include is None:
            kept = children
            if expand1 and len(children) == 1:  # its container is already its own
                return children[0]
        else:
            kept = _filtered(reader, to_include, children)
        first, last = children[0], children[-1]
        line: Any
        column: Any
        end_line: Any
        end_column: Any
        if first.__class__ is _Node:
            line, column = first.container_line, first.container_column
        elif first.__class__ is Token:
            line, column = first.line, first.column
        else:
            line, column = _first(children)
        if last.__class__ is _Node:
            end_line, end_column = last.container_end_line, last.container_end_column
        elif last.__class__ is Token:
            end_line, end_column = last.end_line, last.end_column
        else:
            end_line, end_column = _last(children)
        if expand1 and len(kept) == 1:
            handed = kept[0]
            if handed.__class__ is _Node:  # PropagatePositions widens its container only
                handed.container_line, handed.container_column = line, column
                handed.container_end_line, handed.container_end_column = end_line, end_column
            return handed
        node = _Node()
        node.line = node.container_line = line
        node.column = node.container_column = column
        node.end_line = node.container_end_line = end_line
        node.end_column = node.container_end_column = end_column
        node.children = kept
        if method is None:
            reader.inline += 1
            node.value = _INLINE
            return node
        if nesting:
            reader.nesting += 1
        values = [c.value if c.__class__ is _Node else c for c in kept]
        node.value = method(reader.build, node, values)  # type: ignore[arg-type]
        return node

    return reduce


def _checked(token: Token) -> Token:
    """A number or clock time, as ``check_tree`` checks it (any doubt: the long way)."""
    check_token(token, 1, 1)
    return token


_CHAIN = {ExpandSingleChild: "expand1", PropagatePositions: "positions"}


def callbacks_for(
    lark: Lark, reader: _Reader, kind: type[Located] = Build
) -> dict[Any, Callable[[Any], Any]] | None:
    """The parser's callbacks, the short way, building with ``kind``'s methods; None when the
    tree builder or ``kind`` has a shape this module does not know (then every sentence is
    read the long way)."""
    builder = getattr(lark, "_parse_tree_builder", None)
    prototype = kind(1, 1)
    if (
        builder is None
        or builder.tree_class is not Tree
        or getattr(builder, "ambiguous", True)
        or type(prototype)._call_userfunc is not WithMeta._call_userfunc
        or getattr(prototype, "__visit_tokens__", True)
        or getattr(lark.options, "lexer_callbacks", None)
        or getattr(lark.options, "transformer", None) is not None
    ):
        return None
    callbacks: dict[Any, Callable[[Any], Any]] = {}
    for rule, chain in builder.rule_builders:
        expand1, to_include, positions = False, None, False
        for wrapper in chain:
            shape = _CHAIN.get(wrapper) if isinstance(wrapper, type) else None
            if shape == "expand1" and not (expand1 or to_include or positions):
                expand1 = True
            elif shape == "positions" and not positions:
                positions = True
            elif (
                getattr(wrapper, "func", None) is ChildFilterLALR_NoPlaceholders
                and not (to_include or positions)
                and len(wrapper.args) == 1
                and not wrapper.keywords
            ):
                to_include = list(wrapper.args[0])
            else:
                return None
        if not positions:
            return None
        name = str(rule.alias or rule.options.template_source or rule.origin.name)
        if name.startswith("_"):  # spliced into its parent by the parent's child filter
            callbacks[rule] = _callback(reader, expand1, to_include, None, False)
            continue
        bound = getattr(prototype, name, None)  # as ``WithMeta._call_userfunc`` finds it
        method = getattr(bound, "__func__", None)
        if method is None or getattr(bound, "__self__", None) is not prototype:
            method = _refusing
        callbacks[rule] = _callback(reader, expand1, to_include, method, name in NESTING_RULES)
    for terminal in ("NUMBER", "CLOCK"):
        callbacks[terminal] = _checked
    return callbacks


def _refusing(build: Located, meta: _Node, children: list[Any]) -> Any:
    """A rule without a method of ``Build`` (a ``?rule`` reduced with more than one child):
    the long way would fail on it."""
    raise _Fallback


class _Direct:
    """A parser with the short way's callbacks (the main grammar's, building with ``Build``),
    and its one reader."""

    def __init__(self, lark: Lark, kind: type[Located] = Build) -> None:
        self.kind = kind
        self.reader = _Reader()
        self.lock = threading.Lock()
        self.frontend: Any = None
        self.parser: Any = None
        self.lexers: dict[Any, Any] | None = None  # Lark's lexers by state, for ``Tokens``
        callbacks = callbacks_for(lark, self.reader, kind)
        frontend = getattr(lark, "parser", None)
        lalr = getattr(getattr(frontend, "parser", None), "parser", None)
        table = getattr(lalr, "parse_table", None)
        if callbacks is not None and table is not None and hasattr(frontend, "_make_lexer_thread"):
            try:  # Lark's internals, as of the versions tested: another shape, the long way
                self.parser = _Parser(table, callbacks, False)
            except Exception:
                return
            self.frontend = frontend
            self.lexers = usable(frontend)

    def read(self, text: str, start: str, line: int, column: int) -> Any:
        if self.parser is None or not self.lock.acquire(blocking=False):
            return None  # another thread is reading (or this one, again): the long way
        reader = self.reader
        try:
            reader.build, reader.nesting, reader.inline = self.kind(line, column), 0, 0
            if self.lexers is not None and "\n" not in text:  # one line: no lines to count
                tokens: Any = Tokens(self.lexers, text)
            else:
                tokens = self.frontend._make_lexer_thread(text)
            result = self.parser.parse(tokens, start)
        except Exception:  # an error, or a doubt: the long way decides
            return None
        finally:
            reader.build = None
            self.lock.release()
        if result.__class__ is not _Node or reader.inline or reader.nesting > MAX_NESTING:
            return None
        reader.taken += 1
        return result.value


@cache
def _direct() -> _Direct:
    from certify.syntax.grammar import parser

    return _Direct(parser())


def read(text: str, start: str, line: int, column: int) -> ast.Sentence | ast.QuestionAst | None:
    """The AST of ``text`` (a ``statement`` or ``question``, already through ``check_text``),
    as ``Build(line, column)`` would make of its checked parse tree; None when the sentence
    must be read the long way (an error, or anything this shortcut cannot vouch for)."""
    return _direct().read(text, start, line, column)  # type: ignore[no-any-return]


def taken() -> int:
    """How many sentences this process read the short way."""
    return _direct().reader.taken
