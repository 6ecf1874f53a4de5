"""Curious Cargo rules, from the rulebook's worked examples and the edge cases it names."""

from __future__ import annotations

from typing import Any

import pytest
from dockyard import Context, IllegalAction, Session
from dockyard.plugins.curious_cargo.bonuses import move_forklift, turn_order_key
from dockyard.plugins.curious_cargo.components import (
    Board,
    Dock,
    Machine,
    Port,
    dock_cell,
    parse_cell,
)
from dockyard.plugins.curious_cargo.facility import Facility
from dockyard.plugins.curious_cargo.loading import arrive, load_options, unload
from dockyard.plugins.curious_cargo.scoring import outcome, points
from dockyard.plugins.curious_cargo.speed import tile_pieces
from dockyard.plugins.curious_cargo.state import RECEIVING, SHIPPING, Truck
from dockyard.plugins.curious_cargo.tiles import Layer, second_cell
from dockyard.queries import query

GAME = "curious-cargo"


def session(seed: int = 1, **kw) -> Session:
    return Session(GAME, seed=seed, variants=kw.pop("variants", ()), **kw)


def finish_card_selection(s: Session) -> None:
    for p in s.players:
        s.apply(s.legal_actions(p)[0])
    assert query(s, "phase") == "construction"


def construction_turn(seed: int = 1):
    """A game at the first Construction turn: the session, its state, the seat to act and them."""
    s = session(seed)
    finish_card_selection(s)
    seat = s.players.index(s.actors()[0])
    return s, s.state, seat, s.state.seats[seat]


def to_trucking(s: Session) -> None:
    """Card selection, then both players end their Construction turns at once."""
    finish_card_selection(s)
    s.apply_text("end")
    s.apply_text("end")


def board_for_tests() -> Board:
    """An open 8x10 board: a red machine beside shipping docks 7 and 8 (column b), a red and a
    blue machine beside receiving docks (column g), every dock available."""
    ports = (
        Port((0, 6), "E", "red", "m1"),
        Port((0, 7), "E", "red", "m1"),
        Port((0, 4), "E", "blue", "m1"),
    )
    recv = (Port((7, 5), "W", "red", "m2"), Port((7, 6), "W", "blue", "m2"))
    machines = (
        Machine("m1", frozenset({(1, 4), (1, 6), (1, 7)}), ports),
        Machine("m2", frozenset({(6, 5), (6, 6)}), recv),
    )
    docks = tuple(
        Dock(street, n, dock_cell(street, n, 8), "W" if street == SHIPPING else "E")
        for street in (SHIPPING, RECEIVING)
        for n in range(1, 11)
    )
    cells = {(c, r) for c in range(8) for r in range(10)}
    used = {c for m in machines for c in m.cells}
    return Board(
        99,
        "test",
        8,
        10,
        frozenset(),
        frozenset({(3, 3)}),
        machines,
        docks,
        frozenset(cells - used),
    )


def p1_on_test_board() -> tuple[Session, Any, Facility]:
    """After the card selection, with p1 playing on the test board."""
    s = session()
    finish_card_selection(s)
    fac = Facility(board_for_tests())
    s.state.seats[0].facility = fac
    return s, s.state, fac


def straight(fac: Facility, cell: str, color: str, sides: str = "WE") -> None:
    """Put a visible belt piece on a square (as if a tile's half lay there)."""
    c = parse_cell(cell)
    fac.stack_on(c, Layer("tile", "x", "A", "east", ((color, tuple(sides)),)))


def ctx(s: Session) -> Context:
    return Context(s.game, s.hook)


# ---- Turn Order track -------------------------------------------------------------------------


def test_forklift_moving_from_3_to_4_draws_a_truck_card():
    """Rulebook: "White placed a tile creating their 4th active connection. Their forklift is on
    the 3rd space ... so they move it to the 4th space and draw a Truck card"."""
    s = session()
    finish_card_selection(s)
    st = s.state
    p1 = st.seats[0]
    p1.forklift = 3
    cards, deck = len(p1.trucks), len(st.deck)
    move_forklift(st, 0, 4, ctx(s))
    assert p1.forklift == 4
    assert len(p1.trucks) == cards + 1 and len(st.deck) == deck - 1


