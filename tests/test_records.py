"""``certify.records.Record`` against ``dataclasses`` itself (issue 9).

Every record of certify is built a second time from its own module's source with
``dataclass(frozen=True, slots=True)`` in place of ``Record``, and the two classes are compared:
the fields, the signature, the class's names, and what instances do (equality, hashing,
``repr``, freezing, pickling, ``replace``, copies).  The rest checks each shape ``Record``
leaves to ``dataclasses`` and the errors ``dataclasses`` raises.
"""

from __future__ import annotations

import builtins
import copy
import dataclasses
import importlib
import inspect
import pickle
import pkgutil
import sys
import types
import weakref
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import certify
from certify import records

STDLIB = dataclasses.dataclass(frozen=True, slots=True)


class _StdlibMaking(type):
    """``Record``'s twin: ``class Point(StdlibRecord)`` is ``STDLIB`` of the plain class."""

    def __new__(mcls, name: str, bases: tuple[type, ...], namespace: dict[str, Any]) -> Any:
        if not bases:
            return super().__new__(mcls, name, bases, namespace)
        others = tuple(base for base in bases if base is not StdlibRecord)
        return STDLIB(type(name, others, namespace))


class StdlibRecord(metaclass=_StdlibMaking):
    """What certify's records are compared with."""


SKIP = {"certify.cli.dask_batch"}  # needs the optional dask


def made_by_record(cls: type) -> bool:
    """Made by ``Record``: its code, and slotted (``certify.states`` shares the code, not the
    slots)."""
    init = cls.__dict__.get("__init__")
    code = getattr(getattr(init, "__code__", None), "co_filename", "")
    return code == "<certify.records>" and "__slots__" in cls.__dict__


def certify_modules() -> Iterator[types.ModuleType]:
    for info in pkgutil.walk_packages(certify.__path__, "certify."):
        if info.name in SKIP or info.name.endswith("__main__"):
            continue
        yield importlib.import_module(info.name)


def own_classes(module: types.ModuleType, made: Callable[[type], bool]) -> list[type]:
    """The classes ``module`` defines that ``made`` says its decorator made."""
    return [
        value
        for value in vars(module).values()
        if isinstance(value, type) and value.__module__ == module.__name__ and made(value)
    ]


def twin(
    module: types.ModuleType, monkeypatch: pytest.MonkeyPatch, where: Any, name: str, stdlib: Any
) -> dict[str, Any]:
    """The module run again from its source, with ``where.name`` (the decorator) replaced by
    ``stdlib`` (what ``dataclasses`` makes); a base from another module stays certify's."""
    path = module.__file__
    assert path is not None
    with open(path, encoding="utf-8") as stream:
        code = compile(stream.read(), path, "exec")
    namespace: dict[str, Any] = {"__name__": module.__name__, "__builtins__": builtins}
    with monkeypatch.context() as patch:
        patch.setattr(where, name, stdlib)
        exec(code, namespace)
    return namespace


def pairs(
    monkeypatch: pytest.MonkeyPatch,
    made: Callable[[type], bool] = made_by_record,
    decorator: tuple[Any, str, Any] = (records, "Record", StdlibRecord),
) -> list[tuple[type, type]]:
    """Each class of certify that ``made`` recognizes, with its twin made by ``dataclasses``."""
    found = []
    for module in certify_modules():
        ours = own_classes(module, made)
        if ours:
            theirs = twin(module, monkeypatch, *decorator)
            found += [(cls, theirs[cls.__name__]) for cls in ours]
    return found


def same(a: Any, b: Any) -> bool:
    """Equal values, or equal ``repr`` (a default of the module's own class in the twin)."""
    return bool(a == b) or repr(a) == repr(b)


def field_rows(cls: type) -> list[tuple[Any, ...]]:
    return [
        (f.name, f.type, f.init, f.repr, f.hash, f.compare, f.kw_only, dict(f.metadata), kind(f))
        for f in dataclasses.fields(cls)
    ]


def kind(field: dataclasses.Field[Any]) -> Any:
    return field._field_type  # type: ignore[attr-defined]


