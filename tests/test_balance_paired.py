"""Issue 42: measurements that see the designer's change.

- the default bot plays by the content's values: among the same legal actions it chooses
  otherwise when a Truck card's bonus changes;
- `balance --against` pairs its games by seed: a null change is named (every game identical),
  a real one shows a paired difference; `--against base` compares a variant with the bare game;
- the metrics a designer reads first are those of the games played;
- `tune` several fields at once, a field the file leaves out, failures with their reason;
- `validate` of a lone Curious Cargo trucks.patch.json; `simulate --record` with `--content`
  replays without it; Benjamini-Hochberg; one default bot, named alike everywhere.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from dockyard import Session
from dockyard.analysis.stats import benjamini_hochberg, paired_difference
from dockyard.bots import bot_names, default_bot, play_random_game
from dockyard.registry import registry

ROOT = Path(__file__).resolve().parent.parent
TRUCKS = ROOT / "content" / "curious_cargo" / "trucks.json"
BOTS = ["heuristic", "heuristic"]


def _tripled(folder: Path) -> Path:
    """Every Truck card's bonus amount x3 (an amount left out is 1)."""
    data = json.loads(TRUCKS.read_text(encoding="utf-8"))
    ops = [
        {"op": "add", "path": f"/trucks/{i}/bonus/amount", "value": 3 * t["bonus"].get("amount", 1)}
        for i, t in enumerate(data["trucks"])
    ]
    folder.mkdir()
    (folder / "trucks.patch.json").write_text(json.dumps(ops), encoding="utf-8")
    return folder


def _same(folder: Path) -> Path:
    """A patch that sets truck01's size to what it is: nothing changes."""
    size = json.loads(TRUCKS.read_text(encoding="utf-8"))["trucks"][0]["size"]
    folder.mkdir()
    (folder / "trucks.patch.json").write_text(
        json.dumps([{"op": "replace", "path": "/trucks/0/size", "value": size}]), encoding="utf-8"
    )
    return folder


def test_the_heuristic_chooses_otherwise_among_the_same_actions_when_bonuses_change(
    tmp_path: Path,
) -> None:
    tripled = str(_tripled(tmp_path / "tripled"))
    chosen = 0
    for seed in range(1, 9):
        a = play_random_game("curious-cargo", seed, bots=BOTS, check=False)
        b = play_random_game("curious-cargo", seed, bots=BOTS, content=[tripled], check=False)
        la, lb = [a.format(x) for x in a.log], [b.format(x) for x in b.log]
        if la == lb:
            continue
        first = next(i for i, (x, y) in enumerate(zip(la, lb, strict=False)) if x != y)
        s1 = Session("curious-cargo", seed=seed, players=a.players)
        s2 = Session("curious-cargo", seed=seed, players=a.players, content=[tripled])
        for line in la[:first]:
            s1.apply_text(line)
            s2.apply_text(line)
        # the same table offered the same actions: the bot read the bonus and chose otherwise
        if sorted(map(s1.format, s1.legal_actions())) == sorted(map(s2.format, s2.legal_actions())):
            chosen += 1
    assert chosen >= 3, f"only {chosen} of 8 games chosen otherwise for tripled bonuses"


def _balance(dockyard: Any, *args: str) -> dict[str, Any]:
    code, out, err = dockyard("balance", "curious-cargo", "--workers", "1", "--json", *args)
    assert code == 0, err
    return json.loads(out)  # type: ignore[no-any-return]


def test_a_change_that_changes_nothing_is_named(dockyard: Any, tmp_path: Path) -> None:
    same = str(_same(tmp_path / "same"))
    data = _balance(
        dockyard, "--games", "4", "--seed", "2", "--content", same, "--against", "builtin"
    )
    c = data["comparison"]
    assert c["identical_games"] == c["games"] == 4
    for row in c["against"]:
        assert row["paired"] is True and row["difference"] == row["low"] == row["high"] == 0
    code, out, _ = dockyard(
        "balance", "curious-cargo", "--games", "4", "--seed", "2", "--workers", "1",
        "--content", same, "--against", "builtin",
    )  # fmt: skip
    assert "all 4 games were played move for move alike" in out


