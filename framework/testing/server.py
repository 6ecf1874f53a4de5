"""A real `dockyard serve` for tests: started by its command in its own process (uvicorn, a
SQLite file in a folder of the test's), driven over real HTTP, killed with SIGKILL or stopped.

    with ServerProcess(tmp_path / "g.sqlite") as server:
        status, body = server.call("POST", "/api/games", {"game": "tictactoe", "players": 2})
        server.kill()      # kill -9, as a crash
        server.start()     # the same database: every game resumes

It lives in dockyard.server.process (`dockyard bench --server` starts its server the same way).
"""

from __future__ import annotations

from ..server.process import ServerProcess, free_port

__all__ = ["ServerProcess", "free_port"]
