"""Plugins: games and variants registered through pluggy; broken plugins named and skipped."""

from __future__ import annotations

import types
from dataclasses import replace
from importlib.metadata import EntryPoint
from types import SimpleNamespace
from typing import Any

import dockyard.registry as registry_module
import pytest
from dockyard import Action, DockyardError, Session, Variant, hookimpl, hookspec
from dockyard.plugins.tictactoe import TicTacToe


def _tictactoe_house_hookspecs() -> types.ModuleType:
    specs = types.ModuleType("house_tictactoe_hookspecs")

    @hookspec(firstresult=True)
    def win_length(size: int, win: int) -> int | None:
        """Called at setup: how many marks in a row win (None: the board's own number)."""

    specs.win_length = win_length
    return specs


class HouseTicTacToe(TicTacToe):
    """Tic-tac-toe with one rule extension point, for house rules to implement."""

    name = "house-tictactoe"
    hookspecs = _tictactoe_house_hookspecs()

    def setup(self, setup, ctx):
        state = super().setup(setup, ctx)
        win = setup.hook.win_length(size=state.board.size, win=state.board.win)
        if win is not None:
            state.board = replace(state.board, win=win)
        return state


class TwoInARow:
    @hookimpl
    def win_length(self, size: int, win: int) -> int:
        return 2


class Listener:
    def __init__(self) -> None:
        self.heard: list[str] = []

    @hookimpl
    def on_event(self, session: Any, event: Any) -> None:
        self.heard.append(event.text)


def play(session: Session, *cells: str) -> Session:
    for cell in cells:
        session.apply_text(f"mark {cell}")
    return session


# ---- registering ----------------------------------------------------------------------------


def test_a_plugin_registers_its_games_and_variants(install) -> None:
    game = HouseTicTacToe()
    variant = Variant("two-in-a-row", game.name, "two marks in a row win", plugin=TwoInARow())
    reg = install(games=[game], variants=[variant])
    assert reg.game("house-tictactoe") is game and reg.game("tictactoe").name == "tictactoe"
    assert reg.variants_of("house-tictactoe") == {"two-in-a-row": variant}
    s = Session("house-tictactoe", variants=["two-in-a-row"])
    assert play(s, "a1", "c3", "a2").outcome().winners == ("x",)


def test_extra_plugins_do_not_change_the_process_registry() -> None:
    plugin = SimpleNamespace(register_games=hookimpl(lambda register: register(HouseTicTacToe())))
    assert "house-tictactoe" in registry_module.registry(extra=(plugin,)).games
    assert "house-tictactoe" not in registry_module.registry().games


def test_game_names_may_be_written_with_underscores() -> None:
    class Spaced(TicTacToe):
        name = "spaced-out"

    plugin = SimpleNamespace(register_games=hookimpl(lambda register: register(Spaced())))
    reg = registry_module.registry(extra=(plugin,))
    assert reg.game("spaced_out") is reg.game("spaced-out")


def fresh_registry(monkeypatch, entry_points: list[Any] = (), defaults: tuple[str, ...] = ()):
    """The process registry built again with these entry points and built-in plugin names."""
    monkeypatch.setattr(registry_module, "entry_points", lambda group: list(entry_points))
    if defaults:
        monkeypatch.setattr(registry_module, "DEFAULT_PLUGINS", defaults)
    monkeypatch.setattr(registry_module, "_REGISTRY", None)
    return registry_module.registry()


def test_a_broken_entry_point_is_reported_by_name_and_the_rest_still_load(
    monkeypatch, capsys
) -> None:
    good = SimpleNamespace(
        name="house",
        value="house_plugin:plugin",
        load=lambda: SimpleNamespace(
            register_games=hookimpl(lambda register: register(HouseTicTacToe()))
        ),
    )
    broken = EntryPoint(name="broken", value="no_such_module_zz:plugin", group="dockyard")
    reg = fresh_registry(monkeypatch, [broken, good])
    assert {"tictactoe", "house-tictactoe"} <= set(reg.games)
    assert reg.problems == [
        "plugin broken (no_such_module_zz:plugin): "
        "ModuleNotFoundError: No module named 'no_such_module_zz'"
    ]
    assert "dockyard: warning: plugin broken (no_such_module_zz:plugin)" in capsys.readouterr().err


def test_a_built_in_plugin_that_fails_to_import_is_reported_and_the_others_still_load(
    monkeypatch, tmp_path
) -> None:
    (tmp_path / "exploding_game_plugin.py").write_text("raise RuntimeError('boom')\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    reg = fresh_registry(
        monkeypatch, defaults=("exploding_game_plugin", "dockyard.plugins.tictactoe")
    )
    assert list(reg.games) == ["tictactoe"]
    assert reg.problems == ["plugin exploding_game_plugin: RuntimeError: boom"]


def test_a_built_in_game_missing_from_this_build_is_skipped_quietly(monkeypatch) -> None:
    reg = fresh_registry(
        monkeypatch, defaults=("dockyard.plugins.not_in_this_build", "dockyard.plugins.tictactoe")
    )
    assert list(reg.games) == ["tictactoe"] and reg.problems == []


