"""`dockyard play --connect URL [--token TOKEN]`: the REPL as a client of a `dockyard serve` game.

The server judges: the game's rules are not loaded here. An action line goes to the server as
typed (the `PLAYER:` prefix may be left out) and a refused one prints the server's error and
hint, the game unchanged; the commands (help, legal, show, hand, bots, undo, log, events,
result, wait, quit) read what the server shows this seat. A WebSocket (client.py) brings every
change as it happens, so the other seats' moves are printed while you wait; everything printed
of a change (your own moves too) comes from it, once each, in the server's order. Without a
token the client watches as a spectator. Piped stdin works as in the local REPL, no prompts;
there an action waits for the seat's turn, so two scripts can play each other.
"""

from __future__ import annotations

import argparse
import inspect
import json
import os
import sys
import threading
from collections.abc import Callable, Iterable
from contextlib import suppress
from typing import Any

from ..core import DockyardError
from ..words import did_you_mean
from .client import Connection, Lost, ServerError, Watcher
from .looking import GROUP_AT, Failed
from .output import Output, use_color
from .remote_args import _address, _isatty, _piped, _token
from .remote_text import (
    COMMANDS,
    WORDS,
    by_verb,
    located_refusal,
    parts_of,
    result_lines,
    usage_of,
    verb_of,
    verbs_in,
    view_text,
    without_player,
)
from .repl import StatementError, check_line, first_column

__all__ = ["RemoteShell", "cmd_play_remote"]

SYNC = 5.0  # seconds to wait for the WebSocket to bring a change this client made
POLL = 3.0  # seconds of waiting with no change pushed before the game is asked for over HTTP

LOCAL_ONLY = ("redo", "save", "load", "expect")  # the server keeps the game: not here


