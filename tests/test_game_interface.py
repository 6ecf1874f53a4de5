"""The declared Game: every optional member has a default on `Game`, tools read members (never
`getattr` with a default), `provides` says what a game defines itself, one `GameInfo` per game
package says what `dockyard games` lists, and `rulebook_hook` is built by the framework."""

from __future__ import annotations

import ast
import random
import uuid
from pathlib import Path

import pytest
from dockyard import Game, GameInfo
from dockyard.bots import bot_names
from dockyard.registry import registry

ROOT = Path(__file__).resolve().parents[1]
OPTIONAL = {
    "bot_action", "bot_policies", "bot_evaluate", "bot_playouts", "bot_rollout_depth",
    "bot_margin", "bot_summary", "action_space", "observation", "observation_size",
    "deterministic", "secrets", "max_playout_steps", "default_hooks", "benchmarks",
    "query_paths", "resource_package", "hookspecs",
}  # fmt: skip


def test_every_optional_member_is_declared_on_game_with_a_docstring_or_comment() -> None:
    source = (ROOT / "framework" / "game.py").read_text()
    for member in sorted(OPTIONAL):
        assert hasattr(Game, member), member
        value = getattr(Game, member)
        if callable(value):
            assert value.__doc__, f"Game.{member} has no docstring"
        else:  # a class attribute: declared with its type and a comment (or one just above)
            lines = source.splitlines()
            at = next(i for i, ln in enumerate(lines) if ln.strip().startswith(f"{member}:"))
            assert "ClassVar" in lines[at], lines[at]
            assert "#" in lines[at] or lines[at - 1].strip().startswith("#"), lines[at]


def test_no_tool_reads_a_declared_member_with_getattr_or_hasattr() -> None:
    hits = []
    for path in sorted((ROOT / "framework").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in ("getattr", "hasattr")
                and len(node.args) >= 2
                and isinstance(node.args[1], ast.Constant)
                and node.args[1].value in OPTIONAL
            ):
                hits.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not hits


def test_defaults_say_none_and_provides_tells_own_members_apart() -> None:
    class Bare(Game):
        name = "bare"

    bare = Bare()
    rng = random.Random(1)
    assert bare.bot_action(None, 0, rng) is None and bare.bot_policies() == {}
    assert bare.bot_evaluate(None) is None and bare.action_space(None) is None
    assert bare.observation(None, 0) is None and bare.observation_size(None) is None
    assert bare.secrets(None, 0) == [] and bare.benchmarks() == {}
    assert not bare.provides("bot_action") and not bare.provides("secrets")
    assert bot_names(bare).keys() == {"random", "mcts"}  # no own policy: no `greedy`
    games = registry().games
    assert games["curious-cargo"].provides("bot_action")
    assert games["curious-cargo"].provides("secrets") and games["import-export"].provides("secrets")
    assert not games["tictactoe"].provides("secrets") and games["tictactoe"].deterministic
    assert "greedy" in bot_names(games["cargo"])


def test_a_game_info_names_the_game_class_and_its_hooks() -> None:
    info = GameInfo("demo", "Demo Game", "a demo", 2, 5, __name__, game="x:Y")

    class Demo(Game):
        info = GameInfo("demo", "Demo Game", "a demo", 2, 5, __name__, game="x:Y")

    assert (Demo.name, Demo.title, Demo.summary, Demo.min_players, Demo.max_players) == (
        "demo", "Demo Game", "a demo", 2, 5,
    )  # fmt: skip
    described: list[dict[str, object]] = []
    describe, _register, register_variants = info.hookimpls()
    describe(lambda **card: described.append(card))
    assert described == [
        {"name": "demo", "title": "Demo Game", "summary": "a demo", "min_players": 2,
         "max_players": 5, "variants": {}},
    ]  # fmt: skip
    register_variants(lambda v: pytest.fail(f"no variants were named: {v}"))


@pytest.mark.parametrize("name", ["curious-cargo", "pack-and-stack", "cargo", "import-export"])
def test_each_built_in_game_takes_its_words_from_its_game_info(name: str) -> None:
    game = registry().game(name)
    info = type(game).info
    assert info is not None and info.name == name == game.name
    assert (game.title, game.summary) == (info.title, info.summary)
    assert (game.min_players, game.max_players) == (info.min_players, info.max_players)


def test_rulebook_hook_is_one_per_hookspecs_and_default_rules() -> None:
    cargo, cc = registry().game("cargo"), registry().game("curious-cargo")
    assert cargo.rulebook_hook() is type(cargo)().rulebook_hook()  # built once, shared
    assert cargo.rulebook_hook() is not cc.rulebook_hook()  # another game's are its own
    assert cargo.rulebook_hook().cargo_away(state=None, worker=0, why="water") == "water"


def _info_package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str) -> str:
    """A package `infodemo_N` holding `game.toml` with `text` (a fresh name each time)."""
    name = f"infodemo_{uuid.uuid4().hex}"  # never one imported before
    (tmp_path / name).mkdir()
    (tmp_path / name / "__init__.py").write_text("")
    (tmp_path / name / "game.toml").write_text(text)
    monkeypatch.syspath_prepend(str(tmp_path))
    return name


