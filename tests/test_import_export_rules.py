"""Import / Export, from its rulebook: the EXAMPLE TURN, the multiple-import example, every FAQ
answer, and the rules of SHIPMENTS, CONTRACT, LOAD, IMPORT, PIRATE, SUPPLY, ENDING THE GAME and
SCORING, each in a position built for it.

Each position is a layout (content/import_export/schemas/layout.schema.json) in a content
folder of its own, played with `Session(..., content=[folder])` as `dockyard play import-export
--content DIR` would. Cards named by a layout are taken from wherever the setup dealt them.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from dockyard import IllegalAction, Session
from dockyard.plugins.import_export.scoring import bills, split

# harbors of the tests: p1 green (technology), p2 yellow (agriculture), p3 red (illegal)
HARBORS = ["green", "yellow", "red"]


@pytest.fixture
def table(tmp_path: Path):
    return layout_table(tmp_path)


def layout_table(tmp_path: Path):
    """`lay(harbors, **layout)`: a Session on a table set up by that layout."""
    made = iter(range(100))

    def lay(harbors: list[str] = HARBORS, **layout: Any) -> Session:
        folder = tmp_path / f"table{next(made)}"
        folder.mkdir()
        doc = {"$schema": "urn:dockyard:import_export:layout", "harbors": harbors, **layout}
        (folder / "layout.json").write_text(json.dumps(doc))
        return Session("import-export", players=len(harbors), content=[folder])

    return lay


def q(s: Session, path: str) -> Any:
    """What an `expect PATH == ...` line of a script reads."""
    return s.game.query(s.state, path)


def play(s: Session, *lines: str) -> None:
    for line in lines:
        s.apply_text(line)


def legal(s: Session, player: str) -> set[str]:
    return {s.format(a).split(": ", 1)[1] for a in s.legal_actions(player)}


def refused(s: Session, line: str, why: str) -> None:
    before = json.dumps(s.view(None), sort_keys=True)
    with pytest.raises(IllegalAction, match=why):
        s.apply_text(line)
    assert json.dumps(s.view(None), sort_keys=True) == before


# ---- PLAYING A TURN and the EXAMPLE TURN --------------------------------------------------------


def test_example_turn_lead_load_draw_and_follow_with_imports_then_act_clockwise(table) -> None:
    """PLAYER 1 leads load; PLAYER 2 draws, and with two load cards in imports still loads
    twice; PLAYER 3 follows with a load card; all three load in clockwise order, then the
    played cards are discarded and the next player leads."""
    s = table(
        players=[
            {"hand": ["cell-phones", "segways"], "credits": 10},
            {
                "hand": ["paprika", "almonds", "beer"],
                "imports": ["bok-choy", "bamboo"],
                "shipments": ["cups"],
            },
            {"hand": ["big-ammunition", "pistols", "mouthwash"]},
        ],
        ships={
            "green-1": {"contracts": ["batteries"], "loaded": ["drones"]},
            "yellow-1": {"contracts": ["sugar"]},
            "red-1": {"contracts": ["ammunition"], "loaded": ["fake-dvds"]},
        },
        island=[],
    )
    play(s, "p1: lead load with cell-phones")
    assert q(s, "hand.p2") == 3
    play(s, "p2: draw")
    assert q(s, "hand.p2") == 5, "draw until five cards, at once"
    play(s, "p3: follow with big-ammunition")
    assert [q(s, f"actions.{p}") for p in ("p1", "p2", "p3")] == [1, 2, 1]
    assert s.actors() == ["p1"], "the leader acts first"
    refused(s, "p2: load paprika on yellow-1", "not p2's turn")
    play(s, "p1: load segways on green-1")
    # the shipment completed: 2 containers pay 6, the island is seeded, the ship sails
    assert q(s, "credits.p1") == 16 and q(s, "shipped.p1.batteries")
    assert q(s, "ship.green-1") == "sea" and q(s, "island") == 1
    play(s, "p2: load paprika on yellow-1", "p2: load almonds on yellow-1")
    assert q(s, "shipped.p2.sugar") and q(s, "credits.p2") == 16
    play(s, "p3: load pistols on red-1")
    assert q(s, "shipped.p3.ammunition")
    assert q(s, "leader") == "p2" and q(s, "phase") == "lead", "the next player leads"
    assert q(s, "on.discard.cell-phones") and q(s, "on.discard.big-ammunition")
    assert s.view(None)["discard"] == 2, "the discard pile is not open: its size and top card"


def test_leading_with_a_draw_ends_the_turn_and_nobody_follows(table) -> None:
    """FAQ: "Is it possible to take 2 draw actions on the same turn? No". The leader's draw
    ends the turn at once: no one follows or draws, the next player leads."""
    s = table(players=[{"hand": ["rice"] + ["cologne", "rope", "sauna", "jets", "pens"]}])
    play(s, "p1: draw")
    assert q(s, "hand.p1") == 7, "one more card with five or more"
    assert q(s, "leader") == "p2" and q(s, "phase") == "lead"
    assert "draw" in legal(s, "p2") and legal(s, "p3") == set()


def test_a_wild_is_two_cards_of_one_color_for_any_action(table) -> None:
    s = table(players=[{"hand": ["rice", "wheat", "laptops"]}])
    assert "lead pirate with rice and wheat" in legal(s, "p1")
    refused(s, "p1: lead pirate with laptops and rice", "two cards of one color")
    refused(s, "p1: lead pirate with laptops", "laptops is for import, not pirate")
    play(s, "p1: lead supply with rice and wheat")
    assert q(s, "declared") == "supply"


def test_following_needs_the_declared_action_or_a_wild(table) -> None:
    s = table(players=[{"hand": ["cell-phones"]}, {"hand": ["laptops", "drones", "sugar"]}])
    play(s, "p1: lead load with cell-phones")
    assert legal(s, "p2") == {"draw", "follow with drones and laptops"}
    refused(s, "p2: follow with sugar", "sugar is for contract, not load")


# ---- SHIPMENTS and CONTRACT -----------------------------------------------------------------------------


def test_contract_needs_the_tier_and_extra_contract_actions_skip_tier_levels(table) -> None:
    """HAWAIIAN SALT is "a tier 2 agriculture good": the yellow player with 1 agriculture good
    meets it with one action; FOXES (tier 2 illegal) takes the red player (tier 1) two."""
    s = table(players=[{"hand": ["segways", "hawaiian-salt", "batteries"]}, {}, {}])
    play(s, "p1: lead contract with segways", "p2: draw", "p3: draw")
    refused(
        s,
        "p1: contract hawaiian-salt on green-1",
        "tier 2 agriculture and you have tier 0: it takes 3 contract actions, you have 1",
    )
    assert "contract batteries on green-1" in legal(s, "p1")
    yellow = table(
        players=[{}, {"hand": ["almonds", "hawaiian-salt"], "goods": ["wheat"]}, {}], leader=1
    )
    play(yellow, "p2: lead contract with almonds", "p3: draw", "p1: draw")
    play(yellow, "p2: contract hawaiian-salt on yellow-1")
    assert q(yellow, "contracted.p2.hawaiian-salt")
    red = table(players=[{}, {}, {"hand": ["mini-van", "foxes"], "imports": ["pistols"]}], leader=2)
    play(red, "p3: lead contract with mini-van", "p1: draw", "p2: draw")
    assert q(red, "actions.p3") == 2
    play(red, "p3: contract foxes on red-1")
    assert q(red, "contracted.p3.foxes") and q(red, "actions.p3") == 0
    assert q(red, "leader") == "p1", "p3 used both actions on one contract: the turn is over"


def test_tier_from_goods_and_the_harbor_together(table) -> None:
    s = table(players=[{}, {"hand": ["hawaiian-salt"], "goods": ["wheat"]}, {}])
    assert q(s, "tier.p2.agriculture") == 2 and q(s, "tier.p1.technology") == 1
    assert q(s, "tier.p1.agriculture") == 0


def test_several_contracts_on_one_ship_up_to_six_containers_complete_together(table) -> None:
    """MIRI MACHINES (2 green) and DIAMOND RINGS (4 blue) on one ship: 6 containers, 14
    credits, both powers gained, the first contracted first, one card to the island."""
    s = table(
        players=[
            {
                "hand": ["cell-phones", "segways", "small-poodles"],
                "imports": ["generators"],
                "credits": 10,
            },
            {},
            {},
        ],
        ships={
            "green-1": {
                "contracts": ["miri-machines", "diamond-rings"],
                "loaded": ["batteries", "cologne", "rope", "sauna"],
            }
        },
        island=[],
    )
    play(s, "p1: lead load with cell-phones", "p2: draw", "p3: draw")
    play(s, "p1: load segways on green-1")
    assert q(s, "ship.green-1") == "harbor", "nothing completes before the whole load is on"
    play(s, "p1: load small-poodles on green-1")
    assert q(s, "credits.p1") == 24, "6 containers pay 14"
    assert s.view(None)["players"][0]["shipments"] == ["miri-machines", "diamond-rings"]
    assert q(s, "island") == 1, "one island card for one ship"


def test_a_ship_holds_at_most_six_contracted_containers(table) -> None:
    s = table(
        players=[
            {
                "hand": ["segways", "neural-units", "drones"],
                "imports": ["batteries"],
                "goods": ["playstations", "robot-cats"],
            },
            {},
            {},
        ],
        ships={"green-1": {"contracts": ["satellite"]}},
    )
    play(s, "p1: lead contract with segways", "p2: draw", "p3: draw")
    refused(s, "p1: contract neural-units on green-1", "would need 8 containers")


def test_payouts_by_containers_loaded(table) -> None:
    for contract, loaded, paid in (
        (["batteries"], ["drones"], 6),  # 2 containers
        (["playstations"], ["drones", "laptops"], 6),  # 3
        (["neural-units"], ["drones", "laptops", "teslas"], 10),  # 4
    ):
        s = table(
            players=[{"hand": ["cell-phones", "segways"], "credits": 10}, {}, {}],
            ships={"green-1": {"contracts": contract, "loaded": loaded}},
        )
        play(
            s,
            "p1: lead load with cell-phones",
            "p2: draw",
            "p3: draw",
            "p1: load segways on green-1",
        )
        assert q(s, "credits.p1") == 10 + paid, contract


def test_the_leader_discards_contracts_and_the_containers_stay(table) -> None:
    s = table(
        players=[{"hand": ["rice"]}, {"hand": ["wheat"]}, {}],
        ships={
            "green-1": {"contracts": ["batteries", "almonds"], "loaded": ["drones"]},
            "yellow-1": {"contracts": ["sugar"]},
        },
    )
    assert "scrap almonds" in legal(s, "p1")
    play(s, "p1: scrap almonds")
    assert q(s, "contracts.green-1") == 1 and q(s, "containers.green-1") == 1
    assert q(s, "on.discard.almonds") and s.view(None)["discard_top"] == "almonds"
    play(s, "p1: draw")
    refused(s, "p2: scrap batteries", "not a contract on one of your ships")


# ---- LOAD ----------------------------------------------------------------------------------------------------


def test_load_by_container_color_only_and_not_without_a_contract(table) -> None:
    s = table(
        players=[
            {"hand": ["cell-phones", "rice", "segways"]},
            {"hand": ["chairs", "wheat"]},
            {"hand": ["seeds"]},
        ],
        ships={"green-1": {"contracts": ["batteries"]}},
    )
    play(s, "p1: lead load with cell-phones", "p2: follow with chairs", "p3: follow with seeds")
    refused(s, "p1: load rice on green-1", "needs no more yellow containers")
    assert legal(s, "p1") == {"load segways on green-1", "pass", "scrap batteries"}
    play(s, "p1: load segways on green-1")
    # p2 and p3 have no contracts: "you may not use a load action"; they are passed over
    assert q(s, "leader") == "p2" and q(s, "phase") == "lead"


# ---- IMPORT --------------------------------------------------------------------------------------------------


def test_the_rulebooks_multiple_import_example(table) -> None:
    """P1 leads import and has an import card in imports; P2 follows with one; P3 draws with
    three import cards in imports. Round 1: all bid; round 2: P1 and P3; round 3: P3 takes two
    containers for free. P1 picks the ship every time."""
    s = table(
        players=[
            {
                "hand": ["laptops"],
                "imports": ["drones"],
                "shipments": ["glasses"],
                "credits": 20,
            },
            {"hand": ["teslas"], "credits": 20},
            {
                "imports": ["wheat", "chicken-feed", "shotguns"],
                "shipments": ["honey", "fluffy-pillows"],
                "credits": 20,
            },
        ],
        ships={
            "green-2": {"at_sea": True, "loaded": ["rice", "sugar", "beer", "rope"]},
            "yellow-2": {"at_sea": True, "loaded": ["cups", "jets", "almonds", "onions"]},
            "red-2": {"at_sea": True, "loaded": ["cologne", "sauna", "pens", "paper"]},
        },
    )
    play(s, "p1: lead import with laptops", "p2: follow with teslas", "p3: draw")
    assert [q(s, f"actions.{p}") for p in ("p1", "p2", "p3")] == [2, 1, 3]
    play(s, "p1: import from yellow-2")
    assert sorted(s.actors()) == ["p1", "p2", "p3"], "the bids are asked of all three at once"
    play(s, "p3: bid 6", "p1: bid 2")
    view = s.view("p2")
    assert view["auction"]["bids"] is None and "6" not in json.dumps(view["auction"])
    assert view["auction"]["have_bid"] == ["p1", "p3"]
    play(s, "p2: bid 4")
    assert s.view("p2")["auction"]["bids"] == {"p1": 2, "p2": 4, "p3": 6}
    assert s.actors() == ["p3"] and q(s, "credits.p3") == 14, "the winner pays, the others do not"
    assert q(s, "credits.p2") == 22, "the owner of yellow-2 takes 2 for the won bid"
    assert q(s, "credits.p1") == 20
    play(s, "p3: keep cups in goods", "p3: keep jets in goods")
    # round 2: P1 and P3 only
    play(s, "p1: import from red-2")
    assert sorted(s.actors()) == ["p1", "p3"]
    play(s, "p1: bid 4", "p3: bid 0")
    play(s, "p1: keep cologne in imports")
    refused(
        s,
        "p1: keep sauna in imports",
        "only one imported card a round goes to your imports|imports are full",
    )
    play(s, "p1: keep sauna in goods")
    assert q(s, "credits.p3") == 16, "red-2 is p3's: 2 for p1's won bid"
    # round 3: P3 alone, for free
    play(s, "p1: import from green-2")
    assert s.actors() == ["p3"], "alone: no bid"
    play(s, "p3: keep rice in goods", "p3: keep sugar in goods")
    assert q(s, "credits.p3") == 16 and q(s, "credits.p1") == 18, "p1 owns green-2: paid 2"
    assert q(s, "leader") == "p2", "three rounds, then the turn is over"


def test_the_leader_breaks_ties_and_a_lone_container_can_be_imported(table) -> None:
    """FAQ: "Can you import from a ship at sea if it only has a single container? Yes." An
    emptied ship returns to its owner's harbor."""
    s = table(
        players=[{"hand": ["laptops"], "credits": 10}, {"hand": ["teslas"], "credits": 10}, {}],
        ships={"red-2": {"at_sea": True, "loaded": ["rice"]}},
    )
    play(s, "p1: lead import with laptops", "p2: follow with teslas", "p3: draw")
    play(s, "p1: import from red-2", "p1: bid 4", "p2: bid 4")
    assert s.actors() == ["p1"] and legal(s, "p1") == {"favor p1", "favor p2"}
    play(s, "p1: favor p2")
    assert q(s, "credits.p2") == 6 and q(s, "credits.p1") == 10
    play(s, "p2: keep rice in imports")
    assert q(s, "ship.red-2") == "harbor", "emptied: home to p3's harbor"
    assert q(s, "credits.p3") == 12