def test_forklift_collects_every_space_passed_and_first_to_3_gets_one_token_second_two():
    s = session()
    finish_card_selection(s)
    st = s.state
    c = ctx(s)
    move_forklift(st, 1, 3, c)  # p2 first to 3: 1 Construction token
    assert st.seats[1].construction == 1
    move_forklift(st, 0, 5, c)  # p1 passes 3 (second: 2 tokens), 4 and 5 (two cards)
    assert st.seats[0].construction == 2
    assert len(st.seats[0].trucks) == 3 + 2


def test_forklift_never_moves_backwards_and_a_tie_stacks_on_top():
    s = session()
    finish_card_selection(s)
    st = s.state
    c = ctx(s)
    move_forklift(st, 0, 2, c)
    move_forklift(st, 0, 1, c)
    assert st.seats[0].forklift == 2
    move_forklift(st, 1, 2, c)  # p2 lands on p1's space: on top, so first in turn order
    assert turn_order_key(st, 1) > turn_order_key(st, 0)
    assert query(s, "order") == "p2,p1"


def test_forklifts_start_on_0_with_the_first_player_on_top():
    s = session()
    assert query(s, "order") == "p1,p2"


# ---- Loading and unloading -------------------------------------------------------------------


def test_two_goods_of_one_type_are_never_side_by_side_so_the_player_chooses_7_or_8():
    """Rulebook: "The same good type may never be in adjacent spaces on a Truck so the player
    must choose to load on either 7 or 8 but cannot load on both." """
    s, st, fac = p1_on_test_board()
    straight(fac, "a7", "red")
    straight(fac, "a8", "red")
    card = st.content.truck("truck10")  # size 3, nothing blocked
    st.seats[0].streets[SHIPPING].append(Truck(card, 6, [None] * 3))  # spaces 6, 7, 8
    assert load_options(st, 0) == [(7,), (8,)]
    s.apply_text("end")
    s.apply_text("end")  # the Trucking Phase begins with loading: p1 must choose
    assert s.actors() == ["p1"]
    assert sorted(s.format(a) for a in s.legal_actions()) == ["p1: load 7", "p1: load 8"]
    with pytest.raises(IllegalAction):
        s.apply_text("load 7 8")
    s.apply_text("load 8")
    truck = st.seats[0].streets[SHIPPING][0]
    assert truck.cargo == [None, None, "red"]
    assert query(s, "p1.shipped.red") == 1


def test_loading_takes_goods_only_onto_unblocked_spaces_beside_active_docks():
    s, st, fac = p1_on_test_board()
    straight(fac, "a7", "red")
    straight(fac, "a5", "blue")
    card = st.content.truck("truck11")  # size 3, space 2 blocked
    st.seats[0].streets[SHIPPING].append(Truck(card, 5, [None] * 3))  # spaces 5, 6(blocked), 7
    s.apply_text("end")
    s.apply_text("end")
    assert st.seats[0].streets[SHIPPING][0].cargo == ["blue", None, "red"]
    assert query(s, "p1.shipped") == 2
    # a full truck (blocked spaces excluded) pays its cab bonus: a Trucking token
    assert st.seats[0].trucking == 1


def test_loading_is_mandatory_and_stops_when_the_shipping_row_is_empty():
    s, st, fac = p1_on_test_board()
    straight(fac, "a7", "red")
    straight(fac, "a8", "red")
    st.seats[0].shipped["red"] = 5  # one red good left on the Shipping board
    card = st.content.truck("truck04")  # size 2
    st.seats[0].streets[SHIPPING] += [Truck(card, 7, [None] * 2)]  # 7 and 8
    # not enough goods for both docks: a choice, even though they are on one truck
    assert load_options(st, 0) == [(7,), (8,)]


