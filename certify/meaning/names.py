"""The names of one text: the role of every name, places, pronouns and numeric variables.

``Naming`` is the part of the running reading (``lower.Lowering``) that turns a noun phrase
into a key: it refuses a word used in two incompatible roles at the line that does it, records
each name's *mentions* (which name in which role, for ``moments.py``), enforces the declared
places, and resolves a pronoun outside a rule to the previous statement's subject.
"""

from __future__ import annotations

from dataclasses import field

from certify.meaning import ir
from certify.meaning.lower_numbers import arith
from certify.meaning.mentions import VAR, Mention, entity_key
from certify.meaning.quantifiers import (
    ANAPHORS,
    NO_QUANTIFIERS,
    Quantifiers,
    is_anaphor,
    subjects_of,
)
from certify.states import state
from certify.syntax import ast
from certify.syntax.errors import SentenceError
from certify.syntax.lexicon import reserved_words
from certify.syntax.located import ReservedWord

RULE_KINDS = ("generic", "every", "pronoun", "everyone", "nobody")
"""Noun phrases that stand for a rule's variable, never for one name."""


@state
class Naming:
    """The role of every name so far, the places declared, the pronouns' antecedents."""

    closed: tuple[str, ...] | None = None
    roles: dict[str, tuple[str, int]] = field(default_factory=dict)
    _mentions: list[Mention] = field(default_factory=list)
    _line: int = 0
    _asking: bool = False
    _words: Quantifiers = NO_QUANTIFIERS
    _antecedents: tuple[ast.NP, ...] = ()
    _antecedent_line: int = 0
    _numbers: dict[str, Mention] = field(default_factory=dict)
    """The mention of each numeric variable (one object per name: a mention cannot change)."""

    def _claim(self, key: str, role: str, span: ast.Span) -> None:
        """Record that ``key`` is used as a ``role``; refuse incompatible roles (each role is
        compatible with itself only)."""
        previous = self.roles.get(key)
        if previous is not None and previous[0] != role:
            kind = {"thing": "a thing or place", "number": "a number", "value": "a declared value"}
            raise SentenceError(
                f"'{key}' is {kind[previous[0]]} (line {previous[1]}) "
                f"and cannot also be {kind[role]}",
                span,
                expected="one role per word",
            )
        if previous is None:
            self.roles[key] = (role, self._line)

    def thing(self, np: ast.NP, located: bool = False) -> str:
        """The key of a named thing (or the rule variable for a pronoun)."""
        if np.kind == "pronoun" and np.words[0] in ANAPHORS and not self._words.quantified:
            return self.thing(self.antecedent(np), located)
        if np.kind in RULE_KINDS or np.kind == "all":
            return VAR
        key, label = entity_key(np)
        self._claim_name(np, key)
        owner = np.owner if np.kind == "poss" else None
        noun = np.words[-1] if np.kind in ("the", "poss") else None
        self._mentions.append(Mention("thing", key, label, owner, noun, span=np.span))
        if located:
            self._mentions.append(Mention("located", key, label, span=np.span))
        return key

    def located_thing(self, np: ast.NP) -> str:
        """The key of a located individual or object (``thing``)."""
        return self.thing(np, located=True)

    def _claim_name(self, np: ast.NP, key: str) -> None:
        """Claim a thing's key; a lower-case one-word name is also the word a number would be
        (``x = 5. Ana is in x.`` uses ``x`` in two roles), and a word of the language never
        names a thing ("Ana is in there.")."""
        if np.kind == "name" and np.text[:1].islower():
            if np.text.lower() in reserved_words():
                raise ReservedWord(np.text, np.span)
            self._claim(np.text.lower(), "thing", np.span)
        self._claim(key, "thing", np.span)

    def moves(self, key: str) -> None:
        """Record that this statement replaces where ``key`` is (it moved)."""
        self._mentions.append(Mention("moved", key))

    def subject(self, key: str) -> None:
        """Record that a location statement says where ``key`` is (an update in a story)."""
        self._mentions.append(Mention("subject", key))

    def _refer_forward(self, node: ast.Sentence, line: int) -> None:
        """The subjects the next sentence's pronoun may refer to ("She is big. She is kind.":
        a pronoun subject passes its own antecedent on)."""
        found: dict[str, ast.NP] = {}
        for np in subjects_of(node):
            for meant in self._antecedents if is_anaphor(np) else (np,):
                found.setdefault(meant.text.lower(), meant)
        if any(is_anaphor(np) for np in subjects_of(node)):
            line = self._antecedent_line
        self._antecedents, self._antecedent_line = tuple(found.values()), line

    def comparison(self, node: ast.Arith, line: int) -> ir.Formula:
        """A comparison of numbers (most statements of a numeric text), as ``Lowering`` reads
        any statement but without its walks: it has no noun phrase, so no quantifier word, no
        rule variable, and no subject for the next sentence's pronoun."""
        self._words = NO_QUANTIFIERS
        formula = self.arithmetic(node)
        self._antecedents, self._antecedent_line = (), line
        return formula

    def antecedent(self, pronoun: ast.NP) -> ast.NP:
        """What a pronoun outside a rule refers to: the previous statement's subject."""
        if len(self._antecedents) == 1:
            return self._antecedents[0]
        why = (
            "no statement comes before it"
            if not self._antecedents
            else f"the statement on line {self._antecedent_line} has "
            f"{len(self._antecedents)} subjects"
        )
        raise SentenceError(
            f"'{pronoun.text}' refers to the subject of the previous statement, but {why}",
            pronoun.span,
            "Ana is in the kitchen. She is happy.",
            expected="a name instead of the pronoun",
        )

    def place(self, np: ast.NP) -> str:
        """The key of a place; possessive places remember their owner and noun."""
        if np.kind == "pronoun" and np.words[0] in ANAPHORS and not self._words.quantified:
            return self.place(self.antecedent(np))
        if np.kind in RULE_KINDS:
            raise SentenceError("a place must be named", np.span, "Ana is in the kitchen.")
        key, label = entity_key(np)
        self._claim_name(np, key)
        if self.closed is not None and key not in self.closed and not self._asking:
            raise SentenceError(
                f"{label} is not one of the places declared above",
                np.span,
                "The places are the kitchen, the garden and the hall.",
                expected="one of: " + ", ".join(self.closed),
            )
        owner = np.owner if np.kind == "poss" else None
        noun = np.words[-1] if np.kind in ("the", "poss") else None
        self._mentions.append(Mention("place", key, label, owner, noun, span=np.span))
        return key

    def declared_place(self, np: ast.NP) -> ir.Formula:
        """``The N is a place.``: a declaration, true in every state, that makes N a place."""
        if np.kind in RULE_KINDS or np.kind == "all":
            raise SentenceError("a place must be named", np.span, "The loft is a place.")
        key, label = entity_key(np)
        self._claim(key, "thing", np.span)
        owner = np.owner if np.kind == "poss" else None
        noun = np.words[-1] if np.kind in ("the", "poss") else None
        self._mentions.append(Mention("thing", key, label, owner, noun, span=np.span))
        self._mentions.append(Mention("declared place", key, label, owner, noun, span=np.span))
        return ir.Const(True)

    def is_number(self, np: ast.NP) -> bool:
        """Whether a noun phrase names a numeric variable (a lower-case bare word like ``x``)."""
        return (
            np.kind == "name"
            and np.text[:1].islower()
            and self.roles.get(np.words[0], ("number",))[0] == "number"
        )

    def number_np(self, np: ast.NP) -> str:
        """The variable a noun phrase names, which must be a number."""
        if not self.is_number(np):
            raise SentenceError(f"{np.text!r} is not a number", np.span, "x is greater than y.")
        return self.number(np.words[0], np.span)

    def arithmetic(self, node: ast.Arith) -> ir.Formula:
        """``arith`` of a comparison, each variable claimed as a number; one written with a
        capital is claimed as written too, so ``Ana + x = 4.`` after ``Ana is in the
        kitchen.`` is a word in two roles (a number ``ana``, silently, was not)."""
        for word in node.spelled:
            self._claim(word, "number", node.span)
        return arith(node, self.number)

    def number(self, name: str, span: ast.Span) -> str:
        """A numeric variable written in arithmetic."""
        self._claim(name, "number", span)
        mention = self._numbers.get(name)
        if mention is None:
            mention = self._numbers[name] = Mention("number", name, name)
        self._mentions.append(mention)
        return name

    def quantity(self, np: ast.NP, scale: str, template: str, clock: bool) -> str:
        """The variable for a quantity of a thing: ``Ana arrives``, ``Ana's age``."""
        key, label = entity_key(np)
        self._claim(key, "thing", np.span)
        self._mentions.append(Mention("thing", key, label))
        variable = f"{key}.{scale}"
        self._mentions.append(
            Mention("clock" if clock else "number", variable, template.format(label))
        )
        return variable
