"""Curious Cargo edge cases that mutation testing showed no test pinned: trading thresholds,
the top of the Turn Order track, loading when a color's goods run out, the Receiving column
bonus, and the `expect` queries of a player's points and stacks."""

from __future__ import annotations

from dataclasses import replace

import pytest
from dockyard import IllegalAction
from dockyard.plugins.curious_cargo.bonuses import give, move_forklift
from dockyard.plugins.curious_cargo.components import Belt, ConveyorTile, Item, parse_cell
from dockyard.plugins.curious_cargo.facility import Facility
from dockyard.plugins.curious_cargo.loading import (
    arrive,
    load,
    load_options,
    play_truck,
    start_loading,
    unload,
)
from dockyard.plugins.curious_cargo.rounds import end_reasons
from dockyard.plugins.curious_cargo.scoring import points, stars
from dockyard.plugins.curious_cargo.speed import tile_pieces
from dockyard.plugins.curious_cargo.state import RECEIVING, SHIPPING, Truck
from dockyard.queries import query
from test_curious_cargo_rules import (
    board_for_tests,
    construction_turn,
    ctx,
    finish_card_selection,
    p1_on_test_board,
    session,
    straight,
)

# ---- Trading Tokens: "2 Trucking tokens for 1 Splitter" ----------------------------------------


def test_a_splitter_trade_needs_two_trucking_tokens_not_one() -> None:
    s, st, seat, me = construction_turn()
    me.trucking, st.trucking = 1, st.trucking - 1
    with pytest.raises(IllegalAction, match="trading needs 2 Trucking tokens"):
        s.apply_text("trade trucking red")


def test_a_splitter_trade_gives_exactly_one_splitter_even_the_supplys_last() -> None:
    s, st, seat, me = construction_turn()
    me.trucking, st.trucking = 2, st.trucking - 2
    st.boxed_splitters["red"] = st.boxed_splitters.get("red", 0) + st.splitters["red"] - 1
    st.splitters["red"] = 1  # the last red Splitter in the supply
    s.apply_text("trade trucking red")
    assert (me.trucking, me.splitters["red"], st.splitters["red"]) == (0, 1, 0)
    assert s.game.invariants(st) == []


def test_only_splitters_of_the_colors_in_play_can_be_traded_for() -> None:
    s, st, seat, me = construction_turn()
    me.trucking, st.trucking = 2, st.trucking - 2
    with pytest.raises(IllegalAction, match="there are no purple Splitters in this game"):
        s.apply_text("trade trucking purple")


# ---- The Turn Order track ends at 10 ------------------------------------------------------------


def test_more_connections_than_the_track_has_spaces_stop_the_forklift_on_the_last() -> None:
    s = session()
    finish_card_selection(s)
    st = s.state
    last = len(st.content.track) - 1
    move_forklift(st, 0, last + 3, ctx(s))
    assert st.seats[0].forklift == last


# ---- Loading: "If you have the associated goods" ------------------------------------------------


def test_a_dock_of_a_color_with_no_goods_left_loads_nothing() -> None:
    s, st, fac = p1_on_test_board()
    straight(fac, "a7", "red")
    straight(fac, "a5", "blue")
    st.seats[0].shipped["red"] = len(st.side.ship_values)  # every red good is shipped
    card = st.content.truck("truck11")  # spaces 5, 6 (blocked), 7
    st.seats[0].streets[SHIPPING].append(Truck(card, 5, [None] * 3))
    assert load_options(st, 0) == [(5,)]


