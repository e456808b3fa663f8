"""Frozen, slotted records made in one step instead of through ``dataclasses`` at every start.

certify's values (the AST, the constraints, the answers) are frozen, slotted dataclasses,
some 130 of them on a finite text's path.  ``dataclasses`` makes each in many small steps
(every field analysed in Python, six or seven methods generated one by one, the class then
made a second time with slots), which was 20-40 ms of a ``certify FILE`` run even with the
methods' code cached (``certify.compiled``): a fifth of the start.  ``class Point(Record)``
makes the same class for the plain shape certify's records have, in one step: ``__init__``,
``__eq__`` and ``__hash__`` (what every comparison and dictionary runs) written out as
``dataclasses`` writes them, as one source text whose code comes from the same cache;
``__repr__``, the frozen ``__setattr__`` and ``__delattr__`` and pickling's state as closures
over the field names; and the slotted class made once, from the class statement's body
(``Record``'s metaclass returns it: ``Record`` marks the class for type checkers, as
``typing.NamedTuple`` does, and is not its base at run time; a decorator got a class made
first without slots, and made it a second time: 1-2 ms of a start for 131 records).

The class is what ``dataclass(frozen=True, slots=True)`` makes of the same definition (the
same fields, ``__init__`` and its signature, ``__repr__``, ``__eq__``, ``__hash__``, frozen
``__setattr__`` and ``__delattr__``, ``__match_args__``, ``__slots__``, pickling), and
``dataclasses.fields``, ``replace``, ``asdict`` and ``is_dataclass`` work on it, since it
carries the same ``__dataclass_fields__`` and ``__dataclass_params__``.  Any other shape is
handed to ``dataclasses`` itself: a base class other than ``Record``, a class
without a docstring (``dataclasses`` writes one from the signature), ``__post_init__`` or any
method ``dataclasses`` would make or refuse, an annotation that is not a string (a module
without ``from __future__ import annotations``) or that may be a ``ClassVar``, ``InitVar`` or
``KW_ONLY``, a ``field()`` with ``kw_only`` or with ``init=False`` and no default factory
(one with a factory is made by ``__init__``), a default out of order or
mutable, and a Python whose ``dataclasses`` lacks what is used here.  One difference is
deliberate: setting an attribute that is not a field raises ``FrozenInstanceError`` (and works
on an instance of a subclass with a ``__dict__``), where ``dataclasses``' slotted class raises
``TypeError`` from ``super()``, whose first argument is the class before slots.

``tests/test_records.py`` builds every record of certify again with ``dataclasses`` from the
same source and compares the two classes: fields, signatures, methods, and what their
instances do.
"""

from __future__ import annotations

import dataclasses
import sys
from _thread import get_ident
from typing import TYPE_CHECKING, Any

from certify.compiled import code_for, code_named
from certify.digests import sha256

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping

    from typing_extensions import dataclass_transform
else:

    def dataclass_transform(**_options: Any) -> Any:
        return lambda function: function


_EAGER = sys.version_info < (3, 14)
"""Whether a class's annotations are in its namespace once its body has run (PEP 649 makes
them lazily from Python 3.14): then a class without ``__annotations__`` has no fields."""
_FIELD = getattr(dataclasses, "_FIELD", None)
FACTORY = getattr(dataclasses, "_HAS_DEFAULT_FACTORY", None)
_MADE = frozenset(
    (
        "__init__",
        "__repr__",
        "__eq__",
        "__hash__",
        "__setattr__",
        "__delattr__",
        "__getstate__",
        "__setstate__",
        "__match_args__",
        "__slots__",
        "__post_init__",
        "__lt__",
        "__le__",
        "__gt__",
        "__ge__",
        "__dataclass_fields__",
        "__dataclass_params__",
        "__replace__",
    )
)
"""Names ``dataclasses`` would make, keep or refuse: a class defining one is left to it."""

_DOUBTFUL = ("ClassVar", "InitVar", "KW_ONLY")

_stdlib = dataclasses.dataclass(frozen=True, slots=True)


@_stdlib
class _Template:
    """A record made by ``dataclasses``, for the parameters every record shares."""


_PARAMS = getattr(_Template, "__dataclass_params__", None)
REPLACE = getattr(dataclasses, "_replace", None)
"""``copy.replace``'s method, which ``dataclasses`` gives every class from Python 3.13."""
usable = (
    _FIELD is not None
    and FACTORY is not None
    and _PARAMS is not None
    and hasattr(dataclasses.Field, "kw_only")
)

made = {"records": 0, "dataclasses": 0}
"""How many classes each way made in this process (for tests)."""


class _Making(type):
    """The metaclass of ``Record``: ``class Point(Record)`` is the class ``_record`` makes of
    its body, a plain class whose base is ``object`` (``Record`` only marks it, as
    ``typing.NamedTuple`` marks a named tuple), made once."""

    def __new__(mcls, name: str, bases: tuple[type, ...], namespace: dict[str, Any]) -> Any:
        if not bases:  # ``Record`` itself
            return super().__new__(mcls, name, bases, namespace)
        return _record(name, tuple(base for base in bases if base is not Record), namespace)

    def __instancecheck__(cls, instance: object) -> bool:
        raise TypeError("records are plain classes: Record is not their base at run time")

    def __subclasscheck__(cls, subclass: type) -> bool:
        raise TypeError("records are plain classes: Record is not their base at run time")


