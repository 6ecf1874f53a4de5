"""Every dockyard game registered with OpenSpiel (extra `dockyard[rl]`).

    import pyspiel
    import dockyard.interop.openspiel  # registers dockyard_tictactoe, dockyard_curious_cargo, ...
    game = pyspiel.load_game("dockyard_curious_cargo")
    state = game.new_initial_state()

Then OpenSpiel's Python algorithms play our games (open_spiel.python.algorithms' MCTSBot and
ISMCTSBot, rl_environment with its learners); its C++ bots crash on Python games (upstream).

- **Chance**: a game with randomness starts with SEED_DRAWS chance nodes of SEED_BASE equally
  likely outcomes each: the digits (base 256, lowest first) of the game's seed, so any of 2**32
  seeds can be dealt (not one node of 2**32 outcomes: OpenSpiel lists every outcome). Then every
  whole-number draw of the game (in the set-up, those among at most 16) is a chance node of
  its equally likely outcomes, dealt after the decision that drew it (`spiel_chance`). Tic-tac-toe
  (`deterministic = True`) has none.
- **Actions**: the game's fixed action index (`dockyard.interop.encoding`); `action_to_string`
  gives the canonical text (`p1: place t12 c4 east`).
- **Returns**: a sole winner 1, every other player -1/(n-1); a shared win shared; no winner 0.
- **Observation**: `observation_string(p)` is the JSON of p's view; `observation_tensor(p)` the
  game's numeric observation of it (`Game.observation`), a numpy array written by
  `encoding.write`. Neither shows what p may not see.
- **Information state**: perfect recall, as string and tensor (`spiel_recall` says how each
  is laid out): p's observations and actions in order, and everyone else's actions as p was told
  them. The tensor holds every decision up to the game's `max_game_length` (`LENGTHS`: a real
  bound, at which the game ends undecided), one compact slot each (`spiel_recall.Code`).
- **Resampling**: `resample_from_infostate(p, sampler)` deals again what p cannot see
  (`Game.sample_state`, seeded from `sampler`), so ISMCTSBot plays every game.
- **Saving**: games and states pickle, and `serialize_game_and_state` round-trips: a state is
  its game's parameters and its action history, replayed when loaded. (A resampled state has
  no history of its own: it cannot be serialized.)
- Parameter `players` (an int) sets the player count; `variants` a comma-separated list;
  `max_game_length` the cap.
"""

from __future__ import annotations

import random
from functools import lru_cache
from operator import attrgetter
from typing import Any

import numpy as np
import pyspiel

from ..core import DockyardError
from ..flow import actors
from ..registry import registry
from ..session import Session
from . import spiel_recall
from .encoding import ActionIndex, action_index, observation_size, returns, write
from .spiel_chance import MOST, Pending, deal, opened, scripted

SEED_BASE = 256  # outcomes of each chance node: one digit of the seed
SEED_DRAWS = 4  # chance nodes at the start: SEED_BASE ** SEED_DRAWS seeds
# each game's max_game_length: decisions, a real bound. Tic-tac-toe's is its board; for the
# others a cap well above their longest random playouts (hundreds to a few thousand
# decisions), at which the OpenSpiel game ends if its rules have not ended it (every return 0).
# A game may declare its own (`max_game_length` on its Game class); a game in neither gets
# MAX_GAME_LENGTH. Parameter `max_game_length` overrides it.
LENGTHS = {
    "tictactoe": 9,
    "curious-cargo": 2_000,
    "pack-and-stack": 1_000,
    "cargo": 10_000,
    "import-export": 4_000,
}
MAX_GAME_LENGTH = 20_000
MAX_KNOWN = 200_000  # actions whose numbers are remembered
_CHANCE = [(d, 1.0 / SEED_BASE) for d in range(SEED_BASE)]


