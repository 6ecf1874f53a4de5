"""Bots: players that choose their own actions.

Every game has the bot `random` (`UniformBot`: uniform among the legal actions), `mcts`
(search.py: tree search on states sampled from what its seat sees) and, when it defines a quick
policy (`bot_action`, below), `greedy` (`GreedyBot`: that policy); a game may name more policies
(`bot_policies()`, Curious Cargo's `heuristic`), the first of them being its default bot.
`bot_names(game)` lists them with one line each (`dockyard bots GAME`); `make_bot(game, name,
seed)` makes one. A bot's `choose(session)` returns an action for one of the players who may act
now and never changes the session (the kinds of bot are in policy_bots.py).

    bot = GreedyBot(seed=7)
    while not session.over:
        session.apply(bot.choose(session))

A bot picks one of the players who may act now (several in a simultaneous phase) uniformly;
`UniformBot` then picks one of that player's legal actions uniformly. Everything a bot draws
comes from its own `random.Random(seed)`, so a seed gives the same game every time.

A game may give bots a faster or smarter policy by defining a method

    def bot_action(self, state, seat: int, rng: random.Random) -> Action: ...

on its `Game` class (and a one-line `bot_summary` saying how it plays). `GreedyBot` then calls
it (with the real state; a bot policy must not change it, and should use only what the seat may
see) instead of drawing from `legal_actions`; without one, `GreedyBot` plays as `UniformBot`.
The returned action must be legal: the session checks it like any other, and an illegal one is
an error of the game, reported as such.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..flow import actors
from ..game import Action, DockyardError, Game
from .policy import Bot, GreedyBot, PolicyBot, UniformBot, policies

__all__ = [
    "Bot",
    "GreedyBot",
    "PolicyBot",
    "UniformBot",
    "games_json",
    "make_bot",
    "play_out",
    "play_random_game",
]

if TYPE_CHECKING:
    from ..session import Session

MAX_ACTIONS = 100_000  # a random game longer than this is taken to be stuck in a loop


def _seated(bots: Sequence[Bot], seed: int) -> Any:
    """Each seat's own bot; when several may act at once, one of them drawn at random."""
    rng = random.Random(seed)

    def choose(session: Session) -> Action:
        seats = actors(session.state)
        seat = seats[0] if len(seats) == 1 else rng.choice(seats)
        return bots[seat].choose(session, [seat])

    return choose


BOTS: dict[str, tuple[str, type[Bot]]] = {
    "random": ("uniformly random among the legal actions", UniformBot),
    "greedy": ("the game's own quick policy (greedy choices, random among equals)", GreedyBot),
}
MCTS_SUMMARY = (
    "Monte Carlo tree search on states sampled from what it sees (never the hidden ones); "
    "mcts:N plays N playouts a move (default {playouts}), mcts:Ts searches T seconds a move"
)


def bot_names(game: Game) -> dict[str, str]:
    """The bots that can play `game`, each with one line saying how it plays."""
    from .search import DEFAULT_PLAYOUTS

    names = {"random": BOTS["random"][0]}
    if game.provides("bot_action"):
        names["greedy"] = game.bot_summary or BOTS["greedy"][0]
    for name, (summary, _policy) in policies(game).items():
        names[name] = summary
    names["mcts"] = MCTS_SUMMARY.format(playouts=DEFAULT_PLAYOUTS)
    return names


def default_bot(game: Game) -> str:
    """The game's best quick bot: its first named policy, else `greedy`, else `random`."""
    own = policies(game)
    if own:
        return next(iter(own))
    return "greedy" if "greedy" in bot_names(game) else "random"


def make_bot(game: Game, name: str | None, seed: int = 0) -> Bot:
    """The bot called `name` (None: the game's best) for `game`; `mcts:200` and `mcts:2s` set
    the search's budget. DockyardError naming the bots there are when there is no such bot."""
    name = name or default_bot(game)
    names = bot_names(game)
    base, _, budget = name.partition(":")
    if base not in names or (budget and base != "mcts"):
        from ..words import did_you_mean

        raise DockyardError(
            f"{game.name} has no bot {name!r}{did_you_mean(base, names)} (bots: {', '.join(names)})"
        )
    if base == "mcts":
        from .search import MctsBot

        return MctsBot.from_spec(game, name, seed)
    own = policies(game)
    if base in own:
        return PolicyBot(seed, own[base][1], base)
    bot = BOTS[base][1](seed)
    bot.name = base
    return bot


