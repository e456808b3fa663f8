"""Which files a batch certifies, and in what order: ``collect`` against the definition it
had, written here with ``os.walk``, ``Path.parts`` and a real path per file."""

from __future__ import annotations

import fnmatch
import os
import random
from pathlib import Path

import pytest

from certify.cli.batch import collect


def by_definition(paths: list[str], pattern: str = "*.txt") -> list[tuple[str, str | None]]:
    """Folders walked with ``os.walk`` (hidden folders skipped, links to folders not entered),
    files sorted by their path components, each real path kept once; errors by their message."""
    found: list[tuple[str, str | None]] = []
    seen: set[str] = set()
    for raw in paths:
        if Path(raw).is_dir():
            files: list[str] = []
            for folder, subfolders, names in os.walk(Path(raw)):
                subfolders[:] = sorted(d for d in subfolders if not d.startswith("."))
                files += [os.path.join(folder, n) for n in names if fnmatch.fnmatch(n, pattern)]
            if not files:
                found.append((raw, f"no {pattern} files in this folder"))
            for file in sorted(files, key=lambda p: Path(p).parts):
                if os.path.realpath(file) not in seen:
                    seen.add(os.path.realpath(file))
                    found.append((file, None))
        elif Path(raw).exists():
            if os.path.realpath(raw) not in seen:
                seen.add(os.path.realpath(raw))
                found.append((raw, None))
        else:
            found.append((raw, "no such file or folder"))
    return found


def collected(paths: list[str], pattern: str = "*.txt") -> list[tuple[str, str | None]]:
    return [(p, None if e is None else e.message) for p, e in collect(paths, pattern)]


NAMES = ("a", "B", "a-1", "a.b", "a0", "z", ".h", "x y", "é", "a_", "10", "9")


def tree(root: Path, rng: random.Random) -> list[str]:
    """A random tree of folders, files and links (to files, folders, nothing, loops); returns
    paths to name on a command line."""
    folders = [root]
    made: list[Path] = []
    for _ in range(rng.randint(3, 25)):
        parent = rng.choice(folders)
        name = rng.choice(NAMES) + rng.choice(("", ".txt", ".TXT", ".story"))
        path = parent / name
        if path.exists() or path.is_symlink():
            continue
        kind = rng.random()
        if kind < 0.3 and path.suffix == "":
            path.mkdir()
            folders.append(path)
        elif kind < 0.75 or not made:
            path.write_text("x", encoding="utf-8")
        else:
            path.symlink_to(rng.choice([*made, *folders, root / "gone.txt"]))
        made.append(path)
    if rng.random() < 0.3:  # the whole tree through a link to its folder
        (root.parent / f"{root.name}-link").symlink_to(root)
        folders.append(root.parent / f"{root.name}-link")
    spelled = [str(f) for f in folders] + [str(m) for m in made] + [str(root / "missing")]
    spelled += [str(root) + "/", str(root) + "/./", os.path.relpath(root)]
    return rng.sample(spelled, rng.randint(1, min(5, len(spelled))))


@pytest.mark.parametrize("seed", range(60))
def test_collect_names_the_files_the_definition_names(
    tmp_path: Path, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    rng = random.Random(seed)
    root = tmp_path / "texts"
    root.mkdir()
    monkeypatch.chdir(tmp_path)
    paths = tree(root, rng)
    for pattern in ("*.txt", "*", "a*"):
        assert collected(paths, pattern) == by_definition(paths, pattern)


def test_order_follows_path_components_not_strings(tmp_path: Path) -> None:
    """``a/z.txt`` comes before ``a-1.txt`` (``a`` < ``a-1``) though ``/`` sorts after ``-``."""
    (tmp_path / "a").mkdir()
    for name in ("a/z.txt", "a-1.txt", "a.txt", "B.txt"):
        (tmp_path / name).write_text("x", encoding="utf-8")
    names = [os.path.relpath(p, tmp_path) for p, _ in collect([str(tmp_path)])]
    assert names == ["B.txt", "a/z.txt", "a-1.txt", "a.txt"]


def test_a_file_named_twice_or_through_a_link_is_collected_once(tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "one.txt").write_text("x", encoding="utf-8")
    (tmp_path / "again.txt").symlink_to(tmp_path / "sub" / "one.txt")
    (tmp_path / "folder-link").symlink_to(tmp_path / "sub")
    paths = [str(tmp_path), str(tmp_path / "sub" / "one.txt"), str(tmp_path / "folder-link")]
    assert [p for p, _ in collect(paths)] == [str(tmp_path / "again.txt")]
