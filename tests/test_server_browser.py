"""The page to play in and the lobby, in a real browser: headless Chromium (Debian's `chromium`,
driven by playwright) against a real `dockyard serve` (dockyard.testing.server).

Pages play by clicks and typed lines, see errors, results and each other's moves over the
WebSocket; a spectator sees no actions; the lobby makes games and shows each seat's link; and no
page asks anything of another host or puts a token in a URL.

Needs the `server` and `browser` extras and the chromium package; skipped without them, except
under CI (CI=true), which installs them and must run these. DOCKYARD_LONG=1 also plays whole
games of every game through the pages."""

from __future__ import annotations

import os
import random
import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

LONG = os.environ.get("DOCKYARD_LONG") == "1"
WAIT = 15_000  # ms a page may take to show a change


def _need(what: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(f"{what} is missing: CI installs it (.ci/run) and must run these tests")
    pytest.skip(f"{what} is missing (pip install '.[server,browser]'; apt-get install chromium)")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    try:
        import starlette  # noqa: F401
        import uvicorn  # noqa: F401
    except ImportError:
        _need("the server extra")
    from dockyard.testing.server import ServerProcess

    with ServerProcess(tmp_path_factory.mktemp("serve") / "games.sqlite") as running:
        yield running


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _need("playwright")
    executable = shutil.which("chromium") or shutil.which("chromium-browser")
    if executable is None:
        _need("the chromium package")
    with sync_playwright() as p:
        b = p.chromium.launch(
            executable_path=executable,
            args=["--no-sandbox", "--disable-gpu", "--no-proxy-server", "--no-first-run"],
        )
        try:
            yield b
        finally:
            b.close()


class Watched:
    """A browser context whose every request, WebSocket and uncaught page error is kept."""

    def __init__(self, browser: Any, base: str) -> None:
        self.base = base
        self.context = browser.new_context(viewport={"width": 1500, "height": 950})
        self.requests: list[Any] = []
        self.sockets: list[str] = []
        self.errors: list[str] = []
        self.context.on("request", lambda r: self.requests.append(r))
        self.context.on("page", self._watch)

    def _watch(self, page: Any) -> None:
        page.on("pageerror", lambda e: self.errors.append(str(e)))
        page.on("websocket", lambda ws: self.sockets.append(ws.url))

    def open(self, path: str) -> Any:
        page = self.context.new_page()
        page.set_default_timeout(WAIT)
        page.goto(self.base + path)
        return page

    def outside(self) -> list[str]:
        """What was asked of anything but the server."""
        ws_base = "ws" + self.base.removeprefix("http") + "/"
        return [
            u
            for u in [r.url for r in self.requests] + self.sockets
            if not (u.startswith((self.base + "/", ws_base)) or u.startswith("data:"))
        ]


@pytest.fixture
def watched(browser: Any, server: Any) -> Iterator[Watched]:
    w = Watched(browser, server.base)
    try:
        yield w
    finally:
        w.context.close()
    assert w.errors == [], f"the pages threw: {w.errors}"
    assert w.outside() == [], f"the pages asked other hosts: {w.outside()}"


def new_game(server: Any, game: str, **fields: Any) -> dict[str, Any]:
    status, made = server.call("POST", "/api/games", {"game": game, **fields})
    assert status == 201, made
    return dict(made)


def page_path(made: dict[str, Any], seat: str | None) -> str:
    path = f"/games/{made['id']}"
    return path if seat is None else f"{path}#token={made['seats'][seat]}"


def game_state(server: Any, made: dict[str, Any], seat: str | None = None) -> dict[str, Any]:
    status, body = server.call(
        "GET", f"/api/games/{made['id']}", token=made["seats"][seat] if seat else None
    )
    assert status == 200, body
    return dict(body)


def expect() -> Any:
    from playwright.sync_api import expect as playwright_expect

    playwright_expect.set_options(timeout=WAIT)
    return playwright_expect


# ---- playing --------------------------------------------------------------------------------


def test_two_pages_play_tictactoe_to_the_end_by_clicks_and_both_show_the_result(
    server, watched
) -> None:
    made = new_game(server, "tictactoe", players=2)
    pages = {seat: watched.open(page_path(made, seat)) for seat in ("x", "o")}
    check = expect()
    moves = [("x", "a1"), ("o", "b1"), ("x", "a2"), ("o", "b2"), ("x", "a3")]
    for n, (seat, cell) in enumerate(moves, 1):
        pages[seat].get_by_role("button", name=f"mark {cell}", exact=True).click()
        for pg in pages.values():  # each move reaches both pages over their WebSockets
            check(pg.locator("#dy-log li")).to_have_count(n)
    assert game_state(server, made)["log"][-1].endswith("a3")  # the clicks played the game
    for pg in pages.values():
        check(pg.locator("#dy-result")).to_be_visible()
        check(pg.locator("#dy-result")).to_contain_text("x wins")
        check(pg.locator("#dy-status")).to_have_text("Game over")
        check(pg.locator("#dy-actions")).to_be_hidden()
    check(pages["x"].locator("#dy-result h2")).to_have_text("Game over: you win")
    # the table is the game's own picture, its text in the page
    cells = pages["o"].locator("#dy-table svg text")
    assert cells.count() > 0
    # the pages never put a token in a URL: they sent it in headers and the socket's message
    for url in [r.url for r in watched.requests] + watched.sockets:
        assert all(token not in url for token in made["seats"].values()), url
    api = [r for r in watched.requests if "/api/games/" in r.url]
    assert api and all(
        r.headers.get("authorization") in {f"Bearer {t}" for t in made["seats"].values()}
        for r in api
    )


def test_a_typed_illegal_line_shows_the_servers_error_next_to_the_input(server, watched) -> None:
    made = new_game(server, "tictactoe", players=2)
    x, o = watched.open(page_path(made, "x")), watched.open(page_path(made, "o"))
    check = expect()
    x.fill("#dy-line", "mark b2")
    x.press("#dy-line", "Enter")
    check(o.locator("#dy-log li")).to_have_count(1)
    check(x.locator("#dy-line")).to_have_value("")  # played: the box is cleared
    check(o.get_by_role("button", name="mark a1", exact=True)).to_be_visible()

    o.fill("#dy-line", "mark b2")  # taken
    o.press("#dy-line", "Enter")
    status, refused = server.call(
        "POST", f"/api/games/{made['id']}/actions", {"action": "o: mark b2"}, made["seats"]["o"]
    )
    assert status == 409
    check(o.locator("#dy-error p").first).to_have_text(refused["error"])
    check(o.locator("#dy-line")).to_have_attribute("aria-invalid", "true")
    check(o.locator("#dy-line")).to_have_value("mark b2")  # kept, to be mended
    assert len(game_state(server, made)["log"]) == 1  # nothing played
    legal = game_state(server, made, "o")["legal"]  # no line reads so: all are still offered
    check(o.locator("#dy-legal button[data-line]")).to_have_count(len(legal))
    check(o.locator("#dy-help")).to_contain_text(f"None of the {len(legal)}")

    o.fill("#dy-line", "fly away")  # not an action line at all: 400, said as plainly
    o.press("#dy-line", "Enter")
    check(o.locator("#dy-error")).not_to_be_empty()
    check(o.locator("#dy-error")).not_to_contain_text("mark b2")

    o.fill("#dy-line", "c3")  # the filter leaves one line: Enter plays it
    check(o.locator("#dy-legal button[data-line]")).to_have_count(1)
    check(o.locator("#dy-error")).to_be_empty()
    o.press("#dy-line", "Enter")
    check(x.locator("#dy-log li")).to_have_count(2)
    assert game_state(server, made)["log"][-1].endswith("c3")

    x.focus("#dy-line")  # the keyboard alone: down to the first action, Enter plays it
    x.keyboard.press("ArrowDown")
    first = x.evaluate("document.activeElement.dataset.line")
    assert first == game_state(server, made, "x")["legal"][0]
    x.keyboard.press("Enter")
    check(o.locator("#dy-log li")).to_have_count(3)
    assert game_state(server, made)["log"][-1] == first


def test_a_click_on_the_table_plays_the_action_naming_that_place(server, watched) -> None:
    made = new_game(server, "tictactoe", players=2)
    x, o = watched.open(page_path(made, "x")), watched.open(page_path(made, "o"))
    check = expect()
    check(o.locator("#dy-table svg")).to_have_count(1)
    o.evaluate("document.querySelector('#dy-table svg g#a2').dataset.note = 'yes'")
    x.locator("#dy-table svg g#c3 rect").click()  # the cell c3 of the picture
    check(o.locator("#dy-log li")).to_have_count(1)
    assert game_state(server, made)["log"][-1] == "x: mark c3"
    check(o.locator("#dy-table svg g#c3")).to_contain_text("X")  # the picture is patched
    assert o.evaluate("document.querySelector('#dy-table svg g#a2').dataset.note") == "yes"
    o.locator("#dy-table svg g#c3").click()  # taken: no action names it, nothing is sent
    check(o.locator("#dy-error")).to_be_empty()
    o.locator("#dy-table svg text", has_text="a1").click()  # a label names its place too
    check(x.locator("#dy-log li")).to_have_count(2)
    assert game_state(server, made)["log"][1:] == ["o: mark a1"]
    # patched twice, the picture is the one the server draws now (but for the page's own note)
    check(o.locator("#dy-table svg g#a1")).to_contain_text("O")
    _, fresh, _ = server.raw("GET", f"/api/games/{made['id']}?format=svg", token=made["seats"]["o"])
    assert o.evaluate(SAME_PICTURE, fresh.decode()) is True


SAME_PICTURE = """(text) => {
  const drawn = new DOMParser().parseFromString(text, 'image/svg+xml').documentElement;
  const shown = document.querySelector('#dy-table svg').cloneNode(true);
  shown.querySelectorAll('[data-note]').forEach((e) => e.removeAttribute('data-note'));
  const marks = ['data-can', 'data-picked', 'data-last', 'tabindex', 'role', 'aria-label'];
  for (const mark of marks) {  // the page's own marks (what may be clicked, or focused)
    shown.querySelectorAll('[' + mark + ']').forEach((e) => e.removeAttribute(mark));
  }
  return shown.isEqualNode(drawn);
}"""


def test_a_spectator_sees_the_table_and_the_log_live_but_no_actions(server, watched) -> None:
    made = new_game(server, "curious-cargo", players=2, seed=3)
    spectator = watched.open(page_path(made, None))
    check = expect()
    check(spectator.locator("#dy-table svg")).to_have_count(1)
    check(spectator.locator("#dy-who")).to_contain_text("spectator")
    assert "Curious Cargo" in spectator.locator("#dy-table svg").text_content()
    assert spectator.locator("#dy-actions").is_hidden()
    assert spectator.locator("button[data-line]").count() == 0
    p1 = game_state(server, made, "p1")["legal"][0]
    status, _ = server.call(
        "POST", f"/api/games/{made['id']}/actions", {"action": p1}, made["seats"]["p1"]
    )
    assert status == 200
    check(spectator.locator("#dy-log li")).to_have_count(1)  # what happened, as announced:
    check(spectator.locator("#dy-log li")).to_have_text("p1 keeps a Truck card")  # not which
    assert p1.split()[-1] not in spectator.locator("#dy-log").inner_text()
    assert spectator.locator("button[data-line]").count() == 0
    api = [r for r in watched.requests if "/api/games/" in r.url]
    assert api and all("authorization" not in r.headers for r in api)


def test_a_link_with_a_wrong_token_watches_as_a_spectator_and_says_why(server, watched) -> None:
    made = new_game(server, "tictactoe", players=2)
    pg = watched.open(f"/games/{made['id']}#token={'A' * 32}")
    check = expect()
    check(pg.locator("#dy-conn")).to_contain_text("not a seat of this game")
    check(pg.locator("#dy-who")).to_contain_text("spectator")
    assert pg.locator("button[data-line]").count() == 0
    status, _ = server.call(
        "POST", f"/api/games/{made['id']}/actions", {"action": "x: mark a1"}, made["seats"]["x"]
    )
    assert status == 200
    check(pg.locator("#dy-log li")).to_have_count(1)  # live all the same
    check(pg.locator("#dy-conn")).to_have_text(
        "this link's token is not a seat of this game: watching as a spectator"
    )
    pg.evaluate(f"location.hash = 'token={made['seats']['x']}'")  # a new link: a new seat
    check(pg.locator("#dy-who")).to_contain_text("You play x")
    check(pg.locator("#dy-status")).to_have_text("Waiting for o")


def test_undo_takes_back_the_seats_own_action_and_says_when_it_cannot(server, watched) -> None:
    made = new_game(server, "tictactoe", players=2)
    x, o = watched.open(page_path(made, "x")), watched.open(page_path(made, "o"))
    check = expect()
    o.get_by_role("button", name="Undo").click()  # o has played nothing
    status, refused = server.call("POST", f"/api/games/{made['id']}/undo", {}, made["seats"]["o"])
    assert status == 409
    check(o.locator("#dy-error p").first).to_have_text(refused["error"])
    x.get_by_role("button", name="mark b2", exact=True).click()
    check(o.locator("#dy-log li")).to_have_count(1)
    x.get_by_role("button", name="Undo").click()
    check(x.locator("#dy-undone")).to_have_text("Taken back: x: mark b2")
    for pg in (x, o):  # what happened keeps the move, and says it was taken back
        check(pg.locator("#dy-log li")).to_have_count(2)
        check(pg.locator("#dy-log li").last).to_have_text("1 action taken back")
    check(x.locator("button[data-line]")).to_have_count(9)
    assert game_state(server, made)["log"] == []
    x.get_by_role("button", name="mark c3", exact=True).click()  # the next action ends the note
    check(x.locator("#dy-undone")).to_be_empty()


def test_a_long_legal_list_is_grouped_by_verb_folded_and_filtered(server, watched) -> None:
    made = new_game(server, "curious-cargo", players=2, seed=11)
    rng = random.Random(3)
    for _ in range(60):  # on to a turn of p1's with a long list (draw tiles to place)
        seat = game_state(server, made)["to_act"][0]
        legal = game_state(server, made, seat)["legal"]
        if seat == "p1" and len(legal) > 40:
            break
        draw = [line for line in legal if line.endswith(": draw")]
        server.call(
            "POST",
            f"/api/games/{made['id']}/actions",
            {"action": draw[0] if draw else rng.choice(legal)},
            made["seats"][seat],
        )
    legal = game_state(server, made, "p1")["legal"]
    assert len(legal) > 40
    pg = watched.open(page_path(made, "p1"))
    check = expect()
    check(pg.locator("#dy-count")).to_have_text(f"({len(legal)})")
    verbs = {line.split(":", 1)[1].split()[0] for line in legal}
    big = [v for v in verbs if sum(line.split()[1] == v for line in legal) > 12]
    assert big
    for verb in big:  # folded until opened, and drawn only then
        group = pg.locator(f'details[data-verb="{verb}"]')
        check(group).to_have_count(1)
        assert group.evaluate("d => d.open") is False
        assert group.locator("button").count() == 0
    group = pg.locator(f'details[data-verb="{big[0]}"]')
    group.locator("summary").press("Enter")  # the keyboard opens a group
    wanted = [line for line in legal if line.split()[1] == big[0]][:200]
    check(group.locator("button[data-line]")).to_have_count(len(wanted))
    drawn = group.locator("button[data-line]").evaluate_all("bs => bs.map(b => b.dataset.line)")
    assert drawn == wanted

    word = next(w for w in ("east", "north", "a1") if any(w in line for line in legal))
    pg.fill("#dy-line", word)
    shown = pg.locator("#dy-legal button[data-line]")
    matching = [line for line in legal if word in line.split(":", 1)[1]]
    check(shown).to_have_count(min(len(matching), 200))
    assert set(shown.evaluate_all("bs => bs.map(b => b.dataset.line)")) <= set(matching)
    pg.press("#dy-line", "Escape")  # cleared: the folded list again
    check(pg.locator("#dy-line")).to_have_value("")
    check(pg.locator("#dy-help")).to_be_empty()

    line = matching[0]
    pg.fill("#dy-line", word)
    pg.locator(f'#dy-legal button[data-line="{line}"]').click()
    check(pg.locator("#dy-log li").last).to_contain_text(f"places {line.split()[2]}")
    assert game_state(server, made)["log"][-1] == line


def test_simultaneous_seats_each_act_on_their_own_page(server, watched) -> None:
    made = new_game(server, "pack-and-stack", players=3, seed=5)
    assert game_state(server, made)["to_act"] == ["p1", "p2", "p3"]
    one, two = watched.open(page_path(made, "p1")), watched.open(page_path(made, "p2"))
    check = expect()
    check(one.locator("#dy-status")).to_have_text("Your turn (with p2, p3)")
    one.locator("#dy-legal button[data-line]").first.click()
    check(one.locator("#dy-status")).to_have_text("Waiting for p2, p3")
    check(one.locator("#dy-legal button[data-line]")).to_have_count(0)
    check(two.locator("#dy-status")).to_have_text("Your turn (with p3)")
    assert two.locator("#dy-legal button[data-line]").count() > 0


# ---- the lobby ------------------------------------------------------------------------------


def test_the_lobby_creates_a_game_and_shows_each_seats_link(server, watched) -> None:
    lobby = watched.open("/")
    check = expect()
    check(lobby.locator("#dy-game option")).not_to_have_count(0)
    lobby.select_option("#dy-game", "tictactoe")
    check(lobby.locator("#dy-seats select")).to_have_count(2)
    lobby.select_option('select[data-seat="o"]', "random")
    lobby.get_by_role("button", name="Create the game").click()
    check(lobby.locator("#dy-made")).to_be_visible()
    link = lobby.locator("#dy-link-x").input_value()
    assert "#token=" in link and link.startswith(server.base + "/games/")
    assert lobby.locator("#dy-link-o").count() == 0  # o is the bot's
    check(lobby.locator("#dy-links")).to_contain_text("o: played by the random bot")
    watch = lobby.locator("#dy-link-spectators").input_value()
    assert "#" not in watch and link.startswith(watch)
    watched.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.base)
    lobby.get_by_role("button", name="copy the link of x").click()
    check(lobby.get_by_role("button", name="copy the link of x")).to_have_text("Copied")
    assert lobby.evaluate("navigator.clipboard.readText()") == link

    x = watched.open(link.removeprefix(server.base))  # the link plays x; the bot answers
    x.get_by_role("button", name="mark b2", exact=True).click()
    check(x.locator("#dy-log li")).to_have_count(2)
    gid = watch.rsplit("/", 1)[1]
    status, body = server.call("GET", f"/api/games/{gid}")
    assert status == 200 and body["bots"] == {"o": "random"} and len(body["log"]) == 2


