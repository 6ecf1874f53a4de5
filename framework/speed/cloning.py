"""Copies of game states, fast: what `Game.clone` does unless a game writes its own.

A state is plain data: dataclasses, lists, dicts, sets, tuples, numbers and strings, plus the
game's random generator. `clone` copies what can change and shares what cannot: strings,
numbers, frozen dataclasses (printed components: boards, tiles, cards) and tuples of such
values (a tuple holding a list is copied); a field's annotation may say so up front (`int`,
`list[str]`, `dict[str, int]`: shared, or copied in C; `dict[str, list[Truck]]`: one
comprehension), so a copy of a Curious Cargo state costs about twenty microseconds where
`copy.deepcopy` takes milliseconds. A class may define
`__clone__(self)` to copy itself faster (a Facility copies its stacks shallowly: they are tuples).
Anything else falls back to deepcopy.
"""

from __future__ import annotations

import contextlib
import copy
import dataclasses
import enum
import os
import random
import sys
import types
import typing
from collections.abc import Callable, Iterator
from typing import Any

_SHARED: tuple[type, ...] = (str, int, float, bool, type(None), bytes, frozenset)
_COPIERS: dict[type, Callable[[Any], Any]] = {}
_KEPT: set[type] = set(_SHARED)  # kinds whose values are shared, not copied


def clone(value: Any) -> Any:
    """A copy of `value` sharing nothing that can change (in checking mode, `checking()`,
    verified so: CloneCheckError names the class and field that broke it)."""
    twin = _clone(value)
    if _checking:
        verify(value, twin)
    return twin


def _clone(value: Any) -> Any:
    kind = type(value)
    if kind in _KEPT:
        return value
    copier = _COPIERS.get(kind)
    if copier is None:
        copier = _copier_of(kind)
    return copier(value)


def _copier_of(kind: type) -> Callable[[Any], Any]:
    copier = _COPIERS.get(kind)
    if copier is None:
        copier = _COPIERS[kind] = _copier_for(kind)
        if copier is _same:
            _KEPT.add(kind)
    return copier


def _same(value: Any) -> Any:
    return value


def _list(value: list[Any]) -> list[Any]:
    kept = _KEPT
    if kept.issuperset(map(type, value)):  # only values shared as they are (looked at in C)
        return value[:]
    return [v if type(v) in kept else _clone(v) for v in value]


def _dict(value: dict[Any, Any]) -> dict[Any, Any]:
    kept = _KEPT
    if kept.issuperset(map(type, value.values())):
        return value.copy()
    return {k: v if type(v) in kept else _clone(v) for k, v in value.items()}


def _tuple(value: tuple[Any, ...]) -> tuple[Any, ...]:
    kept = _KEPT
    if kept.issuperset(map(type, value)):
        return value
    for i, v in enumerate(value):
        if type(v) in kept:
            continue
        twin = _clone(v)
        if twin is not v:  # it holds something that can change: copy it and what follows
            rest = tuple(w if type(w) in kept else _clone(w) for w in value[i + 1 :])
            return (*value[:i], twin, *rest)
    return value


def _random(value: random.Random) -> random.Random:
    twin = type(value).__new__(type(value))
    twin.setstate(value.getstate())
    return twin


def _copier_for(kind: type) -> Callable[[Any], Any]:
    own = getattr(kind, "__clone__", None)
    if own is not None:  # the class knows best how to copy itself
        return own  # type: ignore[no-any-return]
    if issubclass(kind, _SHARED) and kind not in (list, dict, set):
        return _same
    if kind is tuple:
        return _tuple
    if kind is list:
        return _list
    if kind is dict:
        return _dict
    if kind is set:
        return set
    if issubclass(kind, random.Random):
        return _random
    if dataclasses.is_dataclass(kind):
        if kind.__dataclass_params__.frozen:  # type: ignore[attr-defined]
            return _same
        names = tuple(f.name for f in dataclasses.fields(kind))
        extra = tuple(
            n for n in getattr(kind, "__slots__", ()) if n not in names and n != "__weakref__"
        )
        return _dataclass_copier(kind, names + extra)
    return copy.deepcopy


