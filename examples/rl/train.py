"""Train a linear softmax policy on Tom Jolly's Cargo (2 players) against the random bot.

    python examples/rl/train.py --quick   # about a minute: a few games, prints the win rate
    python examples/rl/train.py --full    # the documented run: writes docs/rl-learning-curve.png

The learner sits in seat 1 and 2 by turns; the other seat is dockyard's `random` bot. It sees
the game's own observation (`Game.observation`, its view only) and picks among the legal
action indices (`Game.action_space`, numbered by dockyard.interop.encoding). See policy.py for
the policy and its REINFORCE step, README.md here for the numbers of the full run.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

try:
    import numpy as np
except ImportError:  # pragma: no cover - the message is the point
    sys.exit("examples/rl needs numpy: pip install '.[rl]'")

sys.path.insert(0, str(Path(__file__).resolve().parent))
from dockyard import Context, Session  # noqa: E402
from dockyard.bots import make_bot  # noqa: E402
from dockyard.interop.encoding import action_index, observation, observation_size  # noqa: E402
from policy import Decision, Policy  # noqa: E402

GAME = "cargo"
ROOT = Path(__file__).resolve().parents[2]
CURVE = ROOT / "docs" / "rl-learning-curve.png"
VERBS = ("choose", "place", "move", "done")
FEATURES = 4 + len(VERBS)  # score changes (own, best opponent), wins, loses, the verb
TRAIN_SEEDS = 1_000  # game seeds: training games from here, evaluation games from EVAL_SEEDS
EVAL_SEEDS = 1_000_000
BASELINE_GAMES = 60  # random against random, for the curve's baseline (--full)
MODES = {  # episodes, evaluate every, games per evaluation, final evaluation games
    "quick": (6, 6, 0, 6),
    "full": (60, 20, 20, 200),
}


def margin(scores: list[float] | None, seat: int) -> tuple[float, float]:
    if not scores:
        return 0.0, 0.0
    others = [s for i, s in enumerate(scores) if i != seat]
    return scores[seat], max(others) if others else 0.0


def features(session: Session, seat: int, actions: list) -> np.ndarray:
    """Each legal action's features: what it changes at once (played on a copy of the state)."""
    game, state = session.game, session.state
    mine, theirs = margin(game.scores(state), seat)
    me = session.players[seat]
    out = np.zeros((len(actions), FEATURES))
    for row, action in enumerate(actions):
        after = game.clone(state)
        game.apply(after, action, seat, Context(game, session.hook, session.config.variants))
        now_mine, now_theirs = margin(game.scores(after), seat)
        out[row, 0] = (now_mine - mine) / 3.0
        out[row, 1] = (now_theirs - theirs) / 3.0
        if after.flow.over is not None:
            winners = game.outcome(after).winners
            out[row, 2] = float(me in winners)
            out[row, 3] = float(bool(winners) and me not in winners)
        if action.verb in VERBS:
            out[row, 4 + VERBS.index(action.verb)] = 1.0
    return out


def play(
    policy: Policy, seed: int, seat: int, rng: np.random.Generator | None, learn: bool
) -> tuple[float, list[Decision]]:
    """One game, the learner in `seat`: its result (1 win, 0.5 shared, 0 loss) and decisions."""
    session = Session(GAME, seed=seed, players=2)
    game = session.game
    index = action_index(game, session.state)
    opponent = make_bot(game, "random", seed)
    me = session.players[seat]
    decisions: list[Decision] = []
    last = 0.0
    while not session.over:
        if session.actors() != [me]:
            session.apply(opponent.choose(session))
            continue
        mine, theirs = margin(game.scores(session.state), seat)
        if decisions:  # the score margin gained since the learner's last decision
            decisions[-1].reward += (mine - theirs - last) / 3.0
        last = mine - theirs
        actions = session.legal_actions(me)
        x = np.append(np.asarray(observation(game, session.state, seat)), 1.0)
        legal = np.fromiter((index.index(a) for a in actions), int, len(actions))
        phi = features(session, seat, actions)
        chosen = policy.choose(x, legal, phi, rng)
        if learn:
            decisions.append(Decision(x, legal, phi, chosen))
        session.apply(actions[chosen])
    winners = session.outcome().winners  # type: ignore[union-attr]
    result = 0.0 if me not in winners else 1.0 / len(winners)
    if decisions:
        mine, theirs = margin(game.scores(session.state), seat)
        decisions[-1].reward += (mine - theirs - last) / 3.0 + 2.0 * (2 * result - 1)
    return result, decisions


