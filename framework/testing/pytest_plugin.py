"""The generic suite as a pytest plugin (entry point `pytest11`), so it runs from any folder:

    pytest --dockyard-game mygame              # every check, every player count and variant
    pytest --dockyard-game mygame --dockyard-playouts 2000

and a game's own tests can use its fixtures:

    def test_my_game_keeps_its_components(dockyard_budget):
        check_game("mygame", budget=dockyard_budget, checks=["playouts"])

Options: `--dockyard-game NAME` (repeatable) adds the suite's tests for an installed game;
`--dockyard-playouts N` (or DOCKYARD_PLAYOUTS=N) sets the budget. Fixtures: `dockyard_budget`
(the Budget), `dockyard_session` (a function making a Session).

Every pytest run with dockyard installed loads this plugin, so it imports none of dockyard's
engine or suite until an option is given or a fixture used (tests/test_pytest_plugin.py checks).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from .table import Budget


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("dockyard", "dockyard's generic game suite")
    group.addoption(
        "--dockyard-game",
        action="append",
        default=[],
        metavar="NAME",
        help="run the generic suite on this installed game (repeat for more games)",
    )
    group.addoption(
        "--dockyard-playouts",
        type=int,
        default=None,
        help="random playouts per game for the generic suite (default 200, or DOCKYARD_PLAYOUTS)",
    )


def pytest_configure(config: pytest.Config) -> None:
    names = config.getoption("dockyard_game")
    if not names:
        return
    from ..core import DockyardError
    from ..registry import registry

    for name in names:
        try:
            registry().game(name)
        except DockyardError as exc:
            raise pytest.UsageError(f"--dockyard-game: {exc}") from None


class _SuiteModule(pytest.Module):
    """The suite's test module, as already imported (never a second copy from its path)."""

    def _getobj(self) -> Any:
        import dockyard.testing.suite_tests as suite_tests

        return suite_tests


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(
    session: pytest.Session, config: pytest.Config, items: list[pytest.Item]
) -> None:
    """With `--dockyard-game`, the suite's tests join whatever else was collected (before -k
    and -m choose among them)."""
    if not config.getoption("dockyard_game"):
        return
    import dockyard.testing.suite_tests as suite_tests

    module = _SuiteModule.from_parent(session, path=Path(suite_tests.__file__))
    items.extend(session.genitems(module))


@pytest.fixture(scope="session")
def dockyard_budget(request: pytest.FixtureRequest) -> Budget:
    """The generic suite's budget: `--dockyard-playouts N` or DOCKYARD_PLAYOUTS=N for a long
    run."""
    from .table import Budget

    return Budget.from_env(request.config.getoption("--dockyard-playouts"))


@pytest.fixture
def dockyard_session() -> Callable[..., Any]:
    """`dockyard_session("mygame", seed=1, players=3)`: a new Session."""
    from ..session import Session

    return Session
