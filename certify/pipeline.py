"""The pipeline of one text: read → lower → problem per question → certify → Report.

``check`` is also the Python API (``from certify import check``): it returns the same
``Report`` the command line renders.
"""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction

from certify import run_limits
from certify.errors import TextError, TextErrors, UsageError
from certify.files import text_digest
from certify.meaning import ir, queries
from certify.meaning.accumulate import (
    ACCUMULATION,
    CONJUNCTION,
    accumulate,
    intersect,
    readings_of,
)
from certify.meaning.lower import Lowering
from certify.meaning.mentions import Lowered, LoweredQuestion, Mention
from certify.meaning.moments import Reading, before, closed_reading, problem_at
from certify.meaning.positions import Grid
from certify.meaning.possession import asks_events
from certify.meaning.roles import check_roles
from certify.meaning.same_names import adds_no_names, serves
from certify.meaning.space import decide_places
from certify.readout.answer import Certifier, Options
from certify.readout.mixed import MixedCertifier, asks_numbers
from certify.readout.reading import reading_lines
from certify.readout.remains import remaining_questions
from certify.report import Answer, Measured, Report, TextWarning, Unit
from certify.syntax.ast import Span
from certify.syntax.errors import SentenceError
from certify.syntax.located import ReservedWord
from certify.syntax.parse import Document, parse_sentence, read_document, without_word


def normalize_question(text: str) -> tuple[str, str]:
    """``--ask "where is ana"`` → ("where is ana", "?") — any case, final ``?`` optional."""
    stripped = text.strip()
    while stripped and stripped[-1] in "?.":
        stripped = stripped[:-1].rstrip()
    return stripped, "?"


def read(
    document: Document,
    asks: Sequence[str] = (),
    story: bool = False,
    law: str | None = None,
    closed_world: bool = False,
    grid: bool = False,
) -> tuple[Reading, list[LoweredQuestion], Lowering]:
    """Lower a document, and the ``--ask`` questions against its final declarations.

    ``law`` ``accumulation`` (``--law``, or ``The readings are independent measurements.``
    anywhere in the text) reads measurements as evidence instead of constraints.
    ``closed_world`` (``--closed-world``): what the facts and rules do not derive is false;
    ``grid`` (``--grid``): each position statement is one step (``meaning.positions``)."""
    lowering = Lowering(story=document.story or story, plane=Grid(unit=document.grid or grid))
    statements: list[Lowered] = []
    questions: list[LoweredQuestion] = []
    errors: list[TextError] = []
    for parsed in document.sentences:
        try:
            if parsed.is_question:
                questions.append(lowering.question(parsed))
            else:
                statements.append(lowering.statement(parsed))
                statements += [Lowered(s, ()) for s in lowering.carried]
        except ReservedWord as error:  # found while lowering ("Ana is in the kitchen, too.")
            errors.append(without_word(error, parsed.text[:-1], parsed.column, parsed.text[-1]))
        except TextError as error:
            errors.append(error)
    asked: list[LoweredQuestion] = []
    for text in asks:
        body, end = normalize_question(text)
        try:
            parsed = parse_sentence(body, 0, 1, end, document.grammar)
            asked.append(lowering.question(parsed, line=0))
        except TextError as error:
            error.source_line = error.source_line or body + end
            error.file = "--ask"
            errors.append(error)
    places: frozenset[str] = frozenset()
    if not errors:
        try:
            places = decide_places(statements)
        except TextErrors as typing:
            errors += typing.errors
        else:
            errors += check_roles(places, statements, [*questions, *asked])
    if errors:
        raise TextErrors(errors)
    if law == ACCUMULATION or any(m.role == ACCUMULATION for s in statements for m in s.mentions):
        statements = [_as_evidence(s) for s in statements]
    reading = Reading(tuple(statements), tuple(questions), document.story or story, places)
    if closed_world:
        reading = closed_reading(reading, [q.question.query for q in asked])
    return reading, asked, lowering


def _as_evidence(lowered: Lowered) -> Lowered:
    """Under accumulation a reading constrains nothing: it is evidence (``accumulate.py``)."""
    if not lowered.statement.measures:
        return lowered
    return replace(lowered, statement=replace(lowered.statement, formula=ir.Const(True)))


def _measured(
    reading: Reading, question: queries.Question, line: int | None, column: int, law: str
) -> Measured | None:
    """Both laws' answers to a question about one measured quantity, for the report."""
    query = question.query
    if (
        not isinstance(query, queries.AskNumber)
        or len(query.expr.terms) != 1
        or query.expr.constant
    ):
        return None
    ((name, coefficient),) = query.expr.terms
    statements = [s.statement for s in reading.statements if before(s.statement, line, column)]
    measures = readings_of(statements, name)
    if coefficient != 1 or not measures:
        return None
    lines = tuple(dict.fromkeys(s.line for s in statements for m in s.measures if m in measures))
    estimate = accumulate(measures)
    return Measured(law, intersect(measures), estimate.mean, estimate.variance, lines)


