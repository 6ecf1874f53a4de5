"""Curious Cargo's Night Shift and house rules, each played through a session as the rulebook
and its designer notes describe them."""

from __future__ import annotations

import json
import re
from importlib.resources import files

import pytest
from dockyard import Action, Context, DockyardError, IllegalAction, Session
from dockyard.core import visible
from dockyard.language import ParseError
from dockyard.plugins.curious_cargo.loading import play_truck
from dockyard.plugins.curious_cargo.rounds import end_reasons
from dockyard.plugins.curious_cargo.scoring import eligible, outcome, stars
from dockyard.plugins.curious_cargo.state import RECEIVING, SHIPPING, token_counts
from dockyard.plugins.curious_cargo.variants import BUS_CARD
from dockyard.queries import query
from dockyard.registry import registry
from dockyard.testing import Budget, SuiteTable, check_table

GAME = "curious-cargo"


def session(*variants: str, seed: int = 1, **kw) -> Session:
    return Session(GAME, seed=seed, variants=variants, **kw)


def give_tiles(s: Session, seat: int, *tiles: str) -> None:
    """Move Conveyor tiles from the bag into a player's hand (every tile stays counted)."""
    for tile in tiles:
        s.state.bag.remove(tile)
        s.state.seats[seat].hand.append(tile)


def deal(s: Session, hands: dict[int, list[str]]) -> None:
    """Both hands of Truck cards go back to the deck, then each seat takes the cards named."""
    st = s.state
    for player in st.seats:
        st.deck.extend(player.trucks)
        player.trucks.clear()
    for seat, cards in hands.items():
        for card in cards:
            st.deck.remove(card)
            st.seats[seat].trucks.append(card)


def dark_tile(s: Session, ends: tuple[str, str], alone: bool = True) -> str:
    """A tile whose dark face has a purple belt joining `ends` (and nothing else if `alone`)."""
    for tile in s.state.content.tiles:
        purple = [b for b in tile.dark if b.color == "purple" and b.ends == ends]
        if purple and (not alone or len(tile.dark) == 1):
            return tile.id
    raise LookupError(f"no tile with a purple {ends} belt on its dark face")


def invariants_hold(s: Session) -> None:
    assert s.game.invariants(s.state) == []


def texts(events) -> list[str]:
    return [e.text for e in events]


# ---- registration -----------------------------------------------------------------------------


def test_every_variant_is_registered_for_curious_cargo_and_listed_with_its_summary(capsys):
    from dockyard.cli import main

    names = {"night-shift", "first-game", "no-scaffolding", "handicap", "bus"}
    assert names <= set(registry().variants_of(GAME))
    assert main(["games"]) == 0
    out = capsys.readouterr().out
    for name in names:
        assert f"variant {name}: " in out


def test_a_house_rule_never_leaks_into_a_session_that_did_not_choose_it():
    with_rule = session("no-scaffolding")
    plain = session()
    assert [p.scaffolding for p in with_rule.state.seats] == [0, 0]
    assert [p.scaffolding for p in plain.state.seats] == [5, 5]
    assert "bus" not in plain.state.deck + [c for p in plain.state.seats for c in p.trucks]


# ---- The Night Shift -------------------------------------------------------------------------


def test_night_shift_flips_the_shipping_board_to_its_three_color_side():
    """ "To play the 3 color version of the game, flip the Shipping board to the side with 3
    goods types." The side's requisite (12) ends the game instead of the 2-color side's 9."""
    night, day = session("night-shift").state, session().state
    sides = night.content.shipping_boards  # (each state's sides are its own content's)
    assert night.side is sides["three-color"]
    assert day.side is day.content.shipping_boards["two-color"]
    assert night.side.colors == ("red", "blue", "purple")
    assert (night.side.requisite, day.side.requisite) == (12, 9)
    assert "three-color side; game ends at 12 shipped" in session("night-shift").render(
        None, "shipping"
    )


