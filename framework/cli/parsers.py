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


def add_games_option(p: Any, **options: Any) -> None:
    """`--games N`, declared here once (simulate, balance and tune through `measuring_options`;
    bench with its own meaning of N)."""
    options.setdefault("type", int)
    options.setdefault("metavar", "N")
    p.add_argument("--games", **options)


def measuring_options(per: str = "") -> argparse.ArgumentParser:
    """The options simulate, balance and tune share (argparse `parents=`): the game, how many
    games from which seed, who plays, with what content, on which bots and cores."""
    p = argparse.ArgumentParser(add_help=False)
    p.add_argument("game", metavar="GAME")
    add_games_option(p, default=100, help=f"how many games{per} (100)")
    p.add_argument("--seed", type=int, default=0, metavar="S", help="seed of the first game (0)")
    p.add_argument("--players", action="append", metavar="N|NAMES", help="a count or names")
    p.add_argument(
        "--variant", action="append", default=[], metavar="NAME", help="a variant (repeatable)"
    )
    p.add_argument(
        "--content",
        action="append",
        default=[],
        metavar="DIR",
        help="a content folder layered over the game's own (repeatable)",
    )
    p.add_argument(
        "--bots",
        metavar="NAME[,NAME...]",
        help="one bot for every seat, or one per seat (`dockyard bots GAME` lists them; "
        "default: the game's default bot, the one it marks, which plays by the content's values)",
    )
    p.add_argument(
        "--workers",
        type=int,
        default=None,
        metavar="N",
        help="play on N processes (default: every core); the output is the same for any N",
    )
    p.add_argument(
        "--backend",
        choices=("local", "ray"),
        default="local",
        help="ray: play the games on a Ray cluster (RAY_ADDRESS, else one started here; "
        "extra dockyard[ray]); the output is the same",
    )
    return p


def add_simulate_parser(sub: Any) -> None:
    """`dockyard simulate GAME ...` (dockyard.analysis.simulate)."""
    p = sub.add_parser(
        "simulate",
        parents=[measuring_options()],
        help="play games between bots",
        description="Play N games between bots; game i uses seed S+i for the game and its "
        "bots; then the win rates by seat with their 95% intervals. The same arguments print the same output, byte for byte (with a time budget, "
        "mcts:Ts, the machine's speed decides the moves).",
    )
    p.add_argument("--json", action="store_true", help="one JSON object per game, then a summary")
    p.add_argument(
        "--record", metavar="DIR", help="write each game as a script (.dys) that `run` replays"
    )
    p.add_argument(
        "--no-check",
        dest="check",
        action="store_false",
        help="skip checking the game's invariants after every action (faster)",
    )
    p.set_defaults(func=cmd_simulate)


def cmd_simulate(args: Any) -> int:
    import sys

    from ..analysis.simulate import simulate_command

    return simulate_command(
        args.game,
        games=args.games,
        seed=args.seed,
        players=players_option(args.players),
        variants=list(args.variant),
        content=list(args.content),
        as_json=args.json,
        out=sys.stdout,
        progress=isatty(sys.stderr),
        record_dir=args.record,
        check=args.check,
        workers=args.workers,
        bots=args.bots,
        backend=args.backend,
    )


def add_balance_parser(sub: Any) -> None:
    """`dockyard balance GAME ...` (dockyard.analysis.balance)."""
    p = sub.add_parser(
        "balance",
        parents=[measuring_options()],
        help="does this content play well? a report from many games between bots",
        description="Play N games between bots (as `simulate` does) and report seat advantage "
        "with 95% intervals (and the games behind each figure), games with no winner, "
        "end-trigger shares, game length and score spreads, the metrics a designer reads "
        "first (branching factor, decisiveness, score margin, lead changes, duration, how often "
        "each component paid out), and which components (tiles, cards, ...) and boards win "
        "too often or too seldom; -o writes a self-contained HTML report with charts.",
    )
    p.add_argument("-o", "--output", metavar="FILE.html", help="write the HTML report here")
    _force_option(p)
    p.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    p.add_argument(
        "--against",
        action="append",
        metavar="DIR|builtin|base",
        help="also play the same seeds with this content (builtin: the built-in content, the "
        "same variants; base: the bare game, no variants) and compare game by game: paired "
        "differences with their 95%% intervals, and how many games were played alike",
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
        parents=[measuring_options(" a candidate")],
        help="which values of content fields play best? the same games for each candidate",
        description="Set content fields (FILE#/json/pointer, as in "
        "shipping_board.json#/sides/three-color/requisite; a field the file leaves out may be "
        "set, starting from the schema's default) to candidate values, by a JSON Patch in a "
        "content layer of its own over the others; check every value first (schema and rules: "
        "a value refused is an error and nothing is played); then play the same seeds for each "
        "candidate (as `simulate`: every core, or --backend ray) and report per candidate the "
        "seat win rates, the share of games with no winner, end-trigger shares, length and "
        "score margin (95% intervals), and the candidate closest to --target. Several "
        "--field/--values (or --range) pairs tune their combinations: every one when there "
        "are at most --budget, else --budget candidates chosen by Optuna (the `tune` extra), "
        "or at random without it.",
    )
    p.add_argument(
        "--field",
        action=InOrder,
        required=True,
        metavar="FILE#/POINTER",
        help="a value to tune: a content file's path in its folder, '#', a JSON Pointer; "
        "repeatable, each followed by its --values or --range",
    )
    p.add_argument(
        "--values",
        action=InOrder,
        metavar="A,B,C",
        help='the values of the --field before it, each read as JSON (10, true, "text"; a bare '
        "word is text)",
    )
    p.add_argument(
        "--range",
        action=InOrder,
        metavar="LO..HI",
        help="every whole number from LO to HI, for the --field before it",
    )
    p.add_argument(
        "--budget",
        type=int,
        default=64,
        metavar="N",
        help="candidates to play at most (64): more combinations than this are searched",
    )
    p.add_argument(
        "--target",
        default="seat-balance",
        metavar="TARGET",
        help="the candidate to pick: seat-balance (default): the seat win rates closest to "
        "1/players each, by the root mean square of (win rate - 1/players) over the seats; a "
        "game with no winner counts for no seat, so it counts against it. no-winner: the "
        "fewest games with no winner. length=N: mean length closest to N actions. "
        "margin=N: mean score margin closest to N",
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
            list(args.tune_items or ()),
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
            budget=args.budget,
            backend=args.backend,
        )
    except FieldError as exc:  # a bad command line: nothing was played
        sys.stdout.flush()
        print(f"dockyard tune: error: {exc}", file=sys.stderr)
        return 2


class InOrder(argparse.Action):
    """`--field`, `--values`, `--range`: each kept with the others in the order given, so
    each --field is paired with the --values or --range after it."""

    def __call__(self, parser: Any, namespace: Any, values: Any, option: Any = None) -> None:
        items = list(getattr(namespace, "tune_items", None) or [])
        items.append((self.dest, values))
        namespace.tune_items = items
        setattr(namespace, self.dest, values)
