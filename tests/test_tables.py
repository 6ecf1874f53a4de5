"""Many tables in one process: what sessions share (a bound game, its caches, the language)
never makes one table's legal actions another's (plugins/README.md, "Caches")."""

from __future__ import annotations

import gc
import random
import weakref

from dockyard import Session
from dockyard.plugins.tictactoe import TicTacToe
from dockyard.registry import session_game
from dockyard.testing import SuiteTable, check_many_tables


def _to_trucking_with_cards(a: Session, b: Session, rename: dict[str, str]) -> None:
    """Play `a` and `b` side by side (the same seeded random moves, `b` with other names)
    until p1 may play a Truck card; each is asked its legal actions at every step, `a`
    first (so a cache `a` fills is there when `b` asks)."""
    rng = random.Random(1)
    while True:
        legal = a.legal_actions()
        b.legal_actions()
        if any(x.verb == "play" and x.player == "p1" for x in legal):
            return
        action = rng.choice(legal)
        a.apply(action)
        b.apply_text(" ".join(rename.get(w, w) for w in a.format(action).split(" ")))


def test_a_table_seated_p1_bob_after_one_seated_p1_p2_may_play_a_truck_card_to_bob() -> None:
    """The bug of issue 30: a turn's actions were kept by the shared game keyed without the
    other players' names, so p1 at a p1,bob table was offered `play ... to p2` only."""
    a = Session("curious-cargo", seed=1, players=["p1", "p2"])
    b = Session("curious-cargo", seed=1, players=["p1", "bob"])
    _to_trucking_with_cards(a, b, {"p2:": "bob:", "p2": "bob"})
    offered = [b.format(x) for x in b.legal_actions()]
    cards = b.state.seats[0].trucks
    assert cards
    for card in cards:
        assert f"p1: play {card} to bob" in offered
        assert b.check(b.parse(f"p1: play {card} to bob")) is None
        assert f"p1: play {card} to p2" not in offered
    assert offered == [
        b.format(x) for x in Session.from_record(b.record()).legal_actions()
    ]  # what a table of its own, loaded from a save, offers


def test_curious_cargo_tables_with_swapped_names_agree_with_each_alone() -> None:
    assert check_many_tables(SuiteTable("curious-cargo", 2), range(7, 9)) > 0


def test_a_bound_game_is_never_taken_for_another_game_at_the_same_address() -> None:
    """Sessions of one game share the game bound to their plugins, found by the game's id:
    the entry keeps the game it was made for, so no other game can be created at its
    address and be given its bound game."""

    class First(TicTacToe):
        name = "first-game-object"

    class Second(TicTacToe):
        name = "second-game-object"

    first = First()
    kept = weakref.ref(first)
    bound, pm = session_game(first, ())
    assert type(bound) is First and session_game(first, ())[0] is bound
    del first, bound
    gc.collect()
    assert kept() is not None  # its id stays its own
    second = Second()
    again, pm2 = session_game(second, ())
    assert pm2 is pm and type(again) is Second and session_game(second, ())[0] is again


def test_action_texts_are_kept_per_bound_game_and_shared_by_its_tables() -> None:
    """A session's actions are written by its game bound to its variants' plugins: texts
    are remembered per bound game, whatever the players' names."""
    plain = Session("curious-cargo", players=["p1", "p2"])
    other_names = Session("curious-cargo", players=["bob", "p1"])
    bus = Session("curious-cargo", variants=["bus"])
    assert plain.game is other_names.game and plain.language.texts is other_names.language.texts
    assert bus.game is not plain.game and bus.language.texts is not plain.language.texts
    assert bus.language.known is not plain.language.known


def test_the_suite_s_names_are_not_shadowed_by_its_modules() -> None:
    """`dockyard.testing` exports on first use: no submodule may share an exported name (once
    imported, a submodule would take the package attribute's place)."""
    import importlib
    import types

    import dockyard.testing as testing

    importlib.import_module("dockyard.testing.suite")  # imports every check's module
    for name in testing.__all__:
        assert not isinstance(getattr(testing, name), types.ModuleType), name
    assert callable(testing.tables)