def test_unloading_fills_the_leftmost_receiving_slot_and_a_fifth_good_is_removed():
    s, st, fac = p1_on_test_board()
    # receiving dock 5 is beside row 6: a red piece on h6 joins the red port (west) and the dock (east)
    straight(fac, "h6", "red")
    st.seats[0].received["red"] = 3
    card = st.content.truck("truck04")
    st.seats[0].streets[RECEIVING].append(Truck(card, 4, ["blue", "red"]))  # red at space 5
    s.apply_text("end")
    s.apply_text("end")  # the Trucking Phase starts with loading and unloading
    truck = st.seats[0].streets[RECEIVING][0]
    assert truck.cargo == ["blue", None]
    assert st.seats[0].received["red"] == 4
    # "There are only 4 slots for each good type. If you collect more than 4, just remove the
    # extras from the game."
    truck.cargo[1] = "red"
    removed = st.goods_removed["red"]
    unload(st, 0, ctx(s))
    assert truck.cargo == ["blue", None]
    assert st.seats[0].received["red"] == 4
    assert st.goods_removed["red"] == removed + 1


def test_receiving_a_good_covers_a_slot_and_pays_its_bonus():
    s, st, fac = p1_on_test_board()
    straight(fac, "h6", "red")
    st.seats[0].received["red"] = 1  # the next slot is slot 2
    item = st.side.receive_slot_bonus["red"][1]
    st.seats[0].streets[RECEIVING].append(Truck(st.content.truck("truck01"), 5, ["red"]))
    before = st.seats[0].tokens()
    s.apply_text("end")
    s.apply_text("end")
    assert st.seats[0].received["red"] == 2
    if item is not None and item.kind in ("construction", "trucking", "splitter"):
        assert st.seats[0].tokens() == before + item.amount


def test_a_receiving_column_is_complete_when_every_color_has_exactly_that_many_goods():
    """The column check is "at least as many as the column" for every color: the last good
    that brings the fewest color up to the column completes it (the boundary case), and its
    bonus is paid once."""
    s, st, fac = p1_on_test_board()
    straight(fac, "h6", "red")
    p1 = st.seats[0]
    p1.received = {"red": 1, "blue": 2}
    p1.receive_columns = {1}
    st.seats[0].streets[RECEIVING].append(Truck(st.content.truck("truck01"), 5, ["red"]))
    events = ctx(s)
    unload(st, 0, events)
    assert p1.received == {"red": 2, "blue": 2}
    texts = [e.text for e in events.events]
    assert "p1 completes Receiving column 2" in texts
    assert "p1 completes Receiving column 1" not in texts  # paid once, long ago
    assert p1.receive_columns == {1, 2}
    bonus = st.side.receive_column_bonus[1]
    paid = [e for e in events.events if e.kind == "bonus" and "Receiving column 2" in e.text]
    assert bonus is not None and len(paid) == 1 and str(bonus) in paid[0].text


# ---- Truck movement ---------------------------------------------------------------------------


