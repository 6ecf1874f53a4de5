"""The generic suite: every registered game, at every player count and with each variant alone
(the default run plays each variant at one end, the first at the most players and the others
at the fewest: `sweep` in conftest.py; DOCKYARD_LONG=1, as CI, at every count).

`pytest --dockyard-playouts 2000` (or DOCKYARD_PLAYOUTS=2000) plays ten times as long. The second
half of this file shows that the suite can fail: broken copies of tic-tac-toe, each with one
defect, must each be caught by the check meant for it.
"""

from __future__ import annotations

import dataclasses
import json
import random
import re
from dataclasses import dataclass, field
from typing import Any

import pytest
from conftest import sweep
from dockyard import Action, Context, Outcome
from dockyard.plugins.tictactoe import TicTacToe, TicTacToeState
from dockyard.registry import registry
from dockyard.testing import (
    Budget,
    SuiteFailure,
    SuiteTable,
    check_determinism,
    check_game,
    check_hidden_information,
    check_illegal_actions,
    check_legality,
    check_many_tables,
    check_playouts,
    check_round_trips,
    check_saves_and_undo,
    near_misses,
    tables,
)


def _label(table: SuiteTable) -> str:
    return "-".join([table.game_name, f"{table.players}p", *table.variants])


TABLES = [table for name in sorted(registry().games) for table in sweep(name)]


def share(budget: Budget, table: SuiteTable) -> Budget:
    """The game's budget shared among its tables, so more tables do not mean a slower suite
    (among all of them: a table gets as much in the default run as with DOCKYARD_LONG=1)."""
    return budget.share(len(tables(table.game_name)))


every_table = pytest.mark.parametrize("table", TABLES, ids=_label)


def test_every_plugin_loads_without_problems() -> None:
    assert registry().problems == []


def test_every_game_has_a_usable_name_and_player_range() -> None:
    for name, game in registry().games.items():
        assert re.fullmatch(r"[a-z][a-z0-9\-]*", name), name
        assert game.title, name
        assert 1 <= game.min_players <= game.max_players, name
        assert game.phases, f"{name} declares no phases"


@every_table
def test_random_playouts_end_with_invariants_and_components_intact(table, budget) -> None:
    b = share(budget, table)
    assert check_playouts(table, range(b.playouts), b.max_steps, b.actions) > 0


@every_table
def test_every_legal_action_round_trips_through_its_canonical_text(table, budget) -> None:
    b = share(budget, table)
    seeds = range(1000, 1000 + b.thorough)
    assert check_round_trips(table, seeds, b.max_steps, b.thorough_actions) > 0


@every_table
def test_check_agrees_with_legal_actions_on_near_misses(table, budget) -> None:
    b = share(budget, table)
    seeds = range(1000, 1000 + b.thorough)
    assert check_legality(table, seeds, b.near_misses, b.max_steps, b.thorough_actions) > 0


@every_table
def test_illegal_action_leaves_state_unchanged(table, budget) -> None:
    b = share(budget, table)
    seeds = range(1000, 1000 + b.thorough)
    per_step = b.illegal_applies
    assert check_illegal_actions(table, seeds, per_step, b.max_steps, b.thorough_actions) > 0


@every_table
def test_save_load_undo_and_redo_agree_with_replay(table, budget, tmp_path) -> None:
    b = share(budget, table)
    seeds = range(2000, 2000 + b.saves)
    points = b.save_points
    assert check_saves_and_undo(table, seeds, points, tmp_path, b.max_steps, b.thorough_actions)


@every_table
def test_same_seed_and_log_give_the_same_game(table, budget) -> None:
    b = share(budget, table)
    seeds = range(3000, 3000 + b.determinism)
    assert check_determinism(table, seeds, b.max_steps, b.thorough_actions) > 0


@every_table
def test_views_are_json_and_show_no_other_players_secrets(table, budget) -> None:
    b = share(budget, table)
    seeds = range(1000, 1000 + b.thorough)
    assert check_hidden_information(table, seeds, b.max_steps, b.thorough_actions) > 0


@every_table
def test_tables_interleaved_in_one_process_offer_what_each_offers_alone(table, budget) -> None:
    b = share(budget, table)
    seeds = range(5000, 5000 + b.determinism)
    assert check_many_tables(table, seeds, b.max_steps, b.thorough_actions) > 0


# ---- the suite catches broken games ---------------------------------------------------------
# Each game below is tic-tac-toe with one defect; each test names the check that must find it.


