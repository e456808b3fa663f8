"""What the grammar cannot say about a sentence: limits, clock times, scientific notation.

Run on the text before it is parsed (scientific notation, which would otherwise lex as a
number times a variable: ``1e9`` as ``1·e9``) and on the parse tree before it is transformed
(the number of digits, impossible clock times, nesting), each with a caret on the offending
word.  The tree is walked with an explicit stack: a sentence that is too deep must be refused
by a check that cannot itself run out of stack.
"""

from __future__ import annotations

from certify.errors import TextError
from certify.limits import MAX_DIGITS, MAX_NESTING
from certify.syntax.lark_runtime import Token, Tree
from certify.syntax.regexes import compile_cached

_SCIENTIFIC = compile_cached(r"(?<![\w.])\d+(?:\.\d+)?[eE][+-]?\d+(?![\w.])")

NESTING_RULES = frozenset({"not_the_case"})
"""Rules whose body is a whole sentence again: each one is one level of nesting."""


def check_text(text: str, line: int, column: int) -> None:
    """Refuse numbers written in scientific notation (``1e999999999``)."""
    found = _SCIENTIFIC.search(text)
    if found is not None:
        raise TextError(
            f"{found.group(0)!r} is scientific notation, which certify does not read",
            line=line,
            column=column + found.start(),
            end_column=column + found.end(),
            expected="a number in digits, such as 1000 or 2.5",
        )


def check_tree(tree: Tree[Token], line: int, column: int) -> None:
    """Refuse too many digits, impossible clock times and nesting beyond ``MAX_NESTING``."""
    stack: list[tuple[Tree[Token] | Token, int]] = [(tree, 0)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, Token):
            check_token(node, line, column)
            continue
        if node.data in NESTING_RULES:
            depth += 1
            if depth > MAX_NESTING:
                first = node.children[0]
                raise _at(
                    f"this sentence nests 'it is not the case that' more than {MAX_NESTING} "
                    f"times; certify reads up to {MAX_NESTING} levels",
                    first if isinstance(first, Token) else None,
                    line,
                    column,
                    "fewer levels: 'it is not the case that' twice says the sentence itself",
                )
        stack.extend((child, depth) for child in node.children)


def check_token(token: Token, line: int, column: int) -> None:
    if token.type == "NUMBER":
        digits = sum(c.isdigit() for c in token)
        if digits > MAX_DIGITS:
            raise _at(
                f"this number has {digits:,} digits; certify reads numbers of up to "
                f"{MAX_DIGITS} digits",
                token,
                line,
                column,
                f"a number of at most {MAX_DIGITS} digits",
            )
    elif token.type == "CLOCK":
        hours, minutes = (int(part) for part in str(token).split(":"))
        if hours > 23 or minutes > 59:
            raise _at(
                f"{str(token)!r} is not a time of day",
                token,
                line,
                column,
                "a time from 0:00 to 23:59",
            )


def _at(message: str, token: Token | None, line: int, column: int, expected: str) -> TextError:
    """A ``TextError`` with its caret on ``token`` (sentence coordinates → file coordinates)."""
    if token is None or token.column is None:
        return TextError(message, line=line, column=column, expected=expected)
    start = column + token.column - 1
    return TextError(
        message, line=line, column=start, end_column=start + len(token), expected=expected
    )