def test_faq_no_room_means_discard_and_no_swapping(table) -> None:
    """FAQ: a card with no room in imports or goods is discarded; full places cannot swap."""
    s = table(
        players=[
            {"hand": ["laptops"], "imports": ["drones"], "goods": ["rice", "wheat"], "credits": 10},
            {},
            {},
        ],
        ships={"red-2": {"at_sea": True, "loaded": ["sugar", "cups"]}},
    )
    play(s, "p1: lead import with laptops", "p2: draw", "p3: draw", "p1: import from red-2")
    assert legal(s, "p1") == {"drop sugar", "drop cups"}
    refused(s, "p1: keep sugar in goods", "your goods are full")
    play(s, "p1: drop sugar", "p1: drop cups")
    assert q(s, "on.discard.sugar") and q(s, "on.discard.cups")


def test_bids_are_even_and_within_your_credits(table) -> None:
    s = table(
        players=[{"hand": ["laptops"], "credits": 6}, {"hand": ["teslas"], "credits": 4}, {}],
        ships={"red-2": {"at_sea": True, "loaded": ["sugar", "cups"]}},
    )
    play(
        s,
        "p1: lead import with laptops",
        "p2: follow with teslas",
        "p3: draw",
        "p1: import from red-2",
    )
    refused(s, "p2: bid 6", "you have 4 credits")
    refused(s, "p2: bid 3", "even numbers")
    assert legal(s, "p2") == {"bid 0", "bid 2", "bid 4"}


