"""The intermediate representation: what a text means, independent of English and of solvers.

A text is lowered to ``Statement`` values, each a ``Formula`` over typed atoms and tagged with
its line.  Formulas are frozen trees; atoms name things by canonical keys that the
``Vocabulary`` of the ``Problem`` maps back to the user's words.  The seed paper reads a text
conjunctively (section 1): the meaning of a problem is the set of states satisfying every
statement, and every domain in ``certify.domains`` is one way of computing with that set.

Time is left room for: a ``Problem`` is the reading *at one moment*; stories (the update law)
produce one problem per moment, and ``law`` records which combining law produced it.
"""

from __future__ import annotations

from dataclasses import field
from fractions import Fraction
from typing import Literal, TypeAlias

from certify.numeric import LinearConstraint
from certify.records import Record

OTHER = "(other)"
"""The answer that stands for every place no statement names (SPEC section 2)."""

NONE = "(none)"
"""The answer of `Whose N is X in?` in a state where X is in no named N."""

ANONYMOUS = "(someone"
"""Prefix of the key of an unnamed individual a "someone" statement speaks of."""


def is_anonymous(key: str) -> bool:
    """Whether a key names an unnamed individual ("Someone is in the kitchen.")."""
    return key.startswith(ANONYMOUS)


BOUND = "?"
"""Prefix of a bound variable of a rule (``?x``), replaced by each individual when grounded."""


# ---------------------------------------------------------------------------- atoms


class InPlace(Record):
    """``thing`` is in ``place``: its own place is ``place`` or lies inside it (transitively)."""

    thing: str
    place: str


class SamePlace(Record):
    """Two located individuals have the same innermost place."""

    first: str
    second: str


class HasValue(Record):
    """``thing``'s declared ``attribute`` (e.g. color) is ``value``."""

    thing: str
    attribute: str
    value: str


class SameValue(Record):
    """Two things have the same value of a declared attribute."""

    first: str
    second: str
    attribute: str


class Holds(Record):
    """A Boolean property or class holds of a thing: ``big(the box)``, ``cat(Tom)``."""

    predicate: str
    thing: str


class Related(Record):
    """A binary relation holds: ``likes(the cat, the dog)``."""

    verb: str
    subject: str
    object: str


class Compare(Record):
    """A numeric comparison, as one exact linear constraint."""

    constraint: LinearConstraint


class Closed(Record):
    """``The places are P, Q and R.``: every located individual is in one of them."""

    places: tuple[str, ...]


class OneOf(Record):
    """``The colors are red, green and blue.``: every thing with a color has one of these."""

    attribute: str
    values: tuple[str, ...]


class Integral(Record):
    """``x is an integer.``"""

    name: str


class Const(Record):
    """A formula with a fixed truth value."""

    value: bool


Atom: TypeAlias = (
    InPlace
    | SamePlace
    | HasValue
    | SameValue
    | Holds
    | Related
    | Compare
    | Closed
    | OneOf
    | Integral
)


# ---------------------------------------------------------------------------- formulas


class Not(Record):
    """Negation."""

    body: Formula


class And(Record):
    """Conjunction of any number of formulas (empty: true)."""

    parts: tuple[Formula, ...]


class Or(Record):
    """Inclusive disjunction (empty: false)."""

    parts: tuple[Formula, ...]


class Implies(Record):
    """``If premise, then conclusion``, read classically."""

    premise: Formula
    conclusion: Formula


class Iff(Record):
    """``S1 if and only if S2``."""

    left: Formula
    right: Formula


class Count(Record):
    """Between ``low`` and ``high`` of the parts are true (exactly one: 1..1)."""

    parts: tuple[Formula, ...]
    low: int
    high: int


class ForAll(Record):
    """A rule: ``body`` holds for every thing put for ``variable`` (``?x``).

    ``people`` rules ("someone", "everyone", "nobody") range over the individuals; the others
    ("something", "all cats", "nothing") over the individuals and the places.
    """

    variable: str
    body: Formula
    people: bool = False
    selves: tuple[tuple[str, str], ...] = ()
    """Individuals who move later, with the earlier self this statement speaks of (``Ana``,
    ``Ana@0``): the instance for Ana is about Ana's location at that moment."""


class Exists(Record):
    """ "Someone is in the kitchen.": ``body`` holds for at least one thing, named or not.

    ``anonymous`` is the key of an unnamed individual that may be the one (SPEC §3 "Everyday
    quantifiers"): it exists in every state, rules range over it, and it is located when the
    body speaks of location, so "Nobody is in the kitchen." contradicts the statement.
    """

    variable: str
    body: Formula
    anonymous: str
    people: bool = False
    selves: tuple[tuple[str, str], ...] = ()


Formula: TypeAlias = Atom | Const | Not | And | Or | Implies | Iff | Count | ForAll | Exists


# ---------------------------------------------------------------------------- statements


class Measure(Record):
    """One reading of a quantity: ``value ± tolerance``, the tolerance ``sigmas`` standard
    deviations wide (seed paper §2: conjunction reads it as an interval, accumulation as
    evidence with precision 1/σ², σ = tolerance / sigmas)."""

    quantity: str
    value: Fraction
    tolerance: Fraction
    sigmas: Fraction
    source: str

    @property
    def variance(self) -> Fraction:
        """σ² of the reading."""
        return (self.tolerance / self.sigmas) ** 2


