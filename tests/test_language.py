"""The action language: statements from lines, and parse errors a person can act on."""

from __future__ import annotations

import pytest
from dockyard import DockyardError
from dockyard.language import Language, ParseError
from dockyard.plugins.tictactoe import TicTacToe
from hypothesis import given, settings
from hypothesis import strategies as st


@pytest.fixture(scope="module")
def lang() -> Language:
    return Language(TicTacToe())


def error_of(lang: Language, text: str, source: str = "game.dys", lineno: int = 3) -> ParseError:
    with pytest.raises(ParseError) as caught:
        lang.parse_line(text, source, lineno)
    return caught.value


def caret_column(err: ParseError) -> int:
    """The column the caret line points at (1-based), read back from the message."""
    _, line, caret = str(err).split("\n")
    assert line == "    " + err.text
    return caret.index("^") - 4 + 1


# ---- errors ---------------------------------------------------------------------------------


def test_parse_error_names_file_line_and_column(lang) -> None:
    err = error_of(lang, "x: mark z9", "opening.dys", 12)
    assert str(err).startswith("opening.dys:12:9: error: unexpected 'z9'")
    assert (err.source, err.lineno, err.col) == ("opening.dys", 12, 9)


def test_caret_points_at_the_offending_word(lang) -> None:
    for text, word in [("x: mark z9", "z9"), ("x: jump b2", "jump"), ("x mark b2", "mark")]:
        err = error_of(lang, text)
        assert caret_column(err) == err.col == text.index(word) + 1, text


def test_expected_terminal_is_named_in_words(lang) -> None:
    assert "(expected a cell such as b2)" in str(error_of(lang, "x: mark z9"))
    assert "(expected a whole number)" in str(error_of(lang, "seed seven"))
    assert "(expected a comparison such as ==)" in str(error_of(lang, "expect score.x = 1"))


def test_expected_keyword_is_quoted(lang) -> None:
    assert "unexpected 'jump' (expected 'mark')" in str(error_of(lang, "x: jump b2"))
    assert "unexpected 'mark' (expected ':')" in str(error_of(lang, "x mark b2"))


def test_missing_word_is_reported_just_past_the_end_of_the_line(lang) -> None:
    for text in ("x: mark", "x: mark   # which cell?", "expect"):
        err = error_of(lang, text)
        assert err.what == "unexpected end of line", text
        assert err.col == len(text.split("#")[0].rstrip()) + 1, text
        assert caret_column(err) == err.col


def test_extra_word_says_the_line_should_have_ended(lang) -> None:
    err = error_of(lang, "mark b2 b3")
    assert (err.col, err.what, err.expected) == (9, "unexpected 'b3'", "end of line")


def test_long_lists_of_expected_words_are_cut_short(lang) -> None:
    err = error_of(lang, "!")
    assert err.expected.endswith("...") and err.expected.count(",") <= 8


def test_a_games_own_argument_error_is_located_at_the_action() -> None:
    class PickyTicTacToe(TicTacToe):
        def action_from_tree(self, verb, args):
            if args == ["a1"]:
                raise ValueError("a1 is reserved")
            return super().action_from_tree(verb, args)

    err = error_of(Language(PickyTicTacToe()), "x: mark a1", "t.dys", 2)
    assert str(err).startswith("t.dys:2:4: error: a1 is reserved")


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=40))
def test_any_text_gives_a_statement_or_a_parse_error(text: str) -> None:
    lang = Language(TicTacToe())
    try:
        lang.parse_line(text.replace("\n", " ").replace("\r", " "))
    except ParseError as err:
        assert 1 <= err.col and str(err).startswith("<input>:1:")


# ---- statements -----------------------------------------------------------------------------


def test_blank_and_comment_lines_are_no_statement(lang) -> None:
    for text in ("", "   ", "# just a comment", "   # indented comment"):
        assert lang.parse_line(text) is None


def test_comment_after_a_statement_is_ignored(lang) -> None:
    stmt = lang.parse_line("x: mark b2  # take the centre")
    assert (stmt.kind, stmt.name, stmt.args, stmt.player) == ("action", "mark", ("b2",), "x")


def test_player_prefix_names_the_player(lang) -> None:
    assert lang.parse_line("o: mark a1").player == "o"
    assert lang.parse_line("o:mark a1").player == "o"
    assert lang.parse_line("mark a1").player is None


def test_parse_action_fills_in_the_player_only_when_the_line_names_none(lang) -> None:
    a = lang.parse_action("mark c3", player="o")
    assert (a.player, a.verb, a.args) == ("o", "mark", ("c3",))
    assert lang.parse_action("x: mark c3", player="o").player == "x"
    with pytest.raises(DockyardError, match="does not say whose"):
        lang.parse_action("mark c3")
    with pytest.raises(DockyardError, match="not an action"):
        lang.parse_action("undo")


@pytest.mark.parametrize(
    ("text", "name", "args"),
    [
        ("game tictactoe", "game", ("tictactoe",)),
        ("seed 7", "seed", (7,)),
        ("players alice bob carol", "players", ("alice", "bob", "carol")),
        ("variant misere", "variant", ("misere",)),
    ],
)
def test_headers(lang, text, name, args) -> None:
    stmt = lang.parse_line(text)
    assert (stmt.kind, stmt.name, stmt.args) == ("header", name, args)


@pytest.mark.parametrize(
    ("text", "query", "op", "value"),
    [
        ("expect score.x == 1", "score.x", "==", 1),
        ("expect score.o >= -2", "score.o", ">=", -2),
        ("expect over == true", "over", "==", True),
        ("expect draw != false", "draw", "!=", False),
        ("expect winner == none", "winner", "==", None),
        ("expect cell.b2 == x", "cell.b2", "==", "x"),
        ('expect reason == "the board is full"', "reason", "==", "the board is full"),
        ("expect empty < 9", "empty", "<", 9),
    ],
)
def test_expect_statements(lang, text, query, op, value) -> None:
    stmt = lang.parse_line(text)
    assert (stmt.kind, stmt.name, stmt.args) == ("expect", query, (op, value))
    assert type(stmt.args[1]) is type(value)


@pytest.mark.parametrize(
    ("text", "name", "args"),
    [
        ("undo", "undo", ()),
        ("undo 3", "undo", (3,)),
        ("redo 2", "redo", (2,)),
        ("show", "show", ()),
        ("show board", "show", ("board",)),
        ("legal o", "legal", ("o",)),
        ("save games/first.toml", "save", ("games/first.toml",)),
        ("log", "log", ()),
    ],
)
def test_meta_commands(lang, text, name, args) -> None:
    stmt = lang.parse_line(text)
    assert (stmt.kind, stmt.name, stmt.args) == ("meta", name, args)
