"""Import / Export: the powers that change how a turn is played, how ships load, what a pirate
may take, what is imported and how the game is scored, each in a position built for it from
the GOODS APPENDIX text (and the expansions' cards). Every one is written in goods.json's
effects vocabulary; these tests play them through the same actions a player types.
"""

from __future__ import annotations

from typing import Any

import pytest
from dockyard import IllegalAction, Session
from test_import_export_powers import (
    BOX,
    choices_of,
    completing,
    credits,
    expansion_table,
    finish,
    legal_lines,
)
from test_import_export_rules import layout_table, play, q

PAYOUT = {n: BOX.payout(n) for n in range(2, 7)}


@pytest.fixture
def table(tmp_path):
    return layout_table(tmp_path)


def harbors(ships: dict[str, Any], completing: bool = False) -> dict[str, dict[str, Any]]:
    """Every ship of a 3-player table in its harbor and empty, but those given (and green-1,
    for `completing` to set)."""
    every = [f"{color}-{n}" for color in ("green", "yellow", "red") for n in (1, 2)]
    empty = {"at_sea": False, "loaded": [], "contracts": []}
    out = {ship: {**empty, **ships.get(ship, {})} for ship in every}
    if completing:
        del out["green-1"]
    return out


def frees(s: Session, player: str) -> set[str]:
    """The free actions on offer (a question of kind `free`)."""
    return {s.format(a).split(": ", 1)[1] for a in s.legal_actions(player)}


# ---- leading and following with other cards -------------------------------------------------


def test_neural_units_follows_any_action_with_a_load_card_to_load(table) -> None:
    """NEURAL UNITS: "You may follow any led action with a load action ... you may only take
    load actions and not the declared action. You must still play a load card to follow.\""""
    s = table(
        players=[
            {"hand": ["beer", "batteries"]},
            {"shipments": ["neural-units"], "hand": ["chairs", "rice", "shoes"]},
            {"hand": ["cologne"]},
        ],
        ships=harbors({"yellow-1": {"contracts": ["almonds"], "loaded": ["wheat"]}}),
    )
    play(s, "p1: lead contract with beer")
    assert "follow with chairs" in legal_lines(s, "p2")
    play(s, "p2: follow with chairs")
    assert "follow with cologne" not in legal_lines(s, "p3"), "p3 has no such power"
    play(s, "p3: draw", "p1: contract batteries on green-1")
    lines = legal_lines(s, "p2")
    assert "load rice on yellow-1" in lines
    assert not any(line.startswith("contract") for line in lines), "load actions only"
    play(s, "p2: load rice on yellow-1")
    assert q(s, "shipped.p2.almonds") and q(s, "leader") == "p2"


def test_3d_printers_follows_with_any_card_to_do_the_led_action(tmp_path) -> None:
    table = expansion_table(tmp_path, "kickstarter")
    s = table(
        players=[
            {"hand": ["backpacks"]},
            {"shipments": ["3d-printers"], "hand": ["beer", "rice"]},
            {"hand": ["shoes"]},
        ],
        ships=harbors({"yellow-1": {"contracts": ["almonds"], "loaded": ["wheat"]}}),
    )
    play(s, "p1: lead load with backpacks")
    assert "follow with beer" in legal_lines(s, "p2")
    assert "follow with shoes" not in legal_lines(s, "p3")
    play(s, "p2: follow with beer", "p3: draw")
    assert "load rice on yellow-1" in legal_lines(s, "p2"), "the led action: load"
    play(s, "p2: load rice on yellow-1")
    assert q(s, "shipped.p2.almonds")
    # "This power may not be used when you are leading"
    s2 = table(players=[{}, {"shipments": ["3d-printers"], "hand": ["beer"]}, {}], leader=1)
    assert "lead load with beer" not in legal_lines(s2, "p2")