class LenientCheck(TicTacToe):
    name = "broken-lenient-check"

    def check(self, state, action, player):
        reason = super().check(state, action, player)
        if reason is not None and "already marked" in reason:
            return None  # forgets that a marked cell cannot be marked again
        return reason


class StrictCheck(TicTacToe):
    name = "broken-strict-check"

    def check(self, state, action, player):
        return "not a1" if action.args == ("a1",) else super().check(state, action, player)


class ShoutedText(TicTacToe):
    name = "broken-shouted-text"

    def format_action(self, action):
        return f"{action.player}: {action.verb} {action.args[0].upper()}"


class MeddlingCheck(TicTacToe):
    name = "broken-meddling-check"

    def check(self, state, action, player):
        reason = super().check(state, action, player)
        if reason is not None:
            state.cells.reverse()  # looks at the board by turning it round, and forgets to undo
        return reason


class CountsEmptyCells(TicTacToe):
    name = "broken-token-counts"

    def token_counts(self, state):
        return {"empty cells": state.cells.count(-1)}


class BrokenInvariant(TicTacToe):
    name = "broken-invariant"

    def invariants(self, state):
        return ["four marks on the board"] if state.cells.count(-1) == 5 else []


class NeverFull(TicTacToe):
    name = "broken-never-full"

    def apply(self, state, action, player, ctx):
        super().apply(state, action, player, ctx)
        if state.flow.over == "the board is full":
            state.flow.over = None  # forgets that a full board ends the game


class StrangeOutcome(TicTacToe):
    name = "broken-outcome"

    def outcome(self, state):
        return Outcome("done", ("mallory",))


class GlobalRandom(TicTacToe):
    name = "broken-global-random"

    def legal_actions(self, state, player):
        actions = super().legal_actions(state, player)
        random.shuffle(actions)  # the process's RNG, not the seeded state.rng
        return actions


class MemoryOutsideState(TicTacToe):
    name = "broken-memory"

    def __init__(self) -> None:
        self.moves_seen = 0

    def apply(self, state, action, player, ctx):
        self.moves_seen += 1  # kept on the game object: undo and load cannot take it back
        super().apply(state, action, player, ctx)

    def view(self, state, viewer):
        return {**super().view(state, viewer), "moves": self.moves_seen}


class SetInView(TicTacToe):
    name = "broken-set-in-view"

    def view(self, state, viewer):
        return {"marked": {i for i, v in enumerate(state.cells) if v >= 0}}


class LeakyView(TicTacToe):
    """Each player secretly holds a 'plan'; this view shows everyone every plan."""

    name = "broken-leaky-view"

    def secrets(self, state: TicTacToeState, seat: int) -> list[str]:
        return [f"plan-{state.players[seat]}"]

    def view(self, state, viewer):
        return {**super().view(state, viewer), "plans": [f"plan-{p}" for p in state.players]}


class PrivateView(LeakyView):
    """The same secrets, shown only to their owner: the suite must let this one pass."""

    name = "private-view"

    def view(self, state, viewer):
        own = [] if viewer is None else [f"plan-{state.players[viewer]}"]
        return {**TicTacToe.view(self, state, viewer), "plans": own}


class NamelessCache(TicTacToe):
    """Keeps each position's legal actions on the game object, keyed without the players'
    names: a table seated otherwise is offered the first table's actions."""

    name = "broken-nameless-cache"

    def __init__(self) -> None:
        self.seen: dict[Any, list[Action]] = {}

    def legal_actions(self, state, player):
        key = (tuple(state.cells), player)  # forgets whose names those seats hold
        if key not in self.seen:
            self.seen[key] = super().legal_actions(state, player)
        return list(self.seen[key])


@dataclass(slots=True)
class NotedState(TicTacToeState):
    notes: list[str] = field(default_factory=list)  # declared strings: it holds lists


class MisAnnotated(TicTacToe):
    """Its state's `notes` hold lists where the annotation says strings: a clone (undo's
    copies, a bot's look-ahead) shares them with the state."""

    name = "broken-annotation"

    def setup(self, setup, ctx):
        base = super().setup(setup, ctx)
        fields = {f.name: getattr(base, f.name) for f in dataclasses.fields(base)}
        return NotedState(**fields, notes=[["a note"]])


def _fails(check: Any, game: Any, match: str, **kwargs: Any) -> str:
    with pytest.raises(SuiteFailure, match=match) as caught:
        check(SuiteTable(game), range(10), **kwargs)
    return str(caught.value)