def test_truck_pushes_others_forward_and_one_leaving_shipping_enters_the_opponents_receiving():
    """Rulebook example: a size 4 Truck played to one's own side pushes the Trucks there; the
    size 3 Truck extends past 10 and moves to the opponent's Receiving side, which pushes a Truck
    there past 10: it is removed from the game with its goods."""
    s = session()
    finish_card_selection(s)
    st = s.state
    c = st.content
    y = Truck(c.truck("truck04"), 3, ["red", None])  # size 2: spaces 3-5
    x = Truck(c.truck("truck10"), 7, [None, "blue", None])  # size 3: spaces 7-10
    st.seats[0].streets[SHIPPING] += [y, x]
    v = Truck(c.truck("truck01"), 1, [None])  # size 1: spaces 1-2 on p2's Receiving side
    z = Truck(c.truck("truck17"), 6, ["red", "blue", "red", None])  # size 4: spaces 6-10
    st.seats[1].streets[RECEIVING] += [v, z]
    new = Truck(c.truck("truck18"), 1, [None] * 4)  # size 4: spaces 1-5
    removed = dict(st.goods_removed)
    arrive(st, 0, SHIPPING, new, ctx(s))
    assert [(t.card.id, t.rear) for t in st.seats[0].streets[SHIPPING]] == [
        ("truck18", 1),
        ("truck04", 6),
    ]
    assert [(t.card.id, t.rear) for t in st.seats[1].streets[RECEIVING]] == [
        ("truck10", 1),
        ("truck01", 5),
    ]
    assert x.cargo == [None, "blue", None]  # goods travel with the truck
    assert "truck17" in st.removed_trucks
    assert (
        st.goods_removed["red"] == removed["red"] + 2
        and st.goods_removed["blue"] == removed["blue"] + 1
    )


def test_a_truck_enters_with_its_rear_at_1_without_pushing_trucks_further_ahead():
    s = session()
    finish_card_selection(s)
    st = s.state
    far = Truck(st.content.truck("truck01"), 8, [None])
    st.seats[0].streets[SHIPPING].append(far)
    arrive(st, 0, SHIPPING, Truck(st.content.truck("truck04"), 1, [None, None]), ctx(s))
    assert far.rear == 8


def test_playing_a_truck_card_costs_its_ap_and_may_go_to_the_opponents_shipping_side():
    s = session(seed=3)
    to_trucking(s)
    st = s.state
    seat = s.players.index(s.actors()[0])
    me = st.seats[seat]
    me.trucks = ["truck22", "truck17", "truck01"]  # 2 AP, 2 AP, 1 AP
    st.deck = [c for c in st.deck if c not in me.trucks]
    other = s.players[1 - seat]
    s.apply_text(f"play truck22 to {other}")
    assert st.seats[1 - seat].streets[SHIPPING][0].card.id == "truck22"
    reason = s.check(s.parse("play truck01 to " + other))
    assert reason is not None and "AP" in reason
    s.apply_text("end")


def test_a_trucking_token_draws_a_card_and_at_least_one_of_its_ap_must_be_spent():
    s = session(seed=3)
    to_trucking(s)
    st = s.state
    seat = s.players.index(s.actors()[0])
    st.seats[seat].trucking = 1
    st.trucking -= 1
    cards = len(st.seats[seat].trucks)
    s.apply_text("dispatch")
    assert len(st.seats[seat].trucks) == cards + 1
    assert st.turn.ap == 4
    with pytest.raises(IllegalAction, match="spend at least 1"):
        s.apply_text("end")
    # a Trucking token's AP are for Truck cards: playing them is the turn's one Trucking
    # action, so discarding a card for tiles is no longer one of the choices
    assert s.check(s.parse(f"discard {st.seats[seat].trucks[0]}")) == (
        "you have already taken your Trucking action this turn"
    )


def test_discarding_a_truck_card_gives_its_conveyor_tiles_and_ends_the_choice():
    s = session(seed=3)
    to_trucking(s)
    st = s.state
    seat = s.players.index(s.actors()[0])
    card = st.seats[seat].trucks[0]
    n = st.content.truck(card).tiles
    s.apply_text(f"discard {card}")
    assert len(st.seats[seat].hand) == n
    # "do ONE of the following": the discard was the turn's Trucking action
    assert s.check(s.parse(f"play {st.seats[seat].trucks[0]} to p1")) == (
        "you have already taken your Trucking action this turn"
    )


# ---- Construction -------------------------------------------------------------------------------


def test_a_turn_has_three_actions_and_a_construction_token_gives_two_more_once():
    s = session()
    finish_card_selection(s)
    for _ in range(3):
        s.apply_text("draw")
    with pytest.raises(IllegalAction, match="no actions left"):
        s.apply_text("draw")
    st = s.state
    seat = s.players.index(s.actors()[0])
    st.seats[seat].construction = 2
    st.construction -= 2
    s.apply_text("boost")
    s.apply_text("draw")
    s.apply_text("draw")
    with pytest.raises(IllegalAction, match="already used a Construction token"):
        s.apply_text("boost")


