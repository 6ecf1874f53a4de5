"""Comparing sessions: states as plain data, snapshots, and the first difference between two."""

from __future__ import annotations

import copyreg
import dataclasses
import io
import pickle
import random
import types
from collections.abc import Callable
from enum import Enum
from typing import Any

import pluggy

from ..loader import Content
from ..session import Session

# ---- comparing sessions -----------------------------------------------------------------------


def state_data(obj: Any, _seen: frozenset[int] = frozenset()) -> Any:
    """A comparable copy of a game state: its fields all the way down, RNGs by their state."""
    if obj is None or isinstance(obj, bool | int | float | str | bytes | Enum):
        return obj
    if isinstance(obj, random.Random):
        return ("Random", obj.getstate())
    if isinstance(obj, Content):  # shared, read-only; its fingerprint names it
        return ("Content", obj.game, obj.fingerprint)
    if id(obj) in _seen:
        return "<cycle>"
    seen = _seen | {id(obj)}
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        params = getattr(type(obj), "__dataclass_params__", None)
        if params is not None and params.frozen:
            return obj  # made once and never changed: compare it whole
        return (
            type(obj).__qualname__,
            {  # a field declared compare=False is a cache, not state
                f.name: state_data(getattr(obj, f.name), seen)
                for f in dataclasses.fields(obj)
                if f.compare
            },
        )
    if isinstance(obj, dict):
        return {_key(k): state_data(v, seen) for k, v in obj.items()}
    if isinstance(obj, list | tuple):
        return [state_data(v, seen) for v in obj]
    if isinstance(obj, set | frozenset):
        return ("set", sorted((state_data(v, seen) for v in obj), key=repr))
    if callable(obj):
        return ("callable", getattr(obj, "__qualname__", type(obj).__qualname__))
    if hasattr(obj, "__dict__"):
        return (type(obj).__qualname__, state_data(vars(obj), seen))
    slots = [s for c in type(obj).__mro__ for s in getattr(c, "__slots__", ())]
    if slots:
        return (type(obj).__qualname__, {s: state_data(getattr(obj, s, None), seen) for s in slots})
    return obj


def _key(k: Any) -> Any:
    return k if isinstance(k, str | int | float | bool | Enum) or k is None else repr(k)


def _placeholder(text: str) -> Callable[[Any], tuple[Any, ...]]:
    return lambda obj: (str, (text,))


# What a state may hold that is not its data: shared, read-only, or machinery.
_IMAGE_TABLE: dict[type, Any] = {
    **copyreg.dispatch_table,
    pluggy.HookRelay: _placeholder("<hooks>"),
    pluggy.PluginManager: _placeholder("<plugin manager>"),
    types.ModuleType: _placeholder("<module>"),
    Content: lambda c: (str, (f"<content {c.game} {c.fingerprint}>",)),
}


_TABLES: dict[tuple[type, str], dict[type, Any]] = {}


def _image_table(shared: Any, name: str = "") -> dict[type, Any]:
    """The pickling table, also leaving out the game's built content (`shared`): it is made
    once per load and shared by every session, so its content's fingerprint (`name`) names it
    (two loads of the same files are the same content), else its identity."""
    kind = type(shared)
    if shared is None or kind in _IMAGE_TABLE or kind.__module__ == "builtins":
        return _IMAGE_TABLE
    key = (kind, name)
    if key not in _TABLES:
        _TABLES[key] = {
            **_IMAGE_TABLE,
            kind: lambda o: (str, (f"<{kind.__name__} {name or id(o)}>",)),
        }
    return _TABLES[key]


class StateImage:
    """A state as it was when taken. Two images compare by their pickles (fast) and, when those
    differ or a state cannot be pickled, field by field (`state_data`)."""

    __slots__ = ("pickled", "_data")

    def __init__(self, state: Any, shared: Any = None, name: str = "") -> None:
        buffer = io.BytesIO()
        pickler = pickle.Pickler(buffer, protocol=pickle.HIGHEST_PROTOCOL)
        pickler.dispatch_table = _image_table(shared, name)  # type: ignore[assignment]
        try:
            pickler.dump(state)
            self.pickled: bytes | None = buffer.getvalue()
            self._data: Any = None
        except Exception:  # a lambda, a local class...: compare the fields now
            self.pickled = None
            self._data = state_data(state)

    @property
    def data(self) -> Any:
        if self._data is None and self.pickled is not None:
            self._data = state_data(pickle.loads(self.pickled))
        return self._data

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, StateImage):
            return NotImplemented
        if self.pickled is not None and self.pickled == other.pickled:
            return True
        return bool(self.data == other.data)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"StateImage({_short(self.data)})"


def snapshot(session: Session, renders: bool = True) -> dict[str, Any]:
    """Everything a user or a rule could observe of a session, for comparing two of them."""
    seats: list[str | None] = [None, *session.players]
    out = {
        "log": list(session.log),
        "actors": session.actors(),
        "over": session.state.flow.over,
        "legal actions": session.legal_actions(),
        "views": {str(p): session.view(p) for p in seats},
        "state": StateImage(session.state, session.content.built, session.content.fingerprint),
    }
    if renders:
        out["renders"] = {str(p): session.render(p) for p in seats}
    return out


def difference(a: Any, b: Any, path: str = "") -> str | None:
    """Where two snapshots (or any nested data) first differ, as `path: a != b`; None if equal."""
    if a == b:
        return None
    if isinstance(a, StateImage) and isinstance(b, StateImage):
        return difference(a.data, b.data, path)
    if isinstance(a, dict) and isinstance(b, dict):
        for k in a:
            if k not in b:
                return f"{path}.{k}: only in the first"
            found = difference(a[k], b[k], f"{path}.{k}")
            if found:
                return found
        for k in b:
            if k not in a:
                return f"{path}.{k}: only in the second"
        return None
    if isinstance(a, list | tuple) and isinstance(b, list | tuple) and type(a) is type(b):
        for i, (x, y) in enumerate(zip(a, b, strict=False)):
            found = difference(x, y, f"{path}[{i}]")
            if found:
                return found
        if len(a) != len(b):
            return f"{path}: {len(a)} items != {len(b)} items"
        return None
    return f"{path}: {_short(a)} != {_short(b)}"


def _short(value: Any, limit: int = 200) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."
