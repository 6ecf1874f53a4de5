"""OpenSpiel at research speed (issue 44): chance in the open (every draw a chance node),
max_game_length a real bound, the information state one slot of a compact code per decision,
observation tensors as numpy arrays."""

from __future__ import annotations

import pickle
import random

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

import dockyard.interop.openspiel as spiel  # noqa: E402  (after the skip: needs pyspiel)
from dockyard.rng import Rng, Script  # noqa: E402


def load(game: str, **params):  # type: ignore[no-untyped-def]
    name = "dockyard_" + game.replace("-", "_")
    return pyspiel.load_game(name, params) if params else pyspiel.load_game(name)


def play(state, rng: random.Random, decisions: int) -> None:  # type: ignore[no-untyped-def]
    done = 0
    while not state.is_terminal() and done < decisions:
        if state.is_chance_node():
            outs, ps = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outs, weights=ps)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
            done += 1


def test_a_script_sees_every_draw_and_may_choose_it() -> None:
    plain, seen = Rng(4), Rng(4)
    seen.script = Script()
    assert [plain.randrange(6) for _ in range(5)] == [seen.randrange(6) for _ in range(5)]
    assert [n for n, _ in seen.script.drawn] == [6] * 5  # shown, and nothing changed
    forced = Rng(4)
    forced.script = Script([5, 0])
    assert [forced.randrange(6) for _ in range(2)] == [5, 0]
    deck = list(range(8))
    shuffled = Rng(9)
    shuffled.script = Script()
    shuffled.shuffle(deck)
    assert [n for n, _ in shuffled.script.drawn] == [8, 7, 6, 5, 4, 3, 2]  # each step a draw


def test_mid_game_dice_are_chance_nodes_whose_outcome_is_the_roll() -> None:
    """Pack & Stack rolls five six-sided dice per player each round: each a chance node of
    six equally likely outcomes, and the outcome chance picks is the face the game shows."""
    game = load("pack-and-stack", players=3)
    rng = random.Random(2)
    state = game.new_initial_state()
    while not state.is_terminal():
        pending = state.run.pending
        if state.is_chance_node() and pending is not None and pending.step >= 0:
            break
        play(state, rng, 1)
    assert state.is_chance_node(), "no mid-game draw in a random game"
    outcomes = state.chance_outcomes()
    assert [p for _, p in outcomes] == pytest.approx([1 / 6] * 6)
    twins = []
    for face in (0, 5):
        twin = state.clone()
        twin.apply_action(face)
        twins.append(twin)
    while twins[0].is_chance_node():
        for twin in twins:
            twin.apply_action(0)
    rolls = [twin.run.session.state.rolls for twin in twins]
    assert rolls[0] != rolls[1]  # the outcome decided the roll
    first = twins[0].run.session.state.c.dice[0]  # the first die rolled: its face is chance's
    assert any(
        a[first.piece] == first.faces[0] and b[first.piece] == first.faces[5]
        for a, b in zip(rolls[0], rolls[1], strict=True)
    )


def test_a_state_after_chance_replays_from_its_history() -> None:
    game = load("import-export")
    state = game.new_initial_state()
    play(state, random.Random(7), 120)
    again = pickle.loads(pickle.dumps(state))
    assert again.history() == state.history()
    assert again.observation_string(0) == state.observation_string(0)
    text = pyspiel.serialize_game_and_state(game, state)
    _, loaded = pyspiel.deserialize_game_and_state(text)
    assert loaded.information_state_string(1) == state.information_state_string(1)


def test_max_game_length_is_a_bound_and_the_game_ends_there() -> None:
    assert load("tictactoe").max_game_length() == 9
    game = load("cargo", max_game_length=40)
    assert game.max_game_length() == 40
    state = game.new_initial_state()
    play(state, random.Random(1), 10_000)
    decisions = sum(1 for _ in state.run.steps)
    assert state.is_terminal() and decisions == 40  # the cap ends it, undecided
    assert list(state.returns()) == [0.0, 0.0]
    for name in ("curious-cargo", "pack-and-stack", "cargo", "import-export"):
        assert load(name).max_game_length() == spiel.LENGTHS[name] < spiel.MAX_GAME_LENGTH


def test_the_information_state_is_small_where_the_game_is() -> None:
    ttt = load("tictactoe")
    size = int(np.prod(ttt.information_state_tensor_shape()))
    assert size == 27 + 9 * (2 + 1 + 9)  # the board, then 9 decisions of (seat, known, action)
    state = ttt.new_initial_state()
    state.apply_action(4)
    tensor = state.information_state_tensor(1)
    assert isinstance(tensor, np.ndarray) and tensor.shape == (size,)


def test_observation_tensor_is_a_numpy_array_of_the_game_s_encoding() -> None:
    game = load("curious-cargo")
    state = game.new_initial_state()
    play(state, random.Random(3), 30)
    p = state.current_player()
    tensor = state.observation_tensor(p)
    assert isinstance(tensor, np.ndarray) and tensor.dtype == np.float32
    session = state.run.session
    assert np.array_equal(tensor, np.asarray(session.game.observation(session.state, p)))
    assert np.array_equal(tensor, state.observation_tensor())  # the player to act by default
    with pytest.raises(Exception, match="player"):
        state.observation_tensor(7)
