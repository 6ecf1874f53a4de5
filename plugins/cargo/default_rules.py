"""The rulebook's own answers to Cargo's rule hooks (hookspecs.py)."""

from __future__ import annotations

from typing import Any

from dockyard import hookimpl


class DefaultRules:
    """The rulebook's answers (trylast: house rules win)."""

    @hookimpl(trylast=True)
    def cargo_away(self, state: Any, worker: int, why: str) -> str:
        return "water" if why == "water" else "doctor"
