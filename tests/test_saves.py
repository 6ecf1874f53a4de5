"""Saves: readable TOML holding the seed and the action log; damaged ones are refused whole."""

from __future__ import annotations

import dataclasses
import tomllib
from pathlib import Path
from typing import Any

import pytest
import tomli_w
from dockyard import DockyardError, Session
from dockyard.queries import query
from dockyard.saves import _quick, actions_digest, digest, dumps, loads
from dockyard.testing import difference, snapshot
from hypothesis import given
from hypothesis import strategies as st


def played(*cells: str, seed: int = 3, content: tuple[Path, ...] = ()) -> Session:
    s = Session("tictactoe", seed=seed, content=content)
    for cell in cells:
        s.apply_text(f"mark {cell}")
    return s


def test_save_then_load_gives_the_same_game(tmp_path) -> None:
    s = played("b2", "a1", "c3")
    s.save(tmp_path / "game.toml")
    loaded = Session.load(tmp_path / "game.toml")
    assert difference(snapshot(s), snapshot(loaded)) is None
    assert loaded.config == s.config
    assert [e.text for e in loaded.events] == [e.text for e in s.events]


def test_a_save_is_readable_toml_holding_the_action_script() -> None:
    doc = tomllib.loads(dumps(played("b2", "a1").record()))
    assert doc["game"] == "tictactoe" and doc["seed"] == 3
    assert doc["players"] == ["x", "o"] and doc["variants"] == []
    assert doc["actions"] == ["x: mark b2", "o: mark a1"]


def test_a_loaded_game_plays_on_and_undoes_past_the_load(tmp_path) -> None:
    played("b2", "a1").save(tmp_path / "g.toml")
    s = Session.load(tmp_path / "g.toml")
    s.apply_text("mark c3")
    assert s.undo(3) == 3 and s.log == []


def test_a_finished_game_saves_and_loads(tmp_path) -> None:
    s = played("a1", "b1", "a2", "b2", "a3")
    s.save(tmp_path / "done.toml")
    loaded = Session.load(tmp_path / "done.toml")
    assert loaded.over and loaded.outcome() == s.outcome()


def test_a_save_remembers_the_content_folders_it_was_played_with(tmp_path) -> None:
    board = tmp_path / "big"
    board.mkdir()
    (board / "board.json").write_text(
        '{"$schema": "urn:dockyard:tictactoe:board", "size": 4, "win": 3}'
    )
    s = played("d4", "a1", content=(board,))
    s.save(tmp_path / "g.toml")
    loaded = Session.load(tmp_path / "g.toml")
    assert query(loaded, "cell.d4") == "x" and loaded.state.board.size == 4


def test_saving_over_an_old_save_needs_overwrite(tmp_path) -> None:
    path = tmp_path / "g.toml"
    played("b2").save(path)
    with pytest.raises(DockyardError, match="already exists"):
        played("b2", "a1").save(path)
    assert Session.load(path).log == played("b2").log
    played("b2", "a1").save(path, overwrite=True)
    assert Session.load(path).log == played("b2", "a1").log


def test_a_failed_save_reports_the_path_and_leaves_no_temporary_file(tmp_path) -> None:
    target = tmp_path / "a-folder"
    target.mkdir()
    with pytest.raises(DockyardError, match=f"{target}: is a folder"):
        played("b2").save(target)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a-folder"]


# ---- damaged saves --------------------------------------------------------------------------


def edited(reseal: bool = True, **changes: Any) -> str:
    """A good save of x: b2, o: a1 with some fields changed (None removes one); with `reseal`,
    the action count and digest are made to match the edited save, as a writer would."""
    doc = tomllib.loads(dumps(played("b2", "a1").record()))
    for key, value in changes.items():
        if value is None:
            del doc[key]
        else:
            doc[key] = value
    if reseal:
        if isinstance(changes.get("actions"), list):
            doc["action_count"] = len(changes["actions"])
        doc["digest"] = digest(doc)
    return tomli_w.dumps(doc)


