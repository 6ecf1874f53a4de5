"""Curious Cargo's observation for RL (plugins/curious_cargo/observation.py): its layout is
contiguous and documented in the README, hand-built positions give the numbers at the
documented offsets, and nothing hidden from a seat changes that seat's observation."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from dockyard import Session
from dockyard.bots import GreedyBot
from dockyard.plugins.curious_cargo import observation as ob
from dockyard.plugins.curious_cargo.components import parse_cell
from dockyard.plugins.curious_cargo.state import RECEIVING, SHIPPING, Truck

README = Path(__file__).parents[1] / "plugins" / "curious_cargo" / "README.md"
VARIANTS = [(), ("night-shift",)]


def block(state, obs: list[float], name: str) -> list[float]:
    """The numbers of the block `name`, found by walking the layout (as a reader of the
    README's table would)."""
    offset = 0
    for b in ob.layout(state):
        if b.name == name:
            return list(obs[offset : offset + b.size])
        offset += b.size
    raise KeyError(name)


def played(seed: int, actions: int, variants=()) -> Session:
    s = Session("curious-cargo", seed=seed, variants=variants)
    bot = GreedyBot(seed)
    for _ in range(actions):
        if s.over:
            break
        s.apply(bot.choose(s))
    return s


def cell(state, name: str) -> int:
    col, row = parse_cell(name)
    return row * state.seats[0].facility.board.columns + col


@pytest.mark.parametrize("variants", VARIANTS)
def test_the_layout_is_contiguous_and_covers_the_observation(variants) -> None:
    s = played(1, 40, variants)
    blocks = ob.layout(s.state)
    assert len({b.name for b in blocks}) == len(blocks)
    assert all(b.size > 0 for b in blocks)
    size = sum(b.size for b in blocks)
    assert size == s.game.observation_size(s.state) == ob.observation_size(s.state)
    for seat in range(2):
        assert len(s.game.observation(s.state, seat)) == size
    assert s.game.provides("observation") and s.game.provides("observation_size")


def test_the_numbers_written_together_fill_their_blocks() -> None:
    e = ob.encoder(Session("curious-cargo").state)
    assert e.at["phase"] == ob.NUMBERS
    for who in ("own", "other"):
        assert e.at[f"{who}.active_docks"] - e.at[f"{who}.storage"] == ob.PLAYER_NUMBERS


def test_both_sides_of_the_shipping_board_give_the_same_size() -> None:
    base, night = Session("curious-cargo"), Session("curious-cargo", variants=["night-shift"])
    assert ob.observation_size(base.state) == ob.observation_size(night.state)
    assert block(base.state, ob.observation(base.state, 0), "side") == [0.0]
    assert block(night.state, ob.observation(night.state, 0), "side") == [1.0]


def test_the_readme_table_is_the_layout_the_code_uses() -> None:
    s = Session("curious-cargo")
    text = README.read_text()
    assert ob.table(s.state) in text, "plugins/curious_cargo/README.md: regenerate the table"
    # every row's offset is the sum of the sizes before it
    rows = re.findall(r"^\| (\d+) \| (\d+) \| `([\w.]+)` \|", text, re.M)
    assert [name for _, _, name in rows] == [b.name for b in ob.layout(s.state)]
    offset = 0
    for at, size, _ in rows:
        assert int(at) == offset
        offset += int(size)


def test_a_placed_tile_shows_in_heights_and_belts_for_both_seats() -> None:
    s = played(1, 0)
    for p in s.players:  # card selection
        s.apply(s.legal_actions(p)[0])
    actor = s.actors()[0]
    seat = s.players.index(actor)
    s.apply_text("draw")
    place = next(a for a in s.legal_actions(actor) if a.verb == "place")
    _, where, direction = place.args
    before = ob.observation(s.state, seat)
    assert all(x == 0.0 for x in block(s.state, before, "own.height"))
    s.apply(place)
    fac = s.state.seats[seat].facility
    own, other = ob.observation(s.state, seat), ob.observation(s.state, 1 - seat)
    heights = block(s.state, own, "own.height")  # stack heights / ob.HEIGHT
    assert heights[cell(s.state, where)] * ob.HEIGHT == fac.height(parse_cell(where)) >= 1
    assert sum(heights) * ob.HEIGHT == sum(len(stack) for stack in fac.stacks.values())
    assert block(s.state, other, "other.height") == heights
    belts = block(s.state, own, "own.belts")
    top = fac.top(parse_cell(where))
    cells = len(heights)
    for color, sides in top.pieces:
        for side in sides:
            plane = "red blue purple".split().index(color) * 4 + "NESW".index(side)
            assert belts[plane * cells + cell(s.state, where)] == 1.0
    assert sum(belts) == sum(len(sides) for st in fac.stacks.values() for _, sides in st[-1].pieces)


def test_goods_shipped_received_and_on_trucks_at_their_offsets() -> None:
    s = played(1, 0, ("night-shift",))
    state = s.state
    p = state.seats[0]
    p.shipped.update(red=2, purple=1)
    p.received["blue"] = 3
    card = state.truck_card(state.deck[0])
    cargo: list[str | None] = [None] * card.size
    cargo[0] = "purple"
    p.streets[SHIPPING].append(Truck(card, 2, cargo))
    own, other = ob.observation(state, 0), ob.observation(state, 1)
    goods = ob.GOODS  # counts of goods, scaled into [0, 1]
    assert block(state, own, "own.shipped") == [2.0 / goods, 0.0, 1.0 / goods]
    assert block(state, own, "own.received") == [0.0, 3.0 / goods, 0.0]
    assert block(state, other, "other.shipped") == [2.0 / goods, 0.0, 1.0 / goods]
    assert block(state, own, "other.shipped") == [0.0, 0.0, 0.0]
    streets = block(state, own, "own.streets")
    kinds = len(ob.SPACE_KINDS)
    space = lambda n: streets[(n - 1) * kinds : n * kinds]  # noqa: E731  (Shipping street)
    assert space(2) == [0, 0, 0, 0, 0, 1]  # the purple good at the rear, space 2
    assert space(2 + card.size)[0] == 1  # the cab
    assert space(1) == [0] * kinds
    assert all(x == 0 for x in streets[10 * kinds :])  # the Receiving street is empty
    assert block(state, own, "own.streets") == block(state, other, "other.streets")
    assert not p.streets[RECEIVING]


def test_own_hand_is_seen_only_by_its_seat() -> None:
    s = played(2, 30)
    state = s.state
    tiles = [t.id for t in state.content.tiles]
    for seat in range(2):
        hand = block(state, ob.observation(state, seat), "own.hand")
        assert sum(hand) == len(state.seats[seat].hand)
        for t in state.seats[seat].hand:
            assert hand[tiles.index(t)] >= 1
        counts = block(state, ob.observation(state, 1 - seat), "other.hand_counts")
        tiles_n, cards_n = len(state.content.tiles), len(state.content.trucks)
        hand, trucks = len(state.seats[seat].hand), len(state.seats[seat].trucks)
        assert counts == pytest.approx([hand / tiles_n, trucks / cards_n])


@pytest.mark.parametrize("variants", VARIANTS)
def test_nothing_hidden_changes_a_seats_observation(variants) -> None:
    s = Session("curious-cargo", seed=5, variants=variants)
    bot = GreedyBot(5)
    rng = random.Random(5)
    checked = 0
    while not s.over and checked < 12:
        for _ in range(15):
            if not s.over:
                s.apply(bot.choose(s))
        for seat in range(2):
            sample = s.game.sample_state(s.state, seat, rng)
            assert ob.observation(sample, seat) == ob.observation(s.state, seat)
        checked += 1
    assert checked >= 5


def test_kept_facility_planes_agree_with_planes_worked_out_afresh() -> None:
    """The planes are updated square by square after a placement: along random games they
    must equal the ones a new layout works out from the whole facility."""
    for seed in (3, 4):
        s = Session("curious-cargo", seed=seed)
        rng = random.Random(seed)
        while not s.over:
            seat = rng.randrange(2)
            fresh = ob.Encoder(s.state.content, s.state).encode(s.state, seat)
            assert ob.observation(s.state, seat) == fresh
            s.apply(rng.choice(s.legal_actions()))


@pytest.mark.parametrize("variants", VARIANTS)
def test_the_observation_written_into_a_row_is_the_observation(variants) -> None:
    """`write_observation` (what the batched env and OpenSpiel use) writes over a numpy row
    whatever it held before: the same numbers as `observation`, for both seats, along whole
    random games (one row for both seats, so what the other seat's numbers left is written
    over too)."""
    np = pytest.importorskip("numpy", reason="the rl extra (numpy) writes rows")
    from dockyard.interop.encoding import write

    for seed in (5, 6):
        s = Session("curious-cargo", seed=seed, variants=variants)
        rng = random.Random(seed)
        row = np.full(ob.observation_size(s.state), 7.0, np.float32)
        while not s.over:
            for seat in (0, 1):
                write(s.game, s.state, seat, row)
                wanted = np.frombuffer(ob.observation(s.state, seat), np.float32)
                assert np.array_equal(row, wanted), (seed, len(s.log), seat)
            s.apply(rng.choice(s.legal_actions()))
