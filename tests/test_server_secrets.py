"""`dockyard serve` keeps each seat's secrets: over whole seeded games of Import / Export (2 and
3 players) and Curious Cargo (Truck cards in hand), no message the server sends a spectator or a
seat (every GET body, every POST answer, every WebSocket message, the SVG picture, the errors
and hints of refused actions naming another seat's hidden card) names a secret of another seat.

The secrets are the generic suite's: `dockyard.seats.secret_ids`, held by a local `Session`
replaying the same lines, and judged as dockyard/testing/hidden_information.py judges the local
paths: after an action, a viewer must not be shown another seat's secret ids, but for those that
were public before it (the spectator's view) and its own before it (a card it gave away). A log
line is judged when it first comes (it is the same line ever after: the log is the local one).
A refused action naming another's card must be answered as one naming a card the seat cannot
tell from it (`Game.sample_state` deals what is hidden from the seat again). More seeds and every
picture with DOCKYARD_LONG=1."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
pytest.importorskip("websockets")

from dockyard.bots import make_bot  # noqa: E402
from dockyard.core import Action, Event  # noqa: E402
from dockyard.seats import announced_log, legal_hint, secret_ids, undo_count, undo_refusal  # noqa: E402
from dockyard.server.tables import LISTED  # noqa: E402
from dockyard.session import Session  # noqa: E402
from dockyard.testing.server import ServerProcess  # noqa: E402
from server_play import LONG, Net, Socket, jsonish, shown_as_local  # noqa: E402

pytestmark = pytest.mark.timeout(900)

# short whole games among the first seeds; a bot at the third seat (its sealed bids are secret)
BOT = {"p3": "random"}
GAMES: list[tuple[str, int, int, dict[str, str], bool]] = [  # the last: dense (below)
    ("import-export", 2, 17, {}, LONG),
    ("import-export", 3, 24, BOT, LONG),
    ("curious-cargo", 2, 1, {}, LONG),
]
if LONG:  # more seeds at the default density
    GAMES += [("import-export", 2, s, {}, False) for s in (3, 4, 5)]
    GAMES += [("import-export", 3, s, bots, False) for s in (6, 7) for bots in ({}, BOT)]
    GAMES += [("curious-cargo", 2, s, {}, False) for s in (2, 3)]
    GAMES += [("curious-cargo", 2, s, {"p2": "random"}, False) for s in (6, 7)]
# a dense game (the first three, with DOCKYARD_LONG=1) judges every viewer's picture and GET
# after every action, compared whole with the local session's, and guesses at hidden cards
# before every action; the others every PICTURES and every PROBES actions
PICTURES = 15  # every how many actions every viewer's picture and GET are fetched
PROBES = 4  # every how many actions the seat to act guesses at a hidden card


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    folder = tmp_path_factory.mktemp("secrets")
    with ServerProcess(folder / "games.sqlite", "--rate", "100000") as running:
        yield running


class Leak(AssertionError):
    pass


class Secrets:
    """What each viewer may not be shown now, from the local session (as hidden_information
    does): another seat's secret ids but those public before the last action (in the
    spectator's view) and the viewer's own before it."""

    def __init__(self, local: Session) -> None:
        self.local = local
        self.game = local.game
        self.viewers: tuple[str | None, ...] = (None, *local.players)
        self.public = ""
        self.knew: dict[str | None, set[str]] = {}
        self.fresh: dict[str | None, dict[str, str]] = {}  # viewer -> {id: its owner}
        self.pattern: dict[str | None, re.Pattern[str] | None] = {}
        self.logged: dict[str | None, int] = dict.fromkeys(self.viewers, 0)
        self.seen = 0  # ids checked for, over the game (a test that finds nothing to hide fails)
        self.learn()

    def owned(self, state: Any = None) -> dict[str, list[str]]:
        state = self.local.state if state is None else state
        return {p: secret_ids(self.game, state, i) for i, p in enumerate(self.local.players)}

    def before(self) -> None:
        self.public = json.dumps(self.local.view(None), sort_keys=True)
        self.knew = {p: set(ids) for p, ids in self.owned().items()}

    def learn(self) -> None:
        owned = self.owned()
        for viewer in self.viewers:
            known = self.knew.get(viewer, set())
            fresh = {
                x: owner
                for owner, ids in owned.items()
                if owner != viewer
                for x in ids
                if x not in known
                and not re.search(rf"(?<![\w-]){re.escape(x)}(?![\w-])", self.public)
            }
            self.seen += len(fresh)
            self.fresh[viewer] = fresh
            self.pattern[viewer] = (
                re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, fresh)) + r")(?![\w-])")
                if fresh
                else None
            )

    def check(self, viewer: str | None, text: str, where: str) -> None:
        pattern = self.pattern[viewer]
        found = pattern.search(text) if pattern is not None else None
        if found is not None:
            owner = self.fresh[viewer][found.group(1)]
            at = max(0, found.start() - 80)
            raise Leak(
                f"{viewer or 'a spectator'} is shown {owner}'s secret {found.group(1)!r} {where} "
                f"(action {len(self.local.log)}): ...{text[at : found.end() + 80]}..."
            )

    def body(self, viewer: str | None, body: dict[str, Any], where: str) -> None:
        """A GET body or a WebSocket message: all but its log, and the log's new lines."""
        rest = {k: v for k, v in body.items() if k != "log"}
        self.check(viewer, json.dumps(rest), where)
        log = body["log"]
        for line in log[self.logged[viewer] :]:
            self.check(viewer, line, f"in the log line {line!r} {where}")
        self.logged[viewer] = max(self.logged[viewer], len(log))


