"""A linear softmax policy over a game's legal action indices, trained by REINFORCE (numpy only).

The logit of a legal action `a` (its index in the game's action index, see
dockyard.interop.encoding) in a state with observation `x` is

    W[a] . x  +  theta . phi(a)

`W` holds one row of weights per action index over the seat's observation (the game's own,
from its view only); `phi(a)` are a few numbers about what `a` does: the change it makes at
once to the seat's score and to the best opponent's, whether it wins or loses the game there,
and its verb. Only the legal actions' logits are compared (the others are masked out), so the
policy never plays an illegal action.

`step` is REINFORCE with a baseline: for each decision t with advantage A_t,
W[a] += lr * A_t * (1[a = chosen] - p_a) * x_t and theta += lr_phi * A_t * (phi(chosen) -
sum_a p_a phi(a)): the gradient of log p(chosen), scaled by how much better than expected the
decision turned out. The baseline is a linear value of the observation, fitted as it goes.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np


@dataclass
class Decision:
    """One decision of the learner: what it saw, what it could do, what it did."""

    x: np.ndarray  # the observation (plus a constant 1)
    legal: np.ndarray  # the legal actions' indices
    phi: np.ndarray  # one row of action features per legal action
    chosen: int  # the position in `legal` of the action played
    reward: float = 0.0  # what followed, up to the learner's next decision


@dataclass
class Policy:
    actions: int  # size of the game's action index
    inputs: int  # observation size + 1
    features: int  # action features per action
    lr: float = 0.001
    lr_phi: float = 0.2
    lr_value: float = 0.002
    W: np.ndarray = field(init=False)
    theta: np.ndarray = field(init=False)
    value: np.ndarray = field(init=False)

    def __post_init__(self) -> None:
        self.W = np.zeros((self.actions, self.inputs))
        self.theta = np.zeros(self.features)
        self.value = np.zeros(self.inputs)

    def probabilities(self, x: np.ndarray, legal: np.ndarray, phi: np.ndarray) -> np.ndarray:
        """The policy's probability of each legal action (the masked softmax)."""
        logits = self.W[legal] @ x + phi @ self.theta
        logits -= logits.max()
        p = np.exp(logits)
        return p / p.sum()  # type: ignore[no-any-return]

    def choose(
        self, x: np.ndarray, legal: np.ndarray, phi: np.ndarray, rng: np.random.Generator | None
    ) -> int:
        """A position in `legal`: drawn from the policy (`rng`), or its most likely (None)."""
        p = self.probabilities(x, legal, phi)
        if rng is None:
            return int(np.argmax(p))
        return int(rng.choice(len(p), p=p))

    def step(self, decisions: list[Decision], gamma: float) -> float:
        """One REINFORCE update from a whole episode; returns the mean advantage's size."""
        if not decisions:
            return 0.0
        returns = np.zeros(len(decisions))
        g = 0.0
        for t in range(len(decisions) - 1, -1, -1):
            g = decisions[t].reward + gamma * g
            returns[t] = g
        xs = np.stack([d.x for d in decisions])
        advantages = returns - xs @ self.value
        self.value += self.lr_value * (advantages @ xs) / len(decisions)
        for d, advantage in zip(decisions, advantages, strict=True):
            p = self.probabilities(d.x, d.legal, d.phi)
            push = -p
            push[d.chosen] += 1.0
            self.W[d.legal] += (self.lr * advantage) * np.outer(push, d.x)
            self.theta += self.lr_phi * advantage * (push @ d.phi)
        return float(np.abs(advantages).mean())
