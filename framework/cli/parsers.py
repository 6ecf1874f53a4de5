"""The argument parsers of the authors' commands (validate, schema, new) and of the picture
commands (render, replay); their code is in authoring.py, skeleton.py and pictures.py, loaded
only when one of them runs."""

from __future__ import annotations

import argparse
import re
from typing import Any


def lazy(module: str, command: str) -> Any:
    """A command's `func` that imports its module only when the command runs."""

    def run(args: argparse.Namespace) -> int:
        import importlib

        return int(getattr(importlib.import_module(f".{module}", __package__), command)(args))

    return run


def add_authoring_parsers(sub: Any) -> None:
    p = sub.add_parser(
        "validate",
        help="check content files and folders",
        description='Check content files (JSON naming their schema in "$schema") and folders. '
        "A folder holding one game's files is checked as a layer over that game's built-in "
        "content, with the game's own checks too.",
    )
    p.add_argument("paths", nargs="+", metavar="PATH")
    p.add_argument("--json", action="store_true", help="problems as JSON, for programs")
    p.add_argument(
        "--variant",
        action="append",
        default=[],
        metavar="NAME",
        help="check as played with this variant (repeatable): its content lies under yours, "
        "so a layout may name an expansion's cards",
    )
    p.set_defaults(func=lazy("authoring", "cmd_validate"))

    p = sub.add_parser(
        "schema",
        help="print a content schema (for editors and authors)",
        description="Print the JSON Schema of one kind of content file of GAME; without KIND, "
        "list the kinds. Point an editor at it (README: the VS Code json.schemas setting).",
    )
    p.add_argument("game", metavar="GAME")
    p.add_argument("kind", nargs="?", metavar="KIND")
    p.add_argument(
        "--write",
        metavar="FOLDER",
        help="write every schema of GAME into FOLDER as KIND.schema.json, references between "
        "them made relative, for an editor's json.schemas setting",
    )
    p.set_defaults(func=lazy("authoring", "cmd_schema"))

    p = sub.add_parser(
        "new",
        help="write a working skeleton: a new game or a new variant, as its own package",
        description="`dockyard new game NAME` writes a game package (rules, grammar, content, "
        "schema, tests that run the generic suite) that plays as generated; `dockyard new "
        "variant GAME NAME` writes a variant package listing the game's rule hooks.",
    )
    kinds = p.add_subparsers(dest="what", metavar="game|variant", required=True)
    g = kinds.add_parser(
        "game",
        help="a new game as its own package",
        description="Write a game package NAME (rules, grammar, content and its schema, a README, "
        "tests that run the generic suite) that installs and plays as generated: "
        "pip install -e NAME, then dockyard play NAME.",
    )
    g.add_argument("name", metavar="NAME", help="the game's name, such as lost-cities")
    g.add_argument("--dir", metavar="FOLDER", help="where to write it (default: ./NAME)")
    v = kinds.add_parser(
        "variant",
        help="a new variant of a game, as its own package",
        description="Write a variant package NAME of GAME: a plugin listing every rule hook GAME "
        "offers, with its tests; with --content DIR, the package also brings that content "
        "folder, as package data; pip install -e NAME, then dockyard play GAME --variant NAME.",
    )
    v.add_argument("game", metavar="GAME", help="the game it changes, such as curious-cargo")
    v.add_argument("name", metavar="NAME", help="the variant's name, such as four-actions")
    v.add_argument("--dir", metavar="FOLDER", help="where to write it (default: ./NAME)")
    v.add_argument(
        "--content",
        metavar="DIR",
        help="bring this content folder (a layer, as play --content DIR takes it, checked "
        "first): the package holds a copy as package data, layered whenever the variant is on",
    )
    for sub_parser in (g, v):
        sub_parser.set_defaults(func=lazy("authoring", "cmd_new"))


