"""What a game is, read without importing its rules: `GameInfo`, from the game package's
`game.toml` (its name, title, summary, player counts, where its Game class and variants are,
and each variant's summary). `dockyard games` lists games from it, the package's plugin hooks
come from it, and the Game class takes its words from it (`info = INFO`)."""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from importlib import import_module
from importlib.resources import files
from typing import Any

from .core import DockyardError

INFO_FILE = "game.toml"
_KEYS = {"name", "title", "summary", "players", "game", "variants", "variant_summaries"}


@dataclass(frozen=True)
class GameInfo:
    """What a game is, for `dockyard games`, read without importing its rules. A game package's
    `__init__.py` reads it from its `game.toml` and hands its hooks to pluggy,

        INFO = GameInfo.read(__name__)
        describe_games, register_games, register_variants = INFO.hookimpls()

    and the Game class takes its name, title, summary and player counts from it
    (`info = INFO` in the class)."""

    name: str
    title: str
    summary: str
    min_players: int
    max_players: int
    package: str  # the game's package (`__name__` in its `__init__.py`)
    game: str  # "module:Class" in the package: the Game, imported when the game is registered
    variants: str | None = None  # "module:NAME": the package's list of `Variant`s
    variant_summaries: Mapping[str, str] = field(default_factory=dict)  # listed without import

    @classmethod
    def read(cls, package: str) -> GameInfo:
        """The `game.toml` of `package` (read as package data, so a wheel or a zip works);
        DockyardError naming the file and the field when it is not as written below.

            name = "cargo"                      # how users name it: `dockyard play cargo`
            title = "Tom Jolly's Cargo"
            summary = "Push your crates ..."    # one line for `dockyard games`
            players = [2, 4]                    # the least and the most
            game = "game:Cargo"                 # module:Class, imported only when played
            variants = "variants:VARIANTS"      # optional: module:NAME, the list of Variants
            [variant_summaries]                 # optional: each variant's one line
            fast = "Squished and drowned workers leave the game"
        """
        where = f"{package.replace('.', '/')}/{INFO_FILE}"
        try:
            doc = tomllib.loads(files(package).joinpath(INFO_FILE).read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError) as exc:
            raise DockyardError(f"{where}: cannot be read ({exc})") from None
        except tomllib.TOMLDecodeError as exc:
            raise DockyardError(f"{where}: not valid TOML: {exc}") from None

        def bad(key: str, what: str) -> DockyardError:
            return DockyardError(f"{where}: {key}: {what}")

        for key in doc.keys() - _KEYS:
            raise bad(key, f"unknown field (the fields: {', '.join(sorted(_KEYS))})")
        for key in ("name", "title", "summary", "game"):
            if not isinstance(doc.get(key), str) or not doc[key].strip():
                raise bad(key, "missing, or not a text")
        players = doc.get("players")
        if (
            not isinstance(players, list)
            or len(players) != 2
            or not all(type(n) is int and n >= 1 for n in players)
            or players[0] > players[1]
        ):
            raise bad("players", "the least and the most players, such as [2, 4]")
        for key in ("game", "variants"):
            if key in doc and (not isinstance(doc[key], str) or doc[key].count(":") != 1):
                raise bad(key, 'module:NAME in the package, such as "game:Cargo"')
        summaries = doc.get("variant_summaries", {})
        if not isinstance(summaries, dict) or not all(
            isinstance(v, str) for v in summaries.values()
        ):
            raise bad("variant_summaries", "a table of variant = one line")
        return cls(
            doc["name"],
            doc["title"],
            doc["summary"],
            players[0],
            players[1],
            package,
            doc["game"],
            doc.get("variants"),
            dict(summaries),
        )

    def _load(self, where: str) -> Any:
        module, _, attr = where.partition(":")
        return getattr(import_module(f".{module}", self.package), attr)

    def hookimpls(self) -> tuple[Callable[..., None], Callable[..., None], Callable[..., None]]:
        """The game package's three plugin hooks: `describe_games` (from this, no rules
        imported), `register_games` (the Game) and `register_variants` (its variants)."""
        from .hookspecs import hookimpl

        @hookimpl
        def describe_games(describe: Any) -> None:
            describe(
                name=self.name,
                title=self.title,
                summary=self.summary,
                min_players=self.min_players,
                max_players=self.max_players,
                variants=dict(self.variant_summaries),
            )

        @hookimpl
        def register_games(register: Any) -> None:
            register(self._load(self.game)())

        @hookimpl
        def register_variants(register: Any) -> None:
            for variant in self._load(self.variants) if self.variants else ():
                register(variant)

        return describe_games, register_games, register_variants