def arguments(cls: type, salt: str) -> list[Any]:
    return [f"{salt}{index}" for index, _ in enumerate(init_fields(cls))]


def init_fields(cls: type) -> list[dataclasses.Field[Any]]:
    """The fields ``__init__`` takes (an ``init=False`` field is made by its factory)."""
    return [f for f in dataclasses.fields(cls) if f.init]


def compare_fields(ours: type, theirs: type, attributes: tuple[str, ...]) -> None:
    """The fields, their defaults, the signature, ``__init__``'s annotations, the class
    ``attributes`` (``__match_args__`` and the like) and the dataclass parameters."""
    name = ours.__qualname__
    assert field_rows(ours) == field_rows(theirs), name
    for a, b in zip(dataclasses.fields(ours), dataclasses.fields(theirs), strict=True):
        assert same(a.default, b.default), (name, a.name)
        assert same(a.default_factory, b.default_factory), (name, a.name)
    assert str(inspect.signature(ours)) == str(inspect.signature(theirs)), name
    assert ours.__init__.__annotations__ == theirs.__init__.__annotations__, name
    for attribute in ("__match_args__", "__doc__", "__qualname__", "__annotations__", *attributes):
        assert getattr(ours, attribute) == getattr(theirs, attribute), (name, attribute)
    assert repr(ours.__dataclass_params__) == repr(theirs.__dataclass_params__), name  # type: ignore[attr-defined]


def compare_classes(ours: type, theirs: type) -> None:
    name = ours.__qualname__
    assert not made_by_record(theirs), name
    compare_fields(ours, theirs, ("__slots__",))
    # Python 3.10's slotted class keeps the old class's ``__weakref__`` descriptor (gh-102069)
    assert set(vars(ours)) == set(vars(theirs)) - {"__weakref__"}, name
    for method in ("__init__", "__repr__", "__eq__", "__hash__", "__setattr__", "__delattr__"):
        assert getattr(ours, method).__qualname__ == getattr(theirs, method).__qualname__
    compare_instances(ours, theirs)


def compare_instances(ours: type, theirs: type) -> None:
    name = ours.__qualname__
    values = arguments(ours, "v")
    mine, yours = ours(*values), theirs(*values)
    assert repr(mine) == repr(yours), name
    assert hash(mine) == hash(yours), name
    assert mine == ours(*values) and (mine != ours(*values)) is False, name
    assert (mine == yours) is False and (mine != yours) is True, name  # another class
    assert mine.__getstate__() == yours.__getstate__(), name
    assert dataclasses.astuple(mine) == dataclasses.astuple(yours), name
    assert pickle.loads(pickle.dumps(mine)) == mine, name
    assert copy.copy(mine) == mine and copy.deepcopy(mine) == mine, name
    assert not hasattr(mine, "__dict__") and not hasattr(yours, "__dict__"), name
    for each in (mine, yours):
        with pytest.raises(TypeError):
            weakref.ref(each)
    for field in dataclasses.fields(ours):
        if not field.init:
            for each in (mine, yours):
                with pytest.raises(ValueError, match="init=False"):
                    dataclasses.replace(each, **{field.name: "other"})
                with pytest.raises(dataclasses.FrozenInstanceError):
                    setattr(each, field.name, "other")
    for index, field in enumerate(init_fields(ours)):
        changed = list(values)
        changed[index] = "other"
        assert (ours(*changed) == mine) == (theirs(*changed) == yours), (name, field.name)
        assert (hash(ours(*changed)) == hash(mine)) == (hash(theirs(*changed)) == hash(yours))
        assert repr(ours(*changed)) == repr(theirs(*changed)), (name, field.name)
        replaced = dataclasses.replace(mine, **{field.name: "other"})
        assert repr(replaced) == repr(dataclasses.replace(yours, **{field.name: "other"}))
        for each in (mine, yours):
            with pytest.raises(dataclasses.FrozenInstanceError):
                setattr(each, field.name, "other")
            with pytest.raises(dataclasses.FrozenInstanceError):
                delattr(each, field.name)
    required = [v for v, f in zip(values, init_fields(ours), strict=True) if not has_default(f)]
    assert repr(ours(*required)) == repr(theirs(*required)), name
    assert ours.__match_args__ == theirs.__match_args__