def add_picture_parsers(sub: Any) -> None:
    p = sub.add_parser(
        "render",
        help="draw the table as SVG: a saved or scripted game, or a game at its set-up",
        description="Draw the table as SVG after N actions of FILE (a save, or a script run to "
        "its end), or GAME at its set-up (with --content folders, --seed, --players, "
        "--variant and --board as the game offers), as SEAT sees it (default: a spectator, who "
        "sees no hidden cards).",
    )
    p.add_argument(
        "file", metavar="FILE|GAME", help="a save (.toml), a script (.dys) or a game's name"
    )
    p.add_argument("--at", type=int, default=None, metavar="N", help="after N actions (the end)")
    p.add_argument("--as", dest="seat", metavar="SEAT", help="as this player sees it")
    p.add_argument("-o", "--output", required=True, metavar="OUT.svg")
    _force_option(p)
    p.add_argument(
        "--content",
        action="append",
        default=[],
        metavar="DIR",
        help="a folder of content layered over the game's own (repeatable)",
    )
    p.add_argument("--seed", type=int, default=None, metavar="S", help="GAME: the seed (0)")
    p.add_argument("--players", action="append", metavar="N|NAMES", help="GAME: a count or names")
    p.add_argument(
        "--variant", action="append", default=None, metavar="NAME", help="GAME: a variant"
    )
    p.add_argument(
        "--board",
        metavar="N|NAME",
        help="GAME: this board, by number or name, where the game's set-up offers a choice "
        "(Curious Cargo: any of its boards, such as --board 4)",
    )
    p.set_defaults(func=lazy("pictures", "cmd_render"))

    p = sub.add_parser(
        "replay",
        help="write a whole game as one HTML file to step through in a browser",
        description="Write one self-contained HTML file (no network): the table after each "
        "action, a step slider, arrow keys, the action log (click a line to jump), points "
        "over time.",
    )
    p.add_argument("file", metavar="FILE", help="a save (.toml) or a script (.dys)")
    p.add_argument("--as", dest="seat", metavar="SEAT", help="as this player sees it")
    p.add_argument("-o", "--output", required=True, metavar="OUT.html")
    _force_option(p)
    p.add_argument("--content", action="append", default=[], metavar="DIR")
    p.set_defaults(func=lazy("pictures", "cmd_replay"))


def _force_option(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--force", action="store_true", help="replace the -o file if it exists (else: refused)"
    )


def add_balance_parser(sub: Any) -> None:
    """`dockyard balance GAME ...` (dockyard.analysis.balance)."""
    p = sub.add_parser(
        "balance",
        help="does this content play well? a report from many games between bots",
        description="Play N games between bots (as `simulate` does) and report seat advantage "
        "with 95% intervals, games with no winner, end-trigger shares, game length and score "
        "spreads, and which components (tiles, cards, ...) and boards win too often or too "
        "seldom; -o writes a self-contained HTML report with charts.",
    )
    p.add_argument("game", metavar="GAME")
    p.add_argument("--games", type=int, default=100, metavar="N", help="how many (100)")
    p.add_argument("--seed", type=int, default=0, metavar="S", help="seed of the first game (0)")
    p.add_argument("--players", action="append", metavar="N|NAMES", help="a count or names")
    p.add_argument("--variant", action="append", default=[], metavar="NAME")
    p.add_argument("--content", action="append", default=[], metavar="DIR")
    p.add_argument("--bots", metavar="NAME[,NAME...]", help="as for simulate")
    p.add_argument("--workers", type=int, default=None, metavar="N", help="processes (every core)")
    p.add_argument("--backend", choices=("local", "ray"), default="local", help="as for simulate")
    p.add_argument("-o", "--output", metavar="FILE.html", help="write the HTML report here")
    _force_option(p)
    p.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    p.add_argument(
        "--against",
        action="append",
        metavar="DIR|builtin",
        help="also play the same seeds with this content (or the built-in) and report the "
        "differences with their 95%% intervals",
    )
    p.set_defaults(func=cmd_balance)


def cmd_balance(args: Any) -> int:
    import sys

    from ..analysis.balance import balance_command

    return balance_command(
        args.game,
        args.games,
        args.seed,
        players_option(args.players),
        list(args.variant),
        list(args.content),
        args.bots,
        args.workers,
        args.output,
        args.json,
        args.against,
        sys.stdout,
        progress=isatty(sys.stderr),
        backend=args.backend,
        force=args.force,
    )


def players_option(values: list[str] | None) -> list[str] | int | None:
    """`--players 4` is a count; `--players alice,bob` and repeated `--players` are names. A
    value that is neither (`-3`, `2,`, `alice,,bob`) is an error naming it."""
    from ..core import DockyardError

    if not values:
        return None
    if len(values) == 1 and re.fullmatch(r"\s*[+-]?\d+\s*", values[0]):
        count = int(values[0])
        if count < 1:
            raise DockyardError(f"--players {values[0].strip()}: a count of players is 1 or more")
        return count
    names = []
    for value in values:
        for name in value.split(","):
            if not name.strip():
                raise DockyardError(
                    f"--players {value}: an empty name (names are separated by commas, "
                    "as in --players alice,bob)"
                )
            names.append(name.strip())
    return names


