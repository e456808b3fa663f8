"""certify: certified answer sets for small logical texts in controlled English.

The Python API is one function and the types it returns::

    from certify import check
    report = check("Ana is in the kitchen or the garden.", questions=["Where is Ana?"])
    report.questions[0].status          # "open"

``check`` returns the same ``Report`` the command line renders and raises ``TextError`` (with
file, line, column and the closest supported sentence) for a text it cannot read.

``import certify`` stays cheap: the names below are imported on first use (PEP 562), so
``certify --version`` and ``import certify`` load neither the parser nor the solvers.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

if TYPE_CHECKING:
    from certify.errors import CertifyError as CertifyError
    from certify.errors import TextError as TextError
    from certify.pipeline import check as check
    from certify.readout.answer import Options as Options
    from certify.report import Answer as Answer
    from certify.report import Report as Report
    from certify.report import Witness as Witness

_EXPORTS = {
    "check": "certify.pipeline",
    "CertifyError": "certify.errors",
    "TextError": "certify.errors",
    "Options": "certify.readout.answer",
    "Answer": "certify.report",
    "Report": "certify.report",
    "Witness": "certify.report",
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
