"""The corpus benchmarks feed certify the corpus text verbatim and count a refusal as not parsed."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from certify import TextError
from certify import check as certify_check
from tests.paths import ROOT

sys.path.insert(0, str(ROOT / "benchmarks"))

import babi
import batch_throughput
import corpus
import corpus_throughput
import hostile
import logiclm
import stepgame
import web_of_lies

needs_corpora = pytest.mark.skipif(
    not corpus.CORPORA.is_dir(), reason="../shared/corpora is not beside the checkout"
)
STORIES = 3  # per task or corpus: a handful, to keep the suite fast


class Recorder:
    """``certify.check`` that remembers exactly what it was given."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, tuple[str, ...], bool]] = []

    def __call__(self, text: str, questions: list[str], *, options: Any) -> Any:
        self.calls.append((text, tuple(questions), options.story))
        return certify_check(text, questions, options=options)


def refuse(text: str, questions: list[str], *, options: Any) -> Any:
    """A check that refuses every text."""
    raise TextError("refused on purpose", line=1, column=1, source_line=text.split("\n")[0])


def stuck_on_slow(text: str, questions: list[str], *, options: Any) -> Any:
    """A check that does not return on a text starting 'Slow', and checks any other."""
    if text.startswith("Slow"):
        time.sleep(600)
    return certify_check(text, questions, options=options)


def babi_lines(path: Any) -> list[list[str]]:
    """The file's stories as raw lines, read independently of the benchmark."""
    found: list[list[str]] = []
    for raw in path.read_bytes().decode("utf-8").split("\n")[:-1]:
        if raw.startswith("1 "):
            found.append([])
        found[-1].append(raw)
    return found


@needs_corpora
@pytest.mark.parametrize("task", babi.TASKS)
def test_babi_story_text_is_the_file_line_by_line(task: int) -> None:
    path = babi.task_file(task, "train")
    assert path is not None
    raws = babi_lines(path)
    items = babi.items(task, "train")
    assert len(items) == len(raws)
    for item, story in zip(items, raws):
        lines = item.text.split("\n")
        assert len(lines) == len(story)  # no line dropped, none added
        for number, (line, raw) in enumerate(zip(lines, story), start=1):
            rest = raw.removeprefix(f"{number} {line}")
            assert rest == "" or rest.startswith("\t"), (raw, line)  # byte for byte
            assert "\t" not in line
        assert len(item.questions) == sum("\t" in raw for raw in story)


@needs_corpora
@pytest.mark.parametrize("task", [1, 6, 10, 19])
def test_babi_run_hands_the_story_to_check_unchanged(task: int) -> None:
    recorder = Recorder()
    tally = corpus.Tally("t")
    for item in babi.items(task, "train", STORIES):
        outcome = corpus.run_item(item, recorder)
        assert recorder.calls[-1] == (item.text, (), True)
        tally.add(item, outcome)
    assert tally.items == STORIES
    assert tally.parsed + tally.refused + tally.crashed + tally.timeouts == STORIES


@needs_corpora
def test_babi_possession_sentences_reach_certify() -> None:
    """Task 6's possession sentences are in the text; a story certify refuses is not parsed."""
    items = babi.items(6, "train", 20)
    story = next(item for item in items if " picked up " in item.text)
    outcome = corpus.run_item(story)
    tally = corpus.Tally("qa6")
    tally.add(story, outcome)
    assert tally.parsed == (outcome.kind == "report")
    if outcome.kind != "report":
        assert tally.agree == tally.parsed_questions == 0
        assert tally.questions == len(story.questions) > 0


@needs_corpora
def test_babi_task_10_degenerate_disjunctions_are_the_known_divergences() -> None:
    """ANALYSIS.md §3.4: 11 train questions follow 'X is either in the P or the P.'."""
    items = babi.items(10, "train")
    divergent = [q for item in items for q in item.questions if q.classical is not None]
    assert len(divergent) == 11
    assert all(q.gold == "maybe" and q.classical == corpus.YES for q in divergent)