@dataclass_transform(frozen_default=True, field_specifiers=(dataclasses.field, dataclasses.Field))
class Record(metaclass=_Making):
    """``class Point(Record)``: what ``@dataclass(frozen=True, slots=True)`` makes of the class,
    made in one step when it has the plain shape of a record (see the module), and by
    ``dataclasses`` otherwise."""


def _record(name: str, bases: tuple[type, ...], namespace: dict[str, Any]) -> Any:
    """The record of a class statement's ``name``, other ``bases`` and ``namespace``."""
    fields = own_fields(namespace) if usable and not bases else None
    if fields is None:
        made["dataclasses"] += 1
        return _stdlib(type(name, bases, namespace))
    made["records"] += 1
    return _make(name, namespace, fields)


def own_fields(
    namespace: Mapping[str, Any], defaulted: bool = False
) -> list[dataclasses.Field[Any]] | None:
    """The fields a class's ``namespace`` declares, or None for a shape left to
    ``dataclasses``; ``defaulted``: whether an inherited field before them has a default
    (``certify.states``)."""
    if not namespace.get("__doc__") or not _MADE.isdisjoint(namespace):
        return None
    annotations = namespace.get("__annotations__")
    if annotations is None and _EAGER:
        annotations = {}  # a class without fields (``PApart``)
    if not isinstance(annotations, dict):
        return None  # a Python whose annotations are made lazily
    found: list[tuple[str, str, dataclasses.Field[Any]]] = []
    for name, kind in annotations.items():
        if not isinstance(kind, str) or any(word in kind for word in _DOUBTFUL):
            return None
        value = namespace.get(name, dataclasses.MISSING)
        if isinstance(value, dataclasses.Field):
            if value.kw_only is not dataclasses.MISSING or not (
                value.init is True
                or (value.init is False and value.default_factory is not dataclasses.MISSING)
            ):
                return None  # only ``init=False`` with a factory: ``__init__`` calls it
            field = value
        elif value is not dataclasses.MISSING and hasattr(type(value), "__set_name__"):
            return None  # a descriptor
        else:
            field = dataclasses.field(default=value)
        if field.default is not dataclasses.MISSING and field.default.__class__.__hash__ is None:
            return None  # mutable: ``dataclasses`` raises ValueError for it
        if field.init and defaulted and not has_default(field):
            return None  # ``dataclasses`` raises TypeError for it
        defaulted = defaulted or (field.init and has_default(field))
        found.append((name, kind, field))
    for name, kind, field in found:  # only now: a shape left to ``dataclasses`` is untouched
        field.name = name
        field.type = kind
        field._field_type = _FIELD  # type: ignore[attr-defined]
        field.kw_only = False
    return [field for _, _, field in found]


def _source(fields: list[dataclasses.Field[Any]]) -> str:
    """``__init__``, ``__eq__`` and ``__hash__`` of a record with ``fields``, as one function
    that makes them (the methods every comparison and dictionary runs, written out as
    ``dataclasses`` writes them); the text depends only on the fields' names and kinds, so
    records of one shape share its code."""
    defaults = [f"__default_{f.name}" for f in fields if has_default(f)]
    compared = [f.name for f in fields if f.compare]
    hashed = [f.name for f in fields if (f.compare if f.hash is None else f.hash)]

    def row(owner: str, chosen: list[str]) -> str:
        return "(" + "".join(f"{owner}.{name}," for name in chosen) + ")"

    return "\n".join(
        (
            "def __record__(__set, __factory" + "".join(f", {name}" for name in defaults) + "):",
            *_init(fields),
            " def __eq__(self, other):",
            "  if other.__class__ is self.__class__:",
            f"   return {row('self', compared)} == {row('other', compared)}",
            "  return NotImplemented",
            " def __hash__(self):",
            f"  return hash({row('self', hashed)})",
            " return __init__, __eq__, __hash__",
            "",
        )
    )


def _init(fields: list[dataclasses.Field[Any]]) -> list[str]:
    """``__init__``: each field set through ``object.__setattr__``, a factory's called."""
    parameters = ["self"]
    body = []
    for f in fields:
        if not f.init:  # a factory's (``_fields``)
            value = f"__default_{f.name}()"
        elif f.default_factory is not dataclasses.MISSING:
            parameters.append(f"{f.name}=__factory")
            value = f"__default_{f.name}() if {f.name} is __factory else {f.name}"
        elif f.default is not dataclasses.MISSING:
            parameters.append(f"{f.name}=__default_{f.name}")
            value = f.name
        else:
            parameters.append(f.name)
            value = f.name
        body.append(f"  __set(self, {f.name!r}, {value})")
    return [f" def __init__({', '.join(parameters)}):", *(body or ["  pass"])]


