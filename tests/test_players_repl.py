"""The REPL's player features, piped: seats, bots, finding things, words, script assertions and
output for programs."""

from __future__ import annotations

import json
import re

import pytest
from dockyard import Session

# ---- seats ------------------------------------------------------------------------------------


def test_a_seat_sees_and_lists_only_its_own(dockyard) -> None:
    code, out, err = dockyard(
        "play", "curious-cargo", "--seed", "7", "--as", "p1", stdin="legal\nshow p2 hand\n"
    )
    assert code == 0, err
    legal = [line for line in out.splitlines() if re.match(r"^p\d: [a-z]+ ", line)]
    assert legal and all(line.startswith("p1: keep ") for line in legal)
    assert "refused: what only p2 may see is hidden from you (you play p1)" in out
    p2_cards = [a.args[0] for a in Session("curious-cargo", seed=7).legal_actions("p2")]
    assert not any(card in out for card in p2_cards), "p2's dealt cards stay hidden"


def test_a_seat_may_not_act_for_another_or_list_its_actions(dockyard) -> None:
    p2 = Session("curious-cargo", seed=7).legal_actions("p2")[0]
    code, _, err = dockyard(
        "play",
        "curious-cargo",
        "--seed",
        "7",
        "--as",
        "p1",
        stdin=f"p2: keep {p2.args[0]}\nlegal p2\n",
    )
    assert code == 1
    assert "you play p1: p2's actions are not yours to choose" in err
    assert "you play p1: p2's actions are hidden from you" in err


def test_hot_seat_prompt_and_legal_name_who_may_act(dockyard) -> None:
    code, out, _ = dockyard("play", "tictactoe", stdin="mark a1\nlegal\n")
    assert all(line.startswith("o: ") for line in out.splitlines()[-8:])


def test_an_unknown_seat_is_one_error(dockyard) -> None:
    code, _, err = dockyard("play", "tictactoe", "--as", "z", stdin="")
    assert code == 1 and "no seat 'z'" in err


# ---- bots -------------------------------------------------------------------------------------


def test_a_bot_plays_its_seat_as_soon_as_it_is_its_turn(dockyard) -> None:
    code, out, err = dockyard("play", "tictactoe", "--bot", "o", stdin="mark b2\nshow\n")
    assert code == 0, err
    moves = [line for line in out.splitlines() if re.fullmatch(r"o: mark [a-c][1-3]", line)]
    assert len(moves) == 1
    board = [line for line in out.splitlines() if re.match(r"^[123] ", line)]
    assert sum(line.count("o") for line in board) == 1


def test_bots_can_play_every_seat_to_the_end(dockyard) -> None:
    code, out, _ = dockyard(
        "play",
        "pack-and-stack",
        "--bot",
        "p1",
        "--bot",
        "p2=random",
        "--bot",
        "p3=greedy",
        "--seed",
        "4",
        stdin="result\n",
    )
    assert code == 0 and "result: " in out and "wins" in out or "share the win" in out


def test_a_bot_that_does_not_exist_says_which_do(dockyard) -> None:
    code, _, err = dockyard("play", "tictactoe", "--bot", "o=grandmaster", stdin="")
    assert code == 1 and "tictactoe has no bot 'grandmaster' (bots: random, mcts)" in err


def test_dockyard_bots_lists_them(dockyard) -> None:
    code, out, _ = dockyard("bots", "curious-cargo")
    assert code == 0 and re.search(r"^random +uniformly random", out, re.M)
    assert re.search(r"^heuristic .*\(the default\)", out, re.M), out
    assert "greedy" in out and re.search(r"^mcts ", out, re.M)
    listed = json.loads(dockyard("bots", "tictactoe", "--json")[1])
    assert list(listed["bots"]) == ["random", "mcts"] and listed["default"] == "random"


def test_a_script_header_names_a_bot(dockyard, tmp_path) -> None:
    script = tmp_path / "b.dys"
    script.write_text("game tictactoe\nseed 5\nbot o random\nx: mark b2\nexpect actions == 2\n")
    code, out, err = dockyard("run", str(script))
    assert code == 0, err
    assert re.search(r"^o: mark [a-c][1-3]$", out, re.M)
    script.write_text("game tictactoe\nbot q random\nx: mark b2\n")
    code, _, err = dockyard("run", str(script))
    assert code == 1 and "b.dys:2:1: error: no seat 'q' for a bot" in err


