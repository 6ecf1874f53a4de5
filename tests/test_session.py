"""Sessions: atomic play, undo and redo, who may act, and what a session says about itself."""

from __future__ import annotations

import random
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial

import pytest
from dockyard import Action, DockyardError, Game, IllegalAction, Outcome, Session, State
from dockyard.flow import FlowState, Phase, end_turn, seat_order, start
from dockyard.queries import expect, query
from dockyard.testing import snapshot


@dataclass(slots=True)
class RaceState(State):
    steps: list[int] = field(default_factory=list)


class Race(Game):
    """Each turn a player says `pass` and steps forward; after a round anyone on 3 wins."""

    name = "race"
    title = "Race to three"
    max_players = 3
    phases = (Phase("move", seat_order),)

    def __init__(self, crash_at: int | None = None, simultaneous: bool = False) -> None:
        self.crash_at = crash_at
        if simultaneous:
            self.phases = (Phase("move", seat_order, simultaneous=True),)

    def setup(self, setup, ctx):
        state = RaceState(
            list(setup.players), random.Random(setup.seed), FlowState(), [0] * len(setup.players)
        )
        start(self, state, ctx)
        return state

    def legal_actions(self, state, player):
        return [Action(state.players[player], "pass")]

    def apply(self, state, action, player, ctx):
        state.steps[player] += 1
        if state.steps[player] == self.crash_at:  # half-way through resolving: state is changed
            raise RuntimeError("the rule tripped")
        ctx.emit("step", action.player, f"{action.player} steps to {state.steps[player]}")
        end_turn(self, state, ctx, player)

    def end_reason(self, state):
        return "a runner reached three" if max(state.steps) >= 3 else None

    def outcome(self, state):
        best = max(state.steps)
        winners = tuple(p for p, n in zip(state.players, state.steps, strict=True) if n == best)
        return Outcome(
            state.flow.over,
            winners,
            {p: float(n) for p, n in zip(state.players, state.steps, strict=True)},
        )

    def view(self, state, viewer):
        return {"steps": dict(zip(state.players, state.steps, strict=True))}


def played(*cells: str) -> Session:
    s = Session("tictactoe", seed=1)
    for cell in cells:
        s.apply_text(f"mark {cell}")
    return s


# ---- atomic play ----------------------------------------------------------------------------


def test_a_legal_action_is_played_logged_and_told_as_events() -> None:
    s = Session("tictactoe")
    events = s.apply(Action("x", "mark", ("b2",)))
    assert s.log == [Action("x", "mark", ("b2",))]
    assert [e.text for e in events] == ["x: mark b2", "x marks b2", "o to play"]
    assert s.last_events == events and s.events[-3:] == events
    assert query(s, "cell.b2") == "x" and s.actors() == ["o"]


def test_illegal_action_raises_with_the_reason_and_changes_nothing() -> None:
    s = played("b2")
    before = snapshot(s)
    with pytest.raises(IllegalAction, match="b2 is already marked by x"):
        s.apply(Action("o", "mark", ("b2",)))
    assert snapshot(s) == before


def test_unknown_player_is_refused_naming_the_players() -> None:
    s = Session("tictactoe")
    with pytest.raises(IllegalAction, match=r"no player 'z' in this game \(players: x, o\)"):
        s.apply(Action("z", "mark", ("a1",)))
    assert s.check(Action("z", "mark", ("a1",))).startswith("no player 'z'")
    assert s.log == []


def test_playing_out_of_turn_names_who_is_to_move() -> None:
    s = Session("tictactoe")
    with pytest.raises(IllegalAction, match=r"it is not o's turn \(waiting for x\)"):
        s.apply(Action("o", "mark", ("a1",)))
    assert s.legal_actions("o") == []


def test_no_action_is_legal_once_the_game_is_over() -> None:
    s = played("a1", "b1", "a2", "b2", "a3")
    assert s.over and s.outcome().winners == ("x",)
    assert s.legal_actions() == [] and s.actors() == []
    with pytest.raises(IllegalAction, match="the game is over"):
        s.apply(Action("o", "mark", ("c3",)))
    with pytest.raises(IllegalAction, match="the game is over"):
        s.parse("mark c3")