def has_default(field: dataclasses.Field[Any]) -> bool:
    return (
        field.default is not dataclasses.MISSING or field.default_factory is not dataclasses.MISSING
    )


def test_every_record_of_certify_is_the_class_dataclasses_makes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    found = pairs(monkeypatch)
    assert len(found) >= 150  # certify's plain records all take the one-step way
    for ours, theirs in found:
        compare_classes(ours, theirs)


def test_certify_loads_its_records_the_one_step_way() -> None:
    importlib.import_module("certify.pipeline")
    importlib.import_module("certify.cli.app")
    assert records.made["records"] >= 120
    assert records.made["dataclasses"] <= 5  # the few shapes left to dataclasses
    from certify.meaning.ir import Vocabulary
    from certify.syntax.ast import PApart
    from certify.syntax.coordinate import _Unit

    # The three that a finite text's run left to dataclasses: caches made by their factory,
    # no field, no docstring (given one).
    assert made_by_record(Vocabulary) and made_by_record(_Unit)
    assert made_by_record(PApart) or sys.version_info >= (3, 14)


@pytest.fixture(autouse=True)
def point_module(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, MODULE.__name__, MODULE)


MODULE = types.ModuleType("certify.test_records_point")


def build(source: str) -> type:
    """The class ``Point`` of ``source``, a ``Record``, as a module would make it."""
    module = MODULE
    module.__dict__["Record"] = records.Record
    module.__dict__["dataclasses"] = dataclasses
    text = "from __future__ import annotations\n" + source
    exec(compile(text, "certify/test_records_point.py", "exec"), module.__dict__)
    point: type = module.Point
    return point


PLAIN = '''
class Point(Record):
    """A point."""
    x: int
    y: int = 3
    tags: list[int] = dataclasses.field(default_factory=list, compare=False)
    note: str = dataclasses.field(default="", repr=False)
    label: str = dataclasses.field(default="", hash=False)
'''


def test_a_plain_record() -> None:
    before = records.made["records"]
    point: Any = build(PLAIN)
    assert records.made["records"] == before + 1 and made_by_record(point)
    p = point(1)
    assert repr(p) == "Point(x=1, y=3, tags=[], label='')"
    assert p.tags == [] and p.tags is not point(1).tags  # a new list each time
    assert p == point(1, 3, [5]) and p != point(1, 4)
    assert hash(p) == hash((1, 3, "")) and hash(point(1, label="a")) == hash(p)
    assert point(1, label="a") != p  # compared, not hashed
    assert point.__match_args__ == ("x", "y", "tags", "note", "label")
    assert str(inspect.signature(point)) == (
        "(x: 'int', y: 'int' = 3, tags: 'list[int]' = <factory>, note: 'str' = '',"
        " label: 'str' = '') -> None"
    )
    with pytest.raises(dataclasses.FrozenInstanceError, match="cannot assign to field 'x'"):
        p.x = 2
    with pytest.raises(dataclasses.FrozenInstanceError, match="cannot delete field 'y'"):
        del p.y
    with pytest.raises(dataclasses.FrozenInstanceError):  # dataclasses raises TypeError here
        p.other = 1
    with pytest.raises(TypeError):
        point()
    assert dataclasses.is_dataclass(point) and dataclasses.replace(p, y=9).y == 9
    assert dataclasses.asdict(p) == {"x": 1, "y": 3, "tags": [], "note": "", "label": ""}