def _dataclass_copier(kind: type, names: tuple[str, ...]) -> Callable[[Any], Any]:
    new = object.__new__
    setter = object.__setattr__
    if not hasattr(kind, "__slots__") or "__dict__" in dir(kind):
        slots = {n for base in kind.__mro__ for n in getattr(base, "__slots__", ())}
        slotted = tuple(n for n in names if n in slots)  # a slotted base's: not in __dict__

        def copy_dict(value: Any) -> Any:  # its fields (and any cached values) are in __dict__
            twin: Any = new(kind)
            for name in slotted:
                try:
                    setter(twin, name, _clone(getattr(value, name)))
                except AttributeError:
                    pass
            for name, item in vars(value).items():
                setter(twin, name, _clone(item))
            return twin

        return copy_dict

    # a function written for this class: one line per field, no loop, no getattr (and plain
    # assignments when the class does not change how attributes are set)
    plain = getattr(kind, "__setattr__", None) is object.__setattr__
    scope: dict[str, Any] = {"new": new, "kind": kind, "setter": setter, "kept": _KEPT}
    scope["clone"] = _clone
    _PLANNING.add(kind)
    try:
        plans = _plans(kind, scope)
    finally:
        _PLANNING.discard(kind)
    lines = ["def copy_slots(value):", "    twin = new(kind)"]
    for name in names:
        copied = plans.get(name) or "item if type(item) in kept else clone(item)"
        store = f"twin.{name} = {copied}" if plain else f"setter(twin, {name!r}, {copied})"
        lines.append(
            f"    try:\n        item = value.{name}\n    except AttributeError:\n        pass"
        )
        lines.append(f"    else:\n        {store}")
    lines.append("    return twin")
    exec("\n".join(lines), scope)
    return scope["copy_slots"]  # type: ignore[no-any-return]


# ---- copies planned from the fields' annotations ---------------------------------------------
# A field declared `int`, `str | None`, `tuple[int, int]`... holds a value that never changes:
# it is shared without a look. One declared `list[str]`, `dict[str, int]` or `set[int]` holds
# only such values: a shallow copy, made in C, is a full copy. Anything else (or an annotation
# that cannot be read) is copied by `clone`, value by value. One declared a mutable dataclass, or
# a class with its own `__clone__`, is copied by that class's copier, called directly.

_ATOMS: tuple[Any, ...] = (str, int, float, bool, type(None), bytes)
_PLANNING: set[type] = set()  # classes whose copiers are being written (a class holding itself)


def _plans(kind: type, scope: dict[str, Any] | None = None) -> dict[str, str]:
    """For each field whose annotation says how, the expression copying its value `item`
    (the copiers of classes it calls directly are put into `scope`)."""
    module = sys.modules.get(kind.__module__)
    names = dict(vars(module)) if module is not None else {}
    scope = {} if scope is None else scope
    plans: dict[str, str] = {}
    for f in dataclasses.fields(kind):
        try:
            hint = eval(f.type, names) if isinstance(f.type, str) else f.type  # noqa: S307
        except Exception:  # a name only known to type checkers: copied value by value
            continue
        plan = _plan(hint, scope=scope)
        if plan is not None:
            plans[f.name] = plan
    return plans