@needs_corpora
@pytest.mark.parametrize("name", sorted(logiclm.LOGICLM))
def test_logiclm_context_and_statement_are_verbatim(name: str) -> None:
    path = corpus.CORPORA / logiclm.LOGICLM[name] / "dev.json"
    records = json.loads(path.read_text(encoding="utf-8"))[:STORIES]
    recorder = Recorder()
    for record, item in zip(records, logiclm.logiclm_items(name, "dev", STORIES)):
        assert record["context"].endswith(item.text)
        dropped = record["context"][: len(record["context"]) - len(item.text)]
        assert dropped == "" or logiclm.PREAMBLE.fullmatch(dropped), dropped  # only the preamble
        frame = "Is it true that "
        for ask in item.asks:
            assert ask.startswith(frame) and ask.endswith("?")
            statement = ask[len(frame) : -1] + "."
            found = [record["question"], *(o.partition(") ")[2] for o in record["options"])]
            assert any(text.endswith(statement) for text in found), (ask, found)
        corpus.run_item(item, recorder)
        assert recorder.calls[-1] == (item.text, item.asks, False)


@needs_corpora
def test_proofwriter_dev_has_the_fifteen_classical_divergences() -> None:
    items = logiclm.logiclm_items("proofwriter", "dev", None)
    assert sum(q.classical is not None for item in items for q in item.questions) == 15


@needs_corpora
def test_bbh_text_is_the_input_before_its_options() -> None:
    recorder = Recorder()
    for task, items in logiclm.bbh_tasks(STORIES).items():
        examples = json.loads((corpus.CORPORA / "bbh" / f"{task}.json").read_text())["examples"]
        for example, item in zip(examples, items):
            whole = logiclm.without_preamble(example["input"])
            whole = whole.removeprefix(logiclm.LABELS.get(task, ""))
            dropped = example["input"][: len(example["input"]) - len(whole)]
            fixed = dropped in ("", logiclm.LABELS.get(task))
            assert fixed or logiclm.PREAMBLE.fullmatch(dropped), dropped
            assert whole == item.text or whole.startswith(item.text + "\nOptions:\n")
            corpus.run_item(item, recorder)
            assert recorder.calls[-1][0] == item.text


def small_item(expected: corpus.Expected) -> corpus.Item:
    question = corpus.Question("q", "gold", expected, line=2)
    return corpus.Item("i", "Ana is in the kitchen.\nWhere is Ana?", (question,))


def test_a_refusal_is_not_parsed_and_agrees_with_nothing() -> None:
    item = small_item(corpus.Expected("forced", ("kitchen",)))
    outcome = corpus.run_item(item, refuse)
    assert outcome.kind == "refused" and "refused on purpose" in outcome.error
    tally = corpus.Tally("t")
    tally.add(item, outcome)
    assert (tally.items, tally.parsed, tally.refused, tally.questions) == (1, 0, 1, 1)
    assert tally.agree == tally.agree_classical == tally.parsed_questions == 0
    assert tally.failures and "refused" in tally.failures[0]


def test_agreement_and_disagreement_are_counted() -> None:
    tally = corpus.Tally("t")
    for expected in (corpus.Expected("forced", ("kitchen",)), corpus.Expected("forced", ("hall",))):
        item = small_item(expected)
        tally.add(item, corpus.run_item(item))
    assert (tally.parsed, tally.agree, tally.items_agree) == (2, 1, 1)
    assert tally.disagreements == ["q: certify forced kitchen; gold gold"]


def test_classical_answer_is_scored_apart_from_gold() -> None:
    question = corpus.Question("q", "maybe", corpus.OPEN, classical=corpus.YES, line=2)
    item = corpus.Item("i", "Ana is in the kitchen.\nIs Ana in the kitchen?", (question,))
    tally = corpus.Tally("t")
    tally.add(item, corpus.run_item(item))
    assert (tally.divergent, tally.agree, tally.agree_classical) == (1, 0, 1)