def test_tripled_bonuses_raise_the_mean_score_game_by_game(dockyard: Any, tmp_path: Path) -> None:
    tripled = str(_tripled(tmp_path / "tripled"))
    data = _balance(
        dockyard, "--games", "12", "--seed", "1", "--content", tripled, "--against", "builtin"
    )
    c = data["comparison"]
    rows = {r["metric"]: r for r in c["against"]}
    assert {"seat-1-win-rate", "seat-2-win-rate", "mean-score", "score-margin", "length"} <= set(
        rows
    )
    assert {"no-winner"} <= set(rows)
    assert c["identical_games"] < 12
    # independently: the same seeds played here, paired by seed
    game = registry().game("curious-cargo")
    bots = [default_bot(game)] * 2
    mine, theirs = [], []
    for seed in range(1, 13):
        for content, into in (([tripled], mine), ([], theirs)):
            s = play_random_game(game, seed, bots=bots, content=content)
            scores = s.outcome().scores
            into.append(sum(scores.values()) / len(scores))
    want = paired_difference(mine, theirs)
    assert rows["mean-score"]["difference"] == pytest.approx(want["difference"], abs=1e-3)
    assert rows["mean-score"]["low"] == pytest.approx(want["low"], abs=1e-3)
    assert want["difference"] > 0  # more bonus points and tokens score more


def test_a_variant_against_the_base_game(dockyard: Any) -> None:
    data = _balance(
        dockyard, "--games", "3", "--variant", "night-shift", "--against", "base", "--seed", "4"
    )
    assert data["comparison"]["with"].startswith("the base game")
    assert data["comparison"]["against"] and data["reports"][1]["content"].startswith("the base")
    # the base side is the bare game: its games are simulate's without the variant
    code, out, err = dockyard(
        "simulate", "curious-cargo", "--games", "3", "--seed", "4", "--workers", "1", "--json"
    )
    assert code == 0, err
    games = [json.loads(line) for line in out.splitlines()][:-1]
    assert data["reports"][1]["lengths"] == [g["actions"] for g in games]


def test_metrics_are_those_of_the_games(dockyard: Any) -> None:
    data = _balance(dockyard, "--games", "3", "--seed", "5")
    m = data["metrics"]
    game = registry().game("curious-cargo")
    bots = [default_bot(game)] * 2
    sessions = [play_random_game(game, 5 + i, bots=bots) for i in range(3)]
    outcomes = [s.outcome() for s in sessions]
    single = sum(1 for o in outcomes if len(o.winners) == 1) / 3
    assert m["decisiveness"] == pytest.approx(single, abs=1e-4)
    margins = [sorted(o.scores.values())[-1] - sorted(o.scores.values())[-2] for o in outcomes]
    assert m["score_margin"] == pytest.approx(sum(margins) / 3, abs=1e-3)
    assert m["duration"] == pytest.approx(sum(len(s.log) for s in sessions) / 3, abs=1e-3)
    assert m["branching_factor"] > 1 and m["lead_changes"] >= 0
    # a Truck card's bonus paid when filled: the events say so, and so do the pay-outs
    filled = sum(
        1 for s in sessions for e in s.events if e.kind == "bonus" and "filling truck" in e.text
    )
    assert sum(v["times"] for k, v in m["payouts"].items() if k.startswith("truck")) >= filled


def test_benjamini_hochberg_keeps_only_what_stands() -> None:
    assert benjamini_hochberg([0.01, 0.04, 0.03, 0.5]) == [True, False, False, False]
    assert benjamini_hochberg([0.001, 0.008, 0.039, 0.041, 0.042]) == [True, True, True, True, True]
    assert benjamini_hochberg([0.2] * 20) == [False] * 20


def test_one_default_bot_named_alike_everywhere(dockyard: Any) -> None:
    for name in registry().games:
        game = registry().game(name)
        default = default_bot(game)
        assert default in bot_names(game)
        code, out, _ = dockyard("bots", name)
        marked = [line.split()[0] for line in out.splitlines() if "(the default)" in line]
        assert marked == [default]
    code, out, _ = dockyard("simulate", "curious-cargo", "--games", "1", "--json")
    assert json.loads(out.splitlines()[0])["bots"] == ["heuristic", "heuristic"]


@pytest.mark.parametrize("command", ["simulate", "balance", "tune"])
def test_help_says_percent_once(dockyard: Any, command: str) -> None:
    code, out, _ = dockyard(command, "--help")
    assert code == 0 and "95%" in out and "%%" not in out