def told(local: Session, viewer: str) -> str:
    """Everything `viewer` has been shown as text (its view and its log)."""
    return json.dumps(local.view(viewer)) + "\n".join(announced_log(local, viewer))


def guesses(local: Session, secrets: Secrets, seat: str, rng: random.Random) -> Iterator[Any]:
    """(line naming another's hidden card X, X, line naming Y, Y): Y a card `seat` cannot tell
    from X (another's secret when what is hidden from `seat` is dealt again), neither of them
    ever shown to `seat`; the line is one of `seat`'s legal lines with a card in it changed."""
    game = local.game
    index = local.players.index(seat)
    owned = secrets.owned()
    shown = told(local, seat)

    def card(x: str) -> bool:  # an id (not a phrase such as a sealed bid) never shown to seat
        return re.fullmatch(r"[\w-]+", x) is not None and not re.search(
            rf"(?<![\w-]){re.escape(x)}(?![\w-])", shown
        )

    never = [x for x in secrets.fresh[seat] if card(x)]
    twin = game.sample_state(local.state, index, rng)
    others = {x for p, ids in secrets.owned(twin).items() if p != seat for x in ids}
    now = {x for p, ids in owned.items() for x in ids}
    alike = sorted(x for x in others - now if card(x))
    if not never or not alike:
        return
    pool = now | others
    legal = local.legal_actions(seat) if seat in local.actors() else []
    with_card = [a for a in legal if any(isinstance(v, str) and v in pool for v in a.args)]
    for action in rng.sample(with_card, min(2, len(with_card))):
        at = next(i for i, v in enumerate(action.args) if isinstance(v, str) and v in pool)
        x, y = rng.choice(never), rng.choice(alike)

        def naming(card: str, action: Action = action, at: int = at) -> str:
            args = (*action.args[:at], card, *action.args[at + 1 :])
            return local.format(Action(seat, action.verb, args))

        yield naming(x), x, naming(y), y


def refusal(net: Net, local: Session, seat: str, line: str, card: str) -> tuple[int, str]:
    """The status and error of the answer to `line`, with `card` written as CARD; its hint is
    the one `dockyard.seats.legal_hint` builds from what `seat` was shown (its legal lines, the
    log as announced to it), whatever `card` is."""
    status, body = net.act(seat, line)
    assert status != 200, f"{line!r} was played: it names a card {seat} does not hold"
    assert set(body) <= {"error", "hint"}, body
    hint = legal_hint(local, local.parse(line), seat, listed_by=LISTED)
    assert body.get("hint", "") == hint, f"the hint to {line!r} is not the seat's own"
    return status, re.sub(rf"(?<![\w-]){re.escape(card)}(?![\w-])", "CARD", body["error"])


class Bots:
    """The server's bots, played on the local session too: the same bots with the same seeds
    (as dockyard.server.tables makes them) choose the same moves on the same game."""

    def __init__(self, local: Session, bots: dict[str, str], seed: int) -> None:
        self.local = local
        self.bots = {
            seat: make_bot(local.game, name, seed + 1 + i)
            for i, (seat, name) in enumerate(bots.items())
        }

    def move(self) -> list[tuple[Action, list[Event]]]:
        """The bots' moves while they are to act, as the server's bots move: each with its
        events."""
        local, moves = self.local, []
        while self.bots and not local.over:
            seats = [p for p in local.actors() if p in self.bots]
            if not seats:
                break
            action = self.bots[seats[0]].choose(local, [local.players.index(seats[0])])
            moves.append((action, local.apply(action)))
        return moves