def test_rice_cookers_load_and_contract_stand_for_each_other(table, tmp_path) -> None:
    lay = expansion_table(tmp_path, "jutaku")
    s = lay(
        players=[
            {"shipments": ["rice-cookers"], "hand": ["backpacks", "batteries"]},
            {"hand": ["beer", "shoes"]},
            {"hand": ["chairs"]},
        ]
    )
    lines = legal_lines(s, "p1")
    assert {"lead contract with backpacks", "lead load with backpacks"} <= lines
    assert "lead contract with beer" not in legal_lines(s, "p2")
    play(s, "p1: lead contract with backpacks")
    assert "follow with chairs" not in legal_lines(s, "p3"), "only its owner"
    play(s, "p2: follow with beer", "p3: draw", "p1: contract batteries on green-1")
    assert q(s, "contracted.p1.batteries")
    # following: a contract card follows a led load, and its owner then contracts
    s = lay(
        players=[
            {"hand": ["backpacks"]},
            {"shipments": ["rice-cookers"], "hand": ["beer", "shoes"]},
            {},
        ]
    )
    play(s, "p1: lead load with backpacks", "p2: follow with beer", "p3: draw")
    assert q(s, "phase") == "act"
    assert "contract shoes on yellow-1" in legal_lines(s, "p2")
    play(s, "p2: contract shoes on yellow-1")
    assert q(s, "contracted.p2.shoes")


# ---- loading ------------------------------------------------------------------------------------


def _following_table(table, p1: dict[str, Any], **layout: Any) -> Session:
    """p1 leads with the first card of their hand; p2 and p3 can follow (load: chairs and
    cologne; pirate: impalas and mouthwash), with nothing to use their actions on."""
    return table(
        players=[
            p1,
            {"hand": ["chairs", "impalas", "beer", "cannabis"]},
            {"hand": ["cologne", "mouthwash"]},
        ],
        **layout,
    )


def test_cell_phones_draws_instead_of_loading_and_loads_what_fits(table) -> None:
    """CELL PHONES: "you may draw a card instead of loading one from your hand. If the drawn
    card is capable of being loaded ... you must load that card, otherwise, keep it.\""""
    for top, fits in (("drones", True), ("rice", False)):
        s = _following_table(
            table,
            {"shipments": ["cell-phones"], "hand": ["backpacks"]},
            ships=harbors({"green-1": {"contracts": ["batteries"], "loaded": ["laptops"]}}),
            deck_top=[top],
        )
        play(s, "p1: lead load with backpacks", "p2: follow with chairs", "p3: follow with cologne")
        assert "use cell-phones draw" in legal_lines(s, "p1")
        play(s, "p1: use cell-phones draw")
        if fits:
            assert choices_of(s, "p1") == {"green-1"}, "the drawn card must be loaded"
            play(s, "p1: choose green-1")
            assert q(s, "shipped.p1.batteries") and q(s, "credits.p1") == 10 + PAYOUT[2]
        else:
            assert q(s, "has.p1.rice") and q(s, "contracts.green-1") == 1
        assert q(s, "actions.p1") == 0


def test_robot_cats_two_of_a_type_load_as_one_technology_container(table) -> None:
    """ROBOT CATS: "load 2 containers of the same type to count as 1 technology container
    (using a single load action) ... It is possible to receive a higher payout".\""""
    s = _following_table(
        table,
        {"shipments": ["robot-cats"], "hand": ["backpacks", "rice", "wheat", "pens"]},
        ships=harbors({"green-1": {"contracts": ["batteries"], "loaded": ["laptops"]}}),
    )
    play(s, "p1: lead load with backpacks", "p2: follow with chairs", "p3: draw")
    lines = legal_lines(s, "p1")
    assert "use robot-cats rice" in lines and "use robot-cats pens" not in lines, "a pair only"
    play(s, "p1: use robot-cats rice")
    assert choices_of(s, "p1") == {"wheat"}
    play(s, "p1: choose wheat", "p1: choose green-1")
    assert q(s, "shipped.p1.batteries")
    assert q(s, "credits.p1") == 10 + PAYOUT[3], "three containers loaded: the payout of 3"
    assert q(s, "actions.p1") == 0


