"""The certificate options on the command line: --smallest, --all-conflicts, --budget, --timeout."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from certify.cli.app import app

runner = CliRunner()
TWO_CONFLICTS = (
    "Ana is in the kitchen.\nAna is in the garden.\nAna is not in the kitchen.\nWhere is Ana?\n"
)


def _json(tmp_path: Path, text: str, *args: str) -> dict[str, object]:
    path = tmp_path / "text.txt"
    path.write_text(text, encoding="utf-8")
    result = runner.invoke(app, [str(path), "--json", *args])
    assert result.exit_code == 0, result.output
    data: dict[str, object] = json.loads(result.stdout)
    return data


def test_smallest_and_all_conflicts(tmp_path: Path) -> None:
    data = _json(tmp_path, TWO_CONFLICTS, "--smallest", "--all-conflicts")
    question = data["questions"][0]  # type: ignore[index]
    assert question["status"] == "contradictory"
    assert len(question["conflict"]) == 2
    detail = question["conflict_detail"]
    assert detail["minimal"].startswith("smallest")
    assert sorted(map(sorted, detail["all_conflicts"])) == [[1, 2], [1, 3]]
    assert detail["all_conflicts_complete"] is True


def test_default_conflict_is_subset_minimal(tmp_path: Path) -> None:
    data = _json(tmp_path, TWO_CONFLICTS)
    assert data["questions"][0]["conflict_detail"]["minimal"] == "subset-minimal"  # type: ignore[index]


def test_budget_stops_with_a_reason(tmp_path: Path) -> None:
    text = "Ana is in the kitchen, the garden or the hall.\nWhere is Ana?\n"
    data = _json(tmp_path, text, "--budget", "2")
    question = data["questions"][0]  # type: ignore[index]
    assert question["status"] == "open"  # two witnesses already certify open
    assert question["stopped"]["limit"] == "budget"
    assert len(question["witnessed"]) == 2


def test_budget_on_numbers_keeps_a_sound_bound(tmp_path: Path) -> None:
    text = "x - y <= 1.\ny - z <= 1.\nz - w <= 1.\nw - v <= 1.\nWhat is x - v?\n"
    data = _json(tmp_path, text, "--domain", "dbm", "--budget", "1")
    question = data["questions"][0]  # type: ignore[index]
    # One squaring round has not yet combined four edges: x - v is still unbounded above.
    assert question["status"] == "unresolved"
    assert question["answers"]["high"] == "inf"
    assert question["stopped"] == {
        "limit": "budget",
        "reason": "closure stopped after 1 of 3 squaring rounds",
    }


TIMES = (
    "Ana arrives at 9:00.\n"
    "Bob arrives at least 10 minutes after Ana.\n"
    "Bob arrives no later than 9:30.\n"
    "Carl arrives 5 minutes before Bob.\n"
    "When does Carl arrive?\n"
    "When does Bob arrive?\n"
)


def test_witnesses_at_both_ends_settle_a_partial_closure(tmp_path: Path) -> None:
    carl, bob = _json(tmp_path, TIMES, "--budget", "1")["questions"]  # type: ignore[misc]
    # Bob's partial bound is already [9:10, 9:30] and both ends are witnessed: over the reals
    # the values between are attained too, so the answer is exact despite the budget.
    assert bob["status"] == "open"
    assert (bob["answers"]["low"], bob["answers"]["high"]) == ("550", "570")
    assert bob["stopped"]["limit"] == "budget"
    # Carl's lower end is still missing after one round: the outer set stays unresolved.
    assert carl["status"] == "unresolved"
    assert (carl["answers"]["low"], carl["answers"]["high"]) == ("-inf", "565")
    full = _json(tmp_path, TIMES)["questions"]  # type: ignore[index]
    assert [q["status"] for q in full] == ["open", "open"]


def test_bad_timeout_is_a_usage_error(tmp_path: Path) -> None:
    path = tmp_path / "a.txt"
    path.write_text("Ana is in the hall.\n", encoding="utf-8")
    assert runner.invoke(app, [str(path), "--timeout", "-1"]).exit_code == 2
    assert runner.invoke(app, [str(path), "--timeout", "0"]).exit_code == 0  # 0: no limit


def test_a_forced_weaker_domain_stays_sound(tmp_path: Path) -> None:
    text = "x + y = 10.\nx - y = 2.\nWhat is x?\n"
    exact = _json(tmp_path, text)["questions"][0]  # type: ignore[index]
    assert exact["status"] == "forced" and exact["answers"]["low"] == "6"
    weak = _json(tmp_path, text, "--domain", "interval")["questions"][0]  # type: ignore[index]
    assert weak["status"] == "unresolved"
    low, high = weak["answers"]["low"], weak["answers"]["high"]
    assert low == "-inf" or float(low) <= 6 <= (float("inf") if high == "inf" else float(high))


def test_integer_groups_are_never_settled_by_their_ends() -> None:
    from fractions import Fraction

    from certify.numeric import Interval, LinearConstraint, LinearExpr
    from certify.readout.numbers import make_group
    from certify.readout.numeric_answer import _settled_by_ends

    # t = 2k with 0 <= k <= 2: witnesses at t = 0 and t = 4, yet t = 1 is impossible.
    t, k = LinearExpr.variable("t"), LinearExpr.variable("k")
    rows = [
        LinearConstraint.make(t, "=", k.scaled(2), [1]),
        LinearConstraint.make(k, ">=", LinearExpr((), Fraction(0)), [2]),
        LinearConstraint.make(k, "<=", LinearExpr((), Fraction(2)), [3]),
    ]
    ends = Interval(Fraction(0), Fraction(4), True, True)
    reached = {Fraction(0), Fraction(4)}
    assert _settled_by_ends(ends, reached, make_group(rows, frozenset(), None, 1))
    assert not _settled_by_ends(ends, reached, make_group(rows, frozenset({"k"}), None, 1))
    assert not _settled_by_ends(ends, {Fraction(0)}, make_group(rows, frozenset(), None, 1))


def test_typer_reads_the_command_s_annotations_evaluated() -> None:
    # certify/cli/app.py writes no ``from __future__ import annotations``: typer would
    # evaluate each of run's annotations from a string twice at every start
    from certify.cli import app

    annotations = app.run.__annotations__
    assert len(annotations) > 30
    assert not [name for name, kind in annotations.items() if isinstance(kind, str)]