def repr_of(shown: tuple[str, ...]) -> Callable[[Any], str]:
    """``__repr__`` over the fields ``shown``, ``...`` for the record inside itself."""
    running: set[tuple[int, int]] = set()

    def __repr__(self: Any) -> str:
        key = id(self), get_ident()
        if key in running:
            return "..."
        running.add(key)
        try:
            values = ", ".join([f"{name}={getattr(self, name)!r}" for name in shown])
            return f"{self.__class__.__qualname__}({values})"
        finally:
            running.discard(key)

    return __repr__


def _frozen(names: tuple[str, ...]) -> tuple[Callable[..., Any], ...]:
    """``__setattr__`` and ``__delattr__`` that refuse, the state pickling uses, and how the
    first two learn their class once it is made."""
    owner: list[type] = []
    setter = object.__setattr__

    def __setattr__(self: Any, name: str, value: Any) -> None:
        cls: type = owner[0]
        if type(self) is cls or name in names:
            raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")
        super(cls, self).__setattr__(name, value)  # type: ignore[arg-type]

    def __delattr__(self: Any, name: str) -> None:
        cls: type = owner[0]
        if type(self) is cls or name in names:
            raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")
        super(cls, self).__delattr__(name)  # type: ignore[arg-type]

    def __getstate__(self: Any) -> list[Any]:
        return [getattr(self, name) for name in names]

    def __setstate__(self: Any, state: list[Any]) -> None:
        for name, value in zip(names, state):
            setter(self, name, value)

    return __setattr__, __delattr__, __getstate__, __setstate__, owner.append


def has_default(field: dataclasses.Field[Any]) -> bool:
    return (
        field.default is not dataclasses.MISSING or field.default_factory is not dataclasses.MISSING
    )


_shapes: dict[tuple[Any, ...], Callable[..., Any]] = {}
"""The function that makes the methods of each shape of record met in this process."""


def maker(fields: list[dataclasses.Field[Any]]) -> Callable[..., Any]:
    """The function of ``_source(fields)``, made once per shape in a process from the code
    cache (the classes of one shape share it: one ``exec``, not one per class)."""
    shape = tuple(
        (
            f.name,
            f.default_factory is not dataclasses.MISSING,
            f.default is not dataclasses.MISSING,
            f.compare,
            f.compare if f.hash is None else f.hash,
            f.init,
        )
        for f in fields
    )
    maker = _shapes.get(shape)
    if maker is None:
        space: dict[str, Any] = {}
        exec(_code(fields, shape), {"__builtins__": __builtins__}, space)
        maker = _shapes[shape] = space["__record__"]
    return maker


def _code(fields: list[dataclasses.Field[Any]], shape: tuple[Any, ...]) -> Any:
    """The code of ``_source(fields)``, kept under the shape and the digest of this module
    (``_form``), so that a kept shape's source is not written again (about 1 ms of a start)."""
    form = _form()
    if form is None:
        return code_for(_source(fields), "<certify.records>")
    name = f"# certify.records {form} {shape!r}"
    return code_named(name, lambda: _source(fields), "<certify.records>")


_digest: list[str | None] = []


def _form() -> str | None:
    """The digest of this module's source, which writes every record's methods: code another
    version of ``_source`` wrote is never taken.  None without the source beside the code:
    then the source itself names its code, as for any other."""
    if not _digest:
        try:
            with open(__file__, "rb") as module:
                _digest.append(sha256(module.read()).hexdigest()[:32])
        except OSError:
            _digest.append(None)
    return _digest[0]


def _make(name: str, body: dict[str, Any], fields: list[dataclasses.Field[Any]]) -> Any:
    """The slotted class of a class statement's ``name`` and ``body``, with its record
    methods."""
    defaults = [
        f.default_factory if f.default_factory is not dataclasses.MISSING else f.default
        for f in fields
        if has_default(f)
    ]
    init, eq, hash_ = maker(fields)(object.__setattr__, FACTORY, *defaults)
    init.__annotations__ = {**{f.name: f.type for f in fields if f.init}, "return": None}
    names = tuple(f.name for f in fields)
    *frozen, owner = _frozen(names)
    namespace = dict(body)
    for field_name in names:
        namespace.pop(field_name, None)
    namespace["__slots__"] = names
    namespace["__match_args__"] = tuple(f.name for f in fields if f.init)
    namespace["__dataclass_fields__"] = {f.name: f for f in fields}
    namespace["__dataclass_params__"] = _PARAMS
    if REPLACE is not None:
        namespace["__replace__"] = REPLACE
    qualname = namespace.get("__qualname__", name)
    shown = repr_of(tuple(f.name for f in fields if f.repr))
    for method in (init, shown, eq, hash_, *frozen):
        method.__qualname__ = f"{qualname}.{method.__name__}"
        namespace[method.__name__] = method
    slotted = type(name, (object,), namespace)  # its ``__qualname__`` taken from the body
    owner(slotted)
    return slotted