def test_a_field_made_by_its_factory_alone() -> None:
    """``init=False`` with a factory (``Vocabulary``'s caches): ``__init__`` makes it, as the
    class ``dataclasses`` makes of the same source does."""
    source = HEAD + (
        "    x: int\n"
        "    cache: dict[str, int] = dataclasses.field(\n"
        "        default_factory=dict, init=False, repr=False, compare=False, hash=False\n"
        "    )\n"
        "    y: int = 2\n"
    )
    point: Any = build(source)
    assert made_by_record(point)
    p = point(1)
    assert p.cache == {} and p.cache is not point(1).cache
    assert repr(p) == "Point(x=1, y=2)" and p == point(1) and hash(p) == hash((1, 2))
    assert point.__match_args__ == ("x", "y")
    assert str(inspect.signature(point)) == "(x: 'int', y: 'int' = 2) -> None"
    with pytest.raises(TypeError):
        point(1, 2, {})
    with pytest.raises(dataclasses.FrozenInstanceError):
        p.cache = {}
    with pytest.raises(ValueError, match="init=False"):
        dataclasses.replace(p, cache={})


def test_a_recursive_repr_is_cut_as_dataclasses_cuts_it() -> None:
    point: Any = build(PLAIN)
    p = point(1)
    p.tags.append(p)
    assert repr(p) == "Point(x=1, y=3, tags=[...], label='')"


def test_pickled_records_come_back_equal() -> None:
    from certify.meaning.ir import InPlace

    atom = InPlace("Ana", "the kitchen")
    assert pickle.loads(pickle.dumps(atom)) == atom
    assert made_by_record(InPlace)


HEAD = 'class Point(Record):\n    """."""\n'


@pytest.mark.parametrize(
    "source",
    [
        "class Point(Record):\n    x: int\n",  # no docstring: dataclasses writes one
        'class Base:\n    pass\nclass Point(Base, Record):\n    """."""\n    x: int\n',
        HEAD + "    x: ClassVar[int]\n",
        HEAD + "    x: int\n    def __post_init__(self):\n        pass\n",
        HEAD + '    x: int\n    def __repr__(self):\n        return "p"\n',
        HEAD + "    x: int = dataclasses.field(init=False, default=1)\n",
        HEAD + "    x: int = dataclasses.field(init=False)\n",
        HEAD + "    x: int = dataclasses.field(kw_only=True)\n",
    ],
)
def test_other_shapes_are_left_to_dataclasses(source: str) -> None:
    before = dict(records.made)
    point = build(source)
    assert records.made["dataclasses"] == before["dataclasses"] + 1
    assert records.made["records"] == before["records"]
    assert not made_by_record(point) and dataclasses.is_dataclass(point)


@pytest.mark.parametrize(
    ("source", "error"),
    [
        (HEAD + "    x: list[int] = []\n", ValueError),
        (HEAD + "    x: list[int] = dataclasses.field(default=[])\n", ValueError),
        (HEAD + "    x: int = 1\n    y: int\n", TypeError),
        (HEAD + '    __slots__ = ("x",)\n    x: int\n', TypeError),
    ],
)
def test_what_dataclasses_refuses_is_refused(source: str, error: type[Exception]) -> None:
    with pytest.raises(error):
        build(source)


def test_an_empty_record() -> None:
    point: Any = build('class Point(Record):\n    """Nothing."""\n')
    assert repr(point()) == "Point()" and point() == point() and hash(point()) == hash(())
    assert point.__slots__ == () and (made_by_record(point) or sys.version_info >= (3, 14))
    empty: Any = build('class Point(Record):\n    """Nothing."""\n    __annotations__ = {}\n')
    assert made_by_record(empty) and repr(empty()) == "Point()" and hash(empty()) == hash(())


def test_records_of_one_shape_share_their_code() -> None:
    a: Any = build('class Point(Record):\n    """A."""\n    x: int\n')
    b: Any = build('class Point(Record):\n    """B."""\n    x: str\n')
    assert a.__init__.__code__ is b.__init__.__code__
    assert a("1") != b("1")  # different classes, never equal


