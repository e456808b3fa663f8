"""``certify.__main__.command`` ends the process without the interpreter's teardown.

The first test checks, in this process (with ``os._exit`` and the ``atexit`` run replaced),
that the exit is ``os._exit`` after the ``atexit`` functions.  The others run a probe in a
child Python: the exit status, what reached stdout and stderr and what the ``atexit``
functions did are what a user's shell and files see.
"""

from __future__ import annotations

import atexit
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from certify.__main__ import exit_now

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"

TEARDOWN = """
import atexit, sys
marks = sys.argv.pop(1)
def mark(what):
    with open(marks, "a") as stream:
        stream.write(what + "\\n")
atexit.register(mark, "atexit")
"""


def probe(tmp_path: Path, body: str, *args: str) -> tuple[subprocess.CompletedProcess[str], str]:
    """Run ``TEARDOWN`` then ``body`` in a child; its result and the marks it left."""
    marks = tmp_path / "marks.txt"
    done = subprocess.run(
        [sys.executable, "-c", TEARDOWN + body, str(marks), *args],
        capture_output=True,
        text=True,
        timeout=120,
    )
    return done, marks.read_text() if marks.exists() else ""


COMMAND = """
sys.argv = ["certify", *sys.argv[1:]]
from certify.__main__ import command
command()
"""


class Exited(Exception):
    """``os._exit`` was called (in place of ending this process)."""


def test_the_exit_is_os_exit_after_atexit_and_flushing(monkeypatch: pytest.MonkeyPatch) -> None:
    done: list[object] = []
    written = io.BytesIO()
    out = io.TextIOWrapper(written, encoding="utf-8")  # holds what is printed until flushed

    def fake_exit(code: int) -> None:
        done.append(("exit", code, written.getvalue()))
        raise Exited

    monkeypatch.setattr(os, "_exit", fake_exit)
    monkeypatch.setattr(atexit, "_run_exitfuncs", lambda: done.append("atexit"))
    monkeypatch.setattr(sys, "stdout", out)
    print("the answer", end="")  # still in the stream when exit_now is called
    with pytest.raises(Exited):
        exit_now(7)
    with pytest.raises(Exited):
        exit_now(None)
    assert done == ["atexit", ("exit", 7, b"the answer"), "atexit", ("exit", 0, b"the answer")]


def test_the_command_runs_atexit_and_prints_whole(tmp_path: Path) -> None:
    done, marks = probe(tmp_path, COMMAND, str(SAMPLES / "ana.txt"), "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["questions"][0]["status"] == "open"
    assert marks == "atexit\n"


def test_main_alone_returns_to_its_caller(tmp_path: Path) -> None:
    # the same run through ``main``, as tests and embedders call it: it raises SystemExit
    body = COMMAND.replace(
        "import command\ncommand()",
        "import main\ntry:\n    main()\n"
        "except SystemExit as stop:\n    mark(f'returned {stop.code}')",
    )
    done, marks = probe(tmp_path, body, str(SAMPLES / "ana.txt"), "--json")
    assert done.returncode == 0, done.stderr
    assert marks.startswith("returned 0\natexit\n")


def test_the_exit_status_of_a_bad_text_is_kept(tmp_path: Path) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text("Ana is in the the kitchen.\n")
    done, marks = probe(tmp_path, COMMAND, str(bad))
    normal = subprocess.run(
        [sys.executable, "-c", "from certify.cli.app import main; main()", str(bad)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == normal.returncode != 0
    assert (done.stdout, done.stderr) == (normal.stdout, normal.stderr)
    assert marks == "atexit\n"


def test_a_large_output_into_a_pipe_is_written_whole(tmp_path: Path) -> None:
    # more than a pipe's buffer: the flush before the exit writes the rest
    text = tmp_path / "many.txt"
    lines = [f"P{i} is in the kitchen or the garden.\nWhere is P{i}?\n" for i in range(600)]
    text.write_text("".join(lines))
    done, _ = probe(tmp_path, COMMAND, str(text), "--json")
    assert done.returncode == 0, done.stderr
    assert len(done.stdout) > 65_536
    assert len(json.loads(done.stdout)["questions"]) == 600


def test_a_status_that_is_not_a_number_exits_as_sys_exit_does(tmp_path: Path) -> None:
    body = "from certify.__main__ import exit_now\nexit_now('stopped here')\n"
    done, marks = probe(tmp_path, body)
    assert (done.returncode, done.stderr) == (1, "stopped here\n")
    assert marks == "atexit\n"  # the interpreter's own exit


def test_a_running_thread_is_waited_for(tmp_path: Path) -> None:
    body = (
        "import threading, time\n"
        "def late():\n"
        "    time.sleep(0.3)\n"
        "    mark('thread')\n"
        "threading.Thread(target=late).start()\n"
        "from certify.__main__ import exit_now\n"
        "exit_now(3)\n"
    )
    done, marks = probe(tmp_path, body)
    assert done.returncode == 3
    assert marks == "thread\natexit\n"


def test_a_closed_stdout_takes_the_interpreters_exit(tmp_path: Path) -> None:
    body = "sys.stdout.close()\nfrom certify.__main__ import exit_now\nexit_now(4)\n"
    done, marks = probe(tmp_path, body)
    assert done.returncode == 4
    assert marks == "atexit\n"
