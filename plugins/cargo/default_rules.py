"""The rulebook's own answers to Cargo's rule hooks (hookspecs.py), and the hook relay of a
game played by the rulebook alone."""

from __future__ import annotations

from functools import cache
from importlib import import_module
from typing import Any

import pluggy
from dockyard import hookimpl
from dockyard.registry import new_manager


class DefaultRules:
    """The rulebook's answers (trylast: house rules win)."""

    @hookimpl(trylast=True)
    def cargo_away(self, state: Any, worker: int, why: str) -> str:
        return "water" if why == "water" else "doctor"


@cache
def rulebook_hook() -> Any:
    """The hooks of a game with no plugins but the rulebook's: what an unbound game uses."""
    pm: pluggy.PluginManager = new_manager()
    pm.add_hookspecs(import_module(".hookspecs", __package__))
    pm.register(DefaultRules(), name="cargo.rules")
    return pm.hook
