"""``certify aggregate FILE.json`` as command lines: the paper's sample through the real entry
point, the JSON figures, and every kind of bad input as exit 3 naming the field."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from certify.cli.aggregate import app
from tests.paths import ROOT, SAMPLES

PAPER = SAMPLES / "aggregate" / "paper.json"
GOOD = {"keys": [[0], [2]], "query": [0], "R_W": 1, "model": "weighted", "delta": 2}


def test_the_paper_sample_through_the_certify_command() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "certify", "aggregate", str(PAPER)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "plain average (s = p):\n  s = (1/2, 1/2)\n  worst-case error 3\n" in out
    assert "worst-case error 2√(2) ≈ 2.828427" in out
    assert "not the optimum: δ‖ρ₀‖ = 2 > R_W √(1 + ρ₀ᵀCρ₀) = √(2)" in out
    assert "s ≈ (0.788675, 0.211325)\n  worst-case error ≈ 2.732051" in out
    assert out.count("equal to the formula") == 3 and "NOT" not in out
    assert "the value at the query is in [-3, 3]" in out


def test_the_paper_sample_as_json() -> None:
    result = CliRunner().invoke(app, [str(PAPER), "--json"])
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    assert document["schema"] == "certify.aggregate/1" and document["model"] == "weighted"
    assert document["plain_average"]["error"] == {"exact": "3", "float": 3.0}
    fit = document["local_fit"]
    assert fit["error"]["exact"] == "2√(2)" and fit["optimal"] is False
    assert [r["exact"] for r in fit["rho"]] == ["1"]
    best = document["optimum"]
    assert round(best["error"]["float"], 3) == 2.732
    assert [round(c["float"], 3) for c in best["coefficients"]] == [0.789, 0.211]
    assert best["gap"] < 1e-12 and best["lambda"]["high"] == pytest.approx(0.7320508, abs=1e-7)
    for part in (document["plain_average"], fit, best):
        assert part["attains"] is True
        assert part["attained"] == part["error"]
    assert document["given"] is None


def test_given_coefficients_are_priced_exactly(tmp_path: Path) -> None:
    path = tmp_path / "given.json"
    doc = {**GOOD, "model": "per-statement", "deltas": [2, 2], "values": [1, 2]}
    del doc["delta"]
    path.write_text(json.dumps({**doc, "coefficients": ["1/3", "2/3"]}), encoding="utf-8")
    result = CliRunner().invoke(app, [str(path), "--json"])
    assert result.exit_code == 0, result.output
    given = json.loads(result.stdout)["given"]
    assert given["error"]["exact"] == "10/3" and given["estimate"]["exact"] == "5/3"
    assert [x["exact"] for x in given["truth_within"]] == ["-5/3", "5"]
    text = CliRunner().invoke(app, [str(path)]).stdout
    assert "given coefficients:\n  s = (1/3, 2/3)\n  worst-case error 10/3 ≈ 3.333333" in text
    assert "optimal, proved exactly: no coefficients summing to one do better than 2" in text


BAD = [
    ("{", "is not JSON"),
    ("[1, 2]", "one JSON object"),
    (json.dumps({k: v for k, v in GOOD.items() if k != "query"}), "missing field 'query'"),
    (json.dumps({**GOOD, "P": [0.5]}), "P: expected 2 numbers (one per key), got 1"),
    (json.dumps({**GOOD, "P": [0.5, 0]}), "P[1]: must be positive"),
    (json.dumps({**GOOD, "P": [0.5, -1]}), "P[1]: must be positive"),
    (json.dumps({**GOOD, "P": [0.5, "x"]}), 'P[1]: expected a number, got "x"'),
    (json.dumps({**GOOD, "P": [1, 1], "coefficients": [0.3, 0.3]}), "they sum to 3/5"),
    (json.dumps({**GOOD, "P": [1, 1], "keys": [[0], [2, 1]]}), "keys[1]: expected a list of 1"),
    (json.dumps({**GOOD, "P": [1, 1], "R_w": 1}), "unknown field 'R_w' (did you mean 'R_W'?)"),
    (json.dumps({**GOOD, "P": [1, 1], "R_W": 0}), "R_W: must be positive"),
    (json.dumps({**GOOD, "P": [1, 1], "R_W": True}), "R_W: expected a number, got true"),
    (json.dumps({**GOOD, "P": [1, 1], "deltas": [1, 1]}), "'deltas' belongs to the per-statement"),
    (json.dumps({**GOOD, "P": [1, 1], "model": "mean"}), 'model: must be "weighted"'),
    (json.dumps({**GOOD, "P": [1, 1], "values": [1]}), "values: expected 2 numbers"),
    (json.dumps({**GOOD, "P": [1, 1], "delta": None}), "delta: expected a number, got null"),
    ('{"keys": [[0]], "query": [0], "R_W": NaN, "model": "weighted", "delta": 1, "P": [1]}', "R_W"),
    (json.dumps({**GOOD, "P": [1, 1], "delta": 10**13}), "delta: 1e+13 is outside"),
    (json.dumps({**GOOD, "model": "per-statement", "delta": None}), "'delta' belongs to the"),
    (json.dumps({**GOOD, "P": [1, 1], "keys": []}), "keys: give between 1 and"),
    (
        '{"keys": [[0]], "query": [1e999999999], "R_W": 1, "model": "weighted", "delta": 1, '
        '"P": [1]}',
        "query[0]: expected a number, got 1e999999999 (outside the supported range)",
    ),
]


@pytest.mark.parametrize(("content", "message"), BAD, ids=[m for _, m in BAD])
def test_bad_input_is_exit_3_naming_the_field(tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    result = CliRunner().invoke(app, [str(path)])
    assert result.exit_code == 3, result.output
    assert message in result.stderr
    assert "Traceback" not in result.output and result.stdout == ""


def test_unreadable_files_are_exit_3(tmp_path: Path) -> None:
    (tmp_path / "binary.json").write_bytes(b"\xff\xfe\x00")
    for path, message in (
        (tmp_path / "missing.json", "no such file"),
        (tmp_path / "binary.json", "is not UTF-8"),
        (tmp_path, "is a folder"),
    ):
        result = CliRunner().invoke(app, [str(path)])
        assert result.exit_code == 3 and message in result.stderr


SAMPLE_FILES = sorted((SAMPLES / "aggregate").glob("*.json"))


@pytest.mark.parametrize("path", SAMPLE_FILES, ids=lambda p: p.name)
def test_every_sample_is_attained_and_certified(path: Path) -> None:
    result = CliRunner().invoke(app, [str(path), "--json"])
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    parts = [document[k] for k in ("given", "plain_average", "local_fit") if document[k]]
    for part in [*parts, document["optimum"]]:
        assert part["attains"] is True and part["attained"] == part["error"]
    best = document["optimum"]
    assert best["gap"] <= best["tolerance"] * max(1.0, best["error"]["float"])
    for part in parts:
        assert part["error"]["float"] >= best["lower_bound"]["float"]


def _without_gap(text: str) -> str:
    return re.sub(r"within \S+ of the optimum", "within GAP of the optimum", text)


def test_the_readme_shows_what_the_command_prints(monkeypatch: pytest.MonkeyPatch) -> None:
    """The README's example is this command's output (the last digits of the gap aside)."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    command = "$ certify aggregate samples/aggregate/paper.json\n"
    shown = readme.split(command, 1)[1].split("```", 1)[0]
    monkeypatch.chdir(ROOT)
    result = CliRunner().invoke(app, ["samples/aggregate/paper.json"])
    assert result.exit_code == 0
    assert _without_gap(result.stdout) == _without_gap(shown)
