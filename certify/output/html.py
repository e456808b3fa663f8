"""A batch as one self-contained HTML page: ``certify DIR --html report.html``.

The page shows what the Reports say and nothing more: per file its statuses with counts,
each question expandable to its answer set, witnesses, support or conflict (the sentences
with their line numbers), and the file's picture (``certify.output.scene`` drawn by
``certify.output.graph``) as inline SVG.  The CSS and the script (a filter by status and by text)
are inlined from ``certify/output/assets``, so the page needs no network.  Every piece of user text
goes through ``html.escape``; the SVG comes from ``dot``, which escapes its labels.  The file
is written atomically (a temporary file, then ``os.replace``).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from html import escape
from importlib import resources
from typing import TYPE_CHECKING

from certify.errors import CertifyError

if TYPE_CHECKING:
    from certify.output.results import FileResult, Summary
    from certify.readout.answer import Options
    from certify.report import Answer, Conflict, Report

STATUSES = ("forced", "open", "contradictory", "unresolved", "error")
_PROLOG = re.compile(r"^\s*(<\?xml[^>]*\?>\s*)?(<!DOCTYPE[^>]*>\s*)?", re.IGNORECASE)


def write_page(
    target: str,
    results: Sequence[FileResult],
    summary: Summary,
    options: Options | None = None,
    pictures: bool = True,
) -> list[str]:
    """Write the page of a finished batch to ``target``; return warnings (pictures left out)."""
    from certify.output.graph import write_atomically

    warnings: list[str] = []
    page = render_page(results, summary, options, warnings if pictures else None)
    write_atomically(target, page.encode("utf-8"))
    return list(dict.fromkeys(warnings))


def render_page(
    results: Sequence[FileResult],
    summary: Summary,
    options: Options | None = None,
    warnings: list[str] | None = None,
) -> str:
    """The whole page as a string; pictures only when ``warnings`` collects their problems."""
    css = _asset("report.css")
    script = _asset("report.js")
    boxes = "".join(
        f'<label><input type="checkbox" value="{s}" checked> '
        f'<span class="status {s}">{s}</span> ({_status_count(summary, results, s)})</label>'
        for s in STATUSES
    )
    body = "\n".join(_file(result, options, warnings) for result in results)
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>certify: {escape(summary.line())}</title>
<script>window.pageErrors = [];
window.addEventListener("error", (event) => window.pageErrors.push(String(event.message)));
</script>
<style>
{css}</style>
</head>
<body>
<h1>certify report</h1>
<p class="summary">{escape(summary.line())}</p>
<div class="controls">{boxes}
<input type="search" id="search" placeholder="search questions, answers, sentences, files"
 aria-label="search">
<span id="shown"></span></div>
<pre id="selftest" hidden></pre>
{body}
<script>
{script}</script>
</body>
</html>
"""


def _asset(name: str) -> str:
    return (
        resources.files("certify.output")
        .joinpath("assets")
        .joinpath(name)
        .read_text(encoding="utf-8")
    )


def _status_count(summary: Summary, results: Sequence[FileResult], status: str) -> int:
    if status == "error":
        return sum(1 for r in results if r.report is None)
    return dict(summary.questions).get(status, 0)


def _file(result: FileResult, options: Options | None, warnings: list[str] | None) -> str:
    """One file: a summary line with counts, then its questions and its picture."""
    path = escape(result.path)
    if result.report is None:
        problem = result.error.render() if result.error is not None else result.internal or ""
        what = "error" if result.error is not None else "internal error (a bug in certify)"
        search = escape(f"{result.path} {problem}".lower())
        return (
            f'<details class="file" data-status="error" data-search="{search}" open>'
            f'<summary>{path} <span class="status error">{what}</span></summary>'
            f"<pre>{escape(problem)}</pre></details>"
        )
    report = result.report
    counts: Counter[str] = Counter(a.status for a in report.questions)
    shown = ", ".join(
        f'<span class="status {s}">{counts[s]} {s}</span>' for s in STATUSES if counts[s]
    )
    failed = (
        f'<span class="failed">{len(result.failed)} of {len(result.outcomes)} '
        "expectations failed</span>"
        if result.failed
        else ""
    )
    consistency = {True: "consistent", False: "contradictory", None: "consistency unresolved"}
    head = (
        f"<summary>{path}<span class=counts>{shown}</span>{failed}</summary>"
        f'<p class="where">law: {escape(report.law)}; {consistency[report.consistent]}</p>'
    )
    questions = "\n".join(_question(result.path, a, report) for a in report.questions)
    return (
        f'<details class="file" data-status="report" data-search="{escape(result.path.lower())}"'
        f"{' open' if result.failed else ''}>{head}{_failures(result)}{questions}"
        f"{_picture(result, options, warnings)}</details>"
    )


