"""Import / Export's caches, kept apart from the rules (they read the same with them or without).

- `python_effects(hook)`: the named effects (hookspecs.py) that the plugins of a session
  provide, asked of the plugins once per session. Keyed on the session's hook relay itself: on
  its identity, and the relay held in the entry so that a new relay at a reused address misses.
- `card_kinds(box)`: each card's kind as the rules of contract and load tell cards apart (good
  type, color, tier, load; a card with a power used from the hand is a kind of its own), made
  once per content box, keyed on the box itself (its identity, the box held in the entry).
"""

from __future__ import annotations

from typing import Any

from .powers import Effect

_NAMED: dict[int, tuple[Any, dict[str, Effect]]] = {}  # a session's hooks -> their effects
_KINDS: dict[int, tuple[Any, dict[str, Any]]] = {}  # a content box -> each card's kind


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


def card_kinds(box: Any) -> dict[str, Any]:
    """Each card id of `box` (a content's cards) -> its kind (see above)."""
    known = _KINDS.get(id(box))
    if known is not None and known[0] is box:
        return known[1]
    kinds: dict[str, Any] = {}
    for printed in box.cards:
        powered = any(e.get("from") == "hand" for e in printed.effects)
        kinds[printed.id] = (
            printed.id if powered else (printed.type, printed.color, printed.tier, printed.load)
        )
    if len(_KINDS) > 64:
        _KINDS.clear()
    _KINDS[id(box)] = (box, kinds)
    return kinds
