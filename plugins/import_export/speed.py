"""Import / Export's one cache, kept apart from the rules (they read the same with it or without).

- `python_effects(hook)`: the named effects (hookspecs.py) that the plugins of a session
  provide, asked of the plugins once per session. Keyed on the session's hook relay itself: on
  its identity, and the relay held in the entry so that a new relay at a reused address misses.
"""

from __future__ import annotations

from typing import Any

from .powers import Effect

_NAMED: dict[int, tuple[Any, dict[str, Effect]]] = {}  # a session's hooks -> their effects


def python_effects(hook: Any) -> dict[str, Effect]:
    """The named effects the plugins of a session's hooks provide (asked once per hooks)."""
    known = _NAMED.get(id(hook))
    if known is not None and known[0] is hook:
        return known[1]
    named: dict[str, Effect] = {}
    caller = getattr(hook, "import_export_effects", None)
    if caller is not None:
        caller(register=lambda name, function: named.__setitem__(name, function))
    _NAMED[id(hook)] = (hook, named)
    return named