def test_robot_cats_with_two_pirate_actions(table) -> None:
    """ "... you must use two pirate actions to secure the two containers to be used as one.\""""
    s = _following_table(
        table,
        {"shipments": ["robot-cats"], "hand": ["rope"], "imports": ["onions"]},
        ships=harbors(
            {
                "green-1": {"contracts": ["batteries"], "loaded": ["laptops"]},
                "red-1": {"at_sea": True, "loaded": ["rice", "wheat", "cups"]},
            }
        ),
    )
    play(s, "p1: lead pirate with rope", "p2: follow with impalas", "p3: draw")
    assert q(s, "actions.p1") == 2
    assert "use robot-cats rice" in legal_lines(s, "p1")
    assert "use robot-cats cups" not in legal_lines(s, "p1"), "no other consumer at sea"
    play(s, "p1: use robot-cats rice", "p1: choose wheat", "p1: choose green-1")
    assert q(s, "shipped.p1.batteries") and q(s, "actions.p1") == 0
    assert q(s, "containers.red-1") == 1


def test_prefab_homes_completes_luxury_shipments_with_half(table, tmp_path) -> None:
    """PREFAB HOMES: "complete luxury shipments by loading half of the required containers. If
    the luxury contract's load requirement has multiple colors, you may choose which to load"
    (half of 3 rounded up: 2, chosen among blue, blue, red: one red at most)."""
    lay = expansion_table(tmp_path, "kickstarter")
    s = lay(
        players=[
            {"shipments": ["prefab-homes"], "hand": ["backpacks", "cannabis", "rope"]},
            {"hand": ["chairs"]},
            {"hand": ["cologne"]},
        ],
        ships=harbors({"green-1": {"contracts": ["jets"], "loaded": ["big-cats"]}}),
    )
    play(s, "p1: lead load with backpacks", "p2: follow with chairs", "p3: draw")
    lines = legal_lines(s, "p1")
    assert "load rope on green-1" in lines
    assert "load cannabis on green-1" not in lines, "jets asks for one red only"
    play(s, "p1: load rope on green-1")
    assert q(s, "shipped.p1.jets") and q(s, "credits.p1") == 10 + PAYOUT[2]
    # one color: half of two blue is one
    s = lay(
        players=[
            {"shipments": ["prefab-homes"], "hand": ["backpacks", "rope"]},
            {"hand": ["chairs"]},
            {},
        ],
        ships=harbors({"green-1": {"contracts": ["leather-coats"]}}),
    )
    play(s, "p1: lead load with backpacks", "p2: follow with chairs", "p3: draw")
    play(s, "p1: load rope on green-1")
    assert q(s, "shipped.p1.leather-coats")


def test_aeroponics_a_ship_down_to_one_comes_home_with_it(tmp_path) -> None:
    lay = expansion_table(tmp_path, "kickstarter")
    s = lay(
        players=[
            {"shipments": ["aeroponics"]},
            {"hand": ["rope"]},
            {"hand": ["chairs"]},
        ],
        ships=harbors({"green-1": {"at_sea": True, "loaded": ["drones", "laptops"]}}),
        leader=1,
    )
    play(s, "p2: lead pirate with rope", "p3: draw", "p1: draw", "p2: pirate drones from green-1")
    assert q(s, "ship.green-1") == "harbor" and q(s, "on.green-1.laptops")
    from dockyard.plugins.import_export.shipments import missing

    ship = s.state.ship("green-1")
    ship.contracts.append("batteries")
    assert dict(missing(s.state, ship)) == {"green": 1}, "it counts toward a new contract"


# ---- contracting ---------------------------------------------------------------------------------


def test_flour_contracts_and_loads_at_once(table) -> None:
    """FLOUR: with the tier met and the containers for it in hand, one contract action
    contracts it and loads them all."""
    s = table(
        harbors=["yellow", "green", "red"],
        players=[
            {"hand": ["beer", "flour", "rice", "wheat", "chairs"]},
            {"hand": ["shoes"]},
            {"hand": ["cologne"]},
        ],
    )
    assert not any(line.startswith("use flour") for line in legal_lines(s, "p1")), (
        "with contract actions only"
    )
    play(s, "p1: lead contract with beer", "p2: draw", "p3: draw")
    assert "use flour yellow-1" in legal_lines(s, "p1")
    play(s, "p1: use flour yellow-1")
    assert q(s, "shipped.p1.flour") and q(s, "hand.p1") == 0
    assert q(s, "credits.p1") == 10 + PAYOUT[3] and q(s, "actions.p1") == 0


