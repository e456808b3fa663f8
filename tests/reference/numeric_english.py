"""English for numeric_text's dataclasses: the sentence forms of SPEC section 3 and the README.

One function per level (expression, clause, statement, question, text); a text is one
sentence a line, so a question "above" a statement is on an earlier line. Only the start of
a sentence is capitalized when it is a keyword or "the": variables stay lowercase ("x = 5.").
"""

from __future__ import annotations

from tests.reference.numeric_text import (
    AgeDifference,
    AgeIs,
    ArriveAt,
    ArriveBetween,
    ArriveClock,
    ArriveOffset,
    ArriveOffsetBetween,
    ArriveOrder,
    AskAge,
    AskCompared,
    AskFirst,
    AskHowLong,
    AskIn,
    AskMost,
    AskTrue,
    AskValue,
    AskWhen,
    AskWhoArrives,
    AskWhoThan,
    AskWhoTimed,
    Atom,
    Chain,
    Compared,
    Connective,
    Expr,
    HasProperty,
    InPlace,
    IntegerDeclaration,
    Item,
    Num,
    Question,
    Relation,
    Statement,
    Text,
    VarBetween,
    VarCompared,
    VarIs,
    VarOffset,
    is_question,
)


def render_expr(expr: Expr) -> str:
    """`2x + 3y - 1/2` from its terms."""
    words: list[str] = []
    for index, term in enumerate(expr):
        number = term.number.spelling if term.number is not None else ""
        body = number + (term.variable or "")
        if index == 0:
            words.append("-" + body if term.negative else body)
        else:
            words.append(("- " if term.negative else "+ ") + body)
    return " ".join(words)


def _operand(operand: Num | str) -> str:
    return operand.spelling if isinstance(operand, Num) else operand


def render_clause(atom: Atom) -> str:
    """The atom as a clause: no final period, names as written (`the box`, lowercase)."""
    if isinstance(atom, Relation):
        return f"{render_expr(atom.left)} {atom.op} {render_expr(atom.right)}"
    if isinstance(atom, Chain):
        parts = (render_expr(atom.low), atom.first, render_expr(atom.middle))
        return " ".join((*parts, atom.second, render_expr(atom.high)))
    if isinstance(atom, VarIs):
        return f"{atom.variable} is {atom.number.spelling}"
    if isinstance(atom, VarBetween):
        return f"{atom.variable} is between {atom.low.spelling} and {atom.high.spelling}"
    if isinstance(atom, VarCompared):
        return f"{atom.variable} is {atom.phrase} {_operand(atom.operand)}"
    if isinstance(atom, VarOffset):
        return f"{atom.variable} is {atom.amount.spelling} {atom.word} than {atom.other}"
    return _render_event_or_thing(atom)


def _render_event_or_thing(atom: Atom) -> str:
    if isinstance(atom, ArriveAt):
        return f"{atom.person} arrives at {atom.clock.text()}"
    if isinstance(atom, ArriveClock):
        return f"{atom.person} arrives {atom.phrase} {atom.clock.text()}"
    if isinstance(atom, ArriveBetween):
        return f"{atom.person} arrives between {atom.first.text()} and {atom.last.text()}"
    if isinstance(atom, ArriveOffset):
        bound = atom.bound + " " if atom.bound else ""
        offset = f"{bound}{atom.duration.text()} {atom.direction} {atom.other}"
        return f"{atom.person} arrives {offset}"
    if isinstance(atom, ArriveOffsetBetween):
        span = f"between {atom.low.spelling} and {atom.high.text()}"
        return f"{atom.person} arrives {span} {atom.direction} {atom.other}"
    if isinstance(atom, ArriveOrder):
        return f"{atom.person} arrives {atom.phrase} {atom.other}"
    if isinstance(atom, AgeIs):
        unit = "year" if atom.years.spelling == "1" else "years"
        return f"{atom.name} is {atom.years.spelling} {unit} old"
    if isinstance(atom, AgeDifference):
        unit = "year" if atom.years.spelling == "1" else "years"
        return f"{atom.name} is {atom.years.spelling} {unit} {atom.word} than {atom.other}"
    if isinstance(atom, Compared):
        return f"{atom.name} is {atom.word} than {atom.other}"
    if isinstance(atom, InPlace):
        return f"{atom.person} is {'not ' if atom.negated else ''}in {atom.place}"
    if isinstance(atom, HasProperty):
        return f"{atom.name} is {'not ' if atom.negated else ''}{atom.adjective}"
    raise TypeError(f"not an atom: {atom!r}")