def test_one_good_left_for_two_docks_on_two_trucks_is_a_choice() -> None:
    """Two red docks beside two different trucks (the side-by-side rule is within one truck's
    cargo, so it is not involved), and one red good left: load one or the other."""
    s, st, _ = p1_on_test_board()
    board = board_for_tests()
    m1, m2 = board.machines
    red = tuple(replace(p, color="red") if p.cell == (0, 4) else p for p in m1.ports)
    fac = Facility(replace(board, machines=(replace(m1, ports=red), m2)))
    st.seats[0].facility = fac
    straight(fac, "a5", "red")  # dock 5
    straight(fac, "a7", "red")  # dock 7
    st.seats[0].shipped["red"] = len(st.side.ship_values) - 1
    one = st.content.truck("truck01")  # size 1: its cargo space, then its cab
    st.seats[0].streets[SHIPPING] += [Truck(one, 5, [None]), Truck(one, 7, [None])]
    assert not [p for p in s.game.invariants(st) if "overlap" in p]  # a real street
    assert load_options(st, 0) == [(5,), (7,)]
    st.seats[0].shipped["red"] -= 1  # two left: both load
    assert load_options(st, 0) == [(5, 7)]


# ---- Queries (`expect`) -------------------------------------------------------------------------


def test_points_queries_give_the_total_and_each_line() -> None:
    s = session()
    p1 = s.state.seats[0]
    p1.bonus_points = 4
    assert query(s, "p1.points") == query(s, "p1.points.total")
    assert query(s, "p1.points.bonus") == 4
    assert query(s, "p1.points.total") >= 4


def test_stack_and_supply_queries() -> None:
    s, st, fac = p1_on_test_board()
    straight(fac, "c3", "red")
    straight(fac, "c3", "red")
    assert query(s, "p1.stack.c3") == 2 and query(s, "p1.stack.c4") == 0
    assert query(s, "supply.goods.red") == st.goods_box["red"]
    with pytest.raises(KeyError):
        query(s, "p1")
    with pytest.raises(KeyError):
        query(s, "nobody.points")


# ---- Bonuses: "A player must take any bonuses they are awarded" --------------------------------


@pytest.mark.parametrize(
    ("item", "count"),
    [
        (Item("construction", 2), lambda st, p: p.construction),
        (Item("trucking", 1), lambda st, p: p.trucking),
        (Item("splitter", 1, "red"), lambda st, p: p.splitters["red"]),
        (Item("truck_card", 2), lambda st, p: len(p.trucks)),
        (Item("conveyor_tile", 3), lambda st, p: len(p.hand)),
        (Item("points", 5), lambda st, p: p.bonus_points),
    ],
    ids=lambda v: str(v) if isinstance(v, Item) else "",
)
def test_each_kind_of_bonus_gives_exactly_its_amount(item, count) -> None:
    s = session()
    finish_card_selection(s)
    st = s.state
    p1 = st.seats[0]
    before, other = count(st, p1), count(st, st.seats[1])
    give(st, 0, item, ctx(s), "a test")
    assert count(st, p1) == before + item.amount
    assert count(st, st.seats[1]) == other
    assert s.game.invariants(st) == []


# ---- Receiving and Shipping columns -------------------------------------------------------------


def test_receiving_a_good_says_which_slot_and_which_bonus() -> None:
    s, st, fac = p1_on_test_board()
    straight(fac, "h6", "red")
    st.seats[0].received["red"] = 1
    st.seats[0].streets[RECEIVING].append(Truck(st.content.truck("truck01"), 5, ["red"]))
    events = ctx(s)
    unload(st, 0, events)
    said = [e.text for e in events.events]
    assert "p1 receives a red good at 5 (slot 2)" in said
    assert any("(covering Receiving slot 2 of red)" in t for t in said)


@pytest.mark.parametrize("column", [5, 6])
def test_the_last_shipping_columns_complete_too(column) -> None:
    s, st, fac = p1_on_test_board()
    straight(fac, "a7", "red")
    p1 = st.seats[0]
    p1.shipped = {"red": column - 1, "blue": column}
    p1.ship_columns = set(range(1, column))
    st.seats[0].streets[SHIPPING].append(Truck(st.content.truck("truck01"), 7, [None]))
    events = ctx(s)
    load(st, 0, (7,), events)
    assert column in p1.ship_columns
    assert f"p1 completes Shipping column {column}" in [e.text for e in events.events]
    assert points(st, p1)["shipping"] >= st.side.complete_columns_points[column]


