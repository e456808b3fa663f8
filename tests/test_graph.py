"""Pictures: the Scene says only what the report certifies; --graph writes SVG, PNG or DOT.

Scene tests need neither Graphviz nor its Python package.  Drawing tests need the package
(``certify[pictures]``) and, for SVG and PNG, ``dot``: they skip without it locally and fail
in CI, where ``.ci/run`` installs Graphviz and sets ``CERTIFY_PICTURES_REQUIRED``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from certify.cli.app import app
from certify.errors import ExitCode
from certify.output.scene import Cluster, Edge, Node, Scene, kinds_of, scene_of
from certify.pipeline import check
from certify.readout.answer import Options
from certify.report import Answer
from tests.paths import ROOT, SAMPLES

REQUIRED = bool(os.environ.get("CERTIFY_PICTURES_REQUIRED"))


def needs(available: bool, what: str) -> None:
    """Skip without ``what`` locally; fail in CI, which installs it."""
    if not available:
        if REQUIRED:
            pytest.fail(f"{what} is missing but CERTIFY_PICTURES_REQUIRED is set")
        pytest.skip(f"{what} is not installed")


def package() -> None:
    try:
        import graphviz  # noqa: F401
    except ImportError:
        needs(False, "the graphviz Python package")


def dot() -> None:
    package()
    needs(shutil.which("dot") is not None, "Graphviz's dot")


def certify(*args: str | Path) -> Result:
    return CliRunner().invoke(app, [str(a) for a in args], catch_exceptions=False)


def scene_for(path: Path, options: Options | None = None) -> Scene:
    text = path.read_text(encoding="utf-8")
    return scene_of(text, check(text, file=str(path), options=options), options)


def edges(scene: Scene, cluster: str) -> dict[tuple[str, str], Edge]:
    part = next(c for c in scene.clusters if c.name == cluster)
    return {(e.tail, e.head): e for e in part.edges}


def cluster(scene: Scene, name: str) -> Cluster:
    return next(c for c in scene.clusters if c.name == name)


# ------------------------------------------------------------------ what the scene says


def test_containment_arrows_are_the_certified_answers() -> None:
    arrows = edges(scene_for(SAMPLES / "location" / "containment.txt"), "containment")
    kinds = {pair: e.kind for pair, e in arrows.items()}
    assert kinds[("c:jar", "c:pantry")] == "always"  # forced: the pantry
    assert kinds[("c:pantry", "c:kitchen")] == "always"
    assert kinds[("c:Ana", "c:kitchen")] == "sometimes"  # open: the kitchen | the pantry
    assert kinds[("c:Ana", "c:pantry")] == "sometimes"
    assert ("c:jar", "c:kitchen") not in kinds  # "Where" is the innermost place
    assert not any(e.conflict for e in arrows.values())


def test_a_choice_of_containment_is_dashed_and_a_budget_leaves_dotted_candidates() -> None:
    text = (
        "Ana is in the kitchen or the garden or the hall.\n"
        "The pantry is in the kitchen or the pantry is in the hall.\n"
        "The jar is in the pantry.\n"
    )
    scene = scene_of(text, check(text))
    kinds = {pair: e.kind for pair, e in edges(scene, "containment").items()}
    assert kinds[("c:pantry", "c:kitchen")] == kinds[("c:pantry", "c:hall")] == "sometimes"
    assert kinds[("c:jar", "c:pantry")] == "always"
    assert "possible" not in kinds.values()
    tight = Options(budget=2)
    stopped = scene_of(text, check(text, options=tight), tight)
    limited = {pair: e.kind for pair, e in edges(stopped, "containment").items()}
    assert "possible" in limited.values()  # not ruled out, never drawn as witnessed
    assert limited[("c:jar", "c:pantry")] == "always"


def test_kinds_follow_the_status() -> None:
    def answer(status: str, answers: tuple[str, ...], witnessed: tuple[str, ...]) -> Answer:
        return Answer("Where is Ana?", 1, status, answers, witnessed, ())  # type: ignore[arg-type]

    assert kinds_of(answer("forced", ("the hall",), ("the hall",))) == [("the hall", "always")]
    assert kinds_of(answer("open", ("a", "b"), ("a", "b"))) == [
        ("a", "sometimes"),
        ("b", "sometimes"),
    ]
    assert kinds_of(answer("unresolved", ("a", "b"), ("a",))) == [
        ("a", "sometimes"),
        ("b", "possible"),
    ]
    assert kinds_of(answer("contradictory", (), ())) == []


def test_a_contradiction_draws_the_conflicting_atoms_in_red() -> None:
    scene = scene_for(SAMPLES / "ana-contradictory.txt")
    arrows = edges(scene, "containment")
    assert set(arrows) == {("c:Ana", "c:kitchen"), ("c:Ana", "c:garden")}
    assert all(e.conflict and e.label == "lines 2, 3" for e in arrows.values())
    assert scene.conflict == (
        (2, "Ana is in the kitchen or the garden."),
        (3, "Ana is not in the kitchen and Ana is not in the garden."),
    )
    statements = cluster(scene, "conflict")
    assert statements.row == ("s:2", "s:3")
    assert all(n.conflict for n in statements.nodes)


def test_a_negative_cycle_is_a_directed_cycle_of_bold_arrows() -> None:
    scene = scene_for(SAMPLES / "time" / "contradiction.txt")
    numbers = cluster(scene, "n0")
    assert all(e.cycle and e.conflict for e in numbers.edges)
    successor = {e.tail: e.head for e in numbers.edges}
    assert len(successor) == 3
    start = next(iter(successor))
    walk = [start]
    for _ in range(3):
        walk.append(successor[walk[-1]])
    assert walk[-1] == start and len(set(walk[:-1])) == 3  # the equality is walked back
    assert all(n.conflict for n in numbers.nodes)
    assert "negative cycle" in scene.detail


def test_crossing_bounds_are_red_but_not_a_cycle() -> None:
    numbers = cluster(scene_for(SAMPLES / "numbers" / "contradiction.txt"), "n0")
    assert {(e.tail, e.head) for e in numbers.edges} == {("n0:0", "n0:x"), ("n0:x", "n0:0")}
    assert all(e.conflict for e in numbers.edges)
    assert not any(e.cycle for e in numbers.edges)  # the interval domain's certificate: bounds


def test_a_linear_constraint_is_a_box_and_variables_carry_their_answers() -> None:
    numbers = cluster(scene_for(SAMPLES / "numbers" / "linear.txt"), "n0")
    notes = {n.label: n.note for n in numbers.nodes if n.role == "number"}
    assert notes == {"x": "forced: 2", "y": "open: [1, 4]"}
    box = next(n for n in numbers.nodes if n.role == "constraint")
    assert box.label.startswith("2·x + 3·y >= 7")
    joined = {(e.head, e.label) for e in numbers.edges if e.tail == box.key}
    assert joined == {("n0:x", "-2"), ("n0:y", "-3")}
    assert all(not e.directed for e in numbers.edges if e.tail == box.key)


def test_clock_constraints_read_as_times_and_minutes() -> None:
    numbers = cluster(scene_for(SAMPLES / "time" / "meeting.txt"), "n0")
    labels = {e.label for e in numbers.edges}
    assert "Ana arrives = 9:00  (line 2)" in labels
    assert "Bob arrives <= 9:30  (line 4)" in labels
    assert "Bob arrives - Carl arrives = 5 min  (line 5)" in labels
    notes = {n.label: n.note for n in numbers.nodes}
    assert notes["Carl arrives"] == "open: [9:05, 9:25]"


def test_comparisons_inside_connectives_are_conditional() -> None:
    numbers = cluster(scene_for(SAMPLES / "numbers" / "in-connectives.txt"), "n0")
    kinds = {e.label.split("  ")[0]: e.kind for e in numbers.edges}
    assert kinds["x < 5"] == "stated"
    assert kinds["x > 3"] == "conditional"


def test_attribute_conflicts_show_their_atoms() -> None:
    scene = scene_for(SAMPLES / "attributes" / "contradiction.txt")
    atoms = {n.label for n in cluster(scene, "conflict").nodes if n.role == "atom"}
    assert atoms == {
        "color(the car) = red",
        "color(the car) = color(the bike)",
        "color(the bike) = green",
    }


def test_values_properties_and_relations_are_certified_answers() -> None:
    values = edges(scene_for(SAMPLES / "attributes" / "colors.txt"), "facts")
    assert {pair: e.kind for pair, e in values.items()} == {
        ("f:car", "v:color:blue"): "always",
        ("f:bike", "v:color:red"): "always",
        ("f:van", "v:color:blue"): "always",
    }
    related = edges(scene_for(SAMPLES / "rules" / "relations.txt"), "facts")
    assert related[("f:dog", "f:cat")].kind == "always"  # forced: yes (line 6)
    assert related[("f:dog", "f:cat")].label == "like"
    assert related[("f:dog", "f:mouse")].kind == "sometimes"  # open (line 10)
    assert related[("f:cat", "p:happy")].kind == "always"


def test_every_sample_has_a_scene() -> None:
    for path in sorted(SAMPLES.rglob("*.txt")):
        scene = scene_for(path)
        # Independent readings are evidence, not constraints: nothing to draw.
        evidence_only = path.name == "accumulation.txt"
        assert bool(scene.clusters) != evidence_only, path
        keys = [n.key for c in scene.clusters for n in c.nodes]
        assert len(keys) == len(set(keys)), path
        for part in scene.clusters:
            for edge in part.edges:
                assert {edge.tail, edge.head} <= set(keys), (path, edge)


# ------------------------------------------------------------------ drawing


def test_labels_are_text_never_markup_or_escapes() -> None:
    package()
    from certify.output.graph import digraph

    node = Node("k", '<b>Ana</b> \\N "q"', "individual")
    source = digraph(Scene("f", "t", (Cluster("c", "c", (node,), ()),))).source
    assert '"<b>Ana</b> \\\\N \\"q\\""' in source  # quoted (not an HTML label), \N literal


def test_graph_svg_of_the_contradictory_sample(tmp_path: Path) -> None:
    dot()
    target = tmp_path / "c.svg"
    result = certify(SAMPLES / "ana-contradictory.txt", "--graph", target)
    assert result.exit_code == ExitCode.OK, result.stderr
    svg = target.read_text(encoding="utf-8")
    assert svg.lstrip().startswith("<?xml") and "</svg>" in svg
    for text in ("the kitchen", "the garden", "Ana", "lines 2, 3"):
        assert f">{text}</text>" in svg
    assert "line 2: Ana is in the kitchen or the garden." in svg
    assert svg.count('stroke="#c62828"') >= 4  # two red arrows (line and head) and two notes
    assert not list(tmp_path.glob(".certify-*"))  # the temporary file was renamed


def test_graph_png_and_dot(tmp_path: Path) -> None:
    dot()
    png, source = tmp_path / "t.png", tmp_path / "t.dot"
    assert certify(SAMPLES / "time" / "contradiction.txt", "--graph", png).exit_code == 0
    assert png.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")
    assert certify(SAMPLES / "time" / "contradiction.txt", "--graph", source).exit_code == 0
    text = source.read_text(encoding="utf-8")
    assert text.startswith("digraph certify {") and "penwidth=3" in text


def test_without_dot_the_dot_file_is_written_with_a_warning(tmp_path: Path) -> None:
    package()
    empty = tmp_path / "bin"
    empty.mkdir()
    target = tmp_path / "c.svg"
    command = [sys.executable, "-m", "certify", str(SAMPLES / "ana-contradictory.txt")]
    done = subprocess.run(
        [*command, "--graph", str(target)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "PATH": str(empty)},
        check=False,
    )
    assert done.returncode == ExitCode.OK, done.stderr
    assert "warning: Graphviz's dot is not on PATH" in done.stderr
    assert "apt-get install graphviz" in done.stderr
    assert not target.exists()
    assert (tmp_path / "c.dot").read_text(encoding="utf-8").startswith("digraph certify {")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--graph", "out.jpg"], "must end in one of .svg, .png, .dot, .gv"),
        (["--graph", "no/such/folder/out.svg"], "the folder of"),
    ],
)
def test_graph_usage_errors(args: list[str], message: str) -> None:
    result = certify(SAMPLES / "ana.txt", *args)
    assert result.exit_code == ExitCode.USAGE
    assert message in result.stderr


def test_an_unreadable_text_is_not_drawn(tmp_path: Path) -> None:
    text = tmp_path / "bad.txt"
    text.write_text("Ana is in the kitchen\n", encoding="utf-8")
    result = certify(text, "--graph", tmp_path / "b.svg")
    assert result.exit_code == ExitCode.BAD_TEXT
    assert "b.svg not drawn" in result.stderr and "has no final period" in result.stderr
    assert not (tmp_path / "b.svg").exists()


def test_graph_draws_one_text(tmp_path: Path) -> None:
    result = certify(SAMPLES / "location", "--graph", tmp_path / "x.svg")
    assert result.exit_code == ExitCode.USAGE
    assert "--graph draws one text" in result.stderr
    assert not (tmp_path / "x.svg").exists()
