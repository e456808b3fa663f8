"""AST → IR: what each sentence means.

``Lowering`` reads the sentences of one text in order, keeping the declarations in force
(attributes and their values, closed places, integer variables) and the role of every name
(a thing, a place, a number), so that a word used in two incompatible roles is an error at
the line that does it.  Each sentence yields its IR and its *mentions*: which names it uses in
which role.  ``moments.py`` assembles the vocabulary of any prefix of the text from those.
"""

from __future__ import annotations

from dataclasses import field, replace

from certify.meaning import formulas, ir, possession, queries, speech
from certify.meaning.carrying import Carrying
from certify.meaning.lower_numbers import event, event_label, quantity
from certify.meaning.mentions import (
    VAR,
    Lowered,
    LoweredQuestion,
    Mention,
    discourse_error,
    fields_of,
    mentions_bound,
    negate,
    pairwise,
    variable_np,
)
from certify.meaning.names import RULE_KINDS
from certify.meaning.positions import POSITION_KINDS, POSITION_QUESTIONS, Grid, Positions
from certify.meaning.puzzle import PuzzleReading
from certify.meaning.quantifiers import (
    NO_QUANTIFIERS,
    SOME,
    quantifiers,
)
from certify.meaning.timing import Timing
from certify.numeric import LinearExpr
from certify.states import state
from certify.syntax import ast
from certify.syntax import puzzle_ast as pz
from certify.syntax.errors import SentenceError
from certify.syntax.parse import Parsed
from certify.syntax.puzzle_ast import PUZZLE_NODES
from certify.syntax.words import is_plural, singular

_QUESTIONS = (
    *(ast.QWhich, ast.QOf, ast.QHas, ast.QWhere, ast.QWhereBefore, ast.QWho, ast.QCountIn),
    *(ast.QWhose, ast.QAttribute, ast.QQuantity, ast.QTrue, ast.QValue, ast.QWhen, ast.QAge),
    *(ast.QCarrying, ast.QGiving, *POSITION_QUESTIONS),
)