def test_a_tile_on_ordinary_empty_squares_pays_no_gear_bonus() -> None:
    s, st, seat, me = construction_turn()
    me.facility = Facility(board_for_tests())  # its one Gear is at d4
    st.turn.actions = 4
    s.apply_text("draw")
    (tile,) = me.hand
    before = me.construction
    s.apply_text(f"place {tile} b2 east")
    assert me.construction == before


# ---- Splitters, trades and the supply ---------------------------------------------------------


def test_a_splitter_on_an_uncovered_gear_pays_and_on_a_covered_one_does_not() -> None:
    s, st, seat, me = construction_turn()
    me.facility = Facility(board_for_tests())  # a Gear at d4
    me.construction, st.construction = 2, st.construction - 2
    me.splitters["red"], st.splitters["red"] = 1, st.splitters["red"] - 1
    s.apply_text("splitter red d4")
    assert me.construction == 1 + 1  # one spent, one for the Gear
    fac = me.facility
    assert fac.lay_splitter("blue", (3, 3)) == []  # the Gear is covered now


def test_trading_for_a_token_the_supply_lacks_is_refused() -> None:
    s, st, seat, me = construction_turn()
    me.construction, st.construction = 2, st.construction - 2
    st.boxed_splitters["red"] = st.splitters["red"]
    st.splitters["red"] = 0
    taken = st.trucking
    st.trucking = 0
    me.trucking = taken  # every Trucking token in hand, none in the supply
    with pytest.raises(IllegalAction, match="the supply has no Trucking token"):
        s.apply_text("trade construction")
    with pytest.raises(IllegalAction, match="the supply has no red Splitter"):
        s.apply_text("trade trucking red")


# ---- The Turn Order track ---------------------------------------------------------------------


def test_a_forklift_collects_the_spaces_after_its_own_not_its_own_again() -> None:
    s = session()
    finish_card_selection(s)
    st = s.state
    move_forklift(st, 0, 3, ctx(s))
    arrivals_at_3 = list(st.track_arrivals[3])
    move_forklift(st, 0, 5, ctx(s))
    assert st.track_arrivals[3] == arrivals_at_3 == [0]
    assert st.track_arrivals[4] == [0] and st.track_arrivals[5] == [0]


def test_reaching_the_star_space_is_announced() -> None:
    s = session()
    finish_card_selection(s)
    st = s.state
    c = ctx(s)
    last = len(st.content.track) - 1
    move_forklift(st, 0, last - 1, c)
    assert not [e for e in c.events if e.kind == "star"]
    move_forklift(st, 0, last, c)
    assert f"p1 reaches the star at {last}" in [e.text for e in c.events if e.kind == "star"]


# ---- Stars and points -----------------------------------------------------------------------------


def test_the_fourth_good_of_a_color_received_is_a_star() -> None:
    s, st, fac = p1_on_test_board()
    straight(fac, "h6", "red")
    slots = len(st.side.receive_values)
    st.seats[0].received["red"] = slots - 2
    street = st.seats[0].streets[RECEIVING]
    street.append(Truck(st.content.truck("truck01"), 5, ["red"]))
    c = ctx(s)
    unload(st, 0, c)
    assert not [e for e in c.events if e.kind == "star"]
    street.append(Truck(st.content.truck("truck01"), 5, ["red"]))
    unload(st, 0, c)
    stars = [e.text for e in c.events if e.kind == "star"]
    assert stars == [f"p1 has received their {slots}th red good: a star"]


