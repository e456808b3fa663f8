"""``--graph`` and ``--html``: the pictures of a certified batch (Graphviz, one HTML page)."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from certify.cli.printer import fail
from certify.errors import CertifyError, ExitCode

if TYPE_CHECKING:
    from certify.cli.batch import FileResult, Summary
    from certify.readout.answer import Options


def pictures(
    graph: str | None,
    html: str | None,
    results: list[FileResult],
    summary: Summary,
    options: Options,
) -> None:
    """``--graph`` and ``--html``: draw the first file, write the page of the batch."""
    if graph is not None:
        _draw(graph, results[0], options)
    if html is not None:
        _page(html, results, summary, options)


def _draw(target: str, result: FileResult, options: Options) -> None:
    """``--graph``: the picture of one certified text (a warning when only DOT was written)."""
    from certify.files import read_text
    from certify.output.graph import write_graph

    if result.report is None:
        sys.stderr.write(f"certify: warning: {target} not drawn: {result.path} has no report\n")
        return
    try:
        warning = write_graph(target, read_text(result.path), result.report, options)
    except CertifyError as error:
        fail(error.message, error.exit_code)
    except OSError as error:
        fail(f"--graph: cannot write {target!r}: {error.strerror or error}", ExitCode.USAGE)
    except Exception as error:  # a bug, reported as one (SPEC section 8)
        message = f"{type(error).__name__}: {error}"
        fail(f"--graph: internal error (a bug in certify): {message}", ExitCode.INTERNAL)
    if warning:
        sys.stderr.write(f"certify: warning: {warning}\n")


def _page(target: str, results: list[FileResult], summary: Summary, options: Options) -> None:
    """``--html``: the batch as one page."""
    from certify.output.html import write_page

    try:
        warnings = write_page(target, results, summary, options)
    except OSError as error:
        fail(f"--html: cannot write {target!r}: {error.strerror or error}", ExitCode.USAGE)
    for warning in warnings:
        sys.stderr.write(f"certify: warning: {warning}\n")
