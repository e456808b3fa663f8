"""``certify.cli.forked``: workers forked and fed chunk numbers through pipes.

Results come back in chunk order whatever order the workers finish in; a worker's exception
is raised in the parent; a worker that dies is named; closing early leaves no process behind;
a worker never runs the parent's ``atexit`` handlers.  Each run happens in a child
interpreter with a time limit, so that a hang fails the test instead of stalling the suite.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from certify.cli import parallel
from certify.errors import CertifyError, UnreadableFile
from certify.output.results import FileResult, result_json
from certify.readout.answer import Options

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="fork only")

PRELUDE = """
import os, sys, time
from certify.cli.forked import Forked, Stopped

def children():
    with open(f"/proc/{os.getpid()}/task/{os.getpid()}/children") as listing:
        return listing.read().split()

def outcome(pool):  # what a pool gave, the error that stopped it (or None); closed, reaped
    got, error = [], None
    try:
        for chunk in pool.results():
            got += chunk
    except Exception as raised:
        error = raised
    finally:
        pool.close()
    assert children() == []
    return got, error
"""


def run(program: str) -> str:
    """The standard output of ``program`` (after ``PRELUDE``), which must end within 60 s."""
    environment = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    done = subprocess.run(
        [sys.executable, "-c", PRELUDE + textwrap.dedent(program)],
        capture_output=True,
        text=True,
        timeout=60,
        env=environment,  # standard output buffered, as in a pipe it is by default
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_results_come_in_chunk_order_from_every_worker() -> None:
    out = run("""
        def work(chunk):  # the first chunks are the slowest: later ones finish first
            time.sleep(0.05 if chunk[0] < "c" else 0)
            return [(name, os.getpid()) for name in chunk]
        chunks = [[a + b for b in "xy"] for a in "abcdefghij"]
        for jobs in (1, 2, 3):
            pool = Forked(work, chunks, jobs)
            got = [result for chunk in pool.results() for result in chunk]
            pool.close()
            assert [name for name, _ in got] == [n for chunk in chunks for n in chunk]
            assert os.getpid() not in {pid for _, pid in got}
            assert len({pid for _, pid in got}) == jobs, got
            assert children() == []
        print("ok")
    """)
    assert out == "ok\n"


def test_as_many_chunks_as_workers_go_one_to_each() -> None:
    # Two slow files left for two workers: each takes one, at once (the first worker was
    # given both, two chunks in flight, and the second had nothing to do).
    out = run("""
        def work(chunk):
            return [(name, os.getpid()) for name in chunk]
        for jobs in (2, 3):
            pool = Forked(work, [[str(index)] for index in range(jobs)], jobs)
            workers = [worker.pid for worker in pool.workers]
            got = [result for chunk in pool.results() for result in chunk]
            pool.close()
            assert [pid for _, pid in got] == workers, got  # chunk i to worker i
        print("ok")
    """)
    assert out == "ok\n"


def test_an_exception_in_a_worker_is_raised_in_the_parent() -> None:
    out = run("""
        from certify.errors import UsageError
        class Unpicklable(Exception):
            def __reduce__(self):
                raise TypeError("no")
        def work(chunk):
            if chunk == ["bad"]:
                raise UsageError("--ask needs a question")
            if chunk == ["odd"]:
                raise Unpicklable("lost")
            return chunk
        for bad, expected in (("bad", "UsageError: --ask needs a question"),
                              ("odd", "RuntimeError: Unpicklable: lost")):
            _, error = outcome(Forked(work, [["a"], ["b"], [bad], ["c"]], 2))
            print(f"{type(error).__name__}: {error}")
    """)
    assert out == "UsageError: --ask needs a question\nRuntimeError: Unpicklable: lost\n"


def test_a_worker_that_dies_is_named_and_the_others_are_reaped() -> None:
    out = run("""
        import signal
        def work(chunk):
            if chunk == ["die"]:
                os.kill(os.getpid(), signal.SIGKILL)
            if chunk == ["leave"]:
                os._exit(3)
            return chunk
        for fatal in ("die", "leave"):
            got, error = outcome(Forked(work, [["a"], [fatal], ["b"], ["c"], ["d"]], 2))
            print(got, type(error).__name__, error)
        pool = Forked(work, [["a"], ["b"]], 1)  # killed before it is given anything
        os.kill(pool.workers[0].pid, signal.SIGKILL)
        while open(f"/proc/{pool.workers[0].pid}/stat").read().split(") ")[1][0] != "Z":
            time.sleep(0.01)
        print(*outcome(pool))
    """)
    assert out == (
        "['a'] Stopped killed by SIGKILL\n['a'] Stopped exit code 3\n[] killed by SIGKILL\n"
    )


def test_closing_early_waits_only_for_the_chunks_at_hand() -> None:
    out = run("""
        def work(chunk):
            time.sleep(0.01)
            return chunk
        chunks = [[str(i)] for i in range(1000)]
        pool = Forked(work, chunks, 2)
        results = pool.results()
        first = next(results)
        started = time.perf_counter()
        results.close()
        pool.close()
        assert time.perf_counter() - started < 5  # not the 5 s the 1,000 chunks would take
        assert children() == []
        print(first)
    """)
    assert out == "['0']\n"


def test_workers_leave_without_running_the_parents_exit_handlers(tmp_path: object) -> None:
    out = run("""
        import atexit
        atexit.register(lambda: print("exit handler of", os.getpid() == PARENT))
        PARENT = os.getpid()
        sys.stdout.flush()
        pool = Forked(lambda chunk: chunk, [["a"], ["b"], ["c"]], 3)
        assert [c for chunk in pool.results() for c in chunk] == ["a", "b", "c"]
        pool.close()
    """)
    assert out == "exit handler of True\n"


def test_a_worker_holds_no_other_workers_pipes() -> None:
    """Else a worker would never see its pipe close, and ``close`` would wait forever."""
    out = run("""
        def work(chunk):
            fds = set(os.listdir("/proc/self/fd"))
            return [len(fds)]
        counts = []
        for jobs in (1, 4):
            pool = Forked(work, [["x"]] * 8, jobs)
            counts.append({n for chunk in pool.results() for n in chunk})
            pool.close()
        print(counts[0] == counts[1])
    """)
    assert out == "True\n"


def _killed_on_b(path: str, **_: object) -> object:
    """Stands in for ``parallel.certify_packed``: a worker that dies at ``b.txt``."""
    import os
    import signal

    if path.endswith("b.txt"):
        os.kill(os.getpid(), signal.SIGKILL)
    return FileResult(path)


def test_a_batch_whose_worker_dies_stops_with_an_error_naming_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    paths = [str(tmp_path / f"{name}.txt") for name in "abcd"]
    monkeypatch.setattr(parallel, "certify_packed", _killed_on_b)
    results = parallel.run_parallel([(p, None) for p in paths], (), Options(), False, False, 2)
    assert next(results).path == paths[0]
    with pytest.raises(
        CertifyError, match=r"a worker process stopped unexpectedly \(killed by SIGKILL\)"
    ):
        list(results)


@pytest.mark.parametrize("fork", [True, False])
@pytest.mark.usefixtures("workers_at_once")
def test_forked_and_spawned_workers_give_the_serial_results(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fork: bool
) -> None:
    texts = {
        "a.txt": "Ana is in the kitchen or the garden.\nWhere is Ana?\n",
        "b.txt": "Ana is in the kitchen.\nAna is in the garden.\nWhere is Ana?\n",
        "c.txt": "x + y = 10.\nx - y = 2.\nWhat is x?\n",
        "d.txt": "Ana is in the kitchen\n",
    }
    for name, text in texts.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    entries = [(str(tmp_path / name), None) for name in texts] + [
        ("gone.txt", UnreadableFile("no such file", file="gone.txt"))
    ]
    monkeypatch.setattr(parallel, "FORK", fork)
    serial = list(parallel.run_all(entries, (), Options(), True, jobs=1))
    workers = list(parallel.run_all(entries, (), Options(), True, jobs=2))
    assert [result_json(r, True) for r in workers] == [result_json(r, True) for r in serial]
    assert [r.error is None for r in serial] == [True, True, True, False, False]


def test_what_waits_in_the_parents_streams_is_written_once_and_the_workers_output_kept() -> None:
    out = run("""
        print("before")  # a pipe: block-buffered, still waiting at the fork
        def work(chunk):
            print("in", chunk[0])
            return chunk
        pool = Forked(work, [["a"], ["b"], ["c"]], 2)
        list(pool.results())
        pool.close()
        print("after")
    """)
    lines = out.splitlines()
    assert lines[0] == "before" and lines[-1] == "after"
    assert sorted(lines[1:-1]) == ["in a", "in b", "in c"]


def test_results_cut_short_are_a_stopped_worker() -> None:
    out = run("""
        import certify.cli.forked as forked
        whole = forked._write
        def half(fd, data):  # the worker writes half of its results' bytes, then is gone
            whole(fd, data[: len(data) // 2])
            os._exit(0)
        forked._write = half
        got, error = outcome(Forked(lambda chunk: ["x" * 1000], [["a"]], 1))
        print(got, type(error).__name__, error)
    """)
    assert out == "[] Stopped exit code 0\n"