DAMAGED = {
    "not TOML": (
        "game = tictactoe\nseed = 3",
        r"g.toml:1:8: not a valid save \(TOML\): Invalid value",
    ),
    "missing seed": (edited(seed=None), "g.toml: missing 'seed'"),
    "missing actions": (edited(actions=None), "g.toml: missing 'actions'"),
    "seed as text": (edited(seed="3"), r"g.toml: 'seed' has the wrong type \(str\)"),
    "seed as a flag": (edited(seed=True), r"g.toml: 'seed' has the wrong type \(bool\)"),
    "players as text": (edited(players="x o"), "g.toml: 'players' has the wrong type"),
    "players as numbers": (edited(players=[1, 2]), "must be lists of names"),
    "content folders as text": (edited(content_dirs="boards"), "'content_dirs' must be a list"),
    "a newer format": (
        edited(format=4),
        r"g.toml:1: 'format' 4: this dockyard reads save formats 2 and 3 \(a newer dockyard",
    ),
    "an unknown format": (edited(format=0), r"g.toml:1: 'format' 0: .* \(no dockyard writes it"),
    "format 1": (
        edited(format=1),
        r"g.toml:1: 'format' 1: this dockyard reads save formats 2 and 3 \(format 1, with no",
    ),
    "a format as text": (edited(format="3"), r"g.toml:1: 'format' '3': this dockyard reads"),
    "no format (format 1)": (edited(format=None), "g.toml: missing 'format': .* format 1"),
    "a newer dockyard": (
        edited(dockyard="9.9"),
        r"g.toml:2: 'dockyard' '9.9': the save was written by a newer dockyard than this one",
    ),
    "not a version": (edited(dockyard="soon"), r"g.toml:2: 'dockyard' 'soon' is not a version"),
    "no dockyard version": (edited(dockyard=None), "g.toml: missing 'dockyard'"),
    "an action removed": (
        edited(False, actions=["x: mark b2"]),
        r"g.toml:\d+: the save says it holds 2 actions but it holds 1",
    ),
    "an action edited": (
        edited(False, actions=["x: mark b2", "o: mark a2"]),
        r"g.toml:\d+: the save does not match its digest: it was edited or damaged",
    ),
    "unknown game": (edited(game="chess"), "g.toml: unknown game 'chess'"),
    "unknown variant": (edited(variants=["misere"]), "g.toml: tictactoe has no variant 'misere'"),
    "three players": (edited(players=["x", "o", "z"]), "g.toml: tictactoe is for 2 players"),
    "a content folder that is gone": (
        edited(content_dirs=["/nonexistent"]),
        r"g.toml:\d+: no such content folder /nonexistent; give the content again with --content",
    ),
    "the filesystem root as content": (
        edited(content_dirs=["/"]),
        "g.toml: /: \\$: the filesystem root is not a content folder",
    ),
    "missing content folder": (edited(content_dirs=["nonexistent"]), "no such content folder"),
    "other content": (
        edited(content="0123456789abcdef"),
        r"g.toml: the save was made with other content \(fingerprint 0123456789abcdef, now",
    ),
    "an illegal action": (
        edited(actions=["x: mark b2", "o: mark a1", "x: mark a1"]),
        r"g.toml: actions\[2\]: 'x: mark a1': a1 is already marked by o",
    ),
    "an action out of turn": (
        edited(actions=["x: mark b2", "x: mark a1"]),
        r"g.toml: actions\[1\]: 'x: mark a1': it is not x's turn",
    ),
    "a line that does not parse": (
        edited(actions=["x: mark b2", "o: mark z9"]),
        r"g.toml: actions\[1\]: 'o: mark z9': unexpected 'z9' \(expected a cell such as b2\)",
    ),
    "a number for a line": (edited(actions=["x: mark b2", 7]), r"actions\[1\]: not a line of text"),
}


@pytest.mark.parametrize(("text", "message"), DAMAGED.values(), ids=DAMAGED.keys())
def test_a_damaged_save_is_refused_with_one_message_saying_where(text, message) -> None:
    with pytest.raises(DockyardError, match=message) as caught:
        Session.from_record(loads(text, "g.toml"), "g.toml")
    assert "\n" not in str(caught.value)


HEADER_EDITS = {
    "seed": 4,
    "game": "curious-cargo",
    "players": ["o", "x"],
    "variants": ["misere"],
    "content": "0123456789abcdef",
    "dockyard": "0.0.1",
    "format": 2,
}


