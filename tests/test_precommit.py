"""``.pre-commit-hooks.yaml``: other repositories can run ``certify --check`` as a hook.

The project that uses the hook is a real one: texts in ``texts/``, and beside them a
``requirements.txt``, a ``notes.txt`` and a ``README.md`` that are not certify texts and must
never be checked.  Three levels: the declaration as documented; the hook's ``entry`` run on the
files its ``files`` pattern selects (fast, always); and pre-commit itself, with ``try-repo`` and
with the README's configuration snippet pinned to a tag (slow: pre-commit builds a virtualenv
and installs certify into it from the package index; skipped where pre-commit is missing).
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

from certify import __version__
from tests.paths import ROOT

GOOD = (
    "Ana is in the kitchen or the garden.\nWhere is Ana?\n"
    "# expect: open: the kitchen | the garden\n"
)
WRONG = "Ana is in the kitchen.\nWhere is Ana?\n# expect: forced: the garden\n"
UNRELATED = {
    "requirements.txt": "numpy>=1.24\nscipy>=1.10\n",
    "notes.txt": "Remember: the hall light is broken\n",
    "docs/LICENSE.txt": "MIT License\n",
    "README.md": "# A project\n",
}


def declared_hook() -> dict[str, Any]:
    """The one hook this repository declares."""
    yaml = pytest.importorskip("yaml")
    (declared,) = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    assert isinstance(declared, dict)
    return declared


def readme_snippet() -> dict[str, Any]:
    """The configuration the README tells users to copy."""
    yaml = pytest.importorskip("yaml")
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("### pre-commit") :]
    block = re.search(r"```yaml\n(.*?)```", section, flags=re.S)
    assert block is not None
    config = yaml.safe_load(block.group(1))
    assert isinstance(config, dict)
    return config


def git(folder: Path, *args: str) -> str:
    """Run git quietly in ``folder`` with a fixed identity; its output."""
    run = subprocess.run(
        ["git", "-c", "user.email=test@example.com", "-c", "user.name=test", *args],
        cwd=folder,
        check=True,
        capture_output=True,
        text=True,
    )
    return run.stdout


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A repository that uses the hook: a passing text in texts/, and unrelated files."""
    folder = tmp_path / "project"
    (folder / "texts").mkdir(parents=True)
    (folder / "texts" / "good.txt").write_text(GOOD, encoding="utf-8")
    for name, content in UNRELATED.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(content, encoding="utf-8")
    if shutil.which("git"):
        git(folder, "init", "-q", ".")
        git(folder, "add", "-A")
    return folder


def selected(pattern: str, folder: Path) -> list[str]:
    """The files of ``folder`` (relative, as pre-commit sees them) that ``pattern`` matches."""
    files = sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file())
    return [f for f in files if not f.startswith(".git/") and re.search(pattern, f)]


def test_the_hook_is_declared_as_documented() -> None:
    declared = declared_hook()
    assert declared["id"] == "certify-check"
    assert declared["language"] == "python"
    assert declared["types"] == ["text"]
    assert shlex.split(declared["entry"])[:2] == ["certify", "--check"]
    for path in ("texts/story.txt", "docs/texts/a.txt"):
        assert re.search(declared["files"], path), path
    for path in ("requirements.txt", "notes.txt", "texts/README.md", "docs/LICENSE.txt"):
        assert not re.search(declared["files"], path), path


def test_the_readme_snippet_pins_the_version_tag_and_names_a_folder() -> None:
    (repo,) = readme_snippet()["repos"]
    assert repo["rev"] == f"v{__version__}"
    (hook,) = repo["hooks"]
    assert hook["id"] == declared_hook()["id"]
    assert re.search(hook["files"], "puzzles/zebra.txt")
    assert not re.search(hook["files"], "requirements.txt")


