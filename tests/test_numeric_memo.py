"""A certifier's numeric supports share the exact linear domains they build (``built``).

The reports are those of supports that build every domain anew, on the numeric samples and on
texts where one statement's constraints fall into two groups (a memo keyed by the lines alone
would hand the group of ``y`` the domain of ``x``); and a second forced question over the same
statements builds no domain again.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from certify.pipeline import check
from certify.readout import numeric_certificates
from tests.paths import SAMPLES

TEXTS = [
    "x + y = 10.\nx - y = 4.\nWhat is x?\nWhat is y?\nWhat is x + y?\n",
    "x = 1 and y = 2.\nWhat is x?\nWhat is y?\n",
    "x = 1 and y = 2.\nx + z = 3.\ny < z + 1.\nWhat is z?\nWhat is y?\nIs it true that z > 1?\n",
    "x is an integer.\n2x + y = 5 and y = 1.\nWhat is x?\nWhat is y?\nIs it true that x = 2?\n",
    "x + y = 2.\nx - y = 0.\nWhat is x?\nx = 1.\nWhat is y?\nWhat is x?\n",
]
SAMPLED = sorted(
    path
    for folder in ("numbers", "time", "measurements")
    for path in (SAMPLES / folder).glob("*.txt")
)


def _without_memo(monkeypatch: pytest.MonkeyPatch) -> None:
    exact = numeric_certificates.exact_domain
    monkeypatch.setattr(
        numeric_certificates,
        "exact_domain",
        lambda grouped, lines, declared, built=None: exact(grouped, lines, declared),
    )


@pytest.mark.parametrize("text", [*TEXTS, *SAMPLED], ids=lambda t: getattr(t, "name", None))
def test_shared_domains_give_the_supports_of_fresh_ones(
    text: str | Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = text.read_text(encoding="utf-8") if isinstance(text, Path) else text
    shared = check(source)
    _without_memo(monkeypatch)
    assert check(source) == shared
    if isinstance(text, str):  # the texts above force their answers: each has its support
        assert all(q.support for q in shared.questions if q.status == "forced")


def test_a_second_question_builds_no_domain_again(monkeypatch: pytest.MonkeyPatch) -> None:
    built: list[object] = []
    build = numeric_certificates.build

    def counted(*arguments: object) -> object:
        built.append(arguments)
        return build(*arguments)  # type: ignore[arg-type]

    monkeypatch.setattr(numeric_certificates, "build", counted)
    text = "x + y = 10.\nx - y = 4.\nWhat is x?\n"
    check(text)
    one = len(built)
    built.clear()
    report = check(text + "What is y?\nWhat is x - y?\n")
    assert [q.support for q in report.questions] == [(1, 2), (1, 2), (2,)]
    assert len(built) == one == 3  # lines 1 and 2, line 2, line 1: built once for all three
