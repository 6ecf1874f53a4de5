"""OpenSpiel, complete (issue 34, item 2): games and states pickle and round-trip through
serialize_game_and_state, random_sim_test with serialize, resample_from_infostate for ISMCTS,
a perfect-recall information state (string and tensor), the seed drawn as digits."""

from __future__ import annotations

import pickle
import random
import re

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

import dockyard.interop.openspiel as spiel  # noqa: E402  (after the skip: needs pyspiel)
from dockyard import Session  # noqa: E402
from dockyard.core import DockyardError  # noqa: E402

GAMES = ["tictactoe", "curious-cargo", "pack-and-stack", "cargo", "import-export"]


def load(game: str):  # type: ignore[no-untyped-def]
    return pyspiel.load_game("dockyard_" + game.replace("-", "_"))


def midgame(game, moves: int, seed: int = 3):  # type: ignore[no-untyped-def]
    rng = random.Random(seed)
    st = game.new_initial_state()
    n = 0
    while not st.is_terminal() and n < moves:
        if st.is_chance_node():
            outs, ps = zip(*st.chance_outcomes(), strict=True)
            st.apply_action(rng.choices(outs, weights=ps)[0])
        else:
            st.apply_action(rng.choice(st.legal_actions()))
            n += 1
    return st


def play_cells(game, cells: list[str]):  # type: ignore[no-untyped-def]
    st = game.new_initial_state()
    for cell in cells:
        by = {}
        for a in st.legal_actions():
            m = re.search(r"\b[a-c][1-3]\b", st.action_to_string(st.current_player(), a))
            if m:
                by[m.group(0)] = a
        st.apply_action(by[cell])
    return st


@pytest.mark.parametrize("game", GAMES)
def test_game_and_state_pickle_and_serialize(game: str) -> None:
    loaded = load(game)
    st = midgame(loaded, 4 if game == "tictactoe" else 25)
    assert not st.is_terminal()
    again = pickle.loads(pickle.dumps(loaded))
    assert str(again) == str(loaded)
    assert again.new_initial_state().legal_actions() == loaded.new_initial_state().legal_actions()
    copy = pickle.loads(pickle.dumps(st))
    assert copy.history() == st.history() and copy.legal_actions() == st.legal_actions()
    g2, s2 = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(loaded, st))
    assert str(g2) == str(loaded) and s2.history() == st.history()
    assert s2.current_player() == st.current_player() and s2.legal_actions() == st.legal_actions()
    assert s2.information_state_string(0) == st.information_state_string(0)
    # and the copy goes on: the same next states
    action = st.legal_actions()[-1]
    st.apply_action(action)
    s2.apply_action(action)
    assert str(s2) == str(st)


def test_a_saved_state_is_its_parameters_and_history() -> None:
    st = midgame(load("pack-and-stack"), 10)
    text = st.serialize()
    assert "history=" in text
    assert len(text) < 2000  # no session in it: only the moves (the dict is their numbers)


@pytest.mark.parametrize("game", ["tictactoe", "pack-and-stack"])
def test_random_sim_test_with_serialize(game: str) -> None:
    pyspiel.random_sim_test(load(game), num_sims=2, serialize=True, verbose=False)


def test_seed_is_drawn_as_digits_past_1024() -> None:
    st = load("curious-cargo").new_initial_state()
    digits = (255, 17, 3, 200)
    for d in digits:
        outcomes = st.chance_outcomes()
        assert len(outcomes) == spiel.SEED_BASE
        assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
        st.apply_action(d)
    seed = 255 + 17 * 256 + 3 * 256**2 + 200 * 256**3
    assert seed > 2**31 and st.run.seed() == seed
    ours = Session("curious-cargo", seed=seed)
    assert st.run.session.view(ours.players[0]) == ours.view(ours.players[0])
    assert load("curious-cargo").max_chance_outcomes() == spiel.SEED_BASE


def test_perfect_recall_tictactoe_transposed() -> None:
    game = load("tictactoe")
    a, b = play_cells(game, ["a1", "b1", "c1"]), play_cells(game, ["c1", "b1", "a1"])
    assert game.get_type().provides_information_state_tensor
    for p in (0, 1):
        assert a.observation_string(p) == b.observation_string(p)
        assert list(a.observation_tensor(p)) == list(b.observation_tensor(p))
        assert a.information_state_string(p) != b.information_state_string(p)
        assert list(a.information_state_tensor(p)) != list(b.information_state_tensor(p))
    text = a.information_state_string(0).splitlines()
    assert text[0] == "seat 0 of 2"
    assert text[1].startswith("{")  # the view as the game starts, then each action and what
    assert text[2:] == [  # it changed of the seat's view, as `path = JSON`
        "x: mark a1",
        'cells.0 = "x"',
        "o: mark b1",
        'cells.1 = "o"',
        "x: mark c1",
        'cells.2 = "x"',
    ]


@pytest.mark.parametrize("game", GAMES)
def test_information_state_tensor_has_its_declared_shape(game: str) -> None:
    loaded = load(game)
    size = int(np.prod(loaded.information_state_tensor_shape()))
    st = midgame(loaded, 4 if game == "tictactoe" else 25)
    for p in range(loaded.num_players()):
        tensor = st.information_state_tensor(p)
        assert len(tensor) == size
        assert np.isfinite(tensor).all()