class Statement(Record):
    """One sentence of the text, as a formula, tagged with where it came from."""

    line: int
    text: str
    formula: Formula
    column: int = 1
    updates: tuple[str, ...] = ()
    declares: tuple[str, ...] = ()
    measures: tuple[Measure, ...] = ()
    depends: tuple[int, ...] = ()
    """Earlier lines whose meaning the formula carries (a carried object moving along)."""
    when: int = 0
    """The period of the story's time it happens in (0: untimed; 1: yesterday, 2: this
    morning...; ``lexicon.time_periods``): updates happen in (when, line, column) order."""
    closure: bool = False
    """Not a sentence: a formula of the closed-world completion (``closed.py``), line 0,
    whose ``depends`` are the lines of the rules it closes."""

    @property
    def lines(self) -> tuple[int, ...]:
        """The lines a certificate that uses this statement must name."""
        return self.depends if self.closure else (self.line, *self.depends)


class Entity(Record):
    """A named thing: its canonical key, how the text writes it, and what it is."""

    key: str
    label: str
    owner: str | None = None
    noun: str | None = None


class Vocabulary(Record):
    """Everything the statements can talk about, in order of first mention."""

    individuals: tuple[Entity, ...] = ()
    """The named individuals of the statements: what rules range over."""
    places: tuple[Entity, ...] = ()
    located: tuple[str, ...] = ()
    closed: tuple[str, ...] = ()
    edges: tuple[tuple[str, str], ...] = ()
    others: tuple[Entity, ...] = ()
    """Named, never ranged over by a rule: things only the question names, earlier selves."""
    attributes: tuple[tuple[str, tuple[str, ...]], ...] = ()
    valued: tuple[tuple[str, str], ...] = ()
    numbers: tuple[str, ...] = ()
    integers: frozenset[str] = frozenset()
    clocks: frozenset[str] = frozenset()
    nouns: frozenset[str] = frozenset()
    number_labels: tuple[tuple[str, str], ...] = ()
    compared: tuple[tuple[str, ...], ...] | None = None
    """The located individuals "in the same place as" atoms compare, in groups that no atom
    joins: only they tell unnamed places apart, each group among itself.  None: every
    located individual may (``space.location_domain``)."""
    _labels: dict[str, str] = field(
        default_factory=dict, init=False, repr=False, compare=False, hash=False
    )
    _unnamed: dict[str, int] = field(
        default_factory=dict, init=False, repr=False, compare=False, hash=False
    )

    def label(self, key: str) -> str:
        """How the text writes the thing with this key."""
        if key == OTHER or key.startswith(OTHER):
            return OTHER
        if not self._labels:  # built once: a label is asked for once per name and witness
            self._labels.update(self.number_labels)
            for entity in reversed(self.individuals + self.places + self.others):
                self._labels[entity.key] = entity.label
        return self._labels.get(key, key)

    def unnamed(self, thing: str) -> int:
        """How many unnamed places a located individual may be in (value precedence).

        The i-th located individual may use the first i.  With ``compared`` known, the j-th
        individual of a group may use the first j, and one in no group only the first:
        unnamed places differ only in who shares them, and no atom compares two groups.
        """
        if not self._unnamed:
            if self.compared is None:
                self._unnamed.update((k, i) for i, k in enumerate(self.located, 1))
            else:
                self._unnamed.update(dict.fromkeys(self.located, 1))
                for group in self.compared:
                    self._unnamed.update((k, i) for i, k in enumerate(group, 1))
        return self._unnamed[thing]

    def place(self, key: str) -> Entity | None:
        """The place with this key, if it is one."""
        return next((p for p in self.places if p.key == key), None)

    def values_of(self, attribute: str) -> tuple[str, ...]:
        """The declared values of an attribute."""
        return dict(self.attributes).get(attribute, ())

    def value_domain(self, attribute: str) -> tuple[str, ...]:
        """The values a thing can have: the declared ones and, unless declared, another one."""
        return (*self.values_of(attribute), OTHER)

    @property
    def place_keys(self) -> tuple[str, ...]:
        """The keys of the named places, in order of first mention."""
        return tuple(p.key for p in self.places)


class Problem(Record):
    """The meaning of a text at one moment: statements over a vocabulary, with the law used."""

    statements: tuple[Statement, ...]
    vocabulary: Vocabulary
    law: Literal["conjunction", "update"] = "conjunction"


# ---------------------------------------------------------------------------- states


class State(Record):
    """One complete state: an assignment to every variable of a problem."""

    location: tuple[tuple[str, str], ...] = ()
    edges: frozenset[tuple[str, str]] = frozenset()
    values: tuple[tuple[tuple[str, str], str], ...] = ()
    true_atoms: frozenset[Holds | Related] = frozenset()
    numbers: tuple[tuple[str, Fraction], ...] = ()

    def where(self, thing: str) -> str | None:
        """The innermost place of a located individual."""
        return dict(self.location).get(thing)

    def value(self, thing: str, attribute: str) -> str | None:
        """The value of a declared attribute of a thing."""
        return dict(self.values).get((thing, attribute))

    def number(self, name: str) -> Fraction | None:
        """The value of a numeric variable."""
        return dict(self.numbers).get(name)
