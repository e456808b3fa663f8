"""What ``re`` compiles a pattern to: the program its C matcher (``_sre.compile``) is given,
made by ``re``'s own parser and compiler (``certify.syntax.regexes`` keeps the lexer's,
``certify.module_patterns`` those a module compiles at import)."""

from __future__ import annotations

import importlib
from typing import Any

Program = tuple[int, list[int], int, dict[str, int], tuple[Any, ...]]
"""What ``_sre.compile`` takes after the pattern: flags, code, groups, group names both ways."""


def _compiler_parts() -> tuple[Any, Any, Any]:
    """``_sre`` and the compiler's two halves (``re._parser``, ``re._compiler`` from Python
    3.11; ``sre_parse``, ``sre_compile`` before), or Nones: then ``re`` compiles as ever."""
    for parser_name, compiler_name in (
        ("re._parser", "re._compiler"),
        ("sre_parse", "sre_compile"),
    ):
        try:
            return (
                importlib.import_module("_sre"),
                importlib.import_module(parser_name),
                importlib.import_module(compiler_name),
            )
        except ImportError:
            continue
    return None, None, None  # pragma: no cover


matcher, _parser, _compiler = _compiler_parts()
usable = _compiler is not None
"""Whether ``program`` can be asked: this Python's ``re`` has the shape it expects."""


def program(pattern: Any, flags: int) -> Program:
    """Compile ``pattern`` as ``re._compiler.compile`` does, keeping what ``_sre`` is given."""
    parsed = _parser.parse(pattern, flags)
    code = [int(op) for op in _compiler._code(parsed, flags)]  # opcodes are int subclasses
    groupindex = parsed.state.groupdict
    indexgroup: list[Any] = [None] * parsed.state.groups
    for name, index in groupindex.items():
        indexgroup[index] = name
    groups = parsed.state.groups - 1
    return (flags | parsed.state.flags, code, groups, groupindex, tuple(indexgroup))
