"""Import / Export: rule tests quoting the rulebook (import-export-rulebook.txt), one for each
rule of scoring, shipments, importing and the effects that pay or end the game that the
mutation testing (.mutation/import_export.toml) found no test for.

Positions are layouts (content/import_export/schemas/layout.schema.json), built as
tests/test_import_export_rules.py builds them; p1 green, p2 yellow, p3 red unless a test says.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from dockyard import Session
from dockyard.plugins.import_export.scoring import bills
from test_import_export_powers import completing, expansion_table, finish
from test_import_export_rules import layout_table, legal, play, q, refused


@pytest.fixture
def table(tmp_path: Path):
    return layout_table(tmp_path)


def said(events: list[Any], kind: str) -> list[str]:
    return [e.text for e in events if e.kind == kind]


def missing(s: Session, ship: str) -> dict[str, int]:
    """What a ship in harbor still misses, as every player sees it (`show`)."""
    ships = [sh for p in s.view(None)["players"] for sh in p["ships"]]
    return next(sh["missing"] for sh in ships if sh["id"] == ship)


# ---- SCORING --------------------------------------------------------------------------------


def test_foxes_breaks_a_two_way_tie_for_the_most_of_a_type(table) -> None:
    """FOXES: "You now break all ties (this is especially important for import bids and good
    bonuses)." Two players with the most agriculture goods: the FOXES owner takes the whole 6,
    the other nothing (without FOXES they split it, 3 each)."""
    s = table(players=[{"goods": ["rice"]}, {}, {"goods": ["sugar"], "shipments": ["foxes"]}])
    scored = bills(s.state)
    assert [b["most"] for b in scored] == [0, 0, 6]
    # "all players with 1 of each good type will receive 10 credits": none has, none gets any
    assert [b["one_of_each"] for b in scored] == [0, 0, 0]
    s = table(players=[{"goods": ["rice"]}, {}, {"goods": ["sugar"], "shipments": ["cups"]}])
    assert [b["most"] for b in bills(s.state)] == [3, 0, 3]


def test_cheap_shirts_moves_no_import_into_full_goods(tmp_path: Path) -> None:
    """CHEAP SHIRTS: "At game end move all of your imports to your goods. Account for your
    goods limit." With one completed shipment the limit is 4 ("a max of 2x your completed
    shipments, starting with a base of 1"): four goods leave no room, the imports stay."""
    s = expansion_table(tmp_path, "jutaku", "kickstarter")(
        players=[
            {
                "shipments": ["cheap-shirts"],
                "imports": ["rice"],
                "goods": ["beer", "pens", "pants", "paper"],
            },
            {},
            {},
        ]
    )
    assert bills(s.state)[0]["goods"] == 4


def test_imports_cheap_shirts_moves_count_once_for_the_most_of_a_type(tmp_path: Path) -> None:
    """CHEAP SHIRTS: "At game end move all of your imports to your goods." A moved import is
    one more good of its type, for its value and for "The players with the most ... goods":
    p1's imported rice and p2's wheat tie for the most agriculture goods and split the 6."""
    s = expansion_table(tmp_path, "jutaku", "kickstarter")(
        players=[{"shipments": ["cheap-shirts"], "imports": ["rice"]}, {"goods": ["wheat"]}, {}]
    )
    scored = bills(s.state)
    assert [b["most"] for b in scored] == [3, 3, 0]
    assert [b["goods"] for b in scored] == [1, 1, 0]


def test_ceramics_one_virtual_luxury_good_for_every_two_consumer_goods(tmp_path: Path) -> None:
    """CERAMICS: "At game end, for every 2 consumer goods you have also add 1 virtual luxury
    good to your total good count." Two consumer goods make one virtual luxury good, which
    ties p2's one luxury good for the most luxury goods (8 split: 4 each)."""
    s = expansion_table(tmp_path, "jutaku", "kickstarter")(
        players=[
            {"shipments": ["ceramics", "cups"], "goods": ["beer", "pens"]},
            {"goods": ["jets"]},
            {},
        ]
    )
    assert [b["most"] for b in bills(s.state)][:2] == [6 + 4, 4]


