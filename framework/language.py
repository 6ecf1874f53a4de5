"""The action language: lines of text to statements, and parse errors a person can act on.

One line is one statement: an action (`alice: place t12 at c3 r90`), a meta-command (`undo`,
`show board`, `save game.toml`), a header (`game tictactoe`, `seed 7`) or an assertion
(`expect score.alice == 35`). The grammar is `grammar/core.lark` with the game's grammar
(and its variants' extensions) appended.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache, cached_property
from importlib.resources import files
from typing import Any

from lark import Lark, Token, Transformer, Tree
from lark.exceptions import (
    UnexpectedCharacters,
    UnexpectedEOF,
    UnexpectedInput,
    UnexpectedToken,
    VisitError,
)

from .game import Action, DockyardError, Game
from .speed.diskcache import entry_key, read_entry, write_entry
from .words import did_you_mean

GRAMMARS = "grammars"  # the cache's folder of analysed grammars (diskcache.py)

# the REPL's commands (their first words); the REPL says what each does
META_WORDS = (
    "help",
    "legal",
    "show",
    "hand",
    "bots",
    "undo",
    "redo",
    "save",
    "load",
    "log",
    "events",
    "result",
    "expect",
    "quit",
)

CORE_WORDS = {
    "NAME": "a name",
    "JOINED": "names joined by +, such as p2-dockhand+p1-dockhand",
    "INT": "a whole number",
    "SIGNED_INT": "a number",
    "SIGNED_FLOAT": "a number",
    "PATH": "a file name",
    "QUERY": "a query such as score.alice",
    "COMPARE": "a comparison such as ==",
    "ESCAPED_STRING": 'a "quoted string"',
    "COLON": "':'",
    "$END": "end of line",
}


class ParseError(DockyardError):
    """A line that is not in the language, located and explained."""

    def __init__(
        self, source: str, lineno: int, col: int, what: str, expected: str, text: str
    ) -> None:
        self.source, self.lineno, self.col = source, lineno, col
        self.what, self.expected, self.text = what, expected, text
        hint = f" (expected {expected})" if expected else ""
        caret = " " * (col - 1) + "^"
        super().__init__(f"{source}:{lineno}:{col}: error: {what}{hint}\n    {text}\n    {caret}")


@dataclass(frozen=True, slots=True)
class Statement:
    kind: str  # "action", "meta", "header", "expect", "expect-illegal"
    name: str  # verb, meta-command, header key, or the query
    args: tuple[Any, ...]
    player: str | None = None
    col: int = 1


MAX_LINE = 4096  # characters in one statement; longer lines are refused before parsing
EXCERPT = 60
# control characters, Unicode line and paragraph separators, bidirectional overrides and bytes
# that were not UTF-8: none belongs in a statement (a tab is fine); a line ends only at \n
_CONTROL = re.compile(
    "[\x00-\x08\x0a-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\udc80-\udcff]"
)


def excerpt(line: str) -> str:
    return line if len(line) <= EXCERPT else line[:EXCERPT] + "..."


def check_line(line: str, source: str = "<input>", lineno: int = 1) -> None:
    """Refuse (ParseError), before parsing, a line that is too long or holds a control
    character: the one check of every way a line comes in (the REPL, scripts, the server)."""
    if len(line) > MAX_LINE:
        what = f"the line is {len(line):,} characters long; the limit is {MAX_LINE:,}"
        raise ParseError(source, lineno, 1, what, "a shorter line", excerpt(line))
    bad = _CONTROL.search(line)
    if bad is not None:
        char = bad.group()
        what = (
            "a character that is not UTF-8"
            if "\udc80" <= char <= "\udcff"
            else f"a control character (U+{ord(char):04X})"
        )
        raise ParseError(
            source,
            lineno,
            bad.start() + 1,
            f"{what} in the line",
            "printable text",
            excerpt(_CONTROL.sub("?", line)),
        )


class _ToStatement(Transformer):
    def __init__(self, game: Game) -> None:
        super().__init__()
        self.game = game

    # tokens
    def INT(self, tok: Token) -> int:  # noqa: N802 (lark names terminals in capitals)
        return int(tok)

    def SIGNED_INT(self, tok: Token) -> int:  # noqa: N802
        return int(tok)

    def SIGNED_FLOAT(self, tok: Token) -> float:  # noqa: N802
        return float(tok)

    def line(self, children: list[Any]) -> Statement | None:
        return children[0] if children else None

    def __default__(self, data: Any, children: list[Any], meta: Any) -> Any:
        name = str(data)
        if name.startswith("h_"):
            args = children if name in ("h_players", "h_bot") else children[:1]
            return Statement(
                "header", name[2:], tuple(str(a) if isinstance(a, Token) else a for a in args)
            )
        if name.startswith("m_"):
            return Statement(
                "meta", name[2:], tuple(str(a) if isinstance(a, Token) else a for a in children)
            )
        if name.startswith("act_"):
            try:
                verb, act_args = self.game.action_from_tree(name[4:], [_plain(c) for c in children])
            except Exception as exc:  # lark wraps errors of named callbacks only, not __default__'s
                raise VisitError(name, Tree(data, children, meta), exc) from exc
            return Statement("action", verb, act_args)
        if name == "game_action":
            return children[0]
        if name.startswith("v_"):
            return _value(name, children)
        # any other rule of a game grammar: its children, flattened into a tuple
        return tuple(_plain(c) for c in children)

    def expect(self, children: list[Any]) -> Statement:
        query, op, value = children
        return Statement("expect", str(query), (str(op), value))

    def expect_illegal(self, children: list[Any]) -> Statement:
        """`expect illegal: ACTION [because "TEXT"]`: the action as args[0], the text args[1]."""
        action = children[0]
        because = str(children[1])[1:-1].replace('\\"', '"') if len(children) > 1 else None
        return Statement("expect-illegal", action.name, (action, because), action.player)

    def action(self, children: list[Any]) -> Statement:
        if len(children) == 2:
            player, stmt = children
            return Statement("action", stmt.name, stmt.args, str(player))
        return children[0]


# the terminals `_ToStatement` converts (the others are kept as plain strings)
_TERMINALS: dict[str, Any] = {"INT": int, "SIGNED_INT": int, "SIGNED_FLOAT": float}


def _plain(value: Any) -> Any:
    if isinstance(value, Token):
        return str(value)
    return value


def _value(name: str, children: list[Any]) -> Any:
    if name == "v_true":
        return True
    if name == "v_false":
        return False
    if name == "v_none":
        return None
    if name == "v_string":
        return str(children[0])[1:-1].replace('\\"', '"')
    if name == "v_name":
        return str(children[0])
    return children[0]


class Language:
    """The parser of one game (with the grammar extensions of its chosen variants)."""

    def __init__(
        self, game: Game, extensions: tuple[str, ...] = (), formatter: Game | None = None
    ) -> None:
        """`formatter`: the game that writes the actions' texts (a session's game, bound to
        its plugins), if not `game` itself."""
        self.game = game
        self.extensions = extensions
        writer = game if formatter is None else formatter
        # actions known to be well formed (their text parses back to them), shared by the
        # sessions of this grammar whose game writes the texts
        self.known: set[Action] = _known(writer, game.grammar_file, extensions)
        # the canonical text of each action formatted so far (a pure function of the action
        # and of the game that writes it)
        self.texts: dict[Action, str] = _texts(writer)
        self.transformer = _ToStatement(game)
        self.words = {**CORE_WORDS, **game.terminal_words}
        self._verbs: dict[str, list[str]] | None = None

    # the parsers are built when first needed (a session that only plays, as `simulate`'s
    # do, never needs lark's): both are kept per grammar for every session
    @cached_property
    def parser(self) -> Lark:
        return _parser(self.game.grammar_file, self.extensions, self.game.resource_package)

    @cached_property
    def terminals(self) -> dict[str, Any]:
        return {t.name: t for t in self.parser.terminals}  # by name, built once

    @cached_property
    def fast(self) -> Any:
        return _fast_path(self.game.grammar_file, self.extensions, self.game.resource_package)

    def _fast(self, text: str) -> tuple[str | None, str, tuple[Any, ...]] | None:
        """(player or None, verb, args) of a canonical action line, from the fast path: what
        the transformer makes of lark's tree for it, without the tree. None: ask lark."""
        found = self.fast.match(text)
        if found is None:
            return None
        rule, who, tokens = found
        try:
            values = [_TERMINALS.get(kind, str)(part) for kind, part in tokens]
            verb, args = self.game.action_from_tree(rule[4:], values)
        except Exception:
            return None  # lark parses it again, to report the error where lark sees it
        return who, verb, args

    def canonical_action(self, text: str) -> Action | None:
        """The Action of a canonical line that names its player (`p1: place t12 c4 east`);
        None for anything else (`parse_line` reads it)."""
        found = self._fast(text)
        if found is None or found[0] is None:
            return None
        return Action(found[0], found[1], found[2])

    def parse_line(self, text: str, source: str = "<input>", lineno: int = 1) -> Statement | None:
        """One statement (None for a blank or comment line), or ParseError."""
        quick = self._fast(text)  # a canonical action line: no need for lark's parser
        if quick is not None:
            return Statement("action", quick[1], quick[2], quick[0])
        try:
            tree = self.parser.parse(text)
        except UnexpectedInput as exc:
            raise self._error(exc, text, source, lineno) from None
        try:
            return self.transformer.transform(tree)
        except VisitError as exc:
            inner = exc.orig_exc
            col = (
                getattr(getattr(exc.obj, "meta", None), "column", 1)
                if isinstance(exc.obj, Tree)
                else 1
            )
            raise ParseError(source, lineno, col or 1, str(inner), "", text) from None

    def verbs(self) -> dict[str, list[str]]:
        """Each action verb of the grammar (the first word of an `act_` rule) with its forms,
        written from the grammar: `put PIECE at CELL [level INT] ...` (for `help VERB`)."""
        if self._verbs is None:
            forms: dict[str, list[str]] = {}
            for rule in self.parser.rules:
                name = rule.origin.name
                name = name if isinstance(name, str) else str(name)
                if not name.startswith("act_") or not rule.expansion:
                    continue
                words = [self._symbol(sym, frozenset({rule.origin})) for sym in rule.expansion]
                verb = words[0]
                text = " ".join(w for w in words if w)
                forms.setdefault(verb, [])
                if text not in forms[verb]:
                    forms[verb].append(text)
            self._verbs = forms
        return self._verbs

    def _symbol(self, sym: Any, seen: frozenset[Any]) -> str:
        """One grammar symbol in words; a rule that repeats (x+) shows as `x ...`."""
        if sym.is_term:
            term = self.terminals.get(sym.name)
            if term is not None and term.pattern.type == "str":
                return str(term.pattern.value)
            return sym.name
        if sym in seen or len(seen) > 4:
            return "..."
        subs = [r for r in self.parser.rules if r.origin == sym]
        inner = seen | {sym}
        alternatives = list(
            dict.fromkeys(" ".join(self._symbol(x, inner) for x in r.expansion) for r in subs)
        )
        alternatives = [a for a in alternatives if a]
        if len(alternatives) == 1:
            return alternatives[0]
        return "(" + " | ".join(alternatives) + ")" if alternatives else ""

    def terminal_help(self, text: str) -> list[str]:
        """'CELL: a square such as b2' for each terminal name written in `text`."""
        out = []
        for name, word in self.words.items():
            if name.isupper() and re.search(rf"\b{re.escape(name)}\b", text) and name != "$END":
                out.append(f"{name}: {word}")
        return out

    def parse_action(self, text: str, player: str | None = None) -> Action:
        """Parse one action line; `player` fills in a line that does not name one."""
        stmt = self.parse_line(text)
        if stmt is None or stmt.kind != "action":
            raise DockyardError(f"not an action: {text!r}")
        who = stmt.player or player
        if who is None:
            raise DockyardError(f"the action does not say whose it is: {text!r}")
        return Action(who, stmt.name, stmt.args)

    def _error(self, exc: UnexpectedInput, text: str, source: str, lineno: int) -> ParseError:
        col = getattr(exc, "column", None)
        if not isinstance(col, int) or col < 1:
            col = len(text) + 1
        if isinstance(exc, UnexpectedCharacters):
            pos = exc.pos_in_stream or 0
            what = f"unexpected {text[pos]!r}" if pos < len(text) else "unexpected end"
            expected = self._words(exc.allowed or set())
            found = re.match(r"[^\s]+", text[pos:])
            if found:
                literals = self._literals(exc.allowed or set())
                what += did_you_mean(found.group(), literals)
        elif isinstance(exc, UnexpectedToken):
            tok = exc.token
            what = "unexpected end of line" if tok.type == "$END" else f"unexpected {str(tok)!r}"
            if tok.type == "$END":  # lark places the end at the last token; point past it
                col = len(text.split("#", 1)[0].rstrip()) + 1
            expected = self._words(exc.accepts or exc.expected or set())
            if tok.type == "$END" and set(exc.accepts or exc.expected or ()) == {"COLON"}:
                # A lone word was read as a player name only because nothing else fits.
                word = text.split()[0]
                col = text.index(word) + 1
                known = [*META_WORDS, *self.verbs()]
                what = (
                    f"{word!r} is not a command, a header or an action{did_you_mean(word, known)}"
                )
                expected = "a command such as help or legal, or an action (`PLAYER: ...`)"
            elif set(exc.accepts or exc.expected or ()) == {"COLON"} and did_you_mean(
                text.split()[0], [*META_WORDS, *self.verbs()]
            ):
                # The first word was read as a player's name, but it looks like a misspelt
                # command or verb (else the player's ':' is what is missing).
                word = text.split()[0]
                col = text.index(word) + 1
                known = [*META_WORDS, *self.verbs()]
                what = f"{word!r} is not a command or an action{did_you_mean(word, known)}"
                expected = "a command such as help or legal, or an action (`PLAYER: ...`)"
            elif tok.type != "$END":
                literals = self._literals(exc.accepts or exc.expected or set())
                what += did_you_mean(str(tok), literals)
        elif isinstance(exc, UnexpectedEOF):
            what, expected = "unexpected end of line", self._words(set(exc.expected))
        else:  # pragma: no cover - lark has no other kinds
            what, expected = str(exc), ""
        return ParseError(source, lineno, col, what, expected, text)

    def _literals(self, names: Iterable[str]) -> list[str]:
        return [
            str(self.terminals[n].pattern.value)
            for n in names
            if n in self.terminals and self.terminals[n].pattern.type == "str"
        ]

    def _words(self, names: set[str]) -> str:
        words: list[str] = []
        for name in sorted(names):
            if name in self.words:
                word = self.words[name]
            elif name in self.terminals and self.terminals[name].pattern.type == "str":
                word = repr(self.terminals[name].pattern.value)
            elif name.startswith("_") or name.startswith("__"):
                continue
            else:
                word = name.lower().replace("_", " ")
            if word not in words:
                words.append(word)
        if len(words) > 8:
            words = words[:8] + ["..."]
        if len(words) <= 1:
            return "".join(words)
        return ", ".join(words[:-1]) + " or " + words[-1]


