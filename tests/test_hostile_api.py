"""The Python API under misuse: bad arguments are DockyardErrors with a message, never a bare
TypeError or a silent coercion; undo never reveals what was hidden nor takes back another
player's action; bots never touch the state they are shown."""

from __future__ import annotations

import resource

import pytest
from dockyard import Action, DockyardError, IllegalAction, Session
from dockyard.bots import GreedyBot
from dockyard.registry import registry
from dockyard.testing import StateImage, SuiteTable, check_bots, snapshot

pytestmark = pytest.mark.timeout(120)

BAD_SESSIONS = [
    dict(seed=1.9),
    dict(seed="7"),
    dict(seed=True),
    dict(seed=None),
    dict(players="ab"),
    dict(players=["a", "a"]),
    dict(players=0),
    dict(players=-2),
    dict(players=[1, 2]),
    dict(players=True),
    dict(variants="misere"),
    dict(variants=[3]),
    dict(content="folder"),
    dict(content=[5]),
]


@pytest.mark.parametrize("kwargs", BAD_SESSIONS, ids=[repr(k) for k in BAD_SESSIONS])
def test_bad_session_arguments_are_dockyard_errors(kwargs) -> None:
    with pytest.raises(DockyardError):
        Session("tictactoe", **kwargs)


def test_an_unknown_game_or_a_game_of_the_wrong_type_is_a_dockyard_error() -> None:
    with pytest.raises(DockyardError, match="unknown game 'chess'"):
        Session("chess")
    with pytest.raises(DockyardError, match="a game is named by a string"):
        Session(42)  # type: ignore[arg-type]


def malformed(a: Action) -> list[object]:
    return [
        Action(a.player, a.verb, (*a.args, "extra")),
        Action(a.player, a.verb, a.args[:-1]),
        Action(a.player, a.verb, ([1],)),
        Action(a.player, a.verb, (None,) * len(a.args)),
        Action(a.player, "fly", a.args),
        Action(1, a.verb, a.args),  # type: ignore[arg-type]
        "x: mark a1",
        None,
    ]


@pytest.mark.parametrize("game", ["tictactoe", "curious-cargo", "pack-and-stack"])
def test_a_malformed_action_is_refused_and_never_reaches_the_log(game) -> None:
    s = Session(game, seed=2)
    before = snapshot(s, renders=False)
    for odd in malformed(s.legal_actions()[0]):
        with pytest.raises(IllegalAction):
            s.apply(odd)  # type: ignore[arg-type]
        assert isinstance(s.check(odd), str)  # type: ignore[arg-type]
        assert snapshot(s, renders=False) == before


def test_api_calls_with_wrong_types_are_dockyard_errors() -> None:
    s = Session("tictactoe", seed=1)
    for call in (
        lambda: s.apply_text(5),
        lambda: s.legal_actions(5),
        lambda: s.render(5),
        lambda: s.undo("2"),
        lambda: s.save(5),
        lambda: Session.load(5),
        lambda: Session.load(None),
    ):
        s.apply_text("mark a1")
        with pytest.raises(DockyardError):
            call()
        s.undo()


BAD_UNDO_REDO = {
    "redo(None)": lambda s: s.redo(None),
    "redo('1')": lambda s: s.redo("1"),
    "redo(-1)": lambda s: s.redo(-1),
    "redo(0)": lambda s: s.redo(0),
    "redo(1.5)": lambda s: s.redo(1.5),
    "redo(True)": lambda s: s.redo(True),
    "undo('1')": lambda s: s.undo("1"),
    "undo(None)": lambda s: s.undo(None),
    "undo(1.0)": lambda s: s.undo(1.0),
    "undo(False)": lambda s: s.undo(False),
    "undo(players='x')": lambda s: s.undo(1, players="x"),
    "undo(players=5)": lambda s: s.undo(1, players=5),
    "undo(players=['z'])": lambda s: s.undo(1, players=["z"]),
    "undo(barriers='yes')": lambda s: s.undo(1, barriers="yes"),
    "undo(force=1)": lambda s: s.undo(1, force=1),
}


@pytest.mark.parametrize("call", BAD_UNDO_REDO.values(), ids=BAD_UNDO_REDO.keys())
@pytest.mark.parametrize("undone", [0, 1, 2], ids=["none undone", "one undone", "all undone"])
def test_bad_undo_and_redo_arguments_are_dockyard_errors_and_change_nothing(call, undone) -> None:
    """Never a bare TypeError, a silent 0 or a coercion (`redo(True)` as 1, `redo(1.5)` as 2),
    whatever there is to undo or redo."""
    s = Session("tictactoe", seed=1)
    s.apply_text("x: mark a1")
    s.apply_text("o: mark b1")
    if undone:
        s.undo(undone)
    before = snapshot(s, renders=False), list(s.redo_stack)
    with pytest.raises(DockyardError, match=r"^cannot (undo|redo): .*(not|no player)"):
        call(s)
    assert (snapshot(s, renders=False), list(s.redo_stack)) == before


