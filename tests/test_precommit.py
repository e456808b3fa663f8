"""``.pre-commit-hooks.yaml``: other repositories can run ``certify --check`` as a hook.

Two levels: the hook's ``entry`` run exactly as declared on the files its ``files`` pattern
selects (fast, always), and ``pre-commit try-repo`` against a throw-away repository holding
this working tree (slow: pre-commit builds a virtualenv and installs certify into it, from the
package index; skipped where pre-commit is not installed).
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.paths import ROOT

GOOD = (
    "Ana is in the kitchen or the garden.\nWhere is Ana?\n"
    "# expect: open: the kitchen | the garden\n"
)
WRONG = "Ana is in the kitchen.\nWhere is Ana?\n# expect: forced: the garden\n"


def hook() -> dict[str, Any]:
    """The one hook this repository declares."""
    yaml = pytest.importorskip("yaml")
    (declared,) = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    assert isinstance(declared, dict)
    return declared


def git(folder: Path, *args: str) -> None:
    """Run git quietly in ``folder`` with a fixed identity."""
    subprocess.run(
        ["git", "-c", "user.email=test@example.com", "-c", "user.name=test", *args],
        cwd=folder,
        check=True,
        capture_output=True,
    )


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A repository that uses the hook: one passing text, one failing, one non-text file."""
    folder = tmp_path / "project"
    folder.mkdir()
    (folder / "good.txt").write_text(GOOD, encoding="utf-8")
    (folder / "notes.md").write_text("Not a text for certify.\n", encoding="utf-8")
    if shutil.which("git"):
        git(folder, "init", "-q", ".")
        git(folder, "add", "-A")
    return folder


def test_the_hook_is_declared_as_documented() -> None:
    declared = hook()
    assert declared["id"] == "certify-check"
    assert declared["language"] == "python"
    assert shlex.split(declared["entry"])[:2] == ["certify", "--check"]
    assert re.search(declared["files"], "texts/story.txt")
    assert not re.search(declared["files"], "notes.md")


def test_the_entry_as_declared(project: Path) -> None:
    declared = hook()
    command = shlex.split(declared["entry"])
    command[0] = str(Path(sys.executable).with_name("certify"))
    selected = sorted(
        p.name for p in project.iterdir() if p.is_file() and re.search(declared["files"], p.name)
    )
    assert selected == ["good.txt"]
    passing = subprocess.run([*command, *selected], cwd=project, capture_output=True, text=True)
    assert (passing.returncode, passing.stdout) == (0, "")
    (project / "wrong.txt").write_text(WRONG, encoding="utf-8")
    failing = subprocess.run(
        [*command, "good.txt", "wrong.txt"], cwd=project, capture_output=True, text=True
    )
    assert failing.returncode == 1
    assert "FAIL wrong.txt:3" in failing.stdout
    assert "witness: Ana is in the kitchen" in failing.stdout


@pytest.mark.slow
def test_pre_commit_try_repo(project: Path, tmp_path: Path) -> None:
    pre_commit = Path(sys.executable).with_name("pre-commit")
    if not pre_commit.exists() or not shutil.which("git"):
        pytest.skip("pre-commit (pip install pre-commit) and git are needed")
    # try-repo only sees committed files, so commit this working tree to a scratch repository.
    source = tmp_path / "certify-repo"
    source.mkdir()
    for name in ("pyproject.toml", "README.md", ".pre-commit-hooks.yaml"):
        shutil.copy(ROOT / name, source / name)
    shutil.copytree(ROOT / "grammar", source / "grammar")
    shutil.copytree(
        ROOT / "certify", source / "certify", ignore=shutil.ignore_patterns("__pycache__")
    )
    git(source, "init", "-q", ".")
    git(source, "add", "-A")
    git(source, "commit", "-qm", "certify")
    (project / "wrong.txt").write_text(WRONG, encoding="utf-8")
    git(project, "add", "-A")
    run = subprocess.run(
        [str(pre_commit), "try-repo", str(source), "certify-check", "--all-files"],
        cwd=project,
        capture_output=True,
        text=True,
        env={**os.environ, "PRE_COMMIT_HOME": str(tmp_path / "cache")},
    )
    assert run.returncode == 1, run.stdout + run.stderr
    assert "certify --check" in run.stdout and "Failed" in run.stdout
    assert "FAIL wrong.txt:3" in run.stdout
    assert "good.txt" not in run.stdout  # --quiet: passing texts stay silent