def test_suite_catches_check_accepting_a_marked_cell() -> None:
    _fails(check_legality, LenientCheck(), "check accepts '.: mark .*', which legal_actions")


def test_suite_catches_apply_taking_an_illegal_action() -> None:
    _fails(check_illegal_actions, LenientCheck(), "is not legal, yet apply took it")


def test_suite_catches_check_refusing_a_legal_action() -> None:
    _fails(check_round_trips, StrictCheck(), "legal_actions offers '.: mark a1', but check says")


def test_suite_catches_canonical_text_that_does_not_parse() -> None:
    _fails(check_round_trips, ShoutedText(), "does not parse")


def test_suite_catches_check_that_changes_the_state() -> None:
    _fails(check_illegal_actions, MeddlingCheck(), "refused action .* changed the session")


def test_suite_catches_components_that_appear_or_vanish() -> None:
    _fails(check_playouts, CountsEmptyCells(), "the components changed: token_counts.empty cells")


def test_suite_catches_a_broken_invariant() -> None:
    _fails(check_playouts, BrokenInvariant(), "an invariant broke: four marks on the board")


def test_suite_catches_a_game_stuck_with_no_legal_action() -> None:
    text = _fails(check_playouts, NeverFull(), "no legal action for ., but the game is not over")
    assert "replay:\n    game broken-never-full\n    seed " in text  # a script to replay it


def test_suite_catches_a_game_that_does_not_end_within_the_step_cap() -> None:
    _fails(check_playouts, TicTacToe(), "did not end within 3 actions", max_steps=3)


def test_suite_catches_an_outcome_naming_a_stranger() -> None:
    _fails(check_playouts, StrangeOutcome(), "names players who are not playing")


def test_suite_catches_a_game_using_the_process_rng() -> None:
    _fails(check_determinism, GlobalRandom(), "same seed went another way")


def test_suite_catches_memory_that_undo_cannot_take_back(install, tmp_path) -> None:
    game = MemoryOutsideState()
    install(games=[game])
    _fails(check_saves_and_undo, game, r"differs .*views", folder=tmp_path)


def test_suite_catches_a_cache_keyed_without_the_players_names() -> None:
    text = _fails(
        check_many_tables, NamelessCache(), r"players (x, bob|bob, x)\) offers other actions"
    )
    assert "not offered ['bob: mark" in text and re.search("\n    players (x bob|bob x)$", text)


def test_suite_passes_tables_of_a_game_keeping_nothing_outside_its_states() -> None:
    assert check_many_tables(SuiteTable(TicTacToe()), range(3)) > 0


def test_suite_catches_a_field_holding_what_its_annotation_does_not_say(install, tmp_path):
    game = MisAnnotated()
    install(games=[game])
    text = _fails(
        check_saves_and_undo, game, r"CloneCheckError: .*notes\[0\] \(a list\)", folder=tmp_path
    )
    assert "field 'notes' of NotedState (declared list[str])" in text


def test_suite_catches_a_view_that_is_not_json() -> None:
    _fails(check_hidden_information, SetInView(), "view of a spectator is not JSON data")


def test_suite_catches_a_view_showing_another_players_secret() -> None:
    _fails(check_hidden_information, LeakyView(), "is shown x's secret 'plan-x'")


def test_suite_passes_views_that_show_each_player_only_their_own_secrets() -> None:
    assert check_hidden_information(SuiteTable(PrivateView()), range(10)) > 10


def test_near_misses_include_illegal_actions_a_user_could_type() -> None:
    s = SuiteTable("tictactoe").session(0)
    for cell in ("b2", "a1", "c3"):
        s.apply(Action(s.actors()[0], "mark", (cell,)))
    legal = s.legal_actions()
    earlier = [Action("x", "mark", ("b2",)), Action("o", "mark", ("a1",))]
    misses = near_misses(s, legal, earlier, random.Random(0), 30)
    illegal = [m for m in misses if m not in legal]
    assert illegal and all(s.check(m) for m in illegal)
    assert Action("o", "mark", ("b2",)) in misses  # a move legal earlier, now taken
    assert all(s.parse(s.format(m)) == m for m in misses)


def test_check_game_runs_every_check_on_a_layered_board(tmp_path) -> None:
    (tmp_path / "board.json").write_text(
        '{"$schema": "urn:dockyard:tictactoe:board", "size": 4, "win": 3}'
    )
    check_game("tictactoe", content=[tmp_path], budget=Budget(playouts=20, thorough=3, saves=2))


