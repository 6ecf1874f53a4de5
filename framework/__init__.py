"""dockyard: play and author tabletop games by their rules."""

from ._version import __version__
from .core import EndTrigger
from .game import (
    Action,
    Context,
    Decision,
    DockyardError,
    Event,
    Game,
    GameInfo,
    IllegalAction,
    Outcome,
    Setup,
    State,
    Variant,
)
from .hookspecs import hookimpl, hookspec
from .rng import Rng

__all__ = [
    "Action",
    "Context",
    "Decision",
    "DockyardError",
    "EndTrigger",
    "Event",
    "Game",
    "GameInfo",
    "IllegalAction",
    "Outcome",
    "Rng",
    "Session",
    "Setup",
    "State",
    "Variant",
    "__version__",
    "hookimpl",
    "hookspec",
]


def __getattr__(name: str):  # Session imports plugins lazily, so `import dockyard` stays cheap
    if name == "Session":
        from .session import Session

        return Session
    raise AttributeError(name)
