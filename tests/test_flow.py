"""The flow engine: rounds of phases, turn orders, simultaneous phases, decisions, end checks."""

from __future__ import annotations

import random
from collections.abc import Callable

from dockyard import Context, Decision, Game, State
from dockyard.flow import (
    FlowState,
    Phase,
    actors,
    clockwise_from,
    end_turn,
    pop,
    push,
    ranked,
    resume,
    rotating,
    seat_order,
    start,
)


class Phased(Game):
    """A game that is nothing but its phases (and, if given, an end check)."""

    name = "phased"
    title = "Phases only"

    def __init__(self, *phases: Phase, end: Callable[[State], str | None] | None = None) -> None:
        self.phases = phases
        self.end = end

    def end_reason(self, state: State) -> str | None:
        return self.end(state) if self.end else None


def begin(game: Game, players: int = 3) -> tuple[State, Context]:
    state = State([f"p{i + 1}" for i in range(players)], random.Random(0), FlowState())
    ctx = Context(game, None)
    start(game, state, ctx)
    return state, ctx


def where(game: Game, state: State) -> tuple[int, str, list[int]]:
    """(round, phase name, seats that may act)."""
    return state.flow.round, game.phases[state.flow.phase].name, actors(state)


def finish_turns(game: Game, state: State, ctx: Context, *seats: int) -> None:
    for seat in seats:
        end_turn(game, state, ctx, seat)


# ---- sequential phases and turn orders ------------------------------------------------------


def test_sequential_phase_gives_each_seat_a_turn_in_order() -> None:
    game = Phased(Phase("build", seat_order), Phase("ship", seat_order))
    state, ctx = begin(game)
    assert where(game, state) == (1, "build", [0])
    finish_turns(game, state, ctx, 0)
    assert where(game, state) == (1, "build", [1])
    finish_turns(game, state, ctx, 1, 2)
    assert where(game, state) == (1, "ship", [0])
    finish_turns(game, state, ctx, 0, 1, 2)
    assert where(game, state) == (2, "build", [0])
    assert state.flow.turn_count == 7


def test_events_tell_each_phase_and_turn() -> None:
    game = Phased(Phase("build", seat_order))
    state, ctx = begin(game, players=2)
    finish_turns(game, state, ctx, 0, 1)
    assert [e.text for e in ctx.events] == [
        "round 1: build phase",
        "p1 to play",
        "p2 to play",
        "round 2: build phase",
        "p1 to play",
    ]


def test_rotating_order_moves_the_first_seat_one_to_the_left_each_round() -> None:
    game = Phased(Phase("play", rotating))
    state, ctx = begin(game)
    firsts = []
    for _ in range(4):
        firsts.append(list(state.flow.order))
        finish_turns(game, state, ctx, *state.flow.order)
    assert firsts == [[0, 1, 2], [1, 2, 0], [2, 0, 1], [0, 1, 2]]


def test_clockwise_from_starts_at_the_named_seat() -> None:
    state = State(["a", "b", "c", "d"], random.Random(0), FlowState())
    assert clockwise_from(lambda s: 2)(state) == [2, 3, 0, 1]


def test_ranked_order_puts_the_highest_first_and_keeps_seat_order_on_ties() -> None:
    state = State(["a", "b", "c", "d"], random.Random(0), FlowState())
    track = {0: 3, 1: 5, 2: 3, 3: 1}
    assert ranked(lambda s, seat: track[seat])(state) == [1, 0, 2, 3]
    on_top = {0: 0, 2: 1}  # a tie broken inside the key: who is on top goes first
    key = ranked(lambda s, seat: (track[seat], on_top.get(seat, 0)))
    assert key(state) == [1, 2, 0, 3]


def test_a_phase_with_nobody_to_act_passes_straight_on() -> None:
    game = Phased(Phase("nobody", lambda s: []), Phase("play", seat_order))
    state, ctx = begin(game)
    assert where(game, state) == (1, "play", [0])
    assert "round 1: nobody phase" in [e.text for e in ctx.events]


# ---- simultaneous phases --------------------------------------------------------------------


def test_simultaneous_phase_lets_everyone_act_until_each_has_finished() -> None:
    game = Phased(Phase("pick", seat_order, simultaneous=True), Phase("score", seat_order))
    state, ctx = begin(game)
    assert where(game, state) == (1, "pick", [0, 1, 2])
    finish_turns(game, state, ctx, 1)
    assert where(game, state) == (1, "pick", [0, 2])
    finish_turns(game, state, ctx, 1)  # finishing twice changes nothing
    assert where(game, state) == (1, "pick", [0, 2])
    finish_turns(game, state, ctx, 2, 0)
    assert where(game, state) == (1, "score", [0])


# ---- once phases ----------------------------------------------------------------------------


