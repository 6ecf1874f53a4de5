# ruff: noqa: F811  (the fixtures imported from test_server_browser are parameters here)
"""The players' page as players meet it, in headless Chromium against a real `dockyard serve`:
every game readable at a desktop's and a phone's width (screenshots of each kept in
tmp/artifacts/page/, not committed), moves built by clicking the table, what happened in words
(a drawn card named to its owner only), the last move marked, refusals in a player's words, the
end said as won or lost, open seats joined from the lobby, and rematches both pages follow.

Needs the `server` and `browser` extras and the chromium package (skipped without them, except
under CI); the fixtures are test_server_browser's."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from test_server_browser import (  # noqa: F401  (fixtures: server, browser, watched)
    WAIT,
    browser,
    expect,
    game_state,
    new_game,
    page_path,
    server,
    watched,
)

ARTIFACTS = Path(__file__).resolve().parent.parent / "tmp" / "artifacts" / "page"
FONTS = """() => [...document.querySelectorAll('#dy-table svg text')].filter(t => t.textContent.trim()
    && t.getClientRects().length).map(t => {
  const m = t.getScreenCTM();
  return parseFloat(getComputedStyle(t).fontSize) * Math.sqrt(Math.abs(m.a * m.d - m.b * m.c));
})"""
GAMES = [("tictactoe", 2, "x"), ("curious-cargo", 2, "p1"), ("import-export", 3, "p1")]
GAMES += [("pack-and-stack", 3, "p1"), ("cargo", 2, "p1")]


def play(server: Any, made: dict[str, Any], seat: str, line: str) -> None:
    status, body = server.call(
        "POST", f"/api/games/{made['id']}/actions", {"action": line}, made["seats"][seat]
    )
    assert status == 200, body


def seat_page(watched: Any, made: dict[str, Any], seat: str | None, **context: Any) -> Any:
    if context:
        ctx = watched.context.browser.new_context(**context)
        page = ctx.new_page()
        page.set_default_timeout(WAIT)
        page.on("pageerror", lambda e: watched.errors.append(str(e)))
        page.goto(watched.base + page_path(made, seat))
    else:
        page = watched.open(page_path(made, seat))
    expect()(page.locator("#dy-table svg").first).to_be_visible()
    return page


def median(xs: list[float]) -> float:
    xs = sorted(xs)
    return (xs[len(xs) // 2] + xs[(len(xs) - 1) // 2]) / 2


def construction(server: Any) -> tuple[dict[str, Any], list[str]]:
    """Curious Cargo (seed 1) through the card selection to p1's construction turn."""
    made = new_game(server, "curious-cargo", players=2, seed=1)
    for _ in range(8):
        legal = game_state(server, made, "p1").get("legal") or []
        places = [x for x in legal if x.split()[1] == "place"]
        if places:
            return made, places
        seat = game_state(server, made)["to_act"][0]
        legal = game_state(server, made, seat)["legal"]
        pick = [x for x in legal if x.split()[1] == "keep"] or [
            x for x in legal if x.split()[1] == "draw"
        ]
        play(server, made, seat, pick[0])
    raise AssertionError("no construction turn of p1")


@pytest.mark.parametrize(("game", "players", "seat"), GAMES, ids=[g[0] for g in GAMES])
def test_every_game_reads_at_a_desktops_width_and_fits_a_phone(
    server: Any, watched: Any, game: str, players: int, seat: str
) -> None:
    made = new_game(server, game, players=players, seed=1)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    wide = seat_page(watched, made, seat, viewport={"width": 1280, "height": 800})
    sizes = wide.evaluate(FONTS)
    wide.screenshot(path=str(ARTIFACTS / f"{game}-1280x800.png"), full_page=True)
    assert median(sizes) >= 11, f"{game}: median text {median(sizes):.1f} px at 1280 wide"
    phone = seat_page(
        watched,
        made,
        seat,
        viewport={"width": 390, "height": 844},
        is_mobile=True,
        has_touch=True,
    )
    phone.wait_for_timeout(300)
    phone.screenshot(path=str(ARTIFACTS / f"{game}-390x844.png"), full_page=True)
    fits = phone.evaluate(
        """(seat) => { const h = document.querySelector('svg [data-ref="hand:' + seat + '"]');
        const r = h && h.getBoundingClientRect();
        return {width: document.scrollingElement.scrollWidth, hand: r ? [r.left, r.right] : null,
                zoom: !document.querySelector('#dy-zoom').hidden}; }""",
        seat,
    )
    assert fits["width"] <= 390, f"{game}: the phone's page scrolls sideways ({fits['width']})"
    if fits["hand"]:  # the seat's own hand within the width, its own area first
        assert -1 <= fits["hand"][0] and fits["hand"][1] <= 391, fits
        assert fits["zoom"], f"{game}: no zoom of the seat's own area on a phone"
    phone.context.close()