def _plan(
    hint: Any, expr: str = "item", depth: int = 0, scope: dict[str, Any] | None = None
) -> str | None:
    """The expression copying the value `expr` declared `hint` (None: no plan, `clone` it).
    Containers of such values are copied by comprehensions, and a value of a class with a
    copier of its own by that copier, each checked to be of the type its annotation says
    (else `clone` copies it, as without a plan)."""
    if _atom(hint):
        return expr
    scope = {} if scope is None else scope
    if isinstance(hint, type) and hint not in _PLANNING and _own_copier(hint):
        name = f"T{len(scope)}"
        scope[name], scope[f"copy_{name}"] = hint, _copier_of(hint)
        return f"(copy_{name}({expr}) if type({expr}) is {name} else clone({expr}))"
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    v, k = f"v{depth}", f"k{depth}"
    if origin is list and len(args) == 1:
        if _atom(args[0]):
            return f"{expr}[:]"
        inner = _plan(args[0], v, depth + 1, scope) or f"clone({v})"
        return f"([{inner} for {v} in {expr}] if type({expr}) is list else clone({expr}))"
    if origin is set and len(args) == 1 and _atom(args[0]):
        return f"{expr}.copy()"
    if origin is dict and len(args) == 2 and _atom(args[0]):
        if _atom(args[1]):
            return f"{expr}.copy()"
        inner = _plan(args[1], v, depth + 1, scope) or f"clone({v})"
        return (
            f"({{{k}: {inner} for {k}, {v} in {expr}.items()}} "
            f"if type({expr}) is dict else clone({expr}))"
        )
    if origin is tuple and args and Ellipsis not in args and depth == 0:
        parts = [
            _plan(a, f"{expr}[{i}]", depth + 1, scope) or f"clone({expr}[{i}])"
            for i, a in enumerate(args)
        ]
        return (
            f"(({', '.join(parts)},) if type({expr}) is tuple and len({expr}) == {len(args)} "
            f"else clone({expr}))"
        )
    return None


def _own_copier(kind: type) -> bool:
    """Is `kind` copied by a copier of its own: its `__clone__`, or one written for it (a
    mutable dataclass)?"""
    if kind in _ATOMS or kind in (list, dict, set, tuple):
        return False
    if getattr(kind, "__clone__", None) is not None:
        return True
    return dataclasses.is_dataclass(kind) and not kind.__dataclass_params__.frozen  # type: ignore[attr-defined]


def _atom(hint: Any) -> bool:
    """Does the annotation say the value can never change?"""
    if hint in _ATOMS:
        return True
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return bool(hint.__dataclass_params__.frozen)  # type: ignore[attr-defined]
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is tuple or origin is frozenset:
        return bool(args) and all(a is Ellipsis or _atom(a) for a in args)
    if origin is types.UnionType or origin is typing.Union:
        return all(_atom(a) for a in args)
    return origin is typing.Literal


# ---- checking mode ----------------------------------------------------------------------------
# A plan trusts annotations without looking at values: a field declared `list[str]` that holds
# lists is copied shallowly, and its lists are then shared by the clone and its original. In
# checking mode (`checking()`, or DOCKYARD_CHECK_CLONES=1; the generic suite turns it on for
# its playouts) every clone is compared with its original: nothing that can change may be
# shared, and a tuple shared as never changing must hold only values that never change. A
# frozen dataclass is a printed component, shared whole as its class declares; strict mode
# (`checking(strict=True)`, DOCKYARD_CHECK_CLONES=strict) looks into those too. Fields declared
# `compare=False` are caches, not state: not looked at.


class CloneCheckError(AssertionError):
    """A clone shares with its original something that can change."""


_MODE = os.environ.get("DOCKYARD_CHECK_CLONES", "")
_checking = 0 if _MODE in ("", "0") else 1
_strict = 1 if _MODE == "strict" else 0
# values that never change (subclasses of strings and numbers too: `clone` shares them)
_UNCHANGING: tuple[type, ...] = (str, int, float, bytes, complex, range, type, enum.Enum)
_UNCHANGING += (types.FunctionType, types.BuiltinFunctionType)
# id -> (a shared object, the path to something changeable inside it, or None): tuples and
# frozen dataclasses are looked into once
_VERDICTS: dict[tuple[int, int], tuple[Any, str | None]] = {}