def parse_bots(game: Game, text: str, seats: int) -> list[str]:
    """`--bots heuristic` (every seat) or `--bots mcts,random` (one per seat), checked."""
    names = [n.strip() for n in text.split(",")]
    if len(names) == 1:
        names = names * seats
    if len(names) != seats or not all(names):
        raise DockyardError(
            f"--bots names one bot for every seat or one for each of the {seats} seats: {text!r}"
        )
    for name in names:
        make_bot(game, name)
    return names


def play_random_game(
    game: str | Game,
    seed: int = 0,
    players: Sequence[str] | int | None = None,
    variants: Iterable[str] = (),
    content: Iterable[str | Path] = (),
    max_actions: int = MAX_ACTIONS,
    check: bool = False,
    bots: Sequence[str] | None = None,
    watch: Callable[[Session], None] | None = None,
    started: Callable[[Session], None] | None = None,
) -> Session:
    """A whole game between bots: the session uses `seed`, and so do the bots (by default the
    game's quick policy in every seat; `bots` names one per seat, as `make_bot` takes them).
    `watch(session)` is called before every decision; `started(session)` once, before the
    first (so a caller holds the session even when the game fails)."""
    from ..session import Session

    session = Session(game, seed=seed, players=players, variants=variants, content=content)
    if started is not None:
        started(session)
    if bots is None:
        play_out(session, GreedyBot(seed), max_actions, check, watch)
    else:
        # the bots of a game draw from seeds of their own, one per seat
        seated = [make_bot(session.game, name, seed * 1009 + i) for i, name in enumerate(bots)]
        play_out(session, seated, max_actions, check, watch)
    return session


def play_out(
    session: Session,
    bot: Bot | Sequence[Bot],
    max_actions: int = MAX_ACTIONS,
    check: bool = False,
    watch: Callable[[Session], None] | None = None,
) -> None:
    """Let `bot` play every seat (or `bot[i]` seat i) until the game ends (DockyardError if it
    does not). With `check`, the game's invariants and component counts are checked after
    every action; `watch(session)` sees the table before every decision."""
    apply = session.apply
    choose = bot.choose if isinstance(bot, Bot) else _seated(bot, session.seed)
    game = session.game
    counts = game.token_counts(session.state) if check else {}
    for _ in range(max_actions):
        if session.over:
            return
        if watch is not None:
            watch(session)
        action = choose(session)
        apply(action)
        if check:
            broken = game.invariants(session.state)
            now = game.token_counts(session.state)
            if now != counts:
                changed = sorted(k for k in {*now, *counts} if now.get(k) != counts.get(k))
                broken.append(
                    "components changed: "
                    + ", ".join(f"{k} {counts.get(k)} -> {now.get(k)}" for k in changed)
                )
            if broken:
                raise DockyardError(
                    f"after action {len(session.log)} ({session.format(action)}): "
                    + "; ".join(broken)
                )
    if not session.over:
        raise DockyardError(
            f"{session.game.name} (seed {session.seed}) did not end within {max_actions} actions"
        )


def games_json() -> list[dict[str, Any]]:
    """Every installed game with its variants, player counts and bots (`dockyard games --json`,
    the server's catalog)."""
    from ..registry import registry

    reg = registry()
    out = []
    for name in sorted(reg.games):
        game = reg.games[name]
        out.append(
            {
                "name": name,
                "title": game.title,
                "summary": game.summary,
                "min_players": game.min_players,
                "max_players": game.max_players,
                "default_players": list(game.default_players),
                "variants": [
                    {"name": v.name, "summary": v.summary, "conflicts": list(v.conflicts)}
                    for _, v in sorted(reg.variants_of(name).items())
                ],
                "bots": list(bot_names(game)),
                "default_bot": default_bot(game),
            }
        )
    return out