def test_a_place_is_built_by_clicking_a_tile_a_square_and_a_way(server: Any, watched: Any) -> None:
    made, places = construction(server)
    pg = seat_page(watched, made, "p1")
    check = expect()
    tile, square = places[0].split()[2:4]
    ways = [x for x in places if x.split()[2:4] == [tile, square]]
    pg.locator(f'svg [data-ref="{tile}"]').first.click()
    check(pg.locator("#dy-pick")).to_contain_text(f"Chosen: {tile}")
    assert pg.locator(f'svg [data-ref="{tile}"][data-picked]').count() == 1
    pg.locator(f'svg [data-ref="{square}"]').first.click(force=True)
    if len(ways) > 1:  # the ways that place it there are offered, and only those
        check(pg.locator("#dy-pick")).to_contain_text(f"{tile} → {square}")
        offered = pg.locator("#dy-pick button[data-line]")
        check(offered).to_have_count(len(ways))
        offered.first.click()
    check(pg.locator("#dy-log li").last).to_contain_text(f"places {tile}")
    assert game_state(server, made)["log"][-1] in ways


def test_a_click_on_what_no_action_names_says_so(server: Any, watched: Any) -> None:
    made = new_game(server, "tictactoe", players=2)
    play(server, made, "x", "x: mark b2")
    o = seat_page(watched, made, "o")
    check = expect()
    check(o.locator('svg [data-ref="b2"][data-last]')).to_have_count(1)  # x's move, marked
    o.locator('svg [data-ref="b2"]').click()
    check(o.locator("#dy-pick")).to_have_text("b2: none of your actions names it now.")
    assert game_state(server, made)["log"] == ["x: mark b2"]
    o.locator('svg [data-ref="a1"]').click()  # one action names a1: played at once
    check(o.locator('svg [data-ref="a1"][data-last]')).to_have_count(1)
    check(o.locator("#dy-pick")).to_be_hidden()
    x = seat_page(watched, made, "x")
    check(x.locator('svg [data-ref="c3"][role="button"]')).to_have_count(1)
    x.focus('svg [data-ref="c3"]')  # the keyboard alone: a cell focused, Enter plays it
    x.keyboard.press("Enter")
    check(x.locator('svg [data-ref="c3"][data-last]')).to_have_count(1)
    assert game_state(server, made)["log"][-1] == "x: mark c3"


def test_a_drawn_card_is_named_to_its_owner_and_counted_to_the_others(
    server: Any, watched: Any
) -> None:
    made = new_game(server, "import-export", players=3, seed=1)
    p1, p2 = seat_page(watched, made, "p1"), seat_page(watched, made, "p2")
    play(server, made, "p1", "p1: draw")
    check = expect()
    check(p1.locator("#dy-log li.dy-new")).to_contain_text(re.compile(r"p1 drew [a-z-]+"))
    card = re.search(r"p1 drew ([a-z-]+)", p1.locator("#dy-log").inner_text()).group(1)
    check(p2.locator("#dy-log li.dy-new")).to_contain_text("p1 draws 1 card")
    assert card not in p2.content()


def test_a_move_and_what_it_made_happen_are_one_line_of_the_log(server: Any, watched: Any) -> None:
    """A Cargo move also makes its steps' events: the log gains one line, in the steps' words,
    on the mover's page and the other's (once, a step event of the engine's kind "move" was told
    as the action again, and each started a line of its own: 19 lines for 17 actions)."""
    made = new_game(server, "cargo", players=2, seed=7)
    for _ in range(60):
        seat = game_state(server, made)["to_act"][0]
        legal = game_state(server, made, seat)["legal"]
        moves = [x for x in legal if x.split()[1] == "move"]
        if moves:
            break
        play(server, made, seat, legal[0])
    else:
        raise AssertionError("no move in Cargo's first 60 actions")
    pages = [seat_page(watched, made, s) for s in ("p1", "p2")]
    check = expect()
    before = len(game_state(server, made)["log"])
    for pg in pages:
        check(pg.locator("#dy-log li")).to_have_count(before)
    status, body = server.call(
        "POST", f"/api/games/{made['id']}/actions", {"action": moves[0]}, made["seats"][seat]
    )
    assert status == 200, body
    for pg in pages:
        check(pg.locator("#dy-log li")).to_have_count(before + 1)
    steps = [e for e in body["events"] if " from " in e and " to " in e]
    assert steps, body["events"]  # the move's steps, in words
    for pg in pages:
        for step in steps:
            check(pg.locator("#dy-log li").last).to_contain_text(step)


