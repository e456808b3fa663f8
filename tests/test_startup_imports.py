"""Start-up stays lean: each run imports only what it uses (no timing, only module lists).

A run of ``certify`` is mostly start-up.  These tests pin which heavy packages each kind of
run may load: ``--version`` loads no pipeline at all, a finite text loads neither numpy,
scipy nor the numeric domains, and neither ``--json`` nor text into a pipe loads rich.  They
also check that the parser built from Lark's grammar cache is the parser
``grammar/certify.lark`` defines.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import lark

from certify import __version__
from certify.syntax.forms import QUESTIONS, STATEMENTS
from certify.syntax.parse import grammar_text, parser, statement_core
from tests.caching import with_cache
from tests.paths import SAMPLES
from tests.trees import plain

PROBE = """
import sys
from certify.cli.app import main
out, sys.argv = sys.argv[1], ["certify", *sys.argv[2:]]
try:
    main()
except SystemExit:
    pass
with open(out, "w") as stream:  # one name a line: the probe itself imports no json
    stream.write("\\n".join(sorted(sys.modules)))
"""

NUMERIC_DOMAINS = (
    "certify.domains.interval",
    "certify.domains.dbm",
    "certify.domains.octagon",
    "certify.domains.linear",
)


def loaded(tmp_path: Path, *args: str, cache: Path | None = None) -> set[str]:
    """The modules a ``certify ARGS`` process has imported when it ends; with a ``cache``
    folder, Python may write caches (``PYTHONDONTWRITEBYTECODE`` unset) and certify keeps its
    own there (``XDG_CACHE_HOME``), as on a user's machine."""
    out = tmp_path / "modules.txt"
    env = dict(os.environ) if cache is None else with_cache(cache)
    command = [sys.executable, "-c", PROBE, str(out), *args]
    subprocess.run(command, capture_output=True, check=False, env=env)
    return set(out.read_text().split("\n"))


def tops(modules: set[str]) -> set[str]:
    """The top-level packages among ``modules``."""
    return {m.split(".")[0] for m in modules}


def test_version_loads_no_pipeline(tmp_path: Path) -> None:
    modules = loaded(tmp_path, "--version")
    assert not tops(modules) & {"lark", "rich", "pysat", "numpy", "scipy"}
    # certify.run_limits holds the option defaults; it imports only the standard library.
    allowed = {
        "certify.bundle",
        "certify.bundle_file",
        "certify.module_patterns",
        "certify.search_path",
        "certify.cli",
        "certify.cli.app",
        "certify.cli.options",
        "certify.cli.printer",
        "certify.compiled",
        "certify.errors",
        "certify.limits",
        "certify.run_limits",
    }
    assert not {m for m in modules if m.startswith("certify.")} - allowed