def test_the_lobby_offers_variants_and_seat_names_and_shows_a_refusal(server, watched) -> None:
    lobby = watched.open("/")
    check = expect()
    check(lobby.locator("#dy-game")).to_have_value("curious-cargo")
    handicap = lobby.locator('input[name=variant][value="handicap"]')
    other = lobby.locator('input[name=variant][value="no-scaffolding"]')
    handicap.check()
    check(other).to_be_disabled()  # the variants that conflict
    handicap.uncheck()
    check(other).to_be_enabled()
    lobby.select_option("#dy-game", "cargo")
    lobby.fill("#dy-names", "ann, bo, cy")
    check(lobby.locator("#dy-seats th")).to_have_text(["ann", "bo", "cy"])
    lobby.fill("#dy-names", "ann, 9lives")
    lobby.get_by_role("button", name="Create the game").click()
    status, refused = server.call(
        "POST", "/api/games", {"game": "cargo", "players": ["ann", "9lives"]}
    )
    assert status == 400
    check(lobby.locator("#dy-error")).to_have_text(refused["error"])
    assert lobby.locator("#dy-made").is_hidden()


def test_the_lobbys_seed_deals_the_same_game_again(server, watched) -> None:
    lobby = watched.open("/")
    check = expect()
    check(lobby.locator("#dy-game")).to_have_value("curious-cargo")
    lobby.fill("#dy-seed", "5")
    lobby.get_by_role("button", name="Create the game").click()
    check(lobby.locator("#dy-made")).to_be_visible()
    link = lobby.locator("#dy-link-p1").input_value()
    gid, token = link.removeprefix(server.base + "/games/").split("#token=")
    status, dealt = server.call("GET", f"/api/games/{gid}", token=token)
    assert status == 200
    same = game_state(server, new_game(server, "curious-cargo", players=2, seed=5), "p1")
    other = game_state(server, new_game(server, "curious-cargo", players=2, seed=6), "p1")
    assert dealt["view"] == same["view"] != other["view"]  # p1's Truck cards, dealt by the seed


