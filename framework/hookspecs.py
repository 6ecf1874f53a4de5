"""The extension surface of dockyard: one function per hook, each saying when it is called."""

from __future__ import annotations

import sys
from typing import Any

from pluggy import HookimplMarker, HookspecMarker, PluginManager

hookspec = HookspecMarker("dockyard")
hookimpl = HookimplMarker("dockyard")


@hookspec
def register_games(register: Any) -> None:
    """Called once at start-up: call `register(GameClass())` for each game the plugin provides."""


@hookspec
def register_variants(register: Any) -> None:
    """Called once at start-up: call `register(Variant(...))` for each variant or house rule."""


@hookspec
def on_event(session: Any, event: Any) -> None:
    """Called in a session, after an action resolved, once per event it caused, in order."""


@hookspec
def register_commands(subparsers: Any) -> None:
    """Called when the CLI is built: add `argparse` sub-commands; set `func` on each parser."""


@hookspec
def describe_games(describe: Any) -> None:
    """Called by `dockyard games` in place of `register_games` and `register_variants` for the
    plugins that implement it, so listing games imports none of their rules: call
    `describe(name=..., title=..., summary=..., min_players=..., max_players=...,
    variants={name: summary})` for each game the plugin registers."""


def new_manager() -> PluginManager:
    """A plugin manager of dockyard's own hooks (those above), nothing registered yet."""
    pm = PluginManager("dockyard")
    pm.add_hookspecs(sys.modules[__name__])
    return pm
