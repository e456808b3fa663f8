"""certify: certified answer sets for small logical texts in controlled English.

The Python API is one function and the types it returns::

    from certify import check
    report = check("Ana is in the kitchen or the garden.", questions=["Where is Ana?"])
    answer = report.questions[0]
    answer.status          # "open"
    answer.answers         # ("the kitchen", "the garden")
    report.to_json()       # the line `certify FILE --json` prints

``check(text, questions=(), *, file="<text>", options=None)`` returns a ``Report``: the same
object the command line renders and ``--json`` prints (``Report.to_dict()`` and
``Report.to_json()`` give that document, ``certify.report/1``).  Each question is an
``Answer``: its ``status``, its answer set ``answers`` (a tuple of names for a finite question,
a ``Range`` of exact ``fractions.Fraction`` values for a numeric one), the ``Witness`` states
that certify it, and a ``support`` or a ``Conflict``.  ``Report.warnings`` are ``TextWarning``
objects with a line and a column.

A text that cannot be read raises ``TextError`` (file, line, column, the sentence, a caret
and the closest supported form in ``render()``); a text with several unreadable sentences
raises ``TextErrors``, whose ``errors`` lists each one with its own file, line and column.

``import certify`` stays cheap: the names below are imported on first use (PEP 562), so
``certify --version`` and ``import certify`` load neither the parser nor the solvers.
"""

from __future__ import annotations

from certify.bundle import install as _bundle
from certify.compiled import install as _install

__version__ = "0.2.0"

_install()  # before any of certify's dataclasses is created (certify/compiled.py)
_bundle()  # before any other module of certify's is imported (certify/bundle.py)

TYPE_CHECKING = False  # as typing's, without importing typing: ``--version`` needs none of it
if TYPE_CHECKING:
    from typing import Any

    from certify.errors import CertifyError as CertifyError
    from certify.errors import TextError as TextError
    from certify.errors import TextErrors as TextErrors
    from certify.pipeline import check as check
    from certify.readout.answer import Options as Options
    from certify.report import Answer as Answer
    from certify.report import Conflict as Conflict
    from certify.report import Range as Range
    from certify.report import ReadingLine as ReadingLine
    from certify.report import Report as Report
    from certify.report import TextWarning as TextWarning
    from certify.report import Witness as Witness

_EXPORTS = {
    "check": "certify.pipeline",
    "Report": "certify.report",
    "Answer": "certify.report",
    "Range": "certify.report",
    "Witness": "certify.report",
    "Conflict": "certify.report",
    "ReadingLine": "certify.report",
    "TextWarning": "certify.report",
    "Options": "certify.readout.answer",
    "CertifyError": "certify.errors",
    "TextError": "certify.errors",
    "TextErrors": "certify.errors",
}

__all__ = ["__version__", *_EXPORTS]


def __getattr__(name: str) -> Any:
    """Import an exported name on first use."""
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'certify' has no attribute {name!r}")
    from importlib import import_module

    value = getattr(import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    """The module's names with the exported ones, so ``help(certify)`` and pydoc list them."""
    return sorted({*globals(), *_EXPORTS})