class RemoteShell:
    """Runs lines against a server's game, as one seat or a spectator."""

    def __init__(
        self,
        connection: Connection,
        state: dict[str, Any],
        output: Output,
        interactive: bool = False,
    ) -> None:
        self.connection = connection
        self.state = state
        self.output = output
        self.interactive = interactive
        self.seat: str | None = state.get("seat")
        self.cond = threading.Condition(threading.RLock())  # guards state and printing
        self.seen: list[str] = []  # the event lines printed since connecting
        self.announced = bool(state.get("over"))
        self.lost: str | None = None  # why the server is gone (None: it is not)
        self.done = False
        self.connected = threading.Event()  # the WebSocket's first message came
        # after a change: piped, the lines go out at once; a terminal redraws its prompt
        self.on_change: Callable[[], None] = self.flush
        self.watcher = Watcher(connection, self.on_message, self.on_lost)

    def flush(self) -> None:
        try:
            self.output.out.flush()
        except (OSError, ValueError):
            pass

    # ---- changes, as the server pushes them -----------------------------------------------
    def on_message(self, message: dict[str, Any]) -> None:
        if message.get("type") == "error":
            self.on_lost(f"the server refused this connection: {message.get('error')}")
            return
        if message.get("type") != "state":
            return
        with self.cond:
            try:
                self.apply(message, message.get("events") or [])
            except (KeyError, TypeError, ValueError):
                return  # not a message of this game's: nothing to show
            self.connected.set()
            self.cond.notify_all()
        self.on_change()

    def on_lost(self, why: str) -> None:
        with self.cond:
            if self.lost is None:
                self.lost = why
                self.output.error(f"dockyard play: {why}")
            self.cond.notify_all()
        self.on_change()

    def apply(self, shown: dict[str, Any], events: list[str]) -> None:
        """Take `shown` (a newer state of the game) and print what changed: actions taken
        back, then the events (else the new log lines), then the result once."""
        if int(shown["version"]) <= int(self.state["version"]):
            return
        old, new = list(self.state["log"]), list(shown["log"])
        same = 0
        while same < min(len(old), len(new)) and old[same] == new[same]:
            same += 1
        self.state = shown
        say = self.output.say
        for line in reversed(old[same:]):
            say(f"took back {line}", "yellow")
        added = set(new[same:])
        for line in [str(e) for e in events] or new[same:]:
            self.seen.append(line)
            say(line, "bold" if line in added else "cyan")
        if not shown.get("over"):
            self.announced = False
        elif not self.announced and shown.get("result"):
            self.announced = True
            say(str(shown["result"]["text"][0]), "bold green")

    def _change(
        self, send: Callable[[], dict[str, Any]], events: Callable[[Any], list[str]]
    ) -> None:
        """Send a change; then, until the WebSocket brings it (SYNC seconds at most), wait, so
        that it is printed once and in order; failing that, print it from the answers."""
        answer = send()
        shown = self.connection.state()
        target = int(shown["version"])
        with self.cond:
            if (
                not self.cond.wait_for(
                    lambda: int(self.state["version"]) >= target or self.lost is not None,
                    timeout=SYNC,
                )
                or int(self.state["version"]) < target
            ):
                self.apply(shown, events(answer))
        self.on_change()

    def _await_turn(self) -> None:  # piped: until this seat may act (or the game is over)
        with self.cond:
            self._wait_ready()
        if self.lost is not None:
            raise Lost(self.lost)

    def _wait_ready(self) -> None:
        """Wait (the condition held) until this seat may act or the game ends (HTTP asked every
        POLL s, should a pushed change not come)."""
        quiet, behind = 0.0, None  # a newer state seen over HTTP (the WebSocket gets POLL s)
        while self.lost is None and not self._ready():
            self.cond.wait(0.5)
            quiet += 0.5
            if quiet >= POLL and self.lost is None and not self._ready():
                quiet = 0.0
                if behind is not None and behind["version"] > self.state["version"]:
                    self.apply(behind, [])  # still not pushed: shown from HTTP
                with suppress(Exception):  # (the WebSocket says its own loss)
                    behind = None
                    behind = self.connection.state()

    def _ready(self) -> bool:
        return bool(self.state.get("over")) or self.seat in self.state.get("to_act", ())

    # ---- one line -----------------------------------------------------------------------------
    def run_line(self, line: str, source: str = "<input>", lineno: int = 1) -> None:
        """Do one line; raise a located error (the game unchanged) if it fails."""
        line = line.removesuffix("\n").removesuffix("\r")
        check_line(line, source, lineno)
        text = line.strip()
        if not text or text.startswith("#"):
            return
        word, _, rest = text.partition(" ")
        try:
            if word in WORDS:
                command = getattr(self, f"do_{word}")
                try:
                    inspect.signature(command).bind(*rest.split())
                except TypeError:
                    raise Failed(f"`{word}` does not take those words", usage_of(word)) from None
                command(*rest.split())
            elif word in LOCAL_ONLY:
                raise Failed(
                    f"`{word}` is not available in a game on a server (the server keeps it)",
                    f"one of {', '.join(sorted(WORDS))}, or an action",
                )
            else:
                self.act(text)
        except ServerError as exc:
            if not exc.reached:
                raise
            raise located_refusal(exc, line, source, lineno) from None
        except Failed as exc:
            raise StatementError(
                source, lineno, first_column(line), str(exc), exc.expected, line
            ) from None

    def act(self, line: str) -> None:
        if self.seat is None:
            raise Failed(
                "you are watching: actions need a seat's token (dockyard play --connect URL "
                "--token TOKEN)",
                "a command such as show, log or wait",
            )
        if not self.interactive:
            self._await_turn()
        self._change(lambda: self.connection.act(line), lambda a: list(a.get("events", [])))

    # ---- commands -------------------------------------------------------------------------------
    def _legal(self) -> list[str]:
        with self.cond:
            return [str(line) for line in self.state.get("legal", [])]

    def do_help(self, word: str | None = None) -> None:
        say = self.output.say
        legal = self._legal()
        verbs = verbs_in(legal)
        if word is not None:
            if word in verbs:
                examples = [t for t in legal if verb_of(t) == word]
                say(f"legal now, e.g.: {', '.join(examples[:3])}")
                return
            forms = [u for u in COMMANDS if u.split()[0] == word]
            if forms:
                for u in forms:
                    say(f"{u}: {COMMANDS[u]}")
                return
            raise Failed(
                f"no legal action or command called {word!r}{did_you_mean(word, [*verbs, *WORDS])}",
                f"one of {', '.join([*verbs, *sorted(WORDS)])}",
            )
        state = self.state
        who = f"you play {self.seat}" if self.seat else "you watch as a spectator"
        say(f"{state.get('title', state['game'])} on {self.connection.address.base} ({who})")
        if self.seat:
            say("Type an action (the `PLAYER:` prefix may be left out); the server judges it")
            say(f"such as `{legal[0]}`, or a command:" if legal else "or a command:")
        width = max(map(len, COMMANDS))
        for usage, what in COMMANDS.items():
            say(f"  {usage.ljust(width)}  {what}")
        if verbs:
            say(f"actions legal for you now: {', '.join(verbs)} (`help VERB` for one)")

    def do_legal(self, *words: str) -> None:
        if self.seat is None:
            raise Failed("a spectator has no actions (connect with --token to play)")
        with self.cond:
            state = self.state
            legal = self._legal()
        if state.get("over"):
            self.output.say("the game is over: nothing is legal")
            return
        if not legal:
            who = " or ".join(state.get("to_act", [])) or "nobody"
            self.output.say(f"nothing for {self.seat} to do now (waiting for {who})")
            return
        if words:
            prefix = " ".join(words)
            if prefix.rstrip(":") == self.seat:
                words, prefix = (), ""
            legal = [
                t for t in legal if t.startswith(prefix) or without_player(t).startswith(prefix)
            ]
            if not legal:
                raise Failed(
                    f"no legal action starts with {prefix!r}"
                    f"{did_you_mean(words[0], verbs_in(self._legal()))}"
                )
        if len(legal) <= GROUP_AT or words:
            for text in legal:
                self.output.say(text)
            return
        for verb, members in by_verb(legal).items():
            if len(members) <= 3:
                for text in members:
                    self.output.say(text)
            else:
                self.output.say(f"{verb}: {len(members)}  e.g. {members[0]}  (legal {verb} ...)")

    def do_show(self, *words: str) -> None:
        with self.cond:
            view = self.state.get("view")
        if words == ("--json",):
            self.output.say(json.dumps(view, indent=2, sort_keys=True))
            return
        part: Any = view
        for depth, word in enumerate(words):
            keys = parts_of(part)
            if word not in keys:
                where = " ".join(words[:depth]) or "the view"
                raise Failed(
                    f"{where} has no {word!r}{did_you_mean(word, keys)}",
                    f"one of {', '.join(keys)}" if keys else "a shorter `show`",
                )
            part = part[word] if isinstance(part, dict) else part[int(word) - 1]
        name = words[-1] if words else ""
        for line in view_text(part, name):
            self.output.say(line)

    def do_hand(self) -> None:
        with self.cond:
            view = self.state.get("view")
        if not isinstance(view, dict) or "hand" not in view:
            raise Failed("the view shows no hand of yours (`show` shows all of it)")
        self.do_show("hand")

    def do_bots(self) -> None:
        bots = self.state.get("bots") or {}
        if not bots:
            self.output.say("no bots at this table")
        for seat, name in bots.items():
            self.output.say(f"{seat}: {name}")

    def do_undo(self, n: str = "1") -> None:
        if self.seat is None:
            raise Failed("a spectator has nothing to undo")
        if not n.isdigit() or int(n) < 1:
            raise Failed(f"undo {n}: how many of your actions to take back", "a number from 1")
        self._change(lambda: self.connection.undo(int(n)), lambda _: [])

    def do_log(self) -> None:
        with self.cond:
            for line in self.state.get("log", []):
                self.output.say(str(line))

    def do_events(self) -> None:
        with self.cond:
            if not self.seen:
                self.output.say("nothing happened since you connected (`log` lists the actions)")
            for line in self.seen:
                self.output.say(line)

    def do_result(self) -> None:
        with self.cond:
            for line in result_lines(self.state):
                self.output.say(line)

    def do_wait(self) -> None:
        with self.cond:
            if self.interactive and self.lost is None and not self._ready():
                who = " or ".join(self.state.get("to_act", [])) or "the end"
                self.output.say(f"waiting for {who} (Ctrl-C stops waiting)", "yellow")
            self._wait_ready()
        if self.lost is not None:
            raise Lost(self.lost)

    def do_quit(self) -> None:
        self.done = True

    # ---- the terminal -----------------------------------------------------------------------
    def prompt(self) -> str:
        state = self.state
        name = state["game"]
        if self.lost is not None:
            return f"{name} (disconnected)> "
        if state.get("over"):
            return f"{name} (over)> "
        actors = state.get("to_act", [])
        if self.seat is None:
            return f"{name} (watching; {' or '.join(actors) or 'nobody'} to move)> "
        if self.seat in actors:
            return f"{name} {self.seat}> "
        return f"{name} {self.seat} (waiting for {' or '.join(actors)})> "

    def completions(self, prefix: str) -> list[str]:
        """Whole lines completing `prefix`: legal lines (with, without the player), commands."""
        legal = self._legal()
        lines = [*legal, *map(without_player, legal)]
        lines.extend(f"{w} " if w in ("help", "legal", "show", "undo") else w for w in WORDS)
        lines.extend(f"help {v}" for v in verbs_in(legal))
        lines.extend(f"show {k}" for k in parts_of(self.state.get("view")))
        return sorted({line for line in lines if line.startswith(prefix)})

    def greet(self) -> None:
        state = self.state
        about = f"you play {self.seat}" if self.seat else "you watch as a spectator"
        bots = "".join(f"; {p} is played by the bot {b}" for p, b in state.get("bots", {}).items())
        say = self.output.say
        say(f"{state.get('title', state['game'])}: {', '.join(state['players'])} ({about}{bots})")
        say("`help` lists the commands; Tab completes actions and commands")
        for line in result_lines(state):
            say(line)

    def run_stream(self, stream: Iterable[str], source: str = "<stdin>") -> int:
        """Lines from a pipe, no prompts; errors printed, play goes on (1 if any failed)."""
        failed = False
        for lineno, line in enumerate(stream, 1):
            try:
                self.run_line(line, source, lineno)
            except Lost:  # on_lost said so
                return 1
            except ServerError as exc:
                self.output.error(f"dockyard play: {exc}")
                return 1
            except DockyardError as exc:
                self.output.error(str(exc))
                failed = True
            self.flush()
            if self.done:
                break
        return 1 if failed else 0


