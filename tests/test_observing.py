"""dockyard.observing.Layout: the blocks of a game's observation, one after another, and the
README table made from them."""

from __future__ import annotations

import pytest
from dockyard.observing import Layout


def test_blocks_follow_each_other_and_make_the_table() -> None:
    lay = Layout()
    assert lay.add("board", 9, "the cells") == 0
    assert lay.add("turn", 1, "1 when it is your turn") == 9
    assert lay.size == 10 and lay.offset("turn") == 9 and lay.block("board").size == 9
    rows = lay.markdown().splitlines()
    assert rows[2] == "| 0 | 9 | `board` | the cells |"
    assert rows[3] == "| 9 | 1 | `turn` | 1 when it is your turn |"
    assert "**10**" in rows[-1]


def test_a_block_twice_or_of_a_negative_size_or_unknown_is_refused() -> None:
    lay = Layout()
    lay.add("board", 9, "the cells")
    with pytest.raises(ValueError, match="already"):
        lay.add("board", 1, "again")
    with pytest.raises(ValueError, match="negative"):
        lay.add("turn", -1, "nothing")
    with pytest.raises(KeyError, match="no block 'hand'"):
        lay.offset("hand")
