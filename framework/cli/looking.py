"""The shell's commands that look and change nothing: `help`, `legal`, `show`, `hand`, `bots`.

Seated shells (`--as SEAT`) see the game as that player does: their own legal actions, their own
hand, and nobody else's hidden things.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..core import DockyardError
from ..files import inside
from ..game import Action
from ..language import META_WORDS
from ..session import Session
from ..words import did_you_mean
from .output import Output

COMMANDS: dict[str, str] = {
    "help [VERB]": "this list, or how to write an action (`help place`), with a legal example",
    "legal [PLAYER] [VERB ARG...]": "the legal actions now, grouped (by verb or worker) when many; "
    "`legal place t12` lists those starting so",
    "show [TOPIC]": "the game as you see it (topics below; `show hand`)",
    "show tile ID": "one tile or card with everything printed on it (`show card ID` too)",
    "show --svg FILE [PLAYER]": "write the table as you see it as an SVG picture "
    "(open it in a browser)",
    "hand": "your hand (as `show hand`)",
    "bots": "the bots that can play this game",
    "undo [N]": "take back your last N actions (1), with the bots' replies",
    "redo [N]": "play again N actions taken back (1)",
    "save [--force] FILE": "save the game (seed and actions, readable TOML); --force replaces a file",
    "load FILE": "continue a saved game (FILE as a shell reads it: quotes are taken away; "
    "where the game has a `load` action, a FILE with a '.' or '/', or quoted, is a save and "
    "anything else the action; `PLAYER: load ...` is always the action)",
    "log": "the actions so far, one canonical line each (a script)",
    "events": "everything that happened so far",
    "result": "the outcome, once the game is over",
    "expect QUERY OP VALUE": "check a value, e.g. `expect winner == x` (`help expect`: "
    "every query)",
    "expect illegal: ACTION": 'check that ACTION is refused (add `because "TEXT"`)',
    "quit": "leave",
}
COMPONENT_WORDS = ("tile", "card", "truck")  # `show tile ID` draws one component
GROUP_AT = 30  # `legal` groups by verb when it would list more lines than this


def _is_svg(path: Path) -> bool:
    try:
        with path.open("rb") as handle:
            head = handle.read(200).lstrip()
    except OSError:
        return False
    return head.startswith((b"<svg", b"<?xml"))


class Failed(DockyardError):
    """A statement failed: what happened, and what was expected instead (in words)."""

    def __init__(self, what: str, expected: str = "") -> None:
        super().__init__(what)
        self.expected = expected


class Looking:
    """A mixin of `Shell` (repl.py): what it needs of the shell is declared here."""

    session: Session
    output: Output
    seat: str | None
    viewer: str | None
    bots: dict[str, Any]
    write_root: Path | None

    # ---- commands ---------------------------------------------------------------------------------
    def do_help(self, word: str | None = None) -> None:
        if word is not None:
            return self._help_on(word)
        session = self.session
        game = session.game
        say = self.output.say
        say(f"{game.title}: {game.summary}" if game.summary else game.title)
        say("Type an action (`PLAYER: ...`; the player may be left out when only one may act)")
        legal = self._legal()
        say(f"such as `{session.format(legal[0])}`, or a command:" if legal else "or a command:")
        width = max(map(len, COMMANDS))
        for usage, what in COMMANDS.items():
            say(f"  {usage.ljust(width)}  {what}")
        say(f"actions: {', '.join(session.language.verbs())} (`help VERB` for one)")
        topics = list(game.topics())
        if topics:
            say(f"topics for `show`: {', '.join(topics)}")

    def _help_on(self, word: str) -> None:
        language = self.session.language
        verbs = language.verbs()
        say = self.output.say
        if word in verbs:
            for form in verbs[word]:
                say(form)
            for line in language.terminal_help(" ".join(verbs[word])):
                say(f"  {line}")
            example = next((a for a in self._legal() if a.verb == word), None)
            if example is not None:
                say(f"legal now, e.g.: {self.session.format(example)}")
            else:
                say(f"no {word} action is legal now")
            return
        usage = [u for u in COMMANDS if u.split()[0] == word]
        if usage:
            for u in usage:
                say(f"{u}: {COMMANDS[u]}")
            if word == "expect":
                from ..queries import query_help

                say("queries (a capitalised word stands for a value: P a player, ...):")
                for line in query_help(self.session.game):
                    say(line)
            return
        raise Failed(
            f"no action or command called {word!r}{did_you_mean(word, [*verbs, *META_WORDS])}",
            f"one of {', '.join([*verbs, *META_WORDS])}",
        )

    def _legal(self, player: str | None = None) -> list[Action]:
        """The legal actions for this keyboard: the seat's only, when seated."""
        if self.seat is not None:
            return self.session.legal_actions(self.seat)
        legal = self.session.legal_actions(player)
        return [a for a in legal if a.player not in self.bots] if player is None else legal

    def do_legal(self, *words: str) -> None:
        session = self.session
        words_list = list(words)
        player = None
        if words_list and words_list[0].rstrip(":") in session.players:
            player = words_list.pop(0).rstrip(":")
            if self.seat is not None and player != self.seat:
                raise Failed(f"you play {self.seat}: {player}'s actions are hidden from you")
        legal = self._legal(player)
        texts = [session.format(a) for a in legal]
        if self.seat is not None and not legal and not session.over:
            who = " or ".join(session.actors()) or "nobody"
            self.output.say(f"nothing for {self.seat} to do now (waiting for {who})")
            return
        if words_list:
            prefix = " ".join(words_list)
            texts = [t for t in texts if t.split(": ", 1)[-1].startswith(prefix)]
            if not texts:
                verbs = session.language.verbs()
                hint = did_you_mean(words_list[0], verbs) if words_list[0] not in verbs else ""
                raise Failed(f"no legal action starts with {prefix!r}{hint}")
        if len(texts) <= GROUP_AT or words_list:
            for text in texts:
                self.output.say(text)
            return
        groups: dict[str, list[str]] = {}
        group = session.game.legal_group
        for action, text in zip(legal, texts, strict=True):
            groups.setdefault(f"{action.player}: {group(action)}", []).append(text)
        for key, members in groups.items():
            verb = key.split(": ", 1)[1]
            if len(members) <= 3:
                for text in members:
                    self.output.say(text)
            else:
                self.output.say(f"{key}: {len(members)}  e.g. {members[0]}  (legal {verb} ...)")

    def _viewer(self, named: list[str]) -> str | None:
        session = self.session
        if self.viewer is not None:
            other = [p for p in named if p != self.viewer]
            if other:  # not an error: the table is shown, as the seat may see it
                self.output.say(
                    f"refused: what only {other[0]} may see is hidden from you (you play "
                    f"{self.viewer}); this is the table as you see it",
                    "yellow",
                )
            return self.viewer
        if named:
            return named[0]
        humans = [p for p in session.actors() if p not in self.bots]
        return humans[0] if len(humans) == 1 else None

    def render_table(self) -> str:
        return self.session.render(self._viewer([]), "")

    def do_show(self, *words: str) -> None:
        session = self.session
        if len(words) == 2 and words[0] in COMPONENT_WORDS:
            return self._show_component(words[1])
        # Seen as the seat, the player named, else the one human to act (the one at the
        # keyboard), else as a spectator: hidden things stay hidden from the others.
        named = [w for w in words if w in session.players]
        rest = [w for w in words if w not in session.players]
        viewer = self._viewer(named)
        topic = " ".join(rest)
        topics = list(session.game.topics())
        if topic and topic not in topics:
            expected = f"one of {', '.join(topics)}" if topics else "no topic (this game has none)"
            raise Failed(
                f"nothing to show called {topic!r}{did_you_mean(topic, topics)}",
                f"a topic: {expected}",
            )
        self.output.say(session.render(viewer, topic))

    def do_show_svg(self, _flag: str, path: str, player: str | None = None) -> None:
        """`show --svg FILE`: the picture of the table, as `show` would show it, into FILE.
        An existing picture is replaced; any other existing file is left alone."""
        from ..files import FileProblem, write_atomic

        session = self.session
        if player is not None and player not in session.players:
            raise Failed(
                f"no player called {player!r}{did_you_mean(player, list(session.players))}",
                "a player: " + ", ".join(session.players),
            )
        root = self.write_root
        if root is not None and not inside(path, root):
            raise Failed(
                f"{path}: a script may write only under the current folder ({root})",
                "a file name inside it",
            )
        target = Path(path)
        if target.exists() and target.is_file() and not _is_svg(target):
            raise Failed(f"{path} exists and is not an SVG picture: it is not replaced")
        viewer = self._viewer([player] if player else [])
        svg = session.picture(viewer)
        if svg is None:
            raise Failed(f"{session.game.title} draws no pictures yet")
        try:
            write_atomic(target, svg.to_string() + "\n", overwrite=True, what="picture")
        except FileProblem as exc:
            raise Failed(str(exc)) from None
        who = f"as {viewer} sees it" if viewer else "as a spectator sees it"
        self.output.say(f"wrote {path} (the table {who})", "yellow")

    def _show_component(self, ident: str) -> None:
        session = self.session
        viewer = self._viewer([])
        seat = None if viewer is None else session.players.index(viewer)
        text = session.game.describe(session.state, seat, ident)
        if text is None:
            known = list(session.game.component_ids(session.state))
            raise Failed(
                f"no tile or card called {ident!r}{did_you_mean(ident, known)}",
                "an id such as " + ", ".join(known[:3]) if known else "",
            )
        self.output.say(text)

    def do_hand(self, player: str | None = None) -> None:
        if "hand" not in self.session.game.topics():
            raise Failed(f"{self.session.game.title} has no hands to show")
        self.do_show(*([player] if player else []), "hand")

    def do_bots(self) -> None:
        from ..bots import bot_names

        for name, summary in bot_names(self.session.game).items():
            self.output.say(f"{name}: {summary}")

    def completions(self, prefix: str) -> list[str]:
        """Whole lines that complete `prefix`: commands, and legal actions' canonical texts."""
        session = self.session
        lines: list[str] = []
        for action in self._legal():
            text = session.format(action)
            lines.append(text)
            lines.append(text.split(": ", 1)[-1])
        lines.extend(
            f"{w} " if w not in ("log", "events", "result", "quit", "bots") else w
            for w in META_WORDS
        )
        lines.extend(f"legal {p}" for p in session.players)
        lines.extend(f"help {v}" for v in session.language.verbs())
        lines.extend(f"show {w}" for w in (*session.players, *session.game.topics()))
        return sorted({line for line in lines if line.startswith(prefix)})