def test_a_built_in_game_missing_a_module_of_its_own_is_reported(monkeypatch, tmp_path) -> None:
    (tmp_path / "half_written_game.py").write_text("import half_written_game_parts\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    reg = fresh_registry(monkeypatch, defaults=("half_written_game",))
    assert reg.problems == [
        "plugin half_written_game: ModuleNotFoundError: No module named 'half_written_game_parts'"
    ]


def test_a_misspelled_hookimpl_is_caught_by_check_pending() -> None:
    misspelled = SimpleNamespace(register_gamez=hookimpl(lambda register: None))
    reg = registry_module.registry(extra=(misspelled,))
    (problem,) = reg.problems
    assert "register_gamez" in problem and "unknown hook" in problem
    assert "tictactoe" in reg.games


def test_a_plugin_whose_register_hook_fails_is_named_and_the_others_still_load() -> None:
    def register_games(register: Any) -> None:
        raise ValueError("no board")

    plugin = SimpleNamespace(register_games=hookimpl(register_games))
    reg = registry_module.registry(extra=(plugin,))
    (problem,) = reg.problems
    assert problem.endswith("register_games failed: ValueError: no board")
    assert "tictactoe" in reg.games


def test_a_variant_implementing_a_hook_the_game_lacks_is_refused(install) -> None:
    class Misspelled:
        @hookimpl
        def win_lenght(self, size: int, win: int) -> int:
            return 2

    game = HouseTicTacToe()
    install(games=[game], variants=[Variant("typo", game.name, "", plugin=Misspelled())])
    with pytest.raises(DockyardError, match="a variant implements an unknown hook: .*win_lenght"):
        Session(game.name, variants=["typo"])


# ---- house rules ----------------------------------------------------------------------------


def test_a_house_rule_changes_its_own_session_and_never_leaks_into_another(install) -> None:
    game = HouseTicTacToe()
    install(games=[game], variants=[Variant("two", game.name, "", plugin=TwoInARow())])
    before = play(Session(game.name), "a1", "c3", "a2")
    house = play(Session(game.name, variants=["two"]), "a1", "c3", "a2")
    after = play(Session(game.name), "a1", "c3", "a2")
    assert house.over and house.outcome().reason.endswith("has 2 in a row")
    assert not before.over and not after.over


def test_a_variant_hears_the_events_of_its_own_sessions_only(install) -> None:
    listener = Listener()
    install(variants=[Variant("commentary", "tictactoe", "", plugin=listener)])
    play(Session("tictactoe"), "b2")
    assert listener.heard == []
    play(Session("tictactoe", variants=["commentary"]), "b2")
    assert listener.heard == ["x: mark b2", "x marks b2", "o to play"]


def test_a_plugin_listening_to_events_hears_every_session(install) -> None:
    listener = Listener()
    install(plugins=[listener])
    play(Session("tictactoe"), "b2", "a1")
    assert listener.heard == [
        "x: mark b2",
        "x marks b2",
        "o to play",
        "o: mark a1",
        "o marks a1",
        "round 2: play phase",
        "x to play",
    ]


def test_a_plugin_that_is_also_a_variant_is_registered_once(install) -> None:
    listener = Listener()
    install(variants=[Variant("commentary", "tictactoe", "", plugin=listener)], plugins=[listener])
    play(Session("tictactoe", variants=["commentary"]), "b2")
    assert listener.heard == ["x: mark b2", "x marks b2", "o to play"]


def test_variant_options_reach_the_games_setup(install) -> None:
    seen: list[dict[str, Any]] = []

    class Recording(TicTacToe):
        name = "recording"

        def setup(self, setup, ctx):
            seen.append(setup.options)
            return super().setup(setup, ctx)

    game = Recording()
    install(games=[game], variants=[Variant("big", game.name, "", options={"size": 4})])
    Session(game.name, variants=["big"])
    Session(game.name)
    assert seen == [{"size": 4}, {}]


def test_variants_that_conflict_or_need_another_are_refused(install) -> None:
    install(
        variants=[
            Variant("fast", "tictactoe", "", conflicts=("slow",)),
            Variant("slow", "tictactoe", ""),
            Variant("faster", "tictactoe", "", requires=("fast",)),
        ]
    )
    with pytest.raises(DockyardError, match="variant 'fast' cannot be played with 'slow'"):
        Session("tictactoe", variants=["fast", "slow"])
    with pytest.raises(DockyardError, match="variant 'faster' needs variant 'fast' too"):
        Session("tictactoe", variants=["faster"])
    assert Session("tictactoe", variants=["faster", "fast"]).config.variants == ("faster", "fast")
    assert Session("tictactoe", variants=["fast", "fast"]).config.variants == ("fast",)


def test_an_action_of_a_house_rule_game_is_an_ordinary_action(install) -> None:
    game = HouseTicTacToe()
    install(games=[game])
    s = Session(game.name)
    assert s.parse("mark b2") == Action("x", "mark", ("b2",))