def play_random(seed: int, seat: int) -> float:
    """The baseline: the random bot in the learner's seat, against the random bot."""
    session = Session(GAME, seed=seed, players=2)
    bots = [make_bot(session.game, "random", seed * 7 + 1), make_bot(session.game, "random", seed)]
    if seat == 1:
        bots.reverse()
    while not session.over:
        who = session.players.index(session.actors()[0])
        session.apply(bots[who].choose(session))
    winners = session.outcome().winners  # type: ignore[union-attr]
    me = session.players[seat]
    return 0.0 if me not in winners else 1.0 / len(winners)


def evaluate(policy: Policy | None, games: int) -> float:
    """Win rate over `games` evaluation games (the same games each time, seats by turns), the
    policy drawing its actions (from a generator of its own: ties are broken at random)."""
    total, rng = 0.0, np.random.default_rng(EVAL_SEEDS)
    for i in range(games):
        seed, seat = EVAL_SEEDS + i, i % 2
        total += (
            play_random(seed, seat) if policy is None else play(policy, seed, seat, rng, False)[0]
        )
    return total / games


def plot(curve: list[tuple[int, float]], baseline: float, final: float, path: Path) -> None:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        sys.exit("--full draws its curve with matplotlib: pip install '.[plots]'")
    fig, ax = plt.subplots(figsize=(7, 4))
    ax.plot([e for e, _ in curve], [100 * w for _, w in curve], "o-", label="trained policy")
    ax.axhline(100 * baseline, color="grey", linestyle="--", label="random bot (baseline)")
    ax.axhline(65, color="tab:red", linestyle=":", label="65%")
    ax.set_xlabel("training episodes (games against random)")
    ax.set_ylabel("win rate against random (%)")
    ax.set_ylim(0, 100)
    ax.set_title(
        f"Tom Jolly's Cargo, 2 players: linear policy, REINFORCE (final {100 * final:.0f}%)"
    )
    ax.legend(loc="lower right")
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=100)
    plt.close(fig)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument(
        "--quick", action="store_true", help="a minute: train briefly, print the win rate"
    )
    mode.add_argument("--full", action="store_true", help="the documented run, with its curve")
    parser.add_argument("--episodes", type=int, help="training games (default: by mode)")
    parser.add_argument("--eval-games", type=int, help="final evaluation games (default: by mode)")
    parser.add_argument("--seed", type=int, default=0, help="the learner's seed (default 0)")
    parser.add_argument(
        "--plot",
        type=Path,
        default=CURVE,
        help=f"the curve (--full; default {CURVE.relative_to(ROOT)})",
    )
    args = parser.parse_args(argv)
    episodes, every, checkpoint_games, final_games = MODES["full" if args.full else "quick"]
    episodes = episodes if args.episodes is None else args.episodes
    final_games = final_games if args.eval_games is None else args.eval_games
    if episodes < 0 or final_games < 1:
        parser.error("--episodes must be 0 or more and --eval-games 1 or more")
    start = time.perf_counter()
    probe = Session(GAME, seed=0, players=2)
    size = observation_size(probe.game, probe.state)
    policy = Policy(action_index(probe.game, probe.state).size, size + 1, FEATURES)
    rng = np.random.default_rng(args.seed)
    curve: list[tuple[int, float]] = []
    baseline = 0.5
    if args.full:
        baseline = evaluate(None, BASELINE_GAMES)
        print(
            f"random bot against random: win rate {100 * baseline:.1f}% ({BASELINE_GAMES} games)",
            flush=True,
        )
        # untrained (all weights 0), the policy is uniform over the legal actions: the random bot
        curve.append((0, baseline))
    for episode in range(1, episodes + 1):
        result, decisions = play(policy, TRAIN_SEEDS + episode, episode % 2, rng, True)
        policy.step(decisions, gamma=0.98)
        if args.full and episode % every == 0:
            curve.append((episode, evaluate(policy, checkpoint_games)))
            print(
                f"episode {episode}: win rate {100 * curve[-1][1]:.1f}% over {checkpoint_games} games "
                f"({time.perf_counter() - start:.0f} s)",
                flush=True,
            )
    final = evaluate(policy, final_games)
    print(
        f"win rate {100 * final:.1f}% against random over {final_games} games "
        f"after {episodes} training games ({time.perf_counter() - start:.0f} s)"
    )
    print(f"learned action-feature weights: {np.round(policy.theta, 2).tolist()}")
    if args.full:
        curve = [(e, w) for e, w in curve if e != episodes] + [(episodes, final)]
        plot(curve, baseline, final, args.plot)
        print(f"wrote {args.plot}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