class Spec:
    """What never changes of one dockyard game with its parameters (shared by its states)."""

    def __init__(
        self, name: str, players: int | None, variants: tuple[str, ...], length: int | None = None
    ) -> None:
        game = registry().game(name)
        self.name = name
        self.config = (players, variants)
        template = Session(name, players=players, variants=variants)
        self.template = template
        self.index: ActionIndex = action_index(template.game, template.state)
        self.deterministic: bool = game.deterministic
        self.players = len(template.players)
        self.obs_size: int = observation_size(template.game, template.state)
        own = getattr(game, "max_game_length", None)
        default = own if isinstance(own, int) else LENGTHS.get(name, MAX_GAME_LENGTH)
        self.default_length: int = default
        self.max_length: int = length or default
        self.draws = False  # whether a decision was seen drawing (then: a copy before each)
        self.code = spiel_recall.Code(self)
        # (verb, args) -> number, every action ahead when there are not too many: a tuple of
        # strings hashes in C, faster than the mixed-radix sum (DockyardState._legal_actions)
        self.numbers: dict[tuple[str, Any], int] = {}
        if self.index.size <= MAX_KNOWN:
            for number in range(self.index.size):
                action = self.index.action(number, "")
                self.numbers[action.verb, action.args] = number
        short = "dockyard_" + name.replace("-", "_")
        self.type = pyspiel.GameType(
            short_name=short,
            long_name=f"dockyard {game.title}",
            dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
            chance_mode=(
                pyspiel.GameType.ChanceMode.DETERMINISTIC
                if self.deterministic
                else pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
            ),
            information=(
                pyspiel.GameType.Information.PERFECT_INFORMATION
                if self.deterministic and not game.provides("secrets")
                else pyspiel.GameType.Information.IMPERFECT_INFORMATION
            ),
            utility=pyspiel.GameType.Utility.ZERO_SUM,
            reward_model=pyspiel.GameType.RewardModel.TERMINAL,
            max_num_players=game.max_players,
            min_num_players=game.min_players,
            provides_information_state_string=True,
            provides_information_state_tensor=True,
            provides_observation_string=True,
            provides_observation_tensor=True,
            parameter_specification={
                "players": self.players,
                "variants": "",
                "max_game_length": default,
            },
        )
        self.info = pyspiel.GameInfo(
            num_distinct_actions=self.index.size,
            max_chance_outcomes=0 if self.deterministic else max(SEED_BASE, MOST),
            num_players=self.players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=self.max_length,
        )

    def session(self, seed: int) -> Session:
        players, variants = self.config
        session = Session(self.name, seed=seed, players=players, variants=variants)
        session.keep_no_undo_copies()  # it never undoes
        return session


@lru_cache(maxsize=64)
def spec(
    name: str, players: int | None, variants: tuple[str, ...], length: int | None = None
) -> Spec:
    return Spec(name, players, variants, length)


def _spec(name: str, params: dict[str, Any]) -> Spec:
    if name not in registry().games:
        raise DockyardError(f"no dockyard game {name!r}")
    players = int(params["players"]) if "players" in params else None
    variants = tuple(v for v in str(params.get("variants", "")).split(",") if v)
    length = int(params.get("max_game_length", 0)) or None
    if length is not None and length < 1:
        raise DockyardError(f"max_game_length is a positive number of decisions, not {length}")
    base = spec(name, players, variants)
    return base if length in (None, base.max_length) else spec(name, players, variants, length)


_BY_SHORT: dict[str, str] = {}  # pyspiel short name -> dockyard game name


