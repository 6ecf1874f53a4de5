"""The rewards an agent may learn from, the same in the Gymnasium, vector and PettingZoo envs.

- `"win"` (the default): 0 until the end, then the agent's share of the outcome: a sole winner
  1, each other player -1/(n-1), shared wins shared, no winner 0 (`encoding.returns`).
- `"score-margin"`: after every step, the change of the agent's margin: its score minus the best
  other seat's score (`Game.scores` while the game goes on; the outcome's scores at the end).
  The rewards of an episode sum to the final margin (a game that starts level), so a game
  that ends 0-0 for everyone under "win" still tells a good move from a bad one.
"""

from __future__ import annotations

from typing import Any

from ..game import DockyardError

REWARDS = ("win", "score-margin")


def checked(reward: Any, session: Any) -> str:
    """`reward` if it is one of REWARDS this game can give; else a DockyardError saying why."""
    if reward not in REWARDS:
        raise DockyardError(f"reward is one of {', '.join(map(repr, REWARDS))}, not {reward!r}")
    if reward == "score-margin" and session.scores() is None:
        raise DockyardError(
            f"{session.game.name} counts no points: reward='score-margin' needs a score"
        )
    return str(reward)


def scores(session: Any) -> list[float]:
    """Each seat's score: the outcome's at the end (what the game ranks by), else as it stands."""
    if session.over:
        outcome = session.outcome()
        if outcome is not None and outcome.scores:
            return [float(outcome.scores[p]) for p in session.players]
    found = session.scores()
    return [0.0] * len(session.players) if found is None else [float(s) for s in found]


def margin(session: Any, seat: int) -> float:
    """`seat`'s score minus the best other seat's."""
    points = scores(session)
    if len(points) < 2:
        return points[seat] if points else 0.0
    return points[seat] - max(s for i, s in enumerate(points) if i != seat)
