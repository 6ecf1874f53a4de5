"""The fast path for canonical action lines (dockyard/speed/fastparse.py) agrees with lark: the same
statement for every legal action of every game and variant, and on mutated lines either the
same statement or no fast answer at all (so lark reports the error, at its own place)."""

from __future__ import annotations

import random

import pytest
from conftest import game_and_variants
from dockyard import Action, Session
from dockyard.language import Language, ParseError


def by_lark(language: Language, text: str) -> object:
    try:
        return language.transformer.transform(language.parser.parse(text))
    except Exception as exc:  # noqa: BLE001 (any refusal counts as a refusal)
        return type(exc)


def by_fast_path(language: Language, text: str) -> object | None:
    tree = language.fast.parse(text)
    if tree is None:
        return None
    try:
        return language.transformer.transform(tree)
    except Exception:  # noqa: BLE001 (parse_line then asks lark, which reports it)
        return None


def lines_of(game: str, variants: tuple[str, ...], seeds: range) -> tuple[Language, list[str]]:
    lines: set[str] = set()
    language = None
    for seed in seeds:
        s = Session(game, seed=seed, variants=variants)
        language = s.language
        rng = random.Random(seed)
        while not s.over and len(s.log) < 400:
            legal = s.legal_actions()
            lines.update(s.format(a) for a in legal[:60])
            lines.update(s.format(a).split(": ", 1)[1] for a in legal[:5])  # without the player
            s.apply(rng.choice(legal))
    assert language is not None
    return language, sorted(lines)


@pytest.mark.parametrize("game,variants", game_and_variants(), ids=lambda v: str(v))
def test_the_fast_path_reads_every_legal_action_as_lark_does(game, variants) -> None:
    language, lines = lines_of(game, variants, range(3))
    fast = 0
    for text in lines:
        ours = by_fast_path(language, text)
        if ours is not None:
            fast += 1
            assert ours == by_lark(language, text), text
            assert language.parse_line(text) == ours
            quick = language.canonical_action(text)  # what Session.parse (and load) uses
            if ours.player is None:
                assert quick is None
            else:
                assert quick == Action(ours.player, ours.name, ours.args)
    # nearly every canonical line takes the fast path (the point of it)
    assert fast >= 0.9 * len(lines), f"only {fast} of {len(lines)} lines took the fast path"


@pytest.mark.parametrize("game,variants", game_and_variants(), ids=lambda v: str(v))
def test_on_mutated_lines_the_fast_path_agrees_or_leaves_it_to_lark(game, variants) -> None:
    language, lines = lines_of(game, variants, range(1))
    rng = random.Random(7)
    alphabet = sorted({c for line in lines for c in line} | {" ", ":", "#", "0", "9", "-", "x"})
    for _ in range(3000):
        text = list(rng.choice(lines))
        for _ in range(rng.randint(1, 3)):
            where = rng.randrange(len(text) + 1)
            how = rng.choice(("insert", "delete", "replace"))
            if how == "insert":
                text.insert(where, rng.choice(alphabet))
            elif text and where < len(text):
                if how == "delete":
                    del text[where]
                else:
                    text[where] = rng.choice(alphabet)
        line = "".join(text)
        ours = by_fast_path(language, line)
        theirs = by_lark(language, line)
        if ours is not None:
            assert ours == theirs, f"{line!r}: fast {ours}, lark {theirs}"
        else:  # what the user sees is lark's answer, located by lark
            try:
                got = language.parse_line(line)
            except ParseError:
                assert isinstance(theirs, type) and issubclass(theirs, Exception)
            else:
                assert got == theirs


def test_a_value_spelt_like_a_keyword_is_left_to_lark() -> None:
    language = Session("curious-cargo").language
    assert language.fast.parse("p1: keep truck03") is not None
    assert language.fast.parse("p1: keep end") is None  # `end` is a verb: lark decides
    assert language.fast.parse("end: draw") is None  # a player named like a verb, too
    assert language.fast.parse("p1:  draw") is None  # not canonical spacing
    assert language.fast.parse("p1: draw # a comment") is None


def test_a_terminal_whose_pattern_has_groups_is_left_to_lark() -> None:
    """Groups inside a terminal's pattern would shift the fast path's own: such a rule has no
    fast path, and lark parses its lines; a repeated terminal's run is split by its pattern
    (Cargo's `pull east` is one STEP)."""
    from dockyard.speed.fastparse import FastPath
    from lark import Lark

    grammar = r"""
        start: act_go | act_hop
        act_go: "go" WAY
        act_hop: "hop" STEP+
        WAY: /(up|down)/
        STEP: /(?:pull[ ]+)?(?:east|west)/
        %ignore " "
    """
    fast = FastPath(Lark(grammar, parser="lalr"))
    assert fast.match("go up") is None
    assert fast.match("hop pull east west") == (
        "act_hop",
        None,
        [("STEP", "pull east"), ("STEP", "west")],
    )