class DockyardGame(pyspiel.Game):  # type: ignore[misc]
    """One dockyard game as a pyspiel.Game (registered once per game, by `register`)."""

    def __init__(self, params: dict[str, Any] | None = None, name: str = "") -> None:
        params = dict(params or {})
        found = _spec(name, params)
        super().__init__(found.type, found.info, params)
        self.spec = found

    def __getattr__(self, attr: str) -> Any:
        # a game unpickled by pybind11 holds the C++ game but none of its Python attributes
        if attr != "spec":
            raise AttributeError(attr)
        params = dict(self.get_parameters())
        found = _spec(_BY_SHORT[self.get_type().short_name], params)
        self.spec = found
        return found

    def __deepcopy__(self, memo: dict[int, Any]) -> DockyardGame:
        return self  # a game never changes: a copied state shares it

    def new_initial_state(self) -> DockyardState:
        return DockyardState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Any = None
    ) -> spiel_recall.Observer:
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return spiel_recall.Observer(self.spec, perfect_recall)


class Maker:
    """What pyspiel.register_game calls to make the game `name` from its parameters: a
    subclass per game (`maker`) whose `__new__` makes a DockyardGame. (A class: pyspiel keeps
    the maker to the end, and a callable object of another kind aborts Python as it exits.)"""

    name = ""

    def __new__(cls, params: dict[str, Any] | None = None) -> DockyardGame:  # type: ignore[misc]
        return DockyardGame(params, cls.name)


def maker(name: str) -> type[Maker]:
    return type(f"Maker_{name.replace('-', '_')}", (Maker,), {"name": name})


class Run:
    """A state's whole Python side: what OpenSpiel copies (`clone`) and saves (`serialize`):
    its seed digits drawn so far, the session, the decisions since the start (or since a
    resampling's anchor), who made each and the chance outcomes of each one's draws."""

    def __init__(self, spec: Spec) -> None:
        self.spec = spec
        self.digits: list[int] = []
        self.session: Session | None = spec.template.clone() if spec.deterministic else None
        self.player = _whose(self.session)  # OpenSpiel's current player, kept up to date
        self.steps: list[int] = []
        self.actors: list[int] = []
        self.dealt: list[list[int]] = []  # each decision's chance outcomes (lists not changed)
        self.history: list[int] = []  # every action after the seed digits, chance's too
        self.setup: list[int] = []  # the set-up's chance outcomes
        self.pending: Pending | None = None
        self.before = 0  # decisions before the anchor (a resampled state's past)
        # the actions legal_actions last listed, and their numbers
        self.offered: tuple[list[int], list[Any]] = ([], [])
        self.anchor: spiel_recall.Anchor | None = None
        self.secret: list[bool] = []  # whether each step is secret, as far as asked
        self.recall: spiel_recall.Recall | None = None  # made when asked for, then kept
        self.recall_own = False  # False: shared with a clone, copied before it goes on

    def seed(self) -> int:
        return sum(d * SEED_BASE**i for i, d in enumerate(self.digits))

    def __deepcopy__(self, memo: dict[int, Any]) -> Run:
        twin = object.__new__(Run)
        twin.__dict__.update(self.__dict__)
        twin.digits = list(self.digits)
        twin.session = None if self.session is None else self.session.clone()
        twin.steps = list(self.steps)
        twin.actors = list(self.actors)
        twin.dealt = list(self.dealt)
        twin.history = list(self.history)
        twin.pending = None if self.pending is None else self.pending.copy()
        twin.offered = ([], [])
        twin.secret = list(self.secret)
        twin.recall_own = self.recall_own = False
        return twin

    def __reduce__(self) -> tuple[Any, ...]:
        if self.anchor is not None:
            raise DockyardError(
                "a resampled state (resample_from_infostate) has no history of its own: "
                "it cannot be saved"
            )
        spec = self.spec
        players, variants = spec.config
        length = spec.max_length if spec.max_length != spec.default_length else None
        return (_replayed, (spec.name, players, variants, self.digits, self.history, length))


def _replayed(
    name: str,
    players: int | None,
    variants: tuple[str, ...],
    digits: list[int],
    history: list[int],
    length: int | None = None,
) -> Run:
    """A Run saved by `Run.__reduce__`, played again."""
    run = Run(spec(name, players, tuple(variants), length))
    for number in [*digits, *history]:
        _play(run, int(number))
    return run


