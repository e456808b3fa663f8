"""The questions of stories about possession (bAbI 5, 7, 8), as syntax: ``ast.QuestionAst``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from certify.records import Record

if TYPE_CHECKING:
    from certify.syntax.ast import NP


class QCarrying(Record):
    """What is X carrying? · How many objects is X carrying? (``count``)"""

    carrier: NP
    count: bool = False


class QGiving(Record):
    """Who gave O to Y? · Who gave O? · Who received O? · What did X give to Y? · Who did X give
    O to? — ``asked`` is the role asked for (giver, thing or receiver), the others as given."""

    asked: str
    giver: NP | None = None
    thing: NP | None = None
    receiver: NP | None = None


class QRelation(Record):
    """What is the relation of the agent Z to the agent U? (StepGame)"""

    thing: NP
    other: NP


class QRoute(Record):
    """How do you go from the kitchen to the garden? (bAbI 19)"""

    start: NP
    end: NP