def test_the_entry_as_declared(project: Path) -> None:
    declared = declared_hook()
    command = shlex.split(declared["entry"])
    command[0] = str(Path(sys.executable).with_name("certify"))
    chosen = selected(declared["files"], project)
    assert chosen == ["texts/good.txt"]
    passing = subprocess.run([*command, *chosen], cwd=project, capture_output=True, text=True)
    assert (passing.returncode, passing.stdout) == (0, "")
    (project / "texts" / "wrong.txt").write_text(WRONG, encoding="utf-8")
    failing = subprocess.run(
        [*command, *selected(declared["files"], project)],
        cwd=project,
        capture_output=True,
        text=True,
    )
    assert failing.returncode == 1
    assert "FAIL texts/wrong.txt:3" in failing.stdout
    assert "witness: Ana is in the kitchen" in failing.stdout
    # What the default pattern leaves out would not even read as a text:
    unrelated = subprocess.run([*command, "notes.txt"], cwd=project, capture_output=True)
    assert unrelated.returncode == 3


def _source_repository(tmp_path: Path) -> tuple[Path, str]:
    """This working tree committed to a scratch repository, tagged as the README says."""
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
    tag = readme_snippet()["repos"][0]["rev"]
    git(source, "tag", tag)
    return source, tag


def _pre_commit(project: Path, tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    pre_commit = Path(sys.executable).with_name("pre-commit")
    return subprocess.run(
        [str(pre_commit), *args],
        cwd=project,
        capture_output=True,
        text=True,
        env={**os.environ, "PRE_COMMIT_HOME": str(tmp_path / "cache")},
    )


def _needs_pre_commit() -> None:
    if not Path(sys.executable).with_name("pre-commit").exists() or not shutil.which("git"):
        pytest.skip("pre-commit (pip install pre-commit) and git are needed")


@pytest.mark.slow
def test_pre_commit_try_repo_checks_the_texts_only(project: Path, tmp_path: Path) -> None:
    _needs_pre_commit()
    source, _ = _source_repository(tmp_path)
    (project / "texts" / "wrong.txt").write_text(WRONG, encoding="utf-8")
    git(project, "add", "-A")
    run = _pre_commit(project, tmp_path, "try-repo", str(source), "certify-check", "--all-files")
    output = run.stdout + run.stderr
    assert run.returncode == 1, output
    assert "certify --check" in run.stdout and "Failed" in run.stdout
    assert "FAIL texts/wrong.txt:3" in run.stdout
    assert "good.txt" not in run.stdout  # --quiet: passing texts stay silent
    for name in UNRELATED:
        assert Path(name).name not in output, name
    (project / "texts" / "wrong.txt").unlink()
    git(project, "add", "-A")
    run = _pre_commit(project, tmp_path, "try-repo", str(source), "certify-check", "--all-files")
    assert run.returncode == 0, run.stdout + run.stderr
    assert "Passed" in run.stdout


@pytest.mark.slow
def test_the_readme_configuration_works_as_copied(project: Path, tmp_path: Path) -> None:
    """The README's snippet, with only the URL replaced: the tag, and `files` for a folder."""
    _needs_pre_commit()
    yaml = pytest.importorskip("yaml")
    source, tag = _source_repository(tmp_path)
    config = readme_snippet()
    config["repos"][0]["repo"] = str(source)
    (project / ".pre-commit-config.yaml").write_text(yaml.safe_dump(config), encoding="utf-8")
    (project / "puzzles").mkdir()
    (project / "puzzles" / "riddle.txt").write_text(WRONG, encoding="utf-8")
    git(project, "add", "-A")
    run = _pre_commit(project, tmp_path, "run", "--all-files")
    output = run.stdout + run.stderr
    assert run.returncode == 1, output
    assert "FAIL puzzles/riddle.txt:3" in run.stdout
    assert "texts/good.txt" not in output  # the configured folder replaces the default one
    for name in UNRELATED:
        assert Path(name).name not in output, name
    assert config["repos"][0]["rev"] == tag
