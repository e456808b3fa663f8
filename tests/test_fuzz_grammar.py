"""Sentences generated from the grammar itself (Hypothesis ``from_lark``) never crash certify.

Whatever the grammar accepts, certify either answers or explains with a ``TextError``; any
other exception is a bug.
"""

from __future__ import annotations

import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra.lark import from_lark
from lark import Lark

from certify.errors import TextError
from certify.pipeline import check
from certify.syntax.parse import grammar_text

GRAMMAR = Lark(grammar_text(), parser="lalr", start=["statement", "question"])
WORDS = ["Ana", "Bea", "x", "y", "kitchen", "garden", "red", "big", "cat", "house", "older"]
CONTENT = {
    "WORD": st.sampled_from(WORDS),
    "VERB": st.sampled_from(["likes", "sees"]),
    "EVENT": st.sampled_from(["arrives", "leaves"]),
    "POSS": st.sampled_from(["Luis's", "Maria's"]),
    "NUMBER": st.integers(0, 30).map(str),
    "CLOCK": st.sampled_from(["9:00", "9:30", "10:15"]),
    "UNIT": st.just("minutes"),
    "YEARS": st.just("years"),
    "NOT_THE_CASE": st.just("it is not the case that"),
    "EXACTLY_ONE_FOLLOWING": st.just("exactly one of the following is true:"),
    "IFF": st.just("if and only if"),
}


def _terminal(name: str, pattern: str) -> st.SearchStrategy[str]:
    if name in CONTENT:
        return CONTENT[name]
    keyword = re.fullmatch(r"\(\?i:([a-z]+)\\b\)|([a-z]+)\\b", pattern)
    if keyword:
        return st.just(keyword.group(1) or keyword.group(2))
    alternative = re.fullmatch(r"\(\?:(.+?)\|.*\)", pattern)
    return st.just((alternative.group(1) if alternative else pattern).replace("\\", ""))


def _reachable(start: str) -> set[str]:
    seen, todo = set(), [start]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        for rule in GRAMMAR.rules:
            if rule.origin.name == name:
                todo.extend(symbol.name for symbol in rule.expansion)
    return seen


def _explicit(start: str) -> dict[str, st.SearchStrategy[str]]:
    used = _reachable(start)
    return {
        t.name: _terminal(t.name, t.pattern.to_regexp()).map(lambda text: text + " ")
        for t in GRAMMAR.terminals
        if t.name in used
    }


STATEMENT = from_lark(GRAMMAR, start="statement", explicit=_explicit("statement"))
QUESTION = from_lark(GRAMMAR, start="question", explicit=_explicit("question"))


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.lists(STATEMENT, min_size=1, max_size=3), QUESTION)
def test_generated_sentences_are_answered_or_explained(
    statements: list[str], question: str
) -> None:
    text = "".join(" ".join(s.split()) + ".\n" for s in statements)
    question = " ".join(question.split())
    try:
        report = check(text, [question])
    except TextError as error:
        assert error.render()
        return
    assert len(report.questions) == 1
    assert report.questions[0].status in ("forced", "open", "contradictory", "unresolved")