def test_rule_crashing_half_way_leaves_the_session_as_it_was() -> None:
    s = Session(Race(crash_at=2), players=["ann", "bob"])
    s.apply_text("ann: pass")
    s.apply_text("bob: pass")
    before, events = snapshot(s), list(s.events)
    with pytest.raises(DockyardError) as caught:
        s.apply_text("ann: pass")
    message = str(caught.value)
    assert "internal error while playing 'ann: pass'" in message
    assert "RuntimeError: the rule tripped" in message and "as it was" in message
    assert not isinstance(caught.value, IllegalAction)
    assert snapshot(s) == before and s.events == events
    assert s.state.steps == [1, 1]


def test_rule_crashing_while_checking_is_an_internal_error_and_changes_nothing() -> None:
    class CrashingCheck(Race):
        def check(self, state, action, player):
            state.steps[player] += 10  # changes the state, then trips
            raise KeyError("steps")

    s = Session(CrashingCheck(), players=["ann", "bob"])
    before = snapshot(s)
    with pytest.raises(DockyardError, match="internal error while checking 'ann: pass': KeyError"):
        s.apply_text("pass")
    with pytest.raises(DockyardError, match="internal error while checking"):
        s.check(Action("ann", "pass"))
    assert snapshot(s) == before and s.state.steps == [0, 0]


class KeptRace(Race):
    """A race whose rules keep the list of legal actions they hand out (a cache)."""

    def __init__(self) -> None:
        super().__init__()
        self.kept: dict[int, list[Action]] = {}

    def legal_actions(self, state, player):
        if player not in self.kept:
            self.kept[player] = [Action(state.players[player], "pass")]
        return self.kept[player]


def test_a_list_of_legal_actions_the_rules_keep_is_handed_out_as_a_copy() -> None:
    game = KeptRace()
    s = Session(game, players=["ann", "bob"])
    offered = s.legal_actions()
    offered.clear()  # the caller's to change
    assert game.kept[0] == [Action("ann", "pass")]
    assert s.legal_actions() == [Action("ann", "pass")]
    s.apply(s.legal_actions()[0])
    assert s.log == [Action("ann", "pass")]


def test_an_action_added_to_the_offered_list_is_still_checked() -> None:
    s = Session("tictactoe", seed=1)
    offered = s.legal_actions()
    foreign = Action("o", "mark", ("b2",))  # not o's turn
    offered.append(foreign)
    offered[0] = Action("x", "mark", ("z9",))  # no such square
    for bad in (foreign, offered[0]):
        with pytest.raises(IllegalAction):
            s.apply(bad)
    assert s.log == []


# ---- undo and redo --------------------------------------------------------------------------


def test_undo_takes_back_and_redo_plays_again() -> None:
    s = played("b2", "a1")
    one, two = snapshot(played("b2")), snapshot(s)
    assert s.undo() == 1 and snapshot(s) == one
    assert s.redo() == 1 and snapshot(s) == two
    assert [e.text for e in s.events] == [e.text for e in played("b2", "a1").events]


def test_undo_more_than_was_played_takes_back_everything() -> None:
    s = played("b2", "a1", "c3")
    assert s.undo(10) == 3
    assert s.log == [] and snapshot(s) == snapshot(Session("tictactoe", seed=1))
    assert s.undo() == 0
    assert s.redo(2) == 2 and s.log == played("b2", "a1").log


def test_a_new_action_after_undo_forgets_what_could_be_redone() -> None:
    s = played("b2", "a1")
    s.undo()
    s.apply_text("mark c3")
    assert s.redo() == 0 and s.log == played("b2", "c3").log


def test_an_illegal_action_after_undo_keeps_what_can_be_redone() -> None:
    s = played("b2", "a1")
    s.undo()
    with pytest.raises(IllegalAction):
        s.apply_text("mark b2")
    assert s.redo() == 1 and s.log == played("b2", "a1").log


def _long_game(n: int) -> Session:
    rng = random.Random(11)
    s = Session("curious-cargo", seed=11)
    while not s.over and len(s.log) < n:
        s.apply(rng.choice(s.legal_actions()))
    return s


def _replayed(s: Session, n: int) -> Session:
    again = Session("curious-cargo", seed=s.seed)
    for action in s.log[:n]:
        again.apply(action)
    return again


