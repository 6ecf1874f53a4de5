"""What fixes a session's start, checked: the game's players, variants and content layers.

`Config` is the seed, players, variants and content folders; replaying an action log from it
gives the same game. The content is loaded once per set of layers (and again only when a
layer's files change: it is kept by the layers' resolved paths and bytes).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, NamedTuple

from .game import DockyardError, Game, Variant
from .loader import Content, load
from .registry import registry


class Config(NamedTuple):
    """What fixes a session's start: replaying its log from here gives the same game."""

    game: str
    seed: int
    players: tuple[str, ...]
    variants: tuple[str, ...]
    content_dirs: tuple[str, ...]


def content_of(game: Game, dirs: tuple[str, ...]) -> Content:
    """The game's content with these layers, loaded again only when what the layers hold
    changed: it is kept by the folders' resolved paths and the bytes of their files (two
    folders of one name, reached from different working folders, are two contents)."""
    from .loader import read_layer

    layers = [read_layer(d) for d in dirs]  # as they are now (safely: see files.py)
    digest = hashlib.sha256()
    for folder, files in zip(dirs, layers, strict=True):
        digest.update(_resolved(folder).encode("utf-8", "surrogateescape") + b"\0\0")
        for rel, origin, text in files:
            for part in (rel, origin, text):
                digest.update(part.encode("utf-8", "surrogateescape") + b"\0")
    key = (game, dirs, digest.hexdigest())
    found = _LOADED.get(key)
    if found is None:
        found = _load(game, layers)
        if len(_LOADED) >= 64:
            _LOADED.pop(next(iter(_LOADED)))  # the oldest
        _LOADED[key] = found
    return found


_LOADED: dict[tuple[Any, ...], Content] = {}


def _resolved(folder: str) -> str:
    try:
        return str(Path(folder).resolve())
    except (OSError, RuntimeError):
        return str(Path(folder).absolute())


def _load(game: Game, layers: list[Any]) -> Content:
    if game.content_folder is None:
        return Content(game.name)
    content = load(game.name, game.content_folder, layers)
    content.built = game.build_content(content)
    return content


def resolve_players(game: Game, players: Sequence[str] | int | None) -> tuple[str, ...]:
    if players is None:
        names: tuple[str, ...] = game.default_players
    elif isinstance(players, int):
        if not game.min_players <= players <= game.max_players:  # before making any names
            raise DockyardError(
                f"{game.name} is for {game.describe_player_count()} players, not {players}"
            )
        names = tuple(f"p{i + 1}" for i in range(players))
        if game.min_players == game.max_players == len(game.default_players) == players:
            names = game.default_players
    else:
        names = tuple(players)
    if not game.min_players <= len(names) <= game.max_players:
        raise DockyardError(
            f"{game.name} is for {game.describe_player_count()} players, not {len(names)}"
        )
    if len(set(names)) != len(names):
        raise DockyardError(f"player names must differ: {', '.join(names)}")
    for name in names:
        if not name[:1].isalpha() or not all(c.isalnum() or c in "_-" for c in name):
            raise DockyardError(
                f"player name {name!r} must be a letter then letters, digits, - or _"
            )
    return names


def resolve_variants(game: Game, names: Iterable[str]) -> tuple[Variant, ...]:
    known = registry().variants_of(game.name)
    chosen: list[Variant] = []
    for name in names:
        if name not in known:
            listed = ", ".join(sorted(known)) or "none"
            raise DockyardError(f"{game.name} has no variant {name!r} (variants: {listed})")
        if any(v.name == name for v in chosen):
            continue
        chosen.append(known[name])
    picked = {v.name for v in chosen}
    for v in chosen:
        for other in v.conflicts:
            if other in picked:
                raise DockyardError(f"variant {v.name!r} cannot be played with {other!r}")
        for need in v.requires:
            if need not in picked:
                raise DockyardError(f"variant {v.name!r} needs variant {need!r} too")
    return tuple(chosen)


def check_arguments(
    seed: Any, players: Any, variants: Any, content: Any
) -> tuple[tuple[str, ...], tuple[str | Path, ...]]:
    """Bad arguments are a DockyardError saying which, never a silent coercion."""
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise DockyardError(f"seed must be a whole number, not {seed!r}")
    if isinstance(players, bool) or (
        players is not None
        and not isinstance(players, int)
        and (
            isinstance(players, str)
            or not isinstance(players, Sequence)
            or not all(isinstance(p, str) for p in players)
        )
    ):
        raise DockyardError(
            f"players must be a count or a list of names (such as ['alice', 'bob']), not {players!r}"
        )
    if isinstance(players, int) and players < 1:
        raise DockyardError(f"players must be at least 1, not {players}")
    out = []
    for name, value, kind in (("variants", variants, str), ("content", content, str | Path)):
        if isinstance(value, str | Path) or not isinstance(value, Iterable):
            raise DockyardError(f"{name} must be a list, not {value!r}")
        items = tuple(value)
        if not all(isinstance(v, kind) for v in items):
            raise DockyardError(f"{name} must be a list of names, not {list(items)!r}")
        out.append(items)
    return out[0], out[1]


def variant_layers(chosen: Sequence[Variant]) -> tuple[str, ...]:
    """The content folders the chosen variants bring (from their own packages), under the
    user's layers."""
    from importlib.resources import as_file

    from .loader import resources

    layers: tuple[str, ...] = ()
    for v in chosen:
        if v.content_folder:
            with as_file(resources(v.resource_package, "content") / v.content_folder) as p:
                layers = (str(p), *layers)
    return layers