def test_answers_are_compared_as_words() -> None:
    assert corpus.words("the apple and the football") == ("apple", "football")
    got = corpus.Got(3, "forced", ("football", "apple"))
    assert corpus.agrees(corpus.Expected("forced", ("apple", "football")), got)
    assert not corpus.agrees(corpus.Expected("forced", ("apple", "football"), ordered=True), got)
    assert not corpus.agrees(corpus.OPEN, got)
    assert not corpus.agrees(corpus.YES, None)


def test_worker_stops_an_item_that_does_not_return_and_goes_on() -> None:
    item = small_item(corpus.Expected("forced", ("kitchen",)))
    slow = corpus.Item("slow", "Slow " + item.text, item.questions)
    worker = corpus.Worker(cap=2.0, check=stuck_on_slow)
    try:
        tally = corpus.measure("t", [item, slow, item], worker)
    finally:
        worker.close()
    assert (tally.items, tally.parsed, tally.agree, tally.timeouts) == (3, 2, 2, 1)
    assert tally.failures == ["slow: timeout: no answer in 2 s"]


@needs_corpora
def test_web_of_lies_text_is_the_input_without_its_preamble() -> None:
    examples = json.loads(web_of_lies.PATH.read_text(encoding="utf-8"))["examples"]
    found = web_of_lies.items(None)
    assert len(found) == len(examples) == 250
    for example, item in zip(examples, found):
        assert "Question: " + item.text == example["input"]
        (question,) = item.questions
        assert question.expected == web_of_lies.TARGETS[example["target"]]


@needs_corpora
def test_web_of_lies_items_parse_and_agree() -> None:
    """A handful of the corpus, through certify: every one read and answered as gold says
    (the whole corpus: ``python benchmarks/web_of_lies.py``)."""
    tally = corpus.measure("web of lies", web_of_lies.items(12), None)
    assert (tally.parsed, tally.agree, tally.questions) == (12, 12, 12), tally.disagreements


@needs_corpora
def test_stepgame_story_text_is_the_file_verbatim_with_the_grid_reading() -> None:
    """Each story sentence a line, in order, the question last; agreement needs the DBM."""
    examples = stepgame.examples(3)
    key, example = next(iter(examples.items()))
    found = stepgame.item(3, key, example)
    story = example["story"]
    assert isinstance(story, list)
    assert found.text == "\n".join([*story, str(example["question"])])
    assert found.grid and not found.story
    (question,) = found.questions
    assert question.expected.domain == "dbm" and question.line == len(story) + 1
    outcome = corpus.run_item(found)
    assert outcome.kind == "report" and outcome.answers[-1].domain == "dbm"


def test_throughput_corpus_is_the_generators_text_with_its_questions(tmp_path: Any) -> None:
    """Kinds in turn, each text verbatim with its --ask questions as lines; a kept corpus is
    reused only when it was drawn the same way."""
    folder = tmp_path / "corpus"
    said = corpus_throughput.prepare(folder, 6, 3, corpus_throughput.KINDS)
    assert said.startswith("generated")
    written = [corpus_throughput.path_of(folder, i).read_text() for i in range(6)]
    assert sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*.txt")) == [
        f"000/00000{i}.txt" for i in range(6)
    ]
    assert written[0::2] == corpus_throughput.finite(3, 3)
    assert written[1::2] == corpus_throughput.numeric(3, 3)
    assert all(text.endswith("\n") and "\n\n" not in text for text in written)
    assert corpus_throughput.prepare(folder, 6, 3, corpus_throughput.KINDS).startswith("reused")
    with pytest.raises(SystemExit, match="something else"):
        corpus_throughput.prepare(folder, 7, 3, corpus_throughput.KINDS)


def test_throughput_refuses_outputs_that_differ() -> None:
    run = corpus_throughput.Run("a", 1.0, 1.0, 0, "0" * 64, 5, 0, 100)
    other = corpus_throughput.Run("b", 1.0, 1.0, 0, "1" * 64, 5, 0, 100)
    short = corpus_throughput.Run("c", 1.0, 1.0, 0, "0" * 64, 4, 0, 100)
    assert corpus_throughput.same_output([run, run], 5) == "0" * 64
    with pytest.raises(SystemExit, match="differ"):
        corpus_throughput.same_output([run, other], 5)
    with pytest.raises(SystemExit, match="differ"):
        corpus_throughput.same_output([run, short], 5)