# ---- PIRATE and SUPPLY ---------------------------------------------------------------------------------------


def test_pirate_loads_if_able_otherwise_discards_and_an_emptied_ship_returns_unpaid(table) -> None:
    s = table(
        players=[
            {"hand": ["flash-drives"], "credits": 10},
            {"hand": ["onions"]},
            {"hand": ["rope"], "credits": 10},
        ],
        ships={
            "green-1": {"contracts": ["batteries"]},
            "red-2": {"at_sea": True, "loaded": ["drones"]},
            "green-2": {"at_sea": True, "loaded": ["rice", "sugar"]},
        },
        island=["wheat"],
    )
    play(s, "p1: lead pirate with flash-drives", "p2: follow with onions", "p3: follow with rope")
    assert "pirate drones from red-2 to green-1" in legal(s, "p1")
    refused(s, "p1: pirate drones from red-2", "must be: say `to green-1`")
    play(s, "p1: pirate drones from red-2 to green-1")
    assert q(s, "ship.red-2") == "harbor" and q(s, "credits.p3") == 10, "the owner is not paid"
    play(s, "p2: pirate wheat from island")  # p2 has no contract: discarded
    assert q(s, "on.discard.wheat")
    play(s, "p3: pirate rice from green-2")
    assert q(s, "containers.green-2") == 1


