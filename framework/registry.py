"""Finding games and variants: built-in plugins, then the `dockyard` entry-point group."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

import pluggy

from .game import DockyardError, Game, Variant, player_count
from .hookspecs import new_manager  # noqa: F401  (re-exported: games and tests use it here)
from .speed.direct_hooks import DirectRelay
from .speed.entrypoints import entry_points

DEFAULT_PLUGINS: tuple[str, ...] = (
    "dockyard.plugins.tictactoe",
    "dockyard.plugins.curious_cargo",
    "dockyard.plugins.pack_and_stack",
    "dockyard.plugins.cargo",
    "dockyard.plugins.import_export",
)
ENTRY_POINT_GROUP = "dockyard"


@dataclass
class Registry:
    games: dict[str, Game] = field(default_factory=dict)
    variants: dict[str, dict[str, Variant]] = field(default_factory=dict)  # game -> name -> v
    problems: list[str] = field(default_factory=list)  # plugins that failed to load
    manager: pluggy.PluginManager | None = None
    # one plugin manager per (game, variants) choice, shared by the sessions that make it
    session_managers: dict[tuple[Any, ...], pluggy.PluginManager] = field(default_factory=dict)
    # (id of a game, id of a manager) -> (that game, that manager, the game bound to it)
    session_games: dict[tuple[int, int], tuple[Game, Any, Game]] = field(default_factory=dict)

    def game(self, name: str) -> Game:
        key = name.replace("_", "-")
        for game in self.games.values():
            if game.name == key or game.name.replace("-", "_") == name:
                return game
        known = ", ".join(sorted(self.games)) or "none"
        raise DockyardError(f"unknown game {name!r} (known games: {known})")

    def variants_of(self, game: str) -> dict[str, Variant]:
        return self.variants.get(game, {})


def _import(name: str) -> ModuleType | None:
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name is not None and name.startswith(exc.name):
            return None  # a built-in game that is not part of this build
        raise


_REGISTRY: Registry | None = None


def registry(extra: tuple[object, ...] = ()) -> Registry:
    """The games and variants known to this process (built once, unless `extra` is given)."""
    global _REGISTRY
    if _REGISTRY is not None and not extra:
        return _REGISTRY
    reg = Registry()
    pm = _plugins(reg, extra)

    def register_game(game: Game) -> None:
        reg.games[game.name] = game
        package = game.resource_package
        if package != "dockyard" and game.content_folder:  # a game in its own package
            from .loader import register_package

            register_package(game.content_folder, package)

    def register_variant(variant: Variant) -> None:
        reg.variants.setdefault(variant.game, {})[variant.name] = variant

    for impl in pm.hook.register_games.get_hookimpls():
        _call_one(reg, impl, "register_games", register=register_game)
    for impl in pm.hook.register_variants.get_hookimpls():
        _call_one(reg, impl, "register_variants", register=register_variant)
    reg.manager = pm
    if not extra:
        _REGISTRY = reg
    _warn(reg)
    return reg


def _warn(reg: Registry) -> None:
    for problem in reg.problems:
        print(f"dockyard: warning: {problem} (skipped)", file=sys.stderr)


def _plugins(reg: Registry, extra: tuple[object, ...] = ()) -> pluggy.PluginManager:
    """A plugin manager holding the built-in plugins, the installed ones and `extra` (their
    modules imported; no hook called yet)."""
    pm = new_manager()
    for modname in DEFAULT_PLUGINS:
        try:
            module = _import(modname)
        except Exception as exc:  # a broken built-in must not hide the others
            reg.problems.append(f"plugin {modname}: {type(exc).__name__}: {exc}")
            continue
        if module is not None:
            pm.register(module, name=modname)
    for ep in entry_points(group=ENTRY_POINT_GROUP):
        try:
            pm.register(ep.load(), name=f"entry point {ep.name}")
        except Exception as exc:
            reg.problems.append(f"plugin {ep.name} ({ep.value}): {type(exc).__name__}: {exc}")
    for obj in extra:
        pm.register(obj)
    try:
        pm.check_pending()
    except pluggy.PluginValidationError as exc:
        reg.problems.append(str(exc))
    return pm


@dataclass(frozen=True)
class GameCard:
    """What `dockyard games` says of a game."""

    name: str
    title: str
    summary: str
    players: str  # "2" or "2-6"
    variants: tuple[tuple[str, str], ...]  # (name, summary), by name


def catalog() -> list[GameCard]:
    """The installed games, by name, for `dockyard games`: described by their plugins'
    `describe_games` where they implement it (so none of those games' rules is imported and
    listing stays quick), else from what they register."""
    if _REGISTRY is not None:  # everything is loaded already (or a test installed plugins)
        return _cards_of(_REGISTRY)
    reg = Registry()
    pm = _plugins(reg)
    cards: dict[str, tuple[str, str, str]] = {}  # name -> title, summary, players
    variants: dict[str, dict[str, str]] = {}  # game -> variant -> summary

    def describe(
        name: str,
        title: str,
        summary: str,
        min_players: int,
        max_players: int,
        variants: dict[str, str] | None = None,
    ) -> None:
        cards[name] = (title, summary, player_count(min_players, max_players))
        add_variants(name, variants or {})

    def add_variants(game: str, summaries: dict[str, str]) -> None:
        variants.setdefault(game, {}).update(summaries)

    def register_game(game: Game) -> None:
        cards[game.name] = (game.title, game.summary, game.describe_player_count())

    def register_variant(variant: Variant) -> None:
        add_variants(variant.game, {variant.name: variant.summary})

    described = set()
    for impl in pm.hook.describe_games.get_hookimpls():
        described.add(impl.plugin)
        _call_one(reg, impl, "describe_games", describe=describe)
    for impl in pm.hook.register_games.get_hookimpls():
        if impl.plugin not in described:
            _call_one(reg, impl, "register_games", register=register_game)
    for impl in pm.hook.register_variants.get_hookimpls():
        if impl.plugin not in described:
            _call_one(reg, impl, "register_variants", register=register_variant)
    _warn(reg)
    return [
        GameCard(name, *cards[name], tuple(sorted(variants.get(name, {}).items())))
        for name in sorted(cards)
    ]


def _cards_of(reg: Registry) -> list[GameCard]:
    return [
        GameCard(
            name,
            game.title,
            game.summary,
            game.describe_player_count(),
            tuple((v, variant.summary) for v, variant in sorted(reg.variants_of(name).items())),
        )
        for name, game in sorted(reg.games.items())
    ]


def _call_one(reg: Registry, impl: Any, hook: str, **kwargs: Any) -> None:
    try:
        impl.function(**kwargs)
    except Exception as exc:
        reg.problems.append(
            f"plugin {impl.plugin_name}: {hook} failed: {type(exc).__name__}: {exc}"
        )


def reset() -> None:
    """Forget the registry (tests that install plugins call this)."""
    global _REGISTRY
    _REGISTRY = None


def session_game(game: Game, chosen: Sequence[Variant]) -> tuple[Game, pluggy.PluginManager]:
    """The game bound to the plugins of this choice of variants (`Game.with_hooks`), and their
    plugin manager; shared by the sessions making the same choice."""
    pm = session_manager(game, chosen)
    key = (id(game), id(pm))
    games = registry().session_games
    found = games.get(key)
    # the entry keeps the very game and manager it was made for, so their ids stay theirs
    if found is None or found[0] is not game or found[1] is not pm:
        found = games[key] = (game, pm, game.with_hooks(DirectRelay(pm)))
    return found[2], pm


def session_manager(game: Game, chosen: Sequence[Variant]) -> pluggy.PluginManager:
    """The plugin manager of a session of `game` with these variants: the game's rule hooks,
    the variants' plugins and the event listeners. Building one costs more than a whole game of
    tic-tac-toe, and sessions making the same choice hold the same plugins, so they share one
    (variants still never leak). The key holds the very objects registered, so it cannot match
    another game's."""
    key = (game.hookspecs, game.default_hooks, *(v.plugin for v in chosen))
    try:
        cached = registry().session_managers.get(key)
    except TypeError:  # an unhashable plugin object: no sharing
        return _new_session_manager(game, chosen)
    if cached is None:
        cached = registry().session_managers[key] = _new_session_manager(game, chosen)
    return cached


def _new_session_manager(game: Game, chosen: Sequence[Variant]) -> pluggy.PluginManager:
    pm = new_manager()
    if game.hookspecs is not None:
        pm.add_hookspecs(game.hookspecs)
        if game.default_hooks is not None:
            pm.register(game.default_hooks, name=f"{game.name}.rules")
    for v in chosen:
        if v.plugin is not None:
            pm.register(v.plugin, name=f"variant {v.name}")
    manager = registry().manager
    for name, plugin in manager.list_name_plugin() if manager else []:
        if hasattr(plugin, "on_event") and not pm.is_registered(plugin):  # a variant too
            pm.register(plugin, name=name)
    try:
        pm.check_pending()
    except pluggy.PluginValidationError as exc:
        raise DockyardError(f"a variant implements an unknown hook: {exc}") from None
    return pm
