"""``--junit FILE``: a batch as JUnit XML, the format CI dashboards read.

The shape is the one Jenkins, GitLab, GitHub test reporters and pytest agree on: one
``<testsuites>`` with totals, one ``<testsuite>`` per text, one ``<testcase>`` per question
(named by its line and words, ``classname`` the file's path in dotted form).  A question whose
expectation failed carries a ``<failure>`` with the mismatch message and its refuting witness;
an expectation that follows no question is a failed case of its own; a text that cannot be
read or parsed, or that hit a bug, is one ``<testcase>`` with an ``<error>``.  Characters that
XML 1.0 cannot hold (control characters in a rejected sentence) are written escaped.
"""

from __future__ import annotations

import re
import socket
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from datetime import datetime, timezone
from pathlib import PurePath

from certify.errors import UsageError
from certify.files import write_atomically
from certify.output.results import FileResult, Outcome
from certify.output.verdict import explain

_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def write_junit(path: str, results: Sequence[FileResult], checking: bool) -> None:
    """Write the JUnit report atomically: a reader never sees half a file."""
    try:
        write_atomically(path, to_xml(results, checking))
    except OSError as error:
        raise UsageError(f"--junit: cannot write {path!r}: {error.strerror or error}") from None


def clean(text: str) -> str:
    """``text`` with every character XML 1.0 forbids written as ``\\xNN``."""
    return _NOT_XML.sub(lambda m: repr(m.group(0))[1:-1], text)


def classname(path: str) -> str:
    """``samples/location/basic.txt`` → ``samples.location.basic``."""
    parts = [p for p in PurePath(path).with_suffix("").parts if p not in ("/", ".", "..")]
    return ".".join(parts) or path


def to_xml(results: Sequence[FileResult], checking: bool) -> bytes:
    """The whole batch as a JUnit XML document (UTF-8, with an XML declaration)."""
    root = ET.Element("testsuites", name="certify")
    totals = {"tests": 0, "failures": 0, "errors": 0, "skipped": 0}
    seconds = 0.0
    stamp = datetime.now(timezone.utc).replace(microsecond=0).isoformat()
    host = socket.gethostname()
    for result in results:
        suite = _suite(result, checking)
        suite.set("timestamp", stamp)
        suite.set("hostname", host)
        root.append(suite)
        for key in totals:
            totals[key] += int(suite.get(key, "0"))
        seconds += result.seconds
    for key, value in totals.items():
        root.set(key, str(value))
    root.set("time", f"{seconds:.3f}")
    ET.indent(root)
    document: bytes = ET.tostring(root, encoding="utf-8", xml_declaration=True)
    return document + b"\n"


def _suite(result: FileResult, checking: bool) -> ET.Element:
    suite = ET.Element("testsuite", name=clean(result.path))
    cases: list[ET.Element] = []
    group = clean(classname(result.path))
    if result.report is None:
        case = _case(group, "read the text", result.seconds, result.path, None)
        error = ET.SubElement(case, "error")
        if result.error is not None:
            error.set("type", type(result.error).__name__)
            error.set("message", clean(result.error.message))
            error.text = clean(result.error.render())
        else:
            error.set("type", "InternalError")
            error.set("message", "internal error (a bug in certify)")
            error.text = clean(result.internal or "")
        cases.append(case)
    else:
        questions = result.report.questions
        share = result.seconds / max(1, len(questions))
        outcomes = result.outcomes if checking else ()
        for answer in questions:
            where = (
                f"line {answer.line}"
                if answer.line
                else ("what remains" if answer.generated else "--ask")
            )
            case = _case(group, f"{where}: {answer.question}", share, result.path, answer.line)
            case.set("status", answer.status)
            for outcome in outcomes:
                if outcome.answer is answer and not outcome.passed:
                    _failure(case, result.path, outcome)
            cases.append(case)
        orphans = [o for o in outcomes if o.answer is None]
        for outcome in orphans:
            case = _case(
                group,
                f"line {outcome.expected.line}: # expect: {outcome.expected.text}",
                0.0,
                result.path,
                outcome.expected.line,
            )
            _failure(case, result.path, outcome)
            cases.append(case)
    suite.extend(cases)
    suite.set("tests", str(len(cases)))
    suite.set("failures", str(sum(1 for c in cases if c.find("failure") is not None)))
    suite.set("errors", str(sum(1 for c in cases if c.find("error") is not None)))
    suite.set("skipped", "0")
    suite.set("time", f"{result.seconds:.3f}")
    return suite


def _case(group: str, name: str, seconds: float, path: str, line: int | None) -> ET.Element:
    case = ET.Element("testcase", name=clean(name), classname=group, time=f"{seconds:.3f}")
    case.set("file", clean(path))
    if line:
        case.set("line", str(line))
    return case


def _failure(case: ET.Element, path: str, outcome: Outcome) -> None:
    message = explain(outcome.expected, outcome.answer)
    failure = ET.SubElement(case, "failure", type="ExpectationFailed", message=clean(message))
    failure.text = clean(
        f"{path}:{outcome.expected.line}: # expect: {outcome.expected.text}\n{message}\n"
    )