def test_supply_sells_once_a_turn_and_takes_from_the_island_into_imports(table) -> None:
    s = table(
        players=[
            {
                "hand": ["message-tables", "rice", "wheat"],
                "imports": ["potatoes"],
                "shipments": ["honey"],
                "credits": 10,
            },
            {},
            {},
        ],
        island=["cups", "jets"],
    )
    play(s, "p1: lead supply with message-tables", "p2: draw", "p3: draw")
    assert q(s, "actions.p1") == 2
    play(s, "p1: sell rice")
    assert q(s, "credits.p1") == 14 and q(s, "on.island.rice")
    refused(s, "p1: sell wheat", "already sold a card to the supply island this turn")
    play(s, "p1: take cups from island")
    assert q(s, "imported.p1.cups") and q(s, "imports.p1") == 2


def test_imports_and_goods_limits_grow_with_shipments(table) -> None:
    s = table(players=[{"shipments": ["honey", "cups"]}, {}, {}])
    view = s.view(None)["players"]
    assert (view[0]["imports_limit"], view[0]["goods_limit"]) == (3, 6)
    assert (view[1]["imports_limit"], view[1]["goods_limit"]) == (1, 2)


# ---- ENDING THE GAME and SCORING ------------------------------------------------------------------------------


def test_fifty_active_credits_end_the_game_once_the_turn_has_played_out(table) -> None:
    s = table(
        players=[
            {"hand": ["cell-phones", "segways"], "credits": 44},
            {"hand": ["chairs", "sugar"]},
            {},
        ],
        ships={
            "green-1": {"contracts": ["batteries"], "loaded": ["drones"]},
            "yellow-1": {"contracts": ["almonds"], "loaded": ["wheat"]},
        },
    )
    play(s, "p1: lead load with cell-phones", "p2: follow with chairs", "p3: draw")
    play(s, "p1: load segways on green-1")
    assert q(s, "credits.p1") == 50 and not s.over, "the turn finishes first"
    play(s, "p2: load sugar on yellow-1")
    assert s.over
    outcome = s.outcome()
    assert outcome is not None and outcome.end == ("credits",)