def test_check_game_reports_a_table_that_cannot_start() -> None:
    with pytest.raises(SuiteFailure, match="cannot start a session: .*3"):
        check_game("tictactoe", players=3, budget=Budget(playouts=1))


def test_budget_grows_with_the_requested_playouts(monkeypatch) -> None:
    monkeypatch.setenv("DOCKYARD_PLAYOUTS", "2000")
    big = Budget.from_env()
    assert (big.playouts, big.thorough) == (2000, 200)
    assert Budget.from_env(500).playouts == 500
    monkeypatch.delenv("DOCKYARD_PLAYOUTS")
    assert big.actions is None and big.thorough_actions is None
    assert Budget.from_env() == Budget()
    assert Budget(playouts=200).share(4).playouts == 50


def test_a_budget_in_actions_stops_starting_new_playouts() -> None:
    played = check_playouts(SuiteTable("tictactoe"), range(50), max_actions=20)
    assert 20 <= played < 20 + 9  # the playout that crossed 20 actions ran to its end
    assert check_playouts(SuiteTable("tictactoe"), range(50), max_actions=1) <= 9


def test_suite_reports_a_rule_that_crashes_half_way() -> None:
    class Explodes(TicTacToe):
        name = "broken-explodes"

        def apply(self, state: TicTacToeState, action: Action, player: int, ctx: Context):
            if state.cells.count(-1) == 6:
                raise RuntimeError("boom")
            super().apply(state, action, player, ctx)

    text = _fails(check_playouts, Explodes(), "legal_actions offered .*internal error")
    assert "RuntimeError: boom" in text


class SecretRoll(TicTacToe):
    name = "broken-secret-roll"

    def apply(self, state, action, player, ctx):
        state.rng.random()  # a roll nobody marked as a reveal: undo could take it back
        super().apply(state, action, player, ctx)


def test_suite_catches_a_roll_that_is_not_marked_as_a_reveal() -> None:
    _fails(check_playouts, SecretRoll(), "used the game's random generator without flow.reveal")


def test_simulate_checks_invariants_after_every_action_unless_told_not_to(install) -> None:
    import io

    from dockyard.analysis.simulate import simulate_command

    install(games=[BrokenInvariant(), CountsEmptyCells()])
    for name, broken in (
        ("broken-invariant", r"after action 4 .[xo]: mark [a-c][1-3].: four marks"),
        ("broken-token-counts", "after action 1 .*components changed: empty cells 9 -> 8"),
    ):
        out = io.StringIO()
        code = simulate_command(name, 3, 0, None, [], [], True, out)
        first = json.loads(out.getvalue().splitlines()[0])
        assert code == 1 and re.search(broken, first["error"]), first
        out = io.StringIO()
        assert simulate_command(name, 3, 0, None, [], [], True, out, check=False) == 0


def test_simulate_prints_the_games_finished_so_far_on_ctrl_c(tmp_path) -> None:
    """Ctrl-C sent once a game has finished (seen on --json's stream, not guessed by a sleep, so
    a loaded machine cannot make it flaky): exit 130, the games so far summed up, no traceback."""
    import signal
    import subprocess
    import sys
    import time

    def interrupted(extra: list[str], wait: float) -> tuple[int, str, str]:
        child = subprocess.Popen(
            [sys.executable, "-m", "dockyard", "simulate", "curious-cargo", "--games", "5000"]
            + extra,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        assert child.stdout is not None
        first = ""
        if "--json" in extra:  # a game's record on the stream: a game has finished
            first = child.stdout.readline()
        else:
            time.sleep(wait)
        child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=200)
        return child.returncode, first + out, err

    started = time.monotonic()
    code, out, err = interrupted(["--json"], 0)
    first_game = time.monotonic() - started
    assert code == 130 and "Traceback" not in err, err
    summary = json.loads(out.splitlines()[-1])
    assert summary["interrupted"] is True and 0 < summary["games"] < 5000
    for wait in (3 * first_game, 10 * first_game):  # the text run shows nothing until it ends
        code, out, err = interrupted([], wait)
        if not re.search(r"\b0 of 5000 games", out):
            break
    assert code == 130 and "Traceback" not in err, err
    assert re.search(r"interrupted: \d+ of 5000 games finished", out), out
    assert "end reasons:" in out