# ---- every game through the pages -------------------------------------------------------------


@pytest.mark.skipif(not LONG, reason="whole games in the browser: DOCKYARD_LONG=1")
@pytest.mark.timeout(600)  # Tom Jolly's Cargo's long game takes two minutes on 2 cores
@pytest.mark.parametrize(
    "game,players",
    [
        ("pack-and-stack", 3),
        ("import-export", 2),
        ("cargo", 2),
        ("curious-cargo", 2),
    ],
)
def test_every_game_plays_by_clicks_and_its_pages_show_the_end(
    server, watched, game, players
) -> None:
    """The first actions of each game by clicks (filtered to the line chosen), the rest over
    the API while the pages follow; every page shows the result."""
    made = new_game(server, game, players=players, seed=7)
    pages = {seat: watched.open(page_path(made, seat)) for seat in made["seats"]}
    check = expect()
    rng = random.Random(7)
    for step in range(5000):
        state = game_state(server, made)
        if state["over"]:
            break
        seat = state["to_act"][0]
        line = rng.choice(game_state(server, made, seat)["legal"])
        if step < 40:
            pg = pages[seat]
            check(pg.locator("#dy-status")).to_contain_text("Your turn")
            pg.fill("#dy-line", line.split(":", 1)[1].strip())
            pg.locator(f'#dy-legal button[data-line="{line}"]').click()
            check(pg.locator("#dy-log li")).to_have_count(len(state["log"]) + 1)
        else:
            path = f"/api/games/{made['id']}/actions"
            status, _ = server.call("POST", path, {"action": line}, made["seats"][seat])
            while status == 429:  # faster than a seat may act: wait
                time.sleep(0.1)
                status, _ = server.call("POST", path, {"action": line}, made["seats"][seat])
            assert status == 200
    final = game_state(server, made)
    for pg in pages.values():  # the pages catch up with the actions sent at full speed
        check(pg.locator("#dy-log li")).to_have_count(len(final["log"]), timeout=120_000)
        if final["over"]:
            check(pg.locator("#dy-result")).to_be_visible()


