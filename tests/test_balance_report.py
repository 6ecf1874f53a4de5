"""`dockyard balance` says which content wins: per component and per board win rates with 95%
intervals, the games with no winner, end-trigger combinations, and `--against` differences.

The figures are checked against what is computed here, independently, from the same games
(`simulate --json` and sessions played again), or against records built so that the answer is
known; no figure is written down."""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from dockyard.analysis.components import (
    board_figures,
    component_figures,
    differences,
    end_combinations,
    no_winner_figures,
    seat_components,
)
from dockyard.analysis.stats import difference, wilson
from dockyard.bots import default_bot, play_random_game
from dockyard.core import win_shares
from dockyard.registry import registry
from hypothesis import given
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parent.parent
GAMES, SEED = 4, 1


def _balance(dockyard: Any, *args: str) -> dict[str, Any]:
    code, text, err = dockyard(
        "balance", "curious-cargo", "--games", str(GAMES), "--seed", str(SEED),
        "--workers", "1", "--json", *args,
    )  # fmt: skip
    assert code == 0, err
    return json.loads(text)  # type: ignore[no-any-return]


def _simulated(dockyard: Any, *args: str) -> list[dict[str, Any]]:
    code, text, err = dockyard(
        "simulate", "curious-cargo", "--games", str(GAMES), "--seed", str(SEED),
        "--workers", "1", "--json", *args,
    )  # fmt: skip
    assert code == 0, err
    return [g for g in map(json.loads, text.splitlines()) if not g.get("summary")]


@pytest.fixture(scope="module")
def sessions() -> list[Any]:
    game = registry().game("curious-cargo")
    bots = [default_bot(game)] * 2  # balance's bots when it names none
    return [
        play_random_game(game, SEED + i, None, (), (), check=False, bots=bots) for i in range(GAMES)
    ]