def test_flour_needs_every_container_in_hand(table) -> None:
    s = table(
        harbors=["yellow", "green", "red"],
        players=[{"hand": ["beer", "flour", "rice", "wheat"]}, {}, {}],
    )
    play(s, "p1: lead contract with beer", "p2: draw", "p3: draw")
    assert not any(line.startswith("use flour") for line in legal_lines(s, "p1"))


def test_paprika_loads_one_container_as_a_shipment_is_contracted(table) -> None:
    s = table(
        players=[
            {"shipments": ["paprika"], "hand": ["beer", "batteries", "drones", "rice"]},
            {},
            {},
        ]
    )
    play(s, "p1: lead contract with beer", "p2: draw", "p3: draw")
    play(s, "p1: contract batteries on green-1")
    assert choices_of(s, "p1") == {"drones", "none"}, "only what fits the new shipment"
    play(s, "p1: choose drones")
    assert q(s, "on.green-1.drones") and q(s, "containers.green-1") == 1


# ---- one-time powers that take ------------------------------------------------------------------


def test_printed_money_takes_a_container_from_each_opponent(table) -> None:
    """PRINTED MONEY: "Take one loaded container from one ship from each of your opponents
    (this may be a ship at sea or a ship in harbor) and either load it if possible, or keep it
    in your hand.\""""
    s = completing(
        table,
        "printed-money",
        ships=harbors(
            {
                "yellow-1": {"at_sea": True, "loaded": ["wheat"]},
                "red-1": {"loaded": ["big-cats"], "contracts": ["ammunition"]},
                "green-2": {"contracts": ["almonds"]},
            },
            completing=True,
        ),
    )
    finish(s)
    assert choices_of(s, "p1") == {"wheat"}, "p2's ships first"
    play(s, "p1: choose wheat")
    assert choices_of(s, "p1") == {"green-2", "keep"}
    play(s, "p1: choose green-2")
    assert q(s, "on.green-2.wheat") and q(s, "ship.yellow-1") == "harbor", "emptied: home"
    assert choices_of(s, "p1") == {"big-cats"}
    play(s, "p1: choose big-cats", "p1: choose keep")
    assert q(s, "has.p1.big-cats") and not q(s, "on.red-1.big-cats")


def test_stolen_research_swaps_for_a_technology_shipment_and_activates_it(table) -> None:
    s = completing(table, "stolen-research", [{}, {"shipments": ["message-tables"]}, {}])
    before = q(s, "credits.p1")
    finish(s)
    assert choices_of(s, "p1") == {"message-tables"}
    paid = q(s, "credits.p1") - before
    play(s, "p1: choose message-tables")
    assert q(s, "shipped.p1.message-tables") and q(s, "shipped.p2.stolen-research")
    assert not q(s, "shipped.p1.stolen-research")
    gained = q(s, "credits.p1") - before - paid
    assert gained >= 2 and gained % 2 == 0, "MESSAGE TABLES' one-time power ran for p1"


def test_shotguns_every_earlier_pirate_pays_two_credits_or_two_cards(table) -> None:
    """SHOTGUNS: "All players who pirate before you (you follow their pirate action ...) must
    give you 2 credits or 2 cards from their hand.\""""
    s = table(
        players=[
            {"hand": ["rope", "beer"]},
            {"hand": ["impalas", "shoes", "pens"]},
            {"shipments": ["shotguns"], "hand": ["onions"]},
        ],
        island=["cups", "soap", "paper"],
    )
    play(s, "p1: lead pirate with rope", "p2: follow with impalas", "p3: follow with onions")
    play(s, "p1: pirate cups from island")
    assert choices_of(s, "p1") == {"credits", "cards"}
    play(s, "p1: choose credits")
    assert credits(s) == [8, 10, 12]
    play(s, "p2: pirate soap from island", "p2: choose cards")
    play(s, "p2: choose shoes", "p2: choose pens")
    assert q(s, "has.p3.shoes") and q(s, "has.p3.pens") and q(s, "hand.p2") == 0
    play(s, "p3: pirate paper from island")
    assert credits(s) == [8, 10, 12], "no one pirated after p3 paid"