def test_a_bad_undo_count_is_refused_even_with_nothing_to_undo() -> None:
    s = Session("tictactoe", seed=1)
    with pytest.raises(DockyardError, match="undo takes back one action or more, not '1'"):
        s.undo("1")
    assert s.undo() == 0 and s.redo() == 0  # nothing to undo or redo is not an error
    assert s.why_not_undo(1, players="x") == "players is a collection of player names, not 'x'"


@pytest.mark.parametrize("path", ["/", ".", "/dev/zero"])
def test_load_of_a_device_or_folder_is_refused_without_reading_it(path) -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    resource.setrlimit(resource.RLIMIT_AS, (4 << 30, hard))
    try:
        with pytest.raises(DockyardError):
            Session.load(path)
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


# ---- undo and hidden information --------------------------------------------------------------


def test_undo_stops_at_a_pack_and_stack_pile_draw() -> None:
    s = Session("pack-and-stack", seed=3)
    s.apply_text("p1: claim pile")  # the top card of the face-down pile is shown to all
    with pytest.raises(DockyardError, match="revealed hidden information"):
        s.undo(barriers=True)
    assert len(s.log) == 1
    assert s.undo() == 1  # from Python the caller owns every seat


def test_undo_stops_at_a_curious_cargo_draw() -> None:
    s = Session("curious-cargo", seed=7)
    while not any(a.verb == "draw" for a in s.legal_actions()):
        s.apply(GreedyBot(1).choose(s))
    draw = next(a for a in s.legal_actions() if a.verb == "draw")
    s.apply(draw)
    with pytest.raises(DockyardError, match="revealed hidden information"):
        s.undo(barriers=True)
    s.undo()  # a tool that owns every seat may still go back
    assert draw not in s.log[-1:]


def test_the_repl_never_takes_back_a_draw(dockyard) -> None:
    """Players meet the barrier: in the REPL (hot seat or seated), `undo` past a reveal is
    refused with the reason, and the game stays as it was."""
    lines = "p1: claim pile\nundo\nlog\n"
    code, out, err = dockyard("play", "pack-and-stack", "--seed", "3", stdin=lines)
    assert code == 1
    assert "revealed hidden information" in err
    assert out.strip().splitlines()[-1] == "p1: claim pile"


def test_undo_of_an_action_that_revealed_nothing_works() -> None:
    s = Session("tictactoe", seed=1)
    s.apply_text("mark a1")
    assert s.undo() == 1


@pytest.mark.parametrize("game", ["tictactoe", "curious-cargo", "pack-and-stack"])
def test_a_player_undoes_only_their_own_actions(game) -> None:
    s = Session(game, seed=4)
    bot = GreedyBot(4)
    for _ in range(40):
        if s.over:
            break
        s.apply(bot.choose(s))
        last = s.log[-1].player
        others = [p for p in s.players if p != last]
        reason = s.why_not_undo(1, others)
        assert reason is not None and "their own actions" in reason
        with pytest.raises(DockyardError, match="their own actions"):
            s.undo(1, players=others)


@pytest.mark.parametrize("game", ["tictactoe", "curious-cargo", "pack-and-stack"])
def test_no_undo_ever_crosses_an_action_that_used_the_games_randomness_or_drew(game) -> None:
    """The one mechanism, on every game: an action that revealed something (flow.reveal) is a
    barrier, and every use of the game's random generator comes with a reveal."""
    s = Session(game, seed=5)
    bot = GreedyBot(5)
    while not s.over and len(s.log) < 400:
        reveals, rng = s.state.flow.reveals, s.state.rng.getstate()
        s.apply(bot.choose(s))
        revealed = s.state.flow.reveals != reveals
        assert revealed or s.state.rng.getstate() == rng, "a roll or shuffle without a reveal"
        assert (s.why_not_undo(1) is not None) == revealed or s.over


# ---- bots look, never touch -------------------------------------------------------------------


@pytest.mark.parametrize("game", sorted(registry().games))
def test_bots_never_change_the_state_they_are_shown(game) -> None:
    g = registry().game(game)
    check_bots(SuiteTable(g.name, g.min_players), range(2), None, 400)


def test_the_curious_cargo_bot_leaves_the_facility_version_alone() -> None:
    s = Session("curious-cargo", seed=11)
    bot = GreedyBot(11)
    for _ in range(120):
        image = StateImage(s.state, s.content.built)
        action = bot.choose(s)
        assert StateImage(s.state, s.content.built) == image
        s.apply(action)


# ---- Pack & Stack cell names -------------------------------------------------------------------


@pytest.mark.parametrize("cell", ["a01", "b01", "a0", "b1x", "z9", "a99", "a١"])
def test_pack_and_stack_refuses_an_odd_cell_name_naming_the_valid_cells(cell) -> None:
    s = Session("pack-and-stack", seed=3)
    for p in s.players:
        s.apply_text(f"{p}: claim pile")
    for verb in (f"put white at {cell} level 1", f"remove {cell} level 1"):
        line = f"p1: {verb}"
        try:
            action = s.parse(line)
        except DockyardError:
            continue  # the grammar refused it already
        reason = s.check(action)
        assert reason is not None and "columns a-e, rows 1-3" in reason, reason
        with pytest.raises(IllegalAction):
            s.apply(action)