def test_tensor_slots_say_who_acted_and_what_when_known() -> None:
    game = load("tictactoe")
    st = play_cells(game, ["b2", "a1"])
    spec = st.run.spec
    t = np.asarray(st.information_state_tensor(1))
    base, width = spec.obs_size, spec.code.width
    assert width == 2 + 1 + 9  # the seat one-hot, known, the action one-hot (9 actions)
    first, second = t[base : base + width], t[base + width : base + 2 * width]
    b2, a1 = st.run.steps
    assert list(first[:2]) == [1.0, 0.0] and first[2] == 1.0
    assert np.flatnonzero(first[3:]).tolist() == [b2]  # one-hot of the action, not a scalar
    assert list(second[:2]) == [0.0, 1.0] and np.flatnonzero(second[3:]).tolist() == [a1]
    assert not t[base + 2 * width :].any()  # the slots not played yet are 0


def test_a_large_action_space_is_written_as_verb_and_binary_digits() -> None:
    st = midgame(load("curious-cargo"), 6)
    spec = st.run.spec
    code = spec.code
    assert not code.one_hot and code.width < 64  # not one-hot over 25,525 actions
    p = st.run.actors[-1]
    t = np.asarray(st.information_state_tensor(p))
    last = len(st.run.steps) - 1
    slot = t[spec.obs_size + last * code.width : spec.obs_size + (last + 1) * code.width]
    number = st.run.steps[-1]
    verbs = len(spec.index.verbs)
    verb = int(np.flatnonzero(slot[3 : 3 + verbs])[0])
    offset = spec.index.verbs[verb][1]
    digits = slot[3 + verbs :]
    assert offset + int(sum(int(d) << i for i, d in enumerate(digits))) == number


def _bid_state():  # type: ignore[no-untyped-def]
    """Import / Export after someone's sealed bid (a secret action), or None."""
    game = load("import-export")
    for seed in range(30):
        rng = random.Random(seed)
        st = game.new_initial_state()
        while not st.is_terminal() and len(st.history()) < 400:
            if st.is_chance_node():
                st.apply_action(rng.choice(st.legal_actions()))
                continue
            actions = st.legal_actions()
            if not actions:
                break
            action = rng.choice(actions)
            text = st.action_to_string(st.current_player(), action)
            st.apply_action(action)
            if ": bid " in text:
                return st, st.run.actors[-1], text
    return None


def test_a_secret_action_is_told_as_announced() -> None:
    found = _bid_state()
    assert found is not None, "no sealed bid in 30 random games"
    st, bidder, text = found
    other = (bidder + 1) % st.num_players()
    mine = st.information_state_string(bidder).splitlines()
    theirs = st.information_state_string(other).splitlines()
    assert text in mine
    assert text not in theirs and any("(in secret)" in line for line in theirs)
    spec = st.run.spec
    width = spec.code.width
    at = spec.obs_size + (len(st.run.steps) - 1) * width
    mine_slot = st.information_state_tensor(bidder)[at : at + width]
    assert mine_slot[spec.players] == 1.0 and mine_slot[spec.players + 1 :].any()  # known
    slot = st.information_state_tensor(other)[at : at + width]
    assert slot[bidder] == 1.0 and slot[spec.players] == 0.0
    assert not slot[spec.players + 1 :].any()  # the other seat is not told the bid


@pytest.mark.parametrize("game", ["pack-and-stack", "curious-cargo"])
def test_resample_from_infostate_keeps_what_the_seat_knows(game: str) -> None:
    st = midgame(load(game), 12)
    p = st.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for _ in range(3):
        twin = st.resample_from_infostate(p, sampler)
        assert twin.information_state_string(p) == st.information_state_string(p)
        assert twin.observation_string(p) == st.observation_string(p)
        assert twin.legal_actions() == st.legal_actions()
        assert twin.history() == st.history()
        twin.apply_action(twin.legal_actions()[0])  # and it plays on
    other = (p + 1) % st.num_players()
    public = twin.information_state_string(other)
    assert public != st.information_state_string(other)  # another seat: only the public past
    with pytest.raises(DockyardError, match="resampled"):
        pickle.dumps(twin)


@pytest.mark.parametrize("game", ["pack-and-stack", "import-export"])
def test_ismcts_plays(game: str) -> None:
    from open_spiel.python.algorithms import ismcts, mcts

    loaded = load(game)
    nrng = np.random.RandomState(5)
    bot = ismcts.ISMCTSBot(loaded, mcts.RandomRolloutEvaluator(1, nrng), 2.0, 8, random_state=nrng)
    st = midgame(loaded, 1)  # dealt, and one move in
    for _ in range(2):
        action = bot.step(st)
        assert action in st.legal_actions()
        st.apply_action(action)


def test_legal_actions_are_the_sessions_numbered() -> None:
    st = midgame(load("curious-cargo"), 30)
    session = st.run.session
    spec = st.run.spec
    mover = session.players[st.current_player()]
    assert st.legal_actions() == sorted(spec.index.index(a) for a in session.legal_actions(mover))
    # a number not listed last (the same action, made again) is played all the same
    number = st.legal_actions()[0]
    st.run.offered = ([], [])
    before = len(session.log)
    st.apply_action(number)
    assert len(session.log) == before + 1