def test_once_phase_is_played_in_round_zero_only() -> None:
    game = Phased(Phase("setup", seat_order, once=True), Phase("play", seat_order))
    state, ctx = begin(game, players=2)
    assert where(game, state) == (0, "setup", [0])
    finish_turns(game, state, ctx, 0, 1)
    assert where(game, state) == (1, "play", [0])
    finish_turns(game, state, ctx, 0, 1)
    assert where(game, state) == (2, "play", [0])


# ---- decisions ------------------------------------------------------------------------------


def ask(seat: int, prompt: str = "which?") -> Callable[[State, Context], None]:
    def hook(state: State, ctx: Context) -> None:
        push(state, Decision(seat, "choose", prompt))

    return hook


def answer(game: Game, state: State, ctx: Context) -> Decision:
    decision = pop(state)
    resume(game, state, ctx)
    return decision


def test_decision_pushed_as_a_phase_begins_is_answered_before_anyone_plays() -> None:
    game = Phased(Phase("play", seat_order, begin=ask(2)))
    state, ctx = begin(game)
    assert actors(state) == [2]
    assert answer(game, state, ctx).player == 2
    assert where(game, state) == (1, "play", [0])


def test_decision_pushed_in_a_phase_nobody_plays_carries_on_once_answered() -> None:
    game = Phased(Phase("event", lambda s: [], begin=ask(1)), Phase("play", seat_order))
    state, ctx = begin(game)
    assert where(game, state) == (1, "event", [1])
    answer(game, state, ctx)
    assert where(game, state) == (1, "play", [0])


def test_decision_pushed_as_a_phase_ends_holds_the_next_phase_until_answered() -> None:
    game = Phased(Phase("build", seat_order, end=ask(0)), Phase("ship", seat_order))
    state, ctx = begin(game, players=2)
    finish_turns(game, state, ctx, 0, 1)
    assert where(game, state) == (1, "build", [0])
    answer(game, state, ctx)
    assert where(game, state) == (1, "ship", [0])


def test_the_last_decision_pushed_is_asked_first() -> None:
    def two_questions(state: State, ctx: Context) -> None:
        push(state, Decision(0, "choose", "first asked"))
        push(state, Decision(1, "choose", "asked first"))

    game = Phased(Phase("play", seat_order, begin=two_questions))
    state, ctx = begin(game, players=2)
    assert actors(state) == [1]
    assert answer(game, state, ctx).prompt == "asked first"
    assert actors(state) == [0]
    assert answer(game, state, ctx).prompt == "first asked"
    assert actors(state) == [0] and not state.flow.pending


def test_answering_mid_turn_leaves_the_turn_to_the_rules() -> None:
    game = Phased(Phase("play", seat_order))
    state, ctx = begin(game)
    finish_turns(game, state, ctx, 0)
    push(state, Decision(2, "choose", "which connection loads?"))
    assert actors(state) == [2]
    answer(game, state, ctx)
    assert where(game, state) == (1, "play", [1])


# ---- the end of the game --------------------------------------------------------------------


def test_end_is_checked_only_where_a_phase_declares_it() -> None:
    game = Phased(
        Phase("build", seat_order, check_end=False),
        Phase("ship", seat_order),
        end=lambda s: "the deck ran out",
    )
    state, ctx = begin(game, players=2)
    finish_turns(game, state, ctx, 0, 1)
    assert where(game, state) == (1, "ship", [0]) and state.flow.over is None
    finish_turns(game, state, ctx, 0, 1)
    assert state.flow.over == "the deck ran out" and actors(state) == []
    assert ctx.events[-1].text == "the game ends: the deck ran out"


def test_end_is_checked_after_the_phases_end_hook() -> None:
    def score(state: State, ctx: Context) -> None:
        state.flow.turn_count = 99  # stands for a scoring rule that makes the end condition true

    game = Phased(
        Phase("score", seat_order, end=score),
        end=lambda s: "enough points" if s.flow.turn_count == 99 else None,
    )
    state, ctx = begin(game, players=2)
    finish_turns(game, state, ctx, 0, 1)
    assert state.flow.over == "enough points"


def test_end_is_checked_only_after_the_end_hooks_question_is_answered() -> None:
    answered: list[bool] = []
    game = Phased(
        Phase("score", seat_order, end=ask(1)),
        end=lambda s: "over" if answered else None,
    )
    state, ctx = begin(game, players=2)
    finish_turns(game, state, ctx, 0, 1)
    assert state.flow.over is None and actors(state) == [1]
    answered.append(True)
    answer(game, state, ctx)
    assert state.flow.over == "over"


def test_a_rule_may_end_the_game_itself() -> None:
    def sudden_end(state: State, ctx: Context) -> None:
        state.flow.over = "a player ran out of trucks"

    game = Phased(Phase("play", seat_order, end=sudden_end), Phase("never", seat_order))
    state, ctx = begin(game, players=2)
    finish_turns(game, state, ctx, 0, 1)
    assert state.flow.over == "a player ran out of trucks"
    assert actors(state) == [] and where(game, state)[1] == "play"
