"""The command line and the REPL: `dockyard play`, `run`, `render`, `new`, ... (tools: the engine
never imports them)."""

from .commands import main

__all__ = ["main"]