def test_the_command_answers_version_with_the_standard_library_alone() -> None:
    probe = (
        "import sys\n"
        "sys.argv = ['certify', '--version']\n"
        "from certify.__main__ import main\n"
        "main()\n"
        "print(sorted(m for m in sys.modules if m in ('dataclasses', 'inspect', 'typer')))\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout == f"certify {__version__}\n[]\n"


def test_a_finite_text_loads_no_numeric_machinery(tmp_path: Path) -> None:
    modules = loaded(tmp_path, str(SAMPLES / "ana.txt"))
    assert {"certify.syntax.lark_runtime", "pysolvers"} <= modules
    # into a pipe (the probe's stdout), the text output is written without rich, nor json
    assert not tops(modules) & {"numpy", "scipy", "rich", "json"}
    assert not modules & set(NUMERIC_DOMAINS)
    # the example sentences are for a sentence in error; a parser is saved only once; the
    # StepGame templates are for grid texts, the puzzle grammar for puzzle texts
    assert not modules & {
        "certify.syntax.forms",
        "glob",
        "certify.syntax.stepgame",
        "certify.syntax.puzzle",
        "certify.output.expect",  # expectations are read with --check only
    }
    # CaDiCaL is called through python-sat's compiled module (certify.domains.cadical), not
    # through pysat.solvers' twenty classes
    assert "pysolvers" in modules and not modules & {"pysat.solvers", "pysat.formula"}


def test_a_run_with_a_saved_parser_does_not_import_the_lark_package(tmp_path: Path) -> None:
    # Lark builds a parser (certify.syntax.grammar.built_by_lark) when none was saved; then
    # the parser saved is loaded into lark_runtime's classes, and the package is not imported.
    for text in (SAMPLES / "ana.txt", SAMPLES / "puzzles" / "books.txt"):
        first = loaded(tmp_path, str(text), cache=tmp_path / "cache")
        assert "lark" in tops(first) and "certify.syntax.lark_runtime" in first, text
        again = loaded(tmp_path, str(text), cache=tmp_path / "cache")
        assert "certify.syntax.lark_runtime" in again, text
        assert "lark" not in tops(again), text
        # digests without OpenSSL's libcrypto (certify.digests: 3.7 MiB), nothing written
        assert not again & {"hashlib", "_hashlib", "tempfile"}, text
        # the saved parser through pickle's C half (certify.pickling); Lark's logger made
        # when Lark first logs, which a loaded parser does not
        assert not again & {"pickle", "struct", "logging"}, text


def test_json_output_loads_no_rich(tmp_path: Path) -> None:
    modules = loaded(tmp_path, str(SAMPLES / "ana.txt"), "--json")
    assert "certify.pipeline" in modules
    assert "rich" not in tops(modules)


def test_cached_parser_is_the_grammar_files_parser() -> None:
    fresh = lark.Lark(  # the lark package's own parser of the grammar file
        grammar_text(),
        parser="lalr",
        lexer="contextual",
        start=["statement", "question"],
        propagate_positions=True,
    )
    # a statement as the grammar reads it: without its discourse word and time adverb
    examples = [(statement_core(1, e.rstrip("."))[1], "statement") for _, _, e in STATEMENTS]
    examples += [(e.rstrip("?"), "question") for _, e in QUESTIONS]
    assert len(examples) == len(STATEMENTS) + len(QUESTIONS) > 80
    for text, start in examples:
        ours, theirs = parser().parse(text, start=start), fresh.parse(text, start=start)
        assert plain(ours) == plain(theirs), text


def test_a_small_difference_text_loads_neither_numpy_scipy_nor_pysat(tmp_path: Path) -> None:
    text = tmp_path / "times.txt"
    text.write_text(
        "Bob arrives at least 10 minutes after Ana.\n"
        "Carl arrives 5 minutes before Bob.\n"
        "When does Carl arrive?\n"
    )
    modules = loaded(tmp_path, str(text), "--json")
    assert "certify.domains.dbm" in modules  # the text did reach the difference domain
    assert not tops(modules) & {"numpy", "scipy"}
    # a domain is imported when a group needs it (``classify.DOMAINS``)
    assert not modules & {"certify.domains.octagon", "certify.domains.linear"}
    assert not tops(modules) & {"pysat", "pysolvers"}  # no finite fact: no SAT solver


def test_version_alone_is_answered_before_the_command_line() -> None:
    def version(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, *args], capture_output=True, text=True, check=False, timeout=60
        )

    quick = version("-m", "certify", "--version")
    through_typer = version("-c", "from certify.cli.app import main; main()", "--version")
    assert quick.returncode == through_typer.returncode == 0
    assert quick.stdout == through_typer.stdout == f"certify {__version__}\n"
    probe = "import atexit, sys, runpy; sys.argv = ['certify', '--version']; "
    probe += "atexit.register(lambda: print(sorted(sys.modules))); "  # it exits: atexit runs
    probe += "runpy.run_module('certify', run_name='__main__')"
    modules = version("-c", probe).stdout
    assert "'certify'" in modules  # printed at exit
    assert "'typer'" not in modules and "'certify.cli.app'" not in modules


def test_a_large_difference_text_loads_neither_numpy_nor_scipy(tmp_path: Path) -> None:
    # 300 variables: past Floyd-Warshall (dbm.SMALL), answered by the pure-Python potentials,
    # which stay below dbm_pairs.RELAXATIONS on a chain.
    text = tmp_path / "chain.txt"
    lines = [f"x{i + 1} - x{i} <= {i % 7 + 1}." for i in range(1, 300)]
    text.write_text("\n".join([*lines, "x1 - x300 <= -5.", "What is x300 - x1?"]) + "\n")
    modules = loaded(tmp_path, str(text), "--json")
    assert "certify.domains.dbm_pairs" in modules  # the pair oracle did answer
    assert not tops(modules) & {"numpy", "scipy"}


def test_a_small_sum_text_loads_neither_numpy_nor_scipy(tmp_path: Path) -> None:
    # Sums are octagonal: closed and witnessed on Python lists up to octagon_point.NUMPY_NODES.
    text = tmp_path / "sums.txt"
    text.write_text("x + y = 10.\nx - y = 4.\ny + z <= 2.\nWhat is x?\nWhat is z?\n")
    modules = loaded(tmp_path, str(text), "--json")
    assert "certify.domains.octagon" in modules  # the text did reach the octagon
    assert not tops(modules) & {"numpy", "scipy"}