def check(
    text: str,
    questions: Sequence[str] = (),
    *,
    file: str = "<text>",
    options: Options | None = None,
) -> Report:
    """Certify a text: its own questions, then ``questions`` against the whole text.

    With no question at all, report what remains of every variable (SPEC section 1).
    Raises ``TextError`` (with line, column and the closest form) for unreadable text.
    ``options.timeout`` is one deadline for the whole text (``certify.run_limits``).
    """
    options = options or Options()
    with run_limits.run(options.timeout):
        try:
            document = read_document(text, file, options.grid)
        except run_limits.LimitReached as stop:
            return replace(stopped_reading(file, stop), text_sha256=text_digest(text))
        report = check_document(document, questions, file, options)
    return replace(report, text_sha256=text_digest(text))


def stopped_reading(file: str, stop: run_limits.LimitReached) -> Report:
    """The report of a text whose reading the deadline stopped: nothing is claimed."""
    warning = TextWarning(f"{stop.reason}; nothing was certified (raise --timeout)")
    return Report(file=file, law=CONJUNCTION, consistent=None, questions=(), warnings=(warning,))


def check_document(
    document: Document, questions: Sequence[str], file: str, options: Options
) -> Report:
    """``check`` of a text already read into sentences (the batch reads each file once)."""
    if options.unique and options.closed_world:  # redundancy is monotonic; the completion is not
        raise UsageError("--unique cannot be combined with --closed-world")
    try:
        reading, asked, _ = read(
            document, questions, options.story, options.law, options.closed_world, options.grid
        )
    except TextError as error:
        _locate_errors(error.errors, document, file)
        raise
    every = (*reading.questions, *asked)
    unknown = {id(q): _unknown_names(reading, q, q.question.line or None) for q in every}
    if options.strict:
        refused = [e for q in every for e in _strict(unknown[id(q)], q)]
        if refused:
            _locate_errors(refused, document, file)
            raise TextErrors(refused)
    with Certifiers(reading, options) as certifiers:
        placed = [(_certifier(certifiers, q), q) for q in every]
        for certifier, lowered in placed:
            certifier.expect(lowered.question)
        answers = [_answer(certifier, reading, q, options) for certifier, q in placed]
        whole = certifiers.at(None, ())
        if not every:
            vocabulary = whole.problem.vocabulary
            answers = [
                replace(whole.answer(q), generated=True).measured(unit_of(q.query, vocabulary))
                for q in remaining_questions(whole.problem)
            ]
        consistency = whole.consistency
        if not options.unique:  # the solvers are done: free their memory before the reading
            certifiers.free()
        warnings = [warning for q in every for warning, _ in unknown[id(q)]]
        report = Report(
            file=file,
            law=whole.problem.law,
            consistent=consistency.consistent,
            questions=tuple(answers),
            reading=tuple(reading_lines(whole)),
            warnings=tuple(dict.fromkeys(warnings)),
            conflict=consistency.conflict,
            engine=options.engine,
            story=reading.story,
            grid=document.grid or options.grid,
            closed_world=options.closed_world,
        )
        if options.unique:
            from certify.wellposed import well_posed

            once = replace(options, unique=False)
            found = well_posed(
                document, whole, report, lambda d: check_document(d, questions, file, once)
            )
            report = replace(report, extra={**report.extra, "unique": found})
        return report


class Certifiers:
    """One certifier per distinct prefix of the statements, all freed when the text is done
    (also when a question fails): ``with Certifiers(reading, options) as certifiers``."""

    def __init__(self, reading: Reading, options: Options) -> None:
        self.reading = reading
        self.options = options
        self.cached: dict[tuple[int, bool, bool], Certifier] = {}
        self.names: dict[tuple[int, bool, bool], tuple[Mention, ...]] = {}
        """The names of the question each cached certifier was made for."""
        self.made: list[Certifier] = []

    def __enter__(self) -> Certifiers:
        return self

    def __exit__(self, *_: object) -> None:
        self.free()

    def free(self) -> None:
        """Free every solver made so far; a prefix asked for after this gets a new certifier."""
        for certifier in self.made:
            certifier.close()
        self.made.clear()
        self.cached.clear()
        self.names.clear()

    def at(
        self,
        line: int | None,
        extra: tuple[Mention, ...],
        column: int = 0,
        query: queries.Query | None = None,
    ) -> Certifier:
        """The certifier of the statements before (line, column), with a question's names.

        A certifier already made for the same statements and names serves too when it tells
        apart every individual this one must (``Vocabulary.compared``): both spaces are exact.
        The statements alone (no names, no question) are served without building their
        problem when the question of the certifier made for them added no name to them.
        """
        asked = queries.asked_formulas(query) if query is not None else ()
        events = asks_events(query)
        mixed = asks_numbers(query)
        key = (
            sum(1 for s in self.reading.statements if before(s.statement, line, column)),
            events,
            mixed,
        )
        cached = self.cached.get(key)
        whole = line is None and query is None and not extra
        if cached is not None and whole and self._same_names(key, cached):
            return cached
        problem = problem_at(self.reading, line, extra, column, asked, events)
        if cached is not None and serves(cached.problem.vocabulary, problem.vocabulary):
            return cached
        made = (MixedCertifier if mixed else Certifier)(problem, self.options)
        self.made.append(made)
        if key not in self.cached:
            self.cached[key], self.names[key] = made, tuple(extra)
        return made

    def _same_names(self, key: tuple[int, bool, bool], cached: Certifier) -> bool:
        """Whether ``cached`` has the space of all the statements with no name added: its
        question added none (``adds_no_names``) and it tells every individual apart."""
        if cached.problem.vocabulary.compared is not None:
            return False
        said = (m for s in self.reading.statements for m in s.mentions)
        return adds_no_names(said, self.names[key], self.reading.places)