def test_an_empty_deck_and_discard_end_the_game(table) -> None:
    s = table(players=[{"hand": []}, {}, {}])
    state = s.state
    everything = state.deck[:]
    state.deck.clear()
    state.island.extend(everything)  # every card out of reach of a draw
    play(s, "p1: draw")
    assert s.over and s.outcome().end == ("deck-empty",)


def test_the_discard_is_shuffled_into_a_new_deck_when_the_deck_runs_out(table) -> None:
    s = table(players=[{"hand": []}, {}, {}])
    state = s.state
    state.discard.extend(state.deck[3:])
    del state.deck[3:]
    play(s, "p1: draw")
    assert q(s, "hand.p1") == 5 and not s.over and q(s, "discard") == 0


def test_scoring_every_line_of_the_rulebook(table) -> None:
    """Credits; 2 per container on an unfinished shipment in the harbor; goods 1 (illegal 2);
    the most of a type 6 (luxury 8, illegal -6), ties split rounded up (illegal toward 0);
    one of every type 10."""
    s = table(
        harbors=["green", "yellow", "red", "blue"],
        players=[
            {
                "credits": 20,
                "goods": ["rice", "laptops", "beer", "pistols", "cologne"],
                "shipments": ["honey", "cups"],
            },
            {"credits": 10, "goods": ["wheat", "mini-van"]},
            {"credits": 30, "goods": ["ammunition", "sauna"]},
            {"credits": 0, "goods": ["seeds", "drugs"]},
        ],
        ships={"green-1": {"contracts": ["batteries"], "loaded": ["drones"]}},
    )
    scored = bills(s.state)
    # p1: 20 + 2 (one container) + goods 1+1+1+2+1 = 6; most tech 6, consumer 6, agriculture
    # shared with p2 (6/2 = 3), luxury shared with p3 (8/2 = 4); one of each 10
    assert scored[0] == {
        "credits": 20,
        "containers": 2,
        "goods": 6,
        "most": 19,
        "one_of_each": 10,
        "powers": 0,
        "total": 57,
    }
    # illegal: p4 has 2, the most alone: -6
    assert scored[3]["most"] == -6 and scored[3]["goods"] == 4
    assert scored[1]["most"] == 3 and scored[2]["most"] == 4
    assert s.game.outcome(s.state).winners == ("p1",)