def test_night_shift_fills_six_purple_goods_into_each_players_shipping_side():
    """Setup step 3: "fills all the empty spaces on the shipping side ... with the corresponding
    goods": with three rows, 6 purple goods per player leave the box."""
    s = session("night-shift")
    st = s.state
    spaces = st.side.spaces
    assert spaces == 6
    assert st.goods_box["purple"] == st.content.supply.goods["purple"] - 2 * spaces == 0
    assert [p.shipped["purple"] for p in st.seats] == [0, 0]
    assert "purple shipping [p][p][p][p][p][p] 0 shipped" in s.render(None, "shipping")
    assert token_counts(st)["goods.purple"] == st.content.supply.goods["purple"]
    day = session().state
    assert day.goods_box["purple"] == day.content.supply.goods["purple"]
    assert all("purple" not in p.shipped for p in day.seats)


def test_night_shift_adds_the_purple_splitters_to_the_supply():
    """ "Add the purple Splitters to supply" (the base game: "Return the purple Splitters to
    the box")."""
    night = session("night-shift")
    st = night.state
    assert st.splitters["purple"] == st.content.supply.splitters["purple"] == 2
    assert st.boxed_splitters == {}
    day = session()
    assert "purple" not in day.state.splitters and day.state.boxed_splitters == {"purple": 2}
    for s in (night, day):  # two Trucking tokens buy a purple Splitter only at night
        s.apply(s.legal_actions("p1")[0])
        s.apply(s.legal_actions("p2")[0])  # card selection
        s.state.trucking -= 2
        s.state.seats[0].trucking += 2
    night.apply_text("p1: trade trucking purple")
    assert query(night, "p1.splitters.purple") == 1 and query(night, "supply.splitters.purple") == 1
    with pytest.raises(IllegalAction, match="there are no purple Splitters in this game"):
        day.apply_text("p1: trade trucking purple")
    invariants_hold(night)


def test_night_shift_plays_the_dark_face_of_the_tiles():
    """ "Use the dark background side of the tiles": the same tile laid in the same place makes
    a purple line at night, and whatever its sand face shows by day."""
    for night in (True, False):
        s = session(*(["night-shift"] if night else []), "first-game")
        tile = dark_tile(s, ("A.W", "B.E"))  # a purple straight on the dark face
        give_tiles(s, 0, tile)
        s.apply_text(f"p1: place {tile} a7 east")  # dock 7 to board 1's purple port at b7
        docks = s.state.seats[0].facility.active_docks()
        purple = [d for d, color in docks.items() if color == "purple"]
        if night:
            assert [(d.street, d.number) for d in purple] == [(SHIPPING, 7)]
            assert query(s, "p1.forklift") == 1
        else:
            assert purple == []
            sand = {b.color for b in s.state.content.tile(tile).sand}
            assert sand <= {"red", "blue"}


def test_night_shift_purple_goods_are_shipped_by_one_player_and_received_by_the_other():
    """A whole exchange at night: p1's purple line at shipping dock 7 loads a purple good onto a
    truck; trucks pushed in behind it send it over the 10 into p2's Receiving side, where p2's
    purple line at receiving dock 4 unloads it into the purple row."""
    s = session("night-shift", "first-game")
    straight = dark_tile(s, ("A.W", "B.E"))
    turn = dark_tile(s, ("A.W", "B.S"))
    across = dark_tile(s, ("A.N", "A.S"), alone=False)
    second = next(
        t.id
        for t in s.state.content.tiles
        if t.id != straight and [(b.color, b.ends) for b in t.dark] == [("purple", ("A.W", "B.E"))]
    )
    give_tiles(s, 0, straight)
    give_tiles(s, 1, turn, second, across)
    deal(s, {0: ["truck04"], 1: ["truck17", "truck05"]})  # sizes 2; 4 (2 AP); 2
    s.apply_text(f"p1: place {straight} a7 east")
    s.apply_text("p1: end")
    # p2: from the purple port below e6, up through e7, east along row 7 to receiving dock 4 (h7)
    s.apply_text(f"p2: place {turn} e6 north")
    s.apply_text(f"p2: place {second} f7 east")
    s.apply_text(f"p2: place {across} h7 north")
    active = s.state.seats[1].facility.active_docks()
    assert [(d.street, d.number, c) for d, c in active.items()] == [(RECEIVING, 4, "purple")]
    s.apply_text("p2: end")
    # Trucking: p2 arrived on space 1 last, so is on top and goes first
    s.apply_text("p2: play truck17 to p1")  # size 4 on p1's side: spaces 1-4, cab at 5
    s.apply_text("p2: end")
    events = s.apply_text("p1: play truck04 to p1")  # pushes truck17 to 4-7
    assert "p1 loads a purple good at 7 onto truck17 (1 purple shipped)" in texts(events)
    assert query(s, "p1.street.shipping") == "truck04@1:-,- truck17@4:-,-,-,purple"
    s.apply_text("p1: end")
    s.apply_text("p2: end")
    s.apply_text("p1: end")
    events = s.apply_text("p2: play truck05 to p1")  # truck17 goes over the 10
    assert texts(events)[0] == "p2: play truck05 to p1"  # the move, as its canonical text
    assert texts(events)[2:] == [
        "truck17 leaves p1's Shipping side and enters p2's Receiving side",
        "p2 receives a purple good at 4 (slot 1)",
    ]
    assert query(s, "p2.received.purple") == 1 and query(s, "p1.shipped.purple") == 1
    assert "purple shipping [ ][p][p][p][p][p] 1 shipped" in s.render(None, "shipping p1")
    assert "purple shipping [p][p][p][p][p][p] 0 shipped   receiving [p][ ][ ][ ]" in s.render(
        None, "shipping p2"
    )
    invariants_hold(s)