def lines_seen(
    local: Session, moves: list[tuple[Action, list[Event]]], viewer: str | None
) -> list[str]:
    """The event lines of `moves` `viewer` may see: its own moves in their canonical text."""
    return [
        local.format(action) if e.kind == "move" and viewer == action.player else e.text
        for action, events in moves
        for e in events
        if e.seen_by(viewer)
    ]


@pytest.mark.parametrize(("game", "players", "seed", "bots", "dense"), GAMES)
def test_no_message_shows_a_seat_another_seats_secret(
    server: ServerProcess, game: str, players: int, seed: int, bots: dict[str, str], dense: bool
) -> None:
    pictures_every, probes_every = (1, 1) if dense else (PICTURES, PROBES)
    net = Net(server, game, players, seed, bots=bots)
    local = net.replay(())
    robots = Bots(local, bots, seed)
    robots.move()
    assert len(net.settle()["log"]) == len(local.log)
    secrets = Secrets(local)
    viewers = tuple(v for v in secrets.viewers if v not in bots)
    sockets: dict[str | None, Socket] = {v: net.socket(v) for v in viewers}
    for viewer, socket in sockets.items():
        secrets.body(viewer, socket.next(), "in the first WebSocket message")
    for viewer in viewers:
        secrets.body(viewer, net.get(viewer), "in GET")
    rng = random.Random(f"secrets:{seed}")  # the lines played
    guessing = random.Random(f"guesses:{seed}")  # the guesses, and what is dealt again
    probes = [0]

    def pictures(same: bool = dense) -> None:  # and every viewer's GET; `same`: the local one?
        for viewer in viewers:
            secrets.body(viewer, net.get(viewer), "in GET")
            status, raw, kind = server.raw(
                "GET", f"{net.path}?format=svg", token=net.tokens.get(viewer or "")
            )
            assert status == 200 and kind.startswith("image/svg+xml")
            svg = raw.decode()
            secrets.check(viewer, svg, "in the SVG picture")
            if same:
                drawn = local.picture(viewer)
                assert svg == str(drawn.to_string()), f"the picture as {viewer} is not the local"

    pictures(same=True)

    played = [0]  # lines played by the test's seats (the bots' moves are the server's)

    def watched(seat: str, line: str) -> tuple[int, Any]:
        """Before `line` is played: guesses at hidden cards judged; then `line` played."""
        played[0] += 1
        if (played[0] - 1) % probes_every == 0:
            for bad_x, x, bad_y, y in guesses(local, secrets, seat, guessing):
                probes[0] += 1
                before = net.get(seat)
                status, text = refusal(net, local, seat, bad_x, x)
                hint = net.act(seat, bad_x)[1].get("hint", "")
                secrets.check(seat, f"{text} {hint}", f"in the refusal of {bad_x!r}")
                assert (status, text) == refusal(net, local, seat, bad_y, y), (
                    f"{seat} is answered otherwise for {bad_x!r} ({x}: {secrets.fresh[seat][x]}'s"
                    f" hidden card) than for {bad_y!r} ({y}, a card {seat} cannot tell from it)"
                )
                assert net.get(seat) == before
        secrets.before()
        return net.act(seat, line)

    # play: the seats choose among their legal lines; everything sent is judged
    while not local.over:
        seat = rng.choice(local.actors())
        mine = net.get(seat)
        secrets.body(seat, mine, "in GET")
        line = rng.choice(mine["legal"])
        status, answer = watched(seat, line)
        assert status == 200, f"{line!r}: {status} {answer!r}"
        action = local.parse(line)
        moves = [(action, local.apply(action)), *robots.move()]
        if bots:  # they move after the answer
            assert len(net.settle()["log"]) == len(local.log)
        secrets.learn()
        secrets.check(seat, json.dumps(answer), f"in the answer to {line!r}")
        assert answer["events"] == lines_seen(local, moves[:1], seat), f"the answer to {line!r}"
        for viewer, socket in sockets.items():
            message = socket.until(net.get()["version"])
            where = f"in the WebSocket message after {line!r}"
            secrets.body(viewer, message, where)
            if len(local.log) % pictures_every == 0:
                shown_as_local(message, local, viewer, where)
            assert message["events"] == lines_seen(local, moves, viewer), where
        if len(local.log) % probes_every == 0:  # another seat's undo: refused, in words it may see
            for other in viewers:
                if other is not None and other != seat:
                    status, body = net.undo(other)
                    assert status == 409, f"{other} took back {line!r}: {body}"
                    where = f"in the refusal of {other}'s undo after {line!r}"
                    secrets.check(other, json.dumps(body), where)
                    probes[0] += 1
        if len(local.log) % pictures_every == 0:
            pictures()
    pictures(same=True)
    for viewer in viewers:
        end = net.get(viewer)
        secrets.body(viewer, end, "in GET at the end")
        shown_as_local(end, local, viewer, "the end")
    for socket in sockets.values():
        socket.close()
    assert secrets.seen > 0, "no secret to keep in the whole game: the test judged nothing"
    assert probes[0] > 0, "no refused guess at another seat's card was made"
    assert jsonish(local.view(None)) == net.get()["view"]