def _failures(result: FileResult) -> str:
    if not result.failed:
        return ""
    from certify.output.verdict import explain

    items = "".join(
        f"<li>line {o.expected.line}: expected <code>{escape(o.expected.text)}</code>: "
        f"{escape(explain(o.expected, o.answer))}</li>"
        for o in result.failed
    )
    return f'<ul class="failed">{items}</ul>'


def _question(path: str, answer: Answer, report: Report) -> str:
    """One question, expandable to everything that certifies its status."""
    from certify.output.render import answer_set

    where = (
        f"line {answer.line}" if answer.line else "what remains" if answer.generated else "--ask"
    )
    answers = "" if answer.status == "contradictory" else ": " + answer_set(answer)
    sentences = dict((r.line, r.text) for r in report.reading)
    parts = [
        f"<dt>answer set</dt><dd>{escape(answer_set(answer))}</dd>",
        _witnesses(answer),
        _support(answer, sentences),
        _conflict(answer.conflict, sentences),
    ]
    if answer.reason:
        parts.append(f"<dt>why</dt><dd>{escape(answer.reason)}</dd>")
    text = " ".join(
        [path, answer.question, answer.status, answers, *_sentences_of(answer, sentences)]
    )
    return (
        f'<details class="question" data-status="{answer.status}" '
        f'data-search="{escape(text.lower())}"><summary>'
        f'<span class="where">{escape(where)}</span>{escape(answer.question)} '
        f'<span class="status {answer.status}">{answer.status}</span>{escape(answers)}</summary>'
        f'<dl class="body">{"".join(parts)}</dl></details>'
    )


def _sentences_of(answer: Answer, sentences: dict[int, str]) -> list[str]:
    """The words a search should find a question by: witnesses, support, conflict."""
    cited = list(answer.support or ()) + list(answer.conflict.lines if answer.conflict else ())
    return [s for w in answer.witnesses for s in w.sentences] + [
        sentences.get(line, "") for line in cited
    ]


def _witnesses(answer: Answer) -> str:
    if not answer.witnesses:
        return ""
    items = "".join(
        f"<li><b>{escape(w.answer or '(no answer)')}</b>: "
        f"{escape('; '.join(w.sentences) or '(nothing to say)')}</li>"
        for w in answer.witnesses
    )
    return f"<dt>witnesses (checked states)</dt><dd><ul>{items}</ul></dd>"


def _lines(lines: Sequence[int], sentences: dict[int, str]) -> str:
    items = "".join(f"<li>line {line}: {escape(sentences.get(line, ''))}</li>" for line in lines)
    return f"<ul>{items}</ul>"


def _support(answer: Answer, sentences: dict[int, str]) -> str:
    if answer.support is None:
        return ""
    how = escape(answer.how or "")
    if not answer.support:
        return f"<dt>support ({how})</dt><dd>by the meaning of the words alone</dd>"
    return f"<dt>support ({how})</dt><dd>{_lines(answer.support, sentences)}</dd>"


def _conflict(conflict: Conflict | None, sentences: dict[int, str]) -> str:
    if conflict is None:
        return ""
    parts = [f"<dt>conflict ({escape(conflict.minimal)})</dt>"]
    parts.append(f"<dd>{_lines(conflict.lines, sentences)}")
    if conflict.detail:
        parts.append(f"<p>{escape(conflict.detail)}</p>")
    for line, witness in conflict.witnesses:
        said = "; ".join(witness.sentences) or "(nothing to say)"
        parts.append(f'<p class="where">without line {line}: {escape(said)}</p>')
    parts.append("</dd>")
    return "".join(parts)


def _picture(result: FileResult, options: Options | None, warnings: list[str] | None) -> str:
    """The file's picture as inline SVG (or its DOT source when ``dot`` is missing)."""
    if warnings is None or result.report is None:
        return ""
    from certify.files import read_text
    from certify.output.graph import HOW_TO_GET_DOT, digraph, render
    from certify.output.scene import scene_of

    try:
        scene = scene_of(read_text(result.path), result.report, options)
        svg = render(scene, "svg")
        if svg is None:
            warnings.append(
                f"Graphviz's dot is not on PATH: the page shows DOT sources instead of "
                f"pictures ({HOW_TO_GET_DOT})"
            )
            source = escape(str(digraph(scene).source))
            return (
                '<details class="picture"><summary>picture (DOT source: dot is missing)</summary>'
                f"<pre>{source}</pre></details>"
            )
    except CertifyError as error:
        warnings.append(f"no pictures: {error.message}")
        return ""
    except Exception as error:  # a bug: the page is still written, without this picture
        warnings.append(
            f"{result.path}: no picture: internal error (a bug in certify): "
            f"{type(error).__name__}: {error}"
        )
        return ""
    drawing = _PROLOG.sub("", svg.decode("utf-8"))
    return f'<details class="picture" open><summary>picture</summary>{drawing}</details>'