def test_ceramics_counts_the_consumer_imports_cheap_shirts_moves(tmp_path: Path) -> None:
    """CHEAP SHIRTS: "At game end move all of your imports to your goods." CERAMICS: "for
    every 2 consumer goods you have also add 1 virtual luxury good". One consumer good and one
    consumer import moved to the goods are two consumer goods: one virtual luxury good, tying
    p2's one luxury good (8 split: 4 each)."""
    s = expansion_table(tmp_path, "jutaku", "kickstarter")(
        players=[
            {"shipments": ["ceramics", "cheap-shirts"], "goods": ["beer"], "imports": ["pants"]},
            {"goods": ["jets"]},
            {},
        ]
    )
    assert [b["most"] for b in bills(s.state)][:2] == [6 + 4, 4]


# ---- IMPORT ---------------------------------------------------------------------------------


def test_an_import_round_said_and_refused_step_by_step(table) -> None:
    """IMPORT: the leader "Chooses any ship in the open sea to be bid on. All other players who
    followed the leader's import action will be involved in the bidding, with the leader
    breaking ties." "All players involved in the bidding process will secretly put credits in
    their fist, and reveal them simultaneously. The highest bidder pays their bid to the bank,
    chooses two cards from the ship". "the owner takes 2 credits from the bank per won bid";
    "If a ship is emptied of containers, it returns to the owner's harbor." Bidders are named
    clockwise from the leader; a bid may be all of one's credits."""
    s = table(
        players=[
            {"hand": ["laptops"], "credits": 10},
            {"hand": ["teslas"], "credits": 4},
            {"hand": ["paper"], "credits": 0},
        ],
        ships={"red-2": {"at_sea": True, "loaded": ["beer", "sugar"]}},
    )
    play(s, "p1: lead import with laptops", "p2: follow with teslas", "p3: follow with paper")
    offered = legal(s, "p1")
    assert "import from red-2" in offered and "import from green-1" not in offered  # in harbor
    refused(s, "p1: import from green-1", "green-1 is not a ship at sea")
    events = s.apply_text("p1: import from red-2")
    assert said(events, "auction") == ["import round 1: p1 chooses red-2; importing: p1, p2, p3"]
    assert said(events, "ask") == ["p1, p2, p3: bid in secret for red-2's containers (bid N, even)"]
    # each bidder is asked, with what they may bid: "put credits in their fist"
    refused(s, "p1: import from red-2", r"bid for red-2's containers \(even credits, 0 to 10\)")
    refused(s, "p2: keep beer in goods", r"bid for red-2's containers \(even credits, 0 to 4\)")
    refused(s, "p2: bid 6", "you have 4 credits")
    play(s, "p1: bid 4", "p3: bid 0")
    events = s.apply_text("p2: bid 4")  # all p2 has
    assert said(events, "bids") == ["the bids are revealed: p1 4, p2 4, p3 0"]
    assert said(events, "ask") == ["p1: break the tie at 4: favor p1 or p2"]
    refused(s, "p1: favor p3", r"p3 is not among the tied bidders \(p1 or p2\)")
    events = s.apply_text("p1: favor p2")
    assert said(events, "ask") == [
        "p2: take 2 from red-2: keep CARD in imports or goods"
    ]  # "chooses two cards from the ship"
    assert [q(s, f"credits.{p}") for p in ("p1", "p2", "p3")] == [10, 0, 2]
    refused(s, "p2: keep jets in goods", "jets is not on red-2")
    events = s.apply_text("p2: keep beer in goods")
    assert said(events, "import") == ["p2 puts beer in their goods"]
    events = s.apply_text("p2: keep sugar in goods")
    assert said(events, "home") == ["red-2 is empty and returns to p3's harbor"]
    assert q(s, "ship.red-2") == "harbor" and q(s, "goods.p2") == 2


def test_glasses_a_free_import_costs_nothing(table) -> None:
    """GLASSES: "Take one free import action by yourself." No bid: the importer pays nothing,
    and the ship's owner is paid as for any import by another player."""
    s = completing(table, "glasses", ships={"red-2": {"at_sea": True, "loaded": ["rope", "jets"]}})
    finish(s)
    before = [q(s, f"credits.{p}") for p in ("p1", "p2", "p3")]
    play(s, "p1: import from red-2", "p1: keep rope in goods", "p1: keep jets in goods")
    assert [q(s, f"credits.{p}") for p in ("p1", "p2", "p3")] == [
        before[0],
        before[1],
        before[2] + 2,
    ]