def test_state_copies_are_dense_only_near_the_end_of_a_long_game() -> None:
    """Undo goes first to the last actions: a copy every CHECKPOINT_EVERY there, one every
    SPARSE_EVERY further back (so few copies live long)."""
    from dockyard.history import CHECKPOINT_EVERY, SPARSE_EVERY

    s = _long_game(5 * SPARSE_EVERY)
    last = s._checkpoints[-1][0]
    kept = [k for k, _, _ in s._checkpoints]
    assert kept == sorted(set(kept))
    assert [k for k in kept if k <= last - SPARSE_EVERY] == list(
        range(SPARSE_EVERY, last - SPARSE_EVERY + 1, SPARSE_EVERY)
    )
    assert [k for k in kept if k > last - SPARSE_EVERY] == list(
        range(last - SPARSE_EVERY + CHECKPOINT_EVERY, last + 1, CHECKPOINT_EVERY)
    )


def test_undo_step_by_step_from_the_end_replays_few_and_equals_a_replay(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Play copies the state every CHECKPOINT_EVERY actions; the first undo replays from the
    last copy and keeps one every UNDO_EVERY on its way, so the undos after it replay fewer."""
    from dockyard.history import CHECKPOINT_EVERY, UNDO_EVERY

    s = _long_game(3 * CHECKPOINT_EVERY + CHECKPOINT_EVERY - 1)
    counts = []
    real_apply = s.game.apply

    def counting(*args: object) -> None:
        counts[-1] += 1
        real_apply(*args)  # type: ignore[arg-type]

    # the game is shared by every session: counting only in this test, whatever happens
    monkeypatch.setitem(vars(s.game), "apply", counting)
    for _ in range(CHECKPOINT_EVERY):
        counts.append(0)
        s.undo()
    monkeypatch.undo()
    assert counts[0] == CHECKPOINT_EVERY - 2  # from the last copy to one before the end
    assert max(counts) < CHECKPOINT_EVERY and sum(counts) / len(counts) < 0.75 * UNDO_EVERY
    assert counts[1 : UNDO_EVERY - 1] == list(range(UNDO_EVERY - 3, -1, -1))  # from the new copy
    assert snapshot(s) == snapshot(_replayed(s, len(s.log)))


def test_a_deep_undo_makes_the_copies_near_where_it_lands_and_equals_a_replay(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from dockyard.history import SPARSE_EVERY, UNDO_EVERY

    s = _long_game(5 * SPARSE_EVERY)
    n = len(s.log)
    s.undo(2 * SPARSE_EVERY + 3)
    landed = n - 2 * SPARSE_EVERY - 3
    near = [k for k, _, _ in s._checkpoints if k > landed - SPARSE_EVERY]
    assert near == [k for k in range(landed - SPARSE_EVERY + 1, landed + 1) if k % UNDO_EVERY == 0]
    assert snapshot(s) == snapshot(_replayed(s, landed))
    played = 0
    real_apply = s.game.apply

    def counting(*args: object) -> None:
        nonlocal played
        played += 1
        real_apply(*args)  # type: ignore[arg-type]

    monkeypatch.setitem(vars(s.game), "apply", counting)  # shared: this test only
    for depth in range(1, 2 * UNDO_EVERY + 3):  # step by step: each replays a few at most
        played = 0
        s.undo()
        assert played < UNDO_EVERY, depth
    monkeypatch.undo()
    assert snapshot(s) == snapshot(_replayed(s, len(s.log)))
    assert [e.text for e in s.events] == [e.text for e in _replayed(s, len(s.log)).events]


# ---- text and questions ---------------------------------------------------------------------


def test_a_line_without_a_player_is_the_one_player_to_move() -> None:
    s = played("b2")
    assert s.parse("mark a1") == Action("o", "mark", ("a1",))
    assert s.parse("x: mark a1") == Action("x", "mark", ("a1",))


def test_a_line_without_a_player_in_a_simultaneous_phase_asks_whose_it_is() -> None:
    s = Session(Race(simultaneous=True), players=["ann", "bob"])
    assert s.actors() == ["ann", "bob"]
    with pytest.raises(IllegalAction, match="say whose action this is: ann or bob may act"):
        s.parse("pass")
    s.apply_text("bob: pass")
    assert s.actors() == ["ann"] and s.parse("pass") == Action("ann", "pass")


def test_parse_refuses_a_line_that_is_not_an_action() -> None:
    with pytest.raises(DockyardError, match="not an action: 'undo 2'"):
        Session("tictactoe").parse("undo 2")


def test_format_gives_the_canonical_text() -> None:
    assert Session("tictactoe").format(Action("o", "mark", ("c1",))) == "o: mark c1"


def test_outcome_is_none_until_the_game_is_over() -> None:
    s = played("a1", "b1")
    assert s.outcome() is None
    with pytest.raises(DockyardError, match="unknown query winner .the game is not over."):
        expect(s, "winner", "==", "x")


def test_built_in_queries_describe_the_session() -> None:
    s = Session(Race(), players=["ann", "bob"])
    assert (query(s, "round"), query(s, "phase"), query(s, "actor"), query(s, "actions")) == (
        1,
        "move",
        "ann",
        0,
    )
    for _ in range(6):
        s.apply_text("pass")
    assert query(s, "over") is True and query(s, "reason") == "a runner reached three"
    assert query(s, "draw") is True and query(s, "winner") is None
    assert query(s, "score.ann") == 3 and query(s, "actions") == 6


def test_expect_passes_silently_and_fails_saying_what_it_found() -> None:
    s = played("a1", "b1", "a2", "b2", "a3")
    expect(s, "winner", "==", "x")
    expect(s, "score.x", "==", 1)  # 1.0 compares as 1
    expect(s, "empty", ">", 3)
    with pytest.raises(DockyardError, match="expected winner == o, but it is x"):
        expect(s, "winner", "==", "o")
    with pytest.raises(DockyardError, match="expected empty < 2, but it is 4"):
        expect(s, "empty", "<", 2)
    with pytest.raises(DockyardError, match="expected draw == true, but it is false"):
        expect(s, "draw", "==", True)


def test_expect_cannot_order_a_name_against_a_number() -> None:
    with pytest.raises(DockyardError, match="expected winner > 3, but it is x"):
        expect(played("a1", "b1", "a2", "b2", "a3"), "winner", ">", 3)


def test_expect_names_an_unknown_query() -> None:
    with pytest.raises(DockyardError, match="expect: unknown query cell.z9"):
        expect(Session("tictactoe"), "cell.z9", "==", None)


# ---- who plays ------------------------------------------------------------------------------


def test_player_count_must_suit_the_game() -> None:
    with pytest.raises(DockyardError, match="tictactoe is for 2 players, not 3"):
        Session("tictactoe", players=["x", "o", "z"])


def test_player_names_must_differ_and_be_names() -> None:
    with pytest.raises(DockyardError, match="player names must differ: ann, ann"):
        Session(Race(), players=["ann", "ann"])
    with pytest.raises(DockyardError, match="player name '9lives' must be a letter"):
        Session(Race(), players=["ann", "9lives"])


def test_players_given_as_a_number_are_named_in_order() -> None:
    assert Session(Race(), players=3).players == ("p1", "p2", "p3")
    assert Session("tictactoe", players=2).players == ("x", "o")


def test_unknown_game_and_variant_are_named_with_what_is_known() -> None:
    with pytest.raises(DockyardError, match="unknown game 'chess' .known games: .*tictactoe"):
        Session("chess")
    with pytest.raises(DockyardError, match="tictactoe has no variant 'misere' .variants: "):
        Session("tictactoe", variants=["misere"])


# ---- threads ----------------------------------------------------------------------------------


@contextmanager
def _switching_often() -> Iterator[None]:
    """Threads switch as often as the interpreter can, so that races happen."""
    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        yield
    finally:
        sys.setswitchinterval(before)


def _at_once(*calls: Callable[[], object]) -> list[str]:
    """Run `calls` in threads released together; what each did: "done", or its error's name."""
    gate = threading.Barrier(len(calls))
    done: list[str] = [""] * len(calls)

    def run(k: int) -> None:
        gate.wait()
        try:
            calls[k]()
            done[k] = "done"
        except Exception as exc:
            done[k] = type(exc).__name__

    threads = [threading.Thread(target=run, args=(k,)) for k in range(len(calls))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(10)
    return done


def _a_replay_of(s: Session) -> Session:
    again = Session(s.config.game, seed=s.seed, players=s.players)
    for action in s.log:
        again.apply(action)
    return again


@pytest.mark.timeout(60)
def test_two_threads_applying_two_exclusive_listed_actions_play_only_one(tmp_path) -> None:
    """Two marks from one legal list (the "just listed" path, which skips the legality check),
    applied at once: one is played, the other is judged against the new state (it is not x's
    turn any more), and the save loads. Raced many times: without the lock most races play both."""
    with _switching_often():
        for k in range(200):
            s = Session("tictactoe", seed=k)
            s.apply_text("x: mark b2")
            s.apply_text("o: mark a1")
            a, b = random.Random(k).sample(s.legal_actions(), 2)
            got = _at_once(partial(s.apply, a), partial(s.apply, b))
            assert sorted(got) == ["IllegalAction", "done"], (k, got)
            assert len(s.log) == 3 and s.log[2] in (a, b) and s.actors() == ["o"]
            s.save(tmp_path / "g.toml", overwrite=True)
            assert Session.load(tmp_path / "g.toml").log == s.log


@pytest.mark.timeout(60)
def test_apply_undo_and_redo_at_once_leave_a_game_some_order_of_them_makes() -> None:
    """Whatever the order threads run in, the session is the game its log replays to (no half
    undone state, no action played on a state being rebuilt), and undo/redo count right."""
    with _switching_often():
        for k in range(60):
            s = _long_game(20 + k % 7)
            action = random.Random(k).choice(s.legal_actions())
            s.undo(2)
            s.redo()
            calls = (partial(s.apply, action), partial(s.undo, 3), s.redo, s.clone)
            got = _at_once(*calls)
            assert set(got) <= {"done", "IllegalAction"}, (k, got)
            assert snapshot(s) == snapshot(_a_replay_of(s)), k


def test_a_clone_has_its_own_lock() -> None:
    """A clone plays on while its original is held by another thread (and vice versa)."""
    s = played("b2")
    twin = s.clone()
    assert twin.lock is not s.lock
    held, release = threading.Event(), threading.Event()

    def hold() -> None:
        with s.lock:
            held.set()
            release.wait(10)

    holder = threading.Thread(target=hold)
    holder.start()
    try:
        assert held.wait(10)
        done = _at_once(lambda: twin.apply_text("mark a1"))
        assert done == ["done"] and len(twin.log) == 2 and len(s.log) == 1
    finally:
        release.set()
        holder.join(10)


def test_holding_the_lock_makes_listing_and_applying_one_step() -> None:
    """`with s.lock:` keeps other threads out between calls (the lock is reentrant)."""
    s = played("b2")
    other: list[str] = []
    with s.lock:
        offered = s.legal_actions()
        t = threading.Thread(target=lambda: other.extend(_at_once(lambda: s.apply(offered[1]))))
        t.start()
        t.join(0.2)
        assert t.is_alive() and len(s.log) == 1  # waiting for the lock
        s.apply(offered[0])
    t.join(10)
    assert other == ["IllegalAction"] and s.log[1] == offered[0]


def test_a_session_that_keeps_no_events_plays_and_undoes_as_any_other() -> None:
    """`keep_no_events` (the batched RL env's tables): the same game, action for action, as
    a session that keeps everything; `events` stays empty while `last_events` tells each
    action; an undo still works (replayed from the start) and keeps no events either."""
    kept, lean = Session("curious-cargo", seed=4), Session("curious-cargo", seed=4)
    lean.keep_no_events()
    rng = random.Random(4)
    for n in range(120):
        action = rng.choice(kept.legal_actions())
        assert kept.apply(action) == lean.apply(action) == lean.last_events
        assert lean.events == []
        if n % 40 == 39:
            assert kept.undo(3) == lean.undo(3) == 3
            assert lean.events == [] and lean.log == kept.log
        assert snapshot(lean, renders=False)["state"] == snapshot(kept, renders=False)["state"]
    assert len(kept.events) > 120
