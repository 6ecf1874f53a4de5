"""The `dockyard` command: a thin layer over Session, the REPL, scripts, bots and content checks.

    dockyard games                          the games and their variants
    dockyard play GAME [options]            play in the REPL (or pipe REPL lines into it)
    dockyard run FILE [options]             run a script; exit 1 at its first failure
    dockyard validate PATH...               check content files and folders
    dockyard simulate GAME --games N        random bots against each other
    dockyard tune GAME --field F --values V one content field's values, the same games each
    dockyard render FILE -o OUT.svg         the table of a saved or scripted game, as SVG
    dockyard render GAME --content DIR -o OUT.svg   a game at its set-up, with your content
    dockyard replay FILE -o OUT.html        the whole game, to step through in a browser
                                            (-o never replaces a file without --force)
    dockyard bench [GAME...]                speed figures
    dockyard help GAME [VERB|expect]        a game's actions, one verb, or the script queries

Exit codes: 0 success, 1 a user's error (a bad line, an illegal move, a failed expect, broken
content), 2 a bad command line (argparse) or an internal error. No traceback reaches a user;
`DOCKYARD_DEBUG=1` shows one for internal errors. Modules are imported inside the commands
so that `dockyard --help` starts fast; commands that plugins add (the `register_commands` hook)
are looked up when the command given is not one of these.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Sequence
from typing import Any

from ..core import DockyardError
from .parsers import (
    add_authoring_parsers,
    add_balance_parser,
    add_games_option,
    add_picture_parsers,
    add_simulate_parser,
    add_tune_parser,
    lazy,
    players_option,
)
from .parsers import isatty as _isatty
from .serve_parsers import add_bench_server_options, add_serve_parser
from .streams import escape_unencodable, flush_stdout, quiet_stdout

CORE_COMMANDS = (
    "games",
    "bots",
    "play",
    "run",
    "validate",
    "schema",
    "new",
    "simulate",
    "balance",
    "tune",
    "bench",
    "render",
    "replay",
    "help",
    "serve",
)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code (the console script exits with it). Its
    output is kept safe (streams.py): escaped where it cannot be encoded, quiet once closed."""
    if argv is None:
        escape_unencodable()
    code = _main(argv)
    flush_stdout()
    if argv is None:  # the command's work is done: a Ctrl-C now would only print a traceback
        _ignore_interrupts()
    return code


def _ignore_interrupts() -> None:
    import signal
    import threading

    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, signal.SIG_IGN)


_OPTION = re.compile(r"--[a-z][a-z-]*(=.*)?|-[a-zA-Z]")


def _token_glued(args: list[str]) -> list[str]:
    """`--token -Xy...` as `--token=-Xy...`: a token may begin with `-` (one from an older
    server), and argparse would read it as an option; a word that looks like one stays one."""
    out: list[str] = []
    words = iter(args)
    for word in words:
        if word == "--":
            out.append(word)
            out.extend(words)
            break
        if word == "--token":
            value = next(words, None)
            if value is not None and value.startswith("-") and not _OPTION.fullmatch(value):
                out.append(f"--token={value}")
                continue
            out.append(word)
            if value is not None:
                out.append(value)
            continue
        out.append(word)
    return out


def _main(argv: Sequence[str] | None) -> int:
    args_list = _token_glued(list(sys.argv[1:] if argv is None else argv))
    try:
        parser = build_parser(with_plugins=_wants_plugins(args_list))
        args = parser.parse_args(args_list)
        if not getattr(args, "func", None):
            parser.print_help()
            return 0
        return int(args.func(args) or 0)
    except SystemExit as exc:  # argparse: --help, or a usage error (already printed)
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)
    except DockyardError as exc:
        _error(f"dockyard: error: {exc}")
        return 1
    except KeyboardInterrupt:
        _error("dockyard: interrupted")
        return 130
    except BrokenPipeError:  # `dockyard ... | head`: the reader left; nothing to say
        quiet_stdout()
        return 0
    except Exception as exc:
        if os.environ.get("DOCKYARD_DEBUG") == "1":
            raise
        _error(
            f"dockyard: internal error: {type(exc).__name__}: {exc} "
            "(set DOCKYARD_DEBUG=1 to see where)"
        )
        return 2


def _error(text: str) -> None:
    sys.stdout.flush()
    print(text, file=sys.stderr)


def _wants_plugins(argv: list[str]) -> bool:
    first = next((a for a in argv if not a.startswith("-")), None)
    return first is not None and first not in CORE_COMMANDS


# ---- the parser -----------------------------------------------------------------------------