def test_the_static_files_are_served(server) -> None:
    """Every asset the pages name is one app.py serves (a renamed file would 404)."""
    import re

    static = Path(__file__).resolve().parent.parent / "framework" / "server" / "static"
    for html in ("page.html", "lobby.html"):
        for name in re.findall(r'(?:src|href)="/assets/([^"]+)"', (static / html).read_text()):
            status, _, ctype = server.raw("GET", f"/assets/{name}")
            assert status == 200 and ctype.split(";")[0] in {"text/javascript", "text/css"}


def test_a_page_reconnects_after_the_server_restarts(server, watched) -> None:
    """Last in the module: it kills the module's server (kill -9) and starts it again."""
    made = new_game(server, "tictactoe", players=2)
    o = watched.open(page_path(made, "o"))
    check = expect()
    check(o.locator("#dy-status")).to_have_text("Waiting for x")
    server.kill()
    check(o.locator("#dy-conn")).to_contain_text("reconnecting")
    server.start()
    status, _ = server.call(
        "POST", f"/api/games/{made['id']}/actions", {"action": "x: mark a1"}, made["seats"]["x"]
    )
    assert status == 200
    check(o.locator("#dy-log li")).to_have_count(1, timeout=30_000)
    check(o.locator("#dy-status")).to_have_text("Your turn")
    check(o.locator("#dy-conn")).to_be_empty()
