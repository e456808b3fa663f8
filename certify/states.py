"""Mutable data classes made in one step: the running state of a reading (issue 9).

A text's reading keeps its state in a few mutable dataclasses (``Naming`` and the classes
built on it up to ``Lowering``, ``Carrying``, ``Timing``, the grids, ``space._Mentioned``).
``dataclasses`` made each in many small steps, 0.1-0.3 ms a class, some 2 ms of a
``certify FILE`` run.  ``state`` makes the class ``dataclass(cls)`` makes, in one step, for the
plain shape these have: the fields found as ``certify.records`` finds a record's (the same
shapes are left to ``dataclasses``), after those of a base that ``state`` made; ``__init__``
and ``__eq__`` from the code ``certify.records`` writes and keeps for each shape (a field is
set through ``object.__setattr__``, as ``dataclasses`` sets it through ``self.name = value``:
the same for a class without ``__setattr__`` of its own, which ``state`` requires);
``__repr__`` as a record's; ``__hash__`` None, as ``dataclasses`` leaves a mutable class with
``__eq__``; ``__match_args__``, ``__dataclass_fields__`` and ``__dataclass_params__``; a
field's class attribute replaced by its default (removed for a factory), as ``dataclasses``
does.  The class itself is kept: it is not slotted.  Any other shape (another base, a module
without ``from __future__ import annotations``, ...) is made by ``dataclasses``.

``tests/test_states.py`` builds every such class of certify again with ``dataclasses`` and
compares the two.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any, TypeVar

from certify import records

if TYPE_CHECKING:
    from typing_extensions import dataclass_transform
else:

    def dataclass_transform(**_options: Any) -> Any:
        return lambda function: function


T = TypeVar("T")


@dataclasses.dataclass
class _Template:
    """A mutable class made by ``dataclasses``, for the parameters every state shares."""


_PARAMS = getattr(_Template, "__dataclass_params__", None)
_made: set[type] = set()
"""The classes ``state`` made in one step: the only bases whose fields it takes over."""

made = {"states": 0, "dataclasses": 0}
"""How many classes each way made in this process (for tests)."""


@dataclass_transform(field_specifiers=(dataclasses.field, dataclasses.Field))
def state(cls: type[T]) -> type[T]:
    """``dataclass(cls)``, made in one step when ``cls`` has a plain shape (see the module),
    and by ``dataclasses`` otherwise."""
    fields = _fields(cls) if records.usable and _PARAMS is not None else None
    if fields is None:
        made["dataclasses"] += 1
        return dataclasses.dataclass(cls)
    made["states"] += 1
    return _make(cls, fields)


def _fields(cls: type) -> list[dataclasses.Field[Any]] | None:
    """The fields of a base made by ``state`` (if any), then those ``cls`` declares; None for
    a shape left to ``dataclasses`` (a field declared again is one)."""
    if len(cls.__bases__) != 1:
        return None
    (base,) = cls.__bases__
    if base is object:
        inherited: list[dataclasses.Field[Any]] = []
    elif base in _made:
        inherited = list(base.__dict__["__dataclass_fields__"].values())
    else:
        return None
    defaulted = any(f.init and records.has_default(f) for f in inherited)
    own = records.own_fields(cls.__dict__, defaulted) if type(cls) is type else None
    if own is None or {f.name for f in inherited} & {f.name for f in own}:
        return None
    return inherited + own


def _make(cls: type[T], fields: list[dataclasses.Field[Any]]) -> type[T]:
    """``cls`` with its methods and dataclass attributes set, as ``dataclasses`` sets them."""
    defaults = [
        f.default_factory if f.default_factory is not dataclasses.MISSING else f.default
        for f in fields
        if records.has_default(f)
    ]
    init, eq, _ = records.maker(fields)(object.__setattr__, records.FACTORY, *defaults)
    init.__annotations__ = {**{f.name: f.type for f in fields if f.init}, "return": None}
    for f in fields:
        if isinstance(cls.__dict__.get(f.name), dataclasses.Field):
            if f.default is dataclasses.MISSING:
                delattr(cls, f.name)
            else:
                setattr(cls, f.name, f.default)
    shown = records.repr_of(tuple(f.name for f in fields if f.repr))
    for method in (init, shown, eq):
        method.__qualname__ = f"{cls.__qualname__}.{method.__name__}"
        setattr(cls, method.__name__, method)
    attributes = {
        "__hash__": None,
        "__dataclass_fields__": {f.name: f for f in fields},
        "__dataclass_params__": _PARAMS,
        "__match_args__": tuple(f.name for f in fields if f.init),
    }
    if records.REPLACE is not None:
        attributes["__replace__"] = records.REPLACE
    for name, value in attributes.items():
        setattr(cls, name, value)
    _made.add(cls)
    return cls
