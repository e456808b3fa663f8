"""The grammar and its data files: where they are, and the parser built from the grammar.

The grammar is loaded from one place (``grammar_path``) and built once per process (LALR,
``propagate_positions``, Lark's grammar cache).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from lark import Lark


def data_path(name: str) -> Path:
    """A file of ``grammar/``: inside the installed package, or at the top of a checkout."""
    here = Path(__file__).resolve().parent.parent
    for candidate in (here / "grammar" / name, here.parent / "grammar" / name):
        if candidate.is_file():
            return candidate
    raise FileNotFoundError(f"grammar/{name} is missing from this installation")


def grammar_path() -> Path:
    """The grammar file: inside the installed package, or at the top of a source checkout."""
    return data_path("certify.lark")


@cache
def parser() -> Lark:
    """The LALR parser, built once per process (and cached on disk by Lark)."""
    return Lark(
        grammar_path().read_text(encoding="utf-8"),
        parser="lalr",
        lexer="contextual",
        start=["statement", "question"],
        propagate_positions=True,
        cache=True,
    )