def test_a_subclass_keeps_its_own_attributes_and_the_fields_frozen() -> None:
    point: Any = build(PLAIN)

    class Labelled(point):  # type: ignore[misc]  # no slots: its instances have a __dict__
        pass

    p = Labelled(1)
    p.extra = "kept"
    assert p.extra == "kept" and repr(p).endswith("Labelled(x=1, y=3, tags=[], label='')")
    with pytest.raises(dataclasses.FrozenInstanceError):
        p.x = 2
    with pytest.raises(dataclasses.FrozenInstanceError):
        point(1).extra = "refused"


def test_a_shape_met_twice_takes_its_code_once(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[str] = []

    def counting(name: str, source: Any, filename: str = "<string>") -> Any:
        asked.append(name)
        return compile(source(), filename, "exec", dont_inherit=True)

    monkeypatch.setattr(records, "code_named", counting)
    shape = 'class Point(Record):\n    """{}."""\n    twice_met: int\n    other_field: str = ""\n'
    first: Any = build(shape.format("A"))
    second: Any = build(shape.format("B"))
    assert len(asked) == 1  # the cache drops an entry once used: asking twice would compile
    assert first.__init__.__code__ is second.__init__.__code__
    assert first(1) != second(1) and second(1).other_field == ""


@pytest.fixture
def code_cache(monkeypatch: pytest.MonkeyPatch) -> Any:
    """``certify.compiled``'s cache, empty and not written at exit, and no shape met yet."""
    from certify import compiled

    monkeypatch.setattr(compiled, "_known", {})
    monkeypatch.setattr(compiled, "_loaded", {})
    monkeypatch.setitem(compiled._state, "loaded", True)
    monkeypatch.setitem(compiled._state, "new", True)  # nothing written at exit
    monkeypatch.setattr(records, "_shapes", {})
    return compiled


def test_a_kept_shape_s_code_is_taken_without_writing_its_source(
    monkeypatch: pytest.MonkeyPatch, code_cache: Any
) -> None:
    compiled = code_cache
    shape = 'class Point(Record):\n    """{}."""\n    kept_only_here: int\n    other: str = ""\n'
    first: Any = build(shape.format("A"))
    (name,) = compiled._known  # kept under the shape and this module's digest
    assert name.startswith("# certify.records ") and "kept_only_here" in name
    assert records._form() in name
    monkeypatch.setattr(records, "_shapes", {})  # another process: the file has the code

    def unwritten(fields: object) -> str:
        raise AssertionError("the kept code should have been taken by its name")

    monkeypatch.setattr(records, "_source", unwritten)
    second: Any = build(shape.format("B"))
    assert second.__init__.__code__ is first.__init__.__code__
    assert second(2, "x") == second(2, "x") and second(2).other == ""


@pytest.mark.parametrize("form", ["another version of records.py", None])
def test_another_module_digest_writes_the_source_again(
    monkeypatch: pytest.MonkeyPatch, code_cache: Any, form: str | None
) -> None:
    compiled = code_cache
    shape = 'class Point(Record):\n    """A."""\n    written_again: int\n'
    build(shape)
    monkeypatch.setattr(records, "_shapes", {})
    monkeypatch.setattr(records, "_digest", [form])  # records.py changed, or has no source
    written: list[object] = []
    source = records._source

    def counted(fields: Any) -> str:
        written.append(fields)
        return source(fields)

    monkeypatch.setattr(records, "_source", counted)
    again: Any = build(shape)
    assert len(written) == 1 and again(3).written_again == 3
    if form is None:  # the source text itself names the code, as any other
        assert any(key.startswith("def __record__") for key in compiled._known)


def test_a_record_is_made_once_a_plain_class_that_record_only_marks() -> None:
    point: Any = build(
        'class Point(Record):\n    """."""\n    x: int\n'
        "    def cls(self):\n        return __class__\n"
        "    def text(self):\n        return super().__repr__()\n"
    )
    assert point(1).cls() is point  # the body's class is the record itself, not a draft
    assert point(1).text().startswith("<certify.test_records_point.Point object")
    assert type(point) is type and point.__mro__ == (point, object)
    for check in (
        lambda: isinstance(point(1), records.Record),
        lambda: issubclass(point, records.Record),
    ):
        with pytest.raises(TypeError, match="plain classes"):
            check()
