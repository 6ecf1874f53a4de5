"""Bots: legal, deterministic by seed, fair among simultaneous actors, and the game hook."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

import pytest
from dockyard import Action, Context, DockyardError, Game, IllegalAction, Outcome, Setup, State
from dockyard.bots import GreedyBot, UniformBot, make_bot, play_out, play_random_game
from dockyard.flow import FlowState, Phase, end_turn, seat_order, start
from dockyard.plugins.tictactoe import TicTacToe
from dockyard.session import Session


def texts(session: Session) -> list[str]:
    return [session.format(a) for a in session.log]


def test_the_same_seed_plays_the_same_game() -> None:
    for seed in range(5):
        assert texts(play_random_game("tictactoe", seed)) == texts(
            play_random_game("tictactoe", seed)
        )


def test_different_seeds_play_different_games() -> None:
    games = {tuple(texts(play_random_game("tictactoe", seed))) for seed in range(20)}
    assert len(games) > 10


def test_random_games_end_and_replay_to_the_same_state() -> None:
    for seed in range(20):
        session = play_random_game("tictactoe", seed)
        assert session.over
        replay = Session("tictactoe", seed=seed)
        for action in session.log:
            replay.apply(action)
        assert replay.view() == session.view()


@pytest.mark.parametrize("kind", [UniformBot, GreedyBot])  # greedy: tic-tac-toe has no policy
def test_the_bot_picks_uniformly_among_legal_actions(kind: type[UniformBot]) -> None:
    session = Session("tictactoe")
    counts = Counter(session.format(kind(seed).choose(session)) for seed in range(900))
    assert set(counts) == {session.format(a) for a in session.legal_actions()}
    assert min(counts.values()) > 60  # 100 expected for each of 9 cells


def test_choose_does_not_change_the_session() -> None:
    session = Session("tictactoe")
    GreedyBot(1).choose(session)
    assert session.log == [] and session.view() == Session("tictactoe").view()


def test_a_finished_game_has_nothing_to_choose() -> None:
    session = play_random_game("tictactoe", 0)
    with pytest.raises(DockyardError, match="over"):
        GreedyBot(0).choose(session)


# ---- a game's own bot policy -------------------------------------------------------------------


class FirstCell(TicTacToe):
    """Tic-tac-toe whose bots always mark the first free cell."""

    name = "first-cell"

    def bot_action(self, state, seat, rng):
        return self.legal_actions(state, seat)[0]


class Cheater(TicTacToe):
    name = "cheater"

    def bot_action(self, state, seat, rng):
        return Action(state.players[seat], "mark", ("a1",))


def test_a_games_bot_action_is_used_when_it_has_one(install) -> None:
    install(games=[FirstCell()])
    session = play_random_game("first-cell", 3)
    assert texts(session)[:3] == ["x: mark a1", "o: mark b1", "x: mark c1"]


def test_random_is_uniform_and_greedy_is_the_games_policy(install) -> None:
    install(games=[FirstCell()])
    greedy, uniform = make_bot(FirstCell(), "greedy", 0), make_bot(FirstCell(), "random", 0)
    assert (type(greedy), greedy.name, type(uniform), uniform.name) == (
        GreedyBot,
        "greedy",
        UniformBot,
        "random",
    )
    firsts = set()
    for seed in range(30):
        session = Session("first-cell", seed=seed)
        assert session.format(GreedyBot(seed).choose(session)) == "x: mark a1"
        firsts.add(session.format(UniformBot(seed).choose(session)))
    assert len(firsts) > 3  # the uniform bot ignores the game's policy


def test_an_illegal_bot_action_is_refused_like_any_other(install) -> None:
    install(games=[Cheater()])
    with pytest.raises(IllegalAction, match="already marked"):
        play_random_game("cheater", 0)


# ---- several actors at once --------------------------------------------------------------------


@dataclass(slots=True)
class CallState(State):
    called: list[int]


class Call(Game):
    """Everyone calls 'pass' at once; the game ends after `rounds` rounds (0: never)."""

    name = "call"
    title = "Call"
    min_players = 2
    max_players = 4
    phases = (Phase("call", seat_order, simultaneous=True),)
    rounds = 1

    def setup(self, setup: Setup, ctx: Context) -> CallState:
        state = CallState(list(setup.players), random.Random(setup.seed), FlowState(), [])
        start(self, state, ctx)
        return state

    def legal_actions(self, state: CallState, player: int) -> list[Action]:
        return [Action(state.players[player], "pass")]

    def apply(self, state: CallState, action: Action, player: int, ctx: Context) -> None:
        state.called.append(player)
        ctx.emit("call", action.player, f"{action.player} passes")
        end_turn(self, state, ctx, player)

    def end_reason(self, state: CallState) -> str | None:
        return "everyone called" if self.rounds and state.flow.round >= self.rounds else None

    def outcome(self, state: CallState) -> Outcome:
        return Outcome(state.flow.over or "", (), {p: 0.0 for p in state.players})


class Endless(Call):
    name = "endless"
    rounds = 0


def test_the_actor_is_chosen_uniformly_when_several_may_act(install) -> None:
    install(games=[Call()])
    firsts = Counter(play_random_game("call", seed, players=3).log[0].player for seed in range(300))
    assert set(firsts) == {"p1", "p2", "p3"}
    assert min(firsts.values()) > 60  # 100 expected each
    assert texts(play_random_game("call", 7, players=3)) == texts(
        play_random_game("call", 7, players=3)
    )


def test_a_game_that_never_ends_is_stopped_with_a_message(install) -> None:
    install(games=[Endless()])
    session = Session("endless", seed=0)
    with pytest.raises(DockyardError, match="did not end within 50 actions"):
        play_out(session, GreedyBot(0), max_actions=50)


def test_a_game_says_how_its_greedy_bot_plays() -> None:
    from dockyard.bots import BOTS, bot_names
    from dockyard.registry import registry

    names = bot_names(registry().game("curious-cargo"))
    assert names["greedy"] == registry().game("curious-cargo").bot_summary != BOTS["greedy"][0]
