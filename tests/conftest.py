"""Shared fixtures: the generic suite's budget, and plugins installed for one test only."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from types import SimpleNamespace
from typing import Any

import dockyard.registry as registry_module
import pytest
from dockyard import Game, Variant, hookimpl
from dockyard.testing import Budget


@pytest.fixture(scope="session")
def budget(request: pytest.FixtureRequest) -> Budget:
    """The generic suite's budget: `--playouts N` or env DOCKYARD_PLAYOUTS=N for a long run."""
    return Budget.from_env(request.config.getoption("--playouts"))


def plugin_of(games: Iterable[Game] = (), variants: Iterable[Variant] = ()) -> Any:
    """A plugin object registering the given games and variants."""
    games, variants = tuple(games), tuple(variants)

    @hookimpl
    def register_games(register: Any) -> None:
        for game in games:
            register(game)

    @hookimpl
    def register_variants(register: Any) -> None:
        for variant in variants:
            register(variant)

    return SimpleNamespace(register_games=register_games, register_variants=register_variants)


@pytest.fixture
def install(monkeypatch: pytest.MonkeyPatch) -> Callable[..., registry_module.Registry]:
    """`install(games=[...], variants=[...], plugins=[...])`: a registry holding them too, in
    force for this test only (sessions, saves and the suite all see it)."""

    def _install(
        games: Iterable[Game] = (), variants: Iterable[Variant] = (), plugins: Iterable[Any] = ()
    ) -> registry_module.Registry:
        extra = (plugin_of(games, variants), *plugins)
        reg = registry_module.registry(extra=extra)
        monkeypatch.setattr(registry_module, "_REGISTRY", reg)
        return reg

    return _install


@pytest.fixture
def dockyard(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> Any:
    """Run the CLI in-process: `dockyard(*argv, stdin=...)` -> (exit code, stdout, stderr)."""
    import io
    import sys

    from dockyard import cli

    def run(*argv: str, stdin: str = "") -> tuple[int, str, str]:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
        code = cli.main(list(argv))
        out, err = capsys.readouterr()
        return code, out, err

    return run