GOOD = 'name = "demo"\ntitle = "Demo"\nsummary = "one line"\nplayers = [2, 5]\ngame = "game:D"\n'


def test_game_info_is_read_from_the_packages_game_toml(tmp_path, monkeypatch) -> None:
    package = _info_package(tmp_path, monkeypatch, GOOD + '[variant_summaries]\nfast = "quick"\n')
    info = GameInfo.read(package)
    assert (info.name, info.title, info.summary) == ("demo", "Demo", "one line")
    assert (info.min_players, info.max_players, info.game) == (2, 5, "game:D")
    assert info.variants is None and dict(info.variant_summaries) == {"fast": "quick"}
    assert info.package == package


@pytest.mark.parametrize(
    ("text", "words"),
    [
        (GOOD.replace("[2, 5]", "[5, 2]"), "players: the least and the most"),
        (GOOD.replace('game = "game:D"\n', ""), "game: missing"),
        (GOOD + 'colour = "red"\n', "colour: unknown field"),
        (GOOD.replace('"game:D"', '"game"'), "game: module:NAME"),
        (GOOD.replace('title = "Demo"', "title = "), "not valid TOML"),
    ],
)
def test_a_broken_game_toml_is_one_message_naming_the_file_and_field(
    tmp_path, monkeypatch, text: str, words: str
) -> None:
    from dockyard import DockyardError

    package = _info_package(tmp_path, monkeypatch, text)
    with pytest.raises(DockyardError) as exc:
        GameInfo.read(package)
    assert str(exc.value).startswith(f"{package}/game.toml: ") and words in str(exc.value)


def test_every_built_in_game_package_has_a_game_toml_in_the_wheel_data() -> None:
    import tomllib

    data = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert "*/game.toml" in data["tool"]["setuptools"]["package-data"]["dockyard.plugins"]
    for name in ("curious_cargo", "pack_and_stack", "cargo", "import_export"):
        assert (ROOT / "plugins" / name / "game.toml").is_file(), name


# ---- one rule convention, a generic Game, capabilities as protocols -------------------------


def test_game_is_generic_in_its_state_and_games_name_their_capabilities() -> None:
    from typing import get_args

    from dockyard.capabilities import Bots, Observations, Pictures, Secrets
    from dockyard.plugins.curious_cargo.game import CuriousCargo
    from dockyard.plugins.curious_cargo.state import CuriousCargoState

    bases = CuriousCargo.__orig_bases__  # type: ignore[attr-defined]
    assert get_args(bases[0]) == (CuriousCargoState,) and bases[0].__origin__ is Game
    named = {b.__origin__ for b in bases[1:]}
    assert named == {Pictures, Bots, Observations, Secrets}
    for protocol in named:  # each protocol's members are the Game's, with the game's own
        for member in protocol.__dict__:
            if not member.startswith("_") and callable(getattr(protocol, member)):
                assert hasattr(Game, member), (protocol.__name__, member)
                assert CuriousCargo().provides(member) or member in ("describe",), member


@pytest.mark.parametrize(
    ("line", "says"),
    [
        ("p1: draw 3", "wrong arguments for draw: it takes 0 arguments"),
        ("p1: keep", "wrong arguments for keep: it takes 1 argument"),
    ],
)
def test_a_wrong_number_of_arguments_is_refused_from_the_rule_s_signature(line, says) -> None:
    from dockyard import Action, IllegalAction, Session

    s = Session("curious-cargo", seed=3)
    player, verb, *args = line.replace(":", "").split()
    action = Action(player, verb, tuple(args))
    before = s.game.view(s.state, None)
    assert s.game.check(s.state, action, 0) == says
    with pytest.raises(IllegalAction, match=says):
        s.apply(action)
    assert s.game.view(s.state, None) == before and not s.log


def test_a_rule_s_own_type_error_is_a_bug_reported_as_such_not_a_refusal(monkeypatch) -> None:
    """No `except TypeError` around the rules: a rule that crashes is an internal error (the
    session as it was), never "wrong arguments"."""
    from dockyard import DockyardError, Session
    from dockyard.plugins.curious_cargo import game as cc_game

    s = Session("curious-cargo", seed=3)
    keep = s.parse(f"p1: keep {s.state.seats[0].draft[0]}")  # never listed: the rule is asked

    def broken(state, seat, card):  # a rule with a bug of its own
        return len(None)  # type: ignore[arg-type]

    monkeypatch.setitem(s.game._why, "keep", broken)
    log = list(s.log)
    with pytest.raises(DockyardError, match="internal error while checking.*TypeError"):
        s.apply(keep)
    assert list(s.log) == log
    assert cc_game.ARITY["keep"] == (1, 1)


def test_curious_cargo_rules_are_module_functions_asking_hooks_through_ctx() -> None:
    import inspect

    from dockyard.plugins.curious_cargo.game import RULES

    for verb, (why, do) in RULES.items():
        assert inspect.isfunction(inspect.unwrap(why)) and inspect.isfunction(do), verb
        assert why.__name__ == f"why_not_{verb}" and do.__name__ == f"do_{verb}"
        assert list(inspect.signature(do).parameters)[:2] == ["state", "seat"]
        assert "ctx" in inspect.signature(do).parameters, verb
