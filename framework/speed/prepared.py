"""What every session of one choice of game, players and variants shares, worked out once:
the arguments checked, the content loaded, the parser built and the plugins bound. Creating a
session is then cheap (`Session()` of a game already played in this process)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..config import (
    Config,
    check_arguments,
    content_of,
    resolve_players,
    resolve_variants,
    variant_layers,
)
from ..files import absolute_folder
from ..game import DockyardError, Game, Variant
from ..language import Language
from ..registry import registry, session_game


def prepared(game: Any, seed: Any, players: Any, variants: Any, content: Any) -> _Prepared:
    """The shared part of a session of these arguments (from the cache when it can be)."""
    key = _prepared_key(game, seed, players, variants, content)
    found = _PREPARED.get(key) if key is not None else None
    if found is None or found.registry is not registry():
        found = _prepare(game, seed, players, variants, content)
        if key is not None:
            if len(_PREPARED) > 256:
                _PREPARED.clear()
            _PREPARED[key] = found
    return found


@dataclass(frozen=True)
class _Prepared:
    """What every session of one choice of game, players and variants shares: worked out
    once (checking the arguments, loading content, building the parser and the plugins)."""

    registry: Any
    config: Config  # its seed is not used
    variants: tuple[Variant, ...]
    content: Any
    language: Language
    game: Game
    pm: Any
    listeners: bool
    options: dict[str, Any]
    # the "move" event of each action played (id -> (the action, its event)), made once: an
    # action's announcement depends only on the action and the game
    moves: dict[int, tuple[Any, Any]] = field(default_factory=dict, compare=False)


_PREPARED: dict[tuple[Any, ...], _Prepared] = {}


def _prepared_key(
    game: Any, seed: Any, players: Any, variants: Any, content: Any
) -> tuple[Any, ...] | None:
    """The key of a choice that can be shared, or None (odd arguments are checked afresh,
    and content folders on disk are read again, as their files may have changed)."""
    if (
        type(game) is str
        and players is None
        and variants == ()
        and content == ()
        and type(seed) is int
    ):
        return (game, None, ())  # the most common case, first
    if type(seed) is not int or not isinstance(game, str | Game):
        return None
    if type(content) not in (list, tuple) or content:
        return None
    if players is not None and type(players) is not int:
        if type(players) not in (list, tuple) or not all(type(p) is str for p in players):
            return None
        players = tuple(players)
    if type(variants) not in (list, tuple) or not all(type(v) is str for v in variants):
        return None
    return (game, players, tuple(variants))


def _prepare(game: Any, seed: Any, players: Any, variants: Any, content: Any) -> _Prepared:
    if not isinstance(game, str | Game):
        raise DockyardError(f"a game is named by a string, not {type(game).__name__}")
    reg = registry()
    unbound: Game = reg.game(game) if isinstance(game, str) else game
    variants, content = check_arguments(seed, players, variants, content)
    chosen = resolve_variants(unbound, variants)
    dirs = tuple(str(d) for d in content)
    names = resolve_players(unbound, players)
    loaded = content_of(unbound, variant_layers(chosen) + dirs)  # read as named (messages)
    # the folders as absolute paths: a save made after a chdir names the folders meant
    absolute = tuple(absolute_folder(d) for d in dirs)
    config = Config(unbound.name, 0, names, tuple(v.name for v in chosen), absolute)
    bound, pm = session_game(unbound, chosen)
    language = Language(unbound, tuple(v.grammar for v in chosen if v.grammar), bound)
    options: dict[str, Any] = {}
    for v in chosen:
        options.update(v.options)
    listeners = bool(pm.hook.on_event.get_hookimpls())
    return _Prepared(reg, config, chosen, loaded, language, bound, pm, listeners, options)