_CHANCE_ID = int(pyspiel.PlayerId.CHANCE)
_TERMINAL_ID = int(pyspiel.PlayerId.TERMINAL)
_VERB, _ARGS = attrgetter("verb"), attrgetter("args")
_NONE_OFFERED: tuple[list[int], list[Any]] = ([], [])


def _whose(session: Session | None) -> int:
    """OpenSpiel's current player of `session`: chance before it is dealt, terminal when over."""
    if session is None:
        return _CHANCE_ID
    state = session.state
    return _TERMINAL_ID if state.flow.over is not None else actors(state)[0]


def _next(run: Run) -> int:
    """The player after a decision's play: terminal too at the game's max_game_length."""
    player = _whose(run.session)
    if player >= 0 and run.before + len(run.steps) >= run.spec.max_length:
        return _TERMINAL_ID  # the cap (LENGTHS): the game ends undecided
    return player


def _play(run: Run, number: int) -> None:
    session = run.session
    if session is None:
        run.digits.append(number)
        if len(run.digits) == SEED_DRAWS:
            run.session, script = opened(run.spec, run.seed())
            if script.drawn:  # the set-up's draws: chance deals them next
                run.pending = Pending(-1, None, script.drawn)
                run.player = _CHANCE_ID
            else:
                run.player = _whose(run.session)
        return
    run.history.append(number)
    if run.pending is not None:
        _deal(run, number)
        return
    seat = run.player
    numbers, listed = run.offered
    try:
        action = listed[numbers.index(number)]  # a scan in C: cheaper than a dict per list
    except ValueError:
        action = run.spec.index.action(number, session.players[seat])
    spec = run.spec
    before = session.clone() if spec.draws else None  # (only in a game seen drawing)
    script = scripted(session, action)
    run.offered = _NONE_OFFERED
    run.steps.append(number)
    run.actors.append(seat)
    if script.drawn:  # chance deals each draw: the outcomes come as the next actions
        spec.draws = True
        run.dealt.append(_NO_DRAWS)
        run.pending = Pending(len(run.steps) - 1, before, script.drawn)
        run.player = _CHANCE_ID
        return
    run.dealt.append(_NO_DRAWS)
    run.player = _next(run)


_NO_DRAWS: list[int] = []  # (shared: never changed, replaced)


def _deal(run: Run, outcome: int) -> None:
    """Chance's outcome of the pending draw (`spiel_chance.deal`)."""
    if not deal(run, outcome):
        return
    pending = run.pending
    assert pending is not None
    if pending.step < 0:
        run.setup = pending.chosen
    else:
        run.dealt[pending.step] = pending.chosen
    run.pending = None
    run.player = _next(run)


def _number(spec: Spec, action: Any) -> int:
    key = (action.verb, action.args)
    number = spec.numbers.get(key)
    if number is None:
        number = spec.index.index(action)
        if len(spec.numbers) <= 2 * MAX_KNOWN:
            spec.numbers[key] = number
    return number