def isatty(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


def add_tune_parser(sub: Any) -> None:
    """`dockyard tune GAME --field FILE#/pointer --values A,B,C` (dockyard.analysis.tune)."""
    p = sub.add_parser(
        "tune",
        help="which value of one content field plays best? the same games for each value",
        description="Set one content field (FILE#/json/pointer, as in "
        "shipping_board.json#/sides/three-color/requisite) to each value in turn, by a JSON "
        "Patch in a content layer of its own over the others; check every value first (schema "
        "and rules: a value refused is an error and nothing is played); then play the same "
        "seeds for each value (as `simulate`: every core) and report per value the seat win "
        "rates, the share of games with no winner, end-trigger shares (95%% intervals) and "
        "the mean game length, and the value closest to --target.",
    )
    p.add_argument("game", metavar="GAME")
    p.add_argument(
        "--field",
        required=True,
        metavar="FILE#/POINTER",
        help="the value to tune: a content file's path in its folder, '#', a JSON Pointer",
    )
    which = p.add_mutually_exclusive_group(required=True)
    which.add_argument(
        "--values",
        metavar="A,B,C",
        help='the values, each read as JSON (10, true, "text"; a bare word is text)',
    )
    which.add_argument("--range", metavar="LO..HI", help="every whole number from LO to HI")
    p.add_argument("--games", type=int, default=100, metavar="N", help="games a value (100)")
    p.add_argument("--seed", type=int, default=0, metavar="S", help="seed of the first game (0)")
    p.add_argument("--players", action="append", metavar="N|NAMES", help="a count or names")
    p.add_argument("--variant", action="append", default=[], metavar="NAME")
    p.add_argument("--content", action="append", default=[], metavar="DIR")
    p.add_argument("--bots", metavar="NAME[,NAME...]", help="as for simulate")
    p.add_argument("--workers", type=int, default=None, metavar="N", help="processes (every core)")
    p.add_argument(
        "--target",
        default="seat-balance",
        metavar="TARGET",
        help="the value to pick: seat-balance (default): the seat win rates closest to 1/players "
        "each, by the root mean square of (win rate - 1/players) over the seats; a game with no "
        "winner counts for no seat, so it counts against its value; ties: fewer games with no "
        "winner. no-winner: the fewest games with no winner (ties: seat-balance's measure)",
    )
    p.add_argument("--json", action="store_true", help="print one JSON object, a row per value")
    p.add_argument("-o", "--output", metavar="FILE.html", help="write an HTML report with charts")
    _force_option(p)
    p.set_defaults(func=cmd_tune)


def cmd_tune(args: Any) -> int:
    import sys

    from ..analysis.tune import FieldError, tune_command

    try:
        return tune_command(
            args.game,
            args.field,
            args.values,
            args.range,
            args.games,
            args.seed,
            players_option(args.players),
            list(args.variant),
            list(args.content),
            args.bots,
            args.workers,
            args.target,
            args.json,
            args.output,
            sys.stdout,
            progress=isatty(sys.stderr),
            force=args.force,
        )
    except FieldError as exc:  # a bad command line: nothing was played
        sys.stdout.flush()
        print(f"dockyard tune: error: {exc}", file=sys.stderr)
        return 2


def add_serve_parser(sub: Any) -> None:
    """`dockyard serve`."""
    p = sub.add_parser(
        "serve",
        help="serve games over the network (HTTP, WebSocket, a page to play in)",
        description="Run a game server: seats act with their tokens, a spectator needs none, "
        "every accepted action is committed to the database before it is answered, and a "
        "restart resumes every game. Needs the `server` extra: pip install '.[server]' in "
        "dockyard's checkout.",
    )
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (127.0.0.1)")
    p.add_argument("--port", type=int, default=8000, help="port to listen on (8000)")
    p.add_argument(
        "--db",
        metavar="PATH|URL",
        default=None,
        help="the games' database: a SQLite file (default: $XDG_DATA_HOME/dockyard/"
        "games.sqlite) or postgresql://USER:PASS@HOST/DB (the `postgres` extra), which "
        "several servers may share",
    )
    p.add_argument(
        "--rate",
        type=float,
        default=20.0,
        metavar="N",
        help="actions a second each seat's token may send (20)",
    )
    p.add_argument(
        "--create-rate",
        type=float,
        default=5.0,
        metavar="N",
        help="games a second one client address may create (5)",
    )
    p.add_argument(
        "--proxy-headers",
        action="store_true",
        help="believe X-Forwarded-For/-Proto (the client's address and https://) from the "
        "proxies of --forwarded-allow-ips",
    )
    p.add_argument(
        "--forwarded-allow-ips",
        default="127.0.0.1",
        metavar="IPS",
        help="with --proxy-headers: the proxies believed, comma-separated ('*': any) (127.0.0.1)",
    )
    p.add_argument(
        "--bot-seconds",
        type=float,
        default=10.0,
        metavar="S",
        help="the most a bot may think for one move; past it, it plays at random (10)",
    )
    p.set_defaults(func=lazy("serving", "cmd_serve"))


def add_bench_server_options(p: Any) -> None:
    """`dockyard bench --server`."""
    p.add_argument(
        "--server",
        action="store_true",
        help="measure `dockyard serve` instead: actions/s and p50/p99 latency of concurrent "
        "games driven over HTTP (the `server` extra)",
    )
    p.add_argument(
        "--tables",
        type=int,
        default=100,
        metavar="N",
        help="with --server: games played at once (100)",
    )