def render_body(statement: Atom | Connective) -> str:
    """A statement without its final period or capital (connectives over clauses)."""
    if not isinstance(statement, Connective):
        return render_clause(statement)
    parts = [render_clause(part) for part in statement.parts]
    kind = statement.kind
    if kind == "and":
        return f"{parts[0]} and {parts[1]}"
    if kind == "if":
        return f"if {parts[0]}, then {parts[1]}"
    if kind == "iff":
        return f"{parts[0]} if and only if {parts[1]}"
    if kind == "either":
        return f"either {parts[0]} or {parts[1]}"
    if kind == "or":
        return f"{parts[0]} or {parts[1]}"
    if kind == "not both":
        return f"not both {parts[0]} and {parts[1]}"
    if kind == "not":
        return f"it is not the case that {parts[0]}"
    if kind == "exactly one":
        return "exactly one of the following is true: " + "; ".join(parts)
    raise ValueError(f"unknown connective {kind!r}")


_CAPITALIZED = ("the ", "if ", "either ", "not both ", "it is not ", "exactly one ")


def _sentence(body: str, end: str) -> str:
    # Keywords and "the" are capitalized at the start; variables stay lowercase ("x = 5.").
    if body.startswith(_CAPITALIZED):
        body = body[0].upper() + body[1:]
    return body + end


def render_statement(statement: Statement) -> str:
    """The statement as a sentence with its final period."""
    if isinstance(statement, IntegerDeclaration):
        names = statement.variables
        if len(names) == 1:
            return f"{names[0]} is an integer."
        return ", ".join(names[:-1]) + f" and {names[-1]} are integers."
    return _sentence(render_body(statement), ".")


def render_question(question: Question) -> str:
    """The question as a sentence with its question mark."""
    if isinstance(question, AskValue):
        words = [("- " if sign < 0 else "+ ") + name for sign, name in question.terms]
        first = words[0][2:] if question.terms[0][0] > 0 else "-" + words[0][2:]
        return "What is " + " ".join([first, *words[1:]]) + "?"
    if isinstance(question, AskWhen):
        return f"When does {question.person} arrive?"
    if isinstance(question, AskHowLong):
        direction = "before" if question.before else "after"
        return f"How long {direction} {question.first} does {question.second} arrive?"
    if isinstance(question, AskAge):
        return f"How old is {question.name}?"
    if isinstance(question, AskCompared):
        return f"Is {question.name} {question.word} than {question.other}?"
    if isinstance(question, AskIn):
        return f"Is {question.person} in {question.place}?"
    if isinstance(question, AskTrue):
        body = render_body(question.statement)
        if question.spoken:  # "Bob arrives before 9:15" → "Does Bob arrive before 9:15?"
            person = question.statement.person  # type: ignore[union-attr]
            return f"Does {person} arrive {body.removeprefix(person + ' arrives ')}?"
        return f"Is it true that {body}?"
    if isinstance(question, AskFirst):
        return f"Who arrives {question.word}?"
    if isinstance(question, AskWhoArrives):
        return f"Who arrives {question.direction} {question.other}?"
    if isinstance(question, AskWhoTimed):
        person = question.arrival.person  # type: ignore[union-attr]
        return f"Who arrives {render_body(question.arrival).removeprefix(person + ' arrives ')}?"
    if isinstance(question, AskWhoThan):
        return f"Who is {question.word} than {question.other}?"
    if isinstance(question, AskMost):
        return f"Who is the {question.word}?"
    raise TypeError(f"not a question: {question!r}")


def render_item(item: Item) -> str:
    """A statement or an in-file question as its line."""
    return render_question(item) if is_question(item) else render_statement(item)  # type: ignore[arg-type]


def render_text(text: Text) -> str:
    """The text, one sentence a line (so "above a question" is "on an earlier line")."""
    return "".join(render_item(item) + "\n" for item in text.items)
