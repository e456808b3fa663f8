"""``--junit FILE``: the XML that CI dashboards read, checked by parsing it back.

The shape asserted here is the common JUnit schema (Jenkins' junit-10.xsd, as read by GitLab,
GitHub test reporters and pytest's own writer): ``testsuites`` > ``testsuite`` > ``testcase``
with ``failure``/``error`` children, and the attributes tests, failures, errors, skipped, time,
name and classname, whose counts must add up.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from typer.testing import CliRunner

from certify.cli.app import app
from certify.errors import ExitCode
from certify.output.junit import classname, clean
from tests.paths import SAMPLES

COUNTS = ("tests", "failures", "errors", "skipped")


def junit(tmp_path: Path, *args: str | Path) -> tuple[int, ET.Element]:
    """Run ``certify ARGS --junit FILE`` and parse FILE."""
    report = tmp_path / "report.xml"
    result = CliRunner().invoke(app, [*(str(a) for a in args), "--junit", str(report)])
    return result.exit_code, ET.parse(report).getroot()


def assert_well_formed(root: ET.Element) -> None:
    """Every element has the usual attributes, and the counts add up at each level."""
    assert root.tag == "testsuites"
    suites = root.findall("testsuite")
    assert suites and all(child.tag == "testsuite" for child in root)
    for suite in suites:
        assert set(COUNTS) | {"name", "time", "timestamp"} <= set(suite.attrib)
        cases = suite.findall("testcase")
        assert int(suite.get("tests", "-1")) == len(cases) >= 1
        assert int(suite.get("failures", "-1")) == sum(c.find("failure") is not None for c in cases)
        assert int(suite.get("errors", "-1")) == sum(c.find("error") is not None for c in cases)
        for case in cases:
            assert {"name", "classname", "time"} <= set(case.attrib)
            float(case.get("time", "x"))
            for problem in [*case.findall("failure"), *case.findall("error")]:
                assert problem.get("message") and problem.get("type")
    for key in COUNTS:
        assert int(root.get(key, "-1")) == sum(int(s.get(key, "0")) for s in suites)
    float(root.get("time", "x"))


def test_samples_pass_as_junit(tmp_path: Path) -> None:
    code, root = junit(tmp_path, SAMPLES, "--check")
    assert code == ExitCode.OK
    assert_well_formed(root)
    assert int(root.get("tests", "0")) >= 100
    assert root.get("failures") == root.get("errors") == "0"
    suite = root.find("testsuite[@name='" + str(SAMPLES / "ana.txt") + "']")
    assert suite is not None
    (case,) = suite.findall("testcase")
    assert case.get("name") == "line 3: Where is Ana?"
    assert case.get("classname", "").endswith("samples.ana")


def test_failures_and_errors(tmp_path: Path) -> None:
    texts = tmp_path / "texts"
    texts.mkdir()
    (texts / "wrong.txt").write_text(
        "Ana is in the kitchen or the garden.\nWhere is Ana?\n# expect: forced: the garden\n"
        "Is Ana in the hall?\n# expect: forced: no\n# expect: open\n",
        encoding="utf-8",
    )
    (texts / "orphan.txt").write_text("# expect: open\nAna is in the hall.\n", encoding="utf-8")
    (texts / "control.txt").write_text("Ana is in the \x1b[31mkitchen.\n", encoding="utf-8")
    code, root = junit(tmp_path, texts, "--check")
    assert code == ExitCode.BAD_TEXT
    assert_well_formed(root)
    by_name = {s.get("name", ""): s for s in root.findall("testsuite")}
    wrong = by_name[str(texts / "wrong.txt")]
    assert (wrong.get("tests"), wrong.get("failures")) == ("2", "2")
    first = wrong.find("testcase[@name='line 2: Where is Ana?']/failure")
    assert first is not None
    assert first.get("message", "").startswith("expected forced: the garden, got open:")
    assert "witness: Ana is in the kitchen" in first.get("message", "")
    assert f"{texts / 'wrong.txt'}:3: # expect: forced: the garden" in (first.text or "")
    orphan = by_name[str(texts / "orphan.txt")].find("testcase/failure")
    assert orphan is not None and "follows no question" in orphan.get("message", "")
    error = by_name[str(texts / "control.txt")].find("testcase/error")
    assert error is not None and error.get("type") == "TextErrors"
    assert "\\x1b" in (error.text or "")


def test_without_check_every_question_passes(tmp_path: Path) -> None:
    code, root = junit(tmp_path, SAMPLES / "ana-contradictory.txt")
    assert code == ExitCode.OK
    assert_well_formed(root)
    assert root.get("tests") == "1" and root.get("failures") == "0"


def test_xml_helpers() -> None:
    assert classname("samples/location/basic.txt") == "samples.location.basic"
    assert clean("a\x00b\x1bc\td") == "a\\x00b\\x1bc\td"
