"""Every hook a plugin may implement is documented on plugins/HOOKS.md: dockyard's own and the
rule hooks of every registered game, read from the plugin managers the games are played with
(as datasette's own test reads its plugin manager), so a game or a hook added later is covered
without anyone listing it here."""

from __future__ import annotations

from importlib.resources import files

import pytest
from dockyard.hookspecs import new_manager
from dockyard.registry import registry

PAGE = (files("dockyard.plugins") / "HOOKS.md").read_text(encoding="utf-8")


def hook_names(relay: object) -> list[str]:
    """The hooks a relay calls (pluggy keeps one attribute per hookspec)."""
    return sorted(
        name
        for name, caller in vars(relay).items()
        if not name.startswith("_") and getattr(caller, "spec", None) is not None
    )


def test_dockyard_s_own_hooks_are_documented() -> None:
    names = hook_names(new_manager().hook)
    assert "register_games" in names  # the manager is read, not an empty list
    for name in names:
        assert f"### {name}(" in PAGE, f"{name} is not documented in plugins/HOOKS.md"


@pytest.mark.parametrize("game", sorted(registry().games))
def test_every_rule_hook_of_every_game_is_documented(game: str) -> None:
    g = registry().game(game)
    own = set(hook_names(g.rulebook_hook())) - set(hook_names(new_manager().hook))
    if g.hookspecs is not None:
        assert own, f"{game} declares hookspecs but its manager calls none of them"
    for name in sorted(own):
        assert f"### {name}(" in PAGE, f"{game}'s hook {name} is not documented in plugins/HOOKS.md"