class DockyardState(pyspiel.State):  # type: ignore[misc]
    def __init__(self, game: DockyardGame) -> None:
        super().__init__(game)
        self.run = Run(game.spec)  # the one attribute: OpenSpiel copies and saves it

    def current_player(self) -> int:
        return self.run.player

    def _legal_actions(self, player: int) -> list[int]:
        run = self.run
        session = run.session
        assert session is not None
        listed = session.legal_actions(session.players[player])
        # each action's number, looked up by (verb, args) all in C (the map of every action is
        # made ahead); an action not in it is numbered then
        spec = run.spec
        keys = zip(map(_VERB, listed), map(_ARGS, listed), strict=True)
        found = list(map(spec.numbers.get, keys))
        numbers: list[int] = (
            [_number(spec, a) for a in listed] if None in found else found  # type: ignore[assignment]
        )
        run.offered = (numbers, listed)  # `_play` hands the very action back to the session
        return sorted(numbers)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        pending = self.run.pending
        if pending is None:
            return _CHANCE  # the seed's digits
        return list(_uniform(pending.outcomes()))  # (the caller's own list, copied in C)

    def _apply_action(self, action: int) -> None:
        _play(self.run, int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        session = self.run.session
        if session is None:
            return f"seed digit {action}"
        if player == _CHANCE_ID:
            return f"chance: outcome {action}"
        name = session.players[player] if player >= 0 else "?"
        return session.format(self.run.spec.index.action(int(action), name))

    def is_terminal(self) -> bool:
        return self.run.player == _TERMINAL_ID

    def returns(self) -> list[float]:
        session = self.run.session
        if session is None:
            return [0.0] * self.run.spec.players
        return returns(session.game, session.state)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> DockyardState:
        """A state `player_id` cannot tell from this one: what it cannot see dealt again
        (`Game.sample_state`) from a seed drawn with `probability_sampler` (a callable giving a
        number in [0, 1), as OpenSpiel's `UniformProbabilitySampler`)."""
        run = self.run
        twin = self.clone()
        if run.session is None or run.pending is not None:
            return twin  # nothing dealt yet, or chance to deal
        seed = int(float(probability_sampler()) * SEED_BASE**SEED_DRAWS)
        sampled = run.session.game.sample_state(run.session.state, player_id, random.Random(seed))
        anchor = spiel_recall.Anchor(run, player_id, sampled)
        new = twin.run
        new.session = anchor.session
        new.anchor = anchor
        new.steps, new.actors, new.offered, new.secret = [], [], ([], []), []
        new.dealt, new.history, new.before = [], [], len(anchor.steps)
        new.recall, new.recall_own = None, False
        new.player = _whose(new.session)
        return twin

    def observation_tensor(self, player: int | None = None) -> np.ndarray:
        """`player`'s observation (default: the one to act) as a new float32 numpy array,
        written by the game's encoding (`encoding.write`): no Python list of floats."""
        run = self.run
        spec = run.spec
        out = np.zeros(spec.obs_size, np.float32)
        seat = run.player if player is None else _seat_of(spec, player)
        if run.session is not None and seat >= 0:
            write(run.session.game, run.session.state, seat, out)
        return out

    def information_state_tensor(self, player: int | None = None) -> np.ndarray:
        """`player`'s information state (`spiel_recall`) as a new float32 numpy array."""
        run = self.run
        spec = run.spec
        out = np.zeros(spec.obs_size + spec.max_length * spec.code.width, np.float32)
        seat = run.player if player is None else _seat_of(spec, player)
        if seat >= 0:
            spiel_recall.tensor(run, seat, out)
        return out

    def __str__(self) -> str:
        session = self.run.session
        if session is None:
            return f"(seed digits drawn: {self.run.digits})"
        return f"{len(session.log)} moves\n{session.render(None)}"


def _seat_of(spec: Spec, player: Any) -> int:
    if isinstance(player, bool) or not isinstance(player, (int, np.integer)):
        raise DockyardError(f"a player is a number from 0 to {spec.players - 1}, not {player!r}")
    if not 0 <= player < spec.players:
        raise DockyardError(f"no player {player}: the players are 0 to {spec.players - 1}")
    return int(player)


@lru_cache(maxsize=SEED_BASE + 1)
@lru_cache(maxsize=MOST + 1)
def _uniform(n: int) -> tuple[tuple[int, float], ...]:
    return tuple((k, 1.0 / n) for k in range(n))


def register(name: str) -> str:
    """Register the dockyard game `name` with pyspiel as `dockyard_<name>`; returns that."""
    found = spec(name, None, ())
    short = str(found.type.short_name)
    _BY_SHORT[short] = name
    pyspiel.register_game(found.type, maker(name))
    return short


# every game that numbers its actions (`Game.action_space`); others are left out
REGISTERED = [
    register(name) for name, g in sorted(registry().games.items()) if g.provides("action_space")
]
