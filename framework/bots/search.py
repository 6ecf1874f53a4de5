"""The `mcts` bot: information-set Monte Carlo tree search for every game.

Each playout starts from a state sampled from what the bot's seat sees (`Game.sample_state`:
the bag, the deck, the other hands dealt again), never from the real hidden state. One tree is
shared by every sample (single-observer ISMCTS, Cowling, Powley and Whitehouse 2012): its
nodes are keyed by the actions played, a child is chosen by UCB1 among the actions legal in
this sample, and a node counts how often it was available, not only how often it was chosen.
Where there are many legal actions (Curious Cargo's placements) a node considers only the few
the game's quick policy proposes (asked several times), and every action of a verb that has
at most FEW (drawing, ending the turn).
When the game has a quick policy, its own move is the one to beat: at the root every candidate
is tried on the same samples with the same luck after it (common random numbers; each has its
tree below), so their means differ by what the moves do, not by what was drawn, and the
policy's move stands unless another's mean reward is better by MARGIN (or the game's
`bot_margin`): the search improves on the policy; noise does not undo it. Below the tree
the playout goes on with the game's own quick policy (its first named policy,
else `bot_action`, else uniform choice) for at most `depth` actions, then scores the state:
a finished game by its winners, an unfinished one by `Game.bot_evaluate(state)` (each seat's
chance of winning, 0..1) when the game defines it, else by the points as they stand.

`mcts` plays DEFAULT_PLAYOUTS playouts a move (or the game's `bot_playouts`); `mcts:500` another
number; `mcts:2s` searches two
seconds a move (and is then not deterministic: the machine's speed decides how far it sees).
With a number of playouts, the same seed makes the same moves.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from ..core import win_shares
from ..flow import actors
from ..game import Action, Context, DockyardError, Game
from .policy import UniformBot, policies

if TYPE_CHECKING:
    from ..session import Session

DEFAULT_PLAYOUTS = Game.bot_playouts  # a game may set its own (`bot_playouts`)
MAX_PLAYOUTS = 10_000_000  # a move's budget, at most (more is a mistake, not a strength)
MAX_SECONDS = 3600.0
EXPLORATION = 0.7  # UCB1's c, for rewards in 0..1
WIDTH = 8  # a node with more legal actions considers what the quick policy would choose
PROPOSALS = 4  # ... asked this many times
FEW = 2  # ... and every action of a verb with at most this many legal ones
MARGIN = (
    Game.bot_margin
)  # how much better (mean reward, 0..1) a move must look to overrule the policy


class Node:
    """Statistics of one action at one point of the tree (the root has no action)."""

    __slots__ = ("seat", "visits", "reward", "available", "children")

    def __init__(self, seat: int) -> None:
        self.seat = seat  # who played the action leading here
        self.visits = 0
        self.reward = 0.0  # summed rewards of `seat`
        self.available = 0  # playouts in which this action was legal
        self.children: dict[Action, Node] = {}


class MctsBot(UniformBot):
    """Determinized (information-set) MCTS; see the module's text."""

    name = "mcts"

    def __init__(
        self,
        seed: int = 0,
        playouts: int = DEFAULT_PLAYOUTS,
        seconds: float | None = None,
        depth: int | None = None,
        rollout: Callable[[Any, int, random.Random], Action] | None = None,
    ) -> None:
        super().__init__(seed)
        self.playouts = playouts
        self.seconds = seconds
        self.depth = depth
        self.rollout = rollout
        self.margin = MARGIN

    @classmethod
    def from_spec(cls, game: Game, spec: str, seed: int = 0) -> MctsBot:
        """`mcts`, `mcts:N` (playouts a move) or `mcts:Ts` (seconds a move)."""
        _, _, budget = spec.partition(":")
        playouts, seconds = game.bot_playouts, None
        try:
            if budget.endswith("s"):
                seconds = float(budget[:-1])
                if not 0 < seconds <= MAX_SECONDS:  # nan, inf, 1e400 and negatives too
                    raise ValueError
            elif budget:
                if len(budget) > 12:
                    raise ValueError
                playouts = int(budget)
                if not 1 <= playouts <= MAX_PLAYOUTS:
                    raise ValueError
        except ValueError:
            shown = budget if len(budget) <= 40 else budget[:40] + "..."
            raise DockyardError(
                f"mcts:{shown}: not a budget mcts can use: mcts takes a number of playouts a "
                f"move from 1 to "
                f"{MAX_PLAYOUTS:,} (mcts:200) or seconds a move, more than 0 and at most "
                f"{MAX_SECONDS:g} (mcts:2s)"
            ) from None
        own = policies(game)
        if own:
            rollout = next(iter(own.values()))[1]
        else:
            rollout = game.bot_action if game.provides("bot_action") else None
        bot = cls(seed, playouts, seconds, game.bot_rollout_depth, rollout)
        bot.margin = game.bot_margin
        bot.name = spec
        return bot

    def choose(self, session: Session, seats: Sequence[int] | None = None) -> Action:
        state = session.state
        seat = self.seat(session, actors(state) if seats is None else seats)
        game = session.game
        if not game.legal_actions(state, seat):
            return super().choose(session, seats)
        # what is worth searching, from what the seat sees (a sample: never the hidden state)
        seen = game.sample_state(state, seat, self.rng)
        legal = self._candidates(game, seen, seat, self.rng)
        if len(legal) == 1:
            return legal[0]
        default = self.rollout(seen, seat, self.rng) if self.rollout is not None else None
        return self.search(game, session.hook, session.config.variants, state, seat, legal, default)

    def search(
        self,
        game: Game,
        hook: Any,
        variants: Sequence[str],
        state: Any,
        seat: int,
        legal: list[Action],
        default: Action | None = None,
    ) -> Action:
        """The move among `legal` the playouts like best; with a `default` (the quick
        policy's own move), another move only when its mean reward is better by MARGIN."""
        rng = self.rng
        root = Node(seat)
        deadline = time.monotonic() + self.seconds if self.seconds else None
        done = 0
        order = {a: i for i, a in enumerate(legal)}
        if default is not None and default in order and len(legal) > 1:
            return self._paired(game, hook, variants, state, seat, legal, default, deadline)
        while True:
            if deadline is not None:
                if done and time.monotonic() >= deadline:
                    break
            elif done >= self.playouts:
                break
            done += 1
            sample = game.sample_state(state, seat, rng)
            self._playout(game, hook, variants, sample, root, seat, rng)
        # the most visited action (ties: the better mean, then the first listed)
        best = max(
            (a for a in root.children if a in order),
            key=lambda a: (
                root.children[a].visits,
                root.children[a].reward / max(1, root.children[a].visits),
                -order[a],
            ),
            default=None,
        )
        if default is not None and default not in order:
            default = None
        if best is None:
            return default if default is not None else rng.choice(legal)
        kept = root.children.get(default) if default is not None else None
        if default is not None and kept is not None and best != default and kept.visits:
            mine = root.children[best]
            if mine.reward / mine.visits < kept.reward / kept.visits + self.margin:
                return default  # the search is not sure enough to overrule the policy
        return best

    def _paired(
        self,
        game: Game,
        hook: Any,
        variants: Sequence[str],
        state: Any,
        seat: int,
        legal: list[Action],
        default: Action,
        deadline: float | None,
    ) -> Action:
        """With the policy's own move to beat: every move is tried on the same samples with
        the same luck after it (common random numbers), each below in a tree of its own, so
        the moves' means differ by what the moves do, not by what was drawn; another move
        than the policy's only when its mean is better by the margin."""
        rng = self.rng
        children = {a: Node(seat) for a in legal}
        done = 0
        while True:
            if deadline is not None:
                if done and time.monotonic() >= deadline:
                    break
            elif done >= self.playouts:
                break
            sample = game.sample_state(state, seat, rng)
            luck = rng.getrandbits(64)
            for action in legal:
                trial = game.clone(sample)
                game.apply(trial, action, seat, Context(game, hook, variants))
                node = children[action]
                self._playout(game, hook, variants, trial, node, seat, random.Random(luck))
                done += 1
        means = {a: n.reward / max(1, n.visits) for a, n in children.items()}
        best = max(legal, key=lambda a: means[a])  # ties: the first listed
        return best if means[best] >= means[default] + self.margin else default

    def _playout(
        self,
        game: Game,
        hook: Any,
        variants: Sequence[str],
        state: Any,
        root: Node,
        me: int,
        rng: random.Random,
    ) -> None:
        path = [root]
        node = root
        first = True
        # selection and expansion, in the tree
        while state.flow.over is None:
            movers = actors(state)
            if not movers:
                break
            seat = me if first and me in movers else movers[0]
            first = False
            legal = self._candidates(game, state, seat, rng)
            if not legal:
                break
            children = node.children
            for a in legal:
                child = children.get(a)
                if child is not None:
                    child.available += 1
            untried = [a for a in legal if a not in children]
            if untried:
                action = rng.choice(untried)
                child = children[action] = Node(seat)
                child.available = 1
                game.apply(state, action, seat, Context(game, hook, variants))
                path.append(child)
                break
            log_n = {a: math.log(children[a].available) for a in legal}
            action = max(
                legal,
                key=lambda a: (
                    children[a].reward / children[a].visits
                    + EXPLORATION * math.sqrt(log_n[a] / children[a].visits)
                ),
            )
            node = children[action]
            game.apply(state, action, seat, Context(game, hook, variants))
            path.append(node)
        rewards = self._rollout(game, hook, variants, state, rng)
        for n in path:
            n.visits += 1
            n.reward += rewards[n.seat]

    def _candidates(self, game: Game, state: Any, seat: int, rng: random.Random) -> list[Action]:
        """The actions a tree node considers: every legal one when they are few, else the
        distinct choices of the quick policy asked a few times, so a small budget is spent
        comparing moves worth comparing, not hundreds of placements."""
        legal = game.legal_actions(state, seat)
        if len(legal) <= WIDTH or self.rollout is None:
            return legal
        picked = {self.rollout(state, seat, rng) for _ in range(PROPOSALS)}
        # and every action of a kind (verb) that has few: drawing, ending the turn...
        kinds: dict[str, int] = {}
        for a in legal:
            kinds[a.verb] = kinds.get(a.verb, 0) + 1
        return [a for a in legal if a in picked or kinds[a.verb] <= FEW] or legal

    def _rollout(
        self, game: Game, hook: Any, variants: Sequence[str], state: Any, rng: random.Random
    ) -> list[float]:
        """Play on with the quick policy, then each seat's reward (0..1)."""
        steps = 0
        policy = self.rollout
        while state.flow.over is None and (self.depth is None or steps < self.depth):
            movers = actors(state)
            if not movers:
                break
            seat = movers[0] if len(movers) == 1 else rng.choice(movers)
            if policy is not None:
                action = policy(state, seat, rng)
            else:
                legal = game.legal_actions(state, seat)
                if not legal:
                    break
                action = rng.choice(legal)
            game.apply(state, action, seat, Context(game, hook, variants))
            steps += 1
        return rewards(game, state)


def rewards(game: Game, state: Any) -> list[float]:
    """Each seat's reward, 0..1: shares of the win when the game is over; else the game's
    estimate (`bot_evaluate`), else standings by points (ahead 1, level 0.5, behind 0)."""
    seats = len(state.players)
    if state.flow.over is not None:
        winners = game.outcome(state).winners
        if not winners:  # nobody won: as good (and as bad) for everyone
            return [1.0 / seats] * seats
        return win_shares(winners, state.players)
    estimate = game.bot_evaluate(state)
    if estimate is not None:
        return list(estimate)
    points = game.scores(state)
    if not points:
        return [1.0 / seats] * seats
    return [
        sum(1.0 if p > q else 0.5 if p == q else 0.0 for j, q in enumerate(points) if j != i)
        / max(1, seats - 1)
        for i, p in enumerate(points)
    ]