def test_shotguns_does_not_charge_when_its_owner_led(table) -> None:
    s = table(
        players=[
            {"shipments": ["shotguns"], "hand": ["rope"]},
            {"hand": ["impalas"]},
            {"hand": ["onions"]},
        ],
        island=["cups", "soap"],
    )
    play(s, "p1: lead pirate with rope", "p2: follow with impalas", "p3: draw")
    play(s, "p1: pirate cups from island", "p2: pirate soap from island")
    assert credits(s) == [10, 10, 10] and not s.state.flow.pending


# ---- pirating and importing from elsewhere ----------------------------------------------------


def test_mini_van_pirates_from_harbors_the_deck_and_hands(table) -> None:
    s = _following_table(
        table,
        {"shipments": ["mini-van", "seeds"], "hand": ["rope"], "imports": ["onions", "apples"]},
        ships=harbors(
            {
                "green-1": {"contracts": ["big-ammunition", "ammunition"], "loaded": ["cups"]},
                "green-2": {"contracts": ["batteries"]},
                "yellow-1": {"contracts": ["almonds"], "loaded": ["wheat"]},
            }
        ),
        deck_top=["drones"],
    )
    play(s, "p1: lead pirate with rope", "p2: follow with impalas", "p3: follow with mouthwash")
    lines = legal_lines(s, "p1")
    assert {
        "pirate wheat from yellow-1 to green-1",
        "pirate top from deck",
        "pirate random from hand of p2",
    } <= lines
    play(s, "p1: pirate wheat from yellow-1 to green-1")
    assert q(s, "on.green-1.wheat") and not q(s, "on.yellow-1.wheat")
    play(s, "p1: pirate top from deck")
    assert choices_of(s, "p1") == {"green-1", "green-2"}, "drones fits both"
    play(s, "p1: choose green-2")
    assert q(s, "on.green-2.drones")
    assert sorted(s.state.hands[1]) == ["beer", "cannabis", "chairs"]
    play(s, "p1: pirate random from hand of p2")
    assert q(s, "hand.p2") == 2
    assert choices_of(s, "p1") == {"green-1"}, "any color fits (SEEDS); the card is not named"
    play(s, "p1: choose green-1")
    assert q(s, "containers.green-1") == 3


def test_mini_van_is_needed_to_pirate_from_a_harbor(table) -> None:
    s = _following_table(
        table,
        {"hand": ["rope"]},
        ships=harbors({"yellow-1": {"contracts": ["almonds"], "loaded": ["wheat"]}}),
    )
    play(s, "p1: lead pirate with rope", "p2: follow with impalas", "p3: draw")
    with pytest.raises(IllegalAction, match="neither a ship at sea nor the island"):
        s.apply_text("p1: pirate wheat from yellow-1")
    assert not any("deck" in line or "hand of" in line for line in legal_lines(s, "p1"))


def test_dark_flight_games_imports_from_the_island_and_keeps_the_bid(tmp_path) -> None:
    lay = expansion_table(tmp_path, "captain-edition")
    s = lay(
        players=[
            {"shipments": ["dark-flight-games"], "hand": ["drones"]},
            {"hand": ["cannabis"]},
            {"hand": ["cologne"]},
        ],
        island=["rice", "wheat"],
    )
    play(s, "p1: lead import with drones", "p2: follow with cannabis", "p3: draw")
    assert "import from island" in legal_lines(s, "p1")
    play(s, "p1: import from island", "p1: bid 2", "p2: bid 4")
    assert credits(s)[:2] == [14, 6], "the winner pays the leader, not the bank"
    play(s, "p2: keep rice in imports", "p2: keep wheat in goods")
    assert q(s, "imported.p2.rice") and q(s, "owns.p2.wheat") and q(s, "island") == 0