def test_night_shift_eligibility_needs_two_goods_shipped_of_each_of_the_three_colors():
    """ "A player must ship at least 2 goods of each color." At night purple is a color too."""
    night, day = session("night-shift").state, session().state
    for st in (night, day):
        for p in st.seats:
            p.shipped.update(red=2, blue=2)
    night.seats[0].shipped["purple"] = 1
    night.seats[1].shipped["purple"] = 2
    assert eligible(day, day.seats[0])
    assert not eligible(night, night.seats[0])
    assert eligible(night, night.seats[1])
    night.flow.over = "test"
    result = outcome(night)
    assert result.details["eligible"] == {"p1": False, "p2": True}
    assert result.winners == ("p2",)


def test_night_shift_game_ends_at_twelve_goods_shipped_not_nine():
    """End game trigger: "A player ships the requisite number of goods shown on the Shipping
    Boards" (12 on the three-color side)."""
    s = session("night-shift")
    st = s.state
    st.bag, st.deck = ["t01"], ["truck01"]  # keep the other triggers quiet
    st.seats[0].shipped.update(red=4, blue=4, purple=1)
    assert end_reasons(st) == []  # 9 would end a 2-color game
    st.seats[0].shipped["purple"] = 3
    assert end_reasons(st) == []  # 11
    st.seats[0].shipped["purple"] = 4
    assert end_reasons(st) == ["p1 has shipped 12 goods"]
    day = session().state
    day.bag, day.deck = ["t01"], ["truck01"]
    day.seats[0].shipped.update(red=5, blue=4)
    assert end_reasons(day) == ["p1 has shipped 9 goods"]


def test_night_shift_a_fourth_purple_good_received_is_a_star():
    s = session("night-shift")
    st = s.state
    st.seats[1].received["purple"] = 4
    assert stars(st, st.seats[1]) == 1
    assert "p2 has received their 4th purple good" in end_reasons(st)


# ---- First game ---------------------------------------------------------------------------------


def test_card_selection_is_the_default_and_first_game_skips_it_keeping_the_three_dealt():
    """Setup step 9: "Players select one card to keep and give the remaining two to their
    opponent. (On your first game skip this step and just keep the 3 Truck cards you are
    dealt.)" """
    default = session()
    assert query(default, "phase") == "card selection"
    assert [len(p.draft) for p in default.state.seats] == [3, 3]
    first = session("first-game")
    assert query(first, "phase") == "construction"
    assert [len(p.trucks) for p in first.state.seats] == [3, 3]
    assert [p.draft for p in first.state.seats] == [[], []]
    with pytest.raises(IllegalAction, match="only during the card selection"):
        first.apply_text(f"p1: keep {first.state.seats[0].trucks[0]}")


def test_first_game_plays_board_1_even_when_the_content_names_another(tmp_path):
    """Setup step 1: "First time players should use board #1"."""
    setup = json.loads((files("dockyard.content") / "curious_cargo/setup.json").read_text())
    setup["board"] = 2
    (tmp_path / "setup.json").write_text(json.dumps(setup))
    assert session(content=[tmp_path]).state.seats[0].facility.board.id == 2
    assert session("first-game", content=[tmp_path]).state.seats[0].facility.board.id == 1