@state
class Lowering(PuzzleReading):
    """The running reading of one text: declarations in force and the role of every name
    (``Naming``)."""

    story: bool = False
    carrying: Carrying = field(default_factory=Carrying)
    carried: tuple[ir.Statement, ...] = ()
    """The last statement's carried objects moving along with it (``Carrying.follow``)."""
    places_named: set[str] = field(default_factory=set)
    """Every key a statement so far uses as a place: never a candidate of ``Who lies?``."""
    things_named: dict[str, None] = field(default_factory=dict)
    """Every key a statement so far names as a thing, in order (``speech.remember``)."""
    written_lowercase: set[str] = field(default_factory=set)
    """Every name a statement so far writes in lower case (``Ana drinks water.``): a thing,
    never a candidate of ``Who drinks water?``."""
    numbers_named: dict[str, None] = field(default_factory=dict)
    """Every quantity a statement so far names (``Ana.tall``, ``Ana.arrive``), in order
    (``superlative``)."""
    of_classes: dict[str, dict[str, None]] = field(default_factory=dict)
    """``afraid`` → the classes something is said to be afraid of (``What is Tom afraid of?``)."""
    timing: Timing = field(default_factory=Timing)
    plane: Grid = field(default_factory=Grid)

    # ------------------------------------------------------------------ entry points

    def statement(self, parsed: Parsed) -> Lowered:
        """Lower one statement; update the declarations it makes."""
        self._mentions = []
        self._line = parsed.line
        node = parsed.node
        measures: tuple[ir.Measure, ...] = ()
        compared = False  # a comparison mentions numbers only: no update, declaration, thing
        if isinstance(node, PUZZLE_NODES):
            assert not isinstance(node, pz.Ask)
            self._words = NO_QUANTIFIERS
            formula = self.puzzle_statement_of(parsed, node)
        elif isinstance(node, ast.Arith):  # most statements of a numeric text
            formula, compared = self.comparison(node, parsed.line), True
        else:
            assert not isinstance(node, _QUESTIONS)
            self._words = quantifiers(node)
            formula, measures = self._sentence(node, parsed.line)
        updates = () if compared else self._updates(formula)
        if parsed.discourse and not (self.story or updates or self.carrying.changing):
            raise discourse_error(parsed)
        when = self.timing.when(parsed, bool(updates), self.carrying.changing)
        self.carried = self.carrying.follow(parsed, updates)
        declares = () if compared else tuple(m.key for m in self._mentions if m.role == "integer")
        if not compared:
            speech.remember(self, self._mentions)
        statement = ir.Statement(
            parsed.line,
            parsed.text,
            formula,
            parsed.column,
            updates,
            declares,
            measures,
            when=when,
        )
        return Lowered(statement, tuple(self._mentions))

    def _sentence(self, node: ast.Sentence, line: int) -> tuple[ir.Formula, tuple[ir.Measure, ...]]:
        """The formula (and readings) of a statement of the main language."""
        if isinstance(node, ast.Declaration):
            return self.declaration(node), ()
        if isinstance(node, ast.Measurement):
            return self.measurement(node), (self.measure(node),)
        if isinstance(node, ast.Independence):
            self._mentions.append(Mention("accumulation", "readings"))
            return ir.Const(True), ()
        formula = self.body(node)
        if mentions_bound(formula):
            formula = ir.ForAll(VAR, formula, self._words.people)
        self._refer_forward(node, line)
        return formula, ()

    def question(self, parsed: Parsed, line: int | None = None) -> LoweredQuestion:
        """Lower one question (``line`` overrides where it counts as asked, 0 for --ask)."""
        self._mentions = []
        self._line = parsed.line
        node = parsed.node
        self._words = NO_QUANTIFIERS if isinstance(node, PUZZLE_NODES) else quantifiers(node)
        self._asking = True
        try:
            query = self._query(parsed)
        finally:
            self._asking = False
        asked = parsed.line if line is None else line
        return LoweredQuestion(
            queries.Question(parsed.text, asked, query, parsed.column), tuple(self._mentions)
        )

    def _query(self, parsed: Parsed) -> queries.Query:
        node = parsed.node
        query: queries.Query
        if isinstance(node, pz.Ask):
            query = self.puzzle_query(node)
        elif isinstance(node, ast.QWhich):
            query = speech.which(self, node)
        elif isinstance(node, ast.QOf):
            query = speech.of_which(self, node)
        elif isinstance(node, ast.QHas):
            query = speech.has_which(self, node)
        elif isinstance(node, ast.QWhere):
            query = queries.AskWhere(self.thing(node.thing, located=True))
        elif isinstance(node, ast.QWhereBefore):
            query = queries.AskBefore(self.thing(node.thing, located=True), self.place(node.place))
        elif isinstance(node, ast.QWho):
            query = queries.AskWho(self.place(node.place))
        elif isinstance(node, ast.QCountIn):
            query = queries.AskCountIn(self.place(node.place))
        elif isinstance(node, ast.QWhose):
            query = queries.AskWhose(self.thing(node.thing, located=True), node.noun)
        elif isinstance(node, ast.QQuantity):
            query = queries.AskNumber(LinearExpr.variable(self.measured(node.quantity, node.span)))
        elif isinstance(node, ast.QAttribute) and self._measured_of(node) is not None:
            quantity = f"the {node.attribute} of {node.thing.text}"
            query = queries.AskNumber(LinearExpr.variable(self.measured(quantity, node.thing.span)))
        elif isinstance(node, ast.QAttribute):
            attribute = self.attribute(node.attribute, node.thing.span)
            query = queries.AskValue(self.thing(node.thing), attribute)
            self._mentions.append(Mention("valued", query.thing, noun=attribute))
        elif isinstance(node, ast.QTrue):
            formula = self.body(node.body)
            if mentions_bound(formula):
                formula = ir.ForAll(VAR, formula, self._words.people)
            query = queries.AskTruth(formula)
        elif isinstance(node, ast.QValue):
            span = ast.Span(parsed.line, parsed.column, parsed.column + len(parsed.text))
            names = {n: self.number(n, span) for n in node.expr.variables}
            query = queries.AskNumber(
                LinearExpr.of({names[n]: c for n, c in node.expr.terms}, node.expr.constant)
            )
        elif isinstance(node, ast.QWhen):
            query = self._when(node)
        elif isinstance(node, ast.QAge):
            query = queries.AskNumber(
                LinearExpr.variable(self.quantity(node.thing, "age", "{}'s age", False))
            )
        elif isinstance(node, (ast.QRelation, ast.QRoute)):
            query = Positions(self.plane, self.quantity).question(node)
        elif isinstance(node, (ast.QCarrying, ast.QGiving)):
            query = possession.question(node, self.carrying.events, self.located_thing)
        else:
            raise TypeError(f"not a question: {node!r}")
        return query

    def _when(self, node: ast.QWhen) -> queries.AskNumber:
        """When does X arrive?  How long after (before) Y does X arrive?"""
        template = event_label(node.verb)
        mine = LinearExpr.variable(self.quantity(node.thing, node.verb, template, True))
        if node.since is None:
            return queries.AskNumber(mine, clock=True)
        theirs = LinearExpr.variable(self.quantity(node.since, node.verb, template, True))
        if node.before:  # how long before theirs: theirs - mine
            mine, theirs = theirs, mine
        return queries.AskNumber(mine.plus(theirs, -1))

    # ------------------------------------------------------------------ bodies

    def body(self, node: ast.Body) -> ir.Formula:
        """Lower a (possibly compound) statement body."""
        if isinstance(node, ast.Conj):
            return ir.And(tuple(self.body(p) for p in node.parts))
        if isinstance(node, ast.Disj):
            return ir.Or(tuple(self.body(p) for p in node.parts))
        if isinstance(node, ast.Xor):
            # "either in the kitchen or the kitchen" means "in the kitchen": the same
            # alternative twice is one alternative, not a contradiction.
            parts = tuple(self.body(p) for p in node.parts)
            if node.alternatives:
                parts = tuple(dict.fromkeys(parts))
            return parts[0] if len(parts) == 1 else ir.Count(parts, 1, 1)
        if isinstance(node, ast.Nor):
            return ir.Not(ir.Or(tuple(self.body(p) for p in node.parts)))
        if isinstance(node, ast.Neg):
            return negate(self.body(node.part))
        if isinstance(node, ast.IfThen):
            return ir.Implies(self.body(node.premise), self.body(node.conclusion))
        if isinstance(node, ast.Iff):
            return ir.Iff(self.body(node.left), self.body(node.right))
        if isinstance(node, ast.Arith):
            return self.arithmetic(node)
        if isinstance(node, ast.Collective):
            return self.collective(node)
        return self.clause(node)

    def clause(self, clause: ast.Clause) -> ir.Formula:
        """One subject, one predicate; rules for generic subjects."""
        subject = clause.subject
        if subject.kind == "name" and clause.plural and is_plural(subject.words[0]):
            subject = ast.NP("every", (singular(subject.words[0]),), subject.text, subject.span)
        if subject.kind in ("generic", "every"):
            conditions: list[ir.Formula] = [ir.Holds(a, VAR) for a in subject.adjectives]
            if subject.kind == "every":
                conditions.append(ir.Holds(singular(subject.words[0]), VAR))
                self._mentions.append(Mention("noun", singular(subject.words[0])))
            inner = ast.Clause(
                variable_np(subject), clause.predicate, clause.negated, clause.span, clause.plural
            )
            conclusion = self.clause(inner)
            premise = conditions[0] if len(conditions) == 1 else ir.And(tuple(conditions))
            return ir.Implies(premise, conclusion) if conditions else conclusion
        if subject.kind == "nobody":
            inner = ast.Clause(
                variable_np(subject), clause.predicate, not clause.negated, clause.span
            )
            return self.clause(inner)
        if subject.kind == "everyone":
            return self.clause(
                ast.Clause(variable_np(subject), clause.predicate, clause.negated, clause.span)
            )
        if subject.kind == "pronoun" and subject.words[0] in SOME and not self._words.conditional:
            return self.someone(clause)
        if (
            subject.words[:1] == ("they",)
            and len(self._antecedents) > 1
            and not self._words.quantified
        ):
            # "Mary and Bo left. Then they ...": each of the previous statement's subjects.
            return ir.And(tuple(self.clause(replace(clause, subject=a)) for a in self._antecedents))
        formula = self.predicate(clause)
        return negate(formula) if clause.negated else formula

    def predicate(self, clause: ast.Clause) -> ir.Formula:
        """The positive meaning of a clause's predicate."""
        predicate, subject = clause.predicate, clause.subject
        if isinstance(predicate, ast.PLocation):
            thing = self.thing(subject, located=True)
            self.subject(thing)
            if predicate.mode == "moved":
                self._mentions.append(Mention("moved", thing))
            return ir.InPlace(thing, self.place(predicate.place))
        if isinstance(predicate, ast.PPossess):
            return self.carrying.possess(self, clause, predicate)
        if isinstance(predicate, (ast.PTruth, ast.PVerb, ast.PSays, ast.POf)):
            return speech.predicate(self, clause)
        if isinstance(predicate, ast.PSamePlace):
            assert predicate.other is not None
            first = self.thing(subject, located=True)
            self.subject(first)
            return ir.SamePlace(first, self.thing(predicate.other, located=True))
        if isinstance(predicate, ast.PAdjective):
            return self.adjective(subject, predicate.word, clause.span, clause.plural)
        if isinstance(predicate, ast.PClass):
            *adjectives, noun = predicate.noun.split()
            if noun in ("integer", "integers") and not adjectives:
                return self.integer(subject, clause.span)
            if noun == "place" and not adjectives and not clause.negated:
                return self.declared_place(subject)
            thing = self.thing(subject)
            self._mentions.append(Mention("noun", singular(noun)))
            atoms = [ir.Holds(a, thing) for a in adjectives] + [ir.Holds(singular(noun), thing)]
            return atoms[0] if len(atoms) == 1 else ir.And(tuple(atoms))
        if isinstance(predicate, ast.PRelation):
            return ir.Related(predicate.verb, self.thing(subject), self.thing(predicate.object))
        if isinstance(predicate, ast.PSameValue):
            assert predicate.other is not None
            attribute = self.attribute(predicate.attribute, clause.span)
            first, second = self.thing(subject), self.thing(predicate.other)
            self._mentions += [
                Mention("valued", first, noun=attribute),
                Mention("valued", second, noun=attribute),
            ]
            return ir.SameValue(first, second, attribute)
        if isinstance(predicate, ast.PNumeric) and predicate.kind in POSITION_KINDS:
            return Positions(self.plane, self.quantity).statement(clause, predicate)
        if isinstance(predicate, ast.PNumeric):
            return quantity(clause, predicate, self.number_np, self.quantity, self.is_number)
        if isinstance(predicate, ast.PEvent):
            return event(clause, predicate, self.quantity)
        raise SentenceError(
            "this form only declares a list of values",
            clause.span,
            "The places are the kitchen, the garden and the hall.",
        )

    def someone(self, clause: ast.Clause) -> ir.Formula:
        """ "Someone is in the kitchen.": some individual, named or one the text does not name."""
        word = clause.subject.words[0]
        inner = ast.Clause(variable_np(clause.subject), clause.predicate, False, clause.span)
        body = self.clause(inner)
        span = clause.subject.span
        anonymous = f"{ir.ANONYMOUS} {span.line}:{span.column})"
        label = f"{word} (line {span.line})"
        self._claim(anonymous, "thing", span)
        self._mentions.append(Mention("thing", anonymous, label, span=span))
        if any(
            isinstance(a, (ir.InPlace, ir.SamePlace)) and VAR in fields_of(a)
            for a in formulas.atoms_of(body)
        ):
            self._mentions.append(Mention("located", anonymous, label, span=span))
        formula = ir.Exists(VAR, body, anonymous, people=word != "something")
        return negate(formula) if clause.negated else formula

    def adjective(
        self, subject: ast.NP, word: str, span: ast.Span, plural: bool = False
    ) -> ir.Formula:
        """A declared value (``red``) or a Boolean property (``big``)."""
        if word in ("integer", "integers"):
            return self.integer(subject, span)
        thing = self.thing(subject)
        valued = any(word in values for values in self.attributes.values())
        if subject.kind in RULE_KINDS and plural and singular(word) != word and not valued:
            self._mentions.append(Mention("noun", singular(word)))
            return ir.Holds(singular(word), thing)
        return speech.adjective_of(self, thing, word)

    def collective(self, node: ast.Collective) -> ir.Formula:
        """``X, Y and Z are in different places``, ``... have the same color``."""
        predicate = node.predicate
        pairs: list[ir.Formula] = []
        if isinstance(predicate, (ast.PApart, ast.PSamePlace)):
            keys = [self.thing(s, located=True) for s in node.subjects]
            for key in keys:
                self.subject(key)
            together = isinstance(predicate, ast.PSamePlace)
            atom = ir.SamePlace
            pairs = pairwise(keys, together, lambda a, b: atom(a, b))
        else:
            assert isinstance(predicate, (ast.PDifferentValues, ast.PSameValue))
            attribute = self.attribute(predicate.attribute, node.span)
            keys = [self.thing(s) for s in node.subjects]
            self._mentions += [Mention("valued", k, noun=attribute) for k in keys]
            together = isinstance(predicate, ast.PSameValue)
            pairs = pairwise(keys, together, lambda a, b: ir.SameValue(a, b, attribute))
        formula: ir.Formula = pairs[0] if len(pairs) == 1 else ir.And(tuple(pairs))
        return negate(formula) if node.negated else formula

    def integer(self, subject: ast.NP, span: ast.Span) -> ir.Formula:
        """``x is an integer``: a declaration, true in every state."""
        name = self.number_np(subject)
        self._mentions.append(Mention("integer", name, name))
        return ir.Integral(name)

    def _updates(self, formula: ir.Formula) -> tuple[str, ...]:
        """Individuals whose location this statement replaces (movement; any in a story)."""
        moved = [m.key for m in self._mentions if m.role == "moved"]
        if not self.story:
            return tuple(dict.fromkeys(moved))
        said = [m.key for m in self._mentions if m.role == "subject"]
        return tuple(dict.fromkeys(moved + said))
