"""Pack & Stack's observation for RL (plugins/pack_and_stack/observation.py): its layout is the
README's table, every number sits at its documented offset, and it shows only what the table
shows (a re-deal of the draw pile changes nothing in it)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from dockyard import Action, Session
from dockyard.bots import GreedyBot
from dockyard.plugins.pack_and_stack.observation import (
    CELLS,
    POINTS_SCALE,
    SQUARES,
    layout,
    readme_table,
)
from dockyard.plugins.pack_and_stack.pick_a_truck import PILE

README = Path(__file__).parents[1] / "content" / "pack_and_stack" / "README.md"


def loaded_table() -> Session:
    """Three players who claimed the draw pile's top card; a (seat 0) got a grey piece from
    the supply and put it on its truck, b took 7 points from the bank."""
    s = Session("pack-and-stack", seed=2, players=("a", "b", "c"))
    for p in s.players:
        s.apply(Action(p, "claim", (PILE,)))
    state = s.state
    state.supply["grey"] -= 1
    state.hands[0]["grey"] += 1
    state.bank -= 7
    state.points[1] += 7
    put = next(a for a in s.legal_actions() if a.verb == "put" and a.args[0] == "grey")
    s.apply(put)
    assert s.game.invariants(state) == []
    return s


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_the_blocks_follow_each_other_and_fill_the_observation(players) -> None:
    s = Session("pack-and-stack", seed=1, players=players)
    lay = layout(s.state.c, players)
    end = 0
    for block in lay.blocks:
        assert block.offset == end and block.size > 0
        end += block.size
    assert end == lay.size == s.game.observation_size(s.state)
    for seat in range(players):
        assert len(s.game.observation(s.state, seat)) == lay.size


def test_the_readme_table_is_the_codes_layout() -> None:
    text = README.read_text()
    inside = text.split("<!-- observation table: begin -->\n")[1].split(
        "\n<!-- observation table: end -->"
    )[0]
    assert inside == readme_table(Session("pack-and-stack").state.c), (
        "content/pack_and_stack/README.md's observation table is out of date: "
        "python -m dockyard.plugins.pack_and_stack.observation prints it"
    )


def test_a_hand_built_table_gives_the_documented_numbers() -> None:
    s = loaded_table()
    state, c = s.state, s.state.c
    lay = layout(c, 3)
    at = {b.name: b.offset for b in lay.blocks}
    mine = s.game.observation(state, 0)
    assert mine[at["phase"] + 2] == 1.0 and sum(mine[at["phase"] : at["phase"] + 4]) == 1.0
    assert mine[at["points"] + 1] == pytest.approx(state.points[1] / POINTS_SCALE)
    assert mine[at["acting"]] == 1.0
    truck = c.truck(state.trucks[0])
    squares = mine[at["truck"] : at["truck"] + SQUARES]
    assert sum(squares) == len(truck.white)
    assert all(squares[y * 5 + x] == 1.0 for x, y in truck.white)
    assert mine[at["levels"]] == truck.levels / 4
    load = mine[at["load"] : at["load"] + CELLS]
    cells = state.loads[0][0].place.cells
    assert [i for i, v in enumerate(load) if v] == sorted(
        (z - 1) * SQUARES + y * 5 + x for x, y, z in cells
    )
    assert all(load[(z - 1) * SQUARES + y * 5 + x] == 2 / 5 for x, y, z in cells)
    assert mine[at["empty"]] == (truck.capacity - 2) / CELLS
    # b sees the same table from its own seat: itself first, a last
    theirs = s.game.observation(state, 1)
    assert theirs[at["points"]] == pytest.approx(state.points[1] / POINTS_SCALE)
    assert theirs[at["load"] + 2 * CELLS : at["load"] + 3 * CELLS] == load


@pytest.mark.parametrize("players", [3, 6])
def test_a_redeal_of_the_draw_pile_keeps_every_seats_observation(players) -> None:
    s = Session("pack-and-stack", seed=5, players=players)
    bot = GreedyBot(5)
    seen = redealt = 0
    while not s.over and seen < 40:
        for seat in range(players):
            sample = s.game.sample_state(s.state, seat, random.Random(seen))
            redealt += sample.pile != s.state.pile
            assert s.game.observation(sample, seat) == s.game.observation(s.state, seat)
        for _ in range(7):
            if not s.over:
                s.apply(bot.choose(s))
        seen += 1
    assert redealt > 0  # the samples did deal the pile in another order