# ---- No Scaffolding and the handicap -----------------------------------------------------------


def stack_then_overhang(s: Session, seat: int) -> tuple[str, str]:
    """Lay one tile on a1-b1 and hand the player two more; return the two placements to try:
    a1-b1 again (flat, on top) and b1-c1 (overhanging the bare c1: 1 Scaffolding)."""
    name = s.players[seat]
    first, flat, overhang = s.state.bag[-3:]
    give_tiles(s, seat, first, flat, overhang)
    s.apply_text(f"{name}: place {first} a1 east")
    return f"{name}: place {flat} a1 east", f"{name}: place {overhang} b1 east"


def test_no_scaffolding_takes_the_scaffolding_out_and_a_tile_must_lie_flat():
    """Designer note: "Experienced players seeking an additional challenge can play without
    scaffolding tiles." """
    s = session("no-scaffolding", "first-game")
    assert [p.scaffolding for p in s.state.seats] == [0, 0]
    assert token_counts(s.state)["scaffolding"] == 0
    assert any("Scaffolding tiles stay in the box" in e.text for e in s.events)
    flat, overhang = stack_then_overhang(s, 0)
    with pytest.raises(IllegalAction, match="needs 1 Scaffolding and you have 0"):
        s.apply_text(overhang)
    assert s.parse(overhang) not in s.legal_actions("p1")
    s.apply_text(flat)  # stacking on an even surface is still allowed
    assert query(s, "p1.stack.a1") == 2
    invariants_hold(s)
    plain = session("first-game")
    _, overhang = stack_then_overhang(plain, 0)
    plain.apply_text(overhang)
    assert query(plain, "p1.scaffolding") == 4


def test_handicap_the_experienced_player_seated_first_plays_without_scaffolding():
    """Designer note: playing without scaffolding "can also be used to balance games with less
    experienced players": only the first seat goes without."""
    s = session("handicap", "first-game", players=["ann", "bob"])
    flat, overhang = stack_then_overhang(s, 0)
    with pytest.raises(IllegalAction, match="house rule handicap: ann plays without Scaffolding"):
        s.apply_text(overhang)
    assert s.parse(overhang) not in s.legal_actions("ann")
    s.apply_text(flat)
    s.apply_text("ann: end")
    _, overhang = stack_then_overhang(s, 1)
    s.apply_text(overhang)  # the newcomer keeps their Scaffolding
    assert query(s, "bob.scaffolding") == 4 and query(s, "ann.scaffolding") == 5
    invariants_hold(s)


@pytest.mark.parametrize("order", [("handicap", "no-scaffolding"), ("no-scaffolding", "handicap")])
def test_handicap_and_no_scaffolding_cannot_be_played_together(order):
    with pytest.raises(DockyardError, match="cannot be played with") as caught:
        session(*order)
    assert set(order) <= set(str(caught.value).replace("'", " ").split())


def test_an_unknown_variant_is_refused_with_the_list_of_variants():
    with pytest.raises(DockyardError, match="has no variant 'night' .*night-shift"):
        session("night")


# ---- The bus -----------------------------------------------------------------------------------


def test_the_bus_is_shuffled_into_the_deck_and_counted_as_a_truck_card_and_tile():
    s = session("bus")
    st = s.state
    cards = st.deck + [c for p in st.seats for c in p.trucks + p.draft]
    assert sorted(cards) == sorted([t.id for t in st.content.trucks] + ["bus"])
    counts = token_counts(st)
    assert counts["truck_cards"] == counts["truck_tiles"] == len(st.content.trucks) + 1
    invariants_hold(s)


def test_the_bus_is_played_for_1_ap_and_pushes_the_trucks_one_space():
    s = session("bus", "first-game")
    deal(s, {0: ["truck01", "bus"]})  # truck01: size 1
    s.apply_text("p1: end")
    s.apply_text("p2: end")
    s.apply_text("p1: play truck01 to p1")
    assert query(s, "p1.street.shipping") == "truck01@1:-"
    events = s.apply_text("p1: play bus to p1")
    assert "p1 plays bus (size 0, 1 AP) onto their own Shipping side" in texts(events)
    assert query(s, "p1.street.shipping") == "bus@1: truck01@2:-"  # the cab alone, at 1
    assert s.state.turn.ap == 0
    invariants_hold(s)
    assert "1 [>bu]" in s.render(None, "board p1")  # the cab beside street space 1