def test_tied_bonuses_split_rounded_up_and_penalties_toward_zero() -> None:
    assert split(6, 4) == 2 and split(8, 3) == 3 and split(6, 5) == 2 and split(6, 1) == 6
    assert split(-6, 4) == -1 and split(-6, 5) == -1 and split(-6, 3) == -2 and split(-6, 1) == -6


def test_the_extended_game_plays_to_eighty() -> None:
    s = Session("import-export", players=3, variants=["extended"])
    assert s.view(None)["end_credits"] == 80


# ---- hidden information and text ------------------------------------------------------------------------------


def test_hands_are_secret_and_a_layout_error_names_its_place(table, tmp_path: Path) -> None:
    s = table(players=[{"hand": ["rice"]}, {"hand": ["wheat"]}, {}])
    assert s.view("p1")["players"][0]["hand"] == ["rice"]
    assert s.view("p2")["players"][0]["hand"] is None and '"rice"' not in json.dumps(s.view("p2"))
    bad = tmp_path / "bad"
    bad.mkdir()
    (bad / "layout.json").write_text(
        json.dumps(
            {
                "$schema": "urn:dockyard:import_export:layout",
                "harbors": ["green", "yellow"],
                "players": [{"hand": ["rice", "no-such-card"]}, {"goods": ["rice"]}],
            }
        )
    )
    from dockyard import DockyardError

    with pytest.raises(DockyardError) as info:
        Session("import-export", players=2, content=[bad])
    text = str(info.value)
    assert "$.players[0].hand[1]" in text and "no card 'no-such-card'" in text
    assert "$.players[1].goods[0]" in text and "already placed" in text


def test_show_draws_a_harbor_the_open_sea_and_the_island(table) -> None:
    s = table(
        players=[{"hand": ["rice"], "goods": ["wheat"]}, {}, {}],
        ships={
            "green-1": {"contracts": ["batteries"], "loaded": ["drones"]},
            "red-2": {"at_sea": True, "loaded": ["cups"]},
        },
        island=["jets"],
    )
    board = s.render("p1")
    assert "Open sea:" in board and "red-2 (p3): cups" in board
    assert "Supply island (1): jets" in board
    assert "green-1: contracts batteries; needs 2 green; loaded drones; missing 1 green" in board
    assert "rice: load, agriculture tier 1, needs 1 black + 2 yellow" in board
    assert "rice" not in s.render("p2").replace("price", "")
    assert s.render("p1", "sea").startswith("Open sea:")


def test_secret_bids_in_a_real_terminal(tmp_path: Path) -> None:
    """Hot seat in a pseudo-terminal: the bids go in one by one, the board shows who has bid
    but not how much, and the reveal names every bid."""
    pexpect = pytest.importorskip("pexpect")
    import os
    import re
    import sys

    folder = tmp_path / "table"
    folder.mkdir()
    layout = {
        "$schema": "urn:dockyard:import_export:layout",
        "harbors": HARBORS,
        "players": [{"hand": ["laptops"], "credits": 10}, {"hand": ["teslas"], "credits": 10}],
        "ships": {"red-2": {"at_sea": True, "loaded": ["rice", "sugar"]}},
    }
    (folder / "layout.json").write_text(json.dumps(layout))
    env = {**os.environ, "TERM": "xterm-256color", "NO_COLOR": "1"}
    env["DOCKYARD_HISTORY"] = str(tmp_path / "history")
    child = pexpect.spawn(
        sys.executable,
        ["-m", "dockyard", "play", "import-export", "--content", str(folder)],
        env=env,
        encoding="utf-8",
        timeout=30,
        dimensions=(50, 200),
    )
    prompt = r"import-export[^\n>]*>"
    seen = ""
    for line in (
        "lead import with laptops",
        "p2: follow with teslas",
        "p3: draw",
        "import from red-2",
        "p2: bid 6",
        "show",
        "p1: bid 4",
        "p2: keep rice in goods",
        "p2: keep sugar in goods",
    ):
        child.expect(prompt)
        seen += child.before
        child.sendline(line)
    child.expect(prompt)
    seen += child.before
    child.sendline("quit")
    child.expect(pexpect.EOF)
    text = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]|\r", "", seen + child.before)
    assert "Traceback" not in text and "error" not in text.lower()
    assert "p2: bid (in secret)" in text
    assert "bidding for red-2: p1 to bid, p2 has bid" in text
    assert "the bids are revealed: p1 4, p2 6" in text
    assert "p2 puts sugar in their goods" in text