@pytest.mark.parametrize(("key", "value"), HEADER_EDITS.items(), ids=HEADER_EDITS.keys())
def test_a_save_with_its_header_edited_is_refused_as_edited(key, value) -> None:
    """The digest seals the whole save: an edited seed, game, players, variants, content
    fingerprint or version is "edited or damaged", never another game nor a rule's message
    (a format-3 save marked format 2 fails the format-2 digest of its actions)."""
    with pytest.raises(DockyardError, match=r"^g.toml:\d+: .*digest: it was edited or damaged"):
        loads(edited(False, **{key: value}), "g.toml")


def test_the_content_folders_are_not_sealed_the_content_fingerprint_is(tmp_path) -> None:
    """A save's content folder may be pointed at the same content moved elsewhere."""
    board = tmp_path / "big"
    board.mkdir()
    (board / "board.json").write_text(
        '{"$schema": "urn:dockyard:tictactoe:board", "size": 4, "win": 3}'
    )
    played("d4", content=(board,)).save(tmp_path / "g.toml")
    board.rename(tmp_path / "moved")
    text = (tmp_path / "g.toml").read_text()
    (tmp_path / "g.toml").write_text(text.replace('"big"', '"moved"'))
    assert query(Session.load(tmp_path / "g.toml"), "cell.d4") == "x"


def test_a_save_of_the_previous_format_still_loads_with_its_actions_sealed() -> None:
    """Format 2 (dockyard before the digest sealed the whole save) sealed only the actions."""
    doc = tomllib.loads(dumps(played("b2", "a1").record()))
    doc["format"] = 2
    doc["digest"] = actions_digest(doc["actions"])
    loaded = Session.from_record(loads(tomli_w.dumps(doc), "old.toml"))
    assert loaded.log == played("b2", "a1").log
    del doc["dockyard"]  # format 2 saves need not say which dockyard wrote them
    assert loads(tomli_w.dumps(doc), "old.toml").actions == ("x: mark b2", "o: mark a1")
    doc["actions"] = ["x: mark b2", "o: mark a2"]
    with pytest.raises(DockyardError, match=r"old.toml:\d+: the actions do not match the save"):
        loads(tomli_w.dumps(doc), "old.toml")


def test_the_digest_seals_the_fields_not_their_layout() -> None:
    """A save written by hand in another TOML layout (inline arrays, other key order) with the
    right digest loads: the digest is of the values."""
    doc = tomllib.loads(dumps(played("b2", "a1").record()))
    text = "\n".join(
        f"{k} = {tomli_w.dumps({'v': v})[4:].strip()}" for k, v in reversed(doc.items())
    )
    assert text != dumps(played("b2", "a1").record())
    assert loads(text, "g.toml").actions == ("x: mark b2", "o: mark a1")


def test_a_damaged_save_is_refused_whole_never_loaded_up_to_the_damage(tmp_path) -> None:
    path = tmp_path / "g.toml"
    path.write_text(edited(actions=["x: mark b2", "o: mark a1", "x: mark a1", "o: mark c3"]))
    s = played("b2")
    before = snapshot(s)
    with pytest.raises(DockyardError, match=r"actions\[2\]"):
        s = Session.load(path)
    assert snapshot(s) == before  # the session in hand is still the one we had


def test_a_missing_or_unreadable_save_file_is_named(tmp_path) -> None:
    with pytest.raises(DockyardError, match="nothing.toml: no such save"):
        Session.load(tmp_path / "nothing.toml")
    (tmp_path / "binary.toml").write_bytes(b"\xff\xfe\x00game")
    with pytest.raises(DockyardError, match="binary.toml:1:1: not UTF-8 text"):
        Session.load(tmp_path / "binary.toml")