def test_the_bus_may_go_to_the_opponents_shipping_side_and_is_discarded_for_one_tile():
    s = session("bus", "first-game")
    deal(s, {0: ["bus"]})
    s.apply_text("p1: end")
    s.apply_text("p2: end")
    assert s.check(s.parse("p1: play bus to p2")) is None
    hand = query(s, "p1.hand")
    s.apply_text("p1: discard bus")
    assert query(s, "p1.hand") == hand + BUS_CARD.tiles == hand + 1
    assert "bus" in s.state.removed_trucks
    invariants_hold(s)


def test_the_bus_carries_nothing_so_it_never_pays_its_cab_bonus():
    """At night, p1's purple line at dock 7: the bus stops beside it and nothing loads."""
    s = session("night-shift", "bus", "first-game")
    tile = dark_tile(s, ("A.W", "B.E"))
    give_tiles(s, 0, tile)
    deal(s, {0: ["bus", "truck22"]})  # truck22: size 5, 2 AP
    s.state.trucking -= 1
    s.state.seats[0].trucking += 1
    s.apply_text(f"p1: place {tile} a7 east")
    s.apply_text("p1: end")
    s.apply_text("p2: end")
    s.apply_text("p1: dispatch")  # a Trucking token: 2 more AP
    s.apply_text("p1: play bus to p1")
    events = s.apply_text("p1: play truck22 to p1")  # 6 spaces long: the bus goes to 7
    assert query(s, "p1.street.shipping").startswith("truck22@1:-,-,-,-,- bus@7:")
    assert not [e for e in events if e.kind in ("load", "bonus", "bonus-unpaid")]
    assert query(s, "p1.shipped") == 0
    invariants_hold(s)


def test_the_bus_crosses_to_the_opponent_and_leaves_the_game_like_any_truck():
    s = session("bus", "first-game")
    st = s.state
    c = Context(s.game, s.hook)
    seen_receiving = False
    for card in ["bus", *[t.id for t in st.content.trucks]]:
        if card in st.deck:
            st.deck.remove(card)
        else:
            owner = next(p for p in st.seats if card in p.trucks)
            owner.trucks.remove(card)
        st.seats[0].trucks.append(card)
        play_truck(st, 0, st.truck_card(card), 0, c)
        invariants_hold(s)
        if any(t.card.id == "bus" for t in st.seats[1].streets[RECEIVING]):
            seen_receiving = True
        if "bus" in st.removed_trucks:
            break
    assert seen_receiving
    assert "bus" in st.removed_trucks
    assert "bus leaves p1's Shipping side and enters p2's Receiving side" in texts(c.events)
    assert any(
        t.startswith("bus leaves p2's Receiving side and is removed") for t in texts(c.events)
    )


def test_a_deck_that_already_has_a_card_called_bus_is_refused_clearly(tmp_path):
    trucks = json.loads((files("dockyard.content") / "curious_cargo/trucks.json").read_text())
    trucks["trucks"][0]["id"] = "bus"
    (tmp_path / "trucks.json").write_text(json.dumps(trucks))
    with pytest.raises(DockyardError, match="adds a Truck card 'bus', but this deck already"):
        session("bus", content=[tmp_path])


# ---- Several at once -------------------------------------------------------------------------------


def test_night_shift_bus_and_no_scaffolding_compose():
    s = session("night-shift", "bus", "no-scaffolding")
    st = s.state
    assert st.side.name == "three-color" and st.splitters["purple"] == 2
    assert "bus" in st.deck + [c for p in st.seats for c in p.trucks + p.draft]
    assert [p.scaffolding for p in st.seats] == [0, 0]
    same = session("no-scaffolding", "night-shift", "bus")
    assert json.dumps(same.view(), sort_keys=True) == json.dumps(s.view(), sort_keys=True)
    invariants_hold(s)