def test_the_example_scripts_run_with_every_expectation_met() -> None:
    from importlib.resources import as_file, files

    from dockyard.cli import main

    with as_file(files("dockyard.content") / "import_export" / "examples") as path:
        scripts = sorted(path.glob("*.dys"))
        assert scripts
        for script in scripts:
            assert main(["run", str(script)]) == 0, script.name


def test_a_bid_may_be_taken_back_until_the_reveal_and_not_after(table) -> None:
    """Bids are questions asked together: a bidder may take back their own bid while it is
    still secret; the reveal shows hidden information, so undo stops there (as after a draw)."""
    from dockyard import DockyardError

    s = table(
        players=[{"hand": ["laptops"], "credits": 10}, {"hand": ["teslas"], "credits": 10}, {}],
        ships={"red-2": {"at_sea": True, "loaded": ["rice", "sugar"]}},
    )
    play(s, "p1: lead import with laptops", "p2: follow with teslas", "p3: draw")
    play(s, "p1: import from red-2", "p1: bid 8")
    with pytest.raises(DockyardError, match="only their own"):
        s.undo(1, players={"p2"}, barriers=True)
    s.undo(1, players={"p1"}, barriers=True)
    assert sorted(s.actors()) == ["p1", "p2"]
    play(s, "p1: bid 2", "p2: bid 4")
    with pytest.raises(DockyardError, match="revealed hidden information"):
        s.undo(1, barriers=True)
    assert s.actors() == ["p2"] and q(s, "credits.p2") == 6


def test_a_seated_player_never_sees_a_bots_bid_before_the_reveal(tmp_path: Path) -> None:
    """`dockyard play --as p1` against bots: their bids are announced as made, not how much,
    and `log` shows them so to p1; the amounts come out together at the reveal."""
    import re
    import subprocess
    import sys

    folder = tmp_path / "table"
    folder.mkdir()
    layout = {
        "$schema": "urn:dockyard:import_export:layout",
        "harbors": HARBORS,
        "players": [
            {"hand": ["laptops"], "credits": 10},
            {"imports": ["drones"], "credits": 10},
            {"imports": ["teslas"], "credits": 10},
        ],
        "ships": {"red-2": {"at_sea": True, "loaded": ["rice", "sugar"]}},
    }
    (folder / "layout.json").write_text(json.dumps(layout))
    lines = ["lead import with laptops", "import from red-2", "log", "bid 4", "quit"]
    done = subprocess.run(
        [sys.executable, "-m", "dockyard", "play", "import-export", "--content", str(folder)]
        + ["--as", "p1", "--bot", "p2", "--bot", "p3"],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        timeout=60,
    )
    out = done.stdout
    before_reveal = out.split("the bids are revealed")[0]
    assert "p2: bid (in secret)" in before_reveal and "p3: bid (in secret)" in before_reveal
    assert not re.search(r"p[23]: bid \d", out), out
    assert re.search(r"the bids are revealed: p1 4, p2 \d+, p3 \d+", out), out


# ---- readings of issue 31: the end, discards, "at any time", actions during the follow -------


def test_reaching_50_at_any_moment_of_the_turn_ends_the_game_after_it(table) -> None:
    """ENDING THE GAME: "When any player has reached 50 active credits ... the game will end
    immediately after finishing the current turn." p2 reaches 52 (TELESCOPES, used in p1's
    turn), then pays 4 for an import and finishes the turn with 48: the game ends."""
    s = table(
        players=[
            {"hand": ["laptops"], "credits": 10},
            {"hand": ["teslas"], "shipments": ["telescopes"], "goods": ["drones"], "credits": 48},
            {"credits": 10},
        ],
        ships={"red-2": {"at_sea": True, "loaded": ["rice"]}},
    )
    play(s, "p1: lead import with laptops", "p2: follow with teslas", "p3: draw")
    assert s.actors() == ["p1"] and "use telescopes drones" in legal(s, "p2")
    assert q(s, "reached") is None
    play(s, "p2: use telescopes drones")  # in p1's turn: "at any time"
    assert q(s, "credits.p2") == 52 and q(s, "reached") == "p2" and not s.over
    play(s, "p1: import from red-2", "p1: bid 0", "p2: bid 4", "p2: keep rice in goods")
    assert q(s, "credits.p2") == 48
    result = s.outcome()
    assert result is not None and "credits" in result.end
    assert "p2 (52) reached 50 active credits" in result.reason