def test_dark_flight_games_the_winner_pays_the_leader(tmp_path: Path) -> None:
    """DARK FLIGHT GAMES: "You may now choose to import from the supply island, if you do, keep
    the highest bid even if it is your own." Another winner pays the leader, and it is said;
    the leader winning keeps their own bid: nothing changes hands."""
    lay = expansion_table(tmp_path, "captain-edition")
    players = [
        {"shipments": ["dark-flight-games"], "hand": ["drones"], "credits": 10},
        {"hand": ["cannabis"], "credits": 10},
        {"hand": ["cologne"]},
    ]
    s = lay(players=players, island=["rice", "wheat"])
    play(s, "p1: lead import with drones", "p2: follow with cannabis", "p3: draw")
    play(s, "p1: import from island", "p1: bid 2")
    events = s.apply_text("p2: bid 4")
    assert said(events, "credits") == ["p2 pays 4 credits to p1 (the winning bid)"]
    s = lay(players=players, island=["rice", "wheat"])
    play(s, "p1: lead import with drones", "p2: follow with cannabis", "p3: draw")
    play(s, "p1: import from island", "p1: bid 4")
    events = s.apply_text("p2: bid 2")
    assert said(events, "credits") == [] and q(s, "credits.p1") == 10


# ---- ENDING THE GAME ------------------------------------------------------------------------


def test_the_game_ends_once_the_deck_ran_out_though_played_cards_are_discarded_after(
    table,
) -> None:
    """ENDING THE GAME: "There are no cards remaining in both the draw deck and the discard
    pile"; "draws the final card from the draw deck (with no cards left in the discard to
    recycle)". p2 draws from an empty deck with an empty discard pile: the game ends after the
    turn, though the card p1 led with is discarded at the end of that turn."""
    layout: dict[str, Any] = {
        "players": [{"hand": ["message-tables", "rice"], "credits": 10}, {}, {}],
        "island": [],
    }
    deck = table(**layout).state.deck
    s = table(**{**layout, "island": list(deck)})  # every card left is out of reach of a draw
    assert q(s, "deck") == 0 and q(s, "discard") == 0
    play(s, "p1: lead supply with message-tables", "p2: draw", "p3: draw")
    assert not s.over
    play(s, "p1: sell rice")  # the turn is over
    assert s.over and q(s, "discard") >= 1
    outcome = s.outcome()
    assert outcome is not None and outcome.end == ("deck-empty",)
    assert "the draw deck and the discard pile are empty" in outcome.reason


def test_up_to_one_imported_card_a_round_goes_to_the_imports(table) -> None:
    """IMPORT: the highest bidder "chooses two cards from the ship ... and adds them to their
    harbor as follows: up to one card in their imports, and/or up to two cards in their goods".
    p2 has room for three imports (two completed shipments), yet only one goes there."""
    s = table(
        players=[
            {"hand": ["laptops"], "credits": 10},
            {"hand": ["teslas"], "shipments": ["honey", "cups"], "credits": 10},
            {},
        ],
        ships={"red-2": {"at_sea": True, "loaded": ["beer", "sugar", "rope"]}},
    )
    play(s, "p1: lead import with laptops", "p2: follow with teslas", "p3: draw")
    play(s, "p1: import from red-2", "p1: bid 0", "p2: bid 2", "p2: keep beer in imports")
    assert legal(s, "p2") == {f"keep {card} in goods" for card in ("sugar", "rope")}
    refused(s, "p2: keep sugar in imports", "only one imported card a round goes to your imports")
    play(s, "p2: keep sugar in goods")
    assert q(s, "imports.p2") == 1 and q(s, "goods.p2") == 1


def test_a_full_goods_area_is_said_full_after_an_import(table) -> None:
    """FAQ: a card with no room is discarded. p2's goods are full (two goods, no completed
    shipment): after one card into the imports, the next has no room: "your goods are full",
    and it goes to the discard pile."""
    s = table(
        players=[
            {"hand": ["laptops"], "credits": 10},
            {"hand": ["teslas"], "goods": ["rice", "wheat"], "credits": 10},
            {},
        ],
        ships={"red-2": {"at_sea": True, "loaded": ["beer", "sugar", "rope"]}},
    )
    play(s, "p1: lead import with laptops", "p2: follow with teslas", "p3: draw")
    play(s, "p1: import from red-2", "p1: bid 0", "p2: bid 2", "p2: keep beer in imports")
    refused(s, "p2: keep sugar in goods", "your goods are full")
    assert legal(s, "p2") == {"drop sugar", "drop rope"}
    events = s.apply_text("p2: drop sugar")
    assert said(events, "import") == ["p2 puts sugar in the discard pile (no room for it)"]
    assert q(s, "on.discard.sugar") and q(s, "goods.p2") == 2