def test_tiles_must_lie_flat_and_scaffolding_supports_the_overhang():
    s, st, seat, me = construction_turn()
    me.facility = Facility(board_for_tests())
    st.turn.actions = 4
    s.apply_text("draw")
    s.apply_text("draw")
    first, second = me.hand
    s.apply_text(f"place {first} c2 east")  # covers c2 and d2
    assert me.facility.height(parse_cell("c2")) == 1
    # d2-e2: d2 has height 1, e2 height 0: one Scaffolding under e2
    s.apply_text(f"place {second} d2 east")
    assert me.scaffolding == 4
    assert [layer.kind for layer in me.facility.stacks[parse_cell("e2")]] == ["scaffolding", "tile"]
    assert query(s, f"{s.players[seat]}.stack.e2") == 2


def test_a_tile_that_would_not_lie_flat_needs_scaffolding_the_player_has():
    s, st, seat, me = construction_turn()
    me.facility = Facility(board_for_tests())
    st.turn.actions = 4
    s.apply_text("draw")
    s.apply_text("draw")
    first, second = me.hand
    s.apply_text(f"place {first} c2 east")
    me.scaffolding = 0
    reason = s.check(s.parse(f"place {second} d2 east"))
    assert reason is not None and "flat" in reason


def test_tiles_go_only_on_the_teal_grid():
    s, st, seat, _ = construction_turn()
    st.seats[seat].facility = Facility(board_for_tests())
    s.apply_text("draw")
    tile = st.seats[seat].hand[0]
    assert "machine" in s.check(s.parse(f"place {tile} a7 east"))  # b7 is a machine
    assert "teal grid" in s.check(s.parse(f"place {tile} h1 east"))  # off the board
    assert s.check(s.parse(f"place {tile} a1 north")) is None


def test_covering_a_gear_gives_a_construction_token_if_the_supply_has_one():
    s, st, seat, me = construction_turn()
    me.facility = Facility(board_for_tests())  # a Gear at d4
    st.turn.actions = 4
    s.apply_text("draw")
    s.apply_text("draw")
    a, b = me.hand
    s.apply_text(f"place {a} d4 east")
    assert me.construction == 1
    # covering it again gives nothing: the Gear is already covered
    s.apply_text(f"place {b} d4 east")
    assert me.construction == 1


def test_a_gear_gives_nothing_when_the_supply_is_empty():
    s, st, seat, me = construction_turn()
    me.facility = Facility(board_for_tests())
    st.seats[1 - seat].construction += st.construction
    st.construction = 0
    s.apply_text("draw")
    s.apply_text(f"place {me.hand[0]} d4 east")
    assert me.construction == 0
    assert any(e.kind == "bonus-unpaid" for e in s.last_events)


def test_only_the_top_of_a_storage_stack_may_be_played():
    s, st, seat, me = construction_turn()
    s.apply_text("draw")
    s.apply_text("draw")
    low, top = me.hand
    me.hand.clear()
    me.storage[0].extend([low, top])
    assert "not on top" in s.check(s.parse(f"place {low} a1 east"))
    assert s.check(s.parse(f"place {top} a1 east")) is None