@contextlib.contextmanager
def checking(strict: bool = False) -> Iterator[None]:
    """Within it, every `clone` verifies that the copy shares nothing that can change with
    its original (CloneCheckError names the class and the field that broke it); `strict`:
    not even inside frozen dataclasses (printed components)."""
    global _checking, _strict
    _checking += 1
    _strict += strict
    try:
        yield
    finally:
        _checking -= 1
        _strict -= strict


def verify(original: Any, twin: Any) -> None:
    """Raise CloneCheckError if `twin`, a clone of `original`, shares anything that can
    change with it (outside fields declared `compare=False`)."""
    _walk(original, twin, type(original).__name__, None, {})


def _walk(a: Any, b: Any, path: str, owner: Any, seen: dict[int, Any]) -> None:
    kind = type(a)
    if kind in _ATOMS or id(a) in seen:
        return
    seen[id(a)] = a  # kept, so that its id stays its own while walking
    if a is b:
        inside = _changeable(a, path)
        if inside is not None:
            raise _shared(inside, owner)
        return
    if kind is list or isinstance(a, tuple):
        for i, (x, y) in enumerate(zip(a, b, strict=False)):
            _walk(x, y, f"{path}[{i}]", owner, seen)
    elif kind is dict:
        for k, x in a.items():
            inside = _changeable(k, f"{path} key {k!r}")
            if inside is not None:
                raise _shared(inside, owner)
            if type(b) is dict and k in b:
                _walk(x, b[k], f"{path}[{k!r}]", owner, seen)
    elif kind is set or kind is frozenset:
        for x in a:
            inside = _changeable(x, f"{path} item {x!r}")
            if inside is not None:
                raise _shared(inside, owner)
    elif isinstance(a, random.Random):
        return
    elif dataclasses.is_dataclass(a) and type(b) is kind:
        for f in dataclasses.fields(kind):
            if not f.compare:
                continue  # a cache, not state
            try:
                x, y = getattr(a, f.name), getattr(b, f.name)
            except AttributeError:
                continue
            _walk(x, y, f"{path}.{f.name}", (kind, f), seen)
    elif hasattr(a, "__dict__") and type(b) is kind:
        for name, x in vars(a).items():
            _walk(x, getattr(b, name, None), f"{path}.{name}", owner, seen)


def _changeable(value: Any, path: str) -> str | None:
    """Where, in `value` (shared by a clone and its original), something can change: a path
    and what it is, or None when nothing in it can."""
    kind = type(value)
    if kind in _ATOMS or isinstance(value, _UNCHANGING):
        return None
    frozen = dataclasses.is_dataclass(value) and kind.__dataclass_params__.frozen  # type: ignore[attr-defined]
    if frozen and not _strict:
        return None  # a printed component, shared whole as its class declares
    if not frozen and not isinstance(value, tuple | frozenset):
        return f"{path} (a {kind.__name__})"
    known = _VERDICTS.get((id(value), _strict))
    if known is not None and known[0] is value:
        return None if known[1] is None else path + known[1]
    if frozen:
        parts: Iterator[tuple[str, Any]] = (
            (f".{f.name}", getattr(value, f.name, None))
            for f in dataclasses.fields(value)
            if f.compare
        )
    else:
        parts = ((f"[{i}]", v) for i, v in enumerate(value))
    found = None
    for where, item in parts:
        found = _changeable(item, where)
        if found is not None:
            break
    if len(_VERDICTS) > 100_000:
        _VERDICTS.clear()
    _VERDICTS[(id(value), _strict)] = (value, found)
    return None if found is None else path + found


def _shared(inside: str, owner: Any) -> CloneCheckError:
    if owner is None:
        return CloneCheckError(
            f"a clone shares {inside} with its original: a change to either changes both"
        )
    kind, f = owner
    declared = f.type if isinstance(f.type, str) else getattr(f.type, "__name__", repr(f.type))
    return CloneCheckError(
        f"a clone shares {inside} with its original: field {f.name!r} of {kind.__name__} "
        f"(declared {declared}) holds values its declaration does not say, so its copy was "
        "planned to share them; declare what it holds (or give the class a __clone__)"
    )
