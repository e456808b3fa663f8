"""The base of the transformer: where a node was written.

Lark hands each rule its children (tokens and already-built nodes, typed in ``children.py``);
``Located`` turns Lark's positions (relative to one sentence) into spans in the user's file.
"""

from __future__ import annotations

from fractions import Fraction

from certify.syntax import ast
from certify.syntax.children import Children, PredicateParts, _has
from certify.syntax.errors import SentenceError
from certify.syntax.lark_runtime import (
    GrammarError,
    Meta,
    Token,
    Transformer_NonRecursive,
    Tree,
    VisitError,
)
from certify.syntax.lexicon import reserved_words, sentence_adverbs

_PLURAL = {"ARE", "HAVE", "DO"}


def _clock(token: Token) -> Fraction:
    hours, minutes = str(token).split(":")
    return Fraction(int(hours) * 60 + int(minutes))


class WithMeta:
    """Rule callbacks that take ``(meta, children)``, called as such.

    What Lark's ``v_args(meta=True)`` does, without its cost: that decorator wraps a callback
    anew, with ``functools.update_wrapper``, each time a rule is reduced (8 % of parsing).  An
    exception raised by a callback reaches the caller in a ``VisitError``, as with Lark's own.
    """

    def _call_userfunc(self, tree: Tree[Token], new_children: list[object] | None = None) -> object:
        children = new_children if new_children is not None else tree.children
        try:
            callback = getattr(self, tree.data)  # every rule has one (a "?" rule is inlined)
            return callback(tree.meta, children)
        except GrammarError:
            raise
        except Exception as error:  # as Lark's own: the caller finds it in ``orig_exc``
            raise VisitError(tree.data, tree, error) from error  # type: ignore[no-untyped-call]


class Located(WithMeta, Transformer_NonRecursive[Token, ast.Sentence | ast.QuestionAst]):
    """Spans in file coordinates; ``line`` and ``column`` place the sentence in its file."""

    def __init__(self, line: int, column: int) -> None:
        super().__init__(visit_tokens=False)  # no callback takes a token on its own
        self.line = line
        self.column = column
        self.written: list[str] = []  # the variables of the comparison being built

    def span(self, meta: Meta) -> ast.Span:
        """The span of a node in file coordinates."""
        if getattr(meta, "empty", True):
            return ast.Span(self.line, self.column, self.column)
        shift = self.column - 1 if meta.line == 1 else 0
        return ast.Span(self.line + meta.line - 1, meta.column + shift, meta.end_column + shift)

    def token_span(self, token: Token) -> ast.Span:
        """The span of one token in file coordinates."""
        line = token.line or 1
        shift = self.column - 1 if line == 1 else 0
        column = (token.column or 1) + shift
        return ast.Span(self.line + line - 1, column, column + len(str(token)))

    def name_words(self, tokens: list[Token]) -> list[str]:
        """The words of a name, refusing any word of the language (SPEC §3 "Strict reading"):
        "the kitchen too" is an error at "too", never a place called "the kitchen too"."""
        for token in tokens:
            if str(token).lower() in reserved_words():
                raise ReservedWord(str(token), self.token_span(token))
        return [str(t) for t in tokens]

    def single_name(self, token: Token) -> str:
        """A one-word name: a capitalized name or a lower-case word such as ``x``.  A sentence
        adverb ("Then", "Yesterday") is refused here; a lower-case word of the language is a
        number's name where the grammar reads a word ("a is 0."), and lowering refuses it as a
        thing ("Ana is in there.")."""
        word = str(token)
        if word.lower() in sentence_adverbs() and not word.islower():
            raise ReservedWord(word, self.token_span(token))
        return word

    def possessive_np(self, owner_token: Token, words: list[str], span: ast.Span) -> ast.NP:
        """``Luis's house``, ``the Smiths' car``: the owner as written, the whole as written."""
        raw = str(owner_token).replace("’", "'")
        owner = raw[:-2] if raw.endswith("'s") else raw[:-1]
        text = f"{raw} {' '.join(words)}"
        return ast.NP("poss", tuple(w.lower() for w in words), text, span, owner=owner)

    def _pred(self, children: Children, predicate: ast.Predicate, flag: str = "") -> PredicateParts:
        """A predicate with its negation, the number of its verb and its either/neither flag."""
        plural = any(isinstance(c, Token) and c.type in _PLURAL for c in children)
        return PredicateParts(predicate, _has(children, "NOT"), plural, flag)


class ReservedWord(SentenceError):
    """A word of the language where a name stands; ``parse_sentence`` suggests the sentence
    without it."""

    def __init__(self, word: str, span: ast.Span) -> None:
        super().__init__(
            f"'{word}' is a word of certify's language, not part of a name; "
            "certify does not read it here",
            span,
            expected="a name: a capitalized word, or 'the' and words that are not words of "
            "the language",
        )
        self.word = word
