"""Styled lines that need rich only on a terminal.

The renderer (``render.py``) builds its output from three small values: ``Styled`` (a line's
text in parts, each with a rich style name), ``Hanging`` (a label and a body that wraps under
itself) and ``Block`` (lines one after another).  On a terminal they are shown by rich, which
colours them and wraps them at the terminal's width (``__rich__`` and ``__rich_console__``
import rich when they are called).  Into a pipe or a file, where rich would print each line
whole and without colour, ``plain_lines`` gives the same characters without importing rich
at all: importing it cost about a seventh of a ``certify FILE`` run.
``tests/test_styled.py`` checks that both give the same bytes on every sample.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:
    from rich.console import Console, ConsoleOptions, RenderResult
    from rich.text import Text


class Styled:
    """One piece of text in parts, each with a rich style name (``""``: none)."""

    __slots__ = ("parts",)

    def __init__(self, text: str = "", style: str = "") -> None:
        self.parts: list[tuple[str, str]] = [(text, style)] if text else []

    def append(self, text: str, style: str = "") -> Styled:
        """Add ``text`` in ``style`` at the end."""
        if text:
            self.parts.append((text, style))
        return self

    @property
    def plain(self) -> str:
        """The characters, without styles."""
        return "".join(text for text, _ in self.parts)

    def __rich__(self) -> Text:
        from rich.text import Text

        shown = Text()
        for text, style in self.parts:
            shown.append(text, style or None)
        return shown


class Hanging:
    """``label`` then ``body``; on a terminal the body wraps and continues under itself.

    A hanging indent: ``witness (Luis): Ana is in the kitchen; the garden is in`` and the rest
    aligned under ``Ana``.  Lines break between words (a word longer than a line is folded); a
    label wider than half the line puts the body under it, indented four more spaces.
    """

    __slots__ = ("body", "indent", "label")

    def __init__(self, indent: int, label: Styled, body: Styled) -> None:
        self.indent = indent
        self.label = label
        self.body = body

    @property
    def plain(self) -> str:
        """The whole line, unwrapped."""
        return " " * self.indent + self.label.plain + self.body.plain

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        from rich.text import Text

        width = options.max_width
        head = Text(" " * self.indent)
        head.append_text(self.label.__rich__())
        body = self.body.__rich__()
        hang = head.cell_len
        first: Text | None = head
        if options.no_wrap:  # soft wrap (a pipe): one whole line, as the console asked
            head.append_text(body)
            yield head
            return
        if hang > width // 2:
            yield from head.wrap(console, width, overflow="fold")
            hang, first = self.indent + 4, None
        if not body.plain:
            if first is not None:
                yield first
            return
        for line in body.wrap(console, max(width - hang, 8), overflow="fold"):
            shown = first if first is not None else Text(" " * hang)
            shown.append_text(line)
            shown.rstrip()
            yield shown
            first = None


class Block:
    """Lines shown one after another."""

    __slots__ = ("parts",)

    def __init__(self, *parts: Shown) -> None:
        self.parts = parts

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield from self.parts


Shown = Styled | Hanging | Block
"""Anything the renderer makes."""


def plain_lines(shown: Shown) -> Iterator[str]:
    """The lines rich prints for ``shown`` without wrapping or colour (a pipe, a file)."""
    if isinstance(shown, Block):
        for part in shown.parts:
            yield from plain_lines(part)
    else:
        yield from shown.plain.split("\n")


COLOUR_ASKED = ("FORCE_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE")
"""Variables with which a user asks rich for a terminal's output even into a pipe."""


def needs_rich(stream: TextIO) -> bool:
    """Whether output to ``stream`` is for a terminal: colours and wrapping, so rich."""
    try:
        terminal = stream.isatty()
    except (AttributeError, ValueError):
        terminal = False
    return terminal or any(os.environ.get(name) for name in COLOUR_ASKED)


def write(shown: Shown, stream: TextIO, console: Console | None) -> None:
    """Show ``shown`` on ``stream``: through ``console`` (rich) if given, else line by line."""
    if console is not None:
        console.print(shown)
        return
    stream.write("".join(line + "\n" for line in plain_lines(shown)))
