"""`dockyard games` and `dockyard bots`: what is installed, for people and (`--json`) programs."""

from __future__ import annotations

import argparse
import json
from typing import Any


def cmd_games(args: argparse.Namespace) -> int:

    from ..registry import catalog

    if args.json:  # with each game's bots: the games are loaded
        from ..bots import games_json

        print(json.dumps(games_json(), indent=2))
        return 0
    cards = catalog()  # described by the plugins: no game's rules imported
    if not cards:
        print("no games installed")
        return 0
    width = max(len(card.name) for card in cards)
    for card in cards:
        print(f"{card.name.ljust(width)}  {card.title} ({card.players} players)")
        if card.summary:
            print(f"{''.ljust(width)}  {card.summary}")
        for vname, summary in card.variants:
            print(f"{''.ljust(width)}  variant {vname}: {summary}")
    return 0


def cmd_bots(args: argparse.Namespace) -> int:

    from ..bots import bot_names, default_bot
    from ..registry import registry

    game = registry().game(args.game)
    names = bot_names(game)
    if args.json:
        print(json.dumps({"game": game.name, "default": default_bot(game), "bots": names}))
        return 0
    width = max(map(len, names))
    for name, summary in names.items():
        mark = " (the default)" if name == default_bot(game) else ""
        print(f"{name.ljust(width)}  {summary}{mark}")
    return 0


def cmd_help(args: Any) -> int:
    """`dockyard help GAME [VERB|expect]`: what the REPL's `help` prints, for a game set up
    as `dockyard play GAME` would (`--variant` adds a variant's actions)."""
    import sys

    from ..registry import registry
    from .output import Output

    if args.game is None:
        names = ", ".join(sorted(registry().games))
        print("dockyard help GAME [VERB|expect]: a game's actions and commands, how to write")
        print(f"one action (VERB), or every query a script may `expect` (expect). Games: {names}")
        return 0
    from ..core import DockyardError
    from .looking import Failed
    from .repl import Shell
    from .script import Flags, open_session

    session = open_session(None, Flags(args.game, None, list(args.variant)))
    shell = Shell(session, Output(sys.stdout, sys.stderr))
    try:
        shell.do_help(args.word)
    except Failed as exc:
        raise DockyardError(f"help {args.game} {args.word}: {exc}") from None
    return 0