def test_a_turn_in_which_nobody_reaches_50_does_not_end_the_game(table) -> None:
    s = table(
        players=[{"hand": ["laptops"], "credits": 10}, {"hand": ["teslas"], "credits": 46}, {}],
        ships={"red-2": {"at_sea": True, "loaded": ["rice"]}},
    )
    play(s, "p1: lead import with laptops", "p2: follow with teslas", "p3: draw")
    play(s, "p1: import from red-2", "p1: bid 0", "p2: bid 4", "p2: keep rice in goods")
    assert not s.over and q(s, "leader") == "p2"


def test_the_leader_discards_contracts_at_any_point_of_the_turn(table) -> None:
    """ "At any point when a player is the leader of the turn, they may discard any shipment
    contracts": while the others follow, and while another answers a bid."""
    s = table(
        players=[{"hand": ["laptops"], "credits": 10}, {"hand": ["teslas"], "credits": 10}, {}],
        ships={
            "green-1": {"contracts": ["batteries", "almonds"]},
            "red-2": {"at_sea": True, "loaded": ["rice"]},
        },
    )
    play(s, "p1: lead import with laptops")
    assert s.actors() == ["p2"] and "scrap almonds" in legal(s, "p1")
    play(s, "p1: scrap almonds")  # while p2 is to follow
    assert q(s, "contracts.green-1") == 1 and q(s, "on.discard.almonds")
    refused(s, "p2: scrap batteries", "only the leader discards contracts")
    refused(s, "p1: draw", "it is not p1's turn .*scrap CARD")
    play(s, "p2: follow with teslas", "p3: draw", "p1: import from red-2", "p1: bid 0")
    assert s.actors() == ["p2"]
    play(s, "p1: scrap batteries")  # while p2 bids
    assert q(s, "contracts.green-1") == 0


def test_powers_used_at_any_time_are_offered_and_used_in_others_turns(table) -> None:
    """ICELAND WATER: "At any time, you may sell agriculture goods from your hand to the supply
    island for 2 credits each": in another player's turn too, and while another answers. A
    power used in place of one of your actions (CELL PHONES) is not for another's turn."""
    s = table(
        players=[
            {"hand": ["laptops"], "credits": 10},
            {"hand": ["rice", "wheat"], "shipments": ["iceland-water"], "credits": 10},
            {"hand": ["segways"], "shipments": ["cell-phones"]},
        ],
    )
    assert s.actors() == ["p1"]
    offered = {s.format(a) for a in s.legal_actions()}
    assert "p2: use iceland-water rice" in offered and "p1: draw" in offered
    assert not any(t.startswith("p3: use") for t in offered)
    refused(s, "p3: use cell-phones draw", "it is not p3's turn")
    play(s, "p2: use iceland-water rice")
    assert q(s, "credits.p2") == 12 and q(s, "on.island.rice") and s.actors() == ["p1"]
    refused(s, "p2: draw", "it is not p2's turn")
    play(s, "p1: lead import with laptops")  # p2 is to follow: its own turn
    play(s, "p2: use iceland-water wheat")
    assert q(s, "credits.p2") == 14


def test_actions_count_during_the_follow(table) -> None:
    """`actions.P` is the actions of the declared type P has this turn: during the follow,
    what its lead or follow and its imports come to so far: "cards of the same action type in
    your imports will add one extra action each on top of the initial action you receive for
    following", and they "grant you a free action for each one even if you chose to draw"."""
    s = table(
        players=[
            {"hand": ["laptops"], "imports": ["drones"]},
            {"hand": ["teslas"]},
            {"imports": ["wheat"]},
        ],
    )
    play(s, "p1: lead import with laptops")
    assert q(s, "phase") == "follow"
    assert [q(s, f"actions.{p}") for p in ("p1", "p2", "p3")] == [2, 0, 1]
    play(s, "p2: follow with teslas")
    assert q(s, "actions.p2") == 1