def test_a_player_with_nothing_shipped_or_received_scores_no_goods_points() -> None:
    s = session()
    p1 = s.state.seats[0]
    t = points(s.state, p1)
    assert (t["shipping"], t["receiving"]) == (0, 0)
    p1.shipped["red"] = 1
    assert points(s.state, p1)["shipping"] == s.state.side.ship_values[0]


def test_a_dock_of_a_color_not_in_play_loads_nothing() -> None:
    """Purple ports exist on every board, but purple goods only in the three-color game."""
    s, st, _ = p1_on_test_board()
    board = board_for_tests()
    m1, m2 = board.machines
    ports = tuple(replace(p, color="purple") if p.cell == (0, 4) else p for p in m1.ports)
    fac = Facility(replace(board, machines=(replace(m1, ports=ports), m2)))
    st.seats[0].facility = fac
    straight(fac, "a5", "purple")
    st.seats[0].streets[SHIPPING].append(Truck(st.content.truck("truck01"), 5, [None]))
    assert load_options(st, 0) == [()]


# ---- Tiles and Scaffolding ----------------------------------------------------------------------


@pytest.mark.parametrize("ends", [("A.W", "B.E"), ("B.E", "A.W")], ids=["A first", "B first"])
def test_a_belt_across_a_tile_joins_the_same_sides_whichever_end_is_written_first(ends) -> None:
    tile = ConveyorTile("t99", (Belt("red", ends),), ())
    a, b = tile_pieces(tile, "sand", "east")
    assert a == (("red", ("W", "E")),) and b == (("red", ("W", "E")),)
    a, b = tile_pieces(tile, "sand", "north")  # turned: A's outer side is south, B's north
    assert a == (("red", ("S", "N")),) and b == (("red", ("S", "N")),)


def test_a_tile_over_two_stacks_of_one_height_needs_no_scaffolding() -> None:
    s, st, fac = p1_on_test_board()
    straight(fac, "c3", "red")
    straight(fac, "d3", "red")
    assert fac.scaffolding_needed(parse_cell("c3"), "east") == 0
    assert fac.scaffolding_needed(parse_cell("c3"), "north") == 1


def test_after_a_splitter_the_legal_placements_see_the_new_height() -> None:
    s, st, seat, me = construction_turn()
    me.facility = Facility(board_for_tests())
    me.scaffolding = 0
    st.turn.actions = 4
    s.apply_text("draw")
    (tile,) = me.hand
    place = f"p{seat + 1}: place {tile} b2 east"
    assert place in [s.format(a) for a in s.legal_actions()]
    me.construction, st.construction = 1, st.construction - 1
    me.splitters["red"], st.splitters["red"] = 1, st.splitters["red"] - 1
    s.apply_text("splitter red b2")
    assert place not in [s.format(a) for a in s.legal_actions()]  # b2 is 1 high, c2 is 0


# ---- Trucks, loading and the supply -------------------------------------------------------------


def test_a_truck_not_yet_full_pays_no_cab_bonus() -> None:
    s, st, fac = p1_on_test_board()
    straight(fac, "a7", "red")
    card = st.content.truck("truck04")  # size 2: spaces 7 and 8, only 7 beside a connection
    st.seats[0].streets[SHIPPING].append(Truck(card, 7, [None, None]))
    before = st.seats[0].tokens(), len(st.seats[0].trucks), len(st.seats[0].hand)
    c = ctx(s)
    load(st, 0, (7,), c)
    assert not [e for e in c.events if e.kind == "bonus"]
    assert (st.seats[0].tokens(), len(st.seats[0].trucks), len(st.seats[0].hand)) == before


def test_the_supplys_last_trucking_token_can_be_traded_for() -> None:
    s, st, seat, me = construction_turn()
    me.construction, st.construction = 2, st.construction - 2
    me.trucking, st.trucking = st.trucking - 1, 1
    s.apply_text("trade construction")
    assert st.trucking == 0 and me.construction == 0