def test_undo_with_a_bot_takes_back_its_reply_too(dockyard) -> None:
    code, out, _ = dockyard("play", "tictactoe", "--bot", "o", stdin="mark b2\nundo\nlog\n")
    took = [line for line in out.splitlines() if line.startswith("took back")]
    assert len(took) == 2 and took[-1] == "took back x: mark b2"


# ---- finding things -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "suggestion"),
    [
        ("shwo", "did you mean show?"),
        ("lgeal", "did you mean legal?"),
        ("mrak a1", "did you mean mark?"),
        ("mark a4", "did you mean x: mark a3?"),
    ],
)
def test_did_you_mean(dockyard, line, suggestion) -> None:
    _, _, err = dockyard("play", "tictactoe", stdin=line + "\n")
    assert suggestion in err, err


def test_did_you_mean_for_an_id(dockyard) -> None:
    s = Session("curious-cargo", seed=7)
    card = s.legal_actions("p1")[0].args[0]
    typo = card[:-1] + ("9" if card[-1] != "9" else "8")
    if any(a.args[0] == typo for a in s.legal_actions("p1")):
        pytest.skip("the typo is a real card here")
    _, _, err = dockyard("play", "curious-cargo", "--seed", "7", stdin=f"p1: keep {typo}\n")
    assert "did you mean p1: keep truck" in err, err


def test_a_long_legal_list_is_grouped_by_verb_and_filtered_by_prefix(dockyard) -> None:
    s = Session("curious-cargo", seed=7, variants=["first-game"])
    while not any(a.verb == "place" for a in s.legal_actions()):
        legal = s.legal_actions()
        s.apply(next((a for a in legal if a.verb == "draw"), legal[0]))
    script = "\n".join(s.format(a) for a in s.log)
    places = [s.format(a) for a in s.legal_actions() if a.verb == "place"]
    _, out, _ = dockyard(
        "play",
        "curious-cargo",
        "--seed",
        "7",
        "--variant",
        "first-game",
        stdin=script + "\nlegal\n",
    )
    grouped = [line for line in out.splitlines() if ": place: " in line]
    assert grouped == [f"p1: place: {len(places)}  e.g. {places[0]}  (legal place ...)"]
    tile = places[0].split()[2]
    _, out, _ = dockyard(
        "play",
        "curious-cargo",
        "--seed",
        "7",
        "--variant",
        "first-game",
        stdin=script + f"\nlegal place {tile}\n",
    )
    listed = [line for line in out.splitlines() if line.startswith("p1: place ")]
    assert listed == [p for p in places if p.startswith(f"p1: place {tile} ")]


def test_help_verb_shows_the_syntax_and_a_legal_example(dockyard) -> None:
    _, out, _ = dockyard("play", "pack-and-stack", "--seed", "3", stdin="help claim\nhelp undo\n")
    assert "claim TRUCK" in out and "TRUCK: a truck card such as T07" in out
    assert re.search(r"legal now, e.g.: p\d: claim ", out)
    assert "undo [N]: take back" in out
    _, _, err = dockyard("play", "tictactoe", stdin="help mrak\n")
    assert "no action or command called 'mrak'; did you mean mark?" in err


# ---- words --------------------------------------------------------------------------------------


def test_results_read_as_sentences_and_each_score_is_said_once(dockyard) -> None:
    moves = "x: mark a1\no: mark b1\nx: mark a2\no: mark b2\nx: mark a3\n"
    _, out, _ = dockyard("play", "tictactoe", stdin=moves)
    assert "x wins 1-0" in out and out.count("1-0") == 1
    assert "1 actions" not in out


def test_a_draw_and_no_winner_read_as_sentences() -> None:
    from dockyard import Outcome
    from dockyard.words import describe_outcome

    assert describe_outcome(
        Outcome(
            "the bag is empty",
            (),
            {"a": 3, "b": 5},
            {"won_by": "nobody has shipped 2 goods of each color"},
        )
    ) == [
        "no winner: nobody has shipped 2 goods of each color; scores: a 3, b 5",
        "the game ended because the bag is empty",
    ]
    assert describe_outcome(Outcome("", ("a",), {"a": 20, "b": 18}, {"won_by": "on points"})) == [
        "a wins 20-18 on points"
    ]
    assert describe_outcome(Outcome("", ("a", "b"), {"a": 2, "b": 2, "c": 1})) == [
        "a and b share the win; scores: a 2, b 2, c 1"
    ]