def test_a_splitter_costs_a_construction_token_and_branches_a_line():
    """Rulebook: "A blue Splitter is placed on top of the blue line. Now there are active blue
    connections at 7, 8, and 9." """
    s, st, seat, me = construction_turn()
    fac = Facility(board_for_tests())
    me.facility = fac
    # blue port at a5 (east side); a line a5 up to a8 along column a: docks 5 is active
    straight(fac, "a5", "blue", "NE")  # from the port, north
    straight(fac, "a6", "blue", "NS")
    straight(fac, "a7", "blue", "NS")
    straight(fac, "a8", "blue", "SW")  # to dock 8
    assert {d.number for d in fac.active_docks()} == {8}
    me.splitters["blue"] = 1
    me.construction = 1
    st.construction -= 1
    st.splitters["blue"] -= 1
    s.apply_text("splitter blue a7")  # joins all four sides: dock 7 now connects too
    assert {d.number for d in fac.active_docks()} == {7, 8}
    assert me.construction == 0 and me.splitters["blue"] == 0
    assert me.forklift == 2


def test_active_connections_need_one_color_from_dock_to_a_port_of_that_color():
    fac = Facility(board_for_tests())
    straight(fac, "a7", "blue")  # a blue line into the red port: not active
    straight(fac, "a8", "red")
    assert {(d.number, c) for d, c in fac.active_docks().items()} == {(8, "red")}


def test_rotating_a_tile_turns_its_belts():
    s = session()
    tile = s.state.content.tile("t01")
    east_a, east_b = tile_pieces(tile, "sand", "east")
    south_a, south_b = tile_pieces(tile, False, "south")
    turn = {"N": "E", "E": "S", "S": "W", "W": "N"}
    assert [tuple(turn[x] for x in p[1]) for p in east_a] == [p[1] for p in south_a]
    assert second_cell((2, 2), "south") == (2, 1) and second_cell((2, 2), "north") == (2, 3)


def test_trading_two_construction_tokens_for_a_trucking_token():
    s, st, seat, me = construction_turn()
    assert "2 Construction" in s.check(s.parse("trade construction"))
    me.construction = 2
    st.construction -= 2
    s.apply_text("trade construction")
    assert (me.construction, me.trucking) == (0, 1)


# ---- End of phase, end of game ---------------------------------------------------------------


def test_hand_tiles_go_to_storage_at_the_end_of_the_phase_in_the_order_chosen():
    s = session()
    finish_card_selection(s)
    first = s.actors()[0]
    s.apply_text("draw")
    s.apply_text("draw")
    s.apply_text("end")
    s.apply_text("end")
    assert s.actors() == [first]
    me = s.state.seats[s.players.index(first)]
    a, b = me.hand
    s.apply_text(f"store {b} b")
    s.apply_text(f"store {a} b")
    assert me.storage[1] == [b, a] and me.hand == []
    assert query(s, "phase") == "trucking"


def test_more_than_three_of_a_token_type_are_returned_at_cleanup():
    s = session()
    finish_card_selection(s)
    st = s.state
    st.seats[0].construction = 5
    st.construction -= 5
    s.apply_text("end")
    s.apply_text("end")
    assert st.seats[0].construction == 3
    assert st.construction == 10 - 3


def test_the_game_ends_at_the_end_of_the_phase_when_the_bag_is_empty():
    s = session()
    finish_card_selection(s)
    st = s.state
    st.discarded_tiles += st.bag[1:]
    del st.bag[1:]
    s.apply_text("draw")
    assert not s.over  # the phase is not over yet
    s.apply_text("end")
    assert not s.over
    s.apply_text("end")
    assert s.over and "bag is empty" in query(s, "reason")


def test_end_game_scoring_example_35_to_34():
    """Rulebook, Example: End Game Scoring. Top: 6 teal + 6 red shipped (10 + 10, all 6 columns
    8), 1 red received (4), 1 token, Forklift on 8 (2): 35. Bottom: 5 teal, 2 red shipped (9 + 2),
    2 teal (7) and 3 red (9) received, 2 tokens and a Splitter (3), Forklift on 9 (4): 34."""
    s = session()
    st = s.state
    top, bottom = st.seats
    top.shipped = {"red": 6, "blue": 6}
    top.ship_columns = {1, 2, 3, 4, 5, 6}
    top.received = {"red": 1, "blue": 0}
    top.construction, top.forklift = 1, 8
    bottom.shipped = {"red": 2, "blue": 5}
    bottom.ship_columns = {1, 2}
    bottom.received = {"red": 3, "blue": 2}
    bottom.construction, bottom.trucking, bottom.splitters = 1, 1, {"red": 1, "blue": 0}
    bottom.forklift = 9
    assert points(st, top) == {
        "shipping": 28,
        "receiving": 4,
        "tokens": 1,
        "track": 2,
        "bonus": 0,
        "total": 35,
    }
    assert points(st, bottom) == {
        "shipping": 11,
        "receiving": 16,
        "tokens": 3,
        "track": 4,
        "bonus": 0,
        "total": 34,
    }
    st.flow.over = "test"
    result = outcome(st)
    assert result.winners == ("p1",) and result.details["decided_by"] == "points"