def test_a_refusal_is_said_in_a_players_words(server: Any, watched: Any) -> None:
    made = new_game(server, "tictactoe", players=2)
    x = seat_page(watched, made, "x")
    check = expect()
    x.fill("#dy-line", "mark z9")
    x.press("#dy-line", "Enter")
    check(x.locator("#dy-error")).to_contain_text('None of your actions names "z9"')
    check(x.locator("#dy-error")).to_contain_text("You may mark: mark a1")
    said = x.locator("#dy-error").inner_text()
    assert not re.search(r"error:|unexpected|\^|:\d+:\d+", said), said
    x.fill("#dy-line", "fly away")
    x.press("#dy-line", "Enter")
    check(x.locator("#dy-error")).to_contain_text('"fly" or "away"')


def test_the_end_is_said_as_won_and_lost_and_a_rematch_is_followed(
    server: Any, watched: Any
) -> None:
    made = new_game(server, "tictactoe", players=2)
    x, o = seat_page(watched, made, "x"), seat_page(watched, made, "o")
    for seat, cell in (("x", "b2"), ("o", "a1"), ("x", "b1"), ("o", "a2"), ("x", "b3")):
        play(server, made, seat, f"{seat}: mark {cell}")
    check = expect()
    check(x.locator("#dy-result h2")).to_have_text("Game over: you win")
    check(o.locator("#dy-result h2")).to_have_text("Game over: you lost")
    check(o.locator("#dy-result")).to_contain_text("You lost: x wins.")
    x.get_by_role("button", name="Rematch").click()
    x.wait_for_url(re.compile(r"/games/(?!" + made["id"] + ").*#token="))
    new = x.url.split("/games/")[1].split("#")[0]
    check(x.locator("#dy-who")).to_contain_text("You play x")
    link = o.get_by_role("link", name="Play the rematch")
    check(link).to_be_visible()
    link.click()
    o.wait_for_url(re.compile(f"/games/{new}#token="))
    check(o.locator("#dy-who")).to_contain_text("You play o")
    again = game_state(server, {"id": new, "seats": {}})
    assert again["game"] == "tictactoe" and again["players"] == ["x", "o"] and not again["log"]


def test_an_open_seat_is_listed_joined_from_the_lobby_and_told_to_the_table(
    server: Any, watched: Any
) -> None:
    status, made = server.call(
        "POST", "/api/lobby/games", {"game": "tictactoe", "players": 2, "open": ["o"]}
    )
    assert status == 201 and set(made["seats"]) == {"x"} and made["open"] == ["o"], made
    x = seat_page(watched, made, "x")
    check = expect()
    check(x.locator("#dy-who")).to_contain_text("open: o")
    lobby = watched.open("/")
    join = lobby.locator(f'#dy-waiting button[data-game="{made["id"]}"]')
    check(join).to_have_text("Join as o")
    join.click()
    lobby.wait_for_url(re.compile(f"/games/{made['id']}#token="))
    check(lobby.locator("#dy-who")).to_contain_text("You play o")
    check(x.locator("#dy-log")).to_contain_text("o joined the game")
    status, listed = server.call("GET", "/api/lobby")
    assert made["id"] not in [g["id"] for g in listed["games"]]  # taken: no longer listed


def test_the_lobby_forgets_a_games_choices_when_another_game_is_chosen(
    server: Any, watched: Any
) -> None:
    lobby = watched.open("/")
    check = expect()
    check(lobby.locator("#dy-game option[value=tictactoe]")).to_have_count(1)
    lobby.select_option("#dy-game", "tictactoe")
    lobby.select_option('select[data-seat="o"]', "random")
    lobby.select_option("#dy-game", "curious-cargo")
    lobby.select_option("#dy-game", "tictactoe")
    check(lobby.locator('select[data-seat="o"]')).to_have_value("")
    check(lobby.locator("#dy-summary")).to_have_text(
        "Take turns marking a square of the grid: three of yours in a row wins"
    )


def test_the_lobby_fits_a_phone_after_a_game_is_made(server: Any, watched: Any) -> None:
    ctx = watched.context.browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
    )
    lobby = ctx.new_page()
    lobby.set_default_timeout(WAIT)
    lobby.on("pageerror", lambda e: watched.errors.append(str(e)))
    lobby.goto(watched.base + "/")
    check = expect()
    check(lobby.locator("#dy-game option[value=tictactoe]")).to_have_count(1)
    lobby.select_option("#dy-game", "tictactoe")
    lobby.select_option('select[data-seat="o"]', "*open")
    lobby.get_by_role("button", name="Create the game").click()
    check(lobby.locator("#dy-links input").first).to_have_value(re.compile("#token="))
    check(lobby.locator("#dy-waiting button").first).to_be_visible()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    lobby.screenshot(path=str(ARTIFACTS / "lobby-390x844.png"), full_page=True)
    assert lobby.evaluate("document.scrollingElement.scrollWidth") <= 390
    ctx.close()