ROW = r"\s+(\d+\.\d) +(\d+\.\d) +(\d+\.\d\d) +(\d+\.\d{4}) +(\d+\.\d\d)$"


def test_throughput_benchmark_prints_the_table_and_one_hash(tmp_path: Any) -> None:
    """The whole benchmark on a tiny corpus, this tree's certify: three rows, one hash over
    three byte-identical outputs, and the projection with its inputs."""
    pytest.importorskip("distributed")
    count = 12
    command = [sys.executable, str(ROOT / "benchmarks" / "corpus_throughput.py")]
    command += ["--count", str(count), "--sample", str(count)]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}  # this tree, from the runs' own folder
    env["XDG_CACHE_HOME"] = str(tmp_path / "cache")  # the runs write caches: not the user's
    done = subprocess.run(command, capture_output=True, text=True, env=env, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    out = done.stdout
    labels = [label for label, _ in corpus_throughput.CONFIGURATIONS]
    for label in labels:
        (row,) = re.findall(re.escape(label) + ROW, out, re.MULTILINE)
        assert float(row[0]) > 0 and float(row[1]) > 0
    assert re.search(r"^outputs: byte-identical, sha256 [0-9a-f]{64} \(12 lines\)$", out, re.M)
    assert re.search(r"^certify: .*source tree.* \(exit [03], \d+ refused\)$", out, re.M)
    for name in ("worker ", "serving", "render "):
        assert re.search(rf"^  {name} = \d+\.\d+ ms CPU per text", out, re.M), name
    assert re.search(
        r"^  => \d+ texts/s for 20 workers, bound by the (workers|client and scheduler)$", out, re.M
    )


def test_six_people_answers_are_clingos_brave_consequences() -> None:
    pytest.importorskip("clingo")  # the benchmark extra: certify[benchmark]
    import puzzle_clingo

    text, program = puzzle_clingo.six_people()
    assert text.count("?") == 7 and "are in different places." in text
    report = certify_check(text)
    assert all(q.status in ("forced", "open") for q in report.questions)
    puzzle_clingo.agree(text, program)  # exits 1 on any difference
    with pytest.raises(SystemExit):  # and a clue clingo does not have is a difference
        puzzle_clingo.agree(text.replace("Ana is not in the study.\n", ""), program)


def test_speed_scripts_print_the_machines_reference_first() -> None:
    import machine

    assert machine._workload() == machine._workload() > 0  # the same work every time
    assert re.fullmatch(r"machine: reference workload \d+\.\d ms \(.*\)", machine.line())
    scripts = ("startup", "batch_throughput", "jobs_choice", "location_growth", "difference_growth")
    for script in scripts:
        source = (ROOT / "benchmarks" / f"{script}.py").read_text()
        assert "print(machine_line())" in source, script


@pytest.mark.skipif(not hasattr(os, "fork"), reason="the split workload forks")
@pytest.mark.parametrize(("processes", "count"), [(1, 3), (2, 5), (3, 7), (4, 2)])
def test_machine_split_runs_the_count_once_across_its_processes(
    processes: int, count: int, tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    import machine

    marks = tmp_path / "marks"

    def workload() -> int:  # one byte per workload, from whichever process runs it
        with marks.open("ab") as out:
            out.write(str(os.getpid() % 10).encode())
        return 0

    monkeypatch.setattr(machine, "_workload", workload)
    parent = os.getpid()
    assert machine.split(processes, count) > 0
    assert os.getpid() == parent  # no child came back from the split
    done = marks.read_bytes()
    assert len(done) == count
    if processes == 1:
        assert set(done.decode()) == {str(parent % 10)}  # in this process, nothing forked


@pytest.mark.skipif(not hasattr(os, "fork"), reason="the split workload forks")
def test_batch_throughput_prints_each_rate_the_cpu_and_the_machines_own_speed_up() -> None:
    from pathlib import Path

    if not Path(sys.executable).with_name("certify").exists():
        pytest.skip("no certify script beside this interpreter")
    script = ROOT / "benchmarks" / "batch_throughput.py"
    arguments = ["--count", "10", "--pairs", "2", "--runs", "1", "--machine-count", "2"]
    done = subprocess.run(
        [sys.executable, str(script), "--python", sys.executable, *arguments],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert re.search(r"^API, one process: +\d+\.\d texts/s .* over 2; target ≥ 1000\)$", out, re.M)
    for jobs, target in (("1", "≥ 500"), ("2", "≥ 1.6×")):
        rate = rf"^certify DIR --check --jobs {jobs}: +\d+\.\d texts/s "
        assert re.search(rf"{rate}.* over 2; target {target}\)$", out, re.M), jobs
    lines = (
        r"^  --jobs 2: (\d+\.\d\d)× the CPU seconds of --jobs 1 \(.* over 2\); the machine's own "
        r"speed-up, 2 pure-Python workloads in 2 processes against 1: (\d+\.\d\d)× \(.* over 2\)$",
        r"^  start-up of a one-text batch (\d+) ms \(.* over 2\): serial, it leaves --jobs 2 at "
        r"most (\d+\.\d\d)× \(.* over 2; Amdahl with the machine's own speed-up\)$",
    )
    for line in lines:  # the CPU and the machine's own speed-up; the start-up and the bound
        found = re.search(line, out, re.M)
        assert found is not None, out
        assert float(found.group(1)) > 0 and float(found.group(2)) > 0


@pytest.mark.skipif(not hasattr(os, "fork"), reason="--jobs forks")
def test_jobs_choice_prints_each_size_its_ratio_and_what_jobs_chose() -> None:
    if not Path(sys.executable).with_name("certify").exists():
        pytest.skip("no certify script beside this interpreter")
    script = ROOT / "benchmarks" / "jobs_choice.py"
    arguments = ["--python", sys.executable, "--sizes", "2", "--pairs", "2", "--long"]
    done = subprocess.run(
        [sys.executable, str(script), *arguments],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    two = (
        r"^    2 small texts: --jobs 1 +\d+ ms; --jobs 2 (\d+\.\d\d)× its wall time \(.* over 2\), "
    )
    # two files: the first here, then one left, which no worker can share
    found = re.search(two + r"kept in one process; target ≤ 1\.05$", done.stdout, re.M)
    assert found is not None and float(found.group(1)) > 0, done.stdout
    worst = r"^worst size: --jobs 2 at (\d+\.\d\d)× the wall time of --jobs 1 \(target ≤ 1\.05\)$"
    assert re.search(worst, done.stdout, re.M), done.stdout


def test_amdahl_bound_of_a_parallel_run() -> None:
    """The bound ``batch_throughput.py`` prints: a serial start-up, the rest sped up."""
    assert batch_throughput.amdahl(1.0, 0.0, 2.0) == pytest.approx(2.0)
    assert batch_throughput.amdahl(1.0, 0.1, 2.0) == pytest.approx(1.0 / 0.55)
    assert batch_throughput.amdahl(1.0, 0.1, 1.84) == pytest.approx(1.0 / (0.1 + 0.9 / 1.84))
    assert batch_throughput.amdahl(0.05, 0.1, 2.0) == pytest.approx(1.0)  # all of it start-up


def test_every_bad_input_of_spec_section_9_is_refused_in_every_mode(tmp_path: Path) -> None:
    """``hostile.py``'s list of SPEC section 9's bad inputs, each in its four output modes,
    in one process per run as a user runs it: exit 3, the file named, no traceback.  (A
    word in two roles once exited 0 in every mode, and only the benchmark saw it.)"""
    assert hostile.spec_bad_inputs(tmp_path) == 0