def test_night_shift_bus_and_no_scaffolding_together_pass_the_generic_suite():
    table = SuiteTable(GAME, 2, ("night-shift", "bus", "no-scaffolding"))
    check_table(table, Budget(playouts=3, thorough=1, saves=1, determinism=1, thorough_actions=60))


# ---- Mulligan: a verb of its own -------------------------------------------------------------


def to_trucking(s: Session) -> None:
    s.apply_text("p1: end")
    s.apply_text("p2: end")


def test_mulligan_puts_the_hand_on_the_bottom_of_the_deck_and_draws_as_many_once_per_game():
    s = session("mulligan", "first-game", seed=3)
    to_trucking(s)
    st = s.state
    hand, top = list(st.seats[0].trucks), st.deck[-3:]
    assert s.parse("p1: mulligan") in s.legal_actions("p1")
    events = s.apply_text("p1: mulligan")
    assert texts(visible(events, "p2")) == [
        "p1: mulligan",
        "p1 takes their mulligan: 3 Truck cards to the bottom of the deck, 3 drawn",
    ]  # and p1 alone is told which cards came
    assert texts(visible(events, "p1"))[2] == f"p1 drew {', '.join(st.seats[0].trucks)}"
    assert sorted(st.seats[0].trucks) == sorted(top)
    assert st.deck[:3] == hand  # at the bottom, drawn last
    invariants_hold(s)
    with pytest.raises(IllegalAction, match="already taken your mulligan this game"):
        s.apply_text("p1: mulligan")
    s.apply_text("p1: end")
    assert s.check(s.parse("p2: mulligan")) is None  # once per game for each player
    with pytest.raises(DockyardError, match="revealed hidden information"):
        s.undo(2, barriers=True)  # the mulligan drew cards: no taking it back in play
    s.undo(2)
    assert s.check(s.parse("p1: mulligan")) is None  # a tool's undo takes the mulligan back too


def test_mulligan_comes_before_the_trucking_action_and_only_in_the_trucking_phase():
    s = session("mulligan", "first-game", seed=3)
    with pytest.raises(IllegalAction, match="at the start of your Trucking Phase turn"):
        s.apply_text("p1: mulligan")
    to_trucking(s)
    card = s.state.seats[0].trucks[0]
    s.apply_text(f"p1: discard {card}")
    with pytest.raises(IllegalAction, match="comes before your Trucking action"):
        s.apply_text("p1: mulligan")
    assert not [a for a in s.legal_actions("p1") if a.verb == "mulligan"]


def test_the_mulligan_verb_exists_only_in_sessions_that_chose_the_house_rule():
    s = session("first-game", seed=3)
    to_trucking(s)
    with pytest.raises(ParseError, match=r"<input>:1:5: error: unexpected 'mulligan'"):
        s.parse("p1: mulligan")
    with pytest.raises(IllegalAction, match="has no 'mulligan' action"):
        s.apply(Action("p1", "mulligan", ()))


# ---- Seeded whole games ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "variants, counts",
    [
        (("night-shift",), {"goods.purple": 12, "splitters": 6}),
        (("bus",), {"truck_cards": 26, "truck_tiles": 26}),
        (("no-scaffolding",), {"scaffolding": 0}),
        (("handicap",), {"scaffolding": 10}),
        (("night-shift", "bus", "no-scaffolding", "mulligan"), {"truck_cards": 26}),
    ],
    ids="+".join,
)
def test_seeded_bot_games_end_with_every_component_accounted_for(variants, counts):
    from dockyard.bots import play_random_game

    s = play_random_game(GAME, seed=7, variants=variants)
    assert s.over and s.outcome() is not None
    invariants_hold(s)
    assert counts.items() <= token_counts(s.state).items()
    again = play_random_game(GAME, seed=7, variants=variants)
    assert again.log == s.log  # a seed and the variants fix the game


def test_in_bot_games_a_played_bus_never_carries_goods():
    from dockyard.bots import play_random_game

    played = 0
    for seed in range(12):
        s = play_random_game(GAME, seed=seed, variants=["bus"])
        bus_events = [e for e in s.events if re.search(r"\bbus\b", e.text)]
        played += any(e.kind == "truck-played" for e in bus_events)
        assert not [e for e in bus_events if e.kind in ("load", "unload", "bonus")]
        invariants_hold(s)
    assert played  # the seeds above do play the bus