def test_the_island_is_not_imported_from_without_dark_flight_games(table) -> None:
    s = table(
        players=[{"hand": ["drones"]}, {"hand": ["cannabis"]}, {}],
        island=["rice"],
        ships=harbors({"red-1": {"at_sea": True, "loaded": ["wheat"]}}),
    )
    play(s, "p1: lead import with drones", "p2: follow with cannabis", "p3: draw")
    assert "import from island" not in legal_lines(s, "p1")
    with pytest.raises(IllegalAction):
        s.apply_text("p1: import from island")


# ---- turns and free actions ----------------------------------------------------------------------


def test_delayed_game_others_pay_ten_and_the_owner_leads_twice(tmp_path) -> None:
    lay = expansion_table(tmp_path, "kickstarter")
    s = completing(lay, "delayed-game", [{}, {"credits": 14}, {"credits": 6}])
    finish(s)
    assert credits(s)[1:] == [4, 0], "10 each (as much as they have)"
    leaders = []
    for _ in range(5):
        leaders.append(q(s, "leader"))
        play(s, f"{q(s, 'leader')}: draw")
    assert leaders == ["p2", "p3", "p1", "p1", "p2"], "p1's next turn is two turns"


def test_platinum_rings_draws_to_eight_and_acts_for_every_card(table) -> None:
    """PLATINUM RINGS: "Draw until you have 8 cards in hand. You may execute the actions for all
    cards in your hand ... Limit 1 sell with Supply, no stacking Contract actions\""""
    hand = ["beer", "shoes", "pants", "pens", "small-poodles", "chairs", "rope", "fixie-bikes"]
    s = completing(
        table,
        "platinum-rings",
        deck_top=["cups", "honey", "glasses", *hand],
        ships=harbors({}, completing=True),
    )
    finish(s)
    assert sorted(s.state.hands[0]) == sorted(hand)
    options = frees(s, "p1")
    assert "contract beer on green-2" in options, "a contract card spent for it: shoes"
    assert "sell pants" in options and "pass" in options
    assert "contract fixie-bikes on green-2" not in options, "tier 2: no stacking"
    play(s, "p1: sell pants")
    assert q(s, "on.island.pants") and q(s, "hand.p1") == 6, "pants sold, a supply card spent"
    options = frees(s, "p1")
    assert not any(o.startswith("sell") for o in options), "one sale"
    play(s, "p1: contract beer on green-2")
    assert q(s, "contracted.p1.beer") and q(s, "hand.p1") == 4
    play(s, "p1: pass")
    assert not s.state.flow.pending


def test_stretch_goals_everyone_gains_then_two_free_actions_unpaid(tmp_path) -> None:
    lay = expansion_table(tmp_path, "kickstarter")
    s = completing(
        lay,
        "stretch-goals",
        ships=harbors(
            {
                "red-1": {"at_sea": True, "loaded": ["rice", "wheat"]},
                "yellow-2": {"at_sea": True, "loaded": ["jets", "rope", "cologne"]},
            },
            completing=True,
        ),
    )
    finish(s)
    hands = [q(s, f"hand.{p}") for p in s.players]
    for player, card in (("p1", "rice"), ("p2", "wheat"), ("p3", "cologne")):
        assert card in choices_of(s, player)
        play(s, f"{player}: choose {card}", f"{player}: choose imports")
        assert q(s, f"imported.{player}.{card}")
    assert q(s, "ship.red-1") == "harbor", "emptied: home"
    assert [q(s, f"hand.{p}") for p in s.players][1:] == [h + 1 for h in hands[1:]]
    assert credits(s)[1:] == [12, 12]
    assert {"import from yellow-2", "pass"} <= frees(s, "p1")
    play(s, "p1: import from yellow-2", "p1: keep jets in goods", "p1: keep rope in goods")
    assert q(s, "owns.p1.jets") and q(s, "owns.p1.rope")
    assert credits(s)[1:] == [12, 12], "the ship's owner takes nothing"
    assert "pass" in frees(s, "p1"), "a second free action"
    play(s, "p1: pass")
    assert not s.state.flow.pending


# ---- the end ------------------------------------------------------------------------------------


def _bills(s: Session) -> dict[str, int]:
    from dockyard.plugins.import_export.scoring import bills

    return bills(s.state)[0]


