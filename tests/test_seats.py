"""What a seat is shown (issue "trust at the table"): events with an audience, seated queries,
hints, undo after another seat's reveal, seeds, `run --as` and `replay --as`. Import / Export is
the game with the most hidden information (hands, the discard pile under its top, sealed bids)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from dockyard import Session
from dockyard.core import Event, make_event, visible
from dockyard.seats import announced_log, mentions, secret_ids, shown_by

CC_GAME = Path(__file__).parent.parent / "content" / "curious_cargo" / "examples" / "full-game.dys"


def ie(seed: int = 1, players: int = 2) -> Session:
    return Session("import-export", seed=seed, players=players)


def ie_cli(dockyard, *args: str, stdin: str = "") -> tuple[int, str, str]:
    """`dockyard play import-export --players 2 --seed 1 ARGS...` with `stdin`."""
    return dockyard("play", "import-export", "--players", "2", "--seed", "1", *args, stdin=stdin)


# p1 holds pens and p2 these five, whatever seed 1 deals (a layout, --content DIR): the tests
# that lead "supply with pens" always have it (they never skip when a deal changes)
PENS = {
    "$schema": "urn:dockyard:import_export:layout",
    "players": [
        {"hand": ["pens", "fixie-bikes", "printed-money", "batteries", "rolls-royce"]},
        {"hand": ["coffee", "lutefisk", "foxes", "playstations", "beer"]},
    ],
}


@pytest.fixture
def pens(tmp_path: Path) -> Path:
    """A content folder in which p1 is dealt pens (and p2 cards to follow with)."""
    folder = tmp_path / "pens"
    folder.mkdir()
    (folder / "layout.json").write_text(json.dumps(PENS))
    return folder


def ie_pens(folder: Path) -> Session:
    s = Session("import-export", seed=1, players=2, content=[folder])
    assert "pens" in s.state.hands[0]  # the layout's: never left to the deal
    return s


def held_and_unseen(seed: int = 1) -> tuple[str, str]:
    """A card p2 holds and one nobody has seen (in the deck), at the start of a game."""
    s = ie(seed)
    held = s.state.hands[1][0]
    unseen = next(c for c in s.state.deck if c not in s.state.hands[0])
    return held, unseen


# ---- events -----------------------------------------------------------------------------------


def test_an_event_made_in_c_equals_one_made_by_its_class() -> None:
    assert make_event("draw", "p1", "p1 drew x", (("n", 1),), ("p1",)) == Event(
        "draw", "p1", "p1 drew x", (("n", 1),), ("p1",)
    )
    assert make_event("move", None, "t") == Event("move", None, "t")
    assert type(make_event("move", None, "t")) is Event


def test_an_event_is_seen_by_its_audience_only() -> None:
    public = Event("move", "p1", "p1: draw")
    private = Event("drew", "p1", "p1 drew rice", audience=("p1",))
    assert public.seen_by(None) and public.seen_by("p2")
    assert private.seen_by("p1") and not private.seen_by("p2") and not private.seen_by(None)
    assert visible([public, private], "p2") == [public]


def test_whole_ids_only() -> None:
    assert mentions("p2 plays ww2", ["w2"]) is None
    assert mentions("p2 plays w2-b", ["w2"]) is None
    assert mentions("the price is right", ["rice"]) is None
    assert mentions("p2 follows with rice.", ["rice"]) == "rice"


def test_a_drawn_card_is_told_to_its_owner_alone() -> None:
    s = ie()
    before = list(s.state.hands[0])
    events = s.apply_text("p1: draw")
    drawn = [c for c in s.state.hands[0] if c not in before]
    assert drawn
    mine = [e.text for e in visible(events, "p1")]
    theirs = [e.text for e in visible(events, "p2")]
    assert all(any(c in t for t in mine) for c in drawn), mine
    assert not any(mentions(t, drawn) for t in theirs), theirs


CHAIRS = {
    "$schema": "urn:dockyard:import_export:layout",
    "harbors": ["green", "yellow", "red"],
    "players": [
        {"hand": ["laptops"]},
        {"hand": ["teslas", "rice", "diamond-rings"], "shipments": ["chairs"]},
        {"hand": ["beer"]},
    ],
}


def test_a_question_about_a_hand_is_asked_of_that_hand_alone(tmp_path, dockyard) -> None:
    (tmp_path / "layout.json").write_text(json.dumps(CHAIRS))
    s = Session("import-export", seed=1, players=3, content=[tmp_path])
    events = s.apply_text("p1: draw")
    asked = [e for e in events if e.kind == "ask"]
    assert asked and all(e.audience == ("p2",) for e in asked)
    assert any("p2 is asked" in e.text for e in visible(events, "p1"))
    # nor is the question in the message to someone else trying to act meanwhile
    assert s.check(s.parse("p3: draw")) == "waiting for p2 to answer"
    code, out, err = dockyard(
        "play", "import-export", "--players", "3", "--content", str(tmp_path), "--as", "p1",
        "--seed", "1", stdin="p1: draw\nshow\nevents\np1: draw\n",
    )  # fmt: skip
    assert not re.search(r"\b(teslas|rice|diamond-rings)\b", out + err), out + err


# ---- queries and expectations -----------------------------------------------------------------


@pytest.mark.parametrize("query", ["has.p2.{card}", "on.discard.{card}"])
def test_a_seat_is_refused_a_query_about_hidden_cards_in_the_same_words(dockyard, query) -> None:
    held, unseen = held_and_unseen()
    answers = []
    for card in (held, unseen):
        line = f"expect {query.format(card=card)} == false\n"
        code, out, err = ie_cli(
            dockyard,
            "--as",
            "p1",
            "--bot",
            "p2",
            stdin=line,
        )
        answers.append((code, re.sub(rf"\b({held}|{unseen})\b", "CARD", err)))
    assert answers[0] == answers[1], answers
    assert answers[0][0] == 1 and "hidden" in answers[0][1]


def test_a_seat_may_ask_about_its_own_hand_and_a_hot_seat_about_any(dockyard) -> None:
    s = ie()
    mine, theirs = s.state.hands[0][0], s.state.hands[1][0]
    code, _, err = ie_cli(
        dockyard,
        "--as",
        "p1",
        stdin=f"expect has.p1.{mine} == true\n",
    )
    assert code == 0, err
    code, _, err = ie_cli(
        dockyard,
        stdin=f"expect has.p2.{theirs} == true\n",
    )
    assert code == 0, err


def test_seated_expect_illegal_about_another_seat_tells_nothing(dockyard, pens) -> None:
    s = ie_pens(pens)
    held = s.state.hands[1][0]
    unseen = next(c for c in s.state.deck if c not in s.state.hands[0])
    answers = []
    for card in (held, unseen):
        stdin = f"p1: lead supply with pens\nexpect illegal: p2: follow with {card}\n"
        code, out, err = ie_cli(dockyard, "--content", str(pens), "--as", "p1", stdin=stdin)
        answers.append((code, re.sub(rf"\b({held}|{unseen})\b", "CARD", err)))
    assert answers[0] == answers[1] and answers[0][0] == 1, answers
    assert "hidden from you" in answers[0][1]


def test_a_seated_hint_names_the_seat_s_own_actions_only(dockyard, pens) -> None:
    s = ie_pens(pens)
    p2_cards = s.state.hands[1]
    stdin = "p1: lead supply with pens\np1: draw\ndraw\n"
    code, out, err = ie_cli(dockyard, "--content", str(pens), "--as", "p1", stdin=stdin)
    assert "p2: follow with" not in err and not mentions(err, p2_cards), err
    assert "it is not p1's turn" in err


def test_did_you_mean_is_built_from_what_the_seat_was_told(dockyard) -> None:
    # Curious Cargo seed 108: p2 (a bot) keeps a Truck card in secret; p1's guess of that card
    # gets the answer a guess of any other unseen card gets
    s = Session("curious-cargo", seed=108)
    secret_pick = s.legal_actions("p2")[0]
    s.apply(s.legal_actions("p1")[0])
    s.apply(secret_pick)
    kept = secret_pick.args[0]
    mine = set(secret_ids(s.game, s.state, 0))
    other = next(f"truck{i:02d}" for i in range(1, 26) if f"truck{i:02d}" not in mine | {kept})
    shell_answers = []
    from dockyard.cli.repl import Shell

    shell = Shell(s, seat="p1")
    for card in (kept, other):
        action = s.parse(f"p1: play {card} to p1")
        shell_answers.append(shell._legal_hint(action).replace(card, "CARD"))
    assert shell_answers[0] == shell_answers[1]
    assert announced_log(s, "p1")[1] == s.game.announce(secret_pick)
    assert kept not in announced_log(s, "p1")[1]


# ---- undo -------------------------------------------------------------------------------------


def test_undo_does_not_take_back_a_reply_that_showed_a_hidden_card(
    dockyard, tmp_path, pens
) -> None:
    ie_pens(pens)
    stdin = f"p1: lead supply with pens\nundo\nsave {tmp_path / 'g.toml'}\n"
    code, out, err = ie_cli(
        dockyard, "--content", str(pens), "--as", "p1", "--bot", "p2", stdin=stdin
    )
    text = (tmp_path / "g.toml").read_text()
    reply = re.search(r'"(p2: follow with [^"]+)"', text)
    assert reply, "the bot followed with a card"
    assert "cannot undo" in err and "showed you" in err


def test_shown_by_finds_the_action_that_showed_a_hand_card(pens) -> None:
    s = ie_pens(pens)
    s.apply_text("p1: lead supply with pens")
    follow = next(a for a in s.legal_actions("p2") if a.verb == "follow")
    s.apply(follow)
    assert shown_by(s, 1, "p1") == 1  # p2's follow showed p1 a card of p2's hand
    assert shown_by(s, 0, "p2") == 0  # and p1's lead showed p2 one of p1's
    assert shown_by(s, 0, "p1") == 1  # p1's own lead is no news to p1


def test_a_hot_seat_undo_still_goes_back_over_a_reply(pens) -> None:
    s = ie_pens(pens)
    s.apply_text("p1: lead supply with pens")
    s.apply(next(a for a in s.legal_actions("p2") if a.verb == "follow"))
    assert s.why_not_undo(2) is None


# ---- seeds, run --as, replay --as -------------------------------------------------------------


def test_unseeded_games_are_dealt_anew(dockyard) -> None:
    outs = {dockyard("play", "import-export", "--as", "p1", stdin="hand\n")[1] for _ in range(3)}
    assert len(outs) > 1


def test_run_as_a_seat_prints_only_what_it_is_shown(dockyard) -> None:
    code, out, err = dockyard("run", str(CC_GAME), "--as", "p1")
    assert code == 0, err
    assert not re.search(r"p2: keep truck\d+", out)
    assert "p2 keeps a Truck card" in out
    assert re.search(r"p1: keep truck\d+", out)  # the seat's own, as played
    code, out, _ = dockyard("run", str(CC_GAME), "--as", "p1", "--json")
    assert "seed" not in json.loads(out)


def test_run_as_an_unknown_seat_is_one_error(dockyard) -> None:
    code, _, err = dockyard("run", str(CC_GAME), "--as", "zed")
    assert code == 1 and "no seat 'zed'" in err and "Traceback" not in err


def test_replay_as_a_seat_holds_no_secret_nor_the_seed(dockyard, tmp_path) -> None:
    out_file = tmp_path / "r.html"
    code, _, err = dockyard("replay", str(CC_GAME), "--as", "p1", "-o", str(out_file))
    assert code == 0, err
    page = out_file.read_text()
    assert not re.search(r"p2: keep truck\d+", page)
    assert not re.search(r"seed\W{0,3}108", page)
    assert re.search(r"p1: keep truck\d+", page)


def test_the_move_kind_is_the_engine_s_own() -> None:
    """The REPL and the server tell a seat the event of kind "move" as the action was
    announced to it: a rule's event of that kind would be shown as the action, not as itself
    (Import / Export's "chapstick moves ... to the discard pile" was once told to a spectator
    as "p1: choose (in secret)")."""
    from dockyard.game import Context

    session = Session("tictactoe")
    ctx = Context(session.game, session.hook)
    ctx.emit("card", "x", "a card moves")
    with pytest.raises(ValueError, match="engine's own"):
        ctx.emit("move", "x", "x moves")


def test_a_seat_sees_the_rules_events_of_its_own_move_as_they_are(dockyard, tmp_path) -> None:
    """A Cargo move (the seat's own, hence told in canonical text) also makes a step event:
    `run --as` the mover prints the step's own words, not the action again."""
    session = Session("cargo", seed=1, players=2)
    while not (
        moves := [a for a in session.legal_actions(session.actors()[0]) if a.verb == "move"]
    ):
        session.apply(session.legal_actions(session.actors()[0])[0])
    lines = [*map(session.format, session.log), session.format(moves[0])]
    steps = [e.text for e in session.apply(moves[0]) if e.kind == "step"]
    assert steps
    script = tmp_path / "moves.dys"
    script.write_text("game cargo\nseed 1\nplayers p1 p2\n" + "".join(f"{x}\n" for x in lines))
    code, out, err = dockyard("run", str(script), "--as", moves[0].player)
    assert code == 0, err
    for text in steps:
        assert text in out