# ---- SHIPMENTS and LOAD ---------------------------------------------------------------------


def test_a_wild_container_fills_one_requirement_not_two(table) -> None:
    """TELEVISIONS: "Your green containers are now wild." "These wild containers will now
    fulfill any load requirement color": one green container is one of LEATHER COATS' two
    blue containers; the shipment waits for the second."""
    s = table(
        players=[{"shipments": ["televisions"], "hand": ["cell-phones", "laptops"]}, {}, {}],
        ships={"green-1": {"contracts": ["leather-coats"]}},
    )
    play(s, "p1: lead load with cell-phones", "p2: draw", "p3: draw", "p1: load laptops on green-1")
    assert not q(s, "shipped.p1.leather-coats") and q(s, "containers.green-1") == 1
    assert missing(s, "green-1") == {"blue": 1}


def test_prefab_homes_one_red_container_for_each_contract_asking_one(tmp_path: Path) -> None:
    """PREFAB HOMES: "You may complete luxury shipments by loading half of the required
    containers. If the luxury contract's load requirement has multiple colors, you may choose
    which to load." JETS and HELICOPTER, each two blue and one red, on one ship: half of each
    is two, a red among them for each: two red containers fit."""
    s = expansion_table(tmp_path, "kickstarter")(
        players=[{"shipments": ["prefab-homes"], "hand": ["backpacks", "pistols"]}, {}, {}],
        ships={
            "green-1": {"contracts": ["jets", "helicopter"], "loaded": ["cannabis"]},
            "green-2": {"at_sea": False, "loaded": [], "contracts": ["leather-coats"]},
        },
    )
    # one color: half of LEATHER COATS' two blue is one blue; two colors: to choose among
    assert missing(s, "green-2") == {"blue": 1}
    assert missing(s, "green-1") == {"blue/blue/red": 3}
    play(s, "p1: lead load with backpacks", "p2: draw", "p3: draw")
    assert "load pistols on green-1" in legal(s, "p1")
    play(s, "p1: load pistols on green-1")
    assert q(s, "containers.green-1") == 2 and not q(s, "shipped.p1.jets")


# ---- the effects that pay ------------------------------------------------------------------


def test_batteries_two_credits_paid_are_not_four_spent(table) -> None:
    """BATTERIES: "When you use the load action, you may pay 2 credits to load one extra
    container." FAKE DVDS: "When another player spends or loses 4 or more credits, take 2
    credits from the bank": paying 2 is not spending 4, FAKE DVDS' owner takes nothing."""
    s = table(
        players=[
            {"shipments": ["batteries"], "hand": ["cell-phones", "segways", "drones"]},
            {"shipments": ["fake-dvds"], "credits": 10},
            {},
        ],
        ships={"green-1": {"contracts": ["neural-units"]}},
    )
    play(s, "p1: lead load with cell-phones", "p2: draw", "p3: draw", "p1: load segways on green-1")
    play(s, "p1: choose pay", "p1: load drones on green-1")
    assert q(s, "credits.p1") == 8 and q(s, "credits.p2") == 10


def test_message_tables_two_cards_of_a_type_at_once_pay_two(table) -> None:
    """MESSAGE TABLES: "Draw cards until you get two of the same type (for example two
    technology cards, or two agriculture cards) then take credits equal to the cards drawn this
    way rounded up to evens." Rice then wheat: two cards, two credits (plus the 6 of the
    shipment's 2 or 3 containers)."""
    # p2 and p3 draw one each (pens, cups), the island is seeded (jets), then the power draws
    top = ["pens", "cups", "jets", "rice", "wheat", "beer"]
    s = completing(table, "message-tables", deck_top=top)
    finish(s)
    assert q(s, "has.p1.wheat") and not q(s, "has.p1.beer")
    assert q(s, "credits.p1") == 10 + 6 + 2