def test_teslas_imports_count_as_goods_of_the_best_type(table) -> None:
    """TESLAS: "Your supply imports count as goods of any type of your choosing at game end"
    (each owner declares what scores best for them)."""
    base = dict(players=[{"imports": ["rice"], "goods": ["jets"]}, {"goods": ["cologne"]}, {}])
    without = _bills(table(**base))
    base["players"][0]["shipments"] = ["teslas"]  # type: ignore[index]
    bill = _bills(table(**base))
    assert bill["goods"] == without["goods"] + 1, "one more good, worth 1 (not an illegal one)"
    assert bill["most"] == without["most"] + 6, "and the most of a type nobody holds"


def test_diamond_rings_moves_two_shipments_to_the_goods(table) -> None:
    base = dict(players=[{"shipments": ["cups", "pens"]}, {}, {}])
    without = _bills(table(**base))
    base["players"][0]["shipments"] = ["diamond-rings", "cups", "pens"]  # type: ignore[index]
    bill = _bills(table(**base))
    assert bill["goods"] == without["goods"] + 2
    # the best two: DIAMOND RINGS itself (the most luxury, 8) and a consumer card (6)
    assert bill["most"] == without["most"] + 8 + 6
    assert q(table(**base), "shipped.p1.diamond-rings"), "only declared at scoring"


# ---- the greedy bot and powers -------------------------------------------------------------------


def _bot(s: Session, player: str) -> str:
    import random

    seat = s.players.index(player)
    action = s.game.bot_action(s.state, seat, random.Random(1))
    return s.format(action).split(": ", 1)[1]


def test_greedy_bot_values_powers_by_a_simple_estimate(table) -> None:
    from dockyard.plugins.import_export.bots import power_value

    s = table()
    assert power_value(s.state, "potatoes") == 2 + 2, "2 credits and 2 cards"
    assert power_value(s.state, "danger-pets") == 2 * 2, "2 from each of 2 other players"
    assert power_value(s.state, "cups") > power_value(s.state, "potatoes")


def test_greedy_bot_answers_a_power_and_uses_one_when_it_pays(table) -> None:
    s = table(
        players=[
            {"shipments": ["paprika"], "hand": ["beer", "batteries", "drones", "rice"]},
            {},
            {},
        ]
    )
    play(s, "p1: lead contract with beer", "p2: draw", "p3: draw")
    play(s, "p1: contract batteries on green-1")
    assert _bot(s, "p1") == "choose drones", "loading a container that fits beats none"
    # TELESCOPES: a technology good sold for 4 when another player has the most of them anyway
    s = table(
        players=[
            {"shipments": ["telescopes"], "goods": ["drones"]},
            {"goods": ["laptops", "batteries"]},
            {},
        ]
    )
    assert _bot(s, "p1") == "use telescopes drones"
    s = table(players=[{"shipments": ["telescopes"], "goods": ["drones"]}, {}, {}])
    assert not _bot(s, "p1").startswith("use"), "its own majority is worth more than 4"


# ---- the expansions' one-time and leading powers ------------------------------------------------


def test_exclusive_cards_pays_thirty_names_a_type_and_draws(tmp_path) -> None:
    lay = expansion_table(tmp_path, "captain-edition")
    for named, won in (("luxury", 50), ("illegal", 0)):
        s = completing(
            lay,
            "exclusive-cards",
            [{"credits": 40}, {}, {}],
            deck_top=["cups", "honey", "glasses", "jets"],
            ships=harbors({}, completing=True),
        )
        finish(s)
        after = q(s, "credits.p1")
        assert after == 40 + PAYOUT[3] - 30
        assert choices_of(s, "p1") == {
            "technology",
            "agriculture",
            "consumer",
            "illegal",
            "luxury",
        }
        play(s, f"p1: choose {named}")
        assert q(s, "has.p1.jets") and q(s, "credits.p1") == after + won