# ---- the command ----------------------------------------------------------------------------------
def cmd_play_remote(args: argparse.Namespace) -> int:
    """`dockyard play --connect URL [--token TOKEN]`: 0, or 1 when it failed."""
    out = Output(sys.stdout, sys.stderr, color=use_color(sys.stdout))
    try:
        address = _address(args)
        token = _token(args.token) or address.token or os.environ.get("DOCKYARD_TOKEN") or None
    except DockyardError as exc:
        out.error(f"dockyard play: {exc}")
        return 2
    try:
        import websockets.sync.client  # noqa: F401
    except ImportError:
        out.error(
            "dockyard play --connect needs the websockets package: pip install '.[server]' (dockyard's checkout)"
        )
        return 1
    connection = Connection(address, token)
    try:
        state = connection.state()
    except ServerError as exc:
        out.error(f"dockyard play: {exc}")
        return 1
    if token and state.get("seat") is None:  # a server that let a bad token watch
        out.error(f"dockyard play: the token is not a seat of game {address.game}")
        return 1
    interactive = _isatty(sys.stdin) and _isatty(sys.stdout)
    shell = RemoteShell(connection, state, out, interactive)
    shell.watcher.start()
    try:
        # changes print from the WebSocket: none sent before it is there (10 s; then HTTP)
        for _ in range(100):
            if shell.connected.wait(0.1) or shell.lost is not None:
                break
        if shell.lost is not None:
            return 1
        if interactive:
            from .remote_terminal import interact_remote

            return interact_remote(shell)
        return shell.run_stream(_piped(sys.stdin))
    except KeyboardInterrupt:  # Ctrl-C while a piped client waits: leave quietly
        return 130
    finally:
        shell.watcher.stop()
        shell.watcher.join(2.0)  # not printing while the interpreter shuts down