def test_playing_a_truck_says_whose_shipping_side_it_goes_to() -> None:
    s = session()
    finish_card_selection(s)
    st = s.state
    mine, theirs = st.seats[0].trucks[:2]
    c = ctx(s)
    play_truck(st, 0, st.truck_card(mine), 0, c)
    play_truck(st, 0, st.truck_card(theirs), 1, c)
    played = [e.text for e in c.events if e.kind == "truck-played"]
    assert played[0].endswith("onto their own Shipping side")
    assert played[1].endswith("onto p2's Shipping side")


def test_each_facility_loads_before_it_unloads() -> None:
    s, st, fac = p1_on_test_board()
    straight(fac, "a7", "red")
    straight(fac, "h6", "red")
    st.seats[0].streets[SHIPPING].append(Truck(st.content.truck("truck01"), 7, [None]))
    st.seats[0].streets[RECEIVING].append(Truck(st.content.truck("truck01"), 5, ["red"]))
    c = ctx(s)
    start_loading(st, 0, c)
    kinds = [e.kind for e in c.events if e.kind in ("load", "unload")]
    assert kinds == ["load", "unload"]


def test_exactly_four_goods_of_a_color_received_is_a_star() -> None:
    s = session()
    st = s.state
    p1 = st.seats[0]
    slots = len(st.side.receive_values)
    p1.received["red"] = slots - 1
    assert stars(st, p1) == 0
    p1.received["red"] = slots
    assert stars(st, p1) == 1


def test_drawing_a_tile_is_an_undo_barrier_and_ending_a_turn_is_not() -> None:
    s, st, seat, me = construction_turn()
    s.apply_text("draw")
    assert "revealed hidden information" in (s.why_not_undo() or "")
    s2, _, _, _ = construction_turn()
    s2.apply_text("end")
    assert s2.why_not_undo() is None


# ---- More pinned rules ----------------------------------------------------------------------------


