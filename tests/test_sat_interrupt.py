"""Ctrl-C during a SAT call is a ``KeyboardInterrupt``, not a failure of certify.

python-sat catches SIGINT while its solver runs in the main thread and raises its own
``pysolvers.error("Caught keyboard interrupt")``; a batch took that for a bug in certify on
the file at hand (exit 70 at the end) and went on.  Here a real SIGINT reaches a process while
an ``Encoding`` solves a pigeonhole problem that takes seconds, and while ``run_file``
certifies a text whose solver does the same.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from certify import run_limits

PROBE = """
import os, subprocess, sys
from pysat.examples.genhard import PHP
from certify.domains import cadical
from certify.domains.boolean import Encoding
from certify.meaning.moments import problem_at
from certify.pipeline import read
from certify.syntax.parse import read_document

reading, _, _ = read(read_document("Ana is in the kitchen.\\n"))
encoding = Encoding(problem_at(reading, None, ()))
encoding._solver = cadical.make("cadical153", PHP(10).clauses)  # seconds
assert isinstance(encoding._solver, cadical.Cadical)  # the class a text's encoding makes
if sys.argv[1] == "batch":
    from certify.cli import batch
    from certify.readout.answer import Options
    from certify.domains import boolean

    sliced = boolean.Encoding._sliced  # the solver calls without their translation

    def hard(self, assumptions):
        return sliced(encoding, [])

    # every SAT call of the text is the hard one, untranslated: run_file's net must see it
    boolean.Encoding._satisfiable = hard
    call = lambda: batch.run_file("text.txt", [], Options(timeout=None), False, False)
else:
    call = lambda: encoding._satisfiable([])
subprocess.Popen(["sh", "-c", f"sleep 0.5; kill -INT {os.getpid()}"])
try:
    result = call()
    print("returned", getattr(result, "internal", result))
except KeyboardInterrupt:
    print("interrupted")
"""


@pytest.mark.skipif(sys.platform == "win32", reason="a real SIGINT from a child process")
@pytest.mark.parametrize("where", ["encoding", "batch"])
def test_ctrl_c_in_a_sat_call_interrupts(where: str, tmp_path: object) -> None:
    text = "Ana is in the kitchen or the garden.\nWhere is Ana?\n"
    (tmp_path / "text.txt").write_text(text)  # type: ignore[operator]
    done = subprocess.run(
        [sys.executable, "-c", PROBE, where],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path,  # type: ignore[arg-type]
    )
    assert done.stdout.strip() == "interrupted", done.stdout + done.stderr


def test_only_python_sat_s_interrupt_is_one() -> None:
    error = type("error", (Exception,), {"__module__": "pysolvers"})
    assert run_limits.interrupted(error("Caught keyboard interrupt"))
    assert not run_limits.interrupted(error("something else"))
    assert not run_limits.interrupted(RuntimeError("Caught keyboard interrupt"))
    with pytest.raises(KeyboardInterrupt), run_limits.sat_interrupts():
        raise error("Caught keyboard interrupt")
    with pytest.raises(ValueError), run_limits.sat_interrupts():
        raise ValueError("Caught keyboard interrupt")
