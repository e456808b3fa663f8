"""``certify.states.state`` against ``dataclasses`` itself (issue 9).

Every class of certify that ``state`` made is built a second time from its module's source with
``dataclasses.dataclass`` in place of ``state``, and the two are compared: the fields, the
signature, the class's attributes, and what instances do (``repr``, equality, no hash,
``replace``, ``asdict``, copies, pattern matching's ``__match_args__``).  The rest checks the
shapes left to ``dataclasses``.
"""

from __future__ import annotations

import copy
import dataclasses
import inspect
import sys
import types
from typing import Any

import pytest

from certify import states
from tests.test_records import compare_fields
from tests.test_records import pairs as records_pairs

STDLIB = dataclasses.dataclass


def made_by_state(cls: type) -> bool:
    return cls in states._made and "__init__" in cls.__dict__


def pairs(monkeypatch: pytest.MonkeyPatch) -> list[tuple[type, type]]:
    """Each state of certify with its twin made by ``dataclasses``."""
    return records_pairs(monkeypatch, made_by_state, (states, "state", STDLIB))


def class_defaults(cls: type) -> dict[str, Any]:
    """What the class itself holds under each field's name (a default, or nothing)."""
    return {f.name: cls.__dict__.get(f.name, dataclasses.MISSING) for f in dataclasses.fields(cls)}


def compare_classes(ours: type, theirs: type) -> None:
    name = ours.__qualname__
    assert not made_by_state(theirs), name
    compare_fields(ours, theirs, ("__hash__",))
    assert {k: repr(v) for k, v in class_defaults(ours).items()} == {
        k: repr(v) for k, v in class_defaults(theirs).items()
    }, name
    assert set(vars(ours)) == set(vars(theirs)), name
    for method in ("__init__", "__repr__", "__eq__"):
        assert getattr(ours, method).__qualname__ == getattr(theirs, method).__qualname__
    compare_instances(ours, theirs)


def compare_instances(ours: type, theirs: type) -> None:
    name = ours.__qualname__
    init = [f for f in dataclasses.fields(ours) if f.init]
    values = [f"v{index}" for index, _ in enumerate(init)]
    mine, yours = ours(*values), theirs(*values)
    assert repr(mine) == repr(yours), name
    assert mine == ours(*values) and (mine != ours(*values)) is False, name
    assert (mine == yours) is False and (mine != yours) is True, name  # another class
    with pytest.raises(TypeError):
        hash(mine)
    assert dataclasses.astuple(mine) == dataclasses.astuple(yours), name
    assert copy.copy(mine) == mine and copy.deepcopy(mine) == mine, name
    assert vars(mine) == vars(yours), name
    for index, field in enumerate(init):
        changed = list(values)
        changed[index] = "other"
        assert (ours(*changed) == mine) == (theirs(*changed) == yours), (name, field.name)
        replaced = dataclasses.replace(mine, **{field.name: "other"})
        assert repr(replaced) == repr(dataclasses.replace(yours, **{field.name: "other"}))
        setattr(mine, field.name, "set")  # mutable
        setattr(yours, field.name, "set")
        assert repr(mine) == repr(yours), (name, field.name)
    defaults = [ours(), theirs()] if all(has_default(f) for f in init) else []
    if defaults:
        assert repr(defaults[0]) == repr(defaults[1]), name


def has_default(field: dataclasses.Field[Any]) -> bool:
    return (
        field.default is not dataclasses.MISSING or field.default_factory is not dataclasses.MISSING
    )


def test_every_state_of_certify_is_the_class_dataclasses_makes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    found = pairs(monkeypatch)
    names = {ours.__qualname__ for ours, _ in found}
    assert {"Naming", "Declaring", "PuzzleTerms", "PuzzleReading", "Lowering"} <= names
    assert {"Carrying", "Timing", "Grid", "_Mentioned"} <= names
    for ours, theirs in found:
        compare_classes(ours, theirs)


def test_a_reading_loads_its_states_the_one_step_way() -> None:
    from certify.meaning.lower import Lowering

    assert all(made_by_state(cls) for cls in Lowering.__mro__[:-1])
    assert states.made["states"] >= 10


MODULE = types.ModuleType("certify.test_states_point")


@pytest.fixture(autouse=True)
def point_module(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, MODULE.__name__, MODULE)


def build(source: str) -> dict[str, Any]:
    """The classes of ``source`` (``state`` and ``dataclasses`` in scope), as a module would."""
    namespace = MODULE.__dict__
    namespace.update(state=states.state, dataclasses=dataclasses)
    text = "from __future__ import annotations\n" + source
    exec(compile(text, "certify/test_states_point.py", "exec"), namespace)
    return namespace


def test_a_state_and_a_state_on_it() -> None:
    made = build(
        "@state\nclass Base:\n"
        '    """A base."""\n'
        "    x: int\n"
        "    tags: list[int] = dataclasses.field(default_factory=list)\n"
        "@state\nclass Point(Base):\n"
        '    """A point."""\n'
        "    y: int = 2\n"
        "    note: str = dataclasses.field(default='', repr=False, compare=False)\n"
    )
    point = made["Point"]
    assert made_by_state(point) and made_by_state(made["Base"])
    p = point(1)
    assert repr(p) == "Point(x=1, tags=[], y=2)" and p.tags is not point(1).tags
    assert p == point(1, [], 2, "other") and p != point(1, [], 3)
    assert point.__hash__ is None and point.__match_args__ == ("x", "tags", "y", "note")
    assert point.y == 2 and point.note == "" and "tags" not in vars(made["Base"])
    p.y = 5
    assert p.y == 5 and dataclasses.replace(p, x=3).x == 3
    assert str(inspect.signature(point)) == (
        "(x: 'int', tags: 'list[int]' = <factory>, y: 'int' = 2, note: 'str' = '') -> None"
    )


HEAD = '@state\nclass Point:\n    """."""\n'


@pytest.mark.parametrize(
    "source",
    [
        "@state\nclass Point:\n    x: int\n",  # no docstring: dataclasses writes one
        'class Base:\n    pass\n@state\nclass Point(Base):\n    """."""\n    x: int\n',
        HEAD + "    x: int\n    def __post_init__(self):\n        pass\n",
        HEAD + "    x: int\n    def __setattr__(self, name, value):\n        pass\n",
        HEAD + "    x: int = dataclasses.field(kw_only=True)\n",
        # A field declared again by a subclass keeps its place: left to dataclasses.
        '@state\nclass Base:\n    """."""\n    x: int = 1\n'
        '@state\nclass Point(Base):\n    """."""\n    x: int = 2\n',
    ],
)
def test_other_shapes_are_left_to_dataclasses(source: str) -> None:
    before = dict(states.made)
    point = build(source)["Point"]
    assert states.made["dataclasses"] == before["dataclasses"] + 1
    assert not made_by_state(point) and dataclasses.is_dataclass(point)


def test_a_default_out_of_order_after_a_base_is_refused_as_dataclasses_refuses_it() -> None:
    with pytest.raises(TypeError):
        build(
            '@state\nclass Base:\n    """."""\n    x: int = 1\n'
            '@state\nclass Point(Base):\n    """."""\n    y: int\n'
        )