def test_a_guess_at_a_card_is_judged(server: ServerProcess) -> None:
    """The judge itself: a text naming another seat's hidden card is a leak (so a clean run of
    the test above means something)."""
    net = Net(server, "import-export", 2, 1)
    local = net.replay(())
    secrets = Secrets(local)
    p2 = secrets.owned()["p2"]
    assert p2, "p2 holds no cards at the start"
    secrets.check("p2", json.dumps(net.get("p2")), "p2's own GET")  # its own cards are fine
    with pytest.raises(Leak, match="p2's secret"):
        secrets.check("p1", f"p2 holds {p2[0]}", "a made-up message")
    with pytest.raises(Leak):
        secrets.check(None, json.dumps(net.get("p2")), "p2's GET shown to a spectator")


def test_undo_answers_only_what_the_seat_was_told(server: ServerProcess) -> None:
    """Undo takes back a seat's action and the bots' replies to it: what it answers it took
    back is the log as the seat was told it (a bot's sealed bid stays sealed), never the lines."""
    net = Net(server, "import-export", 2, 2, bots={"p2": "random"})
    rng = random.Random("undo:2")
    secret_undone = 0
    for _ in range(400):
        if net.settle()["over"]:  # (the server's bot moves after the answer: wait for it)
            break
        shown = net.get("p1")
        line = rng.choice(shown["legal"])
        assert net.act("p1", line)[0] == 200
        net.settle()
        log = net.get("p1")["log"]
        status, body = net.undo("p1")
        if status == 409:  # past a reveal, or what showed p1 a card: kept
            continue
        assert status == 200, body
        undone = body["undone"]
        assert undone and undone[-1] == line  # the latest first, back to p1's
        assert undone == log[::-1][: len(undone)], "undo told p1 more than the log did"
        assert net.get("p1")["log"] == log[: -len(undone)]
        secret_undone += any("(in secret)" in text for text in undone)
        assert net.act("p1", line)[0] == 200  # and on again
        if secret_undone:
            break
    assert secret_undone > 0, "no undo took back a bot's sealed bid: the test judged nothing"


def test_a_refused_undo_quotes_another_seats_sealed_bid_as_announced() -> None:
    """`dockyard.seats.undo_refusal` (the server's and the seated REPL's undo): another seat's
    secret action is quoted as it was announced, not in its canonical text."""
    local = Session("import-export", seed=17, players=2)
    rng = random.Random(0)
    for _ in range(2000):
        if local.over:
            break
        action = rng.choice(local.legal_actions())
        local.apply(action)
        if action.verb != "bid" or local.announce(action) == local.format(action):
            continue
        other = next(p for p in local.players if p != action.player)
        reason = undo_refusal(local, 1, other)
        assert reason is not None and local.announce(action) in reason
        assert local.format(action) not in reason, reason
        return
    pytest.fail("no sealed bid in a whole game")


def test_the_seated_repls_undo_tells_a_bots_sealed_bid_as_announced() -> None:
    """The REPL (`dockyard play --as p1 --bots ...`) takes back a bot's replies with the seat's
    action, as the server does: it names them as p1 was told them."""
    import io

    from dockyard.cli.output import Output
    from dockyard.cli.repl import Shell

    for seed in range(2, 8):  # games go differently with the rules: some seed meets a bid
        session = Session("import-export", seed=seed, players=2)
        out = io.StringIO()
        bot = make_bot(session.game, "random", 3)
        shell = Shell(session, Output(out), seat="p1", bots={"p2": bot})
        shell.play_bots()
        rng = random.Random("repl-undo")
        for _ in range(400):
            if session.over:
                break
            line = session.format(rng.choice(session.legal_actions("p1")))
            shell.run_line(line)
            count = undo_count(session, 1, {"p2"})
            bids = [a for a in session.log[-count:] if a.player == "p2" and a.verb == "bid"]
            if not bids or undo_refusal(session, count, "p1", {"p2"}) is not None:
                continue
            out.seek(0)
            out.truncate(0)
            shell.run_line("undo")
            said = out.getvalue()
            assert "took back" in said and session.announce(bids[-1]) in said, said
            assert session.format(bids[-1]) not in said, said
            return
    pytest.fail("no undo took back a bot's sealed bid")