def _certifier(certifiers: Certifiers, lowered: LoweredQuestion) -> Certifier:
    """The certifier a question is asked of: the statements before it, with its names."""
    question = lowered.question
    return certifiers.at(question.line or None, lowered.mentions, question.column, question.query)


def _answer(
    certifier: Certifier, reading: Reading, lowered: LoweredQuestion, options: Options
) -> Answer:
    """One question's answer, with its unit and, for a measured quantity, both laws."""
    question = lowered.question
    line = question.line or None
    unit = unit_of(question.query, certifier.problem.vocabulary)
    answer = certifier.answer(question).measured(unit)
    law = ACCUMULATION if _accumulates(reading, options) else CONJUNCTION
    measured = _measured(reading, question, line, question.column, law)
    return replace(answer, measurement=measured) if measured else answer


def _accumulates(reading: Reading, options: Options) -> bool:
    return options.law == ACCUMULATION or any(
        m.role == ACCUMULATION for s in reading.statements for m in s.mentions
    )


def _locate_errors(errors: Sequence[TextError], document: Document, file: str) -> None:
    """Give each error its file and the text of its line."""
    for inner in errors:
        if inner.line and not inner.source_line and inner.line <= len(document.lines):
            inner.located(file, document.lines[inner.line - 1])
        inner.file = inner.file or file


def unit_of(query: queries.Query, vocabulary: ir.Vocabulary) -> Unit:
    """What a numeric question's values measure: a clock time, a duration, an age, a number.

    ``When does Ana arrive?`` is a clock time; a difference of clock times (``How long after
    Ana does Bob arrive?``, coefficients summing to 0) is minutes; ages are years.
    """
    if not isinstance(query, queries.AskNumber):
        return "number"
    if query.clock:
        return "clock"
    names = query.expr.variables
    total = sum((c for _, c in query.expr.terms), Fraction(0))
    if names and all(n in vocabulary.clocks for n in names):
        return "minutes" if total == 0 else "clock" if total == 1 else "number"
    if names and all(n.endswith(".age") for n in names):
        return "years"
    return "number"


def _unknown_names(
    reading: Reading, lowered: LoweredQuestion, line: int | None
) -> list[tuple[TextWarning, Mention]]:
    """Names a question uses that no statement above mentions (often a typo), each with the
    warning to print."""
    known = {
        m.key: m.label
        for s in reading.statements
        if before(s.statement, line, lowered.question.column)
        for m in s.mentions
        if m.label
    }
    question = lowered.question
    warnings = []
    for mention in lowered.mentions:
        if (
            mention.label
            and mention.key not in known
            and mention.role in ("thing", "place", "number", "clock")
            and not ir.is_anonymous(mention.key)  # "Is someone guilty?" names nobody
        ):
            close = difflib.get_close_matches(mention.key, list(known), n=1)
            hint = f"; did you mean {known[close[0]]!r}?" if close else ""
            found = question.text.lower().find(mention.label.lower())
            column = (question.column if line else 1) + max(found, 0)
            message = f"{mention.label!r} is not mentioned above{hint}"
            warnings.append((TextWarning(message, line, column), mention))
    return list({w: (w, m) for w, m in warnings}.values())


def _strict(
    unknown: list[tuple[TextWarning, Mention]], lowered: LoweredQuestion
) -> list[TextError]:
    """``--strict``: a question about a name the text never mentions is an error."""
    question = lowered.question
    errors: list[TextError] = []
    for warning, mention in unknown:
        span = mention.span or Span(question.line, question.column, question.column + 1)
        message = warning.message + " (--strict)"
        error = SentenceError(message, span, expected="a name the statements above mention")
        if not question.line:
            error.file, error.source_line = "--ask", question.text
        errors.append(error)
    return errors


__all__ = ["check", "ir"]