def test_railguns_four_credits_given_are_four_lost(table) -> None:
    """RAILGUNS: "Every player must give you either 4 credits, one of their completed shipments
    ... or two of their goods". FAKE DVDS: "When another player spends or loses 4 or more
    credits, take 2 credits from the bank": p2 gives 4, and p3's FAKE DVDS pays p3 2."""
    s = completing(table, "railguns", [{}, {}, {"shipments": ["fake-dvds"], "credits": 10}])
    finish(s)
    events = s.apply_text("p2: choose credits")
    assert said(events, "credits")[0] == "p2 gives 4 credits to p1 (railguns)"
    assert q(s, "credits.p2") == 6 and q(s, "credits.p3") == 12


def test_prefab_homes_a_container_past_its_half_fills_a_rainbow_contract(tmp_path: Path) -> None:
    """PREFAB HOMES: "You may complete luxury shipments by loading half of the required
    containers." GENERATORS: "Your technology contracts now have a rainbow load requirement."
    JETS (two of blue, blue, red: here blue
    and red) and LAPTOPS (two technology, any color) on one ship: a third blue container is
    past JETS' half, so it is one of LAPTOPS' two."""
    s = expansion_table(tmp_path, "kickstarter")(
        players=[
            {"shipments": ["prefab-homes", "generators"], "hand": ["backpacks", "cologne"]},
            {},
            {},
        ],
        ships={"green-1": {"contracts": ["jets", "laptops"], "loaded": ["rope", "cannabis"]}},
    )
    assert missing(s, "green-1") == {"any": 2}
    play(s, "p1: lead load with backpacks", "p2: draw", "p3: draw", "p1: load cologne on green-1")
    assert missing(s, "green-1") == {"any": 1}


def test_prefab_homes_on_a_tablets_ship_a_red_for_each_four_container_contract(
    tmp_path: Path,
) -> None:
    """TABLETS: "All of your ships now have the capacity to load up to 8 containers". PREFAB
    HOMES: half of each luxury requirement, colors chosen from it. FERRARIS and PLATINUM RINGS,
    each three blue and one red, on one ship: half of each is two, a red among them for each:
    two red containers fit."""
    s = expansion_table(tmp_path, "kickstarter")(
        players=[
            {"shipments": ["prefab-homes", "tablets"], "hand": ["backpacks", "pistols"]},
            {},
            {},
        ],
        ships={"green-1": {"contracts": ["ferraris", "platinum-rings"], "loaded": ["cannabis"]}},
    )
    assert missing(s, "green-1") == {"blue/blue/blue/red": 3}
    play(s, "p1: lead load with backpacks", "p2: draw", "p3: draw")
    assert "load pistols on green-1" in legal(s, "p1")


def test_danger_pets_nothing_from_a_player_with_no_credits(table) -> None:
    """DANGER PETS: "All players must give you 2 credits." A player with no credits gives
    nothing, and nothing is said of them."""
    s = completing(table, "danger-pets", [{}, {"credits": 0}, {"credits": 10}])
    play(s, "p1: lead load with cell-phones", "p2: draw", "p3: draw")
    events = s.apply_text(f"p1: load {s.last} on green-1")  # type: ignore[attr-defined]
    gives = [t for t in said(events, "credits") if " gives " in t]
    assert gives == ["p3 gives 2 credits to p1 (danger-pets)"]
    assert q(s, "credits.p2") == 0 and q(s, "credits.p3") == 8


def test_dyson_vacuums_takes_a_hand_without_paying_for_it(tmp_path: Path) -> None:
    """DYSON VACUUMS: "All players must give you their entire hand or one of their luxury
    goods." The cards come, no credits with them (HAWAIIAN SALT's 2 a card is its own)."""
    s = expansion_table(tmp_path, "jutaku", "kickstarter", "captain-edition")(
        players=[
            {"hand": ["cell-phones", "drones"], "credits": 10},
            {"hand": ["rice", "wheat"]},
            {"hand": []},
        ],
        ships={"green-1": {"contracts": ["dyson-vacuums"], "loaded": ["laptops", "teslas"]}},
    )
    play(s, "p1: lead load with cell-phones", "p2: draw", "p3: draw", "p1: load drones on green-1")
    paid = q(s, "credits.p1")
    play(s, "p2: choose hand", "p3: choose hand")  # p3's hand is empty: nothing
    assert q(s, "has.p1.rice") and q(s, "credits.p1") == paid