def test_shipping_exactly_the_requisite_ends_the_game() -> None:
    s = session()
    st = s.state
    need = st.side.requisite
    st.seats[0].shipped = {"red": need - need // 2, "blue": need // 2}
    assert f"p1 has shipped {need} goods" in end_reasons(st)
    st.seats[0].shipped["red"] -= 1
    assert not [r for r in end_reasons(st) if "shipped" in r]


def test_each_shipping_column_pays_its_own_bonus() -> None:
    s, st, fac = p1_on_test_board()
    straight(fac, "a7", "red")
    p1 = st.seats[0]
    p1.shipped = {"red": 1, "blue": 2}
    p1.ship_columns = {1}
    st.seats[0].streets[SHIPPING].append(Truck(st.content.truck("truck01"), 7, [None]))
    c = ctx(s)
    load(st, 0, (7,), c)
    bonus = st.side.ship_column_bonus[1]
    paid = [e.text for e in c.events if e.kind == "bonus" and "Shipping column 2" in e.text]
    assert bonus is not None and len(paid) == 1 and str(bonus) in paid[0]


@pytest.mark.parametrize(
    ("direction", "a_sides"),
    [("east", ("N", "S")), ("south", ("E", "W")), ("west", ("S", "N")), ("north", ("W", "E"))],
)
def test_a_belt_within_one_half_stays_on_that_half_and_turns_with_the_tile(direction, a_sides):
    tile = ConveyorTile("t98", (Belt("blue", ("A.N", "A.S")),), ())
    a, b = tile_pieces(tile, "sand", direction)
    assert a == (("blue", a_sides),) and b == ()


def test_a_played_truck_enters_with_its_rear_at_1() -> None:
    s = session()
    finish_card_selection(s)
    st = s.state
    card = st.truck_card(st.seats[0].trucks[0])
    play_truck(st, 0, card, 0, ctx(s))
    (truck,) = st.seats[0].streets[SHIPPING]
    assert truck.rear == 1


def test_no_two_goods_of_a_color_side_by_side_counting_the_rear_space() -> None:
    s, st, fac = p1_on_test_board()
    straight(fac, "a8", "red")
    card = st.content.truck("truck04")  # size 2: spaces 7 and 8
    st.seats[0].streets[SHIPPING].append(Truck(card, 7, ["red", None]))
    assert load_options(st, 0) == [()]  # red beside the red at the rear


def test_after_a_tile_is_placed_the_flat_spots_follow_the_new_heights() -> None:
    s, st, seat, me = construction_turn()
    me.facility = Facility(board_for_tests())
    me.scaffolding = 0
    st.turn.actions = 4
    s.apply_text("draw")
    s.apply_text("draw")
    first, second = me.hand
    before = [s.format(a) for a in s.legal_actions()]
    assert f"p{seat + 1}: place {second} b3 east" in before
    s.apply_text(f"place {first} c3 east")  # c3 and d3 now 1 high, b3 still 0
    after = [s.format(a) for a in s.legal_actions()]
    assert f"p{seat + 1}: place {second} b3 east" not in after
    assert f"p{seat + 1}: place {second} c3 east" in after  # on top, flat


def test_a_loop_of_belts_is_not_a_connection() -> None:
    s, st, fac = p1_on_test_board()
    straight(fac, "c2", "red", "NE")
    straight(fac, "d2", "red", "WN")
    straight(fac, "d3", "red", "SW")
    straight(fac, "c3", "red", "ES")
    assert fac.line_from(parse_cell("c2"), "N") == ("red", [])


def test_a_truck_whose_cab_reaches_space_10_stays_on_the_street() -> None:
    s = session()
    finish_card_selection(s)
    st = s.state
    ahead = Truck(st.content.truck("truck04"), 7, [None, None])  # spaces 7, 8, cab 9
    st.seats[0].streets[SHIPPING].append(ahead)
    arrive(st, 0, SHIPPING, Truck(st.content.truck("truck01"), 1, [None]), ctx(s))  # 1, cab 2
    assert ahead.rear == 7  # not pushed: 2 < 7
    arrive(st, 0, SHIPPING, Truck(st.content.truck("truck04"), 1, [None, None]), ctx(s))
    assert ahead in st.seats[0].streets[SHIPPING]
    bump = Truck(st.content.truck("truck01"), 1, [None])
    ahead.rear = 8  # its cab on 10, the last space
    arrive(st, 0, SHIPPING, bump, ctx(s))
    assert ahead in st.seats[0].streets[SHIPPING] and ahead.front == 10


def test_a_forklift_that_stays_put_stays_under_a_later_arrival() -> None:
    s = session()
    finish_card_selection(s)
    st = s.state
    move_forklift(st, 0, 3, ctx(s))
    move_forklift(st, 1, 3, ctx(s))  # p2 arrives later: on top
    heights = st.seats[0].forklift_height, st.seats[1].forklift_height
    move_forklift(st, 0, 3, ctx(s))  # the same number again: no move
    assert (st.seats[0].forklift_height, st.seats[1].forklift_height) == heights
    assert heights[1] > heights[0]


def test_loading_completes_only_real_shipping_columns() -> None:
    s, st, fac = p1_on_test_board()
    straight(fac, "a7", "red")
    p1 = st.seats[0]
    p1.shipped = {"red": 0, "blue": 1}
    st.seats[0].streets[SHIPPING].append(Truck(st.content.truck("truck01"), 7, [None]))
    load(st, 0, (7,), ctx(s))
    assert p1.ship_columns == {1}


def test_neighbours_lie_one_square_away_on_each_side() -> None:
    from dockyard.plugins.curious_cargo.tiles import neighbour

    here = parse_cell("d4")
    assert [neighbour(here, side) for side in "NESW"] == [
        parse_cell("d5"),
        parse_cell("e4"),
        parse_cell("d3"),
        parse_cell("c4"),
    ]


def test_both_facilities_unload_in_a_trucking_turn() -> None:
    s, st, fac = p1_on_test_board()
    straight(fac, "h6", "red")
    other = Facility(board_for_tests())
    st.seats[1].facility = other
    straight(other, "h6", "red")
    for seat in (0, 1):
        truck = Truck(st.content.truck("truck01"), 5, ["red"])
        st.seats[seat].streets[RECEIVING].append(truck)
    c = ctx(s)
    start_loading(st, 0, c)
    assert [e.player for e in c.events if e.kind == "unload"] == ["p1", "p2"]


def test_a_construction_trade_needs_two_construction_tokens_not_one() -> None:
    s, st, seat, me = construction_turn()
    me.construction, st.construction = 1, st.construction - 1
    with pytest.raises(IllegalAction, match="trading needs 2 Construction tokens"):
        s.apply_text("trade construction")


def test_a_truck_leaving_the_receiving_side_says_what_goods_it_takes_away() -> None:
    s = session()
    finish_card_selection(s)
    st = s.state
    street = st.seats[0].streets[RECEIVING]
    for cargo in (["red", None], [None, None]):
        street.append(Truck(st.content.truck("truck04"), 8, cargo))  # spaces 8, 9, cab 10
        c = ctx(s)
        for _ in range(3):  # each arrival pushes the queue one truck-length further
            arrive(st, 0, RECEIVING, Truck(st.content.truck("truck04"), 1, [None, None]), c)
        gone = [e.text for e in c.events if e.kind == "truck-removed"]
        street.clear()
        if cargo[0]:
            assert gone[0].endswith("is removed from the game with red"), gone
        else:
            assert gone[0].endswith("is removed from the game"), gone


def test_the_rear_space_has_no_neighbour_behind_it() -> None:
    """Side by side means next to each other on one truck: the rear and the front of a truck are
    not neighbours."""
    s, st, fac = p1_on_test_board()
    straight(fac, "a7", "red")
    card = st.content.truck("truck11")  # size 3, space 2 blocked: spaces 7, 8, 9
    st.seats[0].streets[SHIPPING].append(Truck(card, 7, [None, None, "red"]))
    assert load_options(st, 0) == [(7,)]


@pytest.mark.parametrize("variants", [(), ("night-shift",)])
def test_a_verbs_quick_none_test_never_hides_a_legal_action(variants: tuple[str, ...]) -> None:
    """`none_if` (rounds.in_turn) lets the enumeration skip a verb: whenever it says no action
    of the verb can pass, the full rule refuses every one of them (random games, both sides
    of the test seen many times)."""
    import random

    from dockyard import Session

    rng = random.Random(8)
    seen = {True: 0, False: 0}
    for seed in range(6):
        s = Session("curious-cargo", seed=seed, variants=list(variants))
        game = s.game
        while not s.over:
            state = s.state
            for seat in state.flow.active:
                if state.flow.pending:
                    continue
                for none_if, group in game._candidates(state, seat):
                    if none_if is None:
                        continue
                    none = none_if(state, seat)
                    seen[none] += 1
                    if none:
                        for action, _ in group:
                            assert game.check(state, action, seat) is not None, action
            s.apply(rng.choice(s.legal_actions()))
    assert seen[True] > 500 and seen[False] >= 5, seen


def test_a_question_of_another_kind_offers_no_storing_or_loading() -> None:
    """A house rule's own question (a kind the rulebook does not know) waits for that seat:
    the rulebook's actions offer nothing then (the house rule's verbs list the answers)."""
    from dockyard import Decision, Session
    from dockyard.flow import push

    s = Session("curious-cargo", seed=2)
    finish_card_selection(s)
    s.apply_text("draw")
    state = s.state
    seat = state.flow.active[0]
    assert state.seats[seat].hand  # tiles that a "store" question would offer
    push(state, Decision(seat, "vote", "vote on something"))
    assert s.game.legal_actions(state, seat) == []
