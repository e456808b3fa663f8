"""The documented limits of what certify reads (README, "Bad input").

Each limit is checked before the expensive step it protects: the file size before reading,
the number of sentences while splitting (before any parsing), digits, clock times and nesting
on the parse tree (before it is transformed), so that an input past a limit costs almost
nothing and gets its own message, never a crash.  Kept in one light module so that the
command line can import the numbers without loading the parser.
"""

from __future__ import annotations

MAX_BYTES = 1_000_000
"""Texts larger than this are refused before they are read (a 10 MB file is a mistake)."""

MAX_SENTENCES = 5_000
"""More sentences than this are refused while the text is split: certify is for small texts."""

MAX_NESTING = 100
"""How deeply "It is not the case that" may nest inside one sentence.

The meaning of a sentence is walked recursively downstream (lowering, the evaluator, the SAT
encoding); 100 levels use a small fraction of Python's stack, and no real text needs three.
Lists ("P, Q ... or R", "S and S and ...", sums, parentheses) are read without recursion and
have no limit of their own beyond the file size.
"""

MAX_DIGITS = 100
"""Digits in one number (before and after its decimal point together)."""