def test_cheap_shirts_moves_nothing_into_goods_over_their_limit(tmp_path: Path) -> None:
    """CHEAP SHIRTS: "Account for your goods limit." Goods can be over the limit when a
    completed shipment is given away (RAILGUNS: "one of their completed shipments"): five goods
    with a limit of four leave no room, and no import moves."""
    s = expansion_table(tmp_path, "jutaku", "kickstarter")(
        players=[
            {
                "shipments": ["cheap-shirts"],
                "imports": ["rice", "wheat"],
                "goods": ["beer", "pens", "pants", "paper", "cups"],
            },
            {},
            {},
        ]
    )
    assert bills(s.state)[0]["goods"] == 5


def test_hawaiian_salt_pays_for_the_other_players_cards_only(table) -> None:
    """HAWAIIAN SALT: "All other players reveal their hand, take all agriculture goods
    revealed this way into your hand, and 2 credits for each card taken". The owner's own
    POTATOES stays in their hand and pays nothing."""
    s = completing(table, "hawaiian-salt", [{"hand": ["potatoes"]}, {"hand": ["wheat"]}, {}])
    finish(s)
    assert q(s, "has.p1.potatoes") and q(s, "has.p1.wheat")
    taken = q(s, "hand.p1") - 1  # all but POTATOES were taken from p2 and p3
    assert q(s, "credits.p1") == 10 + 6 + 2 * taken


def test_diamond_rings_may_move_itself_alone_to_the_goods(table) -> None:
    """DIAMOND RINGS: "At game end, you may move two of your completed shipments to your
    goods." With DIAMOND RINGS its only completed shipment, moving it is the one choice: a
    luxury good, which ties p2's one for the most luxury goods (8 split: 4 each)."""
    s = table(players=[{"shipments": ["diamond-rings"]}, {"goods": ["jets"]}, {}])
    scored = bills(s.state)
    assert [b["most"] for b in scored] == [4, 4, 0] and scored[0]["goods"] == 1


def test_flamethrowers_pays_as_the_coin_says() -> None:
    """FLAMETHROWERS: "Flip a coin, if heads all players pay you 4 credits each, if tails you
    pay all players 2 credits each." Whichever side comes up (seeds 0 to 11 give both), the
    credits move as the side that was said."""
    from dockyard.game import Context
    from dockyard.plugins.import_export.powers import run
    from dockyard.plugins.import_export.reading import Who

    sides = set()
    for seed in range(12):
        s = Session("import-export", players=3, seed=seed)
        ctx = Context(s.game, s.hook)
        power = s.state.c.card("flamethrowers").effects[0]["do"]
        run(s.state, Who(0, 0, "flamethrowers"), list(power), ctx)
        [side] = [e.text.split(": ")[1] for e in ctx.events if e.kind == "chance"]
        sides.add(side)
        credits = [q(s, f"credits.{p}") for p in ("p1", "p2", "p3")]
        assert credits == ([18, 6, 6] if side == "heads" else [6, 12, 12]), side
    assert sides == {"heads", "tails"}


def test_delayed_game_four_credits_paid_of_ten_are_four_lost(tmp_path: Path) -> None:
    """DELAYED GAME: "All other players pay 10 credits to the bank". FAKE DVDS: "When another
    player spends or loses 4 or more credits, take 2 credits from the bank": p2, with 4 credits,
    pays those 4 (never more than they hold), and p3's FAKE DVDS pays p3 2 (p3's own 10 are
    p3's, not another player's)."""
    s = completing(
        expansion_table(tmp_path, "kickstarter"),
        "delayed-game",
        [{}, {"credits": 4}, {"shipments": ["fake-dvds"], "credits": 20}],
    )
    finish(s)
    assert q(s, "credits.p2") == 0 and q(s, "credits.p3") == 20 + 2 - 10


def test_ceramics_three_consumer_goods_make_one_virtual_luxury_good(tmp_path: Path) -> None:
    """CERAMICS: "At game end, for every 2 consumer goods you have also add 1 virtual luxury
    good to your total good count." Three consumer goods are one 2 and a half: one virtual
    luxury good, which ties p2's one luxury good (8 split: 4 each), not two that would beat it."""
    s = expansion_table(tmp_path, "jutaku", "kickstarter")(
        players=[
            {"shipments": ["ceramics", "cups"], "goods": ["beer", "pens", "soap"]},
            {"goods": ["jets"]},
            {},
        ]
    )
    assert [b["most"] for b in bills(s.state)][:2] == [6 + 4, 4]
