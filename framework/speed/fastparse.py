"""A fast path for canonical action lines, derived from the grammar (not a second grammar).

Most lines a program feeds dockyard (saves, scripts, bots, `simulate --record`) are canonical:
`player: verb arg arg`, one space apart, as `format_action` writes them. For each expansion of
each `act_<verb>` rule that is a plain sequence of terminals (lark has already expanded the
optional parts `[...]`/`?` into alternatives, and `X+` into a helper rule), this module writes
one regular expression from the terminals' own patterns, with the keywords as literals and
every kept terminal as a group. A line that matches one gives its rule and terminals
(`match`), which language.py turns into the Statement its transformer would make from lark's
tree (the same terminal conversions, the same `action_from_tree`), so the Action is the same;
`parse` builds lark's very tree, for tests.

Anything else (extra spaces, comments, meta commands, expectations, a value that is also a
keyword, which lark's lexer might read otherwise) is not matched, and lark parses it, so every
error message and location is lark's. tests/test_fastparse.py checks that both agree on every
legal action of every game and on mutated lines.
"""

from __future__ import annotations

import re
from typing import Any

from lark import Lark, Token, Tree

_PLAYER = r"(?:(?P<player>[a-zA-Z][a-zA-Z0-9_\-]*): )?"


class FastPath:
    """Match canonical action lines of one compiled grammar; `parse(text)` -> tree or None."""

    def __init__(self, parser: Lark) -> None:
        terminals = {t.name: t for t in parser.terminals}
        self.keywords: set[str] = set()
        for t in parser.terminals:
            if t.pattern.type == "str":
                self.keywords.add(str(t.pattern.value).lower())
        helpers: dict[str, list[Any]] = {}
        for rule in parser.rules:
            helpers.setdefault(rule.origin.name, []).append(rule)
        self.pieces: dict[str, re.Pattern[str]] = {}  # how to split a repeated terminal's run
        alternatives: list[tuple[str, re.Pattern[str], list[tuple[str, bool]]]] = []
        for rule in parser.rules:
            name = str(rule.origin.name)
            if not name.startswith("act_"):
                continue
            try:
                built = _expansion(rule.expansion, terminals, helpers)
            except _Unsupported:
                built = None
            if built is None:
                continue
            pattern, groups = built
            for kind, repeated in groups:
                if repeated:
                    self.pieces[kind] = re.compile(_regex(terminals[kind]))
            alternatives.append((name, re.compile(_PLAYER + pattern + r"\Z"), groups))
        # one regular expression per first word (the verb), tried in order
        self.by_verb: dict[str, list[tuple[str, re.Pattern[str], list[tuple[str, bool]]]]] = {}
        for alt in alternatives:
            first = _first_word(alt[1].pattern[len(_PLAYER) :])
            if first is not None:
                self.by_verb.setdefault(first, []).append(alt)

    def match(self, text: str) -> tuple[str, str | None, list[tuple[str, str]]] | None:
        """(the `act_` rule, the player or None, [(terminal, text)]) of a canonical action
        line, or None (lark will parse it)."""
        player, sep, rest = text.partition(": ")
        verb = (rest if sep else text).split(" ", 1)[0]
        candidates = self.by_verb.get(verb)
        if not candidates:
            return None
        keywords = self.keywords
        for rule, regex, groups in candidates:
            found = regex.match(text)
            if found is None:
                continue
            values = found.groups()
            who = values[0]
            if who is not None and who.lower() in keywords:
                return None  # a player named like a keyword: let lark decide
            tokens: list[tuple[str, str]] = []
            for (kind, repeated), value in zip(groups, values[1:], strict=True):
                if value is None:
                    continue
                parts = (
                    [m.group(0) for m in self.pieces[kind].finditer(value)]
                    if repeated
                    else (value,)
                )
                for part in parts:
                    if kind == "NAME" and part.lower() in keywords:
                        return None
                    tokens.append((kind, part))
            return rule, who, tokens
        return None

    def parse(self, text: str) -> Tree | None:
        """The tree lark would build for a canonical action line, or None."""
        found = self.match(text)
        if found is None:
            return None
        rule, who, tokens = found
        act = Tree(rule, [Token(kind, part) for kind, part in tokens])
        head = [Token("NAME", who)] if who is not None else []
        return Tree("line", [Tree("action", [*head, Tree("game_action", [act])])])


def _first_word(pattern: str) -> str | None:
    found = re.match(r"([a-z][a-z0-9_\-]*)(?: |\\Z|$)", pattern)
    return found.group(1) if found else None


def _expansion(
    symbols: Any, terminals: dict[str, Any], helpers: dict[str, list[Any]]
) -> tuple[str, list[tuple[str, bool]]] | None:
    """(regular expression, [(terminal kept, repeated?)]) for a plain expansion, or None."""
    parts: list[str] = []
    groups: list[tuple[str, bool]] = []
    for symbol in symbols:
        if symbol.is_term:
            t = terminals.get(symbol.name)
            if t is None:
                return None
            regex = _regex(t)
            if symbol.filter_out:
                parts.append(regex)
            else:
                parts.append(f"({regex})")
                groups.append((symbol.name, False))
            continue
        # `X+`: lark's helper rules `__act_x_plus_N: X | __act_x_plus_N X`
        rules = helpers.get(symbol.name, [])
        term = _repetition(symbol.name, rules)
        if term is None or term not in terminals:
            return None
        regex = _regex(terminals[term])
        parts.append(f"((?:{regex})(?: (?:{regex}))*)")
        groups.append((term, True))
    return " ".join(parts), groups


def _repetition(name: str, rules: list[Any]) -> str | None:
    """The terminal X of lark's helper for `X+` (`name: X | name X`), or None."""
    if not name.startswith("__") or len(rules) != 2:
        return None
    one, more = sorted(rules, key=lambda r: len(r.expansion))
    if len(one.expansion) != 1 or not one.expansion[0].is_term:
        return None
    term = one.expansion[0].name
    return term if tuple(s.name for s in more.expansion) == (name, term) else None


def _regex(terminal: Any) -> str:
    pattern = terminal.pattern
    if pattern.type == "str":
        text = re.escape(str(pattern.value))
        return f"(?i:{text})" if "i" in pattern.flags else text
    regex = pattern.to_regexp()
    if re.compile(regex).groups:
        raise _Unsupported(terminal.name)  # its groups would shift ours
    return f"(?:{regex})"


class _Unsupported(Exception):
    """A terminal the fast path cannot match (lark parses lines using it)."""