def build_parser(with_plugins: bool = False) -> argparse.ArgumentParser:
    from .._version import __version__

    parser = argparse.ArgumentParser(
        prog="dockyard",
        description="Play and author tabletop games by their rules.",
        epilog="`dockyard COMMAND --help` says more. Plugins may add commands of their own.",
    )
    parser.add_argument("--version", action="version", version=f"dockyard {__version__}")
    sub = parser.add_subparsers(title="commands", metavar="COMMAND")

    p = sub.add_parser("games", help="list the games and their variants")
    p.add_argument("--json", action="store_true", help="as JSON, for programs")
    p.set_defaults(func=lazy("listing", "cmd_games"))

    p = sub.add_parser("bots", help="list the bots that can play a game")
    p.add_argument("game", metavar="GAME")
    p.add_argument("--json", action="store_true", help="as JSON, for programs")
    p.set_defaults(func=lazy("listing", "cmd_bots"))

    p = sub.add_parser(
        "play",
        help="play a game in the REPL",
        description="Play in the REPL (type `help` there). With stdin not a terminal, REPL lines "
        "are read from it without prompts and play ends at its end (exit 1 if any line failed).",
    )
    p.add_argument("game", nargs="?", metavar="GAME")
    _session_options(p)
    p.add_argument("--script", metavar="FILE", help="run this script first, then go on playing")
    p.add_argument(
        "--connect",
        metavar="URL",
        help="play a game on a server (http://HOST:PORT/games/ID, as `dockyard serve` links it)",
    )
    p.add_argument(
        "--token",
        metavar="TOKEN",
        help="with --connect: your seat's token, or @FILE to read it from a file (default: "
        "$DOCKYARD_TOKEN; without one you watch as a spectator)",
    )
    p.add_argument(
        "--as",
        dest="seat",
        metavar="SEAT",
        help="sit as this player: see what they see, play only their actions",
    )
    _bot_option(p)
    p.set_defaults(func=cmd_play)

    p = sub.add_parser(
        "run",
        help="run a script (.dys) non-interactively",
        description="Run a script, stopping at its first failure (exit 1). A header in the script "
        "(`game`, `seed`, `variant`, `players`, `content` lines before its first action) sets up "
        "the game; "
        "--game must agree with it, and --seed/--variant/--players override it.",
    )
    p.add_argument("file", metavar="FILE")
    p.add_argument("--game", metavar="GAME", help="the game (when the script does not say)")
    _session_options(p)
    _bot_option(p)
    p.add_argument("--json", action="store_true", help="print one JSON object: ok, error, result")
    p.add_argument("-q", "--quiet", action="store_true", help="print only errors and the count")
    p.add_argument(
        "--as",
        dest="viewer",
        metavar="SEAT",
        help="print only what this player is shown (the script still plays every seat's lines)",
    )
    p.set_defaults(func=cmd_run)

    add_authoring_parsers(sub)
    add_picture_parsers(sub)
    add_balance_parser(sub)
    add_tune_parser(sub)

    add_simulate_parser(sub)

    p = sub.add_parser(
        "bench",
        help="measure speed: playouts, parsing, content loading, start-up",
        description="Print speed figures for each game (all of them by default); tic-tac-toe is "
        "compared with OpenSpiel's when open_spiel is installed (pip install '.[bench]').",
    )
    p.add_argument("games", nargs="*", metavar="GAME")
    add_games_option(
        p,
        dest="count",
        default=None,
        help="random games per measurement (default: as many as fit in --seconds)",
    )
    p.add_argument(
        "--seconds", type=float, default=2.0, metavar="S", help="time per measurement (2)"
    )
    p.add_argument(
        "--ratios",
        action="store_true",
        help="measure the performance targets instead: each figure as a ratio to its peer "
        "(OpenSpiel, bare lark, replaying, --help), side by side in interleaved rounds, "
        "beside its target",
    )
    p.add_argument("--rounds", type=int, default=3, metavar="R", help="rounds per ratio (3)")
    p.add_argument(
        "--scale",
        type=float,
        default=1.0,
        metavar="F",
        help="work per ratio measurement, as a fraction (1; 0.05 for a quick smoke)",
    )
    p.add_argument("--json", action="store_true", help="with --ratios: one JSON document")
    add_bench_server_options(p)
    p.set_defaults(func=cmd_bench)

    add_serve_parser(sub)

    p = sub.add_parser(
        "help",
        help="a game's actions and commands, as the REPL's `help` says them",
        description="Print what `help` prints in the REPL of GAME: its actions (verbs, with "
        "examples) and commands; `help GAME VERB` how to write one action; `help GAME expect` "
        "every query a script may `expect`, each with its meaning.",
    )
    p.add_argument("game", nargs="?", metavar="GAME")
    p.add_argument("word", nargs="?", metavar="VERB|expect")
    p.add_argument("--variant", action="append", default=[], metavar="NAME")
    p.set_defaults(func=lazy("listing", "cmd_help"))

    if with_plugins:
        from ..registry import registry

        manager = registry().manager
        if manager is not None:
            manager.hook.register_commands(subparsers=sub)
    return parser


