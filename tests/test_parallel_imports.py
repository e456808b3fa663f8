"""``--jobs``: the parent imports, before it forks, every module a worker will need.

A module first imported in a worker is imported once per worker, which is what made
``--jobs 2`` slower than ``--jobs 1`` on a batch of small texts.  So certifying every sample
and conformance case in a fresh interpreter, after ``prepare_workers``, must import no module
of certify's, nor of the solver's, that is not already there, but for a conflict's
explanation.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.caching import with_cache

ROOT = Path(__file__).resolve().parent.parent

# Only octagons past the size where numpy pays import it (octagon_point.NUMPY_NODES); a
# conflict's explanation is imported by a worker at its first contradictory text
# (``parallel.WORKER_IMPORTS`` says why).
EXPLANATION = {
    "certify.readout.conflicts",
    "pysat.solvers",
    "pysat.engines",
    "pysat.process",
    "pysat.examples",
    "pysat.examples.hitman",
    "pysat.examples.lbx",
    "pysat.examples.mcsls",
    "pysat.examples.optux",
    "pysat.examples.rc2",
}
# python-sat (its package, and its cardinality encodings), imported by a worker at its first
# large `exactly` or conflict.
CARDINALITY = {"pysat", "pysat.card", "pysat.formula", "pysat._fileio", "pysat._utils"}
ALLOWED = {"certify.domains.octagon_closure", *EXPLANATION, *CARDINALITY}

PROGRAM = """
import json, sys
from pathlib import Path
from certify.cli.parallel import prepare_workers
from certify.cli.batch import run_file
from certify.readout.answer import Options

prepare_workers()
before = set(sys.modules)
for folder in sys.argv[1:]:
    for path in sorted(Path(folder).glob("*.txt")):
        run_file(str(path), (), Options(), True)
print(json.dumps(sorted(set(sys.modules) - before)))
"""


def test_a_worker_imports_nothing_the_parent_did_not(tmp_path: Path) -> None:
    # Twice with a cache folder of the test's own, writes allowed: the first run builds the
    # parsers with the lark package and saves them; the second loads them without it.
    folders = [str(ROOT / "samples"), str(ROOT / "tests" / "conformance")]
    env = with_cache(tmp_path)
    for run in ("first", "second"):
        done = subprocess.run(
            [sys.executable, "-c", PROGRAM, *folders],
            capture_output=True,
            text=True,
            check=True,
            env=env,
        )
        new = set(json.loads(done.stdout.splitlines()[-1]))
        late = {name for name in new if name.split(".")[0] in ("certify", "pysat", "lark")}
        assert late - ALLOWED == set(), f"{run} run: add to parallel.WORKER_IMPORTS: {sorted(late)}"
        assert new >= EXPLANATION  # the samples' conflicts: imported after the fork, not before