@cache
def _known(game: Game, grammar_file: str | None, extensions: tuple[str, ...]) -> set[Action]:
    return set()


@cache
def _texts(game: Game) -> dict[Action, str]:
    return {}


@cache
def grammar_text(
    grammar_file: str | None, extensions: tuple[str, ...] = (), package: str = "dockyard"
) -> str:
    """core.lark, then the game's grammar (from the game's own package), then extensions."""
    from .loader import resources

    core = (files("dockyard.grammar") / "core.lark").read_text(encoding="utf-8")
    game = (
        (resources(package, "grammar") / grammar_file).read_text(encoding="utf-8")
        if grammar_file
        else 'game_action: "pass" -> act_pass\n'
    )
    return "\n".join([core, game, *extensions])


@cache
def _fast_path(grammar_file: str | None, extensions: tuple[str, ...], package: str) -> Any:
    from .speed.fastparse import FastPath

    return FastPath(_parser(grammar_file, extensions, package))


@cache
def _parser(grammar_file: str | None, extensions: tuple[str, ...], package: str) -> Lark:
    """The game's lark parser (one per grammar, in a process). Analysing a grammar costs more
    than most commands: its analysis is kept in dockyard's cache (diskcache.py), under a name
    made from the grammar's text, the options and lark's version, and unpickled only when the
    entry's HMAC shows this user's dockyard wrote it (a bad entry is analysed again)."""
    import io

    import lark

    text = grammar_text(grammar_file, extensions, package)
    options: dict[str, Any] = {
        "start": "line",
        "parser": "lalr",
        "propagate_positions": True,
        "maybe_placeholders": False,
    }
    name = entry_key(text, repr(sorted(options.items())), lark.__version__) + ".lark"
    kept = read_entry(GRAMMARS, name)
    if kept is not None:
        try:
            loaded = Lark.load(io.BytesIO(kept))
            loaded.source_grammar = text
            return loaded
        except Exception:  # an entry of an older lark, say: analyse again
            pass
    parser = Lark(text, **options)
    saved = io.BytesIO()
    parser.save(saved)
    write_entry(GRAMMARS, name, saved.getvalue())
    return parser