def _session_options(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--seed",
        type=int,
        default=None,
        metavar="N",
        help="random seed (play: a fresh one each game; run: the script's, else 0)",
    )
    p.add_argument(
        "--variant",
        action="append",
        default=[],
        metavar="NAME",
        help="a variant to play with (repeatable)",
    )
    p.add_argument(
        "--players",
        action="append",
        metavar="N|NAMES",
        help="a count (--players 4) or names (--players alice,bob, or repeated)",
    )
    p.add_argument(
        "--content",
        action="append",
        default=[],
        metavar="DIR",
        help="a folder of content layered over the game's own (repeatable)",
    )


def _bot_option(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--bot",
        action="append",
        default=[],
        metavar="SEAT[=NAME]",
        help="a bot plays this seat (repeatable); `dockyard bots GAME` lists the bots",
    )


def bots_option(values: list[str]) -> dict[str, str | None]:
    """`--bot o` (the game's best bot) and `--bot o=random`."""
    out: dict[str, str | None] = {}
    for value in values:
        seat, _, name = value.partition("=")
        if not seat:
            raise DockyardError(f"--bot needs a seat, as in --bot p2 or --bot p2=random: {value!r}")
        out[seat] = name or None
    return out


def _flags(args: argparse.Namespace, game: str | None) -> Any:
    from .script import Flags

    return Flags(
        game,
        args.seed,
        list(args.variant),
        players_option(args.players),
        list(args.content),
        bots_option(getattr(args, "bot", [])),
    )


def _output(stream: Any = None) -> Any:
    from .output import Output, use_color

    out = stream if stream is not None else sys.stdout
    return Output(out, sys.stderr, color=use_color(out))


# ---- commands -------------------------------------------------------------------------------


def cmd_play(args: argparse.Namespace) -> int:
    if args.connect or args.token:
        from .remote import cmd_play_remote

        return cmd_play_remote(args)
    if not args.game:
        _output().error(
            "dockyard play: name a GAME (`dockyard games` lists them), or --connect URL"
        )
        return 2
    from .repl import Shell
    from .script import open_session, read_header, read_text, run_lines, split_lines

    flags = _flags(args, args.game)
    output = _output()
    lines: list[str] = []
    header = None
    if args.script:
        lines = split_lines(read_text(args.script))
        try:
            header = read_header(lines, args.script)
            if flags.seed is None and header.seed is None:
                flags.seed = fresh_seed()
            session = open_session(header, flags)
        except DockyardError as exc:
            output.error(str(exc))
            return 1
    else:
        if flags.seed is None:  # an unseeded game is dealt anew each time
            flags.seed = fresh_seed()
        session = open_session(None, flags)
    from .script import make_bots

    interactive = _isatty(sys.stdin) and _isatty(sys.stdout)
    shell = Shell(session, output, flags.content, interactive=interactive, seat=args.seat)
    shell.bots = make_bots(session, {**(header.bots if header else {}), **flags.bots}, header)
    failed = False
    if args.script:
        try:
            run_lines(shell, lines, args.script, header.end if header else 0)
        except DockyardError as exc:
            output.error(str(exc))
            output.error("the script stopped there; play goes on from the line before it")
            failed = True
    if shell.done:
        return 1 if failed else 0
    if interactive:
        from .terminal import interact

        return interact(shell)
    return max(shell.run_stream(_lines(sys.stdin)), 1 if failed else 0)


def fresh_seed() -> int:
    """A seed for a game nobody seeded: random each time (never 0 for all), from the OS."""
    import secrets

    return secrets.randbelow(2**32)


def _lines(stream: Any) -> Any:
    """Piped lines: a line ends only at \\n (or \\r\\n); bytes that are not UTF-8 reach the
    shell as surrogates, which it refuses with the line's number, instead of ending the loop."""
    try:
        stream.reconfigure(newline="\n", errors="surrogateescape")
    except (AttributeError, ValueError, OSError):
        pass
    return stream


def cmd_run(args: argparse.Namespace) -> int:
    from .script import run_script

    output = _output()
    output.quiet = args.quiet
    flags = _flags(args, args.game)
    return run_script(args.file, flags, output, as_json=args.json, viewer=args.viewer)


def cmd_bench(args: argparse.Namespace) -> int:
    if args.server:
        from .serving import cmd_bench_server

        return cmd_bench_server(args)
    if args.ratios:
        from ..analysis.bench_ratios import ratios_command

        if args.rounds < 1 or not 0 < args.scale <= 10:
            raise DockyardError("--rounds must be at least 1 and --scale between 0 and 10")
        return ratios_command(args.rounds, args.scale, args.json, sys.stdout)
    from ..analysis.bench import bench_command

    return bench_command(list(args.games), games=args.count, seconds=args.seconds, out=sys.stdout)


# ---- validate -------------------------------------------------------------------------------
