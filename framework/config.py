"""What fixes a session's start, checked: the game's players, variants and content layers.

`Config` is the seed, players, variants and content folders; replaying an action log from it
gives the same game. The content is loaded once per set of layers (and again only when a
layer's files change).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any, NamedTuple

from .files import FileProblem, walk_files
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
    """The game's content with these layers; loaded again only when a layer's files changed."""
    return _loaded_content(game, dirs, _layer_stamp(dirs))


def _layer_stamp(dirs: tuple[str, ...]) -> str:
    """A fingerprint of what the layer folders hold now (names, sizes, times), so that an
    edited file is seen; the folders are walked safely (see files.py)."""
    from .loader import LAYER_SKIP, ContentError, Problem

    digest = hashlib.sha256()
    for folder in dirs:
        try:
            for rel, path in walk_files(folder, ".json", LAYER_SKIP):
                try:
                    info = path.stat()
                    digest.update(f"{folder}/{rel}\0{info.st_size}\0{info.st_mtime_ns}\0".encode())
                except OSError:
                    digest.update(f"{folder}/{rel}\0?".encode())
        except FileProblem as exc:
            raise ContentError([Problem(exc.where, "$", exc.why)]) from None
    return digest.hexdigest()


@lru_cache(maxsize=64)
def _loaded_content(game: Game, dirs: tuple[str, ...], stamp: str) -> Content:
    if game.content_folder is None:
        return Content(game.name)
    content = load(game.name, game.content_folder, [Path(d) for d in dirs])
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