def test_a_player_who_shipped_fewer_than_2_of_a_color_cannot_win_and_both_ineligible_is_a_draw():
    s = session()
    st = s.state
    top, bottom = st.seats
    top.shipped = {"red": 6, "blue": 1}  # many points, but only 1 blue
    bottom.shipped = {"red": 2, "blue": 2}
    st.flow.over = "test"
    assert outcome(st).winners == ("p2",)
    bottom.shipped = {"red": 2, "blue": 0}
    assert outcome(st).winners == ()


def test_stars_beat_points_and_a_tie_in_both_goes_to_the_first_on_the_track():
    s = session()
    st = s.state
    top, bottom = st.seats
    for p in (top, bottom):
        p.shipped = {"red": 2, "blue": 2}
    top.shipped["red"] = 6  # more points
    bottom.received = {"red": 4, "blue": 0}  # a star
    st.flow.over = "test"
    assert outcome(st).winners == ("p2",)
    bottom.received = {"red": 0, "blue": 0}
    top.shipped["red"] = 2
    bottom.forklift_height = top.forklift_height + 1  # p2 on top of the shared space
    result = outcome(st)
    assert (
        result.winners == ("p2",)
        and result.details["decided_by"] == "first on the Turn Order track"
    )


def test_a_star_wins_over_more_points():
    """ "The player with the most stars wins. If tied, the player with the most points wins." """
    s = session()
    st = s.state
    top, bottom = st.seats
    top.shipped = {"red": 6, "blue": 6}  # far more points
    bottom.shipped = {"red": 2, "blue": 2}
    bottom.forklift = 10  # the star on the Turn Order track
    assert points(st, top)["total"] > points(st, bottom)["total"]
    st.flow.over = "test"
    result = outcome(st)
    assert result.winners == ("p2",) and result.details["decided_by"] == "stars"


def test_receiving_a_fourth_good_of_a_type_ends_the_game_at_the_end_of_the_phase():
    s = session()
    finish_card_selection(s)
    s.state.seats[1].received["blue"] = 4
    s.apply_text("end")
    s.apply_text("end")
    assert s.over and "4th blue" in query(s, "reason")


def test_hidden_information_hand_and_truck_cards_are_not_in_the_opponents_view():
    s = session()
    finish_card_selection(s)
    st = s.state
    s.apply_text("draw")
    seat = s.players.index(s.log[-1].player)
    secret = st.seats[seat].hand[0]
    other = s.players[1 - seat]
    assert secret not in str(s.view(other)) and secret in str(s.view(s.players[seat]))
    assert st.seats[seat].trucks[0] not in str(s.view(other))
    assert secret not in s.render(other)


def test_card_selection_keeps_one_and_gives_the_other_two_to_the_opponent():
    s = session()
    st = s.state
    dealt = [list(p.draft) for p in st.seats]
    s.apply_text(f"p1: keep {dealt[0][1]}")
    s.apply_text(f"p2: keep {dealt[1][0]}")
    assert sorted(st.seats[0].trucks) == sorted([dealt[0][1], *dealt[1][1:]])
    assert sorted(st.seats[1].trucks) == sorted([dealt[1][0], dealt[0][0], dealt[0][2]])
