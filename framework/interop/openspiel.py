"""Every dockyard game registered with OpenSpiel (extra `dockyard[rl]`).

    import pyspiel
    import dockyard.interop.openspiel  # registers dockyard_tictactoe, dockyard_curious_cargo, ...
    game = pyspiel.load_game("dockyard_curious_cargo")
    state = game.new_initial_state()

Then OpenSpiel's own algorithms play our games (its MCTSBot, CFR on small games, ...).

- **Chance**: a game with randomness starts at a chance node whose outcome is the game's seed
  (one of SEEDS, equally likely): every shuffle and roll of the game follows from it, so it is
  the game's one chance event (a deck shuffled at setup, dice rolled later from the same seed).
  Tic-tac-toe (`deterministic = True` on the game) has none.
- **Actions**: the game's fixed action index (`dockyard.interop.encoding`); `action_to_string`
  gives the canonical text (`p1: place t12 c4 east`).
- **Returns**: a sole winner 1, every other player -1/(n-1); a shared win shared; no winner 0.
- **Information**: `information_state_string(p)` and `observation_string(p)` are the JSON of
  p's view (with the number of moves so far in the first); `observation_tensor(p)` is the
  numeric observation of that view. Neither shows what p may not see.
- Parameter `players` (an int) sets the player count; `variants` a comma-separated list.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel

from ..flow import actors
from ..registry import registry
from ..session import Session
from .encoding import ActionIndex, action_index, observation, observation_size, returns

SEEDS = 1024  # outcomes of the opening chance node
MAX_GAME_LENGTH = 20_000


class DockyardGame(pyspiel.Game):  # type: ignore[misc]
    """One dockyard game as a pyspiel.Game."""

    dockyard_name = ""  # set by `register` on a subclass per game

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        spec = _spec(self.dockyard_name, params)
        super().__init__(spec["type"], spec["info"], params)
        self.config = spec["config"]
        self.index: ActionIndex = spec["index"]
        self.deterministic: bool = spec["deterministic"]
        self.obs_size: int = spec["obs_size"]

    def __deepcopy__(self, memo: dict[int, Any]) -> DockyardGame:
        return self  # a game never changes: a copied state shares it

    def new_initial_state(self) -> DockyardState:
        return DockyardState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return Observer(self.obs_size, perfect_recall)

    def session(self, seed: int) -> Session:
        players, variants = self.config
        return Session(self.dockyard_name, seed=seed, players=players, variants=variants)


class DockyardState(pyspiel.State):  # type: ignore[misc]
    def __init__(self, game: DockyardGame) -> None:
        super().__init__(game)
        self._game = game
        self.session: Session | None = None if not game.deterministic else game.session(0)

    def current_player(self) -> int:
        if self.session is None:
            return int(pyspiel.PlayerId.CHANCE)
        if self.session.over:
            return int(pyspiel.PlayerId.TERMINAL)
        return actors(self.session.state)[0]

    def _legal_actions(self, player: int) -> list[int]:
        assert self.session is not None
        name = self.session.players[player]
        index = self._game.index.index
        return sorted(index(a) for a in self.session.legal_actions(name))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(s, 1.0 / SEEDS) for s in range(SEEDS)]

    def _apply_action(self, action: int) -> None:
        if self.session is None:
            self.session = self._game.session(int(action))
            return
        player = self.current_player()
        self.session.apply(self._game.index.action(int(action), self.session.players[player]))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE or self.session is None:
            return f"seed {action}"
        name = self.session.players[player] if player >= 0 else "?"
        return str(self._game.index.action(int(action), name))

    def is_terminal(self) -> bool:
        return self.session is not None and self.session.over

    def returns(self) -> list[float]:
        if self.session is None:
            return [0.0] * self._game.num_players()
        return returns(self.session.game, self.session.state)

    def __str__(self) -> str:
        if self.session is None:
            return "(the seed is yet to be drawn)"
        return f"{len(self.session.log)} moves\n{self.session.render(None)}"


class Observer:
    """OpenSpiel's observer interface over a player's view."""

    def __init__(self, size: int, perfect_recall: bool) -> None:
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}
        self.perfect_recall = perfect_recall

    def set_from(self, state: DockyardState, player: int) -> None:
        self.tensor.fill(0.0)
        if state.session is not None:
            values = observation(state.session.game, state.session.state, player)
            self.tensor[:] = np.clip(np.asarray(values, np.float32), -1e6, 1e6)

    def string_from(self, state: DockyardState, player: int) -> str:
        if state.session is None:
            return "start"
        view = json.dumps(
            state.session.game.view(state.session.state, player), sort_keys=True, default=str
        )
        return f"move {len(state.session.log)}: {view}" if self.perfect_recall else view


def _spec(name: str, params: dict[str, Any]) -> dict[str, Any]:
    game = registry().game(name)
    players = int(params["players"]) if "players" in params else None
    variants = tuple(v for v in str(params.get("variants", "")).split(",") if v)
    probe = Session(name, players=players, variants=variants)
    index = action_index(probe.game, probe.state)
    deterministic = game.deterministic
    n = len(probe.players)
    short = "dockyard_" + name.replace("-", "_")
    game_type = pyspiel.GameType(
        short_name=short,
        long_name=f"dockyard {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=(
            pyspiel.GameType.ChanceMode.DETERMINISTIC
            if deterministic
            else pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
        ),
        information=(
            pyspiel.GameType.Information.PERFECT_INFORMATION
            if deterministic and not game.provides("secrets")
            else pyspiel.GameType.Information.IMPERFECT_INFORMATION
        ),
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": n, "variants": ""},
    )
    info = pyspiel.GameInfo(
        num_distinct_actions=index.size,
        max_chance_outcomes=0 if deterministic else SEEDS,
        num_players=n,
        min_utility=-1.0,
        max_utility=1.0,
        utility_sum=0.0,
        max_game_length=MAX_GAME_LENGTH,
    )
    return {
        "type": game_type,
        "info": info,
        "config": (players, variants),
        "index": index,
        "deterministic": deterministic,
        "obs_size": observation_size(probe.game, probe.state),
    }


def register(name: str) -> str:
    """Register the dockyard game `name` with pyspiel as `dockyard_<name>`; returns that."""
    spec = _spec(name, {})
    cls = type(f"Dockyard_{name.replace('-', '_')}", (DockyardGame,), {"dockyard_name": name})
    pyspiel.register_game(spec["type"], cls)
    return str(spec["type"].short_name)


# every game that numbers its actions (`Game.action_space`); others are left out
REGISTERED = [
    register(name) for name, g in sorted(registry().games.items()) if g.provides("action_space")
]
