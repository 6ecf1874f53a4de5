"""Import / Export's observation for RL (plugins/import_export/observation.py): its layout is the
README's table, one size per player count and variants, every number at its documented offset,
and nothing of another seat's hand, the deck's order or an unrevealed bid in it."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from dockyard import Session
from dockyard.bots import GreedyBot
from dockyard.plugins.import_export.observation import (
    CREDITS_SCALE,
    SIZE_SCALE,
    layout,
    readme_table,
)

README = Path(__file__).parents[1] / "content" / "import_export" / "README.md"
EXPANSIONS = ["jutaku", "kickstarter", "captain-edition"]


def at(s: Session) -> dict[str, int]:
    return {b.name: b.offset for b in layout(s.state.c, len(s.players)).blocks}


def played(players: int, seed: int, moves: int, variants: tuple[str, ...] = ()) -> Session:
    s = Session("import-export", seed=seed, players=players, variants=list(variants))
    bot = GreedyBot(seed)
    for _ in range(moves):
        if s.over:
            break
        s.apply(bot.choose(s))
    return s


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("variants", [(), tuple(EXPANSIONS)])
def test_the_blocks_follow_each_other_and_the_size_is_fixed(players, variants) -> None:
    lay = layout(
        Session("import-export", players=players, variants=list(variants)).state.c, players
    )
    end = 0
    for block in lay.blocks:
        assert block.offset == end and block.size > 0
        end += block.size
    assert end == lay.size
    for seed, moves in ((1, 0), (2, 40), (3, 120)):
        s = played(players, seed, moves, variants)
        assert s.game.observation_size(s.state) == lay.size
        assert all(len(s.game.observation(s.state, seat)) == lay.size for seat in range(players))


def test_expansion_cards_make_the_blocks_by_card_longer() -> None:
    base = Session("import-export", players=2)
    more = Session("import-export", players=2, variants=EXPANSIONS)
    extra = len(more.state.c.cards) - len(base.state.c.cards)
    assert extra > 0
    # hand, discard top, island, played, sea, auctioned, and two per player
    assert more.game.observation_size(more.state) - base.game.observation_size(base.state) == (
        extra * (6 + 2 * 2)
    )


def test_the_readme_table_is_the_codes_layout() -> None:
    text = README.read_text()
    inside = text.split("<!-- observation table: begin -->\n")[1].split(
        "\n<!-- observation table: end -->"
    )[0]
    assert inside == readme_table(Session("import-export").state.c), (
        "content/import_export/README.md's observation table is out of date: "
        "python -m dockyard.plugins.import_export.observation prints it"
    )


def test_a_hand_built_table_gives_the_documented_numbers() -> None:
    s = Session("import-export", seed=4, players=3)
    state, c = s.state, s.state.c
    o = at(s)
    card = {x.id: i for i, x in enumerate(c.cards)}
    # p3 takes 6 credits from the bank; the deck's top card goes to the discard pile
    state.bank -= 6
    state.credits[2] += 6
    state.discard.append(state.deck.pop())
    # p2's first ship in harbor gets a contract from p2's hand
    ship = state.home_ships(1)[0]
    contract = state.hands[1].pop()
    ship.contracts.append(contract)
    assert s.game.invariants(state) == []
    mine = s.game.observation(state, 0)
    assert [i for i in range(len(c.cards)) if mine[o["hand"] + i]] == sorted(
        card[x] for x in state.hands[0]
    )
    assert mine[o["discard_top"] + card[state.discard[-1]]] == 1.0
    assert sum(mine[o["discard_top"] : o["discard_top"] + len(c.cards)]) == 1.0
    assert mine[o["credits"] + 2] == state.credits[2] / CREDITS_SCALE
    assert mine[o["hand_size"] + 1] == len(state.hands[1]) / SIZE_SCALE
    assert mine[o["contracts"] + 1 * len(c.cards) + card[contract]] == 1.0
    slot = 1 * c.ships_per_harbor + int(ship.id.rsplit("-", 1)[1]) - 1
    assert mine[o["ship_home"] + slot] == 1.0
    need = sum(mine[o["ship_needs"] + slot * 5 : o["ship_needs"] + slot * 5 + 5])
    assert need == pytest.approx(c.card(contract).size / c.ship_capacity)
    for sea in state.at_sea():
        assert all(mine[o["sea"] + card[x]] == 1.0 for x in sea.loaded)
    assert mine[o["leader"] + state.leader] == 1.0
    # p2 sees itself first: its credits, then p3's, then p1's
    theirs = s.game.observation(state, 1)
    assert theirs[o["credits"] + 1] == state.credits[2] / CREDITS_SCALE
    assert theirs[o["contracts"] + card[contract]] == 1.0
    assert [i for i in range(len(c.cards)) if theirs[o["hand"] + i]] == sorted(
        card[x] for x in state.hands[1]
    )


@pytest.mark.parametrize("players", [2, 4, 6])
def test_another_seats_hidden_card_never_shows(players) -> None:
    s = played(players, 6, 30)
    state = s.state
    for seat in range(players):
        other = (seat + 1) % players
        if not state.hands[other] or not state.deck:
            continue
        before = s.game.observation(state, seat)
        theirs = s.game.observation(state, other)
        i = state.hands[other].index(state.hands[other][0])
        state.hands[other][i], state.deck[0] = state.deck[0], state.hands[other][i]
        assert s.game.observation(state, seat) == before
        assert s.game.observation(state, other) != theirs  # the owner does see the change
        state.hands[other][i], state.deck[0] = state.deck[0], state.hands[other][i]


@pytest.mark.parametrize("players", [3, 5])
def test_a_redeal_keeps_every_seats_observation_bids_included(players) -> None:
    s = Session("import-export", seed=1, players=players)
    rng = random.Random(1)
    sealed = 0
    for step in range(300):
        if s.over:
            break
        a = s.state.auction
        sealed += a is not None and 0 < len(a.bids) < len(a.bidders)
        for seat in range(players):
            sample = s.game.sample_state(s.state, seat, random.Random(step))
            assert s.game.observation(sample, seat) == s.game.observation(s.state, seat)
        s.apply(rng.choice(s.legal_actions()))
    assert sealed > 0  # some states had a bid in and another still to come