# ---- scripts ------------------------------------------------------------------------------------


def test_expect_illegal_passes_on_a_refusal_and_counts(dockyard, tmp_path) -> None:
    ok = tmp_path / "ok.dys"
    ok.write_text(
        "game tictactoe\nx: mark a1\nexpect illegal: o: mark a1\n"
        'expect illegal: o: mark a1 because "already marked"\nexpect cell.a1 == x\n'
    )
    code, out, err = dockyard("run", str(ok))
    assert code == 0, err
    assert out.splitlines()[-1] == "1 action, 3 expectations passed"


def test_expect_illegal_fails_on_a_legal_action_and_changes_nothing(dockyard, tmp_path) -> None:
    bad = tmp_path / "bad.dys"
    bad.write_text("game tictactoe\nx: mark a1\nexpect illegal: o: mark b1\nexpect cell.b1 == o\n")
    code, _, err = dockyard("run", str(bad))
    assert code == 1 and "bad.dys:3:1: error: expect failed: o: mark b1 is legal" in err
    because = tmp_path / "because.dys"
    because.write_text('game tictactoe\nx: mark a1\nexpect illegal: o: mark a1 because "moon"\n')
    code, _, err = dockyard("run", str(because))
    assert code == 1 and "is refused, but because a1 is already marked by x" in err


def test_run_json_and_quiet(dockyard, tmp_path) -> None:
    script = tmp_path / "s.dys"
    script.write_text("game tictactoe\nx: mark a1\nexpect cell.a1 == x\n")
    code, out, _ = dockyard("run", "--json", str(script))
    data = json.loads(out)
    assert code == 0 and data["ok"] and data["actions"] == 1 and data["expectations"] == 1
    code, out, _ = dockyard("run", "-q", str(script))
    assert code == 0 and out == "1 action, 1 expectation passed\n"
    script.write_text("game tictactoe\nx: mark q9\n")
    code, out, _ = dockyard("run", "--json", str(script))
    data = json.loads(out)
    assert code == 1 and not data["ok"] and "s.dys:2:" in data["error"]


def test_games_and_validate_json(dockyard) -> None:
    code, out, _ = dockyard("games", "--json")
    games = {g["name"]: g for g in json.loads(out)}
    assert code == 0 and {"curious-cargo", "pack-and-stack", "tictactoe"} <= set(games)
    assert "night-shift" in [v["name"] for v in games["curious-cargo"]["variants"]]
    from importlib.resources import as_file, files

    with as_file(files("dockyard.content") / "tictactoe") as folder:
        code, out, _ = dockyard("validate", "--json", str(folder))
    assert code == 0 and json.loads(out)["ok"] is True


# ---- one component ------------------------------------------------------------------------------


def test_show_tile_draws_both_faces_of_a_conveyor_tile(dockyard) -> None:
    s = Session("curious-cargo")
    tile = s.content.built.tiles[0]
    _, out, _ = dockyard("play", "curious-cargo", stdin=f"show tile {tile.id}\n")
    assert f"{tile.id}: a Conveyor tile" in out
    assert "sand face (two colors): A [" in out and "dark face (three colors): A [" in out
    for belt in (*tile.sand, *tile.dark):
        assert f"{belt.color} from {belt.ends[0][0]}'s" in out


def test_show_card_draws_a_truck_card_and_a_pack_and_stack_truck_by_level(dockyard) -> None:
    card = Session("curious-cargo").content.built.trucks[0]
    _, out, _ = dockyard("play", "curious-cargo", stdin=f"show card {card.id}\n")
    assert f"{card.id}: a Truck card of size {card.size}" in out and "[cab] front" in out
    assert f"bonus on the cab for filling it: {card.bonus}" in out
    _, out, _ = dockyard("play", "pack-and-stack", stdin="show truck T07\n")
    assert "T07: a truck card of" in out and "o o o" in out


def test_show_tile_of_an_unknown_id_suggests_one(dockyard) -> None:
    code, _, err = dockyard("play", "curious-cargo", stdin="show tile t1\n")
    assert code == 1 and "no tile or card called 't1'; did you mean" in err