@pytest.fixture(scope="module")
def board4(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A content layer whose set-up plays on board 4."""
    folder = tmp_path_factory.mktemp("board4")
    setup = json.loads((ROOT / "content" / "curious_cargo" / "setup.json").read_text())
    setup["board"] = 4
    (folder / "setup.json").write_text(json.dumps(setup, indent=2))
    return folder


def test_what_a_seat_used_is_what_its_actions_named(sessions: list[Any]) -> None:
    for s in sessions:
        seats = seat_components(s)
        known = set(s.game.component_ids(s.state))
        assert len(seats) == len(s.players)
        for i, name in enumerate(s.players):
            named = {a for action in s.log if action.player == name for a in action.args}
            assert named & known <= set(seats[i]["used"])
            assert set(seats[i]["held"]) <= known and seats[i]["board"] == "1"
        # the tiles laid are the tiles placed: each by the one seat that placed it
        placed = [a.args[0] for a in s.log if a.verb == "place"]
        assert Counter(placed) == Counter(t for seat in seats for t in seat["used"] if t in placed)


def test_component_win_rates_are_those_of_the_seats_that_used_them(
    dockyard: Any, sessions: list[Any]
) -> None:
    report = _balance(dockyard)["reports"][0]
    shares = [win_shares(s.outcome().winners, s.players) for s in sessions]
    average = sum(map(sum, shares)) / sum(map(len, shares))
    assert report["average"]["rate"] == pytest.approx(average, abs=1e-4)
    by_id = {row["id"]: row for row in report["components"]}
    assert len(by_id) >= 10 and set(by_id) | set(report["unseen"]) == set(report["usage"])
    placers: dict[str, set[tuple[int, int]]] = {}  # tile -> (game, seat) that placed it
    for g, s in enumerate(sessions):
        for a in s.log:
            if a.verb == "place":
                placers.setdefault(a.args[0], set()).add((g, s.players.index(a.player)))
    assert placers
    for tile, who in placers.items():
        row = by_id[tile]
        placed_wins = sum(shares[g][seat] for g, seat in who)
        assert row["seats"] >= len(who) and row["games"] >= len({g for g, _ in who})
        assert placed_wins - 1e-3 <= row["win"]["wins"] <= placed_wins + row["seats"] - len(who)
    for row in report["components"]:
        win = row["win"]
        assert (
            win["low"] <= win["rate"] <= win["high"] and win["wins"] <= win["games"] == row["seats"]
        )
        low, high = wilson(win["wins"], win["games"])
        assert (win["low"], win["high"]) == pytest.approx((low, high), abs=1e-4)
        away = win["low"] > average or win["high"] < average
        assert (row["away"] is not None) == away
        assert row["verdict"] is None or row["verdict"] == row["away"]  # stands after B-H
    verdicts = [row["away"] is not None for row in report["components"]]
    assert verdicts == sorted(verdicts, reverse=True)  # those away from the average first


def test_boards_no_winner_and_end_triggers_match_the_games(dockyard: Any, board4: Path) -> None:
    for content, board in (((), "1"), (("--content", str(board4)), "4")):
        content = (*content, "--bots", "greedy")  # careless bots: games with no winner
        report = _balance(dockyard, *content)["reports"][0]
        games = _simulated(dockyard, *content)
        lengths = [g["actions"] for g in games]
        # every game on the set-up's board: its figures are those of all games
        assert list(report["boards"]) == [board]
        b = report["boards"][board]
        assert b["games"] == GAMES and b["length"]["mean"] == pytest.approx(
            sum(lengths) / len(lengths), abs=1e-3
        )
        assert b["win"]["rate"] == report["average"]["rate"]
        assert sorted(b["lengths"]) == sorted(lengths)
        # no winner: the games whose winners are empty, by trigger and by board
        none = [g for g in games if not g["winners"]]
        nw = report["no_winner"]
        assert (nw["games"], nw["of"]) == (len(none), GAMES) and report["draws"] == len(none)
        assert nw["low"] <= nw["share"] <= nw["high"]
        for trigger, v in nw["by_end"].items():
            assert v["of"] == sum(1 for g in games if trigger in g["end"])
            assert v["games"] == sum(1 for g in none if trigger in g["end"])
        assert nw["by_board"][board]["games"] == len(none)
        assert sum(nw["reasons"].values()) == len(none)
        # each game once among the combinations; a trigger's share is its combinations' sum
        combos = report["end_combinations"]["combinations"]
        assert sum(v["games"] for v in combos.values()) == GAMES
        for trigger, v in report["end"].items():
            assert v["games"] == sum(
                c["games"] for k, c in combos.items() if trigger in k.split(" + ")
            )
    assert any(not g["winners"] for g in games), "these seeds should give games with no winner"


def test_against_reports_differences_with_intervals(dockyard: Any, board4: Path) -> None:
    data = _balance(dockyard, "--content", str(board4), "--against", "builtin")
    mine, builtin = data["reports"]
    d = data["differences"]
    assert (d["of"], d["against"]) == (mine["content"], builtin["content"])
    for seat, v in d["seat_advantage"].items():
        expect = mine["seat_advantage"][seat]["rate"] - builtin["seat_advantage"][seat]["rate"]
        assert v["difference"] == pytest.approx(expect, abs=1e-3)
        assert v["low"] <= v["difference"] <= v["high"]
    assert d["no_winner"]["difference"] == pytest.approx(
        mine["no_winner"]["share"] - builtin["no_winner"]["share"], abs=1e-3
    )
    means = mine["length"]["mean"] - builtin["length"]["mean"]
    assert d["length"]["difference"] == pytest.approx(means, abs=1e-2)
    assert d["length"]["low"] <= d["length"]["difference"] <= d["length"]["high"]
    rows = {row["id"]: row for row in d["components"]}
    for row in mine["components"]:
        other = next((r for r in builtin["components"] if r["id"] == row["id"]), None)
        if other is not None:
            diff = row["win"]["rate"] - other["win"]["rate"]
            assert rows[row["id"]]["difference"] == pytest.approx(diff, abs=1e-3)
    assert d["boards"] == {}  # board 4 against board 1: no board in both


def test_the_report_draws_every_section(dockyard: Any, tmp_path: Path, board4: Path) -> None:
    out = tmp_path / "report.html"
    code, text, err = dockyard(
        "balance", "curious-cargo", "--games", str(GAMES), "--seed", str(SEED), "--workers",
        "1", "--content", str(board4), "--against", "builtin", "-o", str(out),
    )  # fmt: skip
    assert code == 0, err
    assert "against built-in:" in text and "board 4:" in text
    html = out.read_text()
    figures = dict(re.findall(r'<figure id="([\w-]+)">(.*?)</figure>', html, re.S))
    for ident in ("seats", "no-winner", "end", "length", "components", "boards", "diff-table"):
        assert "<svg" in figures[ident], ident
    data = _balance(dockyard, "--content", str(board4))["reports"][0]
    table = html[html.index('<figure id="components">') :]
    cells = re.findall(r"<tr><td>([^<]+)</td>", table)
    assert cells[: len(data["components"])] == [row["id"] for row in data["components"]]
    assert "no winner" in html[: html.index('<figure id="no-winner">')].rsplit("<h2>", 1)[1]
    # with --against, each content set's boards: the designer's board 4 and the printed board 1
    boards = html[html.index('<figure id="boards">') :]
    assert f"board 4 ({board4})" in boards and "board 1 (built-in)" in boards


def _record(
    players: tuple[str, ...],
    winners: tuple[str, ...],
    seats: list[dict[str, Any]],
    end: tuple[str, ...] = ("x",),
    actions: int = 10,
) -> Any:  # noqa: E501
    return SimpleNamespace(
        players=players, winners=winners, seats=tuple(seats), end=end, actions=actions,
        reason="done",
    )  # fmt: skip


def test_a_component_held_by_every_winner_comes_first_as_strong() -> None:
    """Made-up games: `ace` is always held by the winner, `dud` always by a loser, `coin` by
    everyone: ace is strong, dud weak, coin at the average, and ace and dud lead the table."""
    rng = random.Random(7)
    records = []
    for _ in range(60):
        players = ("a", "b", "c")
        won = rng.randrange(3)
        lost = (won + 1 + rng.randrange(2)) % 3
        seats = [
            {
                "used": ["coin"] + (["dud"] if i == lost else []),
                "held": ["ace"] if i == won else [],
                "board": str(1 + i % 2),
            }
            for i in range(3)
        ]
        records.append(_record(players, (players[won],), seats))
    figures = component_figures(records, ["coin", "dud", "ace", "spare"])
    rows = {row["id"]: row for row in figures["components"]}
    assert rows["ace"]["win"]["rate"] == 1.0 and rows["ace"]["verdict"] == "strong"
    assert rows["dud"]["win"]["rate"] == 0.0 and rows["dud"]["verdict"] == "weak"
    assert rows["coin"]["verdict"] is None and rows["coin"]["seats"] == 180
    assert rows["coin"]["win"]["rate"] == pytest.approx(figures["average"]["rate"], abs=1e-4)
    assert [row["id"] for row in figures["components"]][:2] in (["ace", "dud"], ["dud", "ace"])
    assert figures["unseen"] == ["spare"]
    assert (rows["ace"]["held"], rows["ace"]["used"], rows["dud"]["used"]) == (60, 0, 60)
    boards = board_figures(records)
    assert set(boards) == {"1", "2"} and boards["1"]["games"] == boards["2"]["games"] == 60
    wins_on_1 = sum(
        win_shares(r.winners, r.players)[i] for r in records for i in (0, 2)
    )  # seats 1 and 3 play on board 1
    assert boards["1"]["win"]["wins"] == pytest.approx(wins_on_1)


def test_no_winner_and_end_combinations_of_made_up_games() -> None:
    seat = {"used": [], "held": [], "board": None}
    records = [
        _record(("a", "b"), (), [seat, seat], end=("bag", "deck")),
        _record(("a", "b"), ("a",), [seat, seat], end=("bag",)),
        _record(("a", "b"), (), [seat, seat], end=("ship",)),
    ]
    nw = no_winner_figures(records)
    assert (nw["games"], nw["of"]) == (2, 3) and nw["by_board"] == {}
    assert nw["by_end"]["bag"] == {**nw["by_end"]["bag"], "games": 1, "of": 2}
    combos = end_combinations(records)
    assert combos["several"] == 1 and set(combos["combinations"]) == {"bag + deck", "bag", "ship"}
    assert board_figures(records) == {}


def test_the_same_figures_against_themselves_differ_by_nothing() -> None:
    rate = {"wins": 3.0, "games": 10, "rate": 0.3, "low": 0.1, "high": 0.6}
    report = {
        "content": "x", "games": 10, "errors": 0, "seat_advantage": {"1": rate},
        "no_winner": {"games": 2}, "end": {"e": {"games": 10}}, "lengths": [5, 7, 9],
        "components": [{"id": "c", "win": rate}], "boards": {"1": {"win": rate, "lengths": [5]}},
    }  # fmt: skip
    d = differences(report, {**report, "content": "y"})
    values = [d["seat_advantage"]["1"], d["no_winner"], d["end"]["e"], d["length"],
              d["components"][0], d["boards"]["1"]["win"]]  # fmt: skip
    for v in values:
        assert v["difference"] == 0 and v["low"] <= 0 <= v["high"]


@given(st.integers(1, 200), st.integers(1, 200), st.floats(0, 1), st.floats(0, 1))
def test_a_difference_lies_inside_its_interval(n: int, m: int, p: float, q: float) -> None:
    a, b = round(p * n), round(q * m)
    d = difference(a, n, b, m)
    assert -1 <= d["low"] <= d["difference"] <= d["high"] <= 1
    assert d["difference"] == pytest.approx(a / n - b / m, abs=1e-4)
    flipped = difference(b, m, a, n)
    assert (flipped["low"], flipped["high"]) == pytest.approx((-d["high"], -d["low"]), abs=1e-4)


def test_the_interval_chart_colours_what_lies_away(monkeypatch: pytest.MonkeyPatch) -> None:
    import dockyard.analysis.charts as charts

    monkeypatch.setattr(charts, "_matplotlib", lambda: None)
    svg = charts.interval_chart(
        "Win rate", ["hi", "mid", "lo"], [0.9, 0.5, 0.1],
        [(0.7, 1.0), (0.3, 0.7), (0.0, 0.2)], 0.5, "average",
    )  # fmt: skip
    dots = re.findall(r'<circle [^>]*fill="([^"]+)"[^>]*>\s*<title>([^<]+)</title>', svg)
    assert [t.split(":")[0] for _, t in dots] == ["hi", "mid", "lo"]
    fills = [f for f, _ in dots]
    assert fills[0] != fills[1] != fills[2] != fills[0]
    assert "average 50%" in svg
