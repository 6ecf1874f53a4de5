"""Tom Jolly's Cargo's observation: its README table is the code's layout, and the numbers lie
where the table says."""

from __future__ import annotations

from pathlib import Path

from dockyard import Session
from dockyard.plugins.cargo.observation import observation, observation_size, table

ROOT = Path(__file__).resolve().parents[1]


def test_the_readme_table_is_the_layout_the_code_writes() -> None:
    s = Session("cargo", seed=1)
    assert table(s.state) in (ROOT / "content" / "cargo" / "README.md").read_text()
    assert len(observation(s.state, 0)) == observation_size(s.state)


def test_the_planes_lie_where_the_table_says() -> None:
    s = Session("cargo", seed=1)
    c = s.state.c
    cells = len(c.squares)
    seen = observation(s.state, 0)
    ground = [seen[g * cells : (g + 1) * cells] for g in range(3)]
    for i in range(cells):  # each square is exactly one of dock, loading space in play, water
        assert sum(plane[i] for plane in ground) <= 1
    assert sum(ground[0]) == sum(1 for g in s.state.ground if g == 0)
    assert sum(ground[2]) == sum(1 for g in s.state.ground if g == 2)
    rows = [
        line for line in table(s.state).splitlines() if line.startswith("| ") and "|---" not in line
    ]
    last = rows[-1].split("|")
    assert int(last[1]) == observation_size(s.state) - 1 and "must place" in last[3]
