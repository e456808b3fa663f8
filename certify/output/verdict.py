"""What a failed ``# expect:`` line says: expected against got, and the state that refutes it.

``certify.output.expect.mismatch`` decides whether an expectation holds; this module only explains a
failure to a person, in the terms of the certificate that decides it (SPEC sections 1 and 6):
an answer the expectation leaves out is refuted by a *witness* for it (a checked state of the
text), a contradiction by its *conflict* lines, a forced answer by its *support* lines.  It
also writes an answer back as the expectation it meets exactly (``written``), which is both
the "got" half of a failure message and the line ``--update`` freezes into a file.
"""

from __future__ import annotations

from certify.numeric import Interval, show_interval
from certify.output.expect import Expected, normalize, parse_interval
from certify.report import Answer, Witness


def written(answer: Answer) -> str:
    """The expectation ``answer`` meets exactly: ``open: the kitchen | the garden``.

    Contradictory and unresolved answers are written as their status alone: the first has
    no answer set, and the second's partial sets are not a result worth freezing.
    """
    if answer.status in ("contradictory", "unresolved"):
        return answer.status
    if isinstance(answer.answers, Interval):
        return f"{answer.status}: {show_interval(answer.answers, answer.clock)}"
    if not answer.answers:
        return answer.status
    return f"{answer.status}: " + " | ".join(answer.answers)


def explain(expected: Expected, answer: Answer | None) -> str:
    """One line: ``expected forced: the garden, got open: ..., but <the refutation>``."""
    if answer is None:
        return f"expected {expected.text}, but this expectation follows no question"
    head = f"expected {expected.text}, got {written(answer)}"
    why = refutation(expected, answer)
    return f"{head}, but {why}" if why else head


def refutation(expected: Expected, answer: Answer) -> str:
    """The certificate that contradicts the expectation, in words ("" if there is none)."""
    if answer.status == "contradictory" and expected.status != "contradictory":
        lines = _lines(answer.conflict.lines) if answer.conflict else "some lines"
        return f"the text is contradictory: {lines} contradict each other"
    if expected.status == "contradictory" and answer.witnesses:
        return "the text is consistent: " + _witness(answer.witnesses[0])
    if expected.interval is not None and isinstance(answer.answers, Interval):
        return _outside_interval(expected.interval, answer)
    if expected.answers is not None and not isinstance(answer.answers, Interval):
        found = _outside_set(expected.answers, answer)
        if found:
            return found
    return _status_only(expected, answer)


def _outside_set(expected: frozenset[str], answer: Answer) -> str:
    permitted = answer.answers if isinstance(answer.answers, tuple) else ()
    extra = [a for a in permitted if normalize(a) not in expected]
    for witness in answer.witnesses:
        if normalize(witness.answer) not in expected:
            if answer.status == "forced":
                return f"the text forces {witness.answer}{_support(answer)}: {_witness(witness)}"
            return f"the text also permits {witness.answer}: {_witness(witness)}"
    if extra:
        return f"the text may also permit {', '.join(extra)} (no witness was found)"
    allowed = {normalize(a) for a in permitted}
    missing = sorted(a for a in expected if a not in allowed)
    if missing:
        return f"the text does not permit {', '.join(missing)}{_support(answer)}"
    return ""


def _outside_interval(expected: Interval, answer: Answer) -> str:
    for witness in answer.witnesses:
        value = parse_interval(witness.answer)
        if value is not None and value.single is not None and not expected.contains(value.single):
            return f"the text also permits {witness.answer}: {_witness(witness)}"
    got = answer.answers
    assert isinstance(got, Interval)
    if got != expected:
        return (
            f"the text permits {show_interval(got, answer.clock)}, "
            f"not {show_interval(expected, answer.clock)}{_support(answer)}"
        )
    return ""


def _status_only(expected: Expected, answer: Answer) -> str:
    if answer.status == expected.status:
        return ""
    if answer.status == "open":
        shown = "; ".join(_witness(w) for w in answer.witnesses[:2])
        return f"the text permits more than one answer: {shown}"
    if answer.status == "forced":
        return f"the answer is forced{_support(answer)}"
    if answer.status == "unresolved":
        return f"certify could not decide ({answer.reason or 'the budget ran out'})"
    return ""


def _support(answer: Answer) -> str:
    if answer.status != "forced" or answer.support is None:
        return ""
    how = f"{answer.how}, " if answer.how else ""
    return f" ({how}by {_lines(answer.support)})" if answer.support else ""


def _lines(lines: tuple[int, ...]) -> str:
    return f"line{'s' if len(lines) != 1 else ''} " + ", ".join(str(x) for x in lines)


def _witness(witness: Witness) -> str:
    return "witness: " + ("; ".join(witness.sentences) or "(nothing to say)")
