"""The grammar and its data files: where they are, and the parser built from the grammar.

The grammar is loaded from one place (``grammar_path``) and built once per process (LALR,
``propagate_positions``, Lark's grammar cache).  Lark builds the parser; what parses is the same
parser loaded into ``lark_runtime``'s classes (Lark's standalone code), so that a run whose parser
was saved by an earlier one (``saved_parser``) never imports the ``lark`` package (its grammar
compiler, Earley and CYK parsers and their imports: 19-24 ms, where ``lark_runtime`` takes 10).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from certify.collector import long_lived
from certify.syntax import regexes, saved_parser
from certify.syntax.lark_runtime import Lark
from certify.syntax.lexicon import (
    compass,
    copulas,
    event_verbs,
    intransitive_verbs,
    of_adjectives,
    saying_verbs,
    transitive_verbs,
    units,
    verbs,
)


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


def alternation(forms: Sequence[str]) -> str:
    """A regex alternation of word forms: each escaped, its words joined by any space, longer
    forms first so that a prefix never wins (``picked up|took``)."""
    ordered = sorted(forms, key=lambda w: (-len(w), w))
    return "|".join(r"\s+".join(map(re.escape, w.split())) for w in ordered)


def filled(name: str, classes: Mapping[str, Sequence[str]]) -> str:
    """The grammar file ``name`` with its closed word classes filled in from the lexicon.

    A terminal written ``/(?:@take@)\\b/i`` matches the forms of the class ``take``
    (``alternation``); the copulas (``@IS@``, ``@ARE@``, ``@WAS@``) are filled in every grammar.
    """
    text = data_path(name).read_text(encoding="utf-8")
    for word_class, forms in {**copulas(), **classes}.items():
        text = text.replace(f"@{word_class}@", alternation(forms))
    return text


def grammar_text() -> str:
    """The main grammar, its word classes filled in (``filled``)."""
    objects = {**transitive_verbs(), **intransitive_verbs()}
    classes: dict[str, Sequence[str]] = {
        **verbs(),
        "verbs_base": tuple(objects),
        "verbs_s": tuple(set(objects.values()) | set(event_verbs().values())),
        "of_adjectives": of_adjectives(),
        "saying": saying_verbs(),
        "compass": compass(),
        "units": tuple(units()),
    }
    return filled("certify.lark", classes)


OPTIONS: dict[str, Any] = {
    "parser": "lalr",
    "lexer": "contextual",
    "start": ["statement", "question"],
    "propagate_positions": True,
}


def built_by_lark(text: str, options: Mapping[str, Any] | None = None) -> Lark:
    """The LALR parser Lark builds from a grammar text with ``options`` (``OPTIONS`` unless
    given), loaded into ``lark_runtime``'s classes as Lark's standalone parsers load theirs:
    from the data Lark serializes, which its grammar cache on disk holds (``cache=True``).
    When that cache has the grammar, its data is taken as it is read (``_Taken``, through
    ``Lark._load``, private: the versions pinned in pyproject.toml), instead of having Lark
    build its own parser from it first (20-40 ms; ``test_saved_parser`` checks both ways)."""
    import lark  # the grammar compiler: only when no parser was saved
    from lark.grammar import Rule
    from lark.lexer import TerminalDef

    class _Taken(lark.Lark):
        """Lark, keeping the data its cache hands to ``_load`` instead of loading it (with the
        options the cache leaves out, ``propagate_positions`` among them)."""

        taken: tuple[dict[str, Any], dict[str, Any]] | None = None

        def _load(self, f: Any, **kwargs: Any) -> Any:
            if isinstance(f, dict) and set(f) == {"data", "memo"}:
                self.taken = (f, kwargs)
                return self
            return super()._load(f, **kwargs)

    built = _Taken(text, cache=True, **(OPTIONS if options is None else options))
    if built.taken is not None:
        cached, kwargs = built.taken
        data, memo = cached["data"], cached["memo"]
    else:  # built from the grammar (and its cache written)
        data, memo = built.memo_serialize([TerminalDef, Rule])
        kwargs = {}
    loaded: Lark = Lark._load_from_dict(data, memo, **kwargs)  # type: ignore[no-untyped-call]
    return loaded


def lalr(text: str) -> Lark:
    """An LALR parser of a grammar text, with positions: the one saved by an earlier run
    (``saved_parser``), or built by Lark (``built_by_lark``) and saved; its lexers
    compile their regular expressions through ``regexes`` (once per machine)."""
    with long_lived():  # the parser lives as long as the process (``certify.collector``)
        kept = saved_parser.load(text, OPTIONS)
        if kept is not None:
            return kept
        built = built_by_lark(text)
    regexes.use_in(built)
    saved_parser.save(text, OPTIONS, built)
    return built


@cache
def parser() -> Lark:
    """The LALR parser, built once per process (and cached on disk by Lark)."""
    return lalr(grammar_text())