def test_a_save_whose_lines_leave_out_the_player_loads_as_the_game_was(tmp_path) -> None:
    """Loading parses each repeated line once, but only a line naming its player: `end` with no
    player is the p1's end here and p2's there."""
    import random

    s = Session("curious-cargo", seed=5)
    rng = random.Random(5)
    while len(s.log) < 60:
        s.apply(rng.choice(s.legal_actions()))
    doc = tomllib.loads(dumps(s.record()))
    bare = [line.split(": ", 1)[1] if line.endswith(": end") else line for line in doc["actions"]]
    assert bare.count("end") > 2 and {"p1: end", "p2: end"}.isdisjoint(bare)
    doc["actions"] = bare
    doc["digest"] = digest(doc)  # as a writer of such a save would
    (tmp_path / "bare.toml").write_text(tomli_w.dumps(doc))
    loaded = Session.load(tmp_path / "bare.toml")
    assert loaded.log == s.log
    assert difference(snapshot(s), snapshot(loaded)) is None


def test_a_loaded_save_keeps_copies_only_near_its_end_and_undoes_to_any_depth(tmp_path) -> None:
    """Loading keeps state copies only in the last SPARSE_EVERY actions (where undo goes first):
    undo to any depth still gives exactly the game replayed to there."""
    import random

    from dockyard.history import CHECKPOINT_EVERY, SPARSE_EVERY

    rng = random.Random(5)
    s = Session("curious-cargo", seed=5)
    while not s.over and len(s.log) < 3 * SPARSE_EVERY:
        s.apply(rng.choice(s.legal_actions()))
    s.save(tmp_path / "g.toml")
    loaded = Session.load(tmp_path / "g.toml")
    n = len(loaded.log)
    kept = [k for k, _, _ in loaded._checkpoints]
    assert kept and all(k >= n - SPARSE_EVERY for k in kept)
    assert len(kept) >= SPARSE_EVERY // CHECKPOINT_EVERY - 1
    assert kept[-4:] == [k for k, _, _ in s._checkpoints][-4:]
    for depth in (1, CHECKPOINT_EVERY + 1, SPARSE_EVERY + 3, n - 5):
        back = Session.load(tmp_path / "g.toml")
        back.undo(depth)
        again = Session("curious-cargo", seed=5)
        for action in s.log[: n - depth]:
            again.apply(action)
        assert difference(snapshot(back), snapshot(again)) is None, depth
        assert [e.text for e in back.events] == [e.text for e in again.events]


# ---- the quick reading of a save's actions ---------------------------------------------------


def _same_reading(text: str) -> None:
    """`_quick` reads a text as tomllib does, or leaves it to tomllib (None)."""
    try:
        expected: Any = tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        expected = None
    quick = _quick(text)
    assert quick is None or quick == expected, text


@given(
    st.lists(st.text(st.characters(codec="utf-8"), max_size=12), max_size=6),
    st.lists(
        st.tuples(
            st.integers(0, 10_000),
            st.sampled_from(["", '"', "\\", "\n", "[", "]", "x", ",", " ", "actions = [\n", "\t"]),
        ),
        max_size=3,
    ),
)
def test_a_save_is_read_quickly_exactly_as_tomllib_reads_it(
    lines: list[str], edits: list[tuple[int, str]]
) -> None:
    """Saves as written (any action text: quotes, backslashes, control characters) and the
    same texts damaged at random places: the quick path agrees with tomllib or stands aside."""
    record = dataclasses.replace(played("b2").record(), actions=tuple(lines))
    text = dumps(record)
    _same_reading(text)
    if lines and all(_plain_line(line) for line in lines):
        assert _quick(text) is not None  # the usual save takes the quick path
    for at, piece in edits:
        k = at % (len(text) + 1)
        text = text[:k] + piece + text[k + 1 :]
        _same_reading(text)


def _plain_line(line: str) -> bool:
    return not any(c in '"\\' or ord(c) < 0x20 or ord(c) == 0x7F for c in line)


def test_the_quick_path_leaves_odd_saves_to_tomllib() -> None:
    text = dumps(played("b2", "a1").record())
    assert _quick(text) == tomllib.loads(text)
    for odd in (
        text.replace("variants = []", "variants = []\nactions = 1"),  # actions twice
        text.replace("digest", "[t]\ndigest"),  # the actions would be in a table
        text + "seed = 4\n",  # a key after the actions
        text.replace('"x: mark b2"', '"x: \\u006dark b2"'),  # an escape
    ):
        assert _quick(odd) is None
