"""Time adverbs in a story (SPEC §3 "Stories", bAbI 14): the period each update happens in.

``Yesterday Julie went to the park.`` · ``Fred went to the kitchen this morning.`` place a
statement in a period of the story's time (``lexicon.time_periods``, earliest first); updates
happen period by period and, within one period, in text order (``moments._moments`` orders
them by ``Statement.when``).  A statement without an adverb continues the period of the one
before it.  The adverb is read only on an update (a movement, or in a story a statement of
where someone is); anywhere else it would be silently dropped, so it is refused.  Possession
is read in text order (``carrying.py``), so a story does not mix it with time adverbs (refused
at the second).
"""

from __future__ import annotations

from certify.states import state
from certify.syntax import ast
from certify.syntax.errors import SentenceError
from certify.syntax.lexicon import time_periods
from certify.syntax.parse import Parsed


@state
class Timing:
    """The period in force, and whether the text has used time adverbs or possession."""

    period: int = 0
    timed: bool = False
    possessed: bool = False

    def when(self, parsed: Parsed, updates: bool, possession: bool) -> int:
        """The period of this statement (0 in a text without time adverbs)."""
        word = parsed.time
        if word and not updates:
            raise SentenceError(
                f"'{word}' says when someone went somewhere: certify reads it on a movement, "
                "or in a story on where someone is",
                _span(parsed),
                _without(parsed.text, word),
                expected="a movement ('went to', 'moved to'...), or 'Story:' as the first line",
            )
        if (word or self.timed) and (possession or self.possessed):
            raise SentenceError(
                "certify reads possession in text order, so it does not read it in a story "
                "with time adverbs (yet)",
                _span(parsed),
                _without(parsed.text, word) if word else "Mary went to the kitchen.",
                expected="a story without time adverbs, or one without possession",
            )
        self.possessed = self.possessed or possession
        if word:
            self.timed = True
            self.period = time_periods().index(" ".join(word.lower().split())) + 1
        return self.period


def _span(parsed: Parsed) -> ast.Span:
    """Where the statement's time adverb is (where it would be, when it has none)."""
    at = parsed.column + max(0, parsed.text.find(parsed.time))
    return ast.Span(parsed.line, at, at + len(parsed.time))


def _without(text: str, word: str) -> str:
    """The sentence without its time adverb."""
    rest = " ".join(text.replace(word, "", 1).split()).replace(" .", ".").lstrip(", ")
    return rest[:1].upper() + rest[1:]