def test_pocky_gains_draws_and_imports_a_container_from_the_sea(tmp_path) -> None:
    lay = expansion_table(tmp_path, "jutaku")
    s = completing(
        lay,
        "pocky",
        ships=harbors({"red-1": {"at_sea": True, "loaded": ["rice"]}}, completing=True),
    )
    finish(s)
    assert q(s, "credits.p1") == 10 + PAYOUT[2] + 2 and q(s, "hand.p1") == 2
    play(s, "p1: choose rice")
    assert choices_of(s, "p1") == {"imports", "goods"}
    play(s, "p1: choose imports")
    assert q(s, "imported.p1.rice") and q(s, "ship.red-1") == "harbor"


def test_dragon_fruit_leading_pirate_gives_two_credits_or_two_cards(tmp_path) -> None:
    lay = expansion_table(tmp_path, "kickstarter")
    s = lay(players=[{"shipments": ["dragon-fruit"], "hand": ["rope"]}, {}, {}])
    play(s, "p1: lead pirate with rope")
    assert choices_of(s, "p1") == {"credits", "cards"}
    play(s, "p1: choose cards")
    assert q(s, "hand.p1") == 2
    s = lay(players=[{"shipments": ["dragon-fruit"], "hand": ["rope", "pants"]}, {}, {}])
    play(s, "p1: lead supply with pants")
    assert not choices_of(s, "p1"), "only when leading pirate"


# ---- a power in Python, through the game's hook ------------------------------------------------


def _windfall_folder(tmp_path, name: str = "windfall") -> Any:
    import json

    folder = tmp_path / "windfall"
    folder.mkdir(parents=True)
    card = {
        "name": "Windfall",
        "id": "windfall",
        "type": "agriculture",
        "action": "load",
        "tier": 0,
        "load": {"yellow": 2},
        "timing": "immediate",
        "power": "Take 2 credits for each of your completed shipments.",
        "effects": [
            {"when": "completed", "do": [{"call": {"name": name, "with": {"credits": 2}}}]}
        ],
    }
    (folder / "goods-windfall.json").write_text(
        json.dumps({"$schema": "urn:dockyard:import_export:goods", "cards": [card]})
    )
    layout = {
        "$schema": "urn:dockyard:import_export:layout",
        "harbors": ["green", "yellow", "red"],
        "players": [{"hand": ["cell-phones", "rice"], "shipments": ["cups"]}, {}, {}],
        "ships": {"green-1": {"contracts": ["windfall"], "loaded": ["wheat"]}},
    }
    (folder / "layout.json").write_text(json.dumps(layout))
    return folder


class Windfall:
    """A house rule's plugin: the named effect `windfall` (plugins/HOOKS.md)."""

    from dockyard import hookimpl

    @hookimpl
    def import_export_effects(self, register: Any) -> None:
        from dockyard.plugins.import_export.harbor import gain

        def windfall(state: Any, who: Any, spec: Any, ctx: Any) -> None:
            each = spec["credits"]
            gain(state, who.me, each * len(state.shipments[who.me]), ctx, who.card)

        register("windfall", windfall)


def test_a_named_python_effect_from_a_variant_plays(tmp_path, install) -> None:
    from dockyard import Variant

    install(variants=[Variant("windfall", "import-export", "windfall", plugin=Windfall())])
    folder = _windfall_folder(tmp_path)
    s = Session("import-export", players=3, content=[folder], variants=["windfall"])
    play(s, "p1: lead load with cell-phones", "p2: draw", "p3: draw", "p1: load rice on green-1")
    assert q(s, "shipped.p1.windfall")
    assert q(s, "credits.p1") == 10 + PAYOUT[2] + 2 * 2, "two shipments: cups and windfall"


def test_a_named_effect_no_plugin_provides_is_refused_at_the_start(tmp_path, install) -> None:
    from dockyard import DockyardError, Variant

    install(variants=[Variant("windfall", "import-export", "windfall", plugin=Windfall())])
    folder = _windfall_folder(tmp_path, name="jackpot")
    with pytest.raises(DockyardError, match=r"card windfall: effects\[0\]\.do\[0\]\.call\.name"):
        Session("import-export", players=3, content=[folder], variants=["windfall"])
    with pytest.raises(DockyardError, match="no plugin of this session provides the effect"):
        Session("import-export", players=3, content=[_windfall_folder(tmp_path / "x")])
