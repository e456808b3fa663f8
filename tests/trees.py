"""Parse trees of either Lark's classes (the ``lark`` package's, or ``lark_runtime``'s) as plain
tuples, so that a tree of one can be compared with a tree of the other: ``Token.__eq__``
compares only the text of a token of another class, so ``==`` on the trees would not see a
token's type or position."""

from __future__ import annotations

import lark

from certify.syntax import lark_runtime


def plain(node: object) -> object:
    """A tree as tuples: each rule with its place (``propagate_positions``) and children; each
    token with its type and places."""
    if isinstance(node, lark.Tree | lark_runtime.Tree):
        meta = node.meta
        where = None if meta.empty else (meta.line, meta.column, meta.end_line, meta.end_column)
        return (str(node.data), [plain(child) for child in node.children], where)
    if isinstance(node, lark.Token | lark_runtime.Token):
        places = (node.line, node.column, node.end_line, node.end_column, node.start_pos)
        return ("token", node.type, str(node), places)
    return ("other", repr(node))
